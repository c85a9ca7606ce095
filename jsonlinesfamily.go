package headroom

import "strings"

// namingKeySample is how many events namingKey reads.
const namingKeySample = 64

// namingKey returns the key (quoted, with its colon) that names the
// events of a stream of alike rows: the first string member of the first
// event, its own and reached through no array, whose values in an even
// sample of the events all differ (dpkg's package, go list's path, a
// component's name, not its group); "" when none does.
func namingKey(s *lineSel, events []int) string {
	if len(events) < 2 {
		return ""
	}
	var cands []string
	eachLineMember(s.line(events[0]), func(m lineMember) {
		if m.depth == 1 && m.arrays == 0 && m.val[0] == '"' {
			cands = append(cands, `"`+m.key+`":`)
		}
	})
	return firstDistinctKey(cands, spread(0, len(events), namingKeySample), func(j int, key string) (string, bool) {
		return memberValue(s.line(events[j]), key)
	})
}

// firstDistinctKey returns the first of cands whose values, read by value
// at each index of sample, are all present and all differ; "" when none
// does. namingKey and elementNamingKey share it: what tells a naming key
// from a shared one is the same in a stream's lines and an array's
// elements, only the reading differs.
func firstDistinctKey(cands []string, sample []int, value func(j int, key string) (string, bool)) string {
	seen := map[string]bool{}
	for _, key := range cands {
		clear(seen)
		distinct := true
		for _, j := range sample {
			v, ok := value(j, key)
			if !ok || seen[v] {
				distinct = false
				break
			}
			seen[v] = true
		}
		if distinct {
			return key
		}
	}
	return ""
}

// familyScanMax bounds how many names familyHeads reads after each name
// for the ones it heads: a chain of names each heading the next (a, a-b,
// a-b-c, …) stays linear.
const familyScanMax = 256

// familyMin is how many names a root must head.
const familyMin = 2

// nameSeparator reports whether c ends a name that a longer name extends:
// python3 of python3-apt and python3.11, a module of its packages
// (headroom of headroom/cmd), a package of its test build (`cmd [cmd.test]`).
func nameSeparator(c byte) bool {
	return strings.IndexByte("-._/:@+ ", c) >= 0
}

// familyHeads returns the events (indices into events) whose naming
// value, the value of key (namingKey), others' extend after a separator
// (nameSeparator): the root of a family of names — python3 among its 65
// python3-* modules, libc6 before libc6-dev, a Go module before its
// packages — which is what a reader of a long list looks up. The heads
// of the most names come first; heads alike in that, spread evenly over
// the stream (spreadRank).
func familyHeads(s *lineSel, events []int, key string) []int {
	names := make([]string, len(events))
	for k, i := range events {
		if v, ok := memberValue(s.line(i), key); ok && len(v) > 2 && v[0] == '"' {
			names[k] = v[1 : len(v)-1]
		}
	}
	return familyRoots(names)
}

// spreadMisses is how many picks in a row spreadEvents lets fail before
// it takes the room for spent: rows longer than what is left of it.
const spreadMisses = 16

// spreadEvents keeps events of s not kept yet, each by pick, at the
// middle of the stream, then its quarters, its eighths, … down to its
// finest-ths (of n events, event (n-1)·j/2^d for odd j at depth d):
// however few fit, the picks made are spread over the whole stream,
// where a reader looks first. It stops when the room is spent or
// spreadMisses picks in a row do not fit.
func spreadEvents(s *lineSel, events []int, finest int, pick func(i int) bool) {
	n := len(events)
	misses := 0
	for den := 2; den/2 < n && den <= finest && misses < spreadMisses; den *= 2 {
		for j := 1; j < den && misses < spreadMisses; j += 2 {
			if s.room() <= s.gapCost {
				return
			}
			i := events[(n-1)*j/den]
			if s.isKept(i) {
				continue
			}
			if pick(i) {
				misses = 0
			} else {
				misses++
			}
		}
	}
}

// alikeRows keeps, in the room planJSONLinesShape leaves after its head
// and tail runs (room was all of it; the head run took headUsed), the
// events of a stream no key sorts into kinds: rows alike in shape, each
// with its own name. Where a naming key names them (namingKey), the head
// run grows to half the room, the middle and the quarters of the stream
// come next (spreadEvents), then the rows of rare values (rareValueRows:
// the one CC-BY-4.0 license among MIT ones) and the roots of families of
// names (familyHeads), each in up to an eighth, and the rest is spread over the
// stream between, each event shown by its naming prefix
// (pickNamingPrefix): a reader asks about the first rows, the well-known
// names and the middle, not only the rows a clip's long head shows.
// Where none does, or the stream is cut by little (little: less than
// three times, where a run by naming prefixes holds what a clip's head
// holds and more), the head run grows as a clip's would, to six sevenths
// of the room, and the tail run takes the rest. pickRun extends the head
// (step 1) or the tail (step -1) run. It returns what it kept, for the
// marker.
func alikeRows(s *lineSel, events []int, room, headUsed, headBytes, tailBytes int, little bool, pickRun func(step, to int, within bool)) string {
	key := ""
	if !little {
		key = namingKey(s, events)
	}
	if key == "" {
		prefixRun(s, events, s.used+max(0, room*clipHeadEighths/(clipHeadEighths+clipTailEighths)-headUsed), headBytes, tailBytes)
		pickRun(-1, s.used+s.room(), false)
		return "the first and the last"
	}
	prefixRun(s, events, s.used+max(0, room/2-headUsed), headBytes, tailBytes)
	spreadEvents(s, events, 4, func(i int) bool { return s.pickNamingPrefix(i, headBytes, tailBytes) })
	to := s.used + room/8
	for _, k := range rareValueRows(s, events, key) {
		if s.used >= to {
			break
		}
		s.pickNamingPrefix(events[k], headBytes, tailBytes)
	}
	to = s.used + room/8
	for _, k := range familyHeads(s, events, key) {
		if s.used >= to {
			break
		}
		s.pickNamingPrefix(events[k], headBytes, tailBytes)
	}
	spreadEvents(s, events, len(events), func(i int) bool { return s.pickNamingPrefix(i, headBytes, tailBytes) })
	return "the first and the last, rare values, the roots of families of names, and a spread between"
}
