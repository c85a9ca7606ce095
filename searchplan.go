package headroom

import (
	"maps"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// searchPlanner chooses what a search plan shows within limit bytes.
type searchPlanner struct {
	text        string
	sc          *searchScan
	limit       int
	lineCap     int
	needle      string // the text the matches share, when one stands out
	needleDone  bool
	caps        map[int]int // line start → the cap of a line shrunk to fit
	index       searchIndex
	notices     []item
	contextKept int
	carrying    bool           // match costs count the line they carry (carryCost)
	carrier     *searchContext // finds the lines match lines carry
	dirs        *dirTree       // the directories of sc.files (assignDirs)
	// noLastReserve turns lastMatchReserve off (searchOptions).
	noLastReserve bool
}

func newSearchPlanner(text string, sc *searchScan, limit, lineCap int) *searchPlanner {
	return &searchPlanner{text: text, sc: sc, limit: limit, lineCap: lineCap, dirs: assignDirs(sc.files)}
}

// matchShare is the share of the output, marker included, first match
// lines take before the index of the other files gets room: more than
// half, so that matches stay the most of any output.
const matchShare = 0.55

// plan returns the items of the plan, in input order: every file with a
// shown line (its rg heading, its lines with their context, a count of
// the rest), then the notices, then the index of the other files.
func (sp *searchPlanner) plan() ([]item, bool) {
	files := sp.sc.files
	sp.notices = sp.noticeItems(sp.limit / 8)
	trailer := searchTrailer(sp.text, sp.sc.shapedEnd, sp.limit/16)
	avail := sp.limit - itemsSize(sp.notices) - itemsSize(trailer)
	// A first line's cost a file, in int32 as the text is under 2 GiB:
	// a flood has a file a match line or two.
	first := make([]int32, len(files))
	sum := 0
	for i, f := range files {
		c := sp.firstCost(f)
		first[i] = int32(c)
		sum += c
	}
	used := 0
	lastRoom := 0
	if sum <= avail {
		for _, f := range files {
			f.shown = 1
		}
		used = sum
	} else {
		// The output's last match line keeps its room from the first
		// lines, when it costs an eighth of them at most: what it takes
		// it uses (searchlastmatch.go).
		if r := sp.lastMatchReserve(); r <= avail/8 {
			lastRoom = r
		}
		// With -C context, what a blind clip's tail shows keeps its
		// room too: the first lines would leave it none.
		if r := sp.contextTailReserve(); r > 0 && r <= avail/tailReserveShare {
			lastRoom = r
		}
		avail -= lastRoom
		// Each first line with the line it carries, when it ends
		// unfinished and the input has context.
		if sp.sc.context > 0 {
			sp.carrying = true
			for i, f := range files {
				first[i] += int32(sp.carryCost(f, f.sample.line(0)))
			}
		}
		// Matches first: the first lines of the files that spread over
		// the result best, until they hold their share.
		pending, spreadUsed := sp.spreadFirsts(first, avail)
		// The last line's room is for what the last file shows after its
		// first: when its first did not fit, nothing uses it, and the
		// first lines are spread again without it (at a small limit it
		// left every match line out and the room unused).
		if last := files[len(files)-1]; lastRoom > 0 && last.shown == 0 {
			avail += lastRoom
			lastRoom = 0
			for _, f := range files {
				f.shown = 0
			}
			pending, spreadUsed = sp.spreadFirsts(first, avail)
		}
		used += spreadUsed
		pendingOrder(files, pending)
		// The index of the other files takes what it needs of the rest;
		// what it leaves goes to more first lines, cut shorter when that
		// is what fits, as long as the index stays as detailed.
		sp.index = fitIndex(unshownFiles(files), sp.dirs, avail-used)
		base := sp.index
		// With -C context and every other file listed by name, the first
		// matches' windows keep their share from further first lines, as
		// they do from further rounds: a file that shows no line is still
		// named.
		reserve := 0
		if sp.index.flat {
			reserve = sp.windowRoom()
		}
		var added []*searchFile
		var costs []int
		for _, i := range pending {
			f := files[i]
			save := 0
			if sp.index.flat {
				save = indexEntryLen(f) + 2
			}
			left := avail - used - sp.index.cost - indexSlack - reserve
			c := int(first[i])
			if c-save > left {
				c = sp.shrinkFirst(f, left+save)
			}
			if c < 0 || c-save > left {
				continue
			}
			f.shown = 1
			used += c
			if sp.index.flat {
				sp.index.cost -= save
				continue
			}
			added = append(added, f)
			costs = append(costs, c)
		}
		if len(added) > 0 {
			// A coarser index for more lines is a bad trade. One count
			// of the index checks all the lines added; when it comes out
			// coarser, or too large, halving finds how many of them keep
			// it as detailed: a few passes over the files, never one per
			// line.
			keep := func(m int) {
				for k, f := range added {
					switch {
					case k < m && f.shown == 0:
						f.shown = 1
						used += costs[k]
					case k >= m && f.shown == 1:
						f.shown = 0
						used -= costs[k]
					}
				}
			}
			fits := func(m int) bool {
				keep(m)
				ix := fitIndex(unshownFiles(files), sp.dirs, avail-used)
				return ix.cost <= avail-used && !ix.coarser(base)
			}
			if !fits(len(added)) {
				lo, hi := 0, len(added) // fits(lo); not fits(hi)
				for hi-lo > 1 {
					if mid := (lo + hi) / 2; fits(mid) {
						lo = mid
					} else {
						hi = mid
					}
				}
				keep(lo)
				for _, f := range added[lo:] {
					delete(sp.caps, f.sample.line(0).start)
				}
			}
		}
		sp.index = fitIndex(unshownFiles(files), sp.dirs, avail-used)
		if sp.index.cost > avail-used {
			return nil, false
		}
	}
	// Further matches once every file shows one, a round at a time. When
	// they do not all fit and the input has -C context, the windows of
	// the first matches (searchContext.windows) keep a share of the limit
	// from them.
	remaining := avail - used - sp.index.cost
	// The output's last match line before the rounds, in the room
	// reserved for it (lastRoom, never set with context or the reserve
	// off) or, unreserved, in what is left; with context the tail keeps
	// it (tailRoom).
	remaining += lastRoom
	if sp.sc.context == 0 && !sp.noLastReserve {
		remaining -= sp.showLastMatch(remaining)
	}
	var active []*searchFile
	for _, f := range files {
		if f.shown == 0 {
			active = nil
			break
		}
		if f.more() {
			active = append(active, f)
		}
	}
	tail := min(remaining, sp.tailRoom())
	if sp.sc.context > 0 && len(active) > 0 {
		shown := make([]int, len(active))
		for k, f := range active {
			shown[k] = int(f.shown)
		}
		caps := maps.Clone(sp.caps)
		left := sp.rounds(active, remaining)
		if !anyMore(active) {
			// Every match fits: context, the clip's tail's too, takes
			// only the room they leave.
			remaining = left
		} else {
			for k, f := range active {
				f.shown = int32(shown[k])
			}
			sp.caps = caps
			// The lines the first matches carry, then the first
			// matches' windows and the clip's tail, take their share
			// from further matches.
			remaining -= sp.carryFurther(remaining)
			spare := min(remaining, sp.windowRoom()+tail)
			remaining = sp.rounds(active, remaining-spare) + spare
		}
	} else {
		remaining = sp.rounds(active, remaining)
	}
	if tail > 0 {
		remaining -= sp.showLastMatch(min(remaining, tail))
	}
	// Context lines only once the matches are settled: when matches are
	// left out, the first matches' windows, then the lines nearest every
	// shown match.
	var cx *searchContext
	if sp.sc.context > 0 {
		cx = newSearchContext(sp.text, *sp.sc, sp.lineCap)
		// The lines unfinished matches carry: first when their cost
		// was counted (carrying), after the windows otherwise.
		if sp.carrying {
			back := sp.carryRoom()
			c, kept := cx.carry(remaining + back)
			remaining += back - c
			sp.contextKept += kept
		}
		shown := 0
		for _, f := range files {
			shown += f.linesIn(int(f.shown))
		}
		// The first file's window, then, in a search cut by three times
		// or more, what a blind clip's tail shows (the last match's
		// context, from the output's end back), then the other windows:
		// a clip's head and tail, then the files between.
		var order []*searchFile
		windowRoom := min(remaining, sp.windowRoom())
		if shown < sp.sc.matches {
			order = spreadOrder(files)
			w, kept := cx.windows(order[:1], windowRoom)
			remaining -= w
			windowRoom -= w
			sp.contextKept += kept
			order = order[1:]
		}
		// In a search cut little, its matches all shown, the last
		// match's lines a blind clip's tail ends on come before those
		// unfinished matches carry, in input order, which can take all
		// the room the matches leave (clipRuns, after them, keeps the
		// rest of the clip's head and tail).
		lastRoom := 0
		if tail > 0 {
			lastRoom = min(remaining, tail)
		} else if shown == sp.sc.matches && cutLittle(len(sp.text), sp.limit) {
			lastRoom = remaining
		}
		if lastRoom > 0 {
			c, kept := cx.lastRun(lastRoom, clipTailReach(len(sp.text), sp.limit))
			remaining -= c
			sp.contextKept += kept
		}
		if len(order) > 0 {
			w, kept := cx.windows(order, min(remaining, windowRoom))
			remaining -= w
			sp.contextKept += kept
		}
		if !sp.carrying {
			c, kept := cx.carry(remaining)
			remaining -= c
			sp.contextKept += kept
		}
		// A search cut little keeps the context a clip's head and tail
		// show before context spread over every match (see clipRuns).
		if cutLittle(len(sp.text), sp.limit) {
			c, kept := cx.clipRuns(remaining, clipHeadReach(sp.limit), clipTailReach(len(sp.text), sp.limit))
			remaining -= c
			sp.contextKept += kept
		}
		sp.contextKept += cx.grow(remaining)
	}
	var items []item
	at := 0
	for _, f := range files {
		items = sp.appendFileItems(items, f, cx, at)
		at += int(f.shown)
	}
	items = append(items, sp.notices...)
	for _, l := range sp.index.lines {
		items = append(items, noteLine(l))
	}
	return append(items, trailer...), true
}

// spreadFirsts shows the first lines of the files that spread over the
// result best (first[i] what file i's costs) until they hold their share
// of the output or avail, less the index's floor, is spent. It
// returns the files it passed over, as positions in sp.sc.files, and
// the bytes it used.
func (sp *searchPlanner) spreadFirsts(first []int32, avail int) (pending []int32, used int) {
	files := sp.sc.files
	floor := indexFloor(files)
	// The goal counts the marker, at its largest, as output.
	goal := int(matchShare * float64(sp.limit+plannerReserve(len(sp.text))))
	lineBytes := 0
	for _, i := range spreadPositions(files) {
		f := files[i]
		if c := int(first[i]); lineBytes < goal && used+c <= avail-floor {
			f.shown = 1
			used += c
			// An rg heading is the path part of its lines.
			lineBytes += sp.lineCost(f.sample.line(0))
			if f.heading != nil {
				lineBytes += keepLine(sp.text, *f.heading).size()
			}
			continue
		}
		// pending holds positions in files, half a pointer's bytes.
		pending = append(pending, i)
	}
	return pending, used
}

// tailReserveShare bounds contextTailReserve's room: a sixth of what the
// plan has, as the clip's tail is an eighth of its limit, and the last
// match's count note and cut lines cost a few bytes more.
const tailReserveShare = 6

// windowRoom is what the first matches' -C windows may take from further
// matches: an eighth of the limit, as notices get, so that match lines
// stay the most of the output; nothing without context.
func (sp *searchPlanner) windowRoom() int {
	if sp.sc.context == 0 {
		return 0
	}
	return sp.limit / 8
}

// tailRoom is the room a search with -C context cut by three times or
// more keeps for what a blind clip's tail shows and a plan of its matches
// would not: the output's last match and the context lines above and
// below it that lie in the clip's tail (an eighth of the limit before the
// end), at most that eighth. Nothing without context or in a search cut
// by less, where clipRuns keeps the clip's tail and head.
func (sp *searchPlanner) tailRoom() int {
	files := sp.sc.files
	if sp.sc.context == 0 || len(files) == 0 || cutLittle(len(sp.text), sp.limit) {
		return 0
	}
	f := files[len(files)-1]
	from := f.sample.line(f.sample.len() - 1).start
	cx := &searchContext{text: sp.text, lineCap: sp.lineCap}
	for range maxTailContext {
		if from == 0 {
			break
		}
		above := strings.LastIndexByte(sp.text[:from-1], '\n') + 1
		if _, ok := cx.contextLine(f, above); !ok {
			break
		}
		from = above
	}
	from = max(from, clipTailReach(len(sp.text), sp.limit))
	return min(sp.limit*clipTailEighths/8, max(0, len(sp.text)-from))
}

// maxTailContext bounds the context lines above the last match tailRoom
// counts: grep -C prints a few.
const maxTailContext = 16

// showLastMatch shows the output's last match line, the last line of the
// last file, when that file shows only its first and the line fits in
// room; it returns the room used. A blind clip's tail ends on it.
func (sp *searchPlanner) showLastMatch(room int) int {
	files := sp.sc.files
	if len(files) == 0 {
		return 0
	}
	f := files[len(files)-1]
	if f.shown != 1 || !f.more() {
		return 0
	}
	c := sp.nextCost(f)
	if c > room {
		return 0
	}
	f.take()
	return c
}

// rounds shows further lines of the active files within room bytes, a
// round at a time: every file's second before any third; a line that
// does not fit whole is cut to what does. It returns the room left.
func (sp *searchPlanner) rounds(active []*searchFile, room int) int {
	active = slices.Clone(active)
	for len(active) > 0 {
		next := active[:0]
		for _, f := range active {
			c := sp.nextCost(f)
			if c > room {
				c = sp.shrinkNext(f, room)
			}
			if c < 0 || c > room {
				continue
			}
			f.take()
			room -= c
			if f.more() {
				next = append(next, f)
			}
		}
		active = next
	}
	return room
}

// anyMore reports whether one of files has a remembered line not shown.
func anyMore(files []*searchFile) bool {
	return slices.ContainsFunc(files, (*searchFile).more)
}

// maxTrailerLines bounds a search output's closing summary.
const maxTrailerLines = 8

// searchTrailer keeps a search output's closing summary whole: the lines
// after its last match, notice or context line, as a tool prints its
// totals there (ag and rg --stats: matches, files, bytes searched, time),
// when they are at most maxTrailerLines lines and room bytes; none
// otherwise.
func searchTrailer(text string, from, room int) []item {
	rest := text[min(from, len(text)):]
	if strings.TrimSpace(rest) == "" || strings.Count(strings.TrimRight(rest, "\n"), "\n") >= maxTrailerLines {
		return nil
	}
	it := keepRange(from, len(text))
	it.eol = !strings.HasSuffix(rest, "\n")
	if it.size() > room {
		return nil
	}
	return []item{it}
}

// indexSlack is what the index may grow by when files leave it, as its
// lines wrap differently.
const indexSlack = 16

// spreadOrder returns files in the order they get a first line when not
// all can: the first, the last and the busiest, then files evenly between
// (the middle, the quarters, …), every third pick the next busiest.
func spreadOrder(files []*searchFile) []*searchFile {
	out := make([]*searchFile, 0, len(files))
	for _, i := range spreadPositions(files) {
		out = append(out, files[i])
	}
	return out
}

// spreadPositions is spreadOrder as positions in files.
func spreadPositions(files []*searchFile) []int32 {
	n := len(files)
	if n == 0 {
		return nil
	}
	busiest := make([]int32, n)
	for i := range busiest {
		busiest[i] = int32(i)
	}
	slices.SortStableFunc(busiest, func(a, b int32) int { return files[b].count - files[a].count })
	seen := make([]bool, n)
	out := make([]int32, 0, n)
	add := func(i int) {
		if !seen[i] {
			seen[i] = true
			out = append(out, int32(i))
		}
	}
	add(0)
	add(n - 1)
	add(int(busiest[0]))
	// The spans still to split, first in first out, in a ring: the
	// spans waiting cover files 0 to n-1 end to end, so at most n wait.
	type span struct{ lo, hi int32 }
	ring := make([]span, n+2)
	head, size := 0, 0
	push := func(lo, hi int) {
		ring[(head+size)%len(ring)] = span{int32(lo), int32(hi)}
		size++
	}
	push(0, n-1)
	b := 1
	for size > 0 || b < n {
		for k := 0; k < 2 && size > 0; k++ {
			s := ring[head]
			head, size = (head+1)%len(ring), size-1
			lo, hi := int(s.lo), int(s.hi)
			if hi-lo < 2 {
				continue
			}
			mid := (lo + hi + 1) / 2 // the middle of n files is file n/2
			add(mid)
			push(lo, mid)
			push(mid, hi)
		}
		if b < n {
			add(int(busiest[b]))
			b++
		}
	}
	for i := range files {
		add(i)
	}
	return out
}

// unshownFiles returns the files that show no line, in order, or nil.
// The planner asks again for each index it tries: counted first, the
// slice is made once at its size, not grown by doubling.
func unshownFiles(files []*searchFile) []*searchFile {
	n := 0
	for _, f := range files {
		if f.shown == 0 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]*searchFile, 0, n)
	for _, f := range files {
		if f.shown == 0 {
			out = append(out, f)
		}
	}
	return out
}

