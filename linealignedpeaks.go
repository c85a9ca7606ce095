package headroom

// alignedPeaks returns the lines of s holding the k largest values of a
// right-aligned numeric column, largest first: a column whose numbers end
// at one byte of the line, or end a line whose name overflowed its own
// column when the column ends lines, in nine lines in ten while their
// widths differ down the text by alignedWidths digits or more, padded on
// the left as a printer pads a size (python3 -m zipfile -l's
// sizes after one timestamp shared by every row, go tool nm -size's sizes
// before a type letter, where an undefined symbol's missing address
// shifts every field after it). Such a column is a listing's, however few
// numeric fields its rows hold, where a `key = 4096` dump's values start
// after their keys and end anywhere. A column in order down the text (cat
// -n's line numbers) peaks where the head or the tail is, and one in
// order block by block (see inRuns) where blocks end: they give none.
// The first linePeakProbe lines find the column; the rest are read only
// when they do.
func alignedPeaks(s *lineSel, k int) []int {
	n := s.n()
	if n < 2 || k <= 0 {
		return nil
	}
	end := alignedNumberEnd(s, min(n, linePeakProbe))
	if end < 0 {
		return nil
	}
	var col peakColumn
	var shifted []int // lines with no number ending at end
	rows, narrowest, widest, endsLine := 0, len(s.text), 0, 0
	for i := range n {
		l := s.line(i)
		if l == "" {
			continue
		}
		rows++
		if v, start, ok := numberEndingAt(l, end); ok {
			col.add(v, i, k)
			narrowest, widest = min(narrowest, end-start), max(widest, end-start)
			if end == len(l) {
				endsLine++
			}
		} else if len(shifted) < maxShiftedRows {
			shifted = append(shifted, i)
		}
	}
	// A column that ends its lines goes on in a row whose name overflows
	// its own column and pushes the number right (zipfile -l's longest
	// paths): the row's last field, read after the others (its value
	// counts among the largest; the order test is left to the rows in
	// place).
	if endsLine*10 >= col.numeric*9 {
		for _, i := range shifted {
			l := s.line(i)
			if v, _, ok := numberEndingAt(l, len(l)); ok {
				col.addUnordered(v, i, k)
			}
		}
	}
	if col.numeric*10 < rows*9 || widest-narrowest < alignedWidths || col.inRuns() {
		return nil
	}
	largest := col.largest()
	peaks := make([]int, len(largest))
	for j, p := range largest {
		peaks[j] = p.row
	}
	return peaks
}

// inRuns reports a column in order between nine neighbours in ten: an
// offset or a count that starts again in each block (python -m dis's
// bytecode offsets, code object after code object), whose largest values
// are where blocks end.
func (c *peakColumn) inRuns() bool {
	return c.pairs >= 2 && (c.up*10 >= c.pairs*9 || c.down*10 >= c.pairs*9)
}

// addUnordered counts value v of row i and keeps it if it is among the k
// largest, leaving the column's order as it was: row i is read out of
// turn.
func (c *peakColumn) addUnordered(v float64, i, k int) {
	c.numeric++
	c.keep(peak{v, i}, k)
}

// maxShiftedRows bounds the lines alignedPeaks reads again for a number
// pushed out of its column: a tenth of the rows at most are such, and
// a listing's overflowing names are fewer still.
const maxShiftedRows = 4096

// alignedWidths is how many digits more the widest number of an aligned
// column has than the narrowest: a size or a count spans orders of
// magnitude, where a day of the month (zdump's `Oct  4`, `Oct 18`) pads
// one digit to two and its largest values say nothing.
const alignedWidths = 2

// maxAlignedEnd bounds the byte of a line where an aligned column may end:
// a listing's numbers come before its free-text last field, or end a
// short row.
const maxAlignedEnd = 256

// alignedNumberEnd returns the byte where the numbers of a column end in
// four of the first probe non-blank lines of s in five (a listing's long
// names push a few out, see alignedPeaks), one with at least two widths
// among them there first; -1 when there is none. A line counts
// once for each byte where one of its first maxPeakColumns fields, a
// number, ends.
func alignedNumberEnd(s *lineSel, probe int) int {
	var count [maxAlignedEnd + 1]int32
	var narrowest, widest [maxAlignedEnd + 1]int16
	rows := 0
	for i := range probe {
		l := s.line(i)
		if l == "" {
			continue
		}
		rows++
		field := 0
		for j := 0; j < len(l) && j < maxAlignedEnd && field < maxPeakColumns; {
			for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
				j++
			}
			start := j
			for j < len(l) && l[j] != ' ' && l[j] != '\t' {
				j++
			}
			if start == j {
				break
			}
			field++
			if j > maxAlignedEnd || l[start]-'0' > 9 {
				continue
			}
			if _, ok := fieldNumber(l[start:j]); !ok {
				continue
			}
			w := int16(j - start)
			if count[j] == 0 || w < narrowest[j] {
				narrowest[j] = w
			}
			widest[j] = max(widest[j], w)
			count[j]++
		}
	}
	// Of the ends most lines share, one where the widths already differ
	// first: the widths of a column whose first rows are alike (nm's
	// hundreds of undefined symbols of size 0) are told by the rest.
	best := -1
	for e := range count {
		if int(count[e])*5 < rows*4 {
			continue
		}
		if best < 0 || narrowest[e] < widest[e] && narrowest[best] == widest[best] || (narrowest[e] < widest[e]) == (narrowest[best] < widest[best]) && count[e] > count[best] {
			best = e
		}
	}
	if rows < 2 {
		return -1
	}
	return best
}

// numberEndingAt reads the field of l that ends at byte end — a number
// after a space or a tab, at the line's end or before one — and returns
// its value and where it starts.
func numberEndingAt(l string, end int) (float64, int, bool) {
	if end > len(l) || end == 0 || end < len(l) && l[end] != ' ' && l[end] != '\t' {
		return 0, 0, false
	}
	start := end
	for start > 0 && l[start-1] != ' ' && l[start-1] != '\t' {
		start--
	}
	if start == end || l[start]-'0' > 9 {
		return 0, 0, false
	}
	v, ok := fieldNumber(l[start:end])
	return v, start, ok
}
