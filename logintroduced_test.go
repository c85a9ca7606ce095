package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The line right above a failure that ends in a colon introduces it
// (Guile's `In procedure raise-exception:` above its reader error): it is
// kept with the failure, and so is it with each repeat the plan shows in
// its place; a repeat folded is counted under the first, the lines above
// the pair, which differ, splitting none of them off.
func TestLogKeepsTheLineThatIntroducesAFailure(t *testing.T) {
	const lead = "ice-9/boot-9.scm:1685:16: In procedure raise-exception:\n"
	const failure = "srfi/srfi-19.scm:608:55: unexpected \")\"\n"
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, ";;; note: source file ./ice-9/m%d.scm is newer than its compiled copy\n", i)
		if i%50 == 7 {
			b.WriteString(lead + failure)
		}
	}
	b.WriteString("[exit status 1]\n")
	text := b.String()
	for _, budget := range []int{4000, 16000} {
		p, ok := planLog(text, budget, logOptions{})
		if !ok {
			t.Fatalf("budget %d: declined", budget)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		lines := strings.Split(out, "\n")
		told := 0
		for k, l := range lines {
			rest, ok := strings.CutPrefix(l, strings.TrimSuffix(failure, "\n"))
			if !ok {
				continue
			}
			told++
			if n, counted := strings.CutPrefix(rest, " (×"); counted {
				var times int
				fmt.Sscanf(n, "%d)", &times)
				told += times - 1
			}
			if k == 0 || lines[k-1]+"\n" != lead {
				t.Errorf("budget %d: the failure on output line %d is not under its lead:\n%s", budget, k+1, out)
			}
		}
		if told != 6 {
			t.Errorf("budget %d: the failure is told %d times, counts included, not 6:\n%s", budget, told, out)
		}
	}
}

// A failure in the first column with a line ending in a colon right
// above it leads with that line: leadIn names it, whatever the lines
// around the pair say, and no line that is blank, indented or a finding
// of its own is taken for one.
func TestLeadInTakesTheIntroducingLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		filler := rapid.SliceOfN(rapid.SampledFrom([]string{
			"compiling a", "  indented detail:", "", "src/b.scm:3:4: warning: unused variable `x'",
			";;; note: source file ./a.scm", "wrote `out/a.go'", "Section:",
		}), 0, 20).Draw(t, "filler")
		above := rapid.SampledFrom([]string{
			"ice-9/boot-9.scm:1685:16: In procedure raise-exception:", "a.c: In function 'f':", "Section:",
			"  indented detail:", "", "wrote `out/a.go'", "src/c.scm:1:1: warning: odd:",
		}).Draw(t, "above")
		lines := append(append(filler, above), "srfi/srfi-19.scm:608:55: unexpected \")\"", "[exit status 1]")
		text := strings.Join(lines, "\n") + "\n"
		ls := scanLog(text)
		blocks := formBlocks(ls, text)
		at := len(filler) + 1
		k := blockAt(blocks, at)
		if k < 0 || int(blocks[k].head) != at {
			t.Fatalf("the failure opened no block of its own: %v", blocks)
		}
		lead := leadIn(ls, blocks[k])
		introduces := above != "" && above[0] != ' ' && strings.HasSuffix(above, ":") && !strings.Contains(above, "warning:")
		if got := len(lead) > 0 && lead[0] == at-1; got != introduces {
			t.Fatalf("above %q: lead %v, want it taken: %v", above, lead, introduces)
		}
	})
}
