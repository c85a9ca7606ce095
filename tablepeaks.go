package headroom

import (
	"math/bits"
	"slices"
	"strings"
)

// maxPeakColumns is how many leading white-space separated fields of a
// row are read for numbers: the size, count and percentage columns of
// the tables this planner takes come before their free-text last column.
const maxPeakColumns = 8

// sparseColumnRows is the fewest rows reaching a column that make it one
// when not every row does (see columnPeaks).
const sparseColumnRows = 16

// maxPeakRows bounds the rows taken for their columns' largest values
// (each costs withPeaks a pass over the picks).
const maxPeakRows = 256

// columnPeaks returns the rows of s in [from, to) that hold the k
// largest values of each numeric column — a column whose field is a
// number (digits, one '.', a trailing '%') in nine rows in ten: the
// largest files of an `ls -l` or `tar -tv`, the busiest processes of a
// `ps aux`, a profile's slowest calls; or in nine in ten of the rows
// that reach it, when sparseColumnRows rows or more do and fewer than
// nine in ten: a column only the wider rows have (git verify-pack -v's delta
// depth after the offset of its delta rows, absent from the others) —
// in rounds: every column's largest
// first, then every column's second, and so on, none twice. A column
// sorted down the table (a PID, a sort key: 99 neighbours in 100 in
// order) peaks where the head or the tail already is, and gives none.
// A totals row after a closing rule is not a row (its sum would be every
// column's peak). The first row holding a value wins a tie. Fields are
// read by white space, so a delimited table's columns yield none.
func columnPeaks(s *lineSel, from, to, k int) []int { return columnPeaksOf(s, from, to, k, 1) }

// columnPeaksOf is columnPeaks for text with at least minCols numeric
// columns, nil for other text.
func columnPeaksOf(s *lineSel, from, to, k, minCols int) []int {
	for r := to - 1; r >= max(from, to-3); r-- {
		if tableRule(s.line(r)) {
			to = r
			break
		}
	}
	if to-from < 2 || k <= 0 {
		return nil
	}
	var cols [maxPeakColumns]peakColumn
	var nums [maxPeakColumns]float64
	var reach [maxPeakColumns + 1]int // reach[f]: rows of exactly f fields (f of them read at most)
	for i := from; i < to; i++ {
		has, fields := rowNumbers(s.line(i), &nums)
		reach[fields]++
		for ; has != 0; has &= has - 1 {
			c := bits.TrailingZeros8(has)
			cols[c].add(nums[c], i, k)
		}
	}
	var ranked [][]peak
	full, rows := 0, 0 // columns numeric in the whole table; rows reaching column c
	for c := maxPeakColumns - 1; c >= 0; c-- {
		rows += reach[c+1]
		col := &cols[c]
		whole := col.numeric*10 >= (to-from)*9
		sparse := rows >= sparseColumnRows && rows*10 < (to-from)*9 && col.numeric*10 >= rows*9
		if (whole || sparse) && !col.sorted() {
			if whole {
				full++
			}
			ranked = append(ranked, col.largest())
		}
	}
	if full < minCols {
		return nil
	}
	slices.Reverse(ranked)
	var peaks []int
	seen := map[int]bool{}
	for r := 0; r < k; r++ {
		for _, col := range ranked {
			if r < len(col) && !seen[col[r].row] {
				seen[col[r].row] = true
				peaks = append(peaks, col[r].row)
			}
		}
	}
	return peaks
}

// rowNumbers reads the first maxPeakColumns fields of row l, split by
// runs of ' ' and '\t', for numbers (see fieldNumber): bit c of has is
// set when field c is one, nums[c] its value; fields is how many fields
// it read. This runs on every row of a table, so it reads the row eight
// bytes at a time: the bytes where a run of separators starts or ends
// are the fields' edges, found in a word's separator mask shifted by a
// byte, a field read only when it opens with a digit or a '.'.
func rowNumbers(l string, nums *[maxPeakColumns]float64) (has uint8, fields int) {
	c, start := -1, -1     // the field being read and where it starts; -1 between fields
	before := uint64(0x80) // the high bit of byte 0 when the byte before it is a separator, as the line's start counts
	// Past the end of l, spaces close the last field: a line of whole
	// words reads one word of them.
	for i := 0; i <= len(l); i += 8 {
		var w uint64
		if i+8 <= len(l) {
			w = load64(l, i)
		} else {
			w = loadTail(l, i) | ' '*lowBits<<(8*uint(len(l)-i))
		}
		sep := zeroBytesExact(w^' '*lowBits) | zeroBytesExact(w^'\t'*lowBits)
		for edges := (sep ^ (sep<<8 | before)) & highBits; edges != 0; edges &= edges - 1 {
			j := i + bits.TrailingZeros64(edges)>>3
			if start < 0 {
				if c++; c == maxPeakColumns {
					return has, c
				}
				start = j
				continue
			}
			if b := l[start]; b-'0' <= 9 || b == '.' { // else no number
				if v, ok := digitsNumber(l[start:j]); ok {
					nums[c] = v
					has |= 1 << c
				} else if v, ok := fieldNumber(l[start:j]); ok {
					nums[c] = v
					has |= 1 << c
				}
			} else if c > 0 && has>>(c-1)&1 != 0 && j-start <= 3 {
				// A size's unit as a word of its own scales the number
				// before it (see sizeWord).
				if scale := sizeWord(l[start:j]); scale > 0 {
					nums[c-1] *= scale
				}
			}
			start = -1
		}
		before = sep >> 56
	}
	return has, c + 1
}

