package headroom

import "strings"

// rareValueShapes returns a shape for each of elems, the elements of a
// minified array or a stream of one-line documents, for the spread of
// elements to pick first (spreadElements: a shape few elements share is
// rare): its own, from 1, for an element that holds a rare value of a
// member that sorts the elements into kinds, as the JSON-lines stream
// reads one (rareValueRows: gcc's one -Wsign-conversion warning among 21
// -Wtraditional and 10 -Wdeclaration-after-statement ones), 0 for the
// others. The elements are read as the rows of a stream, one a line.
func rareValueShapes(text string, elems [][2]int) []int32 {
	shapes := make([]int32, len(elems))
	if len(elems) < 8 {
		return shapes
	}
	size := 0
	for _, e := range elems {
		size += e[1] - e[0] + 1
	}
	var b strings.Builder
	b.Grow(size)
	for _, e := range elems {
		// White space between tokens may hold a line end; a string never
		// does, so a space in its place changes no value.
		b.WriteString(strings.ReplaceAll(text[e[0]:e[1]], "\n", " "))
		b.WriteByte('\n')
	}
	rows := b.String()
	s := newLineSel(rows, 0, countGaps(len(rows)))
	events := make([]int, len(elems))
	for i := range events {
		events[i] = i
	}
	for k, e := range rareValueRows(s, events, "") {
		shapes[e] = int32(k + 1)
	}
	return shapes
}
