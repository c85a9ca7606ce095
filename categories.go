package headroom

import (
	"slices"
	"strings"
)

// A column of categories holds few values down a table's rows (a TYPE,
// a STATE, jdeps' module, patch's FAILED): a value few rows hold is what
// sets its rows apart, though their shape is the common one. Both the
// table and the lines planner read such columns here, each with its own
// categoryReading: which fields, how few values make a category, and
// how few rows make a value rare.

// A categoryReading says which fields of a table's rows are read as
// columns of categories and when a value of one is rare.
type categoryReading struct {
	// lead is how many leading fields are columns (up to
	// maxPeakColumns); 0 reads the last field alone, of rows of three
	// fields or more, and lines of fewer are no rows.
	lead int
	// maxValues is the most distinct values a column holds and still is
	// one of categories: more, and it names things (files, ids), which
	// are all rare.
	maxValues int
	// rareShare makes a value rare: at most one row in rareShare holds
	// it.
	rareShare int
	// minRows is the fewest rows read.
	minRows int
	// perValue is the most rows kept of each rare value.
	perValue int
}

// tableCategories reads a table's first eight fields: the LISTEN
// sockets among an lsof's open files, ls -l's setuid rows.
var tableCategories = categoryReading{lead: maxPeakColumns, maxValues: 12, rareShare: 50, minRows: 50}

// tailCategories reads the last field of line-oriented text, nine lines
// in ten of them rows: jdeps' two `java.logging` dependencies among 263.
var tailCategories = categoryReading{maxValues: 16, rareShare: 20, minRows: 40, perValue: 3}

// A category is a value of a column, how many rows hold it and the
// first rows that do.
type category struct {
	value string
	count int
	rows  []int
}

// rareCategories returns up to k rows of s in [from, to) holding a rare
// value of a column of categories as r reads them: the rarest values
// first, values as rare by column, then in the order they first appear;
// each value's rows in order, at most r.perValue of them (when set);
// each row once. One pass over the rows, each split once: a column's
// values in a short list, not a map (a string compare is cheaper than a
// hash on every row), a column dropped once it passes r.maxValues, and
// no field read past the last column still counted.
func rareCategories(s *lineSel, from, to, k int, r categoryReading) []int {
	if k <= 0 || to-from < r.minRows {
		return nil
	}
	keep := k
	if r.perValue > 0 {
		keep = min(k, r.perValue)
	}
	cols := max(1, r.lead)
	var vals [maxPeakColumns][]category
	var dead [maxPeakColumns]bool
	var f [maxPeakColumns]string
	alive := cols // the fields read: up to the last column still counted
	rows, lines := 0, 0
	for i := from; i < to && alive > 0; i++ {
		l := s.line(i)
		n := 0
		if r.lead == 0 {
			if isBlank(l) {
				continue
			}
			lines++
			v, ok := lastField(l)
			if !ok {
				if (lines-rows)*10 > to-from {
					return nil // more than a tenth of the lines are not rows
				}
				continue
			}
			f[0], n = v, 1
		} else {
			n = min(leadingFields(l, &f, alive), alive)
		}
		rows++
		for c := 0; c < n; c++ {
			if dead[c] {
				continue
			}
			if vals[c] = countCategory(vals[c], f[c], i, keep); len(vals[c]) > r.maxValues {
				dead[c], vals[c] = true, nil
			}
		}
		for alive > 0 && dead[alive-1] {
			alive--
		}
	}
	if r.lead > 0 {
		rows = to - from // a short row holds no value of the columns past it
	} else if rows < r.minRows || rows*10 < lines*9 {
		return nil
	}
	type rare struct{ col, at int }
	var rares []rare
	for c, vs := range vals[:alive] {
		if len(vs) < 2 {
			continue
		}
		for j, v := range vs {
			if v.count*r.rareShare <= rows {
				rares = append(rares, rare{c, j})
			}
		}
	}
	// The rarest first; as rare, by column, then in the order first met
	// (a stable sort of rares in that order).
	slices.SortStableFunc(rares, func(a, b rare) int { return vals[a.col][a.at].count - vals[b.col][b.at].count })
	var out []int
	for _, x := range rares {
		for _, i := range vals[x.col][x.at].rows {
			if len(out) == k {
				return out
			}
			if !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	return out
}

// countCategory counts row i as holding v in a column's values vs,
// adding v when it is new, and notes i among v's first keep rows; a
// column past its most values keeps one more, which marks it as no
// category.
func countCategory(vs []category, v string, i, keep int) []category {
	for j := range vs {
		if vs[j].value == v {
			vs[j].count++
			if len(vs[j].rows) < keep {
				vs[j].rows = append(vs[j].rows, i)
			}
			return vs
		}
	}
	return append(vs, category{v, 1, []int{i}})
}

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
