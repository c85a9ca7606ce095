package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// pyclbrOutline builds a python -m pyclbr-like dump of k classes, each a
// margin line over m two-space-indented methods, with a top-level
// function after every class.
func pyclbrOutline(k, m int) string {
	var b strings.Builder
	line := 1
	for c := range k {
		fmt.Fprintf(&b, "class Klass%03d [] %d\n", c, line)
		line += 3
		for d := range m {
			fmt.Fprintf(&b, "  def method_%02d %d\n", d, line)
			line += 5
		}
		fmt.Fprintf(&b, "def helper%03d %d\n", c, line)
		line += 4
	}
	return b.String()
}

func TestMarginLines(t *testing.T) {
	outline := func(lead string, k, m int) string {
		var b strings.Builder
		for c := range k {
			fmt.Fprintf(&b, "%s%d\n", lead, c)
			for d := range m {
				fmt.Fprintf(&b, "  member %d\n", d)
			}
		}
		return b.String()
	}
	margin := func(k, m int) []int {
		var out []int
		for c := range k {
			out = append(out, c*(m+1))
		}
		return out
	}
	cases := []struct {
		name, text string
		want       []int
	}{
		{"names at the margin over members one step in", outline("class K", 16, 3), margin(16, 3)},
		{"too few names", outline("class K", 15, 3), nil},
		{"a name a line and a member a line: more than one in three at the margin", outline("class K", 20, 1), nil},
		{"a trace starts every line at the margin", strings.Repeat("openat(3, \"a\") = 3\n", 64), nil},
		{"a dump nested deeper than one step", strings.ReplaceAll(outline("class K", 16, 3), "  member 1", "      member 1"), nil},
		{"a line indented less than the step", strings.Replace(outline("class K", 16, 3), "  member 2", " member 2", 1), nil},
		{"tabs are no step", strings.ReplaceAll(outline("class K", 16, 3), "  member", "\tmember"), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testLineSel(c.text)
			assert.Equal(t, c.want, marginLines(s))
		})
	}
}

func TestMarginOpeners(t *testing.T) {
	text := "class A 1\n  def f 2\ndef g 3\ndef h 4\nclass B 5\n  def i 6\n"
	s := testLineSel(text)
	openers, rest := marginOpeners(s, []int{0, 2, 3, 4})
	assert.Equal(t, []int{0, 4}, openers)
	assert.Equal(t, []int{2, 3}, rest)
}

// TestPlanLinesKeepsMarginNames: a pyclbr-like dump of 120 classes cut by
// three times keeps class lines spread over the whole of it, some in
// each third, where a clip keeps the first and last few.
func TestPlanLinesKeepsMarginNames(t *testing.T) {
	text := pyclbrOutline(120, 8)
	const limit = 8000
	require.Greater(t, len(text), 3*limit)
	p, ok := planLines(text, limit)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), limit)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	assert.Contains(t, out, "lines at the margin")
	thirds := [3]int{}
	for c := range 120 {
		if strings.Contains(out, fmt.Sprintf("class Klass%03d ", c)) {
			thirds[c*3/120]++
		}
	}
	for i, k := range thirds {
		assert.GreaterOrEqual(t, k, 5, "third %d keeps too few classes", i)
	}
}

// TestPlanLinesMarginProperties: on a two-level outline, the plan holds
// its limit, and every kept line is an input line, verbatim, at the
// number the gap notes give it.
func TestPlanLinesMarginProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := pyclbrOutline(rapid.IntRange(1, 120).Draw(t, "classes"), rapid.IntRange(0, 12).Draw(t, "methods"))
		checkLinesPlanWithin(t, text)
	})
}

func FuzzMarginLines(f *testing.F) {
	f.Add(pyclbrOutline(20, 3))
	f.Add("a\n  b\n\tc\n   d\n")
	f.Fuzz(func(t *testing.T, text string) {
		s := testLineSel(text)
		margin := marginLines(s)
		for k, i := range margin {
			if i < 0 || i >= s.n() || k > 0 && i <= margin[k-1] || s.line(i) == "" || s.line(i)[0] == ' ' {
				t.Fatalf("line %d out of order, range or margin (%d lines): %v", i, s.n(), margin)
			}
		}
		openers, rest := marginOpeners(s, margin)
		if len(openers)+len(rest) != len(margin) {
			t.Fatalf("%d openers and %d others of %d", len(openers), len(rest), len(margin))
		}
	})
}
