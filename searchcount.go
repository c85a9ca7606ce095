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
	c := strings.LastIndexByte(line, ':')
	if c <= 0 || c == len(line)-1 || digitRun(line, c+1) != len(line)-c-1 || len(line)-c-1 > 12 {
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
// count, busiest first, as many rows as fit; the files with no match are
// summarised on one line, the rows that do not fit on another, with exact
// totals in the marker.
func planSearchCounts(text string, limit int) (plan, bool) {
	if limit < 64 {
		return plan{}, false
	}
	var rows []countRow
	other, notices := 0, 0
	for start := 0; start < len(text); {
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
	suffix := make([]int, len(nonzero)+1)
	for i := len(nonzero) - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1] + nonzero[i].count
	}
	restNote := func(from int) item {
		if from >= len(nonzero) {
			return item{}
		}
		m := suffix[from]
		return noteLine("[…" + txt.Plural(len(nonzero)-from, "more file") + " with " + txt.Commas(nonzero[from].count) + " to " + txt.Commas(nonzero[len(nonzero)-1].count) + " matches each, " + txt.Commas(m) + " in all]")
	}
	room := limit - itemsSize(zeroItems(0))
	var items []item
	used := 0
	shown := 0
	for i, r := range nonzero {
		it := keepLine(text, r.line)
		if used+it.size()+restNote(i+1).size() > room {
			break
		}
		items = append(items, it)
		used += it.size()
		shown = i + 1
	}
	if rn := restNote(shown); rn.note != "" {
		if used+rn.size() > room {
			return plan{}, false
		}
		items = append(items, rn)
	}
	if zs := zeroItems(limit - itemsSize(items)); zs != nil {
		if itemsSize(items)+itemsSize(zs) > limit {
			return plan{}, false
		}
		items = append(items, zs...)
	}
	what := txt.Plural(len(rows), "file") + " counted, " + txt.Plural(total, "match") + " in all; " + txt.Commas(shown) + " busiest shown, sorted by count"
	if zeros > 0 {
		what += "; " + txt.Commas(zeros) + " with 0 summarised"
	}
	if notices > 0 {
		what += "; " + txt.Plural(notices, "notice") + " (binary files, errors) not shown"
	}
	hint := "To see more, re-run the count on one directory, or without the files you do not need."
	return plan{strategy: StrategySearch, items: items, markerAt: len(items), what: what, hint: hint}, true
}
