package headroom

import (
	"slices"
	"strings"
	"testing"
)

// A diagnostic heading is a first-column line right above a `path:L:C:`
// diagnostic or one blank line above it (ghc's `[1 of 8] Compiling`), not
// two, and not an indented line nor a diagnostic itself.
func TestDiagnosticHeadingsAcrossOneBlankLine(t *testing.T) {
	text := strings.Join([]string{
		"[1 of 8] Compiling A ( A.hs, A.o )",
		"",
		"A.hs:3:1: warning: [-Wmissing-export-lists]",
		"    The export item is missing",
		"[2 of 8] Compiling B ( B.hs, B.o )",
		"",
		"",
		"B.hs:4:1: warning: [-Wunused-imports]",
		"# pkg/c",
		"c.go:3:2: undefined: x",
		"    indented, above nothing",
		"",
		"d.go:9:1: missing return",
	}, "\n") + "\n"
	lines := scanLog(text)
	var got []string
	for i := nextDiagnosticHeading(lines, 0); i >= 0; i = nextDiagnosticHeading(lines, i+1) {
		got = append(got, lines.line(i))
	}
	want := []string{"[1 of 8] Compiling A ( A.hs, A.o )", "# pkg/c"}
	if !slices.Equal(got, want) {
		t.Fatalf("headings %q, want %q", got, want)
	}
}
