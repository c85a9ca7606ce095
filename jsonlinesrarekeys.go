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

// rareMemberKeys returns, per event (indices into events), how many
// events hold its rarest member key at depth rareKeyDepth or less,
// len(events) for an event with none rarer than that: a member present
// on few events of a stream — a deprecated command's `replaced_by`, the
// only two commands with `subcommands`, an `error` member among events
// without one — marks them whatever its value. A level whose keys are
// mostly distinct (more than 10, on fewer than five events each on
// average) names events, as an identity value does: its keys count as
// held by every event. It returns nil when no key is rarer than all.
func rareMemberKeys(s *lineSel, events []int) []int {
	n := len(events)
	type levelKey struct {
		depth int
		key   string
	}
	count := map[levelKey]int{}
	var seen []levelKey // one event's keys, each counted once per event
	for _, i := range events {
		seen = seen[:0]
		eachShallowKey(s.line(i), func(depth int, key string) {
			lk := levelKey{depth, key}
			for _, k := range seen {
				if k == lk {
					return
				}
			}
			seen = append(seen, lk)
			count[lk]++
		})
	}
	occ, distinct := [rareKeyDepth + 1]int{}, [rareKeyDepth + 1]int{}
	for k, c := range count {
		occ[k.depth] += c
		distinct[k.depth]++
	}
	var names [rareKeyDepth + 1]bool
	for d := range names {
		names[d] = distinct[d] > rareKeyDistinct || distinct[d] > 10 && distinct[d]*5 > occ[d]
	}
	var rar []int
	for e, i := range events {
		r := n
		eachShallowKey(s.line(i), func(depth int, key string) {
			if !names[depth] {
				r = min(r, count[levelKey{depth, key}])
			}
		})
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
