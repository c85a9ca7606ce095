package headroom

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// planTable plans a column table — sqlite3 -column and -box, psql and
// mysql tables, docker ps, kubectl get, ps aux, ls -l, CSV and TSV — as
// its header, its first and last rows, and rows spread evenly over the
// middle, the rows holding each numeric column's largest value among them
// (see columnPeaks); each gap note names the rows it stands for, and the marker gives
// the row count. Lines of prose among the rows (see tableSectionLines)
// close or open sections of the table, and are kept before the rows.
//
// It takes a header followed by a rule (---- ----, ----+----), a rule
// framing the header (+----+), a header of upper-case column names
// (NAME  READY  STATUS), or lines that are nine in ten ls -l entries, and
// then at least 20 rows, nine in ten of them with two fields or more; or
// delimited text (see delimited). Anything else it declines.
func planTable(text string, limit int) (plan, bool) {
	return planTableIndexed(text, limit, false, &lineIndexer{text: text})
}

// planTableIndexed is planTable, the lines of text indexed by lines;
// sampled says text is a sample of a larger input (sampledFirst), which
// tableRows tests so as to accept whatever the whole input might be.
func planTableIndexed(text string, limit int, sampled bool, lines *lineIndexer) (plan, bool) {
	if limit < 200 || len(text) <= limit {
		return plan{}, false
	}
	s := newLineSelOn(text, lines.index(), limit, gapWording{})
	first, ok := tableRows(s, sampled)
	if !ok {
		return plan{}, false
	}
	if sampled {
		// Route reads only the answer of a sample (planSampled), and the
		// selection takes every table tableRows takes (see selectTable):
		// a sample's answer is tableRows', without a selection of it.
		return plan{}, true
	}
	return selectTable(text, limit, s, first)
}

// selectTable plans the table in s, a selection of text within limit
// whose rows start at line first, tableRows said. It declines only a
// selection over limit, which lineSel's exact bill never makes: every
// pick is paid for before it is kept, and the one note of a selection
// that keeps nothing is far below the least limit, 200 bytes
// (TestTableSelectionTakesEveryShape).
func selectTable(text string, limit int, s *lineSel, first int) (plan, bool) {
	n := s.n()
	rows := n - first
	s.setGap(rowGaps(first, rows))
	const lineCap = 300
	for i := 0; i < first; i++ {
		s.pickCapped(i, lineCap)
	}
	// The lines that close or open a section of the rows (a unit's
	// verdict under its rows) come before the rows, which a sample would
	// keep one in a few of.
	sections := pickTableSections(s, first, n, lineCap)
	// A run's rare failure rows and the rows above them, which say what
	// failed, before the sample too.
	failures := pickTableFailures(s, first, n, lineCap)
	lo, hi := pickTableEnds(s, first, lineCap)
	if lo < hi {
		avg := 0
		for i := lo; i < hi; i++ {
			avg += min(s.size(i), lineCap+cutNoteMax) + s.gapCost
		}
		avg /= hi - lo
		// The rows holding a numeric column's largest value (the largest
		// file, the busiest process) take the place of the spread's
		// nearest picks, so the spread keeps its count and its budget.
		picks := spread(lo, hi, s.room()/max(1, avg))
		// Every numeric column's largest value, then its next largest, and
		// so on, a tree's roots among them first (see nestingRoots), in up
		// to a quarter of the picks.
		most := max(maxPeakColumns, min(len(picks)/4, maxPeakRows))
		var peaks []int
		for _, i := range rootsFirst(columnPeaks(s, first, n, most), nestingRoots(s, first, n)) {
			if !s.isKept(i) {
				peaks = append(peaks, i)
			}
		}
		peaks = peaks[:min(len(peaks), most)]
		// The rows holding a rare value of a category column (a LISTEN
		// socket among open files, a failed pod among running ones) come
		// first, in up to half of the picks, and the share of them the
		// peaks leave (a symbol table's addresses are no numbers: its B,
		// D and R rows have the quarter too). Each is an exception to the
		// rule its column states, where a spread pick is one more row of
		// the rule: nm -D's data symbols among a thousand functions,
		// ls -l's setuid binaries among their neighbours.
		var rares []int
		for _, i := range rareCategories(s, first, n, max(2, len(picks)/2+most-len(peaks)), tableCategories) {
			if !s.isKept(i) {
				rares = append(rares, i)
			}
		}
		peaks = append(rares, peaks...)
		// Then the roots of families of the rows' names (a module over
		// its directory of submodules, a function over its _sec and _ui
		// variants), which a reader looks up among alike rows.
		for _, i := range tableFamilyRoots(s, first, n) {
			if !s.isKept(i) && !slices.Contains(peaks, i) {
				peaks = append(peaks, i)
			}
		}
		// The peaks the spread holds are picked first, in their order, so
		// a late one is not left without room by the picks before it
		// (the picks' count is an estimate from the rows' average size).
		spreadRows := withPeaks(picks, peaks)
		for _, i := range peaks {
			if _, ok := slices.BinarySearch(spreadRows, i); ok {
				s.pickCapped(i, lineCap)
			}
		}
		// A table cut by less than three times keeps most of itself: its
		// head runs as far as a clip's would before the sample takes the
		// rest, so a sample of alike rows never costs a row a clip keeps.
		if cutLittle(len(text), limit) {
			growToClipHead(s, lo, hi, limit, lineCap)
		}
		for _, i := range spreadRows {
			if !s.isKept(i) {
				s.pickCapped(i, lineCap)
			}
		}
		for i := n - 1; i >= first; i-- { // what the sample left room for
			if !s.isKept(i) && !s.pickCapped(i, lineCap) {
				break
			}
		}
	}
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	keptRows := 0
	for i := first; i < n; i++ {
		if s.isKept(i) {
			keptRows++
		}
	}
	header := "the header kept, "
	if first == 0 {
		header = "" // ls -l, tab-aligned columns: no header line
	}
	if sections > 0 {
		header += txt.Plural(sections, "section line") + " (prose among the rows), "
	}
	if failures > 0 {
		header += txt.Plural(failures, "row") + " that say a failure with the rows above, "
	}
	what := txt.Commas(rows-keptRows) + " of " + txt.Plural(rows, "row") + " (" + header + "the first and last rows, and rows sampled evenly between; each gap note names the rows it stands for)"
	return plan{strategy: StrategyTable, items: items, markerAt: markerAt, what: what, digest: true,
		hint: "To see more rows, re-run with a filter (WHERE, LIMIT/OFFSET, grep, awk 'NR>=A && NR<=B')."}, true
}

