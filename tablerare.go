package headroom

import (
	"slices"
	"strings"
)

// maxCategories is the most distinct values a column of a table may
// hold and still be read as a category (a TYPE, a STATUS, a state): a
// column of more is names, sizes or ids, where every value is rare.
const maxCategories = 12

// rareValueShare makes a value of a category column rare: held by at
// most one row in rareValueShare.
const rareValueShare = 50

// rareCategoryRows returns up to k rows of s in [from, to) holding a rare
// value of a category column — one of the first maxPeakColumns white-space
// separated fields, with 2 to maxCategories distinct values among the
// rows: the two IPv4 sockets among 500 REG files of an `lsof`, the one
// CrashLoopBackOff among 100 Running pods. A value is rare when at most
// one row in rareValueShare holds it. The rarest values come first, each
// value's rows in order, each row once. Two passes over the rows: the
// first counts values, a column dropped once it passes maxCategories
// and no field read past the last column still counted; the second
// finds the rare values' rows.
func rareCategoryRows(s *lineSel, from, to, k int) []int {
	if k <= 0 || to-from < rareValueShare {
		return nil
	}
	// A column's values in a short list, not a map: at most maxCategories
	// of them, and a string compare is cheaper
	// than a hash on every row.
	var cols [maxPeakColumns][]category
	var dead [maxPeakColumns]bool
	alive := maxPeakColumns // the fields read: up to the last column still counted
	var f [maxPeakColumns]string
	for i := from; i < to && alive > 0; i++ {
		n := min(leadingFields(s.line(i), &f, alive), alive)
		for c := 0; c < n; c++ {
			if dead[c] {
				continue
			}
			if cols[c] = countCategory(cols[c], f[c]); len(cols[c]) > maxCategories {
				dead[c], cols[c] = true, nil
			}
		}
		for alive > 0 && dead[alive-1] {
			alive--
		}
	}
	type rare struct {
		col   int
		value string
		count int
	}
	var rares []rare
	for c, vs := range cols[:alive] {
		if len(vs) < 2 {
			continue
		}
		for _, v := range vs {
			if v.count*rareValueShare <= to-from {
				rares = append(rares, rare{c, v.value, v.count})
			}
		}
	}
	if len(rares) == 0 {
		return nil
	}
	slices.SortFunc(rares, func(a, b rare) int {
		if a.count != b.count {
			return a.count - b.count
		}
		if a.col != b.col {
			return a.col - b.col
		}
		return strings.Compare(a.value, b.value)
	})
	last := 0 // the fields to read: up to the last column with a rare value
	for _, r := range rares {
		last = max(last, r.col+1)
	}
	type hit struct{ rank, row int }
	var hits []hit
	for i := from; i < to; i++ {
		best, n := -1, leadingFields(s.line(i), &f, last)
		for j, r := range rares {
			if r.col < n && f[r.col] == r.value {
				best = j
				break
			}
		}
		if best >= 0 {
			hits = append(hits, hit{best, i})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return a.row - b.row
	})
	rows := make([]int, 0, min(k, len(hits)))
	for _, h := range hits[:min(k, len(hits))] {
		rows = append(rows, h.row)
	}
	return rows
}

// A category is a value of a column and how many rows hold it.
type category struct {
	value string
	count int
}

// countCategory counts one more row holding v in the column's values vs,
// adding v when it is new; a column past maxCategories values keeps one
// more, which marks it as no category.
func countCategory(vs []category, v string) []category {
	for j := range vs {
		if vs[j].value == v {
			vs[j].count++
			return vs
		}
	}
	return append(vs, category{v, 1})
}

// leadingFields splits the first upto (at most maxPeakColumns) fields of
// l, separated by runs of ' ' and '\t', into f and returns how many it
// found.
func leadingFields(l string, f *[maxPeakColumns]string, upto int) int {
	n, upto := 0, min(upto, maxPeakColumns)
	for i := 0; i < len(l) && n < upto; {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			i++
		}
		j := i
		for j < len(l) && l[j] != ' ' && l[j] != '\t' {
			j++
		}
		if j > i {
			f[n] = l[i:j]
			n++
		}
		i = j
	}
	return n
}
