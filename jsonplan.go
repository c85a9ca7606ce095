package headroom

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
)

// planJSON plans a JSON document that is a sequence at the top: an array's
// elements, an object's members, or a stream of concatenated documents
// (go list -json, docker inspect, jq output). It keeps the opening, as many
// first elements as fit in two fifths of limit, and the beginning of the
// last element — where identities (ID, name, ImportPath) sit — and
// between them elements of a rare shape and a spread of the others (in
// runs, when single picks would keep fewer whole elements than a blind
// clip), with gap notes for the rest. It declines anything that is not valid JSON or has
// fewer than two elements, but for an object whose one member wraps the
// bulk and an array of one object (EXPLAIN (FORMAT JSON)'s `[{"Plan": …}]`),
// each outlined.
//
// An outlined tree whose nodes nest in arrays under one key ("Plans" in
// "Plans") gets the tree roll instead (planTreeRoll): the lines that tell
// its nodes apart.
//
// An object gets the outline plan instead (planOutline): its members are
// rarely alike, and its shape — which keys exist, how large each value is
// — matters more than its first member whole. A pretty-printed flat map
// of many alike members (flatMap) is the exception: a sequence keyed by
// name, it gets the sequence plan. Minified JSON (curl of a REST API, gh
// api, jq -c) gets the outline's plan, or for an array or stream
// planMinifiedSequence's, as verbatim slices of its bytes: a line of
// headroom's own starts only where something was left out (joinRuns).
func planJSON(text string, limit int) (plan, bool) {
	top, ok := scanJSONTop(text)
	return planJSONTop(text, top, ok, onceJSONSignals(text), limit)
}

// planJSONTop is planJSON on text's scan, top and ok as scanJSONTop
// returns them, and its signals as signals does (onceJSONSignals): a
// planner that plans one text twice (route's replanWide) scans it once.
// The members that report a failure or are of a rare kind are kept first
// (withJSONSignals).
func planJSONTop(text string, top jsonTop, ok bool, signals func() []jsonSignal, limit int) (plan, bool) {
	if !ok || len(top.elems) == 0 || limit < 200 {
		return plan{}, false
	}
	return withJSONSignals(text, limit, signals, func(limit int) (plan, bool) { return planJSONShape(text, top, ok, limit) })
}

// planJSONShape is planJSONTop by shape and position alone.
func planJSONShape(text string, top jsonTop, ok bool, limit int) (plan, bool) {
	elems, kind := top.elems, top.kind
	if !ok || len(elems) == 0 || limit < 200 {
		return plan{}, false
	}
	// One member can wrap the bulk: {"data": [...]}, {"items": [...]}.
	if kind == "object member" && (len(elems) > 1 || wrapper(text, elems[0])) && !flatMap(text, elems) {
		if p, ok := planOutline(text, top, limit); ok {
			return p, true
		}
	}
	// An array of one object (EXPLAIN (FORMAT JSON)'s plan, an API's
	// one-result answer) is that object: its outline.
	if kind == "array element" && len(elems) == 1 && text[elems[0][0]] == '{' {
		if p, ok := planOutline(text, top, limit); ok {
			return p, true
		}
	}
	if flat, ok := streamOfArrays(text, top); ok {
		return planMinifiedSequence(text, flat, "array element", limit)
	}
	if len(elems) < 2 {
		return plan{}, false
	}
	if minifiedSequence(text, elems, kind) {
		if kind == "array element" {
			if split, ok := dominantArray(text, elems); ok {
				return planMinifiedSequenceSplit(text, split.flat, kind, limit, split)
			}
		}
		return planMinifiedSequence(text, elems, kind, limit)
	}
	headRoom := sequenceHeadRoom(len(text), kind, limit)
	var rareElems []int // rareValueElems, read once when wanted
	rareRead := false
	rare := func() []int {
		if !rareRead {
			rareElems, rareRead = rareValueElems(text, elems, true), true
		}
		return rareElems
	}
	rareRoom := 0 // what the spread's rare picks may take beyond a rareValueShare'th of its room
	if kind == "array element" && len(text) < 2*limit {
		if h, r := clipHeadRoom(elems, rare(), limit); h > headRoom {
			headRoom, rareRoom = h, r
		}
	}
	var items []item
	used := 0
	add := func(its ...item) {
		items = append(items, its...)
		used += itemsSize(its)
	}
	last := len(elems) - 1
	// Pretty-printed, an element is kept from the start of its line, its
	// indentation with it, to the start of the next one's.
	at := func(i int) int { return blankLineStart(text, elems[i][0]) }
	opening := at(0)
	if opening > headRoom/4 {
		return plan{}, false // a sequence buried under a long preamble is not this planner's shape
	}
	add(keepRange(0, opening))
	shown := 0
	for shown < last {
		end := at(shown + 1) // the element with its separator, up to the next one
		if used+end-at(shown) > headRoom {
			break
		}
		add(keepRange(at(shown), end))
		shown++
	}
	if shown == 0 {
		add(keepEnds(text, at(0), at(1), (limit-sequenceNoteRoom)*55/100-used)...) // no middle to sample: the head gets more
	}
	omitted := last - shown
	if shown == 0 {
		omitted = last - 1
	}
	tailStart := at(last)
	var tail []item
	if used+len(text)-tailStart <= limit-sequenceNoteRoom/2 {
		tail = []item{keepRange(tailStart, len(text))}
	} else {
		tail = keepEnds(text, tailStart, len(text), limit-used-sequenceNoteRoom/2)
	}
	var between []int
	if shown > 0 {
		ends := shown + wholeTail(tail, tailStart, len(text))
		want := clipElements(elems, len(text), limit) - ends
		floor := pipelineClipElements(text, elems, limit) - ends
		between = spreadElements(elems, top.shapes, rare(), shown, last, limit-used-itemsSize(tail)-sequenceNoteRoom, rareRoom, kind, want, floor, clipTailRoom(elems, len(text), limit))
	}
	omitted -= len(between)
	// A document too large for the room the others leave, which the
	// spread can only drop whole, is outlined in that room instead.
	inner, innerAt := []item(nil), -1
	if kind == "document" && shown > 0 {
		left := limit - used - itemsSize(tail) - sequenceNoteRoom
		for _, i := range between {
			left -= at(i+1) - at(i) + sequenceNoteRoom/2
		}
		inner, innerAt = outlineDroppedDocument(text, elems, at, between, shown, last, left, limit)
		if innerAt >= 0 {
			omitted--
		}
	}
	from := shown
	picked := between
	if innerAt >= 0 {
		picked = append(slices.Clone(between), innerAt)
		slices.Sort(picked)
	}
	for _, i := range picked {
		if i > from {
			add(noteLine(omittedNote(i-from, kind)))
		}
		if i == innerAt {
			add(inner...)
		} else {
			add(keepRange(at(i), at(i+1)))
		}
		from = i + 1
	}
	if shown > 0 && last > from {
		add(noteLine(omittedNote(last-from, kind)))
	} else if shown == 0 && omitted > 0 {
		add(noteLine(omittedNote(omitted, kind)))
	}
	add(tail...)
	if itemsSize(items) > limit {
		return plan{}, false
	}
	hint := "To see more, re-run with a jq filter that selects what you need (jq length, jq keys, jq 'map(.ID)')."
	if kind == "object member" { // a map is read by name
		hint = "To see more, re-run with a jq filter that selects what you need (jq length, jq keys, jq '.[\"NAME\"]')."
	}
	if omitted > 0 {
		// Few large elements: every one's ends rather than some whole.
		if its, what, ok := planSequenceEnds(text, elems, kind, limit); ok {
			return plan{strategy: StrategyJSON, items: its, markerAt: len(its), digest: true, what: what, hint: hint}, true
		}
	}
	if omitted > 0 {
		// Large objects, few of them whole: many named by their digests.
		wholes := len(elems) - omitted
		its, bare, named, ok := planSequenceDigests(text, elems, top.shapes, kind, limit)
		how, first := "by their naming members and index", "the first"
		// A roll that names more in the same room names each element by
		// what tells it from the others; as many, the digests' index and
		// counts are worth more, and so are their full lines when the roll
		// names every element and leaves a quarter of the room.
		run := 0 // the roll's whole elements after the first
		if r, k, h, rok := planSequenceRoll(text, elems, top.shapes, rare(), kind, limit); rok && (!ok || k > named && (k < len(elems) || 4*itemsSize(r) >= 3*limit)) {
			its, bare, named, ok, how, run = r, nil, k, true, "by their naming lines alone", h
		}
		if run > 0 {
			first += " " + txt.Commas(1+run)
		}
		if ok && named >= 2*wholes {
			what := txt.Commas(len(elems)-named) + " of " + txt.Plural(len(elems), kind) + " (kept " + first + " and the last, " +
				txt.Commas(named-2-run) + " between " + how + ")"
			return plan{strategy: StrategyJSON, items: its, bare: bare, markerAt: len(its), digest: true, what: what, hint: hint}, true
		}
	}
	p := plan{strategy: StrategyJSON, items: items, markerAt: len(items), digest: true}
	first, end := keptWords(shown, between, last)
	outlined := ""
	if innerAt >= 0 {
		outlined = ", one outlined"
	}
	p.what = txt.Commas(omitted) + " of " + txt.Plural(len(elems), kind) + " (kept " + first + outlined + " and " + end + ", long ones cut in the middle)"
	if omitted == 0 {
		p.what = "the middle of long ones among " + txt.Plural(len(elems), kind) + " (none omitted whole" + outlined + ")"
	}
	p.hint = hint
	return p, true
}