// pickTableEnds keeps the header lines of a table in s whose rows start
// at first, then its first rows in 30 % of the room left and its last
// rows in 15 %, each line cut at lineCap bytes, and returns the rows
// between them, all still dropped: [lo, hi). Each run takes rows from its
// end of the table until one does not fit, so the rows it leaves are one
// run, and a 10 MB table's are not listed one by one.
func pickTableEnds(s *lineSel, first, lineCap int) (lo, hi int) {
	n := s.n()
	for i := 0; i < first; i++ {
		s.pickCapped(i, lineCap)
	}
	room := s.room()
	headTo := s.used + room*30/100
	lo = first
	for lo < n && s.used < headTo && s.pickCapped(lo, lineCap) {
		lo++
	}
	tailTo := s.used + room*15/100
	hi = n
	for hi > lo && s.used < tailTo && s.pickCapped(hi-1, lineCap) {
		hi--
	}
	return lo, hi
}

// rowGaps words gaps by the numbers of their rows, for a table of rows
// rows under first header lines.
func rowGaps(first, rows int) gapWording {
	return gapWording{func(from, to int) string { return rowGap(from-first, to-first) }, rangeGapLen("row", first), len(rowGap(rows, 2*rows+1))}
}

// rowGap words dropped rows [from, to), numbered from 1.
func rowGap(from, to int) string {
	if to-from == 1 {
		return "[…row " + txt.Commas(from+1) + " omitted…]"
	}
	return "[…rows " + txt.Commas(from+1) + "-" + txt.Commas(to) + " omitted…]"
}

// tableLeastLines is the fewest lines of a table: a header, a rule and
// 20 rows.
const tableLeastLines = 22