// minCut is the fewest bytes of a line's text a cut keeps.
const minCut = 48

// shrinkFirst cuts f's first line to what fits in room with its heading
// and count note, and returns the cost, or -1 when no cut of at least
// minCut bytes fits.
func (sp *searchPlanner) shrinkFirst(f *searchFile, room int) int {
	rest := sp.firstCost(f) - sp.lineCost(f.sample.line(0))
	return sp.shrink(f.sample.line(0), room-rest) + rest
}

// shrinkNext is shrinkFirst for f's next line.
func (sp *searchPlanner) shrinkNext(f *searchFile, room int) int {
	l := f.nextLine()
	rest := sp.nextCost(f) - sp.lineCost(l)
	return sp.shrink(l, room-rest) + rest
}

// shrink sets the cap of l to the largest that fits its cost in room,
// and returns the cost; without room for minCut bytes it returns a large
// negative number, leaving l as it was.
func (sp *searchPlanner) shrink(l searchLine, room int) int {
	const none = -1 << 40
	if l.more > 0 || l.end-l.body <= minCut || l.body <= l.start {
		return none
	}
	lo, hi := minCut, min(sp.capOf(l), l.end-l.body)
	if sp.lineCostCap(l, lo) > room {
		return none
	}
	for hi-lo > 1 { // lineCostCap(l, lo) fits; hi does not
		mid := (lo + hi) / 2
		if sp.lineCostCap(l, mid) <= room {
			lo = mid
		} else {
			hi = mid
		}
	}
	if sp.caps == nil {
		sp.caps = map[int]int{}
	}
	sp.caps[l.start] = lo
	return sp.lineCostCap(l, lo)
}

