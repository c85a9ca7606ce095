package headroom

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A changed comment comes with the line it documents in the first pass
// over a hunk's runs: `+// Foo does x.` alone names nothing, the `+func
// Foo()` under it is the change. A longer block of comments is ordered a
// line a pass, as any other change.
func TestHunkChangesKeepACommentWithItsLine(t *testing.T) {
	text := "diff --git a/x.go b/x.go\n--- a/x.go\n+++ b/x.go\n@@ -1,6 +1,15 @@\n" +
		" package x\n" +
		"+// Foo does x.\n" + // line 5
		"+func Foo() {}\n" +
		"+func Baz() {}\n" +
		" \n" +
		"+// one\n" + // line 9
		"+// two\n" +
		"+// three\n" +
		"+// four\n" +
		"+func Long() {}\n" +
		" \n" +
		"-// Old says y.\n" + // line 15
		"-func Old() {}\n" +
		"+func New() {}\n" +
		" \n" +
		"+func A() {}\n" + // line 19
		"+func B() {}\n"
	s := newLineSel(text, len(text), countGaps(len(text)))
	d, ok := parseDiff(s, false)
	require.True(t, ok)
	order := hunkChanges(s, d, d.hunks[0].span())
	require.Equal(t, []int{5, 6, 9, 15, 16, 17, 19, 7, 10, 20, 11, 12, 13}, order)
}

// changedComment reads a change's text past its mark, in a unified and
// a word diff alike.
func TestChangedComment(t *testing.T) {
	for l, want := range map[string]bool{
		"+// Foo does x.":     true,
		"-# a note":           true,
		"+func Foo() {}":      false,
		"+":                   false,
		"{+// Foo does x.+}":  true,
		"\t{+// indented+}":   true,
		"{+func Foo() {}+}":   false,
		"[-/* old block */-]": true,
	} {
		require.Equal(t, want, changedComment(l, l[0] != '+' && l[0] != '-'), l)
	}
}
