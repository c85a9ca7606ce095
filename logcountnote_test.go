package headroom

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A warning's count never alters a line that introduces the lines below
// it (it ends in a colon): the count stands on a note of its own right
// above that line, and the line and what follows it read as the tool
// wrote them. A line that ends its message carries its count at its end.
// Either way the occurrences shown and counted add up to those in the
// input.
func TestPlanLogCountNeverAltersAnIntroducingLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 40).Draw(t, "n")
		colon := rapid.Bool().Draw(t, "colon")
		head := "DEPRECATION WARNING: darken() is deprecated."
		if colon {
			head += " Suggestions:"
		}
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%s\n\ncolor.scale($color, $lightness: -%d%%)\n    src/_mixins.scss %d:5  alert-variant()\n\n", head, 10+i, 20+i)
		}
		b.WriteString("Error: Only 1 argument allowed, but 2 were passed.\n    src/_badge.scss 52:5  @import\n")
		text := b.String()
		limit := rapid.SampledFrom([]int{600, 1500, 4000}).Draw(t, "limit")
		p, ok := planLog(text, limit, logOptions{exitCode: new(int(65))})
		if !ok {
			t.Fatal("declined")
		}
		checkLogPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		lines := strings.Split(out, "\n")
		count, note := 0, regexp.MustCompile(`^\[…next line ×(\d+)…\]$`)
		for k, l := range lines {
			if m := note.FindStringSubmatch(l); m != nil {
				if !colon || k+1 >= len(lines) || lines[k+1] != head {
					t.Fatalf("count note not above an introducing line:\n%s", out)
				}
				var c int
				fmt.Sscan(m[1], &c)
				count += c - 1 // the line below counts itself
				continue
			}
			if !strings.HasPrefix(l, head) {
				continue
			}
			if colon && l != head {
				t.Fatalf("an introducing line altered: %q\n%s", l, out)
			}
			c := 1
			if rest := strings.TrimPrefix(l, head); rest != "" {
				if _, err := fmt.Sscanf(rest, " (×%d)", &c); err != nil {
					t.Fatalf("a line altered other than by its count: %q", l)
				}
			}
			count += c
		}
		if count != n {
			t.Fatalf("%d warnings, %d shown or counted:\n%s", n, count, out)
		}
	})
}