// capOf is the cap of l's text: lineCap, or what shrink set.
func (sp *searchPlanner) capOf(l searchLine) int {
	if c, ok := sp.caps[l.start]; ok {
		return c
	}
	return sp.lineCap
}

// firstCost is what showing f's first line costs: its heading, the line,
// and the count of the rest.
func (sp *searchPlanner) firstCost(f *searchFile) int {
	n := sp.lineCost(f.sample.line(0)) + sp.carryCost(f, f.sample.line(0))
	if f.heading != nil {
		n += keepLine(sp.text, *f.heading).size()
	}
	if note := countNoteLen(f, 1); note > 0 {
		n += note + 2
	}
	return n
}

// nextCost is what showing one more line of f adds.
func (sp *searchPlanner) nextCost(f *searchFile) int {
	n := sp.lineCost(f.nextLine()) + sp.carryCost(f, f.nextLine())
	if note := countNote(f, int(f.shown)); note != "" {
		n -= len(note) + 2
	}
	if note := countNote(f, int(f.shown)+1); note != "" {
		n += len(note) + 2
	}
	return n
}

// countNote says how many matches of f are not shown, or "" when all are
// (or none: the index counts those files).
func countNote(f *searchFile, shown int) string {
	if shown == 0 {
		return ""
	}
	rest := f.count - shown
	if f.byRuns {
		rest = f.count - f.linesIn(shown)
	}
	if rest <= 0 {
		return ""
	}
	return "[…+" + txt.Commas(rest) + " more " + plural(rest, "match", "matches") + "]"
}

