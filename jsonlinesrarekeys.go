package headroom

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
// Each event is read once: its keys' ids are held in one flat slice,
// and a key is hashed only when it is not the one the event before held
// at the same place (most events repeat their members' order).
func rareMemberKeys(s *lineSel, events []int) []int {
	n := len(events)
	ids := map[levelKey]int32{}
	var keys []levelKey
	var count, stamp []int // per key id: events holding it; the last event counted
	flat := make([]int32, 0, 4*n)
	at := make([]int, n+1)
	var prev, cur []levelKey // the previous event's keys in order, and this one's
	var prevIDs, curIDs []int32
	for e, i := range events {
		cur, curIDs = cur[:0], curIDs[:0]
		eachShallowKey(s.line(i), func(depth int, key string) {
			lk := levelKey{depth, key}
			id := int32(-1)
			if j := len(cur); j < len(prev) && prev[j] == lk {
				id = prevIDs[j]
			} else if v, ok := ids[lk]; ok {
				id = v
			} else {
				id = int32(len(keys))
				ids[lk] = id
				keys = append(keys, lk)
				count = append(count, 0)
				stamp = append(stamp, -1)
			}
			cur, curIDs = append(cur, lk), append(curIDs, id)
			if stamp[id] != e {
				stamp[id] = e
				count[id]++
				flat = append(flat, id)
			}
		})
		at[e+1] = len(flat)
		prev, cur = cur, prev
		prevIDs, curIDs = curIDs, prevIDs
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
	var rar []int
	for e := range events {
		r := n
		for _, id := range flat[at[e]:at[e+1]] {
			if !names[keys[id].depth] {
				r = min(r, count[id])
			}
		}
		if r < n {
			if rar == nil {
				rar = make([]int, n)
				for k := range rar {
					rar[k] = n
				}
			}
			rar[e] = r
		}
	}
	return rar
}

// eachShallowKey calls f with the depth and the key (quoted, without
// its colon: a piece of l, not a copy) of each member of event l at
// depth rareKeyDepth or less, within its first rareKeyScan bytes; a
// string is skipped whole, so a brace or a key inside one is text.
func eachShallowKey(l string, f func(depth int, key string)) {
	l = l[:min(len(l), rareKeyScan)]
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
			if depth >= 1 && depth <= rareKeyDepth {
				if c := skipSpace(l, end); c < len(l) && l[c] == ':' {
					f(depth, l[i:end])
				}
			}
			i = end - 1
		}
	}
}