// spreadElements returns the elements in [from, to) to keep whole within
// room bytes: first those of rare (indices into elems, rarest first:
// those that hold a rare value, rareValueElems) in up to rareRoom bytes
// or a rareValueShare'th of the room if that is more, each whole or not at all (license-checker's
// one MPL-2.0 record among 231 MIT ones), then those of a rare shape (a
// key set that at most a tenth of them share: the main module among
// dependencies, the direct dependencies among indirect ones, an error
// among successes), then as many more as fit, spread evenly so the middle
// of a stream is sampled, not only its ends: its middle and quarters
// among them (anchorPicks), over the elements that fit in the room left
// (fittingCandidates: one larger than all of it would take a pick and
// keep nothing). shapes[i] names the shape of elems[i], 0 for none.
//
// The spread keeps at least want elements when room allows, and for that
// it may keep runs of neighbours instead of single ones. Whole elements
// are what a reader can use: when what is sought could be any element,
// the chance of keeping it grows with how many are kept, not with where
// they sit, and each gap between picks costs a note about the size of a
// short element. Single picks sample the most places but pay a note
// each; g runs pay g notes. So the caller asks for as many elements as a
// blind clip of the same room would keep, and the spread samples as many
// places as that allows: the most runs that still keep want, or one run
// after the first elements when none does. That one run leaves the last
// tailRoom bytes of room to the elements before to, as a clip's tail
// keeps them: the same one note, and the stream's end shown where its
// last leaves and verdicts sit.
//
// The spread never keeps fewer than floor elements (what the pipeline's
// clip of the same budget keeps between the same ends,
// pipelineClipElements) for its rare values' sake when fewer of them
// keep floor: the rarest are admitted, as many as still do. An isolated
// pick costs a gap note besides its bytes, so a layout that keeps every
// rare value may hold one whole element fewer than that clip, and the
// clip's count is what a reader seeking any element can count on.
func spreadElements(elems [][2]int, shapes []int32, rare []int, from, to, room, rareRoom int, kind string, want, floor, tailRoom int) []int {
	m := to - from
	if m <= 0 || room <= 0 {
		return nil
	}
	shapes = shapes[from:to]
	count := make([]int, slices.Max(shapes)+1) // numbered from 1 as they first appear: no more than the shapes
	for _, s := range shapes {
		count[s]++
	}
	var rareShapes []int
	for i := range shapes {
		if shapes[i] != 0 && count[shapes[i]] <= max(1, m/10) {
			rareShapes = append(rareShapes, i)
		}
	}
	rareRoom = max(rareRoom, room/rareValueShare)
	picks := func(rareValues int) ([]int, int) {
		return spreadPicks(elems, rare, rareShapes, from, to, room, rareRoom, rareValues, kind, want, floor, tailRoom)
	}
	out, admitted := picks(len(rare))
	if len(out) >= floor || admitted == 0 {
		return out
	}
	k := largestFitting(0, admitted-1, func(k int) bool {
		r, _ := picks(k)
		return len(r) >= floor
	})
	if r, _ := picks(k); len(r) >= floor {
		return r
	}
	return out
}

// spreadPicks is spreadElements with at most rareValues of rare admitted
// and rareShapes (positions in [0, to-from)) the elements of a rare
// shape; it returns the elements kept and how many of rare it admitted.
func spreadPicks(elems [][2]int, rare, rareShapes []int, from, to, room, rareRoom, rareValues int, kind string, want, floor, tailRoom int) ([]int, int) {
	m := to - from
	note := len(omittedNote(to, kind)) + 2
	size := func(i int) int { return elems[i+1][0] - elems[i][0] }
	keep := make([]bool, m)
	used := 0
	take := func(idx []int, to int, anchored bool) {
		idx = fittingCandidates(idx, func(j int) int { return size(from+j) + note }, to-used)
		total := 0
		for _, j := range idx {
			total += size(from+j) + note
		}
		k := len(idx)
		if total > to-used {
			k = len(idx) * max(to-used, 0) / max(total, 1)
		}
		picks := spread(0, len(idx), k)
		if anchored {
			picks = anchorPicks(picks, idx, from, len(elems))
		}
		for _, j := range picks {
			if c := size(from+idx[j]) + note; !keep[idx[j]] && used+c <= to {
				keep[idx[j]] = true
				used += c
			}
		}
	}
	admitted := 0
	for _, i := range rare {
		if admitted == rareValues {
			break
		}
		if i < from || i >= to || keep[i-from] {
			continue
		}
		if c := size(i) + note; used+c <= rareRoom {
			keep[i-from] = true
			used += c
			admitted++
		}
	}
	take(rareShapes, room, false)
	var pinned []int // the rare elements kept: every layout keeps them
	rest := make([]int, 0, m)
	for i := range m {
		if keep[i] {
			pinned = append(pinned, i)
		} else {
			rest = append(rest, i)
		}
	}
	take(rest, room, true)
	var picked []int
	for i, k := range keep {
		if k {
			picked = append(picked, from+i)
		}
	}
	if len(picked) >= want {
		return picked, admitted
	}
	// Too few: runs instead, around the rare elements kept, the most
	// that still keep want (kept falls as runs are added, but for
	// rounding), or one.
	hi := max(1, len(picked)-len(rareShapes)-admitted)
	r := runsAround(pinned, m, from, to, hi, want, floor, room+sequenceNoteRoom, tailRoom, kind, size)
	if len(r) > len(picked) {
		return r, admitted
	}
	return picked, admitted
}

// omittedNote is the note that stands for n omitted elements of kind
// ("array element", "object member").
func omittedNote(n int, kind string) string { return "[…" + txt.Plural(n, kind) + " omitted…]" }

// runsAround returns the elements of [from, to) that the rare elements
// pinned (positions in [0, m), m = to-from) and runs of the others keep:
// of the spreads of up to hi runs (spreadRuns), the one of the most runs
// that still keeps want elements, or of one run. A layout is priced as
// it is written within room: its elements (size(i) bytes each) and a
// count note for each gap, the closing one too, so a rare element beside
// a run or the head (which ends at from-1) costs no note. A layout of
// one run, which would follow the head, leaves tailRoom bytes of room to
// the elements before to when that keeps as many: a head and a tail, as
// a clip keeps them, at the cost of the one note the run pays anyway;
// or when it keeps at least floor, what the pipeline's clip keeps
// (tailKeepsFloor; floor <= 0 for none).
func runsAround(pinned []int, m, from, to, hi, want, floor, room, tailRoom int, kind string, size func(int) int) []int {
	keep := make([]bool, m)
	for _, i := range pinned {
		keep[i] = true
	}
	pins := make([]int, 0, len(pinned))
	rest := make([]int, 0, m-len(pinned))
	for i, k := range keep {
		if k {
			pins = append(pins, from+i)
		} else {
			rest = append(rest, i)
		}
	}
	notes := map[int]int{} // a gap's note by its size: pricing meets the same gaps again
	gapNote := func(n int) int {
		c, ok := notes[n]
		if !ok {
			c = len(omittedNote(n, kind)) + 2
			notes[n] = c
		}
		return c
	}
	// cost is what the elements each visits, in order, cost written out.
	cost := func(each func(visit func(i int))) int {
		c, prev := 0, from-1
		each(func(i int) {
			if i > prev+1 {
				c += gapNote(i - prev - 1)
			}
			c += size(i)
			prev = i
		})
		if to-1 > prev {
			c += gapNote(to - 1 - prev)
		}
		return c
	}
	layout := func(each func(f func(j int))) int {
		return cost(func(visit func(i int)) {
			p := 0
			each(func(j int) {
				for ; p < len(pins) && pins[p] < from+rest[j]; p++ {
					visit(pins[p])
				}
				visit(from + rest[j])
			})
			for ; p < len(pins); p++ {
				visit(pins[p])
			}
		})
	}
	// runs are g runs around the pins, then as many of the elements
	// before the tail as the room left holds, as a clip's tail keeps
	// them: the closing note moves, no note is added.
	// runRoom bounds the runs alone, before the fill.
	runs := func(g, runRoom int) []int {
		out := slices.Clone(pins)
		for _, j := range spreadRuns(len(rest), g, runRoom, layout) {
			out = append(out, from+rest[j])
		}
		slices.Sort(out)
		top, c := from-1, cost(func(visit func(i int)) {
			for _, i := range out {
				visit(i)
			}
		})
		if len(out) > 0 {
			top = out[len(out)-1]
		}
		if top < to-1 {
			c -= gapNote(to - 1 - top) // the closing note, written again below
		}
		for i := to - 1; i > top; i-- {
			c += size(i)
			note := 0
			if i > top+1 {
				note = gapNote(i - top - 1)
			}
			if c+note > room {
				break
			}
			out = append(out, i)
		}
		slices.Sort(out)
		return out
	}
	g := largestFitting(1, hi, func(g int) bool { return len(runs(g, room)) >= want })
	best := runs(g, room)
	if g == 1 && tailRoom > 0 {
		// One run and a clip's tail, unless the slack the second
		// run's end leaves costs an element, or more than the clip's
		// count (floor) still holds (tailKeepsFloor).
		// Or when it keeps more of the elements that clip shows
		// (splitKeepsMoreOfClip).
		split := runs(1, max(0, room-tailRoom))
		if tailKeepsFloor(len(split), len(best), floor) || splitKeepsMoreOfClip(split, best, from, to, floor, tailRoom, size) {
			best = split
		}
	}
	// A pin no run reaches costs a note on each side, and one run with
	// the fill may fall short of want for it. A clip keeps a head and a
	// tail; so may the runs: every element from a pin to the end, which
	// the pin's notes no longer part, and one run of the others from
	// the first, when that keeps more.
	for p := len(pins) - 1; p >= 0 && len(best) < want; p-- {
		if r, ok := reaching(p, pins, rest, from, to, room, cost); !ok {
			break // the later pins' stretches only grow
		} else if len(r) > len(best) {
			best = r
		}
	}
	return best
}

// reaching returns the layout of runsAround that keeps the pins, every
// element after pins[p] up to to, and the first elements of rest
// (positions in [0, to-from), not pins) before pins[p], as many as room
// holds as cost prices them; false when the pins and the elements after
// pins[p] alone overflow room.
func reaching(p int, pins, rest []int, from, to, room int, cost func(each func(visit func(i int))) int) ([]int, bool) {
	priced := func(out []int) int {
		return cost(func(visit func(i int)) {
			for _, i := range out {
				visit(i)
			}
		})
	}
	back := slices.Clone(pins)
	var front []int
	for _, j := range rest {
		if i := from + j; i > pins[p] {
			back = append(back, i)
		} else {
			front = append(front, i)
		}
	}
	slices.Sort(back)
	if priced(back) > room {
		return nil, false
	}
	with := func(a int) []int {
		out := append(slices.Clone(back), front[:a]...)
		slices.Sort(out)
		return out
	}
	return with(largestFitting(0, len(front), func(a int) bool { return priced(with(a)) <= room })), true
}

