package headroom

import (
	"cmp"
	"slices"
	"strings"
)

// A table's last column is often a category: the module a dependency is
// in (jdeps' `java.base`, `not found`), a check's state, a package's
// repository. Its values repeat, and a value few rows hold (the two
// `java.logging` dependencies among 263) is what sets those rows apart,
// though their shape is the common one.
const (
	// tailValuesMax is the most distinct last fields a column of
	// categories holds; more, and the column names things (a file name,
	// a source line), which are all rare.
	tailValuesMax = 16
	// tailRowsMin is the fewest rows of three fields or more whose last
	// column is read.
	tailRowsMin = 40
	// tailRareShare: a value is rare when at most one row in this many
	// holds it.
	tailRareShare = 20
	// tailRarePerValue is the most rows kept of each rare value: its
	// first and the ones after it.
	tailRarePerValue = 3
)

// lastField returns l's last whitespace-separated field and whether l has
// three fields or more.
func lastField(l string) (string, bool) {
	t := strings.TrimRight(l, " \t\r")
	i := strings.LastIndexAny(t, " \t")
	if i < 0 {
		return "", false
	}
	head := strings.TrimRight(t[:i], " \t")
	if strings.TrimLeft(head, " \t") == "" || !strings.ContainsAny(strings.TrimLeft(head, " \t"), " \t") {
		return "", false
	}
	return t[i+1:], true
}

// rareTailRows returns the rows of s whose last field is a rare value of
// a column of categories (see the constants above), the rarest value
// first, each value's rows in input order, at most tailRarePerValue of
// each; nil when the last column is not one of categories: fewer than
// tailRowsMin rows, more than tailValuesMax values, or rows of three
// fields or more fewer than nine lines in ten.
func rareTailRows(s *lineSel) []int {
	n := s.n()
	type tally struct {
		count int
		rows  []int
	}
	var values []string
	byValue := map[string]*tally{}
	rows, lines := 0, 0
	for i := range n {
		l := s.line(i)
		if strings.TrimSpace(l) == "" {
			continue
		}
		lines++
		v, ok := lastField(l)
		if !ok {
			if (lines-rows)*10 > n {
				return nil // more than a tenth of the lines are not rows
			}
			continue
		}
		rows++
		t := byValue[v]
		if t == nil {
			if len(values) == tailValuesMax {
				return nil
			}
			t = &tally{}
			byValue[v] = t
			values = append(values, v)
		}
		t.count++
		if len(t.rows) < tailRarePerValue {
			t.rows = append(t.rows, i)
		}
	}
	if rows < tailRowsMin || rows*10 < lines*9 || len(values) < 2 {
		return nil
	}
	var rare []string
	for _, v := range values {
		if byValue[v].count*tailRareShare <= rows {
			rare = append(rare, v)
		}
	}
	// The rarest value first; values as rare in the order they first
	// appear (a stable sort over values in input order).
	slices.SortStableFunc(rare, func(a, b string) int { return cmp.Compare(byValue[a].count, byValue[b].count) })
	var out []int
	for _, v := range rare {
		out = append(out, byValue[v].rows...)
	}
	return out
}
