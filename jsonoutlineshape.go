package headroom

import (
	"slices"
	"strings"
)

// Among alike objects, one whose keys differ from the others' (go version
// -m -json's few dependencies with a "Replace", the one main module among
// dependencies, an error's object among successes) says what an even
// sample of the others would miss, as a rare value does. The sequence
// plan picks such elements of a rare shape (spreadElements); the
// outline's sample of an array picks them too, after those of a rare
// value: rareShapeElements finds them by the keys each element holds,
// no key list.

// rareKeySetShare bounds, as a divisor of the elements, how many may share
// a key set for it to be rare, as the sequence plan bounds it.
const rareKeySetShare = 10

// rareShapeElements returns the indices of elems, the elements of an
// array or the members of a map (from their keys), that are objects whose key set (their keys in order) at most
// one in rareKeySetShare of them share (one at least), the rarest first,
// then in element order — when one key set is held by half of them or
// more: where the keys differ from element to element, none is rare.
func rareShapeElements(text string, elems [][2]int) []int {
	if len(elems) < rareElementsMin {
		return nil
	}
	shapes := make([]string, len(elems))
	count := map[string]int{}
	var b strings.Builder
	for j, e := range elems {
		v := e[0]
		if text[v] == '"' { // a map's member: its value
			v = skipSpace(text, skipSpace(text, stringEnd(text, v))+1)
		}
		if v >= len(text) || text[v] != '{' {
			return nil
		}
		b.Reset()
		for _, m := range sequence(text, v, '}') {
			b.WriteString(text[m[0]:stringEnd(text, m[0])])
		}
		shapes[j] = b.String()
		count[shapes[j]]++
	}
	most := 0
	for _, c := range count {
		most = max(most, c)
	}
	if 2*most < len(elems) {
		return nil
	}
	var out []int
	for j, s := range shapes {
		if count[s] <= max(1, len(elems)/rareKeySetShare) {
			out = append(out, j)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return count[shapes[a]] - count[shapes[b]] })
	return out
}
