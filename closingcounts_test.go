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

// A tally's lines name a kind and end with its count; a time, a position,
// a field with words after its number are no tally lines.
func TestIsTallyLine(t *testing.T) {
	for l, want := range map[string]bool{
		"* govet: 1":                true,
		"  unconvert: 3":            true,
		"- no-unused-vars: 1,204":   true,
		"E501: 12":                  true,
		"Duration: 12s":             false,
		"12:30":                     false,
		"a.go:12:3":                 false,
		"at 10:42: 7 more":          false,
		"* errcheck:":               false,
		"listening on port: 80 now": false,
		": 4":                       false,
	} {
		if got := isTallyLine(l); got != want {
			t.Errorf("isTallyLine(%q) = %v, want %v", l, got, want)
		}
	}
}

// lintTallyLog writes n three-line findings (the finding, its source
// line, a caret) of the given linters in turn, then a count of them and
// a tally by linter, as golangci-lint ends its run.
func lintTallyLog(n int, linters []string) string {
	var b strings.Builder
	count := map[string]int{}
	for k := range n {
		l := linters[k%len(linters)]
		count[l]++
		fmt.Fprintf(&b, "pkg/file%02d.go:%d:%d: a finding of the kind %s reports here (%s)\n\tx := compute(%d)\n\t     ^\n", k%9, 10+k, 3+k%7, l, l, k)
	}
	fmt.Fprintf(&b, "%d issues:\n", n)
	for _, l := range linters {
		fmt.Fprintf(&b, "* %s: %d\n", l, count[l])
	}
	b.WriteString("[exit status 1]\n")
	return b.String()
}

// A tally of findings by kind that closes a log is its verdict: kept
// whole, none of its lines folded, though the findings above crowd it.
func TestClosingTallyKept(t *testing.T) {
	linters := []string{"errcheck", "goconst", "gocritic", "godot", "gosec", "govet", "misspell", "nakedret", "nestif", "perfsprint", "revive", "staticcheck", "unconvert"}
	text := lintTallyLog(104, linters)
	one := 1
	p, ok := planLog(text, 4000, logOptions{exitCode: &one})
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	i := strings.Index(text, "104 issues:")
	if !strings.Contains(out, text[i:]) {
		t.Errorf("the tally is not kept whole:\n%s", out[max(0, len(out)-800):])
	}
}
