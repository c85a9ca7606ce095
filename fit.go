package headroom

// largestFitting returns the largest k in [lo, hi] for which fits(k)
// holds, by binary search: fits must hold for every k up to some bound
// and for none past it, and lo is returned when only lo is left (fits(lo)
// is never asked). Planners use it for the most lines, elements or bytes a
// budget takes, fits being asked about log₂(hi-lo) times.
func largestFitting(lo, hi int, fits func(k int) bool) int {
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
