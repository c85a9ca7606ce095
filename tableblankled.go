package headroom

// Fixed-width columns whose short rows leave their leading cells blank:
// a symbol table's defined rows give an address, a type and a name, its
// imports no address, so their type and name stand, padded by spaces,
// under the type and name of the rows around them:
//
//	                 U free@GLIBC_2.2.5
//	0000000000031d10 T sqlite3_backup_init
//	000000000002db68 B svc_pollfd@@TIRPC_0.3.3
//
// Split into fields, those short rows are another shape, and a text
// that opens with a run of them reads as two kinds of line; by column,
// every line is a row of one table, whose category columns (nm's B, D
// and R among its T rows) the table planner reads.

// blankLedLeast is the fewest fields a full row of such a table has: a
// lead cell, one or more cells after it, and the last.
const blankLedLeast = 3

// blankLedProbe bounds the lines blankLedColumns reads.
const blankLedProbe = 400

// blankLedColumns reports whether the lines of s from h on are rows of
// fixed-width columns some of which leave their leading cells blank:
// among lines sampled evenly over the whole text (at most
// blankLedProbe), half or more are full rows of three fields or more
// whose second and third fields start at the same two columns, the
// commonest such pair, and nine in ten are either full rows or
// blank-led ones, a line of spaces up to one of those two columns
// whose fields from there start at them too; blank-led rows are at
// least two of the sample and one in fifty. The first line is a row,
// and no line is blank: a title over rows, or a blank line between them,
// opens sections (nm of an archive), a listing's. A text of one shape
// of line is left to the planners of its own kind: no cell is blank.
//
// When sampled, s is routing's sample of a larger input (sampledFirst),
// and the count of blank-led rows is not tested: nm's imports run
// together (its U rows sort first), so a sample of four pieces can hold
// one run of them or none where the whole text's even spread finds
// dozens. Every other test reads a share of the lines, as the sample
// shows it; a sample so only ever accepts more than the whole text,
// whose own reading decides.
func blankLedColumns(s *lineSel, h int, sampled bool) bool {
	n := s.n()
	for n > h && isBlank(s.line(n-1)) {
		n--
	}
	rows := spread(h, n, blankLedProbe)
	if len(rows) < 20 {
		return false
	}
	// The commonest pair of columns at which a full row's second and
	// third fields start.
	layouts := map[[2]int]int{}
	var at [blankLedLeast]int
	for _, i := range rows {
		l := s.line(i)
		if len(l) > tableRowMax {
			return false
		}
		if k := fieldStarts(l, &at); k >= blankLedLeast && at[0] == 0 {
			layouts[[2]int{at[1], at[2]}]++
		}
	}
	var cols [2]int
	most := 0
	for c, k := range layouts {
		if k > most || k == most && (c[0] < cols[0] || c[0] == cols[0] && c[1] < cols[1]) {
			cols, most = c, k
		}
	}
	if most*2 < len(rows) {
		return false
	}
	full, led := 0, 0
	for j, i := range rows {
		l := s.line(i)
		if isBlank(l) {
			return false // sections: nm of an archive, a member's name over its rows
		}
		switch k := fieldStarts(l, &at); {
		case k >= blankLedLeast && at[0] == 0 && at[1] == cols[0] && at[2] == cols[1]:
			full++
		case k >= 2 && at[0] == cols[0] && at[1] == cols[1], k == 1 && at[0] == cols[1]:
			led++
		default:
			if j == 0 {
				return false // a title over the rows is no row
			}
		}
	}
	return (sampled || led >= 2 && led*50 >= len(rows)) && (full+led)*10 >= len(rows)*9
}

// fieldStarts writes into at the byte offsets at which the first
// len(at) fields of l start (fields are runs of bytes other than space
// and tab) and returns how many it wrote.
func fieldStarts(l string, at *[blankLedLeast]int) int {
	k := 0
	for i := 0; i < len(l) && k < len(at); i++ {
		if c := l[i]; c != ' ' && c != '\t' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t') {
			at[k] = i
			k++
		}
	}
	return k
}
