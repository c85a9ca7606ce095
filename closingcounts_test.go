package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// perlcriticReport writes n located findings, then perlcritic's
// --statistics block: totals, per-severity counts and one count per
// policy.
func perlcriticReport(n int) string {
	var b strings.Builder
	for k := range n {
		fmt.Fprintf(&b, "Lib/M%02d.pm: Package variable declared or used at line %d, column 1.  See pages 73,75 of PBP.  (Severity: 3)\n", k%7, 10+k)
	}
	b.WriteString("Lib/Z.pm source OK\n\n   7 files.\n  49 subroutines/methods.\n\nAverage McCabe score of subroutines was 9.65.\n\n")
	fmt.Fprintf(&b, "%d violations.\nViolations per file was 57.500.\n\n%d severity 3 violations.\n\n", n, n)
	for k := range 40 {
		fmt.Fprintf(&b, "%3d violations of Policy%02d::RequireSomething.\n", k+1, k)
	}
	return b.String()
}

// A closing block of counts is the verdict of a run that prints no
// failure word: kept from its first line, ahead of the findings, at
// every budget, while its start fits a quarter of the limit.
func TestClosingCountsKept(t *testing.T) {
	text := perlcriticReport(400)
	lines := scanLog(text)
	start := closingCounts(lines)
	if start < 0 || lines.line(start) != "Lib/Z.pm source OK" {
		t.Fatalf("closing block starts at %d, want the line after the last finding", start)
	}
	for _, limit := range []int{2000, 4000, 16000} {
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, want := range []string{"Lib/Z.pm source OK", "   7 files.", "400 violations.\nViolations per file was 57.500.", "400 severity 3 violations."} {
			if !strings.Contains(out, want) {
				t.Errorf("limit %d: %q lost", limit, want)
			}
		}
	}
}

// Findings that end a log, or a tail of prose, are no closing block.
func TestClosingCountsNone(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("a.c:1:2: warning: unused variable 'x'\n", 20),
		strings.Repeat("a.c:1:2: warning: unused variable 'x'\n", 20) + "3 warnings generated.\nsee the manual\nfor more\nand more\n",
		"build ok\n",
	} {
		if s := closingCounts(scanLog(text)); s >= 0 {
			t.Errorf("closingCounts(%q…) = %d, want -1", text[:30], s)
		}
	}
}
