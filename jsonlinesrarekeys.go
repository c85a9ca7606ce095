package headroom

import "slices"

// rareKeyDepth is the deepest level whose member keys rareMemberKeys
// counts: an event's own members and their members (a command's
// `replaced_by` inside {"rpoplpush": {…}}), not the keys of argument
// trees deeper down, which repeat by shape.
const rareKeyDepth = 2

// rareKeyScan bounds the bytes of an event that rareMemberKeys reads:
// the members that set an event apart sit near its start, and a stream
// of long events is read in time linear in their count, not their size.
const rareKeyScan = 4096

// rareKeyDistinct bounds how many keys a level may hold and still be
// read: beyond it, a level's keys are names (one command a line), not
// members some events have and others lack.
const rareKeyDistinct = 64

// rareKeyRead and rareKeyBytes bound how many events rareMemberKeys
// reads, and about how many of their bytes: a longer stream is read at
// that many events spread evenly over it, so that its cost stays a small
// share of the stream's other reading (a 10 MB log of 60,000 events read
// whole for its keys took a fifth of its planning). Past them, a key
// few events hold marks those of them read, each as rare as its share of
// the sample makes it; one the sample misses marks none.
const (
	rareKeyRead  = 4096
	rareKeyBytes = 1 << 20
)

// A levelKey is a member key at one depth of an event.
type levelKey struct {
	depth int
	key   string
}

// rareMemberKeys returns, per event (indices into events), how many
// events hold its rarest member key at depth rareKeyDepth or less,
// len(events) for an event with none rarer than that: a member present
// on few events of a stream — a deprecated command's `replaced_by`, the
// only two commands with `subcommands`, an `error` member among events
// without one — marks them whatever its value. A level whose keys are
// mostly distinct (more than 10, on fewer than five events each on
// average) names events, as an identity value does: its keys count as
// held by every event. It returns nil when no key is rarer than all.
//
// Each event read (all of them in a stream within rareKeyRead and
// rareKeyBytes) is read once, to its
// keys in order (its shape), held only
// while the next event is read: a stream's events mostly repeat the
// shape before them, and a new one is looked up by its hash
// (keyShapeHash) among the few shapes met. A stream whose events all
// share one shape has no rare key and is left there, with no key
// counted.
func rareMemberKeys(s *lineSel, events []int) []int {
	n := len(events)
	if n == 0 {
		return nil
	}
	// The events read are events[p*n/read], p < read.
	read := min(n, rareKeyRead, rareKeyBytes/max(1, min(rareKeyScan, len(s.text)/n)))
	shapeOf := make([]int32, read)
	byHash := map[uint64]int32{}
	var size []int           // per shape: how many events have it
	var shapeKeys []levelKey // shape sh's keys are shapeKeys[at[sh]:at[sh+1]]
	at := []int{0}
	var prev, cur []levelKey // the previous event's keys in order, and this one's
	shape := int32(-1)
	for p := range read {
		cur = appendShallowKeys(cur[:0], s.line(events[p*n/read]))
		if shape < 0 || !slices.Equal(cur, prev) {
			shape = -1
			for h := keyShapeHash(cur); shape < 0; h++ { // a collision probes on
				v, ok := byHash[h]
				if !ok {
					v = int32(len(size))
					byHash[h] = v
					size = append(size, 0)
					shapeKeys = append(shapeKeys, cur...)
					at = append(at, len(shapeKeys))
				}
				if slices.Equal(cur, shapeKeys[at[v]:at[v+1]]) {
					shape = v
				}
			}
			prev, cur = cur, prev
		}
		shapeOf[p] = shape
		size[shape]++
	}
	if len(size) == 1 {
		return nil
	}
	// Each shape's keys, once, its events counted for each.
	ids := map[levelKey]int32{}
	var keys []levelKey
	var count, stamp []int                // per key id: events holding it; the last shape counted
	flat := make([]int32, len(shapeKeys)) // shapeKeys as ids; a key a shape repeats counts once
	for sh, k := range size {
		for j := at[sh]; j < at[sh+1]; j++ {
			id, ok := ids[shapeKeys[j]]
			if !ok {
				id = int32(len(keys))
				ids[shapeKeys[j]] = id
				keys = append(keys, shapeKeys[j])
				count, stamp = append(count, 0), append(stamp, -1)
			}
			flat[j] = id
			if stamp[id] != sh {
				stamp[id] = sh
				count[id] += k
			}
		}
	}
	occ, distinct := [rareKeyDepth + 1]int{}, [rareKeyDepth + 1]int{}
	for id, k := range keys {
		occ[k.depth] += count[id]
		distinct[k.depth]++
	}
	var names [rareKeyDepth + 1]bool
	for d := range names {
		names[d] = distinct[d] > rareKeyDistinct || distinct[d] > 10 && distinct[d]*5 > occ[d]
	}
	shapeRar := make([]int, len(size)) // in events read
	someRare := false
	for sh := range size {
		r := read
		for _, id := range flat[at[sh]:at[sh+1]] {
			if !names[keys[id].depth] {
				r = min(r, count[id])
			}
		}
		shapeRar[sh] = r
		someRare = someRare || r < read
	}
	if !someRare {
		return nil
	}
	rar := make([]int, n)
	for e := range rar {
		rar[e] = n
	}
	for p, sh := range shapeOf {
		if r := shapeRar[sh]; r < read {
			rar[p*n/read] = (r*n + read - 1) / read // as many in the stream, by the sample's share
		}
	}
	return rar
}

