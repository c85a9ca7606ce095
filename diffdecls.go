package headroom

import "strings"

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
// (see changedDecl), each with its hunk, in groups in the order
// pickChangedDecls keeps them: those of hunks that remove a line first
// (a signature changed or gone says more than one added), then those of
// hunks that only add; a test file's (namesTestFile) after the code's, in
// the same order: `+func TestParse` says less of what changed than the
// `+func Parse` it tests. Empty groups are left out. A new file's hunk (`@@ -0,0`) has none: its every
// function is added, and the name line and the first hunk show what it is.
func diffDeclPicks(s *lineSel, d *diffDoc) [][]declPick {
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
	var groups [][]declPick
	for _, g := range [][]declPick{code.changed, code.added, tests.changed, tests.added} {
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	return groups
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
// lines of d, group by group in diffDeclPicks' order — the first group
// that does not fit whole spread evenly over what room is left, the
// groups after it only in the room the spread leaves — each with its
// file's name line and its hunk's header: a round of hunks, the smallest
// first, spends a small budget on new config files while a signature
// changed in the middle of the diff goes; and a spread over all the
// groups at once gave a new file's tests the room of a function added.
func pickChangedDecls(s *lineSel, d *diffDoc, room int) {
	if d.word {
		return
	}
	groups := diffDeclPicks(s, d)
	if len(groups) == 0 {
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
	order := declOrder(groups, cost, room)
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

// declOrder returns the picks of groups in the order pickChangedDecls
// tries them within room bytes, each costing cost: the groups whole, in
// order, while they fit; of the first that does not, as many as the room
// left holds, spread evenly over it; then its picks and those of the
// groups after it, in order, for what room the spread leaves (a pick
// tried twice is kept once).
func declOrder(groups [][]declPick, cost func(declPick) int, room int) []declPick {
	var order []declPick
	for x, g := range groups {
		total := 0
		for _, p := range g {
			total += cost(p)
		}
		if total <= room {
			order = append(order, g...)
			room -= total
			continue
		}
		for _, j := range spread(0, len(g), len(g)*room/total) {
			order = append(order, g[j])
		}
		for _, g := range groups[x:] {
			order = append(order, g...)
		}
		break
	}
	return order
}
