package headroom

import (
	"strings"
	"testing"
)

// A report that is mostly findings is a lint run's log, with or without a
// verdict; a grep over the same files is not.
func TestLintReport(t *testing.T) {
	findings := strings.Repeat("a/README.md:3:81 MD013/line-length Line length [Expected: 80; Actual: 120]\n", 6)
	spelled := strings.Repeat("lib/a.js: line 4, col 9, Missing semicolon. (W033)\n", 6)
	grep := strings.Repeat("a/README.md:3:MD013 line length\n", 6)
	for _, c := range []struct {
		text string
		want bool
	}{{findings, true}, {spelled + "\n6 errors\n", true}, {grep, false}, {"x.md:1 MD013/line-length\n", false}} {
		if got := lintReport(c.text); got != c.want {
			t.Errorf("lintReport(%q) = %v, want %v", c.text[:min(len(c.text), 60)], got, c.want)
		}
	}
}

func FuzzLintFinding(f *testing.F) {
	for _, s := range []string{
		"a.js: line 1, col 2, msg (E020)", "a.md:1:2 MD013/line-length x", "Dockerfile:3 DL3006 error: x",
		"a.md:1", "a: line ", "a.md:1:", ":1 A1", "a: line 1, col ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		d := lintFinding(line)
		if d != diagNone && d != diagError && d != diagWarning {
			t.Fatalf("lintFinding(%q) = %d", line, d)
		}
		if d != diagNone && !strings.Contains(line, ":") {
			t.Fatalf("a finding with no position: %q", line)
		}
	})
}