// A peak is a value of a column and the row that holds it.
type peak struct {
	v   float64
	row int
}

// above orders peaks: the larger value, or the earlier row of two equal.
func (p peak) above(q peak) bool { return p.v > q.v || p.v == q.v && p.row < q.row }

// A peakColumn gathers one column's numbers: how many rows hold one, how
// many neighbours are in order, and its k largest in a min-heap (so a
// column costs O(rows log k), not a sort).
type peakColumn struct {
	numeric, up, down, pairs int
	last                     float64
	heap                     []peak
}

// add counts value v of row i and keeps it if it is among the k largest.
func (c *peakColumn) add(v float64, i, k int) {
	if c.numeric > 0 {
		c.pairs++
		if v >= c.last {
			c.up++
		}
		if v <= c.last {
			c.down++
		}
	}
	c.numeric++
	c.last = v
	c.keep(peak{v, i}, k)
}

// keep keeps p if it is among the k largest.
func (c *peakColumn) keep(p peak, k int) {
	switch {
	case len(c.heap) < k:
		c.heap = append(c.heap, p)
		for j := len(c.heap) - 1; j > 0 && c.heap[(j-1)/2].above(c.heap[j]); j = (j - 1) / 2 {
			c.heap[j], c.heap[(j-1)/2] = c.heap[(j-1)/2], c.heap[j]
		}
	case p.above(c.heap[0]):
		c.heap[0] = p
		siftDown(c.heap, 0)
	}
}

// siftDown restores the min-heap below j.
func siftDown(h []peak, j int) {
	for {
		m := j
		for _, ch := range []int{2*j + 1, 2*j + 2} {
			if ch < len(h) && h[m].above(h[ch]) {
				m = ch
			}
		}
		if m == j {
			return
		}
		h[j], h[m] = h[m], h[j]
		j = m
	}
}

// sorted reports a column in order down the table.
func (c *peakColumn) sorted() bool {
	return c.pairs >= 2 && (c.up*100 >= c.pairs*99 || c.down*100 >= c.pairs*99)
}

// largest returns the kept values, largest first (it empties the heap).
func (c *peakColumn) largest() []peak {
	out := make([]peak, len(c.heap))
	for j := len(out) - 1; j >= 0; j-- {
		out[j] = c.heap[0]
		c.heap[0] = c.heap[len(c.heap)-1]
		c.heap = c.heap[:len(c.heap)-1]
		siftDown(c.heap, 0)
	}
	return out
}

// digitsNumber reads a field of 1 to 15 digits, the number most numeric
// fields are, as fieldNumber does, inline: rowNumbers calls fieldNumber
// only for the rest (a size, a '.', a '%').
func digitsNumber(f string) (float64, bool) {
	if f == "" || len(f) > 15 {
		return 0, false
	}
	n := uint64(0)
	for i := 0; i < len(f); i++ {
		d := f[i] - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + uint64(d)
	}
	return float64(n), true
}

// fieldNumber reads a field that is a number: digits with at most one
// '.', and a '%' after them allowed, or a size's unit (sizeUnit: du -h's
// 60K and 1.6M, read in bytes, so the two compare), or a time's
// (durationUnit: pprof's 2.42s and 120ms, read in seconds). Anything
// else is not one. Digits alone, most numbers, add up in an integer:
// exact, as the float sums are, up to 15 of them.
func fieldNumber(f string) (float64, bool) {
	if f != "" && f[len(f)-1] >= 'A' { // a letter ends it: a unit, or no number
		n, scale := sizeUnit(f)
		if n == 0 {
			n, scale = durationUnit(f)
		}
		if n == 0 {
			return 0, false
		}
		v, ok := fieldNumber(f[:len(f)-n])
		return v * scale, ok
	}
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

// sizeUnits are the prefixes of a human-readable size (du -h, ls -lh,
// df -h, free -h), each 1,024 times the one before.
const sizeUnits = "KMGTPE"

// sizeUnit returns how many bytes at the end of f write a size's unit
// after a digit — a prefix of sizeUnits, then i, B or iB; k for K alone
// or before B (60K, 1.6M, 2.1GiB, 512MB, 4kB) — and the scale it stands
// for; 0 when f ends in none.
func sizeUnit(f string) (n int, scale float64) {
	g := strings.TrimSuffix(f, "B")
	binary := strings.HasSuffix(g, "i")
	g = strings.TrimSuffix(g, "i")
	if len(g) < 2 || g[len(g)-2]-'0' > 9 {
		return 0, 0
	}
	u := strings.IndexByte(sizeUnits, g[len(g)-1])
	if g[len(g)-1] == 'k' && !binary { // kB, but no kiB
		u = 0
	}
	if u < 0 {
		return 0, 0
	}
	return len(f) - len(g) + 1, float64(uint64(1) << (10 * (u + 1)))
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
