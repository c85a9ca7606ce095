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

// A failure that repeats and whose next line introduces its detail (a
// failed example's `--- FAIL: ExampleGroup (0.00s)` over `got:`) keeps
// its count on a note above it, so the failure and its detail read as
// go test wrote them; a failure over a line of its own (a summary)
// still carries its count at its end.
func TestPlanLogCountAboveAFailureWhoseDetailFollows(t *testing.T) {
	var b strings.Builder
	const runs = 6
	for r := range runs {
		fmt.Fprintf(&b, "### run %d\n", r)
		for k := range 40 {
			fmt.Fprintf(&b, "=== RUN   TestAlike%02d\n--- PASS: TestAlike%02d (0.00s)\n", k, k)
		}
		b.WriteString("=== RUN   ExampleGroup\n--- FAIL: ExampleGroup (0.00s)\ngot:\nShared: false\nwant:\nShared: true\n")
		b.WriteString("=== RUN   ExampleOther\n--- FAIL: ExampleOther (0.00s)\n--- FAIL: ExampleOther (0.00s)\n")
		fmt.Fprintf(&b, "FAIL\nFAIL\texample.com/m\t0.%03ds\nFAIL\n", r)
	}
	text := b.String()
	for _, limit := range []int{1500, 4000} {
		p, ok := planLog(text, limit, logOptions{exitCode: new(int(1))})
		if !ok {
			t.Fatal("declined")
		}
		checkLogPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, "--- FAIL: ExampleGroup (0.00s)\ngot:\nShared: false") {
			t.Fatalf("limit %d: the failure and its detail altered:\n%s", limit, out)
		}
		// At 1,500 bytes the repeats do not fit in their places: the
		// first stands for them.
		if limit == 1500 && !regexp.MustCompile(`\[…next line ×\d+…\]\n--- FAIL: ExampleGroup \(0\.00s\)\ngot:`).MatchString(out) {
			t.Fatalf("limit %d: the repeated failure's count is not on a note above it:\n%s", limit, out)
		}
		if strings.Contains(out, "--- FAIL: ExampleGroup (0.00s) (×") {
			t.Fatalf("limit %d: the failure carries its count at its end:\n%s", limit, out)
		}
	}
}