// tableRows returns the index of the first row of a table in s, after its
// header lines, and whether s is a table. When sampled, s is a sample of
// a larger input, and a test that counts a rare kind of line (the
// blank-led rows of blankLedColumns) does not decline it: those lines
// run together, and a sample can miss them where the whole input holds
// enough; the whole input's own test decides.
func tableRows(s *lineSel, sampled bool) (first int, ok bool) {
	n := s.n()
	if n < tableLeastLines {
		return 0, false
	}
	h := 0
	for h < n && strings.TrimSpace(s.line(h)) == "" {
		h++
	}
	if h+2 >= n {
		return 0, false
	}
	switch l0, l1 := s.line(h), s.line(h+1); {
	case tableRule(l0) && h+2 < n && tableRule(s.line(h+2)):
		first = h + 3 // +----+ / | a | b | / +----+
	case tableRule(l1) && fields(l0) >= 2:
		first = h + 2 // header, then ----  ---- or ----+----
	case h+3 < n && fields(l0) <= 3 && !tableRule(l0) && tableRule(s.line(h+2)) && fields(l1) >= 2:
		first = h + 3 // a title (unzip's Archive: x.jar), then header and rule
	case upperHeader(l0):
		first = h + 1
	case delimited(s, h):
		return h + 1, true // CSV or TSV: a header line, then rows
	case tabAligned(s, h):
		return h, true // tab-aligned columns: every line a row
	default:
		if f := numericHeader(s, h); f > 0 {
			first = f // a profile: lines of totals, a header of words, rows of numbers
			break
		}
		if blankLedColumns(s, h, sampled) {
			first = h // nm -D: fixed-width columns, the imports' address blank
			break
		}
		first = h
		if strings.HasPrefix(l0, "total ") {
			first = h + 1
		}
		// ls -l entries and rows are counted in one reading of the lines,
		// which stops once more than a tenth are not ls -l entries.
		miss, good := 0, 0
		for i := first; i < n; i++ {
			l := s.line(i)
			if !lsEntry(l) {
				if miss++; miss*10 > n-first {
					return first, false
				}
			}
			if tableRow(l) {
				good++
			}
		}
		return first, n-first >= 20 && good*10 >= (n-first)*9
	}
	good := 0
	for i := first; i < n; i++ {
		if tableRow(s.line(i)) {
			good++
		}
	}
	return first, n-first >= 20 && good*10 >= (n-first)*9
}

// tableRow reports a line that reads as a table's row: two fields or
// more, or a rule.
func tableRow(l string) bool { return fields(l) >= 2 || tableRule(l) }

// numericPreamble bounds the lines above a header of words that a table
// of numbers may open with (cProfile's totals and `Ordered by:` line).
const numericPreamble = 8

// numericHeader returns the line after the header of a table of numbers
// in s, or 0: a line of three or more words (`ncalls  tottime  percall
// cumtime  percall filename:lineno(function)`) among the first lines from
// h, right over a row, nine rows in ten (sampled over the whole text, blank
// lines aside) opening with two numbers or more (`77/1  0.021  0.000`).
func numericHeader(s *lineSel, h int) int {
	n := s.n()
	for j := h; j < n-1 && j <= h+numericPreamble; j++ {
		if !wordsHeader(s.line(j)) || leadingNumbers(s.line(j+1)) < 2 {
			continue
		}
		rows, good := 0, 0
		for _, i := range spread(j+1, n, 400) {
			if strings.TrimSpace(s.line(i)) == "" {
				continue
			}
			rows++
			if leadingNumbers(s.line(i)) >= 2 {
				good++
			}
		}
		if rows >= 20 && good*10 >= rows*9 {
			return j + 1
		}
		return 0
	}
	return 0
}

// wordsHeader reports a line of three or more fields, each with a letter
// and none a number. It stops at the first field that is not a word: a
// line of minified code is 100 KB of fields, and its first few say no.
func wordsHeader(l string) bool {
	n := 0
	for w := range strings.FieldsSeq(l) {
		if !hasLetter(w) || numberish(w) {
			return false
		}
		n++
	}
	return n >= 3
}

// leadingNumbers counts the fields that open l and read as numbers (see
// numberish), up to 3.
func leadingNumbers(l string) int {
	k := 0
	for _, f := range strings.Fields(l[:min(len(l), 120)]) {
		if k == 3 || !numberish(f) {
			break
		}
		k++
	}
	return k
}

// numberish reports a field of digits and the marks numbers are written
// with: `0.374`, `77/1`, `1,048`, `12%`.
func numberish(f string) bool {
	digits := 0
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c >= '0' && c <= '9':
			digits++
		case strings.IndexByte(".,/%", c) >= 0:
		default:
			return false
		}
	}
	return digits > 0
}

// tableDelimiters separate the fields of delimited text (CSV, TSV, and
// the ';' and '|' variants spreadsheets and sqlite3 -list write).
const tableDelimiters = ",\t;|"

// delimited reports whether the lines of s from h on are delimited text:
// for one delimiter, the header line has at least three fields (two for a
// tab) and nineteen rows in twenty (sampled evenly over the whole text,
// so a 10 MB export costs a few hundred line scans) have as many. A log
// line's commas are rarely so regular.
func delimited(s *lineSel, h int) bool {
	n := s.n()
	if strings.TrimSpace(s.line(n-1)) == "" {
		n--
	}
	for _, d := range []byte(tableDelimiters) {
		want := delimCount(s.line(h), d)
		if want < 2 && !(d == '\t' && want == 1) {
			continue
		}
		rows := spread(h+1, n, 400)
		same := 0
		for _, i := range rows {
			if s.size(i) > tableRowMax {
				return false
			}
			if delimCount(s.line(i), d) == want {
				same++
			}
		}
		if len(rows) >= 20 && same*20 >= len(rows)*19 {
			return true
		}
	}
	return false
}

