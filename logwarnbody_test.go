package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// GHC's -Wunsafe warning gives its reasons as indented `file:L:C: error:`
// lines: they open no failure block, while the real error, in its first
// column, does.
func TestErrorInWarningBodyOpensNoBlock(t *testing.T) {
	text := strings.Join([]string{
		"<no location info>: warning: [-Wunsafe]",
		"    ‘A’ has been inferred as unsafe!",
		"    Reason:",
		"        A.hs:37:1: error:",
		"            GHC.Exts: Can't be safely imported! The module itself isn't safe.",
		"[2 of 3] Compiling B ( B.hs, B.o )",
		"",
		"B.hs:3:11: error:",
		"    • Couldn't match type ‘a’ with ‘Int’",
		"",
		"    C.hs:1:1: error:",
		"        indented, but under no warning",
	}, "\n") + "\n"
	lines := scanLog(text)
	var heads []string
	for _, b := range formBlocks(lines, text) {
		heads = append(heads, lines.line(int(b.head)))
	}
	want := []string{"B.hs:3:11: error:", "    C.hs:1:1: error:"}
	if fmt.Sprint(heads) != fmt.Sprint(want) {
		t.Fatalf("blocks headed %q, want %q", heads, want)
	}
}