// keyShapeHash returns a hash (64-bit FNV-1a) of keys, each with its
// depth, in order: events of one shape hash alike.
func keyShapeHash(keys []levelKey) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, k := range keys {
		h = (h ^ uint64(k.depth)) * prime
		for j := range len(k.key) {
			h = (h ^ uint64(k.key[j])) * prime
		}
	}
	return h
}

// appendShallowKeys appends to out the member keys of event l (each
// quoted, without its colon: a piece of l, not a copy) at depth
// rareKeyDepth or less, in order, within its first rareKeyScan bytes; a
// string is skipped whole, so a brace or a key inside one is text.
//
// The event's own members are read token by token while they are flat,
// `"key":value,` with no blank between (a logger's event, at the speed
// of its strings); from the first nested value or blank on, byte by
// byte, depth counted.
func appendShallowKeys(out []levelKey, l string) []levelKey {
	l = l[:min(len(l), rareKeyScan)]
	if len(l) == 0 || l[0] != '{' {
		return appendNestedKeys(out, l, 0, 0)
	}
	i := 1
	for i < len(l) && l[i] == '"' {
		kend := jsonSkipString(l, i)
		if kend >= len(l) || l[kend] != ':' || kend+1 >= len(l) {
			break
		}
		v := kend + 1
		switch l[v] {
		case '"':
			v = jsonSkipString(l, v)
		case '{', '[', ' ', '\t', '\r':
			return appendNestedKeys(out, l, i, 1)
		default:
			// A number or a literal: to the next byte the walk would
			// not step over, a quote or a bracket as well as its end.
			for v < len(l) && l[v] != ',' && l[v] != '}' && l[v] != '"' && l[v] != '{' && l[v] != '[' && l[v] != ']' {
				v++
			}
		}
		if v >= len(l) || l[v] != ',' && l[v] != '}' {
			break
		}
		out = append(out, levelKey{1, l[i:kend]})
		if l[v] == '}' { // the event's end, read on as the walk would
			return appendNestedKeys(out, l, v, 1)
		}
		i = v + 1
	}
	return appendNestedKeys(out, l, i, 1)
}

// appendNestedKeys is appendShallowKeys' byte-by-byte walk of l from
// l[i] on, at depth depth there.
func appendNestedKeys(out []levelKey, l string, i, depth int) []levelKey {
	for ; i < len(l); i++ {
		switch l[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := jsonSkipString(l, i)
			if depth >= 1 && depth <= rareKeyDepth {
				if c := skipSpace(l, end); c < len(l) && l[c] == ':' {
					out = append(out, levelKey{depth, l[i:end]})
				}
			}
			i = end - 1
		}
	}
	return out
}
