package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A countRow is one `path:N` line of grep -c or rg -c output.
type countRow struct {
	line  searchLine
	path  string
	count int
}

// parseCountLine parses `path:N`, N running to the end of the line.
func parseCountLine(line string) (path string, n int, ok bool) {
	// The count is the 1 to 12 digits that end the line, after its last
	// ':': read back over them, not from the line's start.
	digits := 0
	for digits <= 12 && digits < len(line) && line[len(line)-1-digits] >= '0' && line[len(line)-1-digits] <= '9' {
		digits++
	}
	c := len(line) - 1 - digits
	if digits == 0 || digits > 12 || c <= 0 || line[c] != ':' {
		return "", 0, false
	}
	path = line[:c]
	if !looksLikePath(path) {
		return "", 0, false
	}
	for _, d := range line[c+1:] {
		n = n*10 + int(d-'0')
	}
	return path, n, true
}

// planSearchCounts plans grep -c and rg -c output: a `path:N` line per
// file. It declines unless at least 20 lines are count lines making 90 %
// of the non-empty lines (notices aside). The plan is a table sorted by
// count, busiest first, in half the limit; then rows of the other files
// spread over them in input order (the first, the last, the middle, …),
// under a note that counts them; the files with no match summarised on
// one line; exact totals in the marker.
func planSearchCounts(text string, limit int) (plan, bool) {
	if limit < 64 {
		return plan{}, false
	}
	var rows []countRow
	other, notices := 0, 0
	// The lines not yet read can at most all be count lines: once even
	// that would leave other lines over a tenth, the text declines, and
	// the rest is not read (a sample of a disassembly, 3,000 lines, is
	// told by its first 300).
	left := strings.Count(text, "\n") + 1
	for start := 0; start < len(text); left-- {
		if 9*other > len(rows)+left {
			return plan{}, false
		}
		end, next := txt.LineAt(text, start)
		line := strings.TrimSuffix(text[start:end], "\r")
		switch {
		case line == "":
		case line[0] == '{' || line[0] == '[':
			other++
		default:
			if path, n, ok := parseCountLine(line); ok {
				rows = append(rows, countRow{line: searchLine{start: start, end: start + len(line)}, path: path, count: n})
			} else if _, _, ok := parseNotice(line); ok {
				notices++
			} else {
				other++
			}
		}
		start = next
	}
	if len(rows) < searchMinMatches || 10*other > len(rows)+other {
		return plan{}, false
	}
	total, zeros := 0, 0
	for _, r := range rows {
		total += r.count
		if r.count == 0 {
			zeros++
		}
	}
	sorted := slices.Clone(rows)
	slices.SortStableFunc(sorted, func(a, b countRow) int { return b.count - a.count })
	nonzero := sorted[:len(sorted)-zeros]
	// zeroItems names the files with no match that fit in room, and
	// counts the rest.
	zeroItems := func(room int) []item {
		if zeros == 0 {
			return nil
		}
		zs := sorted[len(sorted)-zeros:]
		lead := "[0 matches in " + txt.Plural(zeros, "file") + ": "
		for n := len(zs); ; n = n * 3 / 4 {
			var entries []string
			for _, r := range zs[:n] {
				entries = append(entries, txt.TruncateRunes(r.path, 120))
			}
			if n < len(zs) {
				entries = append(entries, "and "+txt.Commas(len(zs)-n)+" more")
			}
			var items []item
			for _, l := range wrapEntries(lead, entries) {
				items = append(items, noteLine(l))
			}
			if itemsSize(items) <= room || n == 0 {
				return items
			}
		}
	}
	room := limit - itemsSize(zeroItems(0))
	// The busiest rows, sorted by count, in half the room; then of the
	// other files, rows spread over them in input order (the first, the
	// last, the middle, …), as a clip would show the input's ends; a note
	// counts what neither shows.
	var busiest []item
	used, shown := 0, 0
	inTable := make([]bool, len(rows))
	byLine := make(map[int]int, len(rows))
	for i, r := range rows {
		byLine[r.line.start] = i
	}
	for _, r := range nonzero {
		it := keepLine(text, r.line)
		if used+it.size() > room/2 {
			break
		}
		busiest = append(busiest, it)
		used += it.size()
		inTable[byLine[r.line.start]] = true
		shown++
	}
	var others []countRow
	for i, r := range rows {
		if !inTable[i] && r.count > 0 {
			others = append(others, r)
		}
	}
	items := busiest
	spreadShown := 0
	if len(others) > 0 {
		lo, hi, m := others[0].count, others[0].count, 0
		for _, r := range others {
			lo, hi, m = min(lo, r.count), max(hi, r.count), m+r.count
		}
		head := noteLine("[…the other " + txt.Plural(len(others), "file") + ", " + txt.Commas(lo) + " to " + txt.Commas(hi) + " matches each, " + txt.Commas(m) + " in all; some of them in input order:]")
		if used+head.size() > room {
			return plan{}, false
		}
		used += head.size()
		lines := make([]searchLine, len(others))
		for i, r := range others {
			lines[i] = r.line
		}
		all := sampleShape{n: len(lines), stride: 1, count: len(lines)}
		picked := make([]bool, len(lines))
		for _, i := range all.spreadPicks() {
			if c := keepLine(text, lines[i]).size(); used+c <= room {
				picked[i] = true
				used += c
				spreadShown++
			}
		}
		if spreadShown > 0 {
			items = append(items, head)
			for i, l := range lines {
				if picked[i] {
					items = append(items, keepLine(text, l))
				}
			}
		} else {
			items = append(items, noteLine("[…"+txt.Plural(len(others), "more file")+" with "+txt.Commas(lo)+" to "+txt.Commas(hi)+" matches each, "+txt.Commas(m)+" in all]"))
		}
	}
	if zs := zeroItems(limit - itemsSize(items)); zs != nil {
		if itemsSize(items)+itemsSize(zs) > limit {
			return plan{}, false
		}
		items = append(items, zs...)
	}
	if itemsSize(items) > limit {
		return plan{}, false
	}
	what := txt.Plural(len(rows), "file") + " counted, " + txt.Plural(total, "match") + " in all; " + txt.Commas(shown) + " busiest shown, sorted by count"
	if spreadShown > 0 {
		what += ", then " + txt.Commas(spreadShown) + " of the other " + txt.Commas(len(others)) + " in input order"
	}
	if zeros > 0 {
		what += "; " + txt.Commas(zeros) + " with 0 summarised"
	}
	if notices > 0 {
		what += "; " + txt.Plural(notices, "notice") + " (binary files, errors) not shown"
	}
	hint := "To see more, re-run the count on one directory, or without the files you do not need."
	return plan{strategy: StrategySearch, items: items, markerAt: len(items), what: what, hint: hint}, true
}