// spreadRuns returns the positions in [0, n) of g runs of neighbours, as
// long as fit in room bytes, the gaps between them even: the first run
// opens [0, n) and, with two runs or more, the last closes it. cost(each)
// is the bytes the positions each calls f with cost written out.
func spreadRuns(n, g, room int, cost func(each func(f func(j int))) int) []int {
	// each calls f with the k positions of g runs, the first k%g runs
	// one longer than the others.
	each := func(k int, f func(j int)) {
		placed, gaps := 0, n-k
		for r := range g {
			at := 0
			if g > 1 {
				at = r*gaps/(g-1) + placed
			}
			l := k / g
			if r < k%g {
				l++
			}
			for j := at; j < at+l; j++ {
				f(j)
			}
			placed += l
		}
	}
	place := func(k int) []int {
		out := make([]int, 0, k)
		each(k, func(j int) { out = append(out, j) })
		return out
	}
	// place's cost without its list: fits is tried log n times.
	fits := func(k int) bool { return cost(func(f func(j int)) { each(k, f) }) <= room }
	lo := largestFitting(0, n, fits)
	return place(lo)
}

// clipElements returns how many of elems a blind clip would keep whole
// with room bytes for the n bytes they sit in: its head is six sevenths of
// room, its tail the rest (the shares planClip gives them). Given a
// planner's limit, it asks a little more than the pipeline's clip of the
// same budget keeps, whose room is seven eighths of a budget above the
// marker's reserve.
func clipElements(elems [][2]int, n, room int) int {
	head := room * clipHeadEighths / (clipHeadEighths + clipTailEighths)
	tail := n - (room - head)
	kept := 0
	for _, e := range elems {
		if e[1] <= head || e[0] >= tail {
			kept++
		}
	}
	return kept
}

// pipelineClipElements returns how many of elems, the elements of text,
// the clip that stands in for a planner given limit keeps whole: planClip
// at the budget the pipeline derived limit from (limit and the planner's
// reserve), with the clip's own reserve. clipElements asks a little more
// than it; this is the count a plan may not fall below.
func pipelineClipElements(text string, elems [][2]int, limit int) int {
	h, t := clipCut(text, limit+plannerReserve(len(text)), clipReserve(len(text)))
	kept := 0
	for _, e := range elems {
		if e[1] <= h || e[0] >= t {
			kept++
		}
	}
	return kept
}

// clipTailRoom returns the bytes of elems before the last one that a
// blind clip of limit bytes shows in its tail, of the n bytes they sit
// in: what a spread of one run leaves to the end (spreadElements).
func clipTailRoom(elems [][2]int, n, limit int) int {
	return max(0, elems[len(elems)-1][0]-clipTailReach(n, limit))
}

// wholeTail returns 1 when tail keeps the last element, text[start:end],
// whole, else 0.
func wholeTail(tail []item, start, end int) int {
	if len(tail) == 1 && tail[0].start == start && tail[0].end == end {
		return 1
	}
	return 0
}

// blankLineStart returns the start of the line i is on when only spaces
// and tabs precede i on it, else i.
func blankLineStart(text string, i int) int {
	j := i
	for j > 0 && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	if j == 0 || text[j-1] == '\n' {
		return j
	}
	return i
}

// wrapper reports whether the member m holds a non-empty array or object.
func wrapper(text string, m [2]int) bool {
	v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1)
	if text[v] != '[' && text[v] != '{' {
		return false
	}
	c := text[skipSpace(text, v+1)]
	return c != ']' && c != '}'
}

// Flat maps: a pretty-printed object of at least flatMapMembers members,
// each holding an object or an array, none more than flatMapLargest
// times the mean member's size (an array of records by its first) or, in
// a map of many members, where that mean is a small share of it, none
// more than a flatMapShare'th of the map: madge's 388 modules, one of
// them (svgo's builtin.js, its 53 plugins) 16 times the mean, yet a 24th
// of the map, is a map keyed by name still, not a document that one
// member's bulk makes.
const (
	flatMapMembers = 16
	flatMapLargest = 8
	flatMapShare   = 16
	// flatMapBulk: no array of records may hold more than a
	// flatMapBulk'th of the map, which would then wrap its bulk.
	flatMapBulk = 8
)

// flatMap reports whether the object members elems are a flat map of
// alike members (mime-db's media types, lintian's architectures): many
// members, pretty-printed a line or more each, whose values are all
// arrays or all objects of about one size. Such a map is a sequence keyed
// by name, not a document with a shape: its outline would summarise every
// member on its key line, keeping fewer whole than a blind clip, so it
// gets the sequence plan — its first members, a spread, the last one.
func flatMap(text string, elems [][2]int) bool {
	last := len(elems) - 1
	if len(elems) < flatMapMembers || strings.Count(text[elems[0][0]:elems[last][0]], "\n") < last {
		return false
	}
	return alikeMembers(text, elems)
}

// alikeMembers reports whether the object members elems, at least
// flatMapMembers of them, however laid out, all hold objects or all hold
// arrays of about one size (flatMap's test but for its lines): a map
// keyed by name, a lockfile's packages, a registry's functions.
func alikeMembers(text string, elems [][2]int) bool {
	last := len(elems) - 1
	if len(elems) < flatMapMembers {
		return false
	}
	open := byte(0)
	largest, bulk := 0, 0
	for _, m := range elems {
		v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1)
		c := text[v]
		size := m[1] - m[0]
		if r := skipSpace(text, v+1); c == '[' && text[r] == '{' {
			// An array of records is its record many times over (one
			// per dependent): weighed by its first record.
			c, size = '{', min(size, jsonSkip(text, r)-r)
			bulk = max(bulk, m[1]-m[0])
		}
		if c != '{' && c != '[' || open != 0 && c != open {
			return false
		}
		open = c
		largest = max(largest, size)
	}
	total := elems[last][1] - elems[0][0]
	return (largest*len(elems) <= flatMapLargest*total || largest*flatMapShare <= total) && bulk*flatMapBulk <= total
}

// keepEnds keeps the first and the last whole lines of text[start:end]
// that fit in room bytes — three fifths for the start, where identities
// sit, the rest for the end — with a note for the lines between.
func keepEnds(text string, start, end, room int) []item {
	const noteMax = 40
	room -= noteMax
	head := start
	for head < end {
		next := lineEnd(text, head, end)
		if next-start > room*3/5 {
			break
		}
		head = next
	}
	tail := end
	for tail > head {
		prev := strings.LastIndexByte(text[head:tail-1], '\n') + head + 1
		if prev <= head || end-prev+head-start > room {
			break
		}
		tail = prev
	}
	var its []item
	if head > start {
		its = append(its, keepRange(start, head))
	}
	if tail > head {
		its = append(its, noteLine(gapNote(strings.Count(text[head:tail], "\n"))))
	}
	if end > tail {
		its = append(its, keepRange(tail, end))
	}
	return its
}

// lineEnd returns the index just past the '\n' ending the line at i, or end.
func lineEnd(text string, i, end int) int {
	if nl := strings.IndexByte(text[i:end], '\n'); nl >= 0 {
		return i + nl + 1
	}
	return end
}

// sequenceNoteRoom is what a sequence plan keeps free for its count notes,
// with some slack.
const sequenceNoteRoom = 120

// sequenceHeadRoom is the room a sequence plan of a text of size bytes
// gives its first elements: two fifths of what the notes leave; the rest
// goes to the last element, where identities sit, and to elements of the
// middle. A flat map (kind "object member") cut by less than half keeps
// most of itself: its first members, a run of names in the map's own
// order (sorted, as jq and serde print them), take what a blind clip's
// head would (clipElements' share), as single picks spread over the rest
// keep names scattered. A stream or an array keeps its spread, which
// samples its middle for the records sought.
func sequenceHeadRoom(size int, kind string, limit int) int {
	if size < 2*limit && kind == "object member" {
		return (limit - sequenceNoteRoom) * clipHeadEighths / (clipHeadEighths + clipTailEighths)
	}
	return (limit - sequenceNoteRoom) * 40 / 100
}

// sequence returns the elements (or key: value members) of the valid
// array or object opening at text[i]. Valid: it skips values with
// jsonSkip, which trusts that.
func sequence(text string, i int, closing byte) [][2]int {
	return sequenceBy(text, i, closing, jsonSkip)
}

// sequenceBy is sequence with skip finding where each value ends.
func sequenceBy(text string, i int, closing byte, skip func(string, int) int) [][2]int {
	var elems [][2]int
	j := skipSpace(text, i+1)
	for j < len(text) && text[j] != closing {
		start := j
		if closing == '}' {
			j = skipSpace(text, jsonSkipString(text, j))
			j = skipSpace(text, j+1) // past ':'
		}
		end := skip(text, j)
		elems = append(elems, [2]int{start, end})
		j = skipSpace(text, end)
		if j < len(text) && text[j] == ',' {
			j = skipSpace(text, j+1)
		}
	}
	return elems
}

// The outline plan is for an object whose bulk is nested (an
// OpenAPI document, kubectl get -o json, a config dump): keeping its first
// members whole would show one of them and hide the document's shape. It
// shows the structure instead, breadth-first: every key of depth 1, then
// of depth 2, and so on while the budget lasts, expanding the largest
// values of a depth first. A value not expanded is summarised on its key
// line — the line kept verbatim up to the opening bracket, then a note
// such as […5 members: "get", "put", "patch" + 2 more, 4,210 bytes…] —
// unless keeping it whole costs about as much. An expanded array shows
// its first element (and further one-line ones) and counts the rest, as
// the sequence plan does at the top.
//
// Pretty-printed, every kept byte is an input line or the start of one:
// the plan relies on one member per line, so there a value whose members
// share lines is summarised, never expanded. Minified — no more lines than
// members — the same outline is kept as verbatim slices: each member
// kept from its key through its comma (or, open or summarised, through its
// opening bracket), and consecutive ones joined as the input has them, so
// that `{"packages":[{"name":"aho-corasick",` reads as the input wrote it;
// a '\n' of headroom's own follows a slice only where the next kept byte
// is not the next input byte (a note, or a closing bracket after one). A
// member's range and its note are the same either way; only the line
// layout differs (span, opening, closing).
//
// Each depth scans the values expanded at that depth once, so a depth
// costs at most one pass over the input. The breadth-first outline goes
// as deep as its room takes it (a heap profile's call tree, an AST, nests
// a hundred levels and more): past maxOutlineDepth it reads the members
// of the values it places from a table of where each container ends
// (jsonoutlinedeep.go), so the cost stays linear in the input whatever
// its depth; nothing recurses.

