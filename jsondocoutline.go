package headroom

// A stream of documents (go vet -json ./..., one object per package) may
// hold one far larger than the rest: the sequence keeps the small ones
// whole and, with no room for the large one whole, drops it — the bulk of
// the output, often where the findings are — while a quarter of the
// budget or more lies unused. outlineDroppedDocument outlines it there.

// outlineDroppedDocument returns the items of an outline of the largest
// document among elems[shown:last] that picked does not hold and that is
// larger than room (what the kept documents leave), with the document's
// index; nil and -1 when room is under a quarter of limit, no such
// document is there, or none can be outlined in room. at gives where a
// document's bytes start, its separator before it.
func outlineDroppedDocument(text string, elems [][2]int, at func(int) int, picked []int, shown, last, room, limit int) ([]item, int) {
	if room < limit/4 || room < 200 {
		return nil, -1
	}
	taken := map[int]bool{}
	for _, i := range picked {
		taken[i] = true
	}
	best := -1
	for i := shown; i < last; i++ {
		size := at(i+1) - at(i)
		if !taken[i] && size > room && (best < 0 || size > at(best+1)-at(best)) {
			best = i
		}
	}
	if best < 0 {
		return nil, -1
	}
	start, end := at(best), at(best+1)
	p, ok := planJSON(text[start:end], room)
	if !ok || itemsSize(p.items) > room {
		return nil, -1
	}
	items := make([]item, len(p.items))
	for k, it := range p.items {
		if it.end > it.start {
			it.start += start
			it.end += start
		}
		items[k] = it
	}
	return items, best
}
