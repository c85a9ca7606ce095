package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// contextOutput writes -C2 output over files, in the rg --heading layout
// or grep's path:NN: one: each file has matches matches, the busiest
// (file busy) three times as many, every match with two lines of context
// on each side, `--` between groups. It returns the text and, per file,
// its first group from the heading (or its first context line) down to
// the line after its first match's last context line.
func contextOutput(files, matches, busy int, heading bool) (string, []string) {
	var b strings.Builder
	firsts := make([]string, files)
	for i := range files {
		path := fmt.Sprintf("lib/app%d/src/module_%03d.ex", i%3, i)
		prefix := func(n int, sep byte) string {
			if heading {
				return fmt.Sprintf("%d%c", n, sep)
			}
			return fmt.Sprintf("%s%c%d%c", path, sep, n, sep)
		}
		if heading {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(path + "\n")
		}
		start := b.Len()
		n := matches
		if i == busy {
			n *= 3
		}
		for m := range n {
			if m > 0 || !heading && i > 0 {
				b.WriteString("--\n")
			}
			at := 10 + 20*m
			fmt.Fprintf(&b, "%s  defp check_%d_%d(value) do\n", prefix(at-2, '-'), i, m)
			fmt.Fprintf(&b, "%s    if invalid?(value) do\n", prefix(at-1, '-'))
			fmt.Fprintf(&b, "%s      raise ArgumentError,\n", prefix(at, ':'))
			fmt.Fprintf(&b, "%s            \"module %d check %d: bad value #{inspect(value)}\"\n", prefix(at+1, '-'), i, m)
			fmt.Fprintf(&b, "%s    end\n", prefix(at+2, '-'))
			if m == 0 {
				firsts[i] = b.String()[start:]
				if heading {
					firsts[i] = path + "\n" + firsts[i]
				}
			}
		}
	}
	return b.String(), firsts
}

// When not every match fits, the first matches of the first, last,
// busiest and middle files keep the whole window the tool printed around
// them (under an rg heading, the block from the path down), before
// further matches; when every match fits, context stays nearest first
// (TestPlanSearchContextNearestFirst).
func TestSearchContextWindowsFirst(t *testing.T) {
	for _, heading := range []bool{true, false} {
		const files, busy = 41, 7
		text, firsts := contextOutput(files, 16, busy, heading)
		for _, limit := range []int{12000, 16000} {
			p, ok := planSearch(text, limit, searchOptions{})
			if !ok {
				t.Fatalf("heading %v: declined", heading)
			}
			if itemsSize(p.items) > limit {
				t.Fatalf("heading %v at %d: %d bytes", heading, limit, itemsSize(p.items))
			}
			if strings.HasPrefix(p.what, "all ") {
				t.Fatalf("heading %v at %d: every match fits, no test of the windows", heading, limit)
			}
			out := render(text, p, marker{what: p.what, hint: p.hint})
			for _, f := range []int{0, files - 1, busy, files / 2} {
				if !strings.Contains(out, firsts[f]) {
					t.Errorf("heading %v at %d: file %d lost its first window:\n%s\nin:\n%s", heading, limit, f, firsts[f], out)
				}
			}
		}
	}
}
