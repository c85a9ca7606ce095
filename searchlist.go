package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// listHeadShare and listTailShare are the shares of the limit the head and
// the tail of a file list take; the directory counts of the paths between
// take what they need of the rest, and what they leave goes to the head.
const (
	listHeadShare = 0.45
	listTailShare = 0.2
)

// isListPath reports whether line is a path on its own, as grep -l, rg -l,
// rg --files and find print them: path-like, with a directory separator.
func isListPath(line string) bool {
	return strings.ContainsAny(line, `/\`) && looksLikePath(line) && !strings.HasSuffix(line, ":")
}

// planSearchList plans a list of paths (grep -l, rg -l, find): its head
// and tail verbatim, and the paths between counted by directory. It
// declines unless at least 20 lines are paths making 90 % of the non-empty
// lines (notices aside).
func planSearchList(text string, limit int) (plan, bool) {
	if limit < 64 {
		return plan{}, false
	}
	var paths []searchLine
	other, notices := 0, 0
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		line := strings.TrimSuffix(text[start:end], "\r")
		switch {
		case line == "":
		case isListPath(line):
			if _, ok := matchPrefix(line); ok {
				other++
			} else {
				paths = append(paths, searchLine{start: start, end: start + len(line), body: start})
			}
		default:
			if _, _, ok := parseNotice(line); ok {
				notices++
			} else {
				other++
			}
		}
		if other > 16 && 10*other > len(paths)+other {
			return plan{}, false
		}
		start = next
	}
	if len(paths) < searchMinMatches || 10*other > len(paths)+other {
		return plan{}, false
	}
	pathOf := func(l searchLine) string { return strings.TrimSuffix(text[l.start:l.end], "\r") }
	prefix := pathOf(paths[0])
	prefix = prefix[:strings.LastIndexAny(prefix, `/\`)+1]
	for _, l := range paths[1:] {
		p := pathOf(l)
		for !strings.HasPrefix(p, prefix) {
			prefix = prefix[:strings.LastIndexAny(prefix[:len(prefix)-1], `/\`)+1]
		}
		if prefix == "" {
			break
		}
	}
	size := func(l searchLine) int { return headItem(text, l, 512).size() }
	// The tail first, then the head, then the counts of what is between,
	// then more head while it fits.
	tail := len(paths)
	used := 0
	for tail > 0 && used+size(paths[tail-1]) <= int(listTailShare*float64(limit)) {
		tail--
		used += size(paths[tail])
	}
	head := 0
	for head < tail && used+size(paths[head]) <= int((listHeadShare+listTailShare)*float64(limit)) {
		used += size(paths[head])
		head++
	}
	counts := listCounts(paths[head:tail], pathOf, prefix, limit-used)
	// More head in what the counts leave; the counts of fewer paths take
	// no more room at the same depth, and are redone at the end.
	left := limit - used - itemsSize(counts)
	grown := head
	for grown < tail && size(paths[grown]) <= left {
		left -= size(paths[grown])
		used += size(paths[grown])
		grown++
	}
	for grown > head {
		c := listCounts(paths[grown:tail], pathOf, prefix, limit-used)
		if used+itemsSize(c) <= limit && (c != nil || grown == tail) {
			counts = c
			break
		}
		grown--
		used -= size(paths[grown])
	}
	head = grown
	if used+itemsSize(counts) > limit {
		return plan{}, false
	}
	var items []item
	for _, l := range paths[:head] {
		items = append(items, headItem(text, l, 512))
	}
	items = append(items, counts...)
	for _, l := range paths[tail:] {
		items = append(items, headItem(text, l, 512))
	}
	what := txt.Plural(len(paths), "path") + " listed"
	if prefix != "" {
		what += ", all under " + txt.TruncateRunes(prefix, 80)
	}
	what += "; the first " + txt.Commas(head) + " and the last " + txt.Commas(len(paths)-tail) + " shown, the " + txt.Commas(tail-head) + " between counted by directory"
	if notices > 0 {
		what += "; " + txt.Plural(notices, "notice") + " (binary files, errors) not shown"
	}
	hint := "To see more, re-run the listing on one directory, or filter it by name."
	return plan{strategy: StrategySearch, items: items, markerAt: len(items), what: what, hint: hint}, true
}

// listCounts counts the paths by directory, below prefix, at the deepest
// level that fits in room; one line of totals as the last resort.
func listCounts(paths []searchLine, pathOf func(searchLine) string, prefix string, room int) []item {
	if len(paths) == 0 {
		return nil
	}
	asItems := func(lines []string) []item {
		var items []item
		for _, l := range lines {
			items = append(items, noteLine(l))
		}
		return items
	}
	deepest := 0
	for _, l := range paths {
		p := pathOf(l)[len(prefix):]
		deepest = max(deepest, strings.Count(p, "/")+strings.Count(p, `\`))
	}
	lead := "[…" + txt.Plural(len(paths), "more path") + ": "
	for depth := min(deepest, maxDepths); depth >= 1; depth-- {
		var names []string
		count := map[string]int{}
		for _, l := range paths {
			p := pathOf(l)
			d := prefix + dirPrefix(p[len(prefix):], depth)
			if d == "" {
				d = "./"
			}
			if count[d] == 0 {
				names = append(names, d)
			}
			count[d]++
		}
		entries := make([]string, len(names))
		for i, n := range names {
			entries[i] = n + " (" + txt.Commas(count[n]) + ")"
		}
		if items := asItems(wrapEntries(lead, entries)); itemsSize(items) <= room {
			return items
		}
	}
	items := []item{noteLine("[…" + txt.Plural(len(paths), "more path") + "]")}
	if itemsSize(items) <= room {
		return items
	}
	return nil
}
