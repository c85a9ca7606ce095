package headroom

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestWarningSubject(t *testing.T) {
	for _, c := range []struct {
		head, next string
		want       bool
	}{
		{"<no location info>: warning: [-Wunsafe]", "    ‘A.B’ has been inferred as unsafe!", true},
		{"<no location info>: warning: [-Wunsafe] [-Wextra]", "    ‘A.B’ has been inferred as unsafe!", true},
		{"WARNING:", "  the cache is stale", true},
		{"<no location info>: warning: [-Wunsafe]", "", false},                                         // nothing below
		{"<no location info>: warning: [-Wunsafe]", "‘A.B’ has been inferred as unsafe!", false},       // not its detail
		{"A.hs:1:1: warning: [-Wimplicit-prelude]", "    Module `Prelude' implicitly imported", false}, // its place names it
		{"warning: unused variable `x`", "  --> src/main.rs:2:9", false},                               // its message names it
		{"Compiling foo:", "    bar", false},                                                           // no warning
	} {
		text := c.head + "\n" + c.next + "\n"
		if got := warningSubject(scanLog(text), 0) == 1; got != c.want {
			t.Errorf("warningSubject(%q, %q) = %v, want %v", c.head, c.next, got, c.want)
		}
	}
}

// A warning whose line names nothing (GHC's `<no location info>:
// warning: [-Wunsafe]`) is about what its next line names: warnings about
// different modules are not one (×N), and each one's module is either in
// the output, its warning's line then with it, or that warning is folded
// into a kept one about the same module.
func TestPlanLogKeepsWarningSubjects(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		modules := rapid.SliceOfNDistinct(rapid.StringMatching(`[A-Z][a-z]{2,8}\.[A-Z][a-z]{2,8}`), 1, 12, rapid.ID[string]).Draw(t, "modules")
		var b strings.Builder
		subjects := map[string]bool{}
		for i := range rapid.IntRange(1, 40).Draw(t, "warnings") {
			m := rapid.SampledFrom(modules).Draw(t, "module")
			subject := fmt.Sprintf("    ‘%s’ has been inferred as unsafe!", m)
			subjects[subject] = true
			fmt.Fprintf(&b, "[%d of 40] Compiling %s ( %s.hs, %s.o )\n\n", i+1, m, m, m)
			fmt.Fprintf(&b, "<no location info>: warning: [-Wunsafe]\n%s\n    Reason:\n        %s.hs:%d:1: error:\n            GHC.Base: Can't be safely imported!\n\n", subject, m, i+3)
		}
		b.WriteString("Main.hs:3:11: error:\n    • Couldn't match type ‘a’ with ‘Int’\n")
		text := b.String()
		lines := scanLog(text)
		reps, _ := dedupWarnings(lines, formBlocks(lines, text))
		if len(reps) != len(subjects) {
			t.Fatalf("%d distinct warnings, want one for each of the %d modules", len(reps), len(subjects))
		}
		p, ok := planLog(text, len(text)/2+2000, logOptions{})
		if !ok {
			t.Fatal("planLog declined")
		}
		out := render(text, p, marker{})
		for s := range subjects {
			if !regexp.MustCompile(`(?m)^<no location info>: warning: \[-Wunsafe\]( \(×[0-9]+\))?\n` + regexp.QuoteMeta(s) + "\n").MatchString(out) {
				t.Fatalf("the warning about %q is not kept with its module:\n%s", s, out)
			}
		}
	})
}
