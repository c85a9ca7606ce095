package headroom

// planMinifiedEndsFilled is planMinifiedEnds, its head and tail grown by
// the room its digests leave: when every element between them is named
// and the digests show all they can (a one-line ESLint report of
// eighteen files fills three fifths of 16,000 bytes with them), the rest
// of the budget goes to the verbatim ends rather than to nothing.
func planMinifiedEndsFilled(text string, elems [][2]int, kind string, limit int) (plan, bool) {
	p, ok := planMinifiedEnds(text, elems, kind, limit)
	if !ok {
		return p, false
	}
	slack := limit - itemsSize(p.items) - sequenceNoteRoom/2
	if slack < limit/8 {
		return p, true
	}
	if q, ok := planMinifiedEndsGrown(text, elems, kind, limit, slack); ok && itemsSize(q.items) <= limit && itemsSize(q.items) > itemsSize(p.items) {
		return q, true
	}
	return p, true
}
