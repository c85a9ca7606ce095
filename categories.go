package headroom

import (
	"math/bits"
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
	// words, with lead 0, reads only the lines whose last field is a
	// word (see isVerdictWord): the verdict a checker writes after each
	// item (`PATH - valid`, `PATH: ok`). Its other lines — the messages
	// between the verdicts, their source lines and carets — are no rows,
	// and do not count against the rows' share. One verdict, the pass,
	// is that of half the rows or more: last words of which none is
	// (python -m dis's opcodes with no argument) are no verdicts.
	words bool
}

// tableCategories reads a table's first eight fields: the LISTEN
// sockets among an lsof's open files, ls -l's setuid rows.
var tableCategories = categoryReading{lead: maxPeakColumns, maxValues: 12, rareShare: 25, minRows: 50}

// tailCategories reads the last field of line-oriented text, nine lines
// in ten of them rows: jdeps' two `java.logging` dependencies among 263.
var tailCategories = categoryReading{maxValues: 16, rareShare: 20, minRows: 40, perValue: 3}

// verdictCategories reads the last word of the lines that end with one,
// whatever the lines between them: xmlstarlet val's one `- invalid`
// among 310 `- valid` verdicts, each after its file's warnings. A
// column of verdicts holds few values.
var verdictCategories = categoryReading{words: true, maxValues: 8, rareShare: 20, minRows: 40, perValue: 3}

// A category is a value of a column, how many rows hold it and the
// first rows that do.
type category struct {
	value string
	count int
	rows  []int
}

