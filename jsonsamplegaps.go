package headroom

import "slices"

// An outline's sample of an array or a map picks as many children as fit
// at their plainest (a digest, or whole when that costs about as much),
// then spends what room is left on more detail for them. What detail
// cannot spend — the picks are whole already, or the middle and quarters
// took one pick fewer to stand where they do — would stay unused while
// children stay hidden, so it goes to more picks: each the middle child
// of the longest hidden run left, where a reader has seen least, while
// one fits. Any document gains: the room was the budget's, and a pick in
// the middle of a run splits it with one note more, priced in its cost.

// fillGaps returns sel (picked indices in [shown, n), ascending) with the
// middles of its longest hidden runs added while cost(sel) stays within
// room, and its cost; cur is what sel costs now. Runs are between picks,
// and before the first after shown; a run of one is picked too.
func fillGaps(sel []int, shown, n, cur, room int, cost func([]int) int) ([]int, int) {
	for cur < room {
		best, bestLen, prev := -1, 0, shown-1
		gap := func(j int) {
			if l := j - prev - 1; l > bestLen {
				best, bestLen = prev+1+l/2, l
			}
			prev = j
		}
		for _, j := range sel {
			gap(j)
		}
		gap(n)
		if best < 0 {
			break
		}
		at, _ := slices.BinarySearch(sel, best)
		next := slices.Insert(slices.Clone(sel), at, best)
		c := cost(next)
		if c > room {
			break
		}
		sel, cur = next, c
	}
	return sel, cur
}
