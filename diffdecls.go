package headroom

import (
	"slices"
	"strings"
)

// diffDeclShare is the share (in %) of the room the changed declaration
// lines of a diff may take before the hunks' rounds.
const diffDeclShare = 20

// changedDecl reports a changed line of a unified or context diff (l
// without its ANSI lead) whose text, past its change mark, declares a
// type or a function at the top level (declRank's first two ranks):
// `-func (f *FlagSet) out() io.Writer {`, `+def addfile(self, tarinfo):`,
// a context diff's `! func (t Result) Value() any {`. Such a line is what
// a change to an API is: a signature removed, renamed or added.
func changedDecl(l string) bool {
	if len(l) < 2 || l[0] != '+' && l[0] != '-' && l[0] != '!' {
		return false
	}
	if strings.HasPrefix(l, "+++ ") || strings.HasPrefix(l, "--- ") {
		return false // a file header, not a change
	}
	t := l[1:]
	if t[0] == ' ' && len(t) > 1 && t[1] != ' ' && t[1] != '\t' {
		t = t[1:] // a context diff's `! `, `+ `, `- `
	}
	r := declRank(t)
	return r == 1 || r == 2
}

// diffDeclPicks returns the changed declaration lines of d's named hunks
// (see changedDecl), each with its hunk, in the order pickChangedDecls
// keeps them: those of hunks that remove a line first (a signature
// changed or gone says more than one added), then those of hunks that
// only add; a test file's (namesTestFile) after the code's, in the same
// order: `+func TestParse` says less of what changed than the `+func
// Parse` it tests. A new file's hunk (`@@ -0,0`) has none: its every
// function is added, and the name line and the first hunk show what it is.
func diffDeclPicks(s *lineSel, d *diffDoc) []declPick {
	var code, tests struct{ changed, added []declPick }
	for _, f := range d.files {
		if !d.named && !s.isKept(f.name) || f.path != "" {
			continue // a file the rounds skip; a rustfmt report, its heads kept already
		}
		g := &code
		if namesTestFile(s.line(f.name)) {
			g = &tests
		}
		for _, hk := range f.hunks {
			h := hk.span()
			if hunkCreates(s.line(h[0])) {
				continue // a new file: every function in it is added
			}
			removes, from := false, len(g.added)
			for i := h[0] + 1; i < h[1]; i++ {
				if !d.isChanged(i) {
					continue
				}
				l := ansiLead(s.line(i))
				if l != "" && (l[0] == '-' || l[0] == '!') {
					removes = true
				}
				if changedDecl(l) {
					g.added = append(g.added, declPick{line: i, hunk: hk})
				}
			}
			if removes {
				// The hunk removes a line: its declarations go first.
				g.changed = append(g.changed, g.added[from:]...)
				g.added = g.added[:from]
			}
		}
	}
	return slices.Concat(code.changed, code.added, tests.changed, tests.added)
}

// testPathEnds end the name of a test file, testPathParts mark the
// directories that hold tests: a table, one entry a convention.
var (
	testPathEnds  = []string{"_test.go", "_test.py", "_tests.py", "_test.rb", "_spec.rb", ".test.js", ".test.ts", ".spec.js", ".spec.ts", "_test.exs", "_SUITE.erl", "Test.java", "Tests.java", "Tests.cs", "_test.c", "_test.cc", "_test.rs"}
	testPathParts = []string{"/test/", "/tests/", "/__tests__/", "/spec/", "/testdata/", "/test_"}
)

// namesTestFile reports a diff's file name line (`diff --git a/x b/x`,
// `diff -ru a/x b/x`, `--- x`) whose path is a test file's.
func namesTestFile(l string) bool {
	for _, p := range strings.Fields(ansiLead(l)) {
		p = "/" + p
		for _, e := range testPathEnds {
			if strings.HasSuffix(p, e) {
				return true
			}
		}
		for _, m := range testPathParts {
			if strings.Contains(p, m) {
				return true
			}
		}
	}
	return false
}

// A declPick is a changed declaration line and the hunk it is in.
type declPick struct {
	line int
	hunk diffHunk
}

// hunkCreates reports a unified hunk header that adds a whole file
// (`@@ -0,0 +1,12 @@`).
func hunkCreates(l string) bool {
	return strings.HasPrefix(ansiLead(l), "@@ -0,0 ")
}

// pickChangedDecls keeps, within room bytes, the changed declaration
// lines of d (diffDeclPicks' order, spread evenly over each group when
// not all fit), each with its file's name line and its hunk's header: a
// round of hunks, the smallest first, spends a small budget on new
// config files while a signature changed in the middle of the diff goes.
func pickChangedDecls(s *lineSel, d *diffDoc, room int) {
	if d.word {
		return
	}
	picks := diffDeclPicks(s, d)
	if len(picks) == 0 {
		return
	}
	end := s.used + room
	cost := func(p declPick) int {
		c := cappedSize(s, p.line) + 2*s.gapCost
		if !s.isKept(int(p.hunk.from)) {
			c += cappedSize(s, int(p.hunk.from))
		}
		return c + fileNameCost(s, d.files[p.hunk.file])
	}
	total := 0
	for _, p := range picks {
		total += cost(p)
	}
	order := picks
	if total > room {
		// Not all fit: as many as fit, spread evenly over them (the
		// groups' order kept), then what room the spread leaves.
		k := len(picks) * room / total
		order = make([]declPick, 0, len(picks))
		for _, j := range spread(0, len(picks), k) {
			order = append(order, picks[j])
		}
		order = append(order, picks...)
	}
	for _, p := range order {
		if s.isKept(p.line) || s.used+cost(p) > end {
			continue
		}
		f := d.files[p.hunk.file]
		if !s.isKept(f.name) && !pickFileName(s, f) || !s.pickCapped(int(p.hunk.from), hunkLineCap) {
			continue
		}
		s.pickCapped(p.line, hunkLineCap)
	}
}
