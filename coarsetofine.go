package headroom

import "slices"

// An even spread of k picks is priced before it is made, from an
// estimate of what each costs. Picked left to right, a spread whose
// estimate fell short runs out of room a third of the way through
// (ocamlobjinfo's 62 units, each named with the line under it: the
// first 13 from the first third, none after), and the text's middle and
// end, where the reader looks, are lost. Picked coarse to fine — the
// first and the last, the middle, the quarters, … — the picks made
// before the room ran out are themselves spread over the whole.

// coarseToFine returns the positions of picks, an even spread in input
// order, in the order to make them: the first, the last, then each
// other by its spreadRank among len(picks), so that every prefix is
// spread over the whole.
func coarseToFine(picks []int) []int {
	k := len(picks)
	if k <= 2 {
		return picks
	}
	idx := make([]int, 0, k)
	for x := 1; x < k-1; x++ {
		idx = append(idx, x)
	}
	slices.SortFunc(idx, func(a, b int) int { return int(spreadRank(a, k)) - int(spreadRank(b, k)) })
	out := make([]int, 0, k)
	out = append(out, picks[0], picks[k-1])
	for _, x := range idx {
		out = append(out, picks[x])
	}
	return out
}
