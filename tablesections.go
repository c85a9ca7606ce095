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
	leads := make(map[string]bool, len(off))
	for _, i := range off {
		leads[firstWord(s.line(i))] = false
	}
	for i := first; i < n; i++ {
		l := s.line(i)
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

// columnGap reports whether l holds a run of two spaces or a tab between
// its words, not in its indentation nor at its end: the padding a column
// table lines its cells up with.
func columnGap(l string) bool {
	l = strings.TrimRight(l, " \t\r")
	from := 0
	for from < len(l) && (l[from] == ' ' || l[from] == '\t') {
		from++
	}
	l = l[from:]
	return strings.Contains(l, "  ") || strings.IndexByte(l, '\t') >= 0
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
