package headroom

import (
	"slices"

	"github.com/headroom-go/headroom/internal/txt"
)

// A roll shows the elements between a sequence's first and last by their
// naming lines alone: the lines a digest shows (a test vector's "Name", a
// target spec's key and description), without the digest's opening and
// closing brackets, index note and member count. A digest of 249 test
// vectors costs about 140 bytes for a name of 50, its notes and
// brackets; the roll costs the name: three times as many elements are
// named in the same room, all 249 in 16 KB, where a reader looking for
// one finds it. One note before the roll says how many of the elements
// between it shows, those that hold a rare value first, the others
// spread evenly; what it hides of each element is the
// same for all (alike members: the rare shapes go to the digests' plan).

// rollNote returns the note that opens a roll showing k of the m
// elements between a sequence's ends, rare of them for a rare value.
func rollNote(k, m, rare int, kind string) string {
	if k == m {
		return "[…the " + txt.Plural(m, kind) + " between, by their naming lines alone…]"
	}
	how := "spread evenly"
	if rare > 0 {
		how = txt.Commas(rare) + " for a rare value, the others " + how
	}
	return "[…" + txt.Commas(k) + " of the " + txt.Plural(m, kind) + " between, " + how + ", by their naming lines alone…]"
}

// A roll's head runs on, whole, over the short elements after the first:
// a JSON Patch opens with its metadata bumps (`/metadata/apiVersion`,
// `/metadata/uid`), each a path and a value of some 80 bytes, and a roll
// names them by their paths alone, losing the values a blind clip's head
// shows. An element whole in the room of two names costs the roll at
// most one more name, so the head keeps those that follow the first, in
// order, up to the first longer one, in up to a quarter of the roll's
// room (a patch of short elements only stays a roll past its head).

// rollHeadRun returns how many elements after the first (1, 2, …, up to
// last-1) a roll's head keeps whole, and what they cost: each costs
// whole(j) bytes, at most twice name, what naming an element costs on
// average, and together at most a quarter of room; one element at least
// is left between them and the last.
func rollHeadRun(whole func(j int) int, last, name, room int) (run, cost int) {
	for run+2 < last { // one element between is left to the roll
		c := whole(run + 1)
		if c > 2*name || 4*(cost+c) > room {
			break
		}
		run++
		cost += c
	}
	return run, cost
}

// rollRarePicks returns the elements a roll names, in order, and how
// many of them hold a rare value: spread, the even spread that fills
// used of room bytes, with the elements of rare (rarest first, between first
// and last) each named whole in up to a rareValueShare'th of room, each
// in place of the spread's picks nearest it — a rare pick samples that
// stretch — so the spread elsewhere stays where it was. size(j) is what
// naming element j costs; note is what the roll's note grows by when it
// counts rare picks.
func rollRarePicks(spread, rare []int, first, last, room, used, note int, size func(int) int) ([]int, int) {
	in := map[int]bool{}
	for _, j := range spread {
		in[j] = true
	}
	var picked []int
	rareCost := 0
	for _, j := range rare {
		if j < first || j >= last { // rare holds each element once
			continue
		}
		c := size(j)
		if in[j] {
			c = 0 // the spread names it already
		}
		if size(j) > 0 && rareCost+c <= (room-note)/rareValueShare {
			picked = append(picked, j)
			rareCost += c
		}
	}
	if len(picked) == 0 {
		return spread, 0
	}
	slices.Sort(picked)
	near := func(j int) int { // the distance to the nearest rare pick
		k, _ := slices.BinarySearch(picked, j)
		d := last
		if k < len(picked) {
			d = picked[k] - j
		}
		if k > 0 {
			d = min(d, j-picked[k-1])
		}
		return d
	}
	drop := slices.Clone(spread)
	slices.SortStableFunc(drop, func(a, b int) int { return near(a) - near(b) })
	gone := map[int]bool{}
	used += rareCost + note
	for _, j := range drop {
		if used <= room {
			break
		}
		if d := near(j); d > 0 {
			gone[j] = true
			used -= size(j)
		}
	}
	out := slices.Clone(picked)
	for _, j := range spread {
		if _, rare := slices.BinarySearch(picked, j); !gone[j] && !rare {
			out = append(out, j)
		}
	}
	slices.Sort(out)
	return out, len(picked)
}