// rareCategories returns up to k rows of s in [from, to) holding a rare
// value of a column of categories as r reads them, breadth first: each
// rare value's first row before any value's second, the rarest values
// first in each round, values as rare by column, then in the order they
// first appear; each value's rows in order, at most r.perValue of them
// (when set); each row once. When r reads leading fields, a row of fewer fields
// than most rows have is not read (see usualFieldCount). One pass over
// the rows, each split once: a column's values in a short list, not a
// map (a string compare is cheaper than a hash on every row), a column
// dropped once it passes r.maxValues, and no field read past the last
// column still counted (or the usual count, whichever is more).
func rareCategories(s *lineSel, from, to, k int, r categoryReading) []int {
	if k <= 0 || to-from < r.minRows {
		return nil
	}
	keep := k
	if r.perValue > 0 {
		keep = min(k, r.perValue)
	}
	if r.words && !verdictsDense(s, from, to) {
		return nil
	}
	cols := max(1, r.lead)
	var vals [maxPeakColumns][]category
	var dead [maxPeakColumns]bool
	var f [maxPeakColumns]string
	var last [maxPeakColumns]int // where each column's value in the row before is among its values
	alive := cols                // the fields read: up to the last column still counted
	usual := 0
	if r.lead > 0 {
		usual = usualFieldCount(s, from, to, cols)
	}
	rows, lines, short := 0, 0, 0
	for i := from; i < to && alive > 0; i++ {
		l := s.line(i)
		n := 0
		if r.lead == 0 {
			if isBlank(l) {
				continue
			}
			if r.words && !endsInVerdictWord(l) {
				continue
			}
			v, ok := lastField(l)
			if r.words && !ok {
				continue
			}
			lines++
			if !ok {
				if (lines-rows)*10 > to-from {
					return nil // more than a tenth of the lines are not rows
				}
				continue
			}
			f[0], n = v, 1
		} else {
			if n = leadingFields(l, &f, max(alive, usual)); n < usual {
				short++ // its fields stand under other columns: no row
				continue
			}
			n = min(n, alive)
		}
		rows++
		for c := 0; c < n; c++ {
			if dead[c] {
				continue
			}
			// A column's rows run in one value (ls -l's owner, lsof's
			// TYPE): the row before's value is counted here, without a
			// call or a search.
			if vs := vals[c]; last[c] < len(vs) && vs[last[c]].value == f[c] {
				v := &vs[last[c]]
				v.count++
				if len(v.rows) < keep {
					v.rows = append(v.rows, i)
				}
				continue
			}
			if vals[c], last[c] = countCategory(vals[c], f[c], i, keep); len(vals[c]) > r.maxValues {
				dead[c], vals[c] = true, nil
			}
		}
		for alive > 0 && dead[alive-1] {
			alive--
		}
	}
	if r.lead > 0 {
		rows = to - from - short // a row of the usual fields or more
	} else if rows < r.minRows || rows*10 < lines*9 || r.words && !passHeld(vals[0], rows) {
		return nil
	}
	type rare struct{ col, at int }
	var rares []rare
	for c, vs := range vals[:alive] {
		if len(vs) < 2 || !dominated(vs) {
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
	// Breadth first: every rare value's first row before any value's
	// second, so a few rows of the rarest value (or of a column of many
	// rare ones, an ls -l's months) do not take all k from a value as
	// rare as the next (its setuid rows).
	var out []int
	for round, more := 0, true; more; round++ {
		more = false
		for _, x := range rares {
			rows := vals[x.col][x.at].rows
			if round >= len(rows) {
				continue
			}
			more = true
			if len(out) == k {
				return out
			}
			if i := rows[round]; !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	return out
}

// dominated reports whether one of a column's values holds a third of
// its rows or more: a column of exceptions to a rule (setuid among
// -rwxr-xr-x, nm's D among T), not one whose values share the rows out
// (ls -l's months, each a twelfth), where a value held by few rows is
// as plain as the rest.
func dominated(vs []category) bool {
	total, most := 0, 0
	for _, v := range vs {
		total += v.count
		most = max(most, v.count)
	}
	return most*3 >= total
}

// usualFieldCount returns the field count (up to cols) that most of
// the lines of s in [from, to) have, read in up to linePeakProbe lines
// spread evenly over them (a table sorted by name may open with its
// short rows), or 0 when they are none. A row of fewer fields than that
// is missing one, often a leading one (nm's undefined symbols have no
// address, so their type stands under the addresses and their name
// under the types): its fields are not read as the columns' values.
func usualFieldCount(s *lineSel, from, to, cols int) int {
	var counts [maxPeakColumns + 1]int
	var f [maxPeakColumns]string
	n := to - from
	probe := min(n, linePeakProbe)
	for j := 0; j < probe; j++ {
		counts[leadingFields(s.line(from+j*n/probe), &f, cols)]++
	}
	usual := 0
	for c, k := range counts {
		if k > counts[usual] {
			usual = c
		}
	}
	return usual
}

// countCategory counts row i as holding v in a column's values vs,
// adding v when it is new, and notes i among v's first keep rows; a
// column past its most values keeps one more, which marks it as no
// category. It returns where v is in vs.
func countCategory(vs []category, v string, i, keep int) ([]category, int) {
	for j := range vs {
		if vs[j].value == v {
			vs[j].count++
			if len(vs[j].rows) < keep {
				vs[j].rows = append(vs[j].rows, i)
			}
			return vs, j
		}
	}
	return append(vs, category{v, 1, []int{i}}), len(vs)
}

// passHeld reports whether one of a column's values vs is held by half
// of its rows or more.
func passHeld(vs []category, rows int) bool {
	for _, v := range vs {
		if 2*v.count >= rows {
			return true
		}
	}
	return false
}

// isVerdictWord reports whether v is a word a checker writes as its
// verdict on an item: ASCII letters, with '-' or '_' inside (`ok`,
// `valid`, `up-to-date`), at most verdictWordMax bytes.
func isVerdictWord(v string) bool {
	if v == "" || len(v) > verdictWordMax {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && !(i > 0 && i < len(v)-1 && (c == '-' || c == '_')) {
			return false
		}
	}
	return true
}

// endsInVerdictWord reports whether l's last field, after white space,
// is a verdict word (see isVerdictWord). It reads l from its end, at
// most verdictWordMax bytes past its trailing blanks: most lines of a
// text end in no such word, and a read of the whole line (lastField's)
// on each cost the lines planner half again its time on a trace.
func endsInVerdictWord(l string) bool {
	t := trimBlankRight(l)
	i := len(t)
	for i > 0 && len(t)-i <= verdictWordMax && isVerdictByte(t[i-1]) {
		i--
	}
	return i > 0 && (t[i-1] == ' ' || t[i-1] == '\t') && isVerdictWord(t[i:])
}

// verdictsDense reports whether one line in verdictEvery or more of s in
// [from, to) ends in a verdict word, read in up to linePeakProbe lines
// spread evenly over them: a checker writes one verdict an item, with
// a few lines of messages at most between them. A text that ends its
// lines otherwise (a trace's `= 3`) is left after that look, not read
// to its end for verdicts it has none of.
func verdictsDense(s *lineSel, from, to int) bool {
	n := to - from
	probe := min(n, linePeakProbe)
	found := 0
	for j := 0; j < probe; j++ {
		if endsInVerdictWord(s.line(from + j*n/probe)) {
			found++
		}
	}
	return probe > 0 && found*verdictEvery >= probe
}

// verdictEvery is the most lines a verdict is met in, in a checker's run.
const verdictEvery = 8

// isVerdictByte reports whether c may stand in a verdict word.
func isVerdictByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_'
}

// verdictWordMax bounds a verdict word.
const verdictWordMax = 24

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
// found. It runs on every row of a table, so it reads eight bytes at a
// time, as rowNumbers does: a field's edges are the bytes where a run of
// separators ends or starts, found in a word's separator mask shifted by
// a byte.
func leadingFields(l string, f *[maxPeakColumns]string, upto int) int {
	n, upto := 0, min(upto, maxPeakColumns)
	if upto <= 0 {
		return 0
	}
	start := -1            // where the field being read starts; -1 between fields
	before := uint64(0x80) // the high bit of byte 0 when the byte before it is a separator, as the line's start counts
	// Past the end of l, spaces close the last field.
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
				start = j
				continue
			}
			f[n] = l[start:j]
			if n++; n == upto {
				return n
			}
			start = -1
		}
		before = sep >> 56
	}
	return n
}

