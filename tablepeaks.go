package headroom

import "slices"

// maxPeakColumns is how many leading white-space separated fields of a
// row are read for numbers: the size, count and percentage columns of
// the tables this planner takes come before their free-text last column.
const maxPeakColumns = 8

// columnPeaks returns, ascending, the rows of s in [from, to) that hold
// the largest value of a numeric column — a column whose field is a
// number (digits, one '.', a trailing '%') in nine rows in ten: the
// largest file of an `ls -l` or `unzip -v`, the busiest process of a `ps
// aux`, the biggest package of a `dpkg-query` table. A totals row after a
// closing rule is not a row (its sum would be every column's peak). The
// first row holding a peak wins a tie. Fields are read by white space, so
// a delimited table's columns yield none.
func columnPeaks(s *lineSel, from, to int) []int {
	for k := to - 1; k >= max(from, to-3); k-- {
		if tableRule(s.line(k)) {
			to = k
			break
		}
	}
	if to-from < 2 {
		return nil
	}
	var numeric [maxPeakColumns]int
	var best [maxPeakColumns]float64
	var at [maxPeakColumns]int
	for i := from; i < to; i++ {
		l := s.line(i)
		k := 0
		for p := 0; p < len(l) && k < maxPeakColumns; k++ {
			for p < len(l) && (l[p] == ' ' || l[p] == '\t') {
				p++
			}
			if p == len(l) {
				break
			}
			// The field's leading digits are summed as they are read; a
			// field of digits alone is a number without a second reading,
			// one that goes on with a letter or a ':' none at all.
			q, n := p, uint64(0)
			for ; q < len(l) && l[q]-'0' <= 9; q++ {
				n = n*10 + uint64(l[q]-'0')
			}
			v, ok := float64(n), q > p && q-p <= 15
			if q < len(l) && l[q] != ' ' && l[q] != '\t' || !ok {
				ok = q == len(l) || l[q] == '.' || l[q] == '%' || l[q] == ' ' || l[q] == '\t'
				for q < len(l) && l[q] != ' ' && l[q] != '\t' {
					q++
				}
				if ok {
					v, ok = fieldNumber(l[p:q])
				}
			}
			if ok {
				if numeric[k] == 0 || v > best[k] {
					best[k], at[k] = v, i
				}
				numeric[k]++
			}
			p = q
		}
	}
	var peaks []int
	for k := range numeric {
		if numeric[k] > 0 && numeric[k]*10 >= (to-from)*9 && !slices.Contains(peaks, at[k]) {
			peaks = append(peaks, at[k])
		}
	}
	slices.Sort(peaks)
	return peaks
}

// fieldNumber reads a field that is a number: digits with at most one
// '.', and a '%' after them allowed. Anything else is not one. Digits
// alone, most numbers, add up in an integer: exact, as the float sums
// are, up to 15 of them.
func fieldNumber(f string) (float64, bool) {
	if len(f) > 1 && f[len(f)-1] == '%' {
		f = f[:len(f)-1]
	}
	if f == "" || len(f) > 18 {
		return 0, false
	}
	n, i := uint64(0), 0
	for ; i < len(f) && f[i]-'0' <= 9; i++ {
		n = n*10 + uint64(f[i]-'0')
	}
	switch {
	case i == len(f) && i <= 15:
		return float64(n), true
	case i < len(f) && f[i] != '.':
		return 0, false
	}
	v, frac, dot, digits := 0.0, 1.0, false, 0
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c >= '0' && c <= '9':
			digits++
			if dot {
				frac /= 10
				v += float64(c-'0') * frac
			} else {
				v = v*10 + float64(c-'0')
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	return v, digits > 0
}

// withPeaks returns the spread's rows with each peak not among them put
// in place of the nearest pick (by place among the picks) not itself a
// peak, so the spread's count,
// and so its share of the budget, stays as it was; rows ascending, none
// twice. Every peak is held when there are no more peaks than picks.
func withPeaks(picks, peaks []int) []int {
	out := slices.Clone(picks)
	var held []int // the peaks placed so far, which no later peak displaces
	for _, p := range peaks {
		k, found := slices.BinarySearch(out, p)
		if found {
			held = append(held, p)
			continue
		}
		best := -1
		for l, r := k-1, k; best < 0 && (l >= 0 || r < len(out)); l, r = l-1, r+1 {
			// The nearer free pick on either side; the scan passes at most
			// len(held) taken ones.
			lf := l >= 0 && !slices.Contains(held, out[l])
			rf := r < len(out) && !slices.Contains(held, out[r])
			switch {
			case lf && rf:
				best = l
				if distance(out[r], p) < distance(out[l], p) {
					best = r
				}
			case lf:
				best = l
			case rf:
				best = r
			}
		}
		if best < 0 {
			continue
		}
		out[best] = p
		held = append(held, p)
		slices.Sort(out)
	}
	return out
}

// distance is |a-b|.
func distance(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}
