package headroom

import (
	"maps"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// listHeadShare and listTailShare are the shares of the limit, in
// percent, the head and the tail of a file list take first; paths spread
// between and the directory counts of the others share the rest, and what
// the counts leave goes to the head.
const (
	listHeadShare = 40
	listTailShare = 12
)

// isListPath reports whether line is a path on its own, as grep -l, rg -l,
// rg --files and find print them: path-like, with a directory separator,
// and not quoted after a word (`Compiling 'pkg/a.py'...` is a message
// naming a path: a tool quotes the paths it writes into its messages).
func isListPath(line string) bool {
	return strings.ContainsAny(line, `/\`) && looksLikePath(line) && !strings.HasSuffix(line, ":") && !quotesAfterWord(line)
}

// quotesAfterWord reports whether a quote opens after a space in line.
func quotesAfterWord(line string) bool {
	return strings.Contains(line, " '") || strings.Contains(line, " `") || strings.Contains(line, " ‘")
}

// statusFails reports whether a listed line carries a status after its
// path, `path: WORD …`, that says a failure (md5sum -c's `a/b.py: FAILED`,
// a checker's `a/c.txt: FAILED open or read`): a list of outcomes, whose
// failures a list's sample would count away.
func statusFails(line string) bool {
	i := strings.Index(line, ": ")
	if i <= 0 {
		return false
	}
	status := line[i+2:]
	return status != "" && !strings.ContainsAny(status, `/\`) && failureSignal(status) != sigNone
}

// statusBefore returns the status a listed line carries before its path,
// `STATUS: path` (a loop's `valid UTF-8: a/copyright`), or "" when there
// is none: a few words with no directory separator, up to maxStatusLen
// bytes, before the line's first ": ".
func statusBefore(line string) string {
	i := strings.Index(line, ": ")
	if i <= 0 || i > maxStatusLen || strings.ContainsAny(line[:i], `/\`) {
		return ""
	}
	return line[:i]
}

// maxStatusLen bounds a status before a listed path: a word or three.
const maxStatusLen = 40

// planSearchList plans a list of paths (grep -l, rg -l, find): its head
// and tail verbatim, paths spread evenly between, and the others counted
// by directory under the prefix all share, the counts taking at most an
// eighth of the limit and never costing a path a clip of the same size
// would show. It declines unless at least 20 lines are paths making 90 %
// of the non-empty lines (notices aside), and when a line that is no path
// is an error a log rule knows (prettier --check's `[error] file: …` among
// its `[warn] file` lines), or a path's status says a failure
// (statusFails), or the paths carry statuses before them and two differ
// (statusBefore: a loop's `valid UTF-8: a/copyright` and its one
// `NOT UTF-8: b/copyright`, which no failure word tells): a list of
// outcomes, whose odd one a list's sample would count away. That is a
// run's log, for the log or the lines planner.
func planSearchList(text string, limit int) (plan, bool) {
	if limit < 64 {
		return plan{}, false
	}
	var paths []searchLine
	var kept listOthers
	var near failureNeighbours
	other, notices := 0, 0
	status := ""
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		line := strings.TrimSuffix(text[start:end], "\r")
		l := searchLine{start: start, end: start + len(line), body: start}
		switch {
		case line == "":
		case isListPath(line):
			if statusFails(line) {
				return plan{}, false // md5sum -c's `path: FAILED` among `path: OK`: a check's log
			}
			if st := statusBefore(line); st != "" {
				if status != "" && st != status {
					return plan{}, false // `NOT UTF-8: a/b` among `valid UTF-8: a/c`: a check's log
				}
				status = st
			}
			if _, ok := matchPrefix(line); ok {
				other++
				kept.add(l, line, len(paths) == 0)
			} else {
				near.path(len(paths))
				paths = append(paths, l)
				kept.path()
			}
		default:
			if _, _, ok := parseNotice(line); ok {
				notices++
			} else if c, open := classifyFull(line, false); c == lineError && !weakOpen(open) {
				return plan{}, false // a tool's error among paths: a log that names files
			} else {
				other++
				kept.add(l, line, len(paths) == 0)
				if c == lineError || hasFailureSignal(line) {
					near.failure(len(paths))
				}
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
	if isEdgeList(paths, pathOf) {
		return plan{}, false
	}
	others, otherItems, dropped, fits := kept.lines(text, limit/4)
	if !fits {
		return plan{}, false // a list whose other lines say much: a log, for the log planner
	}
	limit -= itemsSize(otherItems)
	if dropped > 0 {
		near.kept = nil // the failures between paths are counted, not shown
	}
	nearItems := near.items(text, paths, limit/8)
	prefix := commonDir(paths, pathOf)
	sel, ok := selectListed(text, paths, pathOf, prefix, limit-itemsSize(nearItems))
	if !ok {
		return plan{}, false
	}
	// The neighbours the selection shows need no room of their own: the
	// paths are chosen again in the room only the others need, and that
	// choice stands when it shows or keeps room for every neighbour.
	var unshown []int
	var unshownItems []item
	for x, i := range near.kept {
		if !sel.shows(i) {
			unshown = append(unshown, i)
			unshownItems = append(unshownItems, nearItems[x])
		}
	}
	if len(unshown) < len(near.kept) {
		if wider, ok := selectListed(text, paths, pathOf, prefix, limit-itemsSize(unshownItems)); ok &&
			!slices.ContainsFunc(near.kept, func(i int) bool { return !wider.shows(i) && !slices.Contains(unshown, i) }) {
			sel, near.kept, nearItems = wider, unshown, unshownItems
		}
	}
	// Every item at its place: the counts stand where the first path they
	// count would, the lines that are no path where they are.
	var placed []placedItem
	for i := range sel.head {
		placed = append(placed, placedItem{paths[i].start, headItem(text, paths[i], listLineCap)})
	}
	countsAt := len(text)
	if sel.head < len(paths) {
		countsAt = paths[sel.head].start
	}
	for _, c := range sel.counts {
		placed = append(placed, placedItem{countsAt, c})
	}
	for _, i := range sel.spread {
		placed = append(placed, placedItem{paths[i].start, headItem(text, paths[i], listLineCap)})
	}
	for i := sel.tail; i < len(paths); i++ {
		placed = append(placed, placedItem{paths[i].start, headItem(text, paths[i], listLineCap)})
	}
	for x, l := range others {
		placed = append(placed, placedItem{l.start, otherItems[x]})
	}
	for x, i := range near.kept {
		if !sel.shows(i) {
			placed = append(placed, placedItem{paths[i].start, nearItems[x]})
		}
	}
	slices.SortStableFunc(placed, func(a, b placedItem) int { return a.at - b.at })
	items := make([]item, 0, len(placed))
	for _, p := range placed {
		items = append(items, p.it)
	}
	what := txt.Plural(len(paths), "path") + " listed"
	if prefix != "" {
		what += ", all under " + txt.TruncateRunes(prefix, 80)
	}
	what += "; the first " + txt.Commas(sel.head)
	if len(sel.spread) > 0 {
		what += ", " + txt.Commas(len(sel.spread)) + " spread between"
	}
	what += " and the last " + txt.Commas(len(paths)-sel.tail) + " shown"
	if rest := len(paths) - sel.listed(len(paths)); rest > 0 {
		what += ", the other " + txt.Commas(rest) + " counted"
		if len(sel.counts) > 0 && strings.Contains(sel.counts[0].note, " by directory") {
			what += " by directory"
		}
	}
	if len(others) > 0 {
		what += "; " + txt.Plural(len(others), "line") + " naming no path kept"
	}
	if dropped > 0 {
		what += "; " + txt.Plural(dropped, "other line") + " not shown"
	}
	if notices > 0 {
		what += "; " + txt.Plural(notices, "notice") + " (binary files, errors) not shown"
	}
	hint := "To see more, re-run the listing on one directory, or filter it by name."
	return plan{strategy: StrategySearch, items: items, markerAt: len(items), what: what, hint: hint}, true
}

// failureNeighbours finds the paths either side of a line between paths
// that says a failure (cpio's `cpio: a/b.js: Cannot stat: No such file or
// directory` after the path it wrote last, rsync's `rsync: … Operation not
// permitted`): where in the list the run failed, which a plan that keeps
// the line but counts the paths around it away does not say.
type failureNeighbours struct {
	kept  []int // indexes of paths, in input order, each once
	after bool  // the next path follows a failure
}

// failure marks a failure line met after the first n paths.
func (f *failureNeighbours) failure(n int) {
	if n > 0 && (len(f.kept) == 0 || f.kept[len(f.kept)-1] != n-1) {
		f.kept = append(f.kept, n-1)
	}
	f.after = n > 0
}

// path marks path i met.
func (f *failureNeighbours) path(i int) {
	if f.after {
		f.kept = append(f.kept, i)
		f.after = false
	}
}

// items returns the neighbours' items, the first ones while they fit in
// room bytes, and drops the others from kept.
func (f *failureNeighbours) items(text string, paths []searchLine, room int) []item {
	var items []item
	for k, i := range f.kept {
		it := headItem(text, paths[i], listLineCap)
		if room -= it.size(); room < 0 {
			f.kept = f.kept[:k]
			break
		}
		items = append(items, it)
	}
	return items
}

// A placedItem is an item of a list plan and the offset it stands at.
type placedItem struct {
	at int
	it item
}

// listOthers gathers the lines of a file list that are no path, which its
// plan keeps at their place: all of them when they fit (between paths, a
// line that is no path is a rare line: rsync's `rsync: [receiver] rename
// … Operation not permitted`, tar's `Cannot open`), else those before
// the first path (a tool's header), those that say a failure and those
// after the last path (a run's totals and its verdict).
type listOthers struct {
	kept, mid, trail []searchLine
}

// add takes in line l, before any path when lead.
func (o *listOthers) add(l searchLine, line string, lead bool) {
	if lead || hasFailureSignal(line) {
		o.kept = append(o.kept, l)
	} else {
		o.trail = append(o.trail, l)
	}
}

// path marks a path met: the lines since the last one are between paths.
func (o *listOthers) path() {
	o.mid = append(o.mid, o.trail...)
	o.trail = o.trail[:0]
}

// lines returns the lines kept, in order, as items of at most room bytes
// in all: every line when they fit, else all but those between paths
// that say no failure, with how many of those are not shown; false when
// even those do not fit.
func (o *listOthers) lines(text string, room int) ([]searchLine, []item, int, bool) {
	pick := func(parts ...[]searchLine) ([]searchLine, []item, bool) {
		all := slices.Concat(parts...)
		slices.SortFunc(all, func(a, b searchLine) int { return a.start - b.start })
		items := make([]item, len(all))
		for i, l := range all {
			items[i] = headItem(text, l, listLineCap)
		}
		return all, items, itemsSize(items) <= room
	}
	if all, items, ok := pick(o.kept, o.mid, o.trail); ok {
		return all, items, 0, true
	}
	all, items, ok := pick(o.kept, o.trail)
	return all, items, len(o.mid), ok
}

// isEdgeList reports whether the paths are pairs, `from to` (go mod
// graph, a dependency graph's edges): a line of two space-separated
// fields with a separator in each, whose second field starts another
// line as its first, at least one line in eight. A path with a space in
// it (`docs/My Files/a.txt`) is one path: what follows its space never
// starts another line.
func isEdgeList(paths []searchLine, pathOf func(searchLine) string) bool {
	from := make(map[string]struct{}, len(paths)/4)
	pairs := 0
	for _, l := range paths {
		a, b, ok := strings.Cut(pathOf(l), " ")
		if ok && strings.ContainsAny(a, `/\`) && strings.ContainsAny(b, `/\`) && !strings.Contains(b, " ") {
			from[a] = struct{}{}
			pairs++
		}
	}
	if 2*pairs < len(paths) {
		return false
	}
	linked := 0
	for _, l := range paths {
		if _, b, ok := strings.Cut(pathOf(l), " "); ok {
			if _, isFrom := from[b]; isFrom {
				linked++
			}
		}
	}
	return 8*linked >= len(paths)
}

// listLineCap is the bytes of a path shown before it is cut.
const listLineCap = 512

// commonDir returns the directory every path is under, with its
// trailing separator, or "".
func commonDir(paths []searchLine, pathOf func(searchLine) string) string {
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
	return prefix
}

// A listSelection is what a file list plan shows: paths[:head], the
// paths spread (indexes, in order), paths[tail:], and the counts of the
// others by directory.
type listSelection struct {
	head, tail int
	spread     []int
	counts     []item
}

// listed is how many paths s shows.
func (s listSelection) listed(n int) int { return s.head + len(s.spread) + n - s.tail }

// shows reports whether s shows path i.
func (s listSelection) shows(i int) bool {
	return i < s.head || i >= s.tail || slices.Contains(s.spread, i)
}

// selectListed picks the paths a list plan shows within limit
// (chooseListed), so that its counts by directory and its spread never
// cost listed paths a clip would show: without the room for counts, then
// shaped as a clip. In a list cut little (see cutLittle) the clip's head
// is most of the list, and a spread as long as the paths it costs the
// head shows no more: there the plan shows every path the clip's head
// shows, not only as many.
func selectListed(text string, paths []searchLine, pathOf func(searchLine) string, prefix string, limit int) (listSelection, bool) {
	floor := clipListed(text, paths, limit)
	headFloor := 0
	if cutLittle(len(text), limit) {
		for headFloor < len(paths) && paths[headFloor].end < clipHeadReach(limit) {
			headFloor++
		}
	}
	short := func(sel listSelection) bool {
		return sel.listed(len(paths)) < floor || sel.head < headFloor && !sel.showsAll(headFloor)
	}
	sel, ok := chooseListed(text, paths, pathOf, prefix, limit, limit/8, listHeadShare)
	if ok && short(sel) {
		sel, ok = chooseListed(text, paths, pathOf, prefix, limit, 0, listHeadShare)
	}
	if ok && short(sel) {
		sel, ok = chooseListed(text, paths, pathOf, prefix, limit, 0, 75)
	}
	return sel, ok
}

// showsAll reports whether s shows each of the first k paths.
func (s listSelection) showsAll(k int) bool {
	for i := s.head; i < k; i++ {
		if !s.shows(i) {
			return false
		}
	}
	return true
}

// chooseListed picks the paths a list plan shows within limit: the tail
// (an eighth of the limit), the head (headShare percent more), then paths
// spread between (spreadPicks: the middle, the quarters, …) in what the
// counts by directory leave of their room (at most countRoom), then more
// head in what the counts do not use.
func chooseListed(text string, paths []searchLine, pathOf func(searchLine) string, prefix string, limit, countRoom, headShare int) (listSelection, bool) {
	size := func(i int) int { return headItem(text, paths[i], listLineCap).size() }
	n := len(paths)
	used := 0
	tail := n
	if size(n-1) <= limit/4 {
		tail-- // the last path, however long
		used += size(tail)
	}
	for tail > 0 && used+size(tail-1) <= limit*listTailShare/100 {
		tail--
		used += size(tail)
	}
	head := 0
	for head < tail && used+size(head) <= limit*(headShare+listTailShare)/100 {
		used += size(head)
		head++
	}
	// The counts take at least the line of totals.
	countRoom = max(countRoom, noteLine("[…"+txt.Plural(n, "more path")+"]").size())
	shown := make([]bool, n)
	all := sampleShape{n: n, stride: 1, count: n}
	for _, i := range all.spreadPicks() {
		i := int(i)
		if i < head || i >= tail {
			continue
		}
		if used+size(i) > limit-countRoom {
			break // the spread in its order; what is left goes to the head
		}
		shown[i] = true
		used += size(i)
	}
	// The counts of the paths not shown, then more head in what they leave.
	others := func() []searchLine {
		var o []searchLine
		for i := head; i < tail; i++ {
			if !shown[i] {
				o = append(o, paths[i])
			}
		}
		return o
	}
	counts := tallyPaths(others(), pathOf, prefix).counts(limit - used)
	left := limit - used - itemsSize(counts)
	for head < tail && (shown[head] || size(head) <= left) {
		if !shown[head] {
			left -= size(head)
			used += size(head)
		}
		shown[head] = false
		head++
	}
	// Backing off, the head gives its last path back to the others,
	// where it is their first: the tally takes it in, not counted anew.
	tally := tallyPaths(others(), pathOf, prefix)
	for {
		counts = tally.counts(limit - used)
		if used+itemsSize(counts) <= limit && (counts != nil || tally.n == 0) {
			break
		}
		if head == 0 {
			return listSelection{}, false
		}
		head--
		used -= size(head)
		tally.add(pathOf(paths[head]), true)
	}
	sel := listSelection{head: head, tail: tail, counts: counts}
	for i := head; i < tail; i++ {
		if shown[i] {
			sel.spread = append(sel.spread, i)
		}
	}
	return sel, true
}

// clipListed is how many paths a head 75 % / tail 12.5 % clip of limit
// bytes of text shows whole.
func clipListed(text string, paths []searchLine, limit int) int {
	n := 0
	for _, l := range paths {
		if l.end < limit*3/4 || l.start >= len(text)-limit/8 {
			n++
		}
	}
	return n
}

// A listTally counts paths by directory below a prefix, at every depth
// up to the deepest path's (at most maxDepths), the directories of each
// depth in order of first appearance. A path can join at the front, so
// that a plan backing off its head adjusts the counts instead of counting
// every path again.
type listTally struct {
	prefix string
	n      int
	// levels[d] is the directories cut to d components; at depth 0 every
	// path is in "./".
	levels []dirLevel
}

// A dirLevel is the directories of one depth, in order of first
// appearance, and how many paths each holds.
type dirLevel struct {
	names []string
	count map[string]int
}

// tallyPaths counts paths, all under prefix, by directory.
func tallyPaths(paths []searchLine, pathOf func(searchLine) string, prefix string) *listTally {
	t := &listTally{prefix: prefix, levels: []dirLevel{{count: map[string]int{}}}}
	for _, l := range paths {
		t.add(pathOf(l), false)
	}
	return t
}

// add counts path, after the others or, at the front, before them: its
// directories then appear first at every depth.
func (t *listTally) add(path string, front bool) {
	p := path[len(t.prefix):]
	depth := min(strings.Count(p, "/")+strings.Count(p, `\`), maxDepths)
	for d := len(t.levels); d <= depth; d++ {
		// A deeper level: every path so far ends above it, so it is in the
		// directory it has one level up.
		up := t.levels[d-1]
		t.levels = append(t.levels, dirLevel{names: slices.Clone(up.names), count: maps.Clone(up.count)})
	}
	t.n++
	for d := range t.levels {
		t.levels[d].add(groupName(p, d), front)
	}
}

// add counts a path in directory name, after the others or at the front.
func (l *dirLevel) add(name string, front bool) {
	c := l.count[name]
	l.count[name] = c + 1
	switch {
	case c == 0 && !front:
		l.names = append(l.names, name)
	case c == 0:
		l.names = slices.Insert(l.names, 0, name)
	case front:
		i := slices.Index(l.names, name)
		copy(l.names[1:i+1], l.names[:i])
		l.names[0] = name
	}
}

// counts writes the count of the paths by directory below the prefix
// (named once, in the lead), at the deepest level that fits in room and
// tells directories apart; else, at the coarsest level that does, the
// busiest directories that fit and a count of the rest; one line of
// totals as the last resort.
func (t *listTally) counts(room int) []item {
	if t.n == 0 {
		return nil
	}
	asItems := func(lines []string) []item {
		var items []item
		for _, l := range lines {
			items = append(items, noteLine(l))
		}
		return items
	}
	lead := "[…" + txt.Plural(t.n, "more path") + " by directory"
	if t.prefix != "" {
		lead += " under " + txt.TruncateRunes(t.prefix, 80)
	}
	lead += ": "
	var names []string
	var count map[string]int
	for depth := len(t.levels) - 1; depth >= 1; depth-- {
		level := t.levels[depth]
		if len(level.names) < 2 {
			continue
		}
		names, count = level.names, level.count
		entries := make([]string, len(names))
		for i, n := range names {
			entries[i] = n + " (" + txt.Commas(count[n]) + ")"
		}
		if items := asItems(wrapEntriesLead(lead, "[…", entries)); itemsSize(items) <= room {
			return items
		}
	}
	if len(names) >= 2 {
		// The busiest directories of the coarsest level, in input order.
		busiest := slices.Clone(names)
		slices.SortStableFunc(busiest, func(a, b string) int { return count[b] - count[a] })
		for k := len(busiest) - 1; k >= 1; k = k * 3 / 4 {
			named := map[string]bool{}
			rest := t.n
			for _, n := range busiest[:k] {
				named[n] = true
				rest -= count[n]
			}
			var entries []string
			for _, n := range names {
				if named[n] {
					entries = append(entries, n+" ("+txt.Commas(count[n])+")")
				}
			}
			entries = append(entries, "and "+txt.Commas(rest)+" in "+txt.Plural(len(names)-k, "more directory"))
			if items := asItems(wrapEntriesLead(lead, "[…", entries)); itemsSize(items) <= room {
				return items
			}
		}
	}
	items := []item{noteLine("[…" + txt.Plural(t.n, "more path") + "]")}
	if itemsSize(items) <= room {
		return items
	}
	return nil
}
