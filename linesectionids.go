package headroom

import "github.com/headroom-go/headroom/internal/txt"

// An output of alike reports with no blank line between them (certtool
// -i's or openssl x509 -text's certificates, each mostly hex) is told
// apart section by section by one labelled line only: `Subject: CN=…`.
// sectionIDs finds that line by what it does, not by its word: its label
// (indented or not) recurs once in every report — its lines alternate
// with those of a label whose line is the same in every report (`Other
// Information:`, `    Data:`) — and its value differs in every one.

// sectionLabelsMax bounds the distinct labels sectionIDs counts, so that
// a text of many `word:` lines costs a bounded table.
const sectionLabelsMax = 64

// sectionLabelStat is what sectionIDs knows of one label: how many lines
// hold it, and whether all hold one value.
type sectionLabelStat struct {
	count  int
	value  string // the first line's value
	varies bool   // a line's value differs from the first's
}

// sectionIDs returns, for text of alike sections with no blank line
// between them, the line that names each section, in input order; nil
// when no label does. A label names sections when its lines are
// recordNamesMin or more, one in recordLinesMin lines at most, alternate
// one for one with the lines of a label whose value never changes (so
// one stands in each section), and hold a value no other of them holds.
// Of several such labels the one whose values are most letters is taken
// (a name, where a date or a serial is mostly digits), the first met of
// those as lettered (the record's first field); a label whose values a
// later one repeats section by section is passed over (a self-signed
// certificate's Issuer, its Subject again): a name given twice is the
// item's own the second time, where the first tells where it came from.
func sectionIDs(s *lineSel) []int {
	n := s.n()
	stats := map[string]*sectionLabelStat{}
	var order []string
	for i, start := 0, s.at(0); i < n; i++ {
		end := s.at(i + 1)
		l := trimNL(s.text[start:end])
		start = end
		key, value, ok := indentedLabel(l)
		if !ok {
			continue
		}
		st := stats[key]
		if st == nil {
			if len(stats) >= sectionLabelsMax {
				continue
			}
			st = &sectionLabelStat{value: value}
			stats[key] = st
			order = append(order, key)
		}
		if value != st.value {
			st.varies = true
		}
		st.count++
	}
	// Anchors are labels of one value, by their count of lines;
	// candidates, labels of values that vary as many times as an anchor.
	anchors := map[int][]string{}
	for _, key := range order {
		if st := stats[key]; !st.varies && st.count >= recordNamesMin {
			anchors[st.count] = append(anchors[st.count], key)
		}
	}
	wanted := map[string]bool{}
	var cands []string
	for _, key := range order {
		st := stats[key]
		if st.varies && st.count >= recordNamesMin && st.count*recordLinesMin <= n && len(anchors[st.count]) > 0 {
			cands = append(cands, key)
			wanted[key] = true
			for _, a := range anchors[st.count] {
				wanted[a] = true
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	// A second pass notes where the lines of those labels are.
	at := map[string][]int{}
	for i := range n {
		if key, _, ok := indentedLabel(s.line(i)); ok && wanted[key] {
			at[key] = append(at[key], i)
		}
	}
	var named [][]int
	for _, key := range cands {
		lines := at[key]
		if !distinctValues(s, lines) {
			continue
		}
		for _, a := range anchors[len(lines)] {
			if alternate(lines, at[a]) {
				named = append(named, lines)
				break
			}
		}
	}
	var best []int
	bestShare := -1
	for k, lines := range named {
		if share := letterShare(s, lines); share > bestShare && !slicesSameValues(s, lines, named[k+1:]) {
			best, bestShare = lines, share
		}
	}
	return best
}

// distinctValues reports whether no two of lines, each a label's line,
// hold one value.
func distinctValues(s *lineSel, lines []int) bool {
	seen := make(map[string]bool, len(lines))
	for _, i := range lines {
		_, value, _ := indentedLabel(s.line(i))
		if seen[value] {
			return false
		}
		seen[value] = true
	}
	return true
}

// alternate reports whether the ascending lines a and b, as many, take
// turns one for one: each of one between two of the other.
func alternate(a, b []int) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	if b[0] < a[0] {
		a, b = b, a
	}
	for i := range a {
		if !(a[i] < b[i] && (i+1 == len(a) || b[i] < a[i+1])) {
			return false
		}
	}
	return true
}

// letterShare is the share of letters in the values of lines, in
// thousandths: a name is words (`CN=TunTrust Root CA`), where a date,
// a serial or a size is mostly digits.
func letterShare(s *lineSel, lines []int) int {
	letters, all := 0, 0
	for _, i := range lines {
		_, value, _ := indentedLabel(s.line(i))
		for j := 0; j < len(value); j++ {
			if isLetter(value[j]) {
				letters++
			}
		}
		all += len(value)
	}
	return letters * 1000 / max(all, 1)
}

// slicesSameValues reports whether one of later names its sections
// with the very values of lines, section by section.
func slicesSameValues(s *lineSel, lines []int, later [][]int) bool {
	for _, other := range later {
		if len(other) != len(lines) {
			continue
		}
		same := true
		for j := range lines {
			_, a, _ := indentedLabel(s.line(lines[j]))
			_, b, _ := indentedLabel(s.line(other[j]))
			if a != b {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// indentedLabel returns the key of a line that opens with a label after
// its indentation (see lineLabel) — the indentation and the label, as a
// report nests the same word at several depths — and the value after
// the colon, without the spaces around it.
func indentedLabel(l string) (key, value string, ok bool) {
	j := 0
	for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
		j++
	}
	label, ok := lineLabel(l[j:])
	if !ok {
		return "", "", false
	}
	key = l[:j+len(label)]
	return key, trimSpaces(l[len(key)+1:]), true
}

// trimSpaces returns s without the spaces and tabs around it.
func trimSpaces(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\r') {
		j--
	}
	return s[i:j]
}

// pickSectionIDs keeps the naming line of every section (see sectionIDs)
// while the output stays within to bytes, spread evenly over them when
// not all fit; then, within next, the line after each kept, which tells
// the section apart too (certtool's key algorithm under its Subject). It
// returns how many naming lines it kept.
func pickSectionIDs(s *lineSel, ids []int, pick func(i int) bool, to, next int) int {
	kept := pickSectionHeads(s, ids, pick, to)
	var todo []int
	cost := 0
	for _, i := range ids {
		if s.isKept(i) && i+1 < s.n() && !s.isKept(i+1) {
			todo = append(todo, i+1)
			cost += min(s.size(i+1), sectionHeadCost) + s.gapCost
		}
	}
	pickSpreadWithin(s, todo, cost, pick, next)
	return kept
}

// sectionIDsKept words the sections named, of those sectionIDs found;
// nothing for text that is not such sections.
func sectionIDsKept(kept int, ids []int) string {
	if len(ids) == 0 {
		return ""
	}
	return txt.Commas(kept) + " of " + txt.Plural(len(ids), "section") + " named (the line that tells each apart, and the line after), "
}
