package headroom

import "github.com/headroom-go/headroom/internal/txt"

// minEndsShare is the fewest bytes an element of a sequence gets in an
// every-element plan: enough for the lines that open it (its id, name,
// version) and the few that close it (its counts).
const minEndsShare = 640

// planSequenceEnds plans a sequence of few large elements (five package
// reports, a handful of API objects): every element's opening lines —
// where its identity sits — and its closing lines, the middle of each cut
// with a note, within shares of the room; an element smaller than its
// share is kept whole and what it leaves goes to the others. It declines
// when the elements are too many for every one to get minEndsShare bytes.
// A plan of whole elements omits some of them outright, their identity
// with them; this one names every element before it shows any element's
// body.
func planSequenceEnds(text string, elems [][2]int, kind string, limit int) ([]item, string, bool) {
	n := len(elems)
	room := limit - sequenceNoteRoom - elems[0][0]
	if n < 2 || room < n*minEndsShare {
		return nil, "", false
	}
	ends := func(i int) int {
		if i+1 < n {
			return elems[i+1][0]
		}
		return len(text)
	}
	// Shares by water-filling: the small elements whole, the others an
	// equal share of what is left.
	share := make([]int, n)
	whole := make([]bool, n)
	left, open := room, n
	for changed := true; changed && open > 0; {
		changed = false
		each := left / open
		for i := range n {
			if !whole[i] && ends(i)-elems[i][0] <= each {
				whole[i] = true
				share[i] = ends(i) - elems[i][0]
				left -= share[i]
				open--
				changed = true
			}
		}
	}
	cut := 0
	for i := range n {
		if !whole[i] {
			share[i] = left / max(open, 1)
			cut++
		}
	}
	if cut == 0 {
		return nil, "", false // everything fits: not this plan's case
	}
	items := []item{keepRange(0, elems[0][0])}
	for i := range n {
		if whole[i] {
			items = append(items, keepRange(elems[i][0], ends(i)))
			continue
		}
		items = append(items, keepEnds(text, elems[i][0], ends(i), share[i])...)
	}
	if itemsSize(items) > limit {
		return nil, "", false
	}
	what := "the middle of " + txt.Commas(cut) + " of " + txt.Plural(n, kind) + " (every one kept with its opening and closing lines)"
	return items, what, true
}
