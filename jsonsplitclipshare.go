package headroom

// splitKeepsMoreOfClip reports whether split, a spread of one run that
// leaves a clip's tail its room (runsAround), keeps more of the elements
// of [from, to) that the pipeline's clip keeps than best, the run alone,
// does. floor is how many of them that clip keeps (pipelineClipElements
// between the same ends), tailRoom the bytes before to that its tail
// shows, and size(i) element i's bytes.
//
// A run alone keeps more elements than the split by the note the split
// pays, but the clip shows the elements its tail holds and the run shows
// none of them: a plan then keeps fewer of the clip's elements than the
// clip, while its count says more. The split gives up the run's last
// elements for the tail's: when those the clip's head shows that it
// gives up are fewer than the tail's, it is a clip's head and tail with
// little lost, which the run alone is not. floor <= 0 asks for nothing.
func splitKeepsMoreOfClip(split, best []int, from, to, floor, tailRoom int, size func(int) int) bool {
	if floor <= 0 {
		return false
	}
	tailFrom := clipTailFrom(from, to, tailRoom, size)
	headN := max(0, floor-(to-tailFrom))
	return clipShare(split, from, headN, tailFrom) > clipShare(best, from, headN, tailFrom)
}

// clipTailFrom returns the first of the elements of [from, to) that a
// clip's tail of tailRoom bytes before to shows whole: from it to to,
// their bytes (size) fit in tailRoom.
func clipTailFrom(from, to, tailRoom int, size func(int) int) int {
	i, c := to, 0
	for i > from && c+size(i-1) <= tailRoom {
		i--
		c += size(i)
	}
	return i
}

// clipShare returns how many of layout, elements of [from, to), a clip
// that shows the first headN of them and those from tailFrom on keeps.
func clipShare(layout []int, from, headN, tailFrom int) int {
	k := 0
	for _, i := range layout {
		if i < from+headN || i >= tailFrom {
			k++
		}
	}
	return k
}
