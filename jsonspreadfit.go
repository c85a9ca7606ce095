package headroom

// An even spread sizes its count by the average element: k picks where
// the room holds k average ones. When a few elements are far larger than
// the room left (textlint -f json's one-line array, two files of 4 KB
// among fourteen of 60 to 1,500 bytes, 1,900 bytes of room), that average
// says one pick, the spread puts it on the first element, which does not
// fit, and the room is left unused. An element that cannot fit in all the
// room left is no candidate: the spread is sized and placed over those
// that can.

// fittingCandidates returns the candidates of idx (in order) that cost
// at most room bytes each, cost(i) for candidate i; idx itself when all
// do, so a spread with room for every candidate is unchanged.
func fittingCandidates(idx []int, cost func(i int) int, room int) []int {
	for k, i := range idx {
		if cost(i) > room {
			out := append([]int(nil), idx[:k]...)
			for _, i := range idx[k+1:] {
				if cost(i) <= room {
					out = append(out, i)
				}
			}
			return out
		}
	}
	return idx
}
