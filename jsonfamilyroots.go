package headroom

import (
	"slices"
	"strings"
)

// Among hundreds of alike records, the one a reader names is often the
// root of a family of names: the aws-sdk-go module whose -v2 and service
// modules fill a dependency list, koa among koa-router and koa-compose,
// net/http before net/http/httptest. A JSON document's arrays and maps
// are read for such roots as a stream's rows are (familyHeads): by the
// names the records carry, no list of tools or keys.

// familyRead bounds how many elements familyRootElems reads, spread
// evenly over a longer sequence, as rareValueRead bounds the rare-value
// reading: a root among them is found among the names read.
const familyRead = 4096

// familyPicksMax bounds how many roots familyRootElems returns, the
// heads of the most names first: a document of many small families
// (a backup manifest's relation files, each with its _fsm and _vm forks)
// has roots everywhere, and a sample that took them all would be no
// sample.
const familyPicksMax = 8

// familyRoots returns the indices of names that two others or more
// (familyMin) extend after a separator (nameSeparator): the roots of
// families of names, those heading the most names first, roots alike in
// that spread evenly over the n names (spreadRank). An empty name heads
// nothing. Names are compared byte for byte; the cost is a sort and, per
// name, at most familyScanMax of the names after it.
func familyRoots(names []string) []int {
	type named struct {
		name string
		k    int
	}
	sorted := make([]named, 0, len(names))
	for k, v := range names {
		if v != "" {
			sorted = append(sorted, named{v, k})
		}
	}
	slices.SortStableFunc(sorted, func(a, b named) int { return strings.Compare(a.name, b.name) })
	family := map[int]int{} // per name index, how many names it heads
	for p, n := range sorted {
		c := 0
		for q := p + 1; q < len(sorted) && q <= p+familyScanMax && strings.HasPrefix(sorted[q].name, n.name); q++ {
			if m := sorted[q].name; len(m) > len(n.name) && nameSeparator(m[len(n.name)]) {
				c++
			}
		}
		if c >= familyMin {
			family[n.k] = c
		}
	}
	heads := make([]int, 0, len(family))
	for k := range family {
		heads = append(heads, k)
	}
	slices.SortFunc(heads, func(a, b int) int {
		if family[a] != family[b] {
			return family[b] - family[a]
		}
		if ra, rb := spreadRank(a, len(names)), spreadRank(b, len(names)); ra != rb {
			return cmpU32(ra, rb)
		}
		return a - b
	})
	return heads
}

// familyRootElems returns the indices of elems, the members of a map or
// the object elements of an array, whose name is the root of a family of
// the others' (familyRoots), at most familyPicksMax, the heads of the
// most names first. A map member is named by its key, a string element
// by itself (a release before its -dev and -rc builds in npm view's
// versions), an object element by its naming member (elementNamingKey). Of a sequence longer than
// familyRead, that many elements spread evenly are read.
func familyRootElems(text string, elems [][2]int) []int {
	n := len(elems)
	if n < rareElementsMin {
		return nil
	}
	read := min(n, familyRead)
	at := func(p int) [2]int { return elems[p*n/read] }
	names := make([]string, read)
	switch text[elems[0][0]] {
	case '"':
		for p := range read {
			e := at(p)
			if text[e[0]] == '"' {
				if end := jsonSkipString(text, e[0]); end <= e[1] {
					names[p] = text[e[0]+1 : end-1]
				}
			}
		}
	case '{':
		key := elementNamingKey(text, elems)
		if key == "" {
			return nil
		}
		for p := range read {
			names[p], _ = memberString(text, at(p), key)
		}
	default:
		return nil
	}
	roots := familyRoots(names)
	roots = roots[:min(len(roots), familyPicksMax)]
	for k, p := range roots {
		roots[k] = p * n / read
	}
	return roots
}

// elementNamingKey returns the key (quoted) of the string member that names
// the objects of elems: the first string member of the middle element
// whose values, in an even sample of namingKeySample elements, are all
// present and all differ (go version -m's dependency Path, an SBOM
// package's name, not its license); "" when none does.
func elementNamingKey(text string, elems [][2]int) string {
	mid := elems[len(elems)/2]
	var cands []string
	eachObjectMember(text, mid, func(key string, val int) bool {
		if text[val] == '"' {
			cands = append(cands, key)
		}
		return true
	})
	return firstDistinctKey(cands, spread(0, len(elems), namingKeySample), func(j int, key string) (string, bool) {
		return memberString(text, elems[j], key)
	})
}

// memberString returns the contents of the string member key (quoted)
// of the object at e[0], as written (escapes kept), when it has one.
func memberString(text string, e [2]int, key string) (string, bool) {
	v := ""
	found := false
	eachObjectMember(text, e, func(k string, val int) bool {
		if k != key {
			return true
		}
		if text[val] == '"' {
			if end := jsonSkipString(text, val); end <= e[1] {
				v, found = text[val+1:end-1], true
			}
		}
		return false
	})
	return v, found
}

// eachObjectMember calls f with the key (quoted) and the value's start of
// each member of the object that opens at e[0], in order, while f
// returns true; it stops at e[1] or at anything that is not a member.
// It reads the object's own members only, each nested value stepped
// over (jsonSkip).
func eachObjectMember(text string, e [2]int, f func(key string, val int) bool) {
	if e[0] >= len(text) || text[e[0]] != '{' {
		return
	}
	end := min(e[1], len(text))
	i := skipSpace(text[:end], e[0]+1)
	for i < end && text[i] == '"' {
		kend := jsonSkipString(text, i)
		c := skipSpace(text[:end], kend)
		if c >= end || text[c] != ':' {
			return
		}
		v := skipSpace(text[:end], c+1)
		if v >= end || !f(text[i:kend], v) {
			return
		}
		i = skipSpace(text[:end], jsonSkip(text[:end], v))
		if i >= end || text[i] != ',' {
			return
		}
		i = skipSpace(text[:end], i+1)
	}
}