// The rows of a table of alike lines whose category is rare: in a text
// whose lines split into the same number of fields, a field that takes
// only a few values down the rows (a time zone's abbreviation, a flag's
// state, a member's method) is a category, and a row whose value there —
// or whose pair of values in two such fields — few other rows share is
// what sets it apart: zdump's wartime double summer time among its
// thousands of GMT/BST transitions, the one stored member of an archive
// listing among its deflated ones. Rarity of the skeleton or of the lead
// field misses them: the row is shaped as every other.

// rareValueMaxKinds is the most values a field takes and still is a
// category.
const rareValueMaxKinds = 4

// alignedCategories reads every field of a table of alike rows: a value
// (or pair of values) at most one row in 32 holds is rare, in 64 rows
// or more of the common field count (fewer are read whole, or show no
// category); its maxValues is rareValueMaxKinds.
var alignedCategories = categoryReading{maxValues: rareValueMaxKinds, rareShare: 32, minRows: 64}

// rareValueMaxFields bounds the fields of a row read as columns.
const rareValueMaxFields = 32

// rareValueMaxLen bounds a category's value: a longer field is a name
// or a sentence, not a category.
const rareValueMaxLen = 24

// A valueColumn counts the values one field takes down the rows while
// they are few; wide is set once there are more.
type valueColumn struct {
	vals   [rareValueMaxKinds]string
	counts [rareValueMaxKinds]int
	kinds  int
	wide   bool
}

// add counts v and returns its place among c's values; a column of more
// than rareValueMaxKinds values, or of a long one, becomes wide, counts
// no more and returns 0.
func (c *valueColumn) add(v string) uint8 {
	if c.wide {
		return 0
	}
	for k := 0; k < c.kinds; k++ {
		if c.vals[k] == v {
			c.counts[k]++
			return uint8(k)
		}
	}
	if c.kinds == rareValueMaxKinds || len(v) > rareValueMaxLen {
		c.wide = true
		return 0
	}
	c.vals[c.kinds], c.counts[c.kinds] = v, 1
	c.kinds++
	return uint8(c.kinds - 1)
}

// lineFields splits line at runs of spaces and tabs into at most max+1
// fields (the last then holds the rest), written into dst.
func lineFields(line string, max int, dst []string) []string {
	dst = dst[:0]
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		if len(dst) == max {
			dst = append(dst, line[i:])
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		dst = append(dst, line[i:j])
		i = j
	}
	return dst
}