// Outline limits.
const (
	maxOutlineDepth = 24  // depths whose values are read by sequence; deeper ones read a table of ends
	outlineLineMax  = 200 // a scalar's line longer than this is cut…
	outlineLineKeep = 120 // …to about this many bytes
	outlineSlack    = 60  // keep a value whole when that costs at most this much more than its summary
	outlineNoteKeys = 3   // keys a summary names
	outlineKeyMax   = 40  // bytes of a key a summary quotes
)

// How an outline node is shown.
const (
	asLine   = iota // a scalar or a one-line value: its line, cut if long
	asWhole         // a multi-line value kept whole
	asElided        // its key line up to the opening bracket, then a summary note
	asOpen          // its opening line, its shown children, its closing line
)

// An onode is one value of the outline: a member (key and value), an
// array element, or the root.
type onode struct {
	key, val, end int    // the key's start (the value's for elements and the root), the value's range
	depth         int    // the root is 0
	state         int    // asLine…
	cost          int    // bytes its display writes, children included
	loose         int    // a compact digest's node: what cost would be with a note for each hidden run (digestObject)
	note          string // asElided: the summary; asLine: the cut note, if cut
	head          string // asOpen, a digest: the note after its opening bracket (its index)
	cut           int    // asLine: where a cut line stops
	tail          int    // asLine, cut: where the end it keeps starts, or 0
	elems         [][2]int
	kids          []int    // asOpen: the children shown, in order
	more          string   // asOpen: the note for the children not shown after the last shown one
	before        []string // asOpen, when sampled: before[k] is the note for the children hidden before kids[k]
	digested      bool     // asOpen: the root of a digest (jsondigest.go), its members shown by name only
}

type outliner struct {
	text   string
	budget int
	limit  int // the outline's whole limit, budget before any reserve
	used   int
	nodes  []onode
	// minified lays the outline out for JSON whose members share lines:
	// a member is kept from its key to its comma, joined to the next kept
	// member when that follows it in the input, else followed by a '\n'
	// headroom writes. Otherwise (pretty-printed JSON) every kept byte is
	// an input line or the start of one.
	minified bool
	// inner[innerAt[k]:innerAt[k+1]] are the elements or members of the
	// root's k-th member when the scan recorded them (see jsonTop).
	inner   [][2]int
	innerAt []int
	// members caches the members of the objects digests open, by their
	// opening bracket: a full digest reads what the naming one did.
	members map[int][][2]int
	// describe has a digest show one-line descriptions as naming members:
	// set while an object that no naming member names is digested again.
	describe bool
	// compact has digests count the members they hide once, before their
	// closing line, instead of in a note for each hidden run (digestFrom):
	// set by the sequence plan of digests (planSequenceDigests).
	compact bool
	// arrayEnds has a digest open a member that is an array of objects on
	// its first and last elements' digests (digestArrayEnds).
	arrayEnds bool
	// rareKey, when set, has a digest show the element's own members
	// whose key it reports rare among the element's siblings
	// (planSequenceDigests).
	rareKey func(key string) bool
	// naming, when set, tells a digest which naming members the
	// elements of its sequence share, naming none, and which member
	// tells them apart, shown when unnamed is set: a digest again of an
	// element that neither a naming member nor a description names
	// (jsondigestnaming.go).
	naming  *digestNaming
	unnamed bool
	// namings caches digestNamingOf of the sequences digests are made
	// of, by their first element's start.
	namings map[int]*digestNaming
	// headEnd, when not 0, is where a blind clip's head of the document
	// ends (clipHeadEnd): a sampled value's hidden children that end
	// before it are its first picks (sample).
	headEnd int
	// clipTail, when not 0, is one past where a blind clip of the
	// outline's limit starts its tail (headRuns).
	clipTail int
	// rare caches rareElements of the arrays sample reads, by their
	// opening bracket: an array is sampled again as the room grows.
	rare map[int][]int
	// roots caches familyRootElems of the arrays and maps sample reads,
	// by their opening bracket.
	roots map[int][]int
	// tree is set for a document that nests one key in itself (npm's
	// dependencies in dependencies): its objects' members are alike
	// nodes, the one that carries a value the others do not (a package's
	// other funding URL) worth a first pick as an array's element is. A
	// flat map's members (a lockfile's packages by path) are left to the
	// even sample: what tells them apart is their keys.
	tree bool
	// ends, once the outline is maxOutlineDepth deep, is where each of
	// the document's containers ends: place reads the members of the
	// values it places from it (jsonoutlinedeep.go).
	ends *containerEnds
	// tailOpen is the value keepTail opened on its last children alone,
	// as it was before: grow samples it again by its size
	// (jsonoutlinetailshare.go).
	tailOpen tailOpening
}

// planOutline returns the outline plan of the object top, which fills
// text but for white space, or false when not even its first members fit
// in limit, or when it is neither pretty-printed (a member per line) nor
// minified (no more lines than members).
func planOutline(text string, top jsonTop, limit int) (plan, bool) {
	p, ok := planOutlineShape(text, top, limit)
	if !ok || p.strategy != StrategyJSON || !p.digest {
		return p, ok
	}
	return withStringIndex(text, top, p, limit, func(limit int) (plan, bool) { return planOutlineShape(text, top, limit) }), true
}

// planOutlineShape is planOutline by the outline alone, without its
// string index.
func planOutlineShape(text string, top jsonTop, limit int) (plan, bool) {
	root, end, members := skipSpace(text, 0), top.end, top.elems
	pretty := (&outliner{text: text}).lined(onode{key: root, val: root, end: end, elems: members})
	if !pretty && strings.Count(text[root:end], "\n") > len(members) {
		// More lines than members, yet not one member per line: one long
		// member pretty-printed after a '{' that shares its line.
		return plan{}, false
	}
	key, at := selfNestedKey(text, root, end)
	if pretty && key != "" && text[at] == '[' {
		// Nodes in arrays, no key naming them: the lines that tell them
		// apart.
		if p, ok := planTreeRoll(text, top, key, limit); ok {
			return p, true
		}
	}
	tree := key != ""
	headFirst, bulk := tree, -1
	o, items, ok := outline(text, root, end, &top, limit, !pretty, tree, headFirst, bulk)
	if !ok {
		return plan{}, false
	}
	if k := alikeBulk(text, top); !tree && k >= 0 && o.headEnd > 0 {
		// A document that is a map of alike members, cut by little (a
		// lockfile's packages): the breadth summarises most of them on
		// their key lines, where a clip's head shows its run of them
		// whole. Sampled instead (bulk), the map shows the members in a
		// clip's head first, then its last ones and a spread, each by
		// its naming members or whole — kept when that shows more of
		// them than by their key lines alone.
		if ho, hitems, hok := outline(text, root, end, &top, limit, !pretty, tree, true, top.elems[k][0]); hok && ho.opened(top.elems[k][0]) > o.opened(top.elems[k][0]) {
			o, items, headFirst, bulk = ho, hitems, true, top.elems[k][0]
		}
	}
	items = withClipTail(text, items, o.keepsEnd(), limit, func(limit int) ([]item, bool) {
		cut, its, ok := outline(text, root, end, &top, limit, !pretty, tree, headFirst, bulk)
		if ok {
			o = cut
		}
		return its, ok
	})
	shown, levels := o.counts()
	p := plan{strategy: StrategyJSON, items: items, markerAt: len(items), digest: true}
	p.what = "kept the outline " + txt.Plural(levels, "level") + " deep: " + txt.Commas(shown) + " of " +
		txt.Plural(top.values, "value") + " shown, larger ones summarised in place by their keys and sizes"
	p.hint = "To see a part, re-run with a jq path to it (jq 'keys'" + o.jqExample() + ")."
	return p, true
}