// countNoteLen is len(countNote(f, shown)), without making the note: the
// planner costs every file's first line, and a flood has a file a line.
func countNoteLen(f *searchFile, shown int) int {
	if shown == 0 {
		return 0
	}
	rest := f.count - shown
	if f.byRuns {
		rest = f.count - f.linesIn(shown)
	}
	if rest <= 0 {
		return 0
	}
	digits := 1
	for v := rest; v >= 10; v /= 10 {
		digits++
	}
	return len("[…+") + digits + (digits-1)/3 + len(" more ") + len(plural(rest, "match", "matches")) + len("]")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// appendFileItems writes f: its heading (when it shows lines), its shown
// lines with the context cx keeps around them (nil for none; f's spans
// start at cx.spans[first]), its count note.
func (sp *searchPlanner) appendFileItems(items []item, f *searchFile, cx *searchContext, first int) []item {
	if f.shown == 0 {
		return items
	}
	text := sp.text
	var spans []contextSpan
	if cx != nil {
		spans = cx.spans[first : first+int(f.shown)]
		if first > 0 && cx.separated(&cx.spans[first-1], &spans[0]) {
			items = append(items, keepLine(text, cx.sc.separator))
		}
	}
	if f.heading != nil {
		items = append(items, keepLine(text, *f.heading))
	}
	front := f.firstGap()
	note := countNote(f, int(f.shown))
	for i, l := range f.appendShown(nil) {
		if i == front && note != "" {
			items = append(items, noteLine(note)) // where the first lines left out are
			note = ""
		}
		if spans == nil {
			items = sp.appendLine(items, l)
			continue
		}
		s := &spans[i]
		if i > 0 && cx.separated(&spans[i-1], s) {
			items = append(items, keepLine(text, cx.sc.separator))
		}
		items = cx.appendLines(items, f, s.up, l.start)
		items = sp.appendLine(items, l)
		items = cx.appendLines(items, f, s.after, s.down)
	}
	if note != "" {
		items = append(items, noteLine(note))
	}
	return items
}

// keepLine keeps a whole line with its line break; the input's last line,
// which may have none, gets one written after it.
func keepLine(text string, l searchLine) item {
	end := l.end
	if end < len(text) && text[end] == '\r' {
		end++
	}
	if end < len(text) && text[end] == '\n' {
		return keepRange(l.start, end+1)
	}
	return item{start: l.start, end: end, eol: true}
}

// headItem keeps a line, cut to lineCap bytes on a rune boundary with a
// note of what it left out.
func headItem(text string, l searchLine, lineCap int) item {
	// Never cut into `path:NN:`: where the match is matters most.
	lineCap = max(lineCap, l.body-l.start+16)
	if l.end-l.start <= lineCap {
		return keepLine(text, l)
	}
	cut := txt.RuneStartAtOrBefore(text, l.start+lineCap)
	return item{start: l.start, end: cut, note: "…[" + txt.Commas(l.end-cut) + " bytes]…"}
}

// cut decides how a match line is shown: whole, or its `path:NN:` and
// the head of its text up to h, then text[a:b] around the matched text
// when it can be found further on (a == h when not).
func (sp *searchPlanner) cut(l searchLine, lineCap int) (h, a, b int, whole bool) {
	if l.end-l.body <= lineCap || l.body <= l.start {
		return 0, 0, 0, true
	}
	body := sp.text[l.body:l.end]
	h, a = l.body, l.body
	if p := sp.findNeedle(body); p > lineCap/2 {
		// A third of the cap for the head, the rest around the match.
		h = txt.RuneStartAtOrBefore(sp.text, l.body+lineCap/3)
		a = max(h, txt.RuneStartAtOrBefore(sp.text, l.body+p-lineCap/6))
		lineCap -= h - l.body
	}
	b = min(l.end, a+lineCap)
	if b < l.end {
		b = txt.RuneStartAtOrBefore(sp.text, b)
	}
	return h, a, b, false
}

// lineCost is the bytes appendLine writes for l.
func (sp *searchPlanner) lineCost(l searchLine) int {
	if l.more > 0 {
		n := 0
		for _, line := range runLines(sp.text, l) {
			n += sp.lineCost(line)
		}
		return n
	}
	return sp.lineCostCap(l, sp.capOf(l))
}

// lineCostCap is lineCost with lineCap bytes of text.
func (sp *searchPlanner) lineCostCap(l searchLine, lineCap int) int {
	h, a, b, whole := sp.cut(l, lineCap)
	if whole {
		return keepLine(sp.text, l).size()
	}
	n := 0
	if a > h {
		n += h - l.start + len(skipNote(a-h))
		n += b - a
	} else {
		n += b - l.start
	}
	if b < l.end {
		n += len(skipNote(l.end-b)) + 2
	} else {
		n += keepLine(sp.text, searchLine{start: a, end: l.end}).size() - (b - a)
	}
	return n
}

// appendLine appends the items of a match line: the line, or its cut
// with `…[N bytes]…` where bytes are left out.
func (sp *searchPlanner) appendLine(items []item, l searchLine) []item {
	if l.more > 0 {
		for _, line := range runLines(sp.text, l) {
			items = sp.appendLine(items, line)
		}
		return items
	}
	h, a, b, whole := sp.cut(l, sp.capOf(l))
	if whole {
		return append(items, keepLine(sp.text, l))
	}
	start := l.start
	if a > h {
		items = append(items, item{start: l.start, end: h, note: skipNote(a - h), glue: true})
		start = a
	}
	if b < l.end {
		return append(items, item{start: start, end: b, note: skipNote(l.end - b)})
	}
	return append(items, keepLine(sp.text, searchLine{start: start, end: l.end}))
}

func skipNote(n int) string { return "…[" + txt.Commas(n) + " bytes]…" }

// findNeedle returns where the matched text starts in body, or -1.
func (sp *searchPlanner) findNeedle(body string) int {
	if !sp.needleDone {
		sp.needle, sp.needleDone = guessNeedle(sp.text, sp.sc.files), true
	}
	if sp.needle == "" {
		return -1
	}
	return strings.Index(body, sp.needle)
}

// guessNeedle returns the word most match lines share — what a literal
// search matched — when one is in at least half of a sample of them.
func guessNeedle(text string, files []*searchFile) string {
	const sampleLines, sampleBytes = 256, 2048
	df := map[string]int{}
	seen := map[string]bool{}
	n := 0
	for _, f := range files {
		for i := range min(3, f.sample.len()) {
			l := f.sample.line(i)
			if n == sampleLines {
				break
			}
			n++
			body := text[l.body:min(l.end, l.body+sampleBytes)]
			clear(seen)
			for i := 0; i < len(body); {
				if !isWordByte(body[i]) {
					i++
					continue
				}
				j := i
				for j < len(body) && isWordByte(body[j]) {
					j++
				}
				if w := body[i:j]; j-i >= 3 && !seen[w] {
					seen[w] = true
					df[w]++
				}
				i = j
			}
		}
	}
	best, bestN := "", 0
	for w, c := range df {
		if c > bestN || (c == bestN && (len(w) > len(best) || (len(w) == len(best) && w < best))) {
			best, bestN = w, c
		}
	}
	if 2*bestN < n {
		return ""
	}
	return best
}

// noticeItems keeps notices within room bytes: of each kind, its first
// line and its last, then of each shape of path (a directory, a .so, a
// .pyc) in turn its first, its last and lines spread between, verbatim,
// in input order, and a count of the kind; fewer lines when they do not
// fit, taking turns between kinds; one line of totals as a last resort,
// none when even that does not fit.
func (sp *searchPlanner) noticeItems(room int) []item {
	notices := sp.sc.notices
	if len(notices) == 0 {
		return nil
	}
	var counts []item
	for _, n := range notices {
		counts = append(counts, noteLine("["+n.key+": "+txt.Plural(n.count, "line")+" in all]"))
	}
	left := room - itemsSize(counts)
	if left < 0 {
		total := 0
		for _, n := range notices {
			total += n.count
		}
		it := noteLine("[" + txt.Plural(total, "notice") + " of " + txt.Plural(len(notices), "kind") + " (binary files, errors) not shown]")
		if it.size() <= room {
			return []item{it}
		}
		return nil
	}
	// Candidates of each kind: its first line, its last, then of each
	// shape of path in turn its first, its last and lines spread between.
	cands := make([][]searchLine, len(notices))
	for i, n := range notices {
		seen := map[searchLine]bool{}
		var c []searchLine
		add := func(l searchLine) {
			if !seen[l] && len(c) < 64 {
				seen[l] = true
				c = append(c, l)
			}
		}
		add(n.first)
		add(n.last)
		picks := make([][]int32, len(n.shapes))
		for k := range n.shapes {
			n.shapes[k].sample.finish()
			picks[k] = n.shapes[k].sample.spreadPicks()
		}
		for round, more := 0, true; more && len(c) < 64; round++ {
			more = false
			for k := range n.shapes {
				if round < len(picks[k]) {
					add(n.shapes[k].sample.line(int(picks[k][round])))
					more = true
				}
			}
		}
		cands[i] = c
	}
	// A kind whose next line does not fit stops there, so that what it
	// shows keeps the order of its candidates.
	var kept []searchLine
	for round := 0; ; round++ {
		added := false
		for i := range cands {
			if round >= len(cands[i]) {
				continue
			}
			it := headItem(sp.text, cands[i][round], 300)
			if it.size() > left {
				cands[i] = cands[i][:round]
				continue
			}
			kept = append(kept, cands[i][round])
			left -= it.size()
			added = true
		}
		if !added {
			break
		}
	}
	slices.SortFunc(kept, func(a, b searchLine) int { return a.start - b.start })
	var items []item
	for _, l := range kept {
		items = append(items, headItem(sp.text, l, 300))
	}
	return append(items, counts...)
}