// rollLines returns the naming lines of a digest tree: the lines of its
// shown scalar members at every depth and, for a map's member, named by
// its key, the key's line (its only one when no member names it).
func (o *outliner) rollLines(tree []onode, isElem bool) []item {
	var items []item
	var walk func(i int)
	walk = func(i int) {
		n := tree[i]
		switch n.state {
		case asLine:
			items = append(items, o.keep(o.span(n)))
		case asOpen:
			if i == 0 && !isElem {
				items = append(items, o.keep(o.opening(n)))
			}
			for _, k := range n.kids {
				walk(k)
			}
		}
	}
	walk(0)
	return items
}

// planSequenceRoll plans a pretty-printed sequence of alike objects, as
// planSequenceDigests does, with its middle as a roll: the ends as the
// digests' plan keeps them, the head running on over the short elements
// after the first (rollHeadRun), and after it the naming lines of as many
// elements as fit — first those of rare (indices into elems, rarest
// first: those that hold a rare value, rareValueElems) in up to a
// rareValueShare'th of the room, as a spread of whole elements gives
// them (a JSON Patch's 25 adds among 191 alike replaces), then the others
// spread evenly, the sequence's middle and quarters among them
// (anchoredSpread); an element of a rare shape (an error among
// successes: a key set a tenth of them or fewer share) is named first,
// after those of a rare value, and whole where it takes at most a
// rareValueShare'th of the room, as the digests' plan would keep it. It
// declines when no element between shows a naming line. It returns the items, how many
// elements they name and how many of those after the first the head
// keeps whole.
func planSequenceRoll(text string, elems [][2]int, shapes []int32, rare []int, kind string, limit int) ([]item, int, int, bool) {
	n, last := len(elems), len(elems)-1
	room := limit - sequenceNoteRoom
	if n < 3 || elems[0][0] > room/8 {
		return nil, 0, 0, false
	}
	count := make([]int, slices.Max(shapes)+1)
	for _, s := range shapes[1:last] {
		count[s]++
	}
	// Elements of a rare shape (an error among successes) are named
	// first, after those of a rare value, as the spread of whole ones
	// picks them: where the roll names more than the digests, it names
	// them too.
	var odd []int
	isOdd, inRare := make([]bool, n), make([]bool, n)
	for _, j := range rare {
		if 0 <= j && j < n {
			inRare[j] = true
		}
	}
	for j := 1; j < last; j++ {
		if s := shapes[j]; s != 0 && count[s] <= max(1, (last-1)/10) && !inRare[j] {
			isOdd[j] = true
			odd = append(odd, j)
		}
	}
	if len(odd) > 0 {
		slices.SortStableFunc(odd, func(a, b int) int { return count[shapes[a]] - count[shapes[b]] })
		rare = append(slices.Clip(rare), odd...)
	}
	head, tail, _ := sequenceEndsKept(text, elems, room)
	head = slices.Clone(head)
	// The first element's range runs to the second's key: the indentation
	// before it is not the roll's, whose note opens a line of its own.
	firstWhole := false
	if h := &head[len(head)-1]; h.note == "" && h.end == elems[1][0] {
		h.end = max(h.start, blankLineStart(text, elems[1][0]))
		firstWhole = true
	}
	mid := room - itemsSize(head) - itemsSize(tail) - len(rollNote(last-1, last-1, 0, kind)) - 2
	o := &outliner{text: text}
	isElem := kind != "object member"
	lines := map[int][]item{}
	keyOnly := 0                  // sampled members no member names
	firstLine := map[int]string{} // the first lines of members named by their key and it (keyFirstLine)
	digestLines := func(j int) ([]item, bool) {
		o.describe = true // a description names an element beside its naming members
		if t := o.digestFrom(elems, j, 1, isElem, false, 0); t != nil {
			return o.rollLines(t, isElem), true
		}
		return nil, false
	}
	// A map whose naming members repeat its keys is rolled by its
	// members' leading lines (jsonrollkeyed.go).
	keyed := !isElem && keysRepeated(text, elems, spread(1, last, rollSample), digestLines)
	// A map whose members mostly none of their own members names is
	// rolled by their keys and first lines (keyFirstLine); where most are
	// named, one that is not keeps its key line alone, as cheap as theirs.
	unnamed := !isElem && mostUnnamed(spread(1, last, rollSample), digestLines)
	naming := func(j int) []item {
		if its, ok := digestLines(j); ok {
			if keyed {
				return leadingLines(text, elems[j], its)
			}
			return its
		}
		if !isElem { // a map's member no member names: its key does, with its first line
			if unnamed {
				if its, ok := keyFirstLine(text, elems[j]); ok {
					firstLine[j] = text[its[1].start:its[1].end]
					return its
				}
			}
			keyOnly++
			k := elems[j][0]
			return []item{keepRange(txt.LineStart(text, k), lineEnd(text, k, len(text)))}
		}
		return nil
	}
	common := commonLines(text, last-1, func(k int) []item { return naming(1 + k) })
	for _, k := range spread(0, last-1, rollSample) {
		if l, ok := firstLine[1+k]; ok && common[l] {
			keyOnly++ // its first line, alike in most members, is dropped: its key is left alone
		}
	}
	if 2*keyOnly > min(last-1, rollSample) {
		// Most members named by their keys alone: a roll would be jq keys,
		// their values lost (php's ini settings); a spread of whole ones
		// shows both.
		return nil, 0, 0, false
	}
	at := func(j int) int { return blankLineStart(text, elems[j][0]) }
	show := func(j int) []item {
		its, ok := lines[j]
		if !ok {
			its = withoutCommon(text, naming(j), common, !isElem)
			if isOdd[j] && at(j+1)-at(j) <= max(mid, 0)/rareValueShare {
				its = []item{keepRange(at(j), at(j+1))} // a rare shape whole: what sets it apart may be no naming line
			}
			lines[j] = its
		}
		return its
	}
	run := 0 // the elements after the first the head keeps whole (rollHeadRun)
	if firstWhole {
		sample, names := spread(1, last, rollSample), 0
		for _, j := range sample {
			names += itemsSize(show(j))
		}
		runCost := 0
		run, runCost = rollHeadRun(func(j int) int { return at(j+1) - at(j) }, last, names/len(sample), mid)
		if run > 0 {
			head = append(head, keepRange(at(1), at(run+1)))
			mid -= runCost
		}
	}
	from := 1 + run
	cost := func(k int) int { return spreadCost(spread(from, last, k), show) }
	k := largestFitting(0, min(last-from, max(mid, 0)/digestMin), func(k int) bool { return cost(k) <= mid })
	size := func(j int) int { return itemsSize(show(j)) }
	note := len(rollNote(0, 1, last, kind)) - len(rollNote(0, 1, 0, kind))
	shown, picked := rollRarePicks(spread(from, last, k), rare, from, last, mid, cost(k), note, size)
	// The middle and quarters in place of the picks nearest them, where
	// that names as many in the room or, when the picks stand four apart
	// or more, one fewer: the one a costlier anchor displaced, where the
	// even picks come nowhere near the anchors (jsonspreadanchors.go).
	a := anchoredSpread(from, last, last+1, k, rare)
	if c := spreadCost(a, show); c <= mid {
		s, p := rollRarePicks(a, rare, from, last, mid, c, note, size)
		slack := 0
		if 4*k <= last-from {
			slack = 1
		}
		if len(s)+slack >= len(shown) && p >= picked {
			shown, picked = s, p
		}
	}
	var roll []item
	named := 0
	for _, j := range shown {
		if its := show(j); len(its) > 0 {
			roll = append(roll, its...)
			named++
		}
	}
	if named == 0 {
		return nil, 0, 0, false
	}
	items := append(head, noteLine(rollNote(named, last-from, picked, kind)))
	items = append(append(items, roll...), tail...)
	if itemsSize(items) > limit {
		return nil, 0, 0, false
	}
	if firstWhole && named == last-from {
		// Every element between is named and room is left: the head
		// runs on, whole, over as many leading elements as the pipeline's
		// clip shows whole, as far as the room allows, each in place of
		// its naming lines (rollHeadFloor).
		names := make([]int, last+1) // names[j]: what naming from, …, j-1 costs
		for j := from; j < last; j++ {
			names[j+1] = names[j] + itemsSize(show(j))
		}
		cost := func(r int) int {
			return itemsSize(items) - names[1+r] + at(1+r) - at(from) +
				len(rollNote(last-1-r, last-1-r, 0, kind)) - len(rollNote(named, last-from, picked, kind))
		}
		if r := rollHeadFloor(text, elems, limit, run, cost); r > run {
			run, named = r, last-1-r
			items = append(slices.Clone(head), item{start: at(from), end: at(1 + run), fill: true}, noteLine(rollNote(named, named, 0, kind)))
			for j := 1 + run; j < last; j++ {
				items = append(items, show(j)...)
			}
			items = append(items, tail...)
		}
	}
	return items, named + 2 + run, run, true
}

