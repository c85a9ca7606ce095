package headroom

import (
	"slices"
	"strings"
)

// tableSectionLines returns the lines among a table's rows [first, n) in s
// that are not of the rows' shape: lines of prose, their words one space
// apart, among rows nine in ten of which line their columns up with a run
// of spaces or a tab (see columnGap), that open with a word no such row
// opens with (a row whose first cell fills its column is one space from
// the next, and opens as others do: systemd's `✓`, ls -l's mode). Such a
// line closes or opens a section of the table — systemd-analyze
// security's `→ Overall exposure level for dbus.service: 9.6 UNSAFE` under
// each unit's rows, psql's `(42 rows)` — and names what a sample of the
// rows cannot. It returns none when they are more than one row in ten (a
// text of prose with a few aligned lines is no table of sections), or
// when the rows have no column gaps to tell them by (CSV). Blank lines are
// neither.
func tableSectionLines(s *lineSel, first, n int) []int {
	rows, gapped := 0, 0
	var off []int
	for i := first; i < n; i++ {
		// Most rows have a gap: one search each, the rest of the tests
		// only for the lines that have none.
		l := s.line(i)
		if columnGap(l) {
			rows++
			gapped++
			continue
		}
		if l = strings.TrimSpace(l); l == "" || tableRule(l) {
			continue
		}
		rows++
		if off = append(off, i); len(off)*10 > n-first {
			return nil
		}
	}
	if len(off) == 0 || rows < tableLeastLines-2 || gapped*10 < rows*9 {
		return nil
	}
	// The first words of the lines found, then which of them a row with
	// column gaps opens with too: one more reading of the rows, and only
	// when there are such lines.
	// A word's first byte first: a row that opens with a byte no lead
	// opens with is not split nor looked up.
	leads := make(map[string]bool, len(off))
	var leadBytes [256]bool
	for _, i := range off {
		w := firstWord(s.line(i))
		leads[w] = false
		if w != "" {
			leadBytes[w[0]] = true
		}
	}
	for i := first; i < n; i++ {
		l := s.line(i)
		if !leadBytes[firstByte(l)] {
			continue
		}
		if w := firstWord(l); w != "" {
			if _, ok := leads[w]; ok && columnGap(l) {
				leads[w] = true
			}
		}
	}
	return slices.DeleteFunc(off, func(i int) bool { return leads[firstWord(s.line(i))] })
}

// firstWord returns the first space-separated word of l.
func firstWord(l string) string {
	l = strings.TrimLeft(l, " \t")
	if end := strings.IndexAny(l, " \t"); end >= 0 {
		return l[:end]
	}
	return strings.TrimRight(l, "\r")
}

// firstByte returns the first byte of l that is not a space or a tab,
// which opens its first word (see firstWord); 0 when there is none.
func firstByte(l string) byte {
	for i := 0; i < len(l); i++ {
		if l[i] != ' ' && l[i] != '\t' {
			return l[i]
		}
	}
	return 0
}

// columnGap reports whether l holds a run of two spaces or a tab between
// its words, not in its indentation nor at its end: the padding a column
// table lines its cells up with. It runs on every row: one reading from
// the indentation to the first such run, which in a row is near its
// start, and on only until a byte other than trailing white space says
// the run is not at the end.
func columnGap(l string) bool {
	i := 0
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	for i < len(l) && l[i] != '\t' && (l[i] != ' ' || i+1 == len(l) || l[i+1] != ' ') {
		i++
	}
	// A later run has no more after it than this one: if only white
	// space (with '\r') follows this one, no run is between words.
	for ; i < len(l); i++ {
		if c := l[i]; c != ' ' && c != '\t' && c != '\r' {
			return true
		}
	}
	return false
}

// pickTableSections keeps the section lines of a table's rows [first, n)
// in s (see tableSectionLines), each cut at lineCap bytes, in up to a
// quarter of the room; spread evenly over them when not all fit. It
// returns how many it kept.
func pickTableSections(s *lineSel, first, n, lineCap int) int {
	secs := tableSectionLines(s, first, n)
	if len(secs) == 0 {
		return 0
	}
	share := s.room() / 4
	total := 0
	for _, i := range secs {
		total += min(s.size(i), lineCap+cutNoteMax) + s.gapCost
	}
	k := len(secs)
	if total > share {
		k = share * len(secs) / total
	}
	to, kept := s.used+share, 0
	for _, j := range spread(0, len(secs), k) {
		if s.used >= to {
			break
		}
		if s.pickCapped(secs[j], lineCap) {
			kept++
		}
	}
	return kept
}