// rareAlignedRows returns the rows of lines (n of them, line(i) the i-th)
// that hold a rare category value or pair of values, in input order,
// each run of them with the row after it: where the rare stretch ends
// (zdump's return to GMT after the 1968–1971 experiment). The rows are
// the lines of the field count most of the first lines have, which at
// least three in four lines have; the columns are their fields of at
// most rareValueMaxKinds values, at least two of them. Each line is
// split once: a row's place among each column's values is kept, and the
// pairs are counted from those.
func rareAlignedRows(n int, line func(int) string) []int {
	if n < alignedCategories.minRows {
		return nil
	}
	var buf [rareValueMaxFields + 1]string
	// The common field count, of the first lines: most text (source,
	// prose, a trace) has none, and is read no further. A field of more
	// values there has more in the whole text: only the others are read
	// on.
	probe := min(n, linePeakProbe)
	width, _ := commonWidth(probe, line, buf[:0])
	if width == 0 {
		return nil
	}
	cols := make([]valueColumn, width)
	for i := 0; i < probe; i++ {
		if f := lineFields(line(i), rareValueMaxFields, buf[:0]); len(f) == width {
			for c, v := range f {
				cols[c].add(v)
			}
		}
	}
	var cand []int
	for c := range cols {
		if !cols[c].wide {
			cand = append(cand, c)
		}
		cols[c] = valueColumn{}
	}
	if len(cand) == 0 {
		return nil
	}
	// One read of every line: each row's value of each candidate column,
	// as its place among the column's values (noRow for a line of
	// another field count).
	const noRow = 0xff
	at := make([]uint8, n*len(cand))
	rows := 0
	for i := 0; i < n; i++ {
		row := at[i*len(cand) : (i+1)*len(cand)]
		f := lineFields(line(i), rareValueMaxFields, buf[:0])
		if len(f) != width {
			row[0] = noRow
			continue
		}
		rows++
		for j, c := range cand {
			row[j] = cols[c].add(f[c])
		}
	}
	if rows < alignedCategories.minRows || rows*4 < n*3 {
		return nil
	}
	var cats []int // places in cand of the category columns
	for j, c := range cand {
		if !cols[c].wide && cols[c].kinds >= 2 {
			cats = append(cats, j)
		}
	}
	if len(cats) == 0 {
		return nil
	}
	// Pairs of values of two category columns: pair p of columns a<b,
	// values x, y at p*K*K + x*K + y.
	const K = rareValueMaxKinds
	pairCounts := make([]int, len(cats)*(len(cats)-1)/2*K*K)
	for i := 0; i < n; i++ {
		row := at[i*len(cand) : (i+1)*len(cand)]
		if row[0] == noRow {
			continue
		}
		p := 0
		for a := range cats {
			for b := a + 1; b < len(cats); b++ {
				pairCounts[p*K*K+int(row[cats[a]])*K+int(row[cats[b]])]++
				p++
			}
		}
	}
	rare := func(count int) bool { return count > 0 && count*alignedCategories.rareShare <= rows }
	var out []int
	inRun := false
	for i := 0; i < n; i++ {
		row := at[i*len(cand) : (i+1)*len(cand)]
		hit := false
		if row[0] != noRow {
			for _, j := range cats {
				if rare(cols[cand[j]].counts[row[j]]) {
					hit = true
					break
				}
			}
			p := 0
			for a := 0; a < len(cats) && !hit; a++ {
				for b := a + 1; b < len(cats); b++ {
					if rare(pairCounts[p*K*K+int(row[cats[a]])*K+int(row[cats[b]])]) {
						hit = true
						break
					}
					p++
				}
			}
		}
		if hit || inRun {
			out = append(out, i)
		}
		inRun = hit
	}
	return out
}

// commonWidth returns the field count (up to rareValueMaxFields) that
// most of the first n lines have and how many have it, or 0 when half
// of them or fewer, or fewer than alignedCategories.minRows, have it, or
// it is less than two. Half, not the whole text's three in four: a
// table's first lines may be of another kind (nm -D's imports, two
// fields, before its three-field symbols).
func commonWidth(n int, line func(int) string, buf []string) (width, rows int) {
	var widths [rareValueMaxFields + 2]int
	for i := 0; i < n; i++ {
		widths[len(lineFields(line(i), rareValueMaxFields, buf))]++
	}
	for w := 1; w < len(widths); w++ {
		if widths[w] > widths[width] {
			width = w
		}
	}
	rows = widths[width]
	if width < 2 || width > rareValueMaxFields || rows < min(n, alignedCategories.minRows) || rows*2 <= n {
		return 0, 0
	}
	return width, rows
}