// A roll names its elements in a few lines each, so when it names every
// element between a sequence's ends it may leave most of its room unused
// (554 host architectures named in 34 KB of 107), while a blind clip of
// the same budget shows the first 180 of them whole: a reader of the
// roll then sees less of each element than the clip shows of the leading
// ones. The room left goes to the head, which keeps leading elements
// whole, in place of their names, up to as many as that clip shows whole
// (a floor as pipelineClipElements is the spread's): the roll still names
// every element, and shows no fewer whole than the clip.

// rollHeadFloor returns how many elements after the first a roll's head
// keeps whole, from run, what it keeps now: as many as the pipeline's
// clip of limit shows whole in its head, less the first, at most all
// but one between, while cost(r), the plan's size with r of them whole,
// fits limit.
func rollHeadFloor(text string, elems [][2]int, limit, run int, cost func(r int) int) int {
	h, _ := clipCut(text, limit+plannerReserve(len(text)), clipReserve(len(text)))
	whole := 0
	for _, e := range elems {
		if e[1] > h {
			break
		}
		whole++
	}
	want := min(whole-1, len(elems)-3)
	if want <= run || cost(run+1) > limit {
		return run
	}
	return largestFitting(run, want, func(r int) bool { return cost(r) <= limit })
}

// rollSample is how many elements commonLines reads to learn which
// naming lines repeat.
const rollSample = 64

// commonLines returns the naming lines, by their text, that more than
// half of an even sample of the m elements show (lines(k) for the k-th):
// a nested "kind": "inline" every target spec holds names none of them.
// It returns nil for fewer than four elements.
func commonLines(text string, m int, lines func(k int) []item) map[string]bool {
	sample := spread(0, m, rollSample)
	if len(sample) < 4 {
		return nil
	}
	count := map[string]int{}
	seen := map[string]bool{} // this element's lines, each counted once
	for _, k := range sample {
		clear(seen)
		for _, it := range lines(k) {
			if l := text[it.start:it.end]; !seen[l] {
				seen[l] = true
				count[l]++
			}
		}
	}
	common := map[string]bool{}
	for l, c := range count {
		if 2*c > len(sample) {
			common[l] = true
		}
	}
	return common
}

// withoutCommon returns its without the lines common holds, keeping the
// first when keepFirst (a map member's key line); its itself when none
// would be left.
func withoutCommon(text string, its []item, common map[string]bool, keepFirst bool) []item {
	var out []item
	for k, it := range its {
		if keepFirst && k == 0 || !common[text[it.start:it.end]] {
			out = append(out, it)
		}
	}
	if len(out) == 0 {
		return its
	}
	return out
}
