package headroom

import "slices"

// An even spread between a value's first and last children picks
// positions that move with the room: at one budget the 12th, 24th, …
// child, at another the 11th, 22nd, …, so the child in the middle of the
// value — where a reader who knows nothing else looks, and where a
// bisection would look next — is shown only by chance. spreadAnchors
// names the places a coarse-to-fine sample always holds: the middle of
// the whole value, then its quarters, each the first child at or past
// that fraction of the count (the 116th of 233, the 58th and the
// 174th). The spread keeps its count and swaps each anchor in for its
// nearest pick (swapInRoots), so it still samples as evenly but for
// those neighbours, and a smaller room shows a subset of the same
// anchors, never others. The callers take the anchored picks only where
// they cost no more room than the even ones, or one pick fewer.

// spreadAnchors returns the anchors of a value of n children that fall
// in [lo, hi): floor(n·j/2^d) for odd j at depth d = 1, 2, …, coarsest
// first and, within a depth, in order, as many depths as keep the count
// at most most (the middle alone at most 1, the middle and quarters at
// most 3). A depth that adds none in [lo, hi) still counts, so the
// anchors of a value do not depend on where its shown ends stop.
func spreadAnchors(n, lo, hi, most int) []int {
	var out []int
	total := 0
	for parts := 2; parts <= n && total+parts/2 <= most; parts *= 2 {
		total += parts / 2
		for j := 1; j < parts; j += 2 {
			if a := n * j / parts; lo <= a && a < hi {
				out = append(out, a)
			}
		}
	}
	return out
}

// anchoredSpread is spread(from, to, k) with the anchors of a value of n
// children (as many as anchorRoom holds) swapped in for the picks
// nearest them, none of fixed (children picked anyway, whose
// place a swap would only make dearer): still k ascending indices in
// [from, to).
func anchoredSpread(from, to, n, k int, fixed []int) []int {
	picked := spread(from, to, k)
	return swapInRoots(picked, spreadAnchors(n, from, to, anchorRoom(len(picked))), fixed, from, to)
}

// anchorPicks is picks, ascending positions in idx an even spread chose,
// with the anchors of a value of n children (as many as anchorRoom
// holds) swapped in for the picks nearest them, where idx, the ascending
// candidates (children less off), holds them.
func anchorPicks(picks, idx []int, off, n int) []int {
	if len(idx) == 0 {
		return picks
	}
	var at []int
	for _, a := range spreadAnchors(n, off+idx[0], off+idx[len(idx)-1]+1, anchorRoom(len(picks))) {
		if p, ok := slices.BinarySearch(idx, a-off); ok {
			at = append(at, p)
		}
	}
	return swapInRoots(picks, at, nil, 0, len(idx))
}

// spreadCost is what the lines show gives the picks cost in all: the
// room a roll's spread takes.
func spreadCost(picks []int, show func(j int) []item) int {
	c := 0
	for _, j := range picks {
		c += itemsSize(show(j))
	}
	return c
}

// anchorsMax is how many anchors a spread holds at most: the middle and
// the quarters. Finer ones (the eighths) would move more of the even
// picks to children that may cost more, for places the even spread
// comes near anyway.
const anchorsMax = 3

// anchorRoom is how many anchors a spread of picks children holds: a
// quarter of them, at most anchorsMax.
func anchorRoom(picks int) int { return min(picks/4, anchorsMax) }
