package headroom

import "github.com/headroom-go/headroom/internal/txt"

// Records with no blank line between them (ocamlobjinfo's compilation
// units, each `Name:`, `CRC of implementation:`, `Globals defined:` …
// down to `Force link:`) are all alike but for the one labelled line
// that names each: the first field of every record. recordNames finds
// that label by what a naming field does, not by its word: it recurs,
// its value changes from one record to the next, and the line right
// after it is always the same record's next field.

// recordNamesMin is the fewest records recordNames names; recordLinesMin,
// the fewest lines a record takes on average (a name and two fields);
// recordLabelMax bounds a label, and recordLabelsMax the distinct labels
// counted, so that a text of many `word:` lines costs a bounded table.
const (
	recordNamesMin  = 4
	recordLinesMin  = 3
	recordLabelMax  = 40
	recordLabelsMax = 64
)

// recordNames returns, for text of records with no blank line between
// them, each record's naming line, in input order; nil when no label
// names records. The planner keeps each with the line after it, which
// tells the record apart too (its CRC, the section it opens). A label names records when its
// lines, each starting a line at column 0 (`Name: Stdlib__Hashtbl`,
// `Unit name: Stdlib__Float`), are recordNamesMin or more, one in
// recordLinesMin lines at most, not all equal, and each followed by a line
// of one and the same other label; of several such labels, the one met
// first is the record's first field.
func recordNames(s *lineSel) []int {
	type labelStat struct {
		count, first int
		next         string // the label of the line after; "" once it differs
		varies       bool   // a line of the label differs from the one before
		last         string
	}
	n := s.n()
	stats := map[string]*labelStat{}
	// Each line's bounds are read from the index here, each start the
	// end of the line before, not through a call a line: most lines have
	// no label.
	for i, start := 0, s.at(0); i < n; i++ {
		end := s.at(i + 1)
		l := trimNL(s.text[start:end])
		start = end
		label, ok := lineLabel(l)
		if !ok {
			continue
		}
		st := stats[label]
		if st == nil {
			if len(stats) >= recordLabelsMax {
				continue
			}
			st = &labelStat{first: i}
			stats[label] = st
		}
		next := ""
		if i+1 < n {
			if nl, ok := lineLabel(s.line(i + 1)); ok && nl != label {
				next = nl
			}
		}
		switch {
		case st.count == 0:
			st.next = next
		case st.next != next:
			st.next = ""
		}
		if st.count > 0 && l != st.last {
			st.varies = true
		}
		st.count++
		st.last = l
	}
	best, first := "", n
	for label, st := range stats {
		if st.next != "" && st.varies && st.count >= recordNamesMin && st.count*recordLinesMin <= n && st.first < first {
			best, first = label, st.first
		}
	}
	if best == "" {
		return nil
	}
	var names []int
	for i := first; i < n; i++ {
		if label, ok := lineLabel(s.line(i)); ok && label == best {
			names = append(names, i)
			i++ // the line after is another label's
		}
	}
	return names
}

// namesKept words the records named, of those recordNames found;
// nothing for text that is not such records.
func namesKept(kept int, names []int) string {
	if len(names) == 0 {
		return ""
	}
	return txt.Commas(kept) + " of " + txt.Plural(len(names), "record") + " named (its first field and the line after), "
}

// lineLabel returns the label of a line that opens with one at column 0:
// a letter, then letters, digits, spaces, '_' or '-' up to a ':' that
// ends the line or is followed by a space or a tab. A label is two bytes
// or more: a one-letter tag (lintian's `I:`, `N:`) is a level, not a
// field.
func lineLabel(l string) (string, bool) {
	if l == "" || !isLetter(l[0]) {
		return "", false
	}
	j, end := 1, min(len(l), recordLabelMax+1)
	for j < end && labelByte[l[j]] {
		j++
	}
	if j < end && l[j] == ':' && j >= 2 && (j+1 == len(l) || l[j+1] == ' ' || l[j+1] == '\t') {
		return l[:j], true
	}
	return "", false
}

// labelByte marks the bytes a label holds after its first letter:
// letters, digits, spaces, '_' and '-'.
var labelByte = func() (t [256]bool) {
	for c := range t {
		t[c] = isLetter(byte(c)) || c >= '0' && c <= '9' || c == ' ' || c == '_' || c == '-'
	}
	return t
}()

// pickRecordNames keeps the naming lines of names, each with the line
// after it, while the output stays within to bytes: all of them when
// they fit, else as many as fit spread evenly over them, each priced at
// both its lines and a gap note (a name priced alone, its CRC line
// unpaid, spread its picks for three times the room they had). pick
// keeps one line. It returns how many names it kept.
func pickRecordNames(s *lineSel, names []int, pick func(i int) bool, to int) int {
	var todo []int
	cost := 0
	for _, i := range names {
		if !s.isKept(i) {
			todo = append(todo, i)
			cost += min(s.size(i), sectionHeadCost) + s.gapCost
			if i+1 < s.n() && !s.isKept(i+1) {
				cost += min(s.size(i+1), sectionHeadCost)
			}
		}
	}
	both := func(i int) bool {
		if !pick(i) {
			return false
		}
		pick(i + 1)
		return true
	}
	return pickSpreadThenFill(s, todo, cost, both, to)
}
