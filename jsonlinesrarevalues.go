package headroom

import "slices"

// rareValueMax bounds a member's value that rareValueRows counts: a
// license, a scope, a short list of licenses, not a description.
const rareValueMax = 120

// rareValueKeys is how many of the first event's members rareValueRows
// reads at most.
const rareValueKeys = 16

// topLevelKeys returns the keys of event l's own members (quoted, with
// their colon), in order, at most max of them.
func topLevelKeys(l string, max int) []string {
	var keys []string
	eachTopWord(l, func(key, _ string, _ bool) {
		if len(keys) < max {
			keys = append(keys, key)
		}
	})
	return keys
}

// wordAt returns the value that starts at l[j] as written — a string,
// true, false or null, or an array of those — when it is one of those
// and at most rareValueMax bytes; a number or an object is not a word,
// it measures or holds.
func wordAt(l string, j int) (string, bool) {
	if j >= len(l) {
		return "", false
	}
	end := -1
	switch c := l[j]; {
	case c == '"':
		end = jsonStringEnd(l, j)
	case c == 't' || c == 'f' || c == 'n':
		end = j
		for end < len(l) && l[end] >= 'a' && l[end] <= 'z' {
			end++
		}
	case c == '[':
		for k := j + 1; k < len(l) && k-j <= rareValueMax; k++ {
			if l[k] == '"' {
				if k = jsonStringEnd(l, k); k < 0 {
					return "", false
				}
				k--
			} else if l[k] == '{' || l[k] == '[' {
				return "", false
			} else if l[k] == ']' {
				end = k + 1
				break
			}
		}
	}
	if end <= j || end-j > rareValueMax {
		return "", false
	}
	return l[j:end], true
}

// eachTopWord calls f with the key (quoted, with its colon) of each of
// event l's own members and its value as wordAt reads it: one pass over
// the line, not a search per key.
func eachTopWord(l string, f func(key, val string, ok bool)) {
	depth := 0
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := jsonStringEnd(l, i)
			if end < 0 {
				return
			}
			if c := skipSpace(l, end); depth == 1 && c < len(l) && l[c] == ':' {
				v, ok := wordAt(l, skipSpace(l, c+1))
				key := l[i : c+1] // the key and its colon as written, no copy
				if c != end {
					key = l[i:end] + ":"
				}
				f(key, v, ok)
			}
			i = end - 1
		}
	}
}

// rareValueRows returns the events (indices into events) of a stream of
// alike rows that hold a rare value of a member that sorts the rows into
// kinds: a string, a word or a short list of them (a license, a scope),
// of a key whose values are few (not an identity: see
// readJSONLinesStream), held by a quarter of the rows its share would
// give or fewer (count × distinct values ≤ rows/4: the one CC-BY-4.0
// among 257 MIT licenses, the optional component among required ones).
// The rarest come first, by that product — a value rare among a few kinds
// before one among many; rows alike in it spread over the stream. naming
// is the key that names the rows (namingKey), never a kind.
func rareValueRows(s *lineSel, events []int, naming string) []int {
	return rareValueRowsOf(len(events), func(e int) string { return s.line(events[e]) }, naming, 0)
}

// rareValueRowsOf is rareValueRows over n rows that row returns, each
// one JSON value read where it lies (a line of a stream, an element of a
// minified array): the rows, indices below n, that hold a rare value.
// The members read are those of row keysFrom (the first of a stream; the
// middle of a map, whose first member may be a header).
func rareValueRowsOf(n int, row func(e int) string, naming string, keysFrom int) []int {
	if n < 8 {
		return nil
	}
	var keys []string
	for _, k := range topLevelKeys(row(keysFrom), rareValueKeys) {
		if k != naming {
			keys = append(keys, k)
		}
	}
	// Each value is interned once per key; event e's value of key k is
	// vals[e*len(keys)+k], -1 where it has none.
	ids := make([]map[string]int32, len(keys))
	for k := range keys {
		ids[k] = map[string]int32{}
	}
	var count []int
	distinct := make([]int, len(keys))
	occ := make([]int, len(keys))
	vals := make([]int32, n*len(keys))
	for e := range n {
		ev := vals[e*len(keys) : (e+1)*len(keys)]
		for k := range ev {
			ev[k] = -1
		}
		eachTopWord(row(e), func(key, v string, ok bool) {
			if !ok {
				return
			}
			k := slices.Index(keys, key)
			if k < 0 || ev[k] >= 0 {
				return
			}
			id, seen := ids[k][v]
			if !seen {
				id = int32(len(count))
				ids[k][v] = id
				count = append(count, 0)
				distinct[k]++
			}
			count[id]++
			occ[k]++
			ev[k] = id
		})
	}
	for k, d := range distinct {
		if d < 2 || d > 10 && d*5 > occ[k] {
			distinct[k] = 0 // one value sorts nothing; mostly distinct ones name
		}
	}
	score := map[int]int{} // per event index, its rarest value's count × distinct values
	for e := range n {
		for k, id := range vals[e*len(keys) : (e+1)*len(keys)] {
			if id < 0 || distinct[k] == 0 {
				continue
			}
			if sc := count[id] * distinct[k]; 4*sc <= n {
				if old, seen := score[e]; !seen || sc < old {
					score[e] = sc
				}
			}
		}
	}
	rows := make([]int, 0, len(score))
	for e := range score {
		rows = append(rows, e)
	}
	slices.SortFunc(rows, func(a, b int) int {
		if score[a] != score[b] {
			return score[a] - score[b]
		}
		if ra, rb := spreadRank(a, n), spreadRank(b, n); ra != rb {
			return cmpU32(ra, rb)
		}
		return a - b
	})
	return rows
}
