package headroom

// rareValueRead and rareValueBytes bound how many elements
// rareValueShapes reads, and about how many of their bytes: a longer
// sequence is read at that many elements spread evenly over it, as
// rareMemberKeys reads a stream, so that its cost stays a small share of
// the plan's (a 10 MB one-line array of diagnostics read whole for its
// values cost as much again as the rest of its plan in bytes allocated).
// Past them, a value few elements hold marks those of them read, each as
// rare as its share of the sample makes it; one the sample misses marks
// none.
const (
	rareValueRead  = 4096
	rareValueBytes = 1 << 20
)

// rareValueShare: a pretty-printed sequence's elements that hold a rare
// value take up to a rareValueShare'th of the room its spread fills, as a
// stream's rare rows take an eighth of its middle.
const rareValueShare = 8

// rareValueShapes returns a shape for each of elems, the elements of a
// minified array or a stream of one-line documents, for the spread of
// elements to pick first (spreadElements: a shape few elements share is
// rare): its own, from 1, for an element that holds a rare value of a
// member that sorts the elements into kinds, as the JSON-lines stream
// reads one (rareValueRows: gcc's one -Wsign-conversion warning among 21
// -Wtraditional and 10 -Wdeclaration-after-statement ones), 0 for the
// others. Each element read is read where it lies in text, its span the
// planner's own parse found; nothing is copied.
func rareValueShapes(text string, elems [][2]int) []int32 {
	shapes := make([]int32, len(elems))
	for k, i := range rareValueElems(text, elems, false) {
		shapes[i] = int32(k + 1)
	}
	return shapes
}

// rareValueElems returns the indices of elems that hold a rare value of
// a member that sorts them into kinds (rareValueRowsOf), the rarest
// first, read over at most rareValueRead of them (about rareValueBytes)
// spread evenly; the members read are those of the first element read,
// or of the middle one (a map's first member may be a header: cloc's).
func rareValueElems(text string, elems [][2]int, middle bool) []int {
	n := len(elems)
	if n < 8 {
		return nil
	}
	// The elements read are elems[p*n/read], p < read.
	avg := (elems[n-1][1] - elems[0][0]) / n
	read := min(n, rareValueRead, rareValueBytes/max(1, avg))
	elem := func(p int) string {
		e := elems[p*n/read]
		return text[e[0]:e[1]]
	}
	keysFrom := 0
	if middle {
		keysFrom = read / 2
	}
	rows := rareValueRowsOf(read, elem, "", keysFrom)
	for k, p := range rows {
		rows[k] = p * n / read
	}
	return rows
}

// rareHeadRoom returns the room a minified sequence's head run keeps of
// headRoom when elements past the first hold a rare value (shapes, as
// rareValueShapes numbers them): the head's later elements are alike
// ones, read no sooner than any other, while a rare one (gcc's one
// -Wc++-compat warning among 56 -Wtraditional ones) is what the spread
// picks first; so the head gives up what those rare elements cost, up
// to half its room, and keeps at least its first element, which ends at
// firstEnd.
func rareHeadRoom(elems [][2]int, shapes []int32, headRoom, firstEnd int) int {
	rare := 0
	for i := 1; i < len(elems)-1; i++ {
		if shapes[i] != 0 {
			rare += elems[i+1][0] - elems[i][0]
		}
	}
	return max(headRoom-min(rare, headRoom/2), min(firstEnd, headRoom))
}