// outline returns the outline of the valid array or object text[root:end]
// in at most limit bytes of items, breadth-first as described above, laid
// out as pretty-printed or minified lines. top is the root's scan when
// the caller has it (the root's members, and theirs), else nil.
// tree is set for a document that nests one key in itself (see
// selfNestedKey): it asks for a clip's head before the breadth, when the
// document is cut by little (clipHeadEnd), and has its sampled objects'
// members read for rare values as an array's elements are (see tree).
// headFirst asks for that clip's head first in any document; bulk, when
// not -1, is the key of a root member the outline never opens whole or
// to its members' summaries: grow samples it (see alikeBulk).
func outline(text string, root, end int, top *jsonTop, limit int, minified, tree, headFirst bool, bulk int) (*outliner, []item, bool) {
	o := &outliner{text: text, budget: limit, limit: limit, minified: minified, headEnd: clipHeadEnd(root, end, limit), tree: tree}
	var elems [][2]int
	if top != nil {
		elems, o.inner, o.innerAt = top.elems, top.inner, top.innerAt
	} else {
		closing := byte('}')
		if text[root] == '[' {
			closing = ']'
		}
		elems = sequence(text, root, closing)
	}
	o.nodes = append(o.nodes, onode{key: root, val: root, end: end, state: asElided})
	o.nodes[0].elems = elems
	if !o.expand(0, limit) {
		return nil, nil, false
	}
	// The value that holds the document's end, when the root's members
	// after it are short, keeps its last children as a blind clip keeps
	// its tail: an eighth of the budget is held back from the depths for it.
	holder, reserve := o.tailHolder()
	o.budget -= reserve
	// A tree cut by little opens a clip's head first (clipHeadEnd):
	// depth by depth, the values that open in it, in input order. The
	// breadth-first outline then goes on from the root, down through the
	// values open already.
	if headFirst && o.headEnd > 0 {
		level := o.nodes[0].kids
		for depth := 1; depth < maxOutlineDepth && len(level) > 0; depth++ {
			var next []int
			for _, i := range level {
				if n := o.nodes[i]; n.state == asElided && n.key < o.headEnd && n.key != bulk && o.expand(i, o.budget-o.used+n.cost) {
					next = append(next, o.nodes[i].kids...)
				}
			}
			level = next
		}
	}
	level := o.nodes[0].kids
	var elided []int // in the order of their expansion attempts
	for depth := 1; len(level) > 0; depth++ {
		if depth == maxOutlineDepth {
			o.ends = newContainerEnds(text, root, end)
		}
		var cands, next []int
		for _, i := range level {
			switch o.nodes[i].state {
			case asElided:
				cands = append(cands, i)
			case asOpen: // in a clip's head
				next = append(next, o.nodes[i].kids...)
			}
		}
		// The largest values of a depth first; equal sizes in input order.
		slices.SortStableFunc(cands, func(a, b int) int {
			return (o.nodes[b].end - o.nodes[b].val) - (o.nodes[a].end - o.nodes[a].val)
		})
		for _, i := range cands {
			if o.nodes[i].key != bulk && o.expand(i, o.budget-o.used+o.nodes[i].cost) {
				next = append(next, o.nodes[i].kids...)
			} else {
				elided = append(elided, i)
			}
		}
		level = next
	}
	for _, i := range level {
		if o.nodes[i].state == asElided {
			elided = append(elided, i)
		}
	}
	// Room left once no depth can be expanded: summaries that fit whole.
	slices.Sort(elided)
	for _, i := range elided {
		n := &o.nodes[i]
		whole := o.size(o.span(*n))
		if n.state == asElided && o.used-n.cost+whole <= o.budget {
			o.used += whole - n.cost
			n.state, n.cost = asWhole, whole
		}
	}
	o.budget += reserve
	if holder > 0 {
		o.keepTail(reserve)
	}
	o.grow()
	if o.deepen() {
		o.grow()
	}
	items := o.items()
	if itemsSize(items) > limit {
		return nil, nil, false
	}
	return o, items, true
}

// grow spends the room the breadth-first outline left on the values it
// could not show whole — a 3,000-element array cut after its first
// elements, a 3,000-member map summarised on its key line: each gets a
// share of the room by its size and shows its first members, its last
// ones and an even sample of those between, with a count of each run it
// hides. So the outline grows with the budget instead of staying the size
// of a small one, and the blind clip never keeps more.
//
// A minified outline grows too: what it keeps are verbatim slices, its
// head and its last member's end (keepEnd) standing in for a blind clip's
// head and tail of a one-line document, and its samples of the middle
// (cargo metadata's packages by name, version and id) add to them.
func (o *outliner) grow() {
	tail := o.reopenTail()
	var cands []int
	total := 0
	for i := range o.nodes {
		n := &o.nodes[i]
		if i > 0 && (n.state == asElided || n.state == asOpen && n.more != "" && len(n.before) == 0) && len(n.elems) > 1 && o.lined(*n) {
			cands = append(cands, i)
			total += n.end - n.val
		}
	}
	room := o.budget - o.used // all of it: a digest more (a few hundred bytes) names one more element
	if len(cands) == 0 || room <= 0 {
		tail.restore(o)
		return
	}
	slices.SortStableFunc(cands, func(a, b int) int {
		return (o.nodes[b].end - o.nodes[b].val) - (o.nodes[a].end - o.nodes[a].val)
	})
	cands = tail.first(cands)
	left := total
	for _, i := range cands {
		size := o.nodes[i].end - o.nodes[i].val
		free := o.budget - o.used
		if free <= 0 {
			return
		}
		share := free * size / max(left, 1)
		if o.headRuns(o.nodes[i]) {
			share = free // a clip's head run first (sample), before a later sibling opens
		}
		if i == tail.at {
			share = max(share, tail.share())
		}
		left -= size
		o.sample(i, o.nodes[i].cost+share, false)
		if i == tail.at && o.nodes[i].state != asOpen {
			tail.restore(o)
		}
	}
}

// keepTail shows the value that holds the document's end with its last
// children, in room bytes more than it costs: down the outline's last
// open values, past their short last members (within an eighth of the
// budget, as a clip's tail), the first value not shown whole — its last
// child whole when that fits, else as many of its last children as do.
func (o *outliner) keepTail(room int) {
	i, after := 0, 0
	for range maxOutlineDepth {
		n := o.nodes[i]
		if n.state != asOpen || n.more != "" || len(n.kids) == 0 {
			return
		}
		after += o.size(o.closing(n))
		k := len(n.kids) - 1
		for ; k >= 0 && o.nodes[n.kids[k]].state != asElided && o.nodes[n.kids[k]].state != asOpen; k-- {
			after += o.nodes[n.kids[k]].cost
		}
		if k < 0 || after > o.budget/8 {
			return
		}
		c := &o.nodes[n.kids[k]]
		if c.state == asOpen {
			i = n.kids[k]
			continue
		}
		if whole := o.size(o.span(*c)); after+whole <= o.budget/8 && whole-c.cost <= o.budget-o.used {
			o.used += whole - c.cost
			c.state, c.cost, c.note, c.elems = asWhole, whole, "", nil
			return
		}
		if len(c.elems) > 1 && o.lined(*c) {
			o.tailOpen = tailOpening{at: n.kids[k], saved: *c, nodes: len(o.nodes), used: o.used}
			o.sample(n.kids[k], c.cost+min(room, o.budget-o.used), true)
		}
		return
	}
}

// tailHolder returns the root's child whose value holds the document's
// last eighth of the budget — a container the root's later members, all
// short, follow within that eighth — or 0 when the root's last member
// holds it alone or is kept whole (expand keeps the last member whole
// within an eighth).
//
// reserve is what showing that value's last child whole adds to its
// summary: the child, a note for the children before it, the closing line.
func (o *outliner) tailHolder() (holder, reserve int) {
	kids := o.nodes[0].kids
	if len(kids) < 2 || len(kids) < len(o.nodes[0].elems) {
		return 0, 0
	}
	after := o.size(o.closing(o.nodes[0]))
	for k := len(kids) - 1; k >= 0; k-- {
		n := o.nodes[kids[k]]
		if n.state == asElided {
			if k == len(kids)-1 || len(n.elems) < 2 || !o.lined(n) {
				return 0, 0
			}
			last := o.place(n.elems[len(n.elems)-1], n.depth+1, o.text[n.val] == '[', nil)
			whole := o.size(o.span(last))
			reserve = whole + o.size(o.opening(n)) + o.size(o.closing(n)) + len(n.note) + 2 - n.cost
			if after+whole > o.budget/8 || reserve <= 0 {
				return 0, 0
			}
			return kids[k], reserve
		}
		after += n.cost
		if after > o.budget/8 {
			return 0, 0
		}
	}
	return 0, 0
}

