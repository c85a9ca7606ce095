package headroom

import (
	"fmt"
	"strings"
	"testing"
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
