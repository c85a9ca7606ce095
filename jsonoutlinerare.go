package headroom

import (
	"slices"
	"strings"
)

// The outline samples a large array's hidden elements evenly; among
// alike elements, one that carries a value the others do not (the one
// "origin": "Ergonomic" flag among 197 "Default" ones, a "failed" status
// among "ok" ones) says what the even sample would miss. rareElements
// finds such elements by the arrays' own values, no key list: a string
// member whose values are few, one of them carried by few elements.

// rareElementsMin is how many elements an array needs for a value to be
// judged rare among them.
const rareElementsMin = 8

// rareCarriersMax bounds how many elements one value may be carried by
// and still be rare: one in twenty of a huge array is a kind, not a
// rarity, and the carriers are noted as the array is read.
const rareCarriersMax = 64

// rareElements returns the indices of elems, the elements of a
// pretty-printed array, that carry a rare value: a member written on a
// line of its own as `"key": "value"` (a string of at most rareValueMax
// bytes), whose key is met at least rareElementsMin times with at most a
// quarter as many distinct values, and whose value is carried by at most
// one in twenty of the members with that key (one, at least, and at most
// rareCarriersMax), the rarest first. It reads each element's lines once.
func rareElements(text string, elems [][2]int) []int {
	if len(elems) < rareElementsMin {
		return nil
	}
	type pair struct{ key, val string }
	type tally struct {
		count    int
		carriers []int // the elements that carry it, while rareCarriersMax or fewer
	}
	type keyTally struct{ total, values int }
	pairs := map[pair]*tally{}
	keys := map[string]*keyTally{}
	for j, e := range elems {
		for i := e[0]; i < e[1]; {
			le := lineEnd(text, i, e[1])
			k, v, ok := memberLine(text[i:le])
			i = le
			if !ok {
				continue
			}
			kt := keys[k]
			if kt == nil {
				kt = &keyTally{}
				keys[k] = kt
			}
			kt.total++
			t := pairs[pair{k, v}]
			if t == nil {
				if kt.values >= 256 {
					continue // a member that names each element: never rare
				}
				kt.values++
				t = &tally{}
				pairs[pair{k, v}] = t
			}
			t.count++
			if t.count <= rareCarriersMax && (len(t.carriers) == 0 || t.carriers[len(t.carriers)-1] != j) {
				t.carriers = append(t.carriers, j)
			}
		}
	}
	// An element's rarity is its rarest value's share of its key's
	// members, count over total: the one "throttle" among a thousand
	// names before a "1 s" among 337 values.
	type share struct{ count, total int }
	best := map[int]share{}
	for p, t := range pairs {
		kt := keys[p.key]
		if kt.total < rareElementsMin || kt.values > kt.total/4 || kt.values >= 256 || t.count > min(rareCarriersMax, max(1, kt.total/20)) {
			continue
		}
		for _, j := range t.carriers {
			if b, ok := best[j]; !ok || t.count*b.total < b.count*kt.total {
				best[j] = share{t.count, kt.total}
			}
		}
	}
	var out []int
	for j := range best {
		out = append(out, j)
	}
	slices.SortFunc(out, func(a, b int) int {
		if c := best[a].count*best[b].total - best[b].count*best[a].total; c != 0 {
			return c
		}
		return a - b
	})
	return out
}

// memberLine returns the key and string value of a line that holds one
// member, `"key": "value"` with its comma, indentation and trailing
// spaces, when the value is at most rareValueMax bytes.
func memberLine(l string) (key, val string, ok bool) {
	l = strings.TrimSpace(l)
	l = strings.TrimSuffix(l, ",")
	if len(l) < 6 || l[0] != '"' || l[len(l)-1] != '"' {
		return "", "", false
	}
	ke := jsonStringEnd(l, 0)
	if ke < 0 {
		return "", "", false
	}
	j := skipBlanks(l, ke)
	if j >= len(l) || l[j] != ':' {
		return "", "", false
	}
	j = skipBlanks(l, j+1)
	if j >= len(l) || l[j] != '"' || len(l)-j > rareValueMax || jsonStringEnd(l, j) != len(l) {
		return "", "", false
	}
	return l[:ke], l[j:], true
}

// spreadRare returns k indices in [lo, hi), ascending: the rare ones
// there first (the rarest, when more than k), then an even spread of the
// rest.
func spreadRare(rare []int, lo, hi, k int) []int {
	var picked []int
	taken := map[int]bool{}
	for _, j := range rare {
		if len(picked) < k && lo <= j && j < hi {
			taken[j] = true
			picked = append(picked, j)
		}
	}
	if len(picked) == 0 {
		return spread(lo, hi, k)
	}
	for _, j := range spread(lo, hi, k) {
		if len(picked) >= k {
			break
		}
		if !taken[j] {
			taken[j] = true
			picked = append(picked, j)
		}
	}
	slices.Sort(picked)
	return picked
}

// rareOf returns rareElements of the array n, then those of
// rareTemplateElements and then of rareShapeElements it does not hold,
// read once per outline.
func (o *outliner) rareOf(n onode) []int {
	if r, ok := o.rare[n.val]; ok {
		return r
	}
	if o.rare == nil {
		o.rare = map[int][]int{}
	}
	r := rareElements(o.text, n.elems)
	r = appendUnheld(r, rareTemplateElements(o.text, n.elems))
	r = appendUnheld(r, rareShapeElements(o.text, n.elems))
	o.rare[n.val] = r
	return r
}

// rootsOf returns familyRootElems of the array or map n, read once per
// outline.
func (o *outliner) rootsOf(n onode) []int {
	if r, ok := o.roots[n.val]; ok {
		return r
	}
	if o.roots == nil {
		o.roots = map[int][]int{}
	}
	r := familyRootElems(o.text, n.elems)
	o.roots[n.val] = r
	return r
}

// swapInRoots returns picked, ascending indices an even spread chose
// in [lo, hi), with each of roots there (at most half as many as
// picked) in the place of the pick nearest it that neither rare nor an
// earlier root holds: the family's root is what a reader names, and the
// rest of the spread stays where it was, so what it sampled by position
// it still samples but for that one neighbour.
func swapInRoots(picked, roots, rare []int, lo, hi int) []int {
	if len(roots) == 0 || len(picked) < 2 {
		return picked
	}
	out := slices.Clone(picked)
	fixed := map[int]bool{}
	for _, j := range rare {
		fixed[j] = true
	}
	swaps := 0
	for _, r := range roots {
		if swaps >= len(picked)/2 {
			break
		}
		if r < lo || r >= hi || slices.Contains(out, r) {
			continue
		}
		best := -1
		for k, j := range out {
			if fixed[j] || j < lo || j >= hi {
				continue
			}
			if best < 0 || distance(j, r) < distance(out[best], r) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		out[best] = r
		fixed[r] = true
		swaps++
	}
	slices.Sort(out)
	return out
}

// appendUnheld appends to r, in their order, the elements of t that r
// does not hold yet.
func appendUnheld(r, t []int) []int {
	if len(t) == 0 {
		return r
	}
	held := make(map[int]bool, len(r))
	for _, j := range r {
		held[j] = true
	}
	for _, j := range t {
		if !held[j] {
			held[j] = true
			r = append(r, j)
		}
	}
	return r
}