// sample opens node i (or reopens it, when open with its last children
// hidden) within room bytes for the whole of its display: the children it
// shows already, then as many more as fit — a quarter of them its first
// hidden ones, a quarter its last ones, the rest spread evenly between,
// the middle and quarters of the node among them where they cost no
// more (spreadAnchors) — with a note counting each hidden run. In a document cut by little
// (headEnd), the first picks are rather the hidden children a blind
// clip's head holds, as far as all picks but the last one go: its alike
// elements as one run (terraform's dependencies at 16,000 B), not one in
// four with a note between, so the outline keeps what the clip keeps.
// An array's object too large to keep whole shows as its digest
// (jsondigest.go), so that many elements are named rather than a few
// shown whole; the room the picks leave
// buys more detail, the last pick's first, then in the order of the
// picks: full digests, then whole values. It keeps the node as it is when no child more fits.
func (o *outliner) sample(i, room int, lastOnly bool) {
	n := o.nodes[i]
	isArray := o.text[n.val] == '['
	shown := 0
	if n.state == asOpen {
		shown = len(n.kids)
	}
	hidden := len(n.elems) - shown
	if hidden <= 0 {
		return
	}
	base := o.size(o.opening(n)) + o.size(o.closing(n))
	for _, k := range n.kids {
		base += o.nodes[k].cost
	}
	// Pretty-printed, notes are indented as the children are.
	e := n.elems[shown][0]
	indent := ""
	if !o.minified {
		indent = lineIndent(o.text, e)
		indent = indent[:min(len(indent), 80)]
	}
	word := "member"
	if isArray {
		word = "array element"
	}
	note := func(from, to int) string {
		return indent + "[…" + txt.Plural(to-from, "more "+word) + ", " + sizeText(n.elems[to-1][1]-n.elems[from][0]) + "…]"
	}
	// place returns how element j shows at detail d: a tree of one node
	// (a line, a whole value, a summary) or, for an object too large to
	// keep whole, its digest (jsondigest.go) — by its naming members
	// (detail 0) or its short scalar ones too (1) — or at detail 2 whole.
	// Summaries of alike values repeat one another: a value with no
	// digest is kept whole when it costs at most a third of the room.
	type view struct{ j, d int }
	placed := map[view][]onode{}
	detail := map[int]int{}
	viewAt := func(j, d int) []onode {
		if t, ok := placed[view{j, d}]; ok {
			return t
		}
		c := o.place(n.elems[j], n.depth+1, isArray, nil)
		t := []onode{c}
		if c.state == asElided {
			whole := c
			whole.state, whole.cost, whole.note, whole.elems = asWhole, o.size(o.span(c)), "", nil
			var dg []onode
			if d < 2 {
				dg = o.digest(n.elems, j, n.depth+1, isArray, d == 1)
				if dg == nil && d == 0 { // no naming member: the others
					dg = o.digest(n.elems, j, n.depth+1, isArray, true)
				}
			}
			switch {
			case d == 2 || dg == nil && whole.cost <= room/3 || dg != nil && whole.cost <= dg[0].cost+outlineSlack:
				t = []onode{whole}
			case dg != nil:
				t = dg
			}
		}
		placed[view{j, d}] = t
		return t
	}
	place := func(j int) []onode { return viewAt(j, detail[j]) }
	var rare []int // elements of a rare value: the spread's first picks
	if !o.minified && (isArray || o.tree) {
		rare = o.rareOf(n)
	}
	roots := o.rootsOf(n) // roots of families of names: in the place of the even picks nearest them
	rareHidden := 0
	for _, j := range rare {
		if shown <= j && j < len(n.elems)-1 {
			rareHidden++
		}
	}
	heads := 0 // hidden children within a clip's head
	for j := shown; !lastOnly && o.headEnd > 0 && j < len(n.elems)-1 && n.elems[j][1] <= o.headEnd; j++ {
		heads++
	}
	// A value the clip's tail does not reach, its head run in the clip's
	// head, goes on with that run rather than with its last children or
	// a spread, as far as a clip of the whole limit would show it: the
	// clip's head shows those first. (headEnd is the head of a clip that
	// keeps a tail; an outline made again before a clip's tail,
	// withClipTail, has about that head's room in all.)
	runs := 0
	if !lastOnly && o.headRuns(n) {
		runs = heads
		for j := shown + heads; j < len(n.elems)-1 && n.elems[j][1] <= o.nodes[0].val+o.limit; j++ {
			runs++
		}
	}
	pickK := func(k int, anchored bool) []int {
		h, t := k/4, (k+3)/4 // the last one first
		if lastOnly {
			h, t = 0, k
		} else if runs > h {
			h = min(runs, k-1)
			t = min(t, k-h)
			if h < runs {
				t = min(t, 1)
			}
		} else if heads > h {
			h = min(heads, k-1)
			t = min(t, k-h)
		}
		// Rare elements, up to half the picks, go before the head's last
		// ones: a clip's head shows the first elements as well.
		if want := min(rareHidden, k/2); !lastOnly && k-h-t < want {
			h = max(0, h-(want-(k-h-t)))
		}
		var sel []int
		for j := shown; j < shown+h && j < len(n.elems); j++ {
			sel = append(sel, j)
		}
		lo, hi := shown+h, len(n.elems)-t
		if hi > lo {
			picked := spreadRare(rare, lo, hi, k-h-t)
			var anchors []int
			if anchored {
				anchors = spreadAnchors(len(n.elems), lo, hi, anchorRoom(len(picked)))
			}
			sel = append(sel, swapInRoots(picked, slices.Concat(anchors, roots), rare, lo, hi)...)
		}
		for j := max(hi, lo); j < len(n.elems); j++ {
			sel = append(sel, j)
		}
		return sel
	}
	costOf := func(sel []int) int {
		c, prev := base, shown-1
		for _, j := range sel {
			if j > prev+1 {
				c += len(note(prev+1, j)) + 2
			}
			c += place(j)[0].cost
			prev = j
		}
		if prev < len(n.elems)-1 {
			c += len(note(prev+1, len(n.elems))) + 2
		}
		return c
	}
	// The largest k that fits; cost grows with k but for rounding, so a
	// binary search finds one that fits and a scan down settles it.
	// Every value shown costs a byte at least, so no more than room fit:
	// the search starts there, not at a hundred thousand hidden elements,
	// each probe placing the elements it picks.
	lo, hi := 0, min(hidden, room)
	lastJ := len(n.elems) - 1
	if viewAt(lastJ, 0)[0].state == asElided {
		hi = 1 // summaries of alike values say nothing new: the last one's, for its count and size
	}
	// The last child, which every pick keeps, closes the value as a
	// clip's tail would: whole within an eighth of the room, else with
	// all its short members.
	if viewAt(lastJ, 2)[0].cost <= room/8 || lastOnly && viewAt(lastJ, 2)[0].cost <= room-base {
		detail[lastJ] = 2
	} else if len(viewAt(lastJ, 1)) > 1 {
		detail[lastJ] = 1
	}
	// A rare child shows whole within a third of the room: its rare
	// value, which it is picked for, may be none of the members a digest
	// names it by (a package's one other funding URL under its version).
	for _, j := range rare {
		if shown <= j && j < lastJ && viewAt(j, 2)[0].cost <= room/3 {
			detail[j] = 2
		}
	}
	lo = largestFitting(lo, hi, func(k int) bool { return costOf(pickK(k, false)) <= room })
	if lo == 0 || n.state == asElided && lo < min(hidden, outlineNoteKeys) && !lastOnly {
		return // a summary names its first keys: one member shown says less
	}
	// The middle and quarters in place of the picks nearest them, where
	// that costs no more than the even picks, with one pick fewer if need
	// be: the room left for detail stays (jsonspreadanchors.go).
	sel := pickK(lo, false)
	cost := costOf(sel)
	for _, k := range []int{lo, lo - 1} {
		if k == 0 {
			break
		}
		a := pickK(k, true)
		if c := costOf(a); c <= cost {
			sel, cost = a, c
			break
		}
	}
	// Room left: more detail — full digests, then whole values — in the
	// order of the picks, while it fits.
	upgrade := func(j, d int) {
		if t := place(j); len(t) > 1 || t[0].state == asElided {
			if c := cost - t[0].cost + viewAt(j, d)[0].cost; c <= room {
				cost, detail[j] = c, d
			}
		}
	}
	for d := 1; d <= 2; d++ {
		for _, j := range sel {
			upgrade(j, d)
		}
	}
	// Room still left (the anchored picks took one fewer, or detail had
	// nothing more to show): the middles of the longest hidden runs, as
	// long as each fits (fillGaps).
	if !lastOnly {
		sel, cost = fillGaps(sel, shown, len(n.elems), cost, room, costOf)
	}
	if cost > room || cost-n.cost > o.budget-o.used {
		return
	}
	m := &o.nodes[i]
	before := make([]string, len(m.kids), len(m.kids)+len(sel))
	prev := shown - 1
	for _, j := range sel {
		b := ""
		if j > prev+1 {
			b = note(prev+1, j)
		}
		before = append(before, b)
		at := len(o.nodes)
		for _, c := range place(j) {
			c.kids = slices.Clone(c.kids)
			for k := range c.kids {
				c.kids[k] += at
			}
			o.nodes = append(o.nodes, c)
		}
		m = &o.nodes[i]
		m.kids = append(m.kids, at)
		prev = j
	}
	m.more = ""
	if prev < len(m.elems)-1 {
		m.more = note(prev+1, len(m.elems))
	}
	o.used += cost - m.cost
	m.state, m.cost, m.before = asOpen, cost, before
}

// The pieces of a node's display, as input ranges: span when it is kept
// whole, opening and closing when it is open. Pretty-printed, they are
// whole lines; minified, the key through the value (or its opening
// bracket) and, for a span and a closing, the comma after it.

func (o *outliner) span(n onode) (start, end int) {
	if !o.minified {
		return blankLineStart(o.text, n.key), pieceEnd(o.text, n.end)
	}
	return n.key, o.comma(n.end)
}

func (o *outliner) opening(n onode) (start, end int) {
	if !o.minified {
		return blankLineStart(o.text, n.key), bracketLineEnd(o.text, n.val)
	}
	return n.key, n.val + 1
}

func (o *outliner) closing(n onode) (start, end int) {
	if !o.minified {
		return blankLineStart(o.text, n.end-1), pieceEnd(o.text, n.end)
	}
	return n.end - 1, o.comma(n.end)
}

// comma returns the index past the comma that follows a value ending at
// i, or i when none does.
func (o *outliner) comma(i int) int {
	if j := skipSpace(o.text, i); j < len(o.text) && o.text[j] == ',' {
		return j + 1
	}
	return i
}

// keep returns the item keeping text[start:end] as a line: minified, with
// the '\n' that ends it, which items drops where the next kept range
// continues it.
func (o *outliner) keep(start, end int) item {
	it := keepRange(start, end)
	it.eol = o.minified && (end == start || o.text[end-1] != '\n')
	return it
}

// size returns the bytes keep(start, end) writes.
func (o *outliner) size(start, end int) int { return o.keep(start, end).size() }

// expand opens the elided node i if its opening line, closing line and
// children fit in room bytes, and reports whether it did. Children are
// placed as lines, wholes or summaries. An object shows all its members
// or, at the root, as many first ones as fit; an array shows its first
// elements and counts the rest.
func (o *outliner) expand(i, room int) bool {
	if o.expandNotes(i, room, false) {
		return true
	}
	// An object whose members do not all fit with their summaries may
	// fit with the summaries of alike siblings cut to a ditto, in up to
	// three fifths of the limit (jsonoutlinealike.go).
	n := o.nodes[i]
	return i != 0 && o.text[n.val] == '{' && o.lined(n) && o.expandNotes(i, min(room, o.limit*3/5), true)
}

