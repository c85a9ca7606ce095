package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// zoneRows writes n alike transition rows whose abbreviation and flag
// columns take the values of abbr(i) and dst(i).
func zoneRows(n int, abbr func(int) string, dst func(int) int) []string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = fmt.Sprintf("Zone/Here  Sun Mar %2d 01:59:%02d %d UT = Sun Mar %2d 0%d:59:%02d %d %s isdst=%d gmtoff=%d",
			1+i%28, i%60, 1900+i/2, 1+i%28, 1+i%2, i%60, 1900+i/2, abbr(i), dst(i), 3600*dst(i))
	}
	return rows
}

func TestRareAlignedRows(t *testing.T) {
	common := func(i int) string { return []string{"GMT", "BST"}[i%2] }
	flag := func(i int) int { return i % 2 }
	tests := []struct {
		name  string
		lines []string
		want  []int
	}{
		{"a rare value, with the row after it", zoneRows(200, func(i int) string {
			if i == 90 || i == 91 {
				return "BDST"
			}
			return common(i)
		}, flag), []int{90, 91, 92}},
		{"a rare pair of common values", zoneRows(200, common, func(i int) int {
			if i == 151 {
				return 0 // BST with isdst=0
			}
			return flag(i)
		}), []int{151, 152}},
		{"the last row rare", zoneRows(100, func(i int) string {
			if i == 99 {
				return "XMT"
			}
			return common(i)
		}, flag), []int{99}},
		{"no rare value", zoneRows(200, common, flag), nil},
		{"too few rows", zoneRows(40, func(i int) string {
			if i == 7 {
				return "BDST"
			}
			return common(i)
		}, flag), nil},
		{"fields of many values are no category", func() []string {
			var l []string
			for i := range 200 {
				l = append(l, fmt.Sprintf("%d name%d size=%d", i, i, i*7%13))
			}
			return l
		}(), nil},
		{"lines of no common field count", func() []string {
			var l []string
			for i := range 200 {
				l = append(l, strings.Repeat("word ", 1+i%5)+"end")
			}
			return l
		}(), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rareAlignedRows(len(tt.lines), func(i int) string { return tt.lines[i] })
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestPlanLinesKeepsRareAlignedRows: a transition dump that a clip cuts
// in its middle keeps the rows of its rare abbreviation there, and the
// row after them, where the common rows come back.
func TestPlanLinesKeepsRareAlignedRows(t *testing.T) {
	rows := zoneRows(480, func(i int) string {
		if i >= 240 && i < 244 {
			return "BDST"
		}
		return []string{"GMT", "BST"}[i%2]
	}, func(i int) int { return i % 2 })
	text := strings.Join(rows, "\n") + "\n"
	p, ok := planLines(text, 4000)
	require.True(t, ok)
	out := render(text, p, marker{})
	assert.LessOrEqual(t, len(out), 4000)
	for i := 240; i <= 244; i++ {
		assert.Contains(t, out, rows[i]+"\n", "row %d", i)
	}
}

// TestRareAlignedRowsProperty: a table of alike rows with one row of a
// value no other row has returns that row and the row after it, in
// order, and no row outside the text.
func TestRareAlignedRowsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(alignedCategories.minRows, 400).Draw(t, "n")
		odd := rapid.IntRange(0, n-1).Draw(t, "odd")
		kinds := rapid.IntRange(1, rareValueMaxKinds-1).Draw(t, "kinds")
		seed := rapid.IntRange(0, 1000).Draw(t, "seed")
		lines := make([]string, n)
		for i := range lines {
			v := fmt.Sprintf("K%d", (i*7+seed)%kinds)
			if i == odd {
				v = "RARE"
			}
			lines[i] = fmt.Sprintf("row%d\t%s   x%d", i, v, i)
		}
		got := rareAlignedRows(n, func(i int) string { return lines[i] })
		if !slices.Contains(got, odd) {
			t.Fatalf("row %d of a value of its own not returned: %v", odd, got)
		}
		if odd+1 < n && !slices.Contains(got, odd+1) {
			t.Fatalf("the row after %d not returned: %v", odd, got)
		}
		if !slices.IsSorted(got) {
			t.Fatalf("rows out of order: %v", got)
		}
		for _, i := range got {
			if i < 0 || i >= n {
				t.Fatalf("row %d outside %d lines", i, n)
			}
		}
	})
}

// FuzzLineFields: the fields of a line are its runs of bytes other than
// space and tab, in order, at most max+1 of them, the last holding the
// rest of the line once there are more.
func FuzzLineFields(f *testing.F) {
	f.Add("Zone/Here  Sun Mar  1 GMT isdst=0", 3)
	f.Add("\t a\tb  ", 1)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, line string, max int) {
		max = max & 31
		got := lineFields(line, max, nil)
		want := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
		if len(want) <= max {
			if !slices.Equal(got, want) {
				t.Fatalf("lineFields(%q, %d) = %q, want %q", line, max, got, want)
			}
			return
		}
		if len(got) != max+1 || !slices.Equal(got[:max], want[:max]) {
			t.Fatalf("lineFields(%q, %d) = %q, want the first %d of %q and the rest", line, max, got, max, want)
		}
		rest := got[max]
		split := func(r rune) bool { return r == ' ' || r == '\t' }
		if !strings.HasSuffix(line, rest) || !strings.HasPrefix(rest, want[max]) || !slices.Equal(strings.FieldsFunc(rest, split), want[max:]) {
			t.Fatalf("lineFields(%q, %d): rest %q", line, max, rest)
		}
	})
}
