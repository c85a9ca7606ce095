package headroom

import (
	"slices"

	"github.com/headroom-go/headroom/internal/txt"
)

// A minified array of few elements, one of which holds nearly all its
// bytes in an array of its own (scc --by-file -f json: seven language
// summaries, Go's holding 72 alike per-file objects in 23 of 28 KB), is
// a sequence of that inner array's elements more than of its own: planned
// as seven elements it keeps the large one's head cut and leaves half the
// budget unused, while the files are what a reader looks for. The
// dominant element is replaced by its inner array's elements, and its
// opening (`{"Name":"Go",…,"Files":[`) and closing are kept with the
// first and the last of them, so that what is kept stays verbatim.

// dominantThirds is the share of a sequence's bytes (and of the dominant
// element's bytes its inner array) that makes an element dominant, in
// thirds.
const dominantThirds = 2

// dominantFew and dominantMany bound the top-level elements (few) and
// the inner array's (many) for dominantArray.
const (
	dominantFew  = 16
	dominantMany = 8
)

// A dominantSplit is a top-level array's elements with its dominant
// one replaced by its inner array's (dominantArray).
type dominantSplit struct {
	flat [][2]int
	// widen maps the start of the first and the last inner element to
	// the span that keeps it with the dominant element's opening or
	// closing (its comma included).
	widen map[int][2]int
	// siblings are the indices in flat of the top-level elements other
	// than the dominant one: few, each a part of the document unlike the
	// inner elements around them, they are picked as rare shapes are.
	siblings []int
	// what says how flat was read, for the marker: the top-level count
	// and the dominant element's index, key and inner count.
	what string
}

// dominantArray returns the elements of a top-level array (elems) with
// the one that holds at least two thirds of their bytes replaced by the
// elements of its largest member, an array holding at least two thirds
// of its own, when elems are few and those many; and, keyed by the start
// of the first and the last inner element, the spans that keep them
// with the dominant element's opening and closing. It is false for any other shape.
func dominantArray(text string, elems [][2]int) (dominantSplit, bool) {
	if len(elems) < 2 || len(elems) > dominantFew {
		return dominantSplit{}, false
	}
	whole := elems[len(elems)-1][1] - elems[0][0]
	d := -1
	for i, e := range elems {
		if 3*(e[1]-e[0]) >= dominantThirds*whole {
			d = i
		}
	}
	if d < 0 || text[elems[d][0]] != '{' {
		return dominantSplit{}, false
	}
	members, _, ok := objectMembers(text, elems[d][0], elems[d][1])
	if !ok {
		return dominantSplit{}, false
	}
	var big objectMember
	for _, m := range members {
		if text[m.val] == '[' && m.vend-m.val > big.vend-big.val {
			big = m
		}
	}
	if big.vend == 0 || 3*(big.vend-big.val) < dominantThirds*(elems[d][1]-elems[d][0]) {
		return dominantSplit{}, false
	}
	inner := sequence(text, big.val, ']')
	if len(inner) < dominantMany {
		return dominantSplit{}, false
	}
	o := &outliner{text: text}
	first, last := inner[0], inner[len(inner)-1]
	split := dominantSplit{what: ": the top's " + txt.Commas(len(elems)) + ", index " + txt.Commas(d) + " read as its " +
		txt.Commas(len(inner)) + " " + text[big.key:jsonStringEnd(text, big.key)], widen: map[int][2]int{
		first[0]: {elems[d][0], o.comma(first[1])},
		last[0]:  {last[0], o.comma(elems[d][1])},
	}}
	split.flat = append(append(append(split.flat, elems[:d]...), inner...), elems[d+1:]...)
	for i := range elems {
		if i < d {
			split.siblings = append(split.siblings, i)
		} else if i > d {
			split.siblings = append(split.siblings, i-1+len(inner))
		}
	}
	return split, true
}

// siblingShapes returns shapes with each of siblings that has none given
// one of its own, numbered after the others: the spread picks elements
// of a shape few share first (spreadElements).
func siblingShapes(shapes []int32, siblings []int) []int32 {
	if len(siblings) == 0 {
		return shapes
	}
	next := slices.Max(shapes)
	for _, i := range siblings {
		if shapes[i] == 0 {
			next++
			shapes[i] = next
		}
	}
	return shapes
}