// expandNotes is expand, the summaries of alike members cut to a ditto
// when ditto is set.
func (o *outliner) expandNotes(i, room int, ditto bool) bool {
	text := o.text
	n := o.nodes[i]
	if !o.lined(n) {
		return false
	}
	isArray := text[n.val] == '['
	cost := o.size(o.opening(n)) + o.size(o.closing(n))
	// The longest "more" note: its indentation, count, keys and size.
	const moreRoom = 2 + 80 + 40 + outlineNoteKeys*(outlineKeyMax+2) + 40
	share := room
	if isArray {
		share = max((o.budget-o.used)/4, 0) + n.cost // arrays: first elements, not all
	}
	var kids []int
	var prevKeys [][2]int // the members of the child before, when its keys show
	first := len(o.nodes)
	for k, e := range n.elems {
		var inner [][2]int
		if i == 0 && k+1 < len(o.innerAt) {
			inner = o.inner[o.innerAt[k]:o.innerAt[k+1]]
		}
		c := o.place(e, n.depth+1, isArray, inner)
		if whole := o.size(o.span(c)); i == 0 && k == len(n.elems)-1 && c.state == asElided && whole <= o.budget/8 {
			// The document's last member closes it as a clip's tail
			// would: whole, within a clip's tail share of the budget.
			c.state, c.cost, c.note, c.elems = asWhole, whole, "", nil
		} else if i == 0 && k == len(n.elems)-1 && c.state == asLine && c.cut > 0 && o.minified {
			o.keepEnd(&c, o.budget/8)
		}
		if ditto {
			o.alikeNote(&c, prevKeys)
			prevKeys = o.objectKeys(c)
		}
		need := cost + c.cost
		if k < len(n.elems)-1 && (isArray || i == 0) {
			need += moreRoom
		}
		// An array shows its first element, and further ones while they
		// are one-line values (strings, numbers) within a quarter of the
		// room: elements are alike, and summaries of alike objects repeat.
		if need > room || (isArray && k > 0 && (need > share || c.state != asLine)) {
			if !isArray && i != 0 {
				o.nodes = o.nodes[:first]
				return false // a member of an object shows all of its keys or none
			}
			break
		}
		cost += c.cost
		o.nodes = append(o.nodes, c)
		kids = append(kids, len(o.nodes)-1)
	}
	if len(kids) == 0 {
		o.nodes = o.nodes[:first]
		return false
	}
	var more string
	if hidden := n.elems[len(kids):]; len(hidden) > 0 {
		indent := ""
		if !o.minified {
			indent = lineIndent(text, hidden[0][0])
		}
		more = indent[:min(len(indent), 80)] + o.summary(hidden, isArray, true) // indented as they are
		cost += len(more) + 2
	}
	if cost > room {
		o.nodes = o.nodes[:first]
		return false
	}
	m := &o.nodes[i]
	o.used += cost - m.cost
	m.state, m.cost, m.kids, m.more = asOpen, cost, kids, more
	return true
}

// place returns the node for the member or element e of a node at depth
// depth-1, shown as a line, whole, or summarised, whichever suits. inner,
// when not empty, are the elements or members of e's value, found
// already.
func (o *outliner) place(e [2]int, depth int, isElem bool, inner [][2]int) onode {
	text := o.text
	c := onode{key: e[0], val: e[0], end: e[1], depth: depth}
	if !isElem {
		c.val = skipSpace(text, skipSpace(text, stringEnd(text, e[0]))+1)
	}
	ls, le := o.span(c)
	container := text[c.val] == '{' || text[c.val] == '['
	if !container || !o.minified && lineEnd(text, c.val, len(text)) >= c.end {
		c.state, c.cost = asLine, o.size(ls, le)
		if c.cost > outlineLineMax {
			cut := ls + outlineLineKeep
			for cut > ls && !utf8.RuneStart(text[cut]) {
				cut--
			}
			c.cut, c.note = cut, "[…"+txt.Commas(le-cut)+" bytes…]"
			c.cost = cut - ls + len(c.note) + 2
		}
		return c
	}
	closing := byte(']')
	if text[c.val] == '{' {
		closing = '}'
	}
	c.elems = inner
	switch {
	case len(inner) > 0:
	case o.ends != nil:
		c.elems = o.ends.members(text, c.val, closing)
	default:
		c.elems = sequence(text, c.val, closing)
	}
	c.note = o.summary(c.elems, closing == ']', false)
	c.state, c.cost = asElided, c.val+1-ls+len(c.note)+2
	if whole := o.size(ls, le); whole <= c.cost+outlineSlack {
		c.state, c.cost, c.note, c.elems = asWhole, whole, "", nil
	}
	return c
}

// keepEnd makes the cut line c keep its last bytes too, up to room of
// them, as a blind clip keeps a one-line document's tail (a source map's
// mappings end it), its note then counting the bytes between.
func (o *outliner) keepEnd(c *onode, room int) {
	ls, le := o.span(*c)
	tail := max(le-room, c.cut+1)
	for tail < le && !utf8.RuneStart(o.text[tail]) {
		tail++
	}
	if tail >= le {
		return
	}
	c.tail, c.note = tail, "[…"+txt.Commas(tail-c.cut)+" bytes…]"
	c.cost = c.cut - ls + len(c.note) + o.size(tail, le)
}

// summary writes the note for elems, the members or elements of a value
// (or those of them not shown, when more is set): how many, the first
// keys, how many bytes.
func (o *outliner) summary(elems [][2]int, isArray, more bool) string {
	return valueSummary(o.text, elems, isArray, more)
}

// valueSummary is the note for elems, the members (from their keys) or
// elements of a value of text: how many, the first keys, how many bytes
// (see outliner.summary).
func valueSummary(text string, elems [][2]int, isArray, more bool) string {
	return valueSummaryKeys(text, elems, isArray, more, outlineNoteKeys)
}

// valueSummaryKeys is valueSummary naming up to keys of an object's keys
// (none when keys is 0).
func valueSummaryKeys(text string, elems [][2]int, isArray, more bool, keys int) string {
	var b strings.Builder
	b.WriteString("[…")
	word := "member"
	if isArray {
		word = "array element"
	}
	if more {
		word = "more " + word
	}
	b.WriteString(txt.Plural(len(elems), word))
	if !isArray && keys > 0 {
		b.WriteString(": ")
		for k, e := range elems[:min(len(elems), keys)] {
			if k > 0 {
				b.WriteString(", ")
			}
			key := text[e[0]:stringEnd(text, e[0])]
			if len(key) > outlineKeyMax {
				cut := outlineKeyMax - 2
				for cut > 0 && !utf8.RuneStart(key[cut]) {
					cut--
				}
				key = key[:cut] + "…\""
			}
			b.WriteString(key)
		}
		if len(elems) > keys {
			b.WriteString(" + " + txt.Commas(len(elems)-keys) + " more")
		}
	}
	if len(elems) > 0 {
		b.WriteString(", " + sizeText(elems[len(elems)-1][1]-elems[0][0]))
	}
	b.WriteString("…]")
	return b.String()
}

// lined reports whether n's value can be expanded line by line: its
// opening bracket ends its line, each member starts a line and ends one
// (with its comma), and the closing bracket starts its line — or, in the
// shared-line style, an element that opens and closes its own lines
// (opensOwnLines) shares its first line with the array's opening bracket
// or the element before's closing one (`[{`, `}, {`) and its last with the
// next element's opening or the array's closing bracket (`}]`).
func (o *outliner) lined(n onode) bool {
	if o.minified {
		return len(n.elems) > 0
	}
	text := o.text
	nl := strings.IndexByte(text[n.val:n.end], '\n')
	if nl < 0 || len(n.elems) == 0 || !onlySpace(text[n.val+1:n.val+nl]) && n.elems[0][0] > n.val+nl {
		return false
	}
	for k, e := range n.elems {
		if !onlySpace(text[txt.LineStart(text, e[0]):e[0]]) {
			prev := n.val + 1
			if k > 0 {
				prev = o.comma(n.elems[k-1][1])
			}
			if !onlySpace(text[prev:e[0]]) || !opensOwnLines(text, e) {
				return false
			}
		}
		le := lineEnd(text, e[1], n.end)
		if tail := strings.TrimSpace(text[e[1]:le]); tail != "" && tail != "," {
			next := n.end - 1
			if k+1 < len(n.elems) {
				next = n.elems[k+1][0]
			}
			if !onlySpace(text[o.comma(e[1]):next]) || !opensOwnLines(text, e) {
				return false
			}
		}
	}
	last := n.elems[len(n.elems)-1][1]
	return onlySpace(text[txt.LineStart(text, n.end-1):n.end-1]) || onlySpace(text[last:n.end-1])
}

// items writes the outline as plan items in input order.
func (o *outliner) items() []item {
	var items []item
	type frame struct{ node, next int }
	stack := []frame{{0, -1}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		n := &o.nodes[f.node]
		if f.next < 0 {
			ls, le := o.span(*n)
			switch n.state {
			case asLine:
				if n.cut > 0 && n.tail > 0 {
					items = append(items, item{start: ls, end: n.cut, note: n.note, glue: true}, o.keep(n.tail, le))
				} else if n.cut > 0 {
					items = append(items, item{start: ls, end: n.cut, note: n.note})
				} else {
					items = append(items, o.keep(ls, le))
				}
			case asWhole:
				items = append(items, o.keep(ls, le))
			case asElided:
				items = append(items, item{start: ls, end: n.val + 1, note: n.note})
			case asOpen:
				if n.head != "" {
					items = append(items, item{start: ls, end: n.val + 1, note: n.head})
				} else {
					items = append(items, o.keep(o.opening(*n)))
				}
			}
			if n.state != asOpen {
				stack = stack[:len(stack)-1]
				continue
			}
			f.next = 0
		}
		if f.next < len(n.kids) {
			if f.next < len(n.before) && n.before[f.next] != "" {
				items = append(items, noteLine(n.before[f.next]))
			}
			f.next++
			stack = append(stack, frame{n.kids[f.next-1], -1})
			continue
		}
		if n.more != "" {
			items = append(items, noteLine(n.more))
		}
		items = append(items, o.keep(o.closing(*n)))
		stack = stack[:len(stack)-1]
	}
	if o.minified {
		items = joinRuns(items)
	} else {
		glueSharedOpenings(o.text, items)
	}
	return items
}

// counts returns how many values the outline shows, on their own lines or
// inside values kept whole, and how many levels deep its keys go.
func (o *outliner) counts() (shown, levels int) {
	for _, n := range o.nodes[1:] {
		shown++
		levels = max(levels, n.depth)
		if n.state == asWhole || (n.state == asLine && n.cut == 0) {
			shown += countValues(o.text, n.val, n.end)
		}
	}
	return shown, levels
}

// jqExample returns a jq path to the largest member of the root that the
// outline summarises or opens, when its key is a plain identifier.
func (o *outliner) jqExample() string {
	best, size := "", 0
	for _, k := range o.nodes[0].kids {
		n := o.nodes[k]
		if n.state != asElided && n.state != asOpen || n.end-n.val <= size {
			continue
		}
		key := o.text[n.key+1 : stringEnd(o.text, n.key)-1]
		if key == "" || len(key) > 30 || strings.IndexFunc(key, func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		}) >= 0 || key[0] >= '0' && key[0] <= '9' {
			continue
		}
		best, size = key, n.end-n.val
	}
	if best == "" {
		return ", jq 'to_entries | first'"
	}
	return ", jq '." + best + " | keys', jq '." + best + " | to_entries | first'"
}

