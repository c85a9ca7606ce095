package headroom

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// wordDiff writes a git --word-diff of files files, each with one hunk of
// context, an in-place change and added lines (one of them blank, which
// --word-diff writes bare).
func wordDiff(files int) string {
	var b strings.Builder
	for f := 0; f < files; f++ {
		name := fmt.Sprintf("pkg/file%d.go", f)
		b.WriteString("diff --git a/" + name + " b/" + name + "\nindex 1111111..2222222 100644\n--- a/" + name + "\n+++ b/" + name + "\n")
		b.WriteString("@@ -10,5 +10,9 @@ func Old() {\n")
		b.WriteString("\treturn nil\n}\n\n")
		fmt.Fprintf(&b, "// [-Old-]{+New%d+} does the work.\n", f)
		fmt.Fprintf(&b, "{+func Added%d() {+}\n{+\tdoWork()+}\n\n{+}+}\n", f)
		b.WriteString("func Next() {\n")
	}
	return b.String()
}

// A --word-diff is a diff: every file is named, and its changes marked
// inline with [-…-] and {+…+} are kept breadth first.
func TestDiffPlansWordDiff(t *testing.T) {
	text := wordDiff(40)
	p, ok := planDiff(text, len(text)*9/10)
	if !ok {
		t.Fatal("a word diff was declined")
	}
	out := render(text, p, marker{})
	for f := 0; f < 40; f++ {
		if name := fmt.Sprintf("pkg/file%d.go", f); !strings.Contains(out, name) {
			t.Errorf("file %s not named", name)
		}
	}
	if !strings.Contains(out, "// [-Old-]{+New0+} does the work.") {
		t.Error("the first file's change was lost")
	}
}

// Lines of a word-diff hunk are classified as a plain diff's prefixes
// would: added only, removed only, or both sides.
func TestWordDiffLine(t *testing.T) {
	for l, want := range map[string]byte{
		"{+func F() {+}":                  '+',
		"\t{+return nil+}":                '+',
		"[-old line-]":                    '-',
		"// [-Old-]{+New+} does the work": ' ',
		"{+a+} and {+b+}":                 ' ',
		"plain context":                   ' ',
		"":                                ' ',
	} {
		if got := wordDiffLine(l); got != want {
			t.Errorf("wordDiffLine(%q) = %q, want %q", l, got, want)
		}
	}
}

// plainDiffFails is a sure bound: where it says so, the plain parse fails
// or reads what the word-diff parse does, on every corpus input and on
// drawn lines of every shape a diff's lines start with.
func TestPlainDiffFailsIsSure(t *testing.T) {
	check := func(t interface {
		Fatalf(string, ...any)
	}, name, text string) {
		s := newLineSel(text, 1<<20, countGaps(len(text)))
		if !plainDiffFails(s) {
			return
		}
		plain, okPlain := parseDiff(s, false)
		word, okWord := parseDiff(s, true)
		if okPlain && okWord && len(plain.hunks) == 0 {
			// d.word is read only in hunks: with none, the parses read
			// the same lines the same way and differ in that flag alone
			// (two `commit` lines make such a log).
			w := *word
			w.word = plain.word
			word = &w
		}
		if okPlain && (!okWord || !reflect.DeepEqual(plain, word)) {
			t.Fatalf("%s: plainDiffFails, but the plain parse succeeds with %+v, the word parse (ok %v) %+v", name, plain, okWord, word)
		}
	}
	for _, c := range loadCorpus(t) {
		check(t, c.name, c.input)
	}
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.SampledFrom(diffLineShapes), 1, 60).Draw(t, "lines")
		check(t, "drawn", strings.Join(lines, "\n")+"\n")
	})
}

// diffLineShapes are lines and hunks of every shape a diff's lines take:
// plain, context and word diffs, commit headers, colour, stat rows.
var diffLineShapes = []string{
	"diff --git a/x b/x", "index 1..2 100644", "--- a/x", "+++ b/x", "*** a/x", "@@ -1,2 +1,2 @@", "@@ -1 +1 @@",
	"***************", "*** 1,2 ****", "--- 1,2 ----", "! changed", " context", "-old", "+new", "\\ No newline at end of file",
	"", "\tcode", "// [-a-]{+b+}", "{+added+}", "[-gone-]", "commit 0123456789abcdef", "Author: A <a@b>", "Date:   now",
	"    subject", " x.go | 3 ++-", " 1 file changed, 2 insertions(+)", "new file mode 100644", "Binary files a and b differ",
	"\x1b[1mdiff --git a/y b/y\x1b[m", "\x1b[32m+colour\x1b[m", "func f() {", "}",
	// Whole hunks whose counts match, of context, of changes.
	"diff --git a/z b/z\n--- a/z\n+++ b/z\n@@ -1,3 +1,3 @@\n a\n b\n c",
	"diff --git a/z b/z\n--- a/z\n+++ b/z\n@@ -1,2 +1,2 @@\n-a\n+b\n c",
	"@@ -5,2 +5,2 @@\n\n x", "diff --git a/w b/w\n--- a/w\n+++ b/w\n@@ -1,9 +1,9 @@\n 1\n 2\n 3\n 4\n 5\n 6\n 7\n 8\n 9",
	"@@ -1,8 +0,0 @@\n-1\n-2\n-3\n-4\n-5\n-6\n-7\n-8", "@@ -0,0 +1,8 @@\n+1\n+2\n+3\n+4\n+5\n+6\n+7\n+8",
	"@@ -1 +1 @@\n-1\n+2\n\\ x\n\\ y\n\\ z\n\\ w", "*** a/r\n--- b/r",
	"***************\n*** 1,6 ****\n! a\n! b\n! c\n! d\n! e\n! f\n--- 1,6 ----\n! c\n! b\n! c\n! d\n! e\n! f", "*** a/q\n--- b/q\n***************\n*** 1,2 ****\n! a\n  b\n--- 1,2 ----\n! c\n  b",
}

// The changes noted while parsing are the lines hunkLineChanged reports,
// in every hunk and its header, and a hunk is a repeat exactly when its
// changed lines are those of a hunk before it, on every corpus input and
// on drawn diffs.
func TestDiffChangesNotedOnce(t *testing.T) {
	check := func(t interface {
		Fatalf(string, ...any)
	}, name, text string) {
		s := newLineSel(text, 1<<20, countGaps(len(text)))
		for _, word := range []bool{false, true} {
			d, ok := parseDiff(s, word)
			if !ok {
				continue
			}
			repeat := repeatedHunks(s, d)
			before := map[string]bool{}
			for _, f := range d.files {
				for _, hk := range f.hunks {
					h := hk.span()
					var changes strings.Builder
					for i := h[0]; i < h[1]; i++ {
						if got, want := d.isChanged(i), hunkLineChanged(s.line(i), word); got != want {
							t.Fatalf("%s (word %v): line %d %q noted changed %v, hunkLineChanged says %v", name, word, i, s.line(i), got, want)
						}
						if i > h[0] && d.isChanged(i) {
							changes.WriteString(s.line(i) + "\n")
						}
					}
					c := changes.String()
					if got, want := repeat[h[0]>>6]&(1<<(h[0]&63)) != 0, c != "" && before[c]; got != want {
						t.Fatalf("%s (word %v): hunk at line %d a repeat %v, want %v", name, word, h[0], got, want)
					}
					before[c] = true
				}
			}
		}
	}
	for _, c := range loadCorpus(t) {
		check(t, c.name, c.input)
	}
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.SampledFrom(diffLineShapes), 1, 60).Draw(t, "lines")
		check(t, "drawn", strings.Join(lines, "\n")+"\n")
	})
}
