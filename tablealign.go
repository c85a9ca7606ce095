package headroom

// Tab-aligned columns: the text a tab-padding column writer
// (text/tabwriter with '\t' padding, as `go tool cover -func` writes it)
// leaves. Each row's fields are separated by runs of tabs whose lengths
// vary so that every field starts on the same tab stop in every row:
//
//	pkg/app.go:138:			compileTime			100.0%
//	pkg/zz_generated.flags.go:861:	IsVisible			100.0%
//	total:							(statements)			91.1%
//
// Its first column may read as a search hit's `path:line:`, but a grep
// over files never lines up its texts at fixed columns behind paths of
// different lengths: such text is a table without a header, whose rows are
// what a reader scans (the first, the last, the total under them).

// tabStop is the width a tab advances to, as terminals and tabwriter
// readers show it.
const tabStop = 8

// tabAligned reports whether the lines of s from h on are tab-aligned
// columns: rows sampled evenly over the whole text (at most 400), nine in
// ten of them with at least two fields after tabs, all starting at the
// same columns, with the tab runs between fields padding at least one
// row (a run of two tabs or more: columns made to line up, not TSV whose
// fields happen to have one width).
func tabAligned(s *lineSel, h int) bool {
	n := s.n()
	for n > h && isBlank(s.line(n-1)) {
		n--
	}
	rows := spread(h, n, 400)
	if len(rows) < 20 {
		return false
	}
	var want, cols [8]int
	wantN := -1
	same, padded := 0, false
	for _, i := range rows {
		l := s.line(i)
		if len(l) > tableRowMax {
			return false
		}
		k, pad := tabColumns(l, &cols)
		padded = padded || pad
		if wantN < 0 && k >= 2 {
			want, wantN = cols, k
		}
		if k >= 2 && k == wantN && cols == want {
			same++
		}
	}
	return padded && same*10 >= len(rows)*9
}

// tabColumns writes into cols the columns (tab stops expanded) at which
// the fields of l that follow a tab start, at most len(cols), and returns
// how many there are, and whether a run of two tabs or more stands
// between two fields. A field is a run of bytes other than tab; a line
// that starts with a tab has no first field (an indented line is not a
// row). Columns count bytes, not runes: rows of one writer agree either way.
func tabColumns(l string, cols *[8]int) (k int, padded bool) {
	*cols = [8]int{}
	if l == "" || l[0] == '\t' {
		return 0, false
	}
	col, run := 0, 0
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case c == '\t':
			col = (col/tabStop + 1) * tabStop
			run++
			continue
		case c == '\r' && i == len(l)-1:
			continue
		}
		if run > 0 {
			if k == len(cols) {
				return k, padded
			}
			padded = padded || run >= 2
			cols[k] = col
			k++
			run = 0
		}
		col++
	}
	return k, padded
}