// countValues returns how many values the valid JSON value text[start:end]
// holds at any depth, itself excluded: a non-empty container holds one
// more than its commas.
func countValues(text string, start, end int) int {
	n := 0
	for i := start; i < end; i++ {
		switch text[i] {
		case '"':
			i = stringEnd(text, i) - 1
		case ',':
			n++
		case '{', '[':
			if j := skipSpace(text, i+1); j < end && text[j] != '}' && text[j] != ']' {
				n++
			}
		}
	}
	return n
}

// sizeText writes a byte count for a note: "4,210 bytes", "12 KB".
func sizeText(n int) string {
	if n < 10000 {
		return txt.Plural(n, "byte")
	}
	return txt.Commas((n+512)/1024) + " KB"
}

// minifiedSequence reports whether the elements of a top-level array
// share lines (curl of a REST API, gh api, jq -c), or whether a stream's
// first or last document is one line: the sequence plan, which cuts
// elements at line ends, would keep nothing of them but whole ones.
func minifiedSequence(text string, elems [][2]int, kind string) bool {
	last := len(elems) - 1
	switch kind {
	case "array element":
		return strings.Count(text[elems[0][0]:elems[last][0]], "\n") < last
	case "document":
		oneLine := func(e [2]int) bool { return strings.IndexByte(text[e[0]:e[1]], '\n') < 0 }
		return oneLine(elems[0]) || oneLine(elems[last])
	}
	return false
}

// planMinifiedSequence plans a minified array or a stream of one-line
// documents in lines of its own: the opening bracket; the first elements
// whole while they fit in about half of limit, or else the first one's
// outline; a count of the rest with their size; the last element whole or
// outlined — identities (id, name) open an element, and an outline shows
// every key it can; the closing bracket. Each element kept whole is an
// input range; consecutive ones stay one verbatim slice (joinRuns). The
// elements between the first and the last fill what the budget leaves,
// those of a rare value first (rareValueShapes), then spread evenly
// (spreadElements): a stream of arrays flattened by
// streamOfArrays has its findings all through, and a one-line array of
// large elements (g++'s diagnostics) does not leave a third of its
// budget unused.
func planMinifiedSequence(text string, elems [][2]int, kind string, limit int) (plan, bool) {
	return planMinifiedSequenceSplit(text, elems, kind, limit, dominantSplit{})
}

// planMinifiedSequenceSplit is planMinifiedSequence on the elements of
// split (dominantArray), split.flat: the first and the last inner
// element kept with their container's opening and closing, and the
// top-level siblings picked first, as rare shapes are.
func planMinifiedSequenceSplit(text string, elems [][2]int, kind string, limit int, split dominantSplit) (plan, bool) {
	widen := split.widen
	headRoom := sequenceHeadRoom(len(text), kind, limit)
	var items []item
	used := 0
	add := func(its ...item) {
		items = append(items, its...)
		used += itemsSize(its)
	}
	line := func(start, end int) item { return item{start: start, end: end, eol: true} }
	span := func(e [2]int) (int, int) { return e[0], e[1] }
	var closing item
	if kind == "array element" {
		o := &outliner{text: text}
		span = func(e [2]int) (int, int) {
			if w, ok := widen[e[0]]; ok {
				return w[0], w[1]
			}
			return e[0], o.comma(e[1])
		}
		open := skipSpace(text, 0)
		if s, _ := span(elems[0]); s-open > headRoom/4 {
			return plan{}, false
		}
		add(line(open, open+1))
		_, end := span(elems[len(elems)-1])
		end = skipSpace(text, end)
		closing = line(end, end+1)
	}
	last := len(elems) - 1
	shapes := siblingShapes(rareValueShapes(text, elems), split.siblings)
	firstEnd := used + line(span(elems[0])).size()
	headRoom = rareHeadRoom(elems, shapes, headRoom, firstEnd)
	shown, outlined := 0, 0
	for shown < last {
		it := line(span(elems[shown]))
		if used+it.size() > headRoom {
			break
		}
		add(it)
		shown++
	}
	if shown == 0 && kind == "array element" {
		// Not even the first element fits: the clip's verbatim head and
		// tail, and between them the digests of the elements.
		if p, ok := planMinifiedEndsFilled(text, elems, kind, limit); ok {
			return p, true
		}
	}
	if shown == 0 {
		add(outlineElement(text, elems[0], span, headRoom-used)...)
		shown, outlined = 1, 1
	}
	omitted := last - shown
	tail := line(span(elems[last]))
	var between []int
	if outlined == 0 && omitted > 0 {
		want := clipElements(elems, len(text), limit) - shown - 1
		floor := pipelineClipElements(text, elems, limit) - shown - 1
		room := limit - used - tail.size() - closing.size() - sequenceNoteRoom
		between = spreadElements(elems, shapes, nil, shown, last, room, -1, kind, want, floor, clipTailRoom(elems, len(text), limit))
	}
	// The spread prices its picks by their bytes and a note's likely
	// size; what they cost written out (a line end each, the notes' own
	// counts) decides, so the last element keeps the room it was left:
	// picks go from the end of the spread until they fit (dropPick).
	betweenItems := func(between []int) []item {
		var its []item
		from := shown
		for _, i := range between {
			if i > from {
				its = append(its, noteLine(omittedNote(i-from, kind)))
			}
			its = append(its, line(span(elems[i])))
			from = i + 1
		}
		if last > from {
			its = append(its, noteLine("[…"+txt.Plural(last-from, "more "+kind)+", "+sizeText(elems[last][0]-elems[from][0])+"…]"))
		}
		return its
	}
	its := betweenItems(between)
	for len(between) > 0 && used+itemsSize(its)+tail.size()+closing.size() > limit {
		between = dropPick(between, shown, last)
		its = betweenItems(between)
	}
	add(its...)
	omitted -= len(between)
	room := limit - used - closing.size()
	if tail.size() <= room {
		add(tail)
	} else {
		add(outlineElement(text, elems[last], span, room)...)
		outlined++
	}
	if closing.eol {
		add(closing)
	}
	if used > limit {
		return plan{}, false
	}
	items = joinRuns(items)
	p := plan{strategy: StrategyJSON, items: items, markerAt: len(items), digest: true}
	first, end := keptWords(shown, between, last)
	how := ""
	if outlined > 0 {
		how = ", large ones outlined by their keys and sizes"
	}
	p.what = txt.Commas(omitted) + " of " + txt.Plural(len(elems), kind) + " (kept " + first + " and " + end + how + ")"
	if omitted == 0 {
		p.what = "the inside of large ones among " + txt.Plural(len(elems), kind) + " (none omitted whole)"
	}
	p.what += split.what
	p.hint = "To see more, re-run with a jq filter that selects what you need (jq length, jq keys, jq 'map(.id)')."
	return p, true
}

// dropPick returns between, picks of the elements after the first shown
// and before last, less the one whose loss adds no gap note where one can:
// the first of a run that reaches last (a clip's tail, spreadElements),
// whose gap before it only grows, unless the run reaches back to the
// head too; else the last pick.
func dropPick(between []int, shown, last int) []int {
	k := len(between) - 1
	if between[k] == last-1 {
		for k > 0 && between[k-1] == between[k]-1 {
			k--
		}
		if between[k] == shown {
			k = len(between) - 1
		}
	} else {
		k = len(between) - 1
	}
	return slices.Delete(slices.Clone(between), k, k+1)
}

// joinRuns drops the '\n' headroom writes after a kept range when the
// next item keeps the bytes right after it. Minified JSON is laid out in
// lines of headroom's own, but what the plan keeps of consecutive input
// stays one verbatim slice (`{"packages":[{"name":"aho-corasick",…`), as
// a reader who saw the input, or a search for a part of it, expects; a
// line ends only where something was left out. Joining only removes
// bytes, so a plan that fit still fits.
func joinRuns(items []item) []item {
	for k := 0; k+1 < len(items); k++ {
		it, next := &items[k], items[k+1]
		if it.eol && it.note == "" && it.end > it.start && next.end > next.start && next.start == it.end {
			it.eol = false
		}
	}
	return items
}

// outlineElement returns the minified outline of the element e in at most
// room bytes; for a scalar, or when no outline fits, its start cut short.
func outlineElement(text string, e [2]int, span func([2]int) (int, int), room int) []item {
	if c := text[e[0]]; c == '{' || c == '[' {
		// The outline's closing line takes the comma after the element.
		if _, items, ok := outline(text, e[0], e[1], nil, room, true, false, false, -1); ok {
			return items
		}
	}
	start, end := span(e)
	note := "[…" + txt.Commas(end-start) + " bytes…]"
	keep := room - len(note) - 2
	if keep <= 0 {
		return []item{noteLine(note)}
	}
	cut := min(start+keep, end)
	for cut > start && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return []item{{start: start, end: cut, note: note}}
}

// streamOfArrays returns the elements of a stream of one-line arrays of
// objects (gcc -fdiagnostics-format=json, one array per translation unit) as those
// of one array: the stream's documents are few and large, and planned as
// documents they would be kept first and last with an outline of the rest,
// while their elements — the diagnostics — are what a reader looks for.
// Each element keeps its place in the text, so what is kept between two
// documents' elements is still a verbatim slice of it.
func streamOfArrays(text string, top jsonTop) ([][2]int, bool) {
	if top.kind != "document" {
		return nil, false
	}
	var elems [][2]int
	for _, d := range top.elems {
		doc := text[d[0]:d[1]]
		if doc[0] != '[' || strings.IndexByte(doc, '\n') >= 0 {
			return nil, false
		}
		t, ok := scanJSONTop(doc)
		if !ok || t.kind != "array element" {
			return nil, false
		}
		for _, e := range t.elems {
			if doc[e[0]] != '{' {
				return nil, false // a tuple (mocha's ["pass", {…}]) is one event, not a list of findings
			}
			elems = append(elems, [2]int{d[0] + e[0], d[0] + e[1]})
		}
	}
	return elems, len(elems) >= 2
}