// tableRowMax bounds a row of delimited text: a table's rows are read
// whole, and a row of many kilobytes holds a giant cell, which the giant
// planner cuts inside.
const tableRowMax = 2000

// planDelimitedTable plans delimited text whose first line names its
// columns (no path, no "file:line:" prefix: a grep over CSV files is a
// search, not a table). It runs before the search planner, whose file
// list test would take a CSV's first column for paths.
func planDelimitedTable(text string, limit int) (plan, bool) {
	nl := strings.IndexByte(text, '\n')
	if nl < 0 {
		return plan{}, false
	}
	s := newLineSel(text[:min(len(text), 1<<16)], limit, gapWording{})
	if s.n() < 22 || !(columnNames(text[:nl]) && delimited(s, 0) || tabAligned(s, 0)) {
		return plan{}, false
	}
	return planTable(text, limit)
}

// columnNames reports whether header reads as column names: words, digits
// and a few punctuation marks, each field with a letter; never a path or a "file:line:" prefix.
func columnNames(header string) bool {
	header = strings.TrimRight(header, "\r")
	if header == "" {
		return false
	}
	for i := 0; i < len(header); i++ {
		if c := header[i]; c == '/' || c == ':' || c == '=' || c == '\\' || c == '<' || c == '{' || c == '[' {
			return false
		}
	}
	for _, f := range strings.FieldsFunc(header, func(r rune) bool { return strings.ContainsRune(tableDelimiters, r) }) {
		if !hasLetter(f) {
			return false // a number is a value (cat -n's line number), not a name
		}
	}
	return true
}

// delimCount counts the delimiters d of l outside double quotes.
func delimCount(l string, d byte) int {
	n := 0
	quoted := false
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case '"':
			quoted = !quoted
		case d:
			if !quoted {
				n++
			}
		}
	}
	return n
}

// tableRule matches a rule line: dashes, with '+', '|', '=' or spaces.
func tableRule(l string) bool {
	l = strings.TrimRight(l, " \r")
	if strings.Count(l, "-")+strings.Count(l, "=")+strings.Count(l, "─")+strings.Count(l, "━") < 3 {
		return false
	}
	for _, r := range l {
		if !strings.ContainsRune("-=+| ─━┼┬┴├┤┌┐└┘╋│", r) {
			return false
		}
	}
	return true
}

// fields counts the space-separated fields of l, up to 3. It runs on
// every line of a table, so it reads eight bytes at a time: a field
// starts at a byte other than a separator (' ', '\t', '\r') after one, found
// in a word's separator mask shifted by a byte.
func fields(l string) int {
	n := 0
	before := uint64(0x80) // the high bit of byte 0 when the byte before it is a separator, as the line's start counts
	for i := 0; i < len(l); i += 8 {
		var w uint64
		if i+8 <= len(l) {
			w = load64(l, i)
		} else {
			w = loadTail(l, i) | ' '*lowBits<<(8*uint(len(l)-i)) // spaces past the end start no field
		}
		sep := zeroBytesExact(w^' '*lowBits) | zeroBytesExact(w^'\t'*lowBits) | zeroBytesExact(w^'\r'*lowBits)
		if n += bits.OnesCount64(^sep & (sep<<8 | before) & highBits); n >= 3 {
			return 3
		}
		before = sep >> 56
	}
	return n
}

// upperHeader matches a header of three or more upper-case column names
// (NAME  READY  STATUS, CONTAINER ID  IMAGE, USER  PID %CPU).
func upperHeader(l string) bool {
	f := strings.Fields(l)
	if len(f) < 3 {
		return false
	}
	for _, w := range f {
		for i := 0; i < len(w); i++ {
			c := w[i]
			if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_%()/-#.", c) >= 0) {
				return false
			}
		}
	}
	return true
}

// lsEntry matches an ls -l line: a file type and nine permission letters.
// It reads a table of the letters: this runs on every line of a listing.
func lsEntry(l string) bool {
	if len(l) < 11 || lsLetters[l[0]]&lsType == 0 {
		return false
	}
	for i := 1; i < 10; i++ {
		if lsLetters[l[i]]&lsMode == 0 {
			return false
		}
	}
	return l[10] == ' ' || l[10] == '.' || l[10] == '+' || l[10] == '@'
}

// The letters of an ls -l line's file type and of its permissions.
const (
	lsType = 1 << iota
	lsMode
)

// lsLetters marks the letters of "-dlcbpsD" with lsType and those of
// "rwxsStTl-" with lsMode.
var lsLetters = func() (t [256]uint8) {
	for _, c := range []byte("-dlcbpsD") {
		t[c] |= lsType
	}
	for _, c := range []byte("rwxsStTl-") {
		t[c] |= lsMode
	}
	return t
}()
