package headroom

// The digests a spread names between a minified array's verbatim head and
// tail (planMinifiedEnds: gcc's diagnostics of 1 to 6 KB each, their
// fix-its and notes with them) are picked evenly; the elements that hold
// a rare value of a member that sorts them into kinds, as the JSON-lines
// stream reads one (rareValueElems: a -Wconversion warning among 46
// -Wtraditional ones), are what a reader most needs and an even spread
// meets by chance only. They are named first, as a roll's are
// (rollRarePicks): each in place of the even picks nearest it, in up to a
// rareValueShare'th of the room.

// digestRarePicks returns sel, the even picks among elems[from:to] whose
// digests fill used of room bytes, with the elements that hold a rare
// value among elems in place of the picks nearest them; size(j) is what
// naming element j costs (0 for one no digest names). It returns sel
// itself when no element is rare or none is admitted.
func digestRarePicks(text string, elems [][2]int, sel []int, from, to, room, used int, size func(int) int) []int {
	rare := rareValueElems(text, elems, false)
	if len(rare) == 0 || len(sel) == 0 {
		return sel
	}
	out, n := rollRarePicks(sel, rare, from, to, room, used, 0, size)
	if n == 0 {
		return sel
	}
	return out
}
