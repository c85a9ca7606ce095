package headroom

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/headroom-go/headroom/internal/txt"
)

// planJSONLines plans a stream of one-object lines (JSON lines, ndjson:
// slog and zap logs, package managers' --reporter=ndjson, event streams).
// It keeps the first events, the last ones — where totals and verdicts
// sit — then the rarest events by their type/level/name/msg values (the
// 27 ERRORs among 600 DEBUGs; the first of a few warnings before rarer
// debug kinds, keepWarningsFirst), and a sample spread evenly between; a
// closing note counts the dropped events by those values. A long event
// keeps its start and its end, and between them the members that name
// it (its message, level and code: see eventIDs), each cut marked
// `…[N bytes]…`; where its ends would not show those, the long events
// not yet kept first keep their identity lines alone, the rarest first
// (pickIdentities). A stream that is mostly such events, too many for
// their ends (a compiler's diagnostics), names each by its identity line
// before it gives any a body but its first and its rare ones
// (identitiesFirst). Where no key sorts the events into kinds
// (a list of components, each with its own name) and the sample would
// keep fewer than one in sparseSample, it keeps longer head and tail
// runs instead, split as the clip splits its room, the head run's events
// past the first by the members that name them, before a hash or an
// address (prefixRun); where a member names each row, a shorter head
// run, then the middle, the roots of families of names and picks spread
// between (alikeRows).
//
// It declines unless at least 90 % of the non-blank lines (and at least
// five) are objects on one line, the first and the last of them valid
// JSON; and it leaves go test -json streams to the log planner and
// rg --json to the search planner. The events that report a failure or
// are of a rare kind are kept first (withJSONSignals).
func planJSONLines(text string, limit int) (plan, bool) {
	return planJSONLinesWith(text, limit, onceJSONSignals(text))
}

// planJSONLinesWith is planJSONLines with text's signals from signals
// (onceJSONSignals), so that a second plan of text finds them once.
func planJSONLinesWith(text string, limit int, signals func() []jsonSignal) (plan, bool) {
	return planJSONLinesRead(text, limit, signals, onceJSONLinesStream(text))
}

// planJSONLinesRead is planJSONLinesWith with text read as a stream by
// stream (onceJSONLinesStream): a text planned again, in less room for
// its signals or wider by route, is read once.
func planJSONLinesRead(text string, limit int, signals func() []jsonSignal, stream func() *jsonLinesStream) (plan, bool) {
	return withJSONSignals(text, limit, signals, func(limit int) (plan, bool) { return planJSONLinesShape(text, limit, stream) })
}

// A jsonLinesStream is what planJSONLinesShape reads of a stream before
// it picks any event: the same at every limit.
type jsonLinesStream struct {
	starts startIndex // the line index (see lineSel)
	wide   []int
	events []int // the lines that are events
	keys   []string
	ids    *eventIDs // the long events' value statistics (newEventIDs), or nil
	// Each value is interned once: its id counts events in a slice, not a
	// map (a 10 MB stream has 100,000 events and several values each).
	// Event k's value ids are flat[at[k]:at[k+1]]: offsets, not a slice
	// per event, so the GC has no pointer to follow per event.
	flat  []int32
	at    []int
	kinds []eventValue
	// rar[k] is how many events share event k's rarest value, or its
	// rarest member key (rareMemberKeys); rare holds the events one in
	// ten or fewer share, the rarest first.
	rar, rare  []int
	rareSev    []int8 // rare[j]'s severity (eventSeverity)
	sortsKinds bool   // some key sorts events into kinds: not all its values differ
}

// onceJSONLinesStream returns readJSONLinesStream(text), read on the
// first call only, nil when text is not a stream.
func onceJSONLinesStream(text string) func() *jsonLinesStream {
	return sync.OnceValue(func() *jsonLinesStream { return readJSONLinesStream(text) })
}

// readJSONLinesStream reads text as a JSON-lines stream (see
// jsonLinesEvents), or returns nil when it is not one.
func readJSONLinesStream(text string) *jsonLinesStream {
	if len(text) < 2 || text[0] != '{' || jsonLinesSurelyDecline(text) {
		return nil
	}
	s := newLineSel(text, 0, countGaps(len(text)))
	events, ok := jsonLinesEvents(s)
	if !ok {
		return nil
	}
	st := &jsonLinesStream{starts: s.starts, wide: s.wide, events: events, keys: eventKeys(s, events),
		ids: newEventIDs(s, events, idLong), at: make([]int, len(events)+1)}
	keys := st.keys
	if len(keys) == 0 {
		if st.ids != nil {
			st.rar, st.rare = memberKinds(s, events, st.ids)
			st.rareSev = rareSeverities(s, events, st.rare)
		}
		return st
	}
	var count []int
	ids := make([]map[string]int32, len(keys)) // per key: a value's id
	for k := range ids {
		ids[k] = map[string]int32{}
	}
	flat, at := make([]int32, 0, len(events)*len(keys)), st.at
	var buf []eventValue
	// Per key, the ids of the last values met, newest first: most
	// events repeat one of a key's few recent values (a level, a
	// type), found without hashing.
	recent := make([][4]int32, len(keys))
	for k := range recent {
		recent[k] = [4]int32{-1, -1, -1, -1}
	}
	reader := newEventReader(keys)
	for k, i := range events {
		buf = reader.values(buf[:0], s.line(i))
		for _, v := range buf {
			id := int32(-1)
			for _, r := range recent[v.key] {
				if r >= 0 && st.kinds[r].val == v.val {
					id = r
					break
				}
			}
			if id < 0 {
				var ok bool
				if id, ok = ids[v.key][v.val]; !ok {
					id = int32(len(st.kinds))
					ids[v.key][v.val] = id
					st.kinds = append(st.kinds, v)
					count = append(count, 0)
				}
				r := &recent[v.key]
				r[0], r[1], r[2], r[3] = id, r[0], r[1], r[2]
			}
			count[id]++
			flat = append(flat, id)
		}
		at[k+1] = len(flat)
	}
	st.flat = flat
	// A key whose values are mostly distinct (a message with a package
	// name in it, a request id) names events, it does not sort them
	// into kinds: its one-off values would all pass for rare.
	occ, distinct := make([]int, len(keys)), make([]int, len(keys))
	for id, v := range st.kinds {
		occ[v.key] += count[id]
		distinct[v.key]++
	}
	identity := make([]bool, len(keys))
	for k := range keys {
		identity[k] = distinct[k] > 10 && distinct[k]*5 > occ[k]
		st.sortsKinds = st.sortsKinds || occ[k] > 0 && !identity[k]
	}
	weight := make([]int, len(st.kinds)) // a value's share of events; an identity's counts as all
	for id, v := range st.kinds {
		weight[id] = count[id]
		if identity[v.key] {
			weight[id] = len(events)
		}
	}
	rar := make([]int, len(events))
	keyRar := rareMemberKeys(s, events)
	for k := range events {
		rar[k] = len(events)
		if keyRar != nil {
			rar[k] = keyRar[k]
		}
		for _, id := range flat[at[k]:at[k+1]] {
			rar[k] = min(rar[k], weight[id])
		}
		if rar[k]*10 <= len(events) {
			st.rare = append(st.rare, k)
		}
	}
	slices.SortStableFunc(st.rare, func(a, b int) int { return rar[a] - rar[b] })
	st.rar, st.rareSev = rar, rareSeverities(s, events, st.rare)
	return st
}

// memberKinds sorts a stream's events into kinds where no key of
// eventKindKeys does, by shape: the members that name long events (see
// eventIDs) whose values are short strings, read in every event, and of
// those the ones whose values repeat, not an identity (ast-grep's
// captured exception name, fifty errors.HeaderParseError and one
// AssertionError; a match's text, each its own, ranks nothing). It
// returns, as readJSONLinesStream sets them, how many events share each
// event's rarest such value and the events one in ten or fewer share,
// the rarest first; nil, nil when no member sorts the events.
func memberKinds(s *lineSel, events []int, ids *eventIDs) (rar, rare []int) {
	type pathValue struct {
		path uint64
		val  string
	}
	count := map[pathValue]int{}
	distinct, occ := map[uint64]int{}, map[uint64]int{}
	flat, at := []pathValue{}, make([]int, len(events)+1)
	for k, i := range events {
		eachLineMember(s.line(i), func(m lineMember) {
			if m.arrays > 0 || !ids.varies[m.path] || len(m.val) < 2 || m.val[0] != '"' || len(m.val) > kindValueMax+2 {
				return
			}
			pv := pathValue{m.path, m.val}
			if count[pv]++; count[pv] == 1 {
				distinct[m.path]++
			}
			occ[m.path]++
			flat = append(flat, pv)
		})
		at[k+1] = len(flat)
	}
	sorts := false
	kind := make(map[uint64]bool, len(distinct))
	for p, d := range distinct {
		o := occ[p]
		kind[p] = d > 1 && d < o && (d <= 10 || d*5 <= o)
		sorts = sorts || kind[p]
	}
	if !sorts {
		return nil, nil
	}
	rar = make([]int, len(events))
	for k := range events {
		rar[k] = len(events)
		for _, pv := range flat[at[k]:at[k+1]] {
			if kind[pv.path] {
				rar[k] = min(rar[k], count[pv])
			}
		}
		if rar[k]*10 <= len(events) {
			rare = append(rare, k)
		}
	}
	slices.SortStableFunc(rare, func(a, b int) int { return rar[a] - rar[b] })
	return rar, rare
}

// planJSONLinesShape is planJSONLines by shape and position alone, of
// the stream stream reads.
func planJSONLinesShape(text string, limit int, stream func() *jsonLinesStream) (plan, bool) {
	if limit < 400 {
		return plan{}, false
	}
	st := stream()
	if st == nil {
		return plan{}, false
	}
	s := newLineSelOn(text, &lineIndex{starts: st.starts, wide: st.wide}, limit, countGaps(len(text)))
	events, keys, flat, at, kinds, rar, rare := st.events, st.keys, st.flat, st.at, st.kinds, st.rar, st.rare
	noteRoom := droppedNoteRoom(len(events), len(keys))
	s.used += noteRoom
	const headBytes, tailBytes = 400, 200
	s.ids, s.idRoom, s.mids = st.ids.fresh(), idRoom, map[int][][2]int{}
	room := s.room()
	// pickRun picks events from the first (step 1) or the last (step -1)
	// while they fit before to. Within, a run holding an event already
	// stops before one that is more than a quarter of its room and would
	// take it past to: at 4,000 bytes a run of 500-byte requests asked
	// for 660 bytes took 1,150, the room of two rare events. (A run of
	// small events overshoots by a small one at most.)
	pickRun := func(step, to int, within bool) {
		k := 0
		if step < 0 {
			k = len(events) - 1
		}
		from := s.used
		for n := 0; k >= 0 && k < len(events); k, n = k+step, n+1 {
			if c := min(s.size(events[k]), headBytes+tailBytes+midNoteMax) + s.gapCost; within && n > 0 && 4*c > to-from && s.used+c > to {
				return
			}
			if s.used >= to || !s.pickEnds(events[k], headBytes, tailBytes) {
				return
			}
		}
	}
	// Diagnostics too many for their ends (cargo's and rustc's messages,
	// 1-6 KB each) are each named by an identity line, before a body — a
	// rendered snippet, spans, an explanation — is given to any but the
	// first and the rare ones (diagnosticRuns).
	diagnostics := diagnosticStream(s, events, room, headBytes, tailBytes)
	headFrom := s.used
	var idents []int // events kept by their identity lines alone
	if diagnostics {
		diagnosticRuns(s, events, room, len(keys) == 0, headBytes, tailBytes)
		s.bodyRoom = bodyRoom
		idents = identitiesFirst(s, events, rar, len(keys) == 0, headBytes, tailBytes)
	} else {
		pickRun(1, s.used+room/5, true)
	}
	headUsed := s.used - headFrom
	if !diagnostics {
		pickRun(-1, s.used+room/5, true)
		s.bodyRoom = bodyRoom
	}
	if len(keys) > 0 || rar != nil {
		idents = append(idents, pickIdentities(s, events, rar, s.room()/3, headBytes, tailBytes)...)
		rareRoom := s.room() * 3 / 5
		rareTo := s.used + rareRoom
		keepWarningsFirst(s, events, rare, rar, st.rareSev, rareTo, headBytes, tailBytes)
		// later is what the rare events after a group cost by their ends:
		// a group widens its events only into the room beyond it, so the
		// rarest kinds' whole bodies leave room for the rare events after
		// them (a deprecated command's `replaced_by` after the rare
		// argument types of others).
		later := 0
		for _, k := range rare {
			if !s.isKept(events[k]) {
				later += min(s.size(events[k]), headBytes+tailBytes+midNoteMax) + s.gapCost
			}
		}
		for lo := 0; lo < len(rare) && s.used < rareTo; {
			r := rar[rare[lo]]
			hi := lo
			for hi < len(rare) && rar[rare[hi]] == r {
				if !s.isKept(events[rare[hi]]) {
					later -= min(s.size(events[rare[hi]]), headBytes+tailBytes+midNoteMax) + s.gapCost
				}
				hi++
			}
			// The events of the group kept whole already take none of its
			// room: it is spread over the others (the one SA5009 among
			// staticcheck's single codes, not the S1039 the head run
			// shows).
			group := slices.DeleteFunc(slices.Clone(rare[lo:hi]), func(k int) bool {
				_, cut := s.tailAt[events[k]]
				return s.isKept(events[k]) && !cut
			})
			lo = hi
			if len(group) == 0 {
				continue
			}
			// The group's mean cost, each event at most its ends as
			// pickEnds keeps it, not its first event's whole length: a
			// compile failure of 2 KB first among one-line findings had
			// the others sampled as if each were as long.
			k, cost := len(group), 0
			for _, g := range group {
				cost += min(s.size(events[g]), headBytes+tailBytes+midNoteMax) + s.gapCost
			}
			avg := cost / k
			if cost > rareTo-s.used {
				k = max(1, (rareTo-s.used)/avg)
			}
			// A rare event tells what the stream is about (the one error
			// among warnings): it keeps its even share of the room left for
			// rare events, up to half of that room, not only its ends.
			picks := spread(0, len(group), k)
			for n, j := range picks {
				h, t := headBytes, tailBytes
				if share := min((rareTo-s.used-max(later, 0))/(len(picks)-n), rareRoom/2); share > headBytes+tailBytes {
					h, t = share*2/3, share/3
				}
				s.widenEnds(events[group[j]], h, t)
			}
		}
	}
	// The events kept by their identity lines keep their ends too, where
	// the room allows, before a sample of the others; in a diagnostic
	// stream the room left is shared by all (widenCutEvents).
	if !diagnostics {
		for _, i := range idents {
			s.widenEnds(i, headBytes, tailBytes)
		}
	}
	// A sample spread evenly over the rest: counted first and held in four
	// bytes an event, so that a million tiny events take 4 MB once, not a
	// slice of eight-byte ints grown by appending (32 MB allocated, twice
	// its size alive while it grew).
	unkept := 0
	for _, i := range events {
		if !s.isKept(i) {
			unkept++
		}
	}
	rest := make([]uint32, 0, unkept) // line indices: the line index holds uint32 offsets
	for _, i := range events {
		if !s.isKept(i) {
			rest = append(rest, uint32(i))
		}
	}
	kept := "the first and the last, the rarest kinds, and an even sample"
	if len(rest) > 0 {
		avg := 0
		for _, i := range rest {
			avg += min(s.size(int(i)), headBytes+tailBytes+midNoteMax) + s.gapCost
		}
		avg /= len(rest)
		if n := s.room() / max(1, avg); !st.sortsKinds && (n*sparseSample < len(rest) || n < len(rest) && len(text) < 3*limit) {
			// Events no key sorts into kinds (a list of components, each
			// with its own name) and a sample thinner than one in
			// sparseSample: scattered picks say no more than a run, and a
			// run in file order shows more whole events, as the clip splits
			// its room: six sevenths to the head, the rest to the tail. So
			// too of a stream cut by less than three times whose events
			// are named by prefixes a third shorter: their run holds what
			// a clip's head holds and more (96 SBOM components at 16,000
			// bytes: a sample of 55 whole ones lost the quarter and the
			// half that the clip keeps). Short rows cut by little take the
			// runs too, with picks spread between them (alikeRows): a
			// sample of every other one, a gap note each, lost rows a
			// clip's head holds.
			kept = alikeRows(s, events, room, headUsed, headBytes, tailBytes, len(text) < 3*limit && namedByPrefix(s, rest), pickRun)
		} else {
			for _, j := range spread(0, len(rest), n) {
				s.pickEnds(int(rest[j]), headBytes, tailBytes)
			}
		}
	}
	widenCutEvents(s, events, rar, headBytes, tailBytes)
	s.used -= noteRoom
	items, markerAt := s.items()
	dropped := 0
	for _, i := range events {
		if !s.isKept(i) {
			dropped++
		}
	}
	if note := droppedNote(s, events, flat, at, kinds, keys, droppedNoteMax); note != "" {
		items = append(items, noteLine(note))
	}
	if itemsSize(items) > limit {
		return plan{}, false
	}
	what := txt.Commas(dropped) + " of " + txt.Plural(len(events), "event") + " (kept " + kept + "; the last note counts what was dropped)"
	return plan{strategy: StrategyJSONLines, items: items, markerAt: markerAt, what: what, digest: true,
		hint: "To see more, filter the stream: jq -c 'select(.level==\"ERROR\")', grep, or a line range (sed -n 'A,Bp')."}, true
}

// pickIdentities keeps, within room more bytes, the identity lines (see
// pickIDs) of the long events not kept yet, the rarest first (rar[k] is
// how many events share event k's rarest value): what each failure is,
// before a planner gives any its body. Of events alike in rarity that
// do not all fit, it keeps a sample spread evenly over them. It returns
// the lines it kept.
func pickIdentities(s *lineSel, events []int, rar []int, room, headBytes, tailBytes int) []int {
	if s.ids == nil {
		return nil
	}
	var order []int
	for k, i := range events {
		if !s.isKept(i) && s.size(i) > idLong {
			order = append(order, k)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return rar[a] - rar[b] })
	to := s.used + room
	var kept []int
	for lo := 0; lo < len(order) && s.used < to; {
		hi := lo
		for hi < len(order) && rar[order[hi]] == rar[order[lo]] {
			hi++
		}
		group := order[lo:hi]
		lo = hi
		// An identity line costs about a third of its room and notes.
		n := max(1, (to-s.used)/(idRoom/3+3*len(skipNote(1000))))
		for _, j := range spread(0, len(group), n) {
			if i := events[group[j]]; s.pickIDs(i, to, headBytes, tailBytes) {
				kept = append(kept, i)
			}
		}
	}
	return kept
}

// diagnosticStream reports whether events are mostly long ones (at
// least half of them, and idMinLong) that have identity lines and whose
// ends would not all fit in room: a compiler's or a linter's diagnostics
// (cargo's and rustc's messages of 1-6 KB), of which each is better
// named by its identity line than a few kept at their ends.
func diagnosticStream(s *lineSel, events []int, room, headBytes, tailBytes int) bool {
	if s.ids == nil {
		return false
	}
	long, ends := 0, 0
	for _, i := range events {
		if s.size(i) > idLong {
			long++
			ends += headBytes + tailBytes + midNoteMax + s.gapCost
		}
	}
	return long >= idMinLong && 2*long >= len(events) && ends > room
}

// diagnosticRuns is the head and the tail run of a diagnostic stream
// (see diagnosticStream), each in a fifth of room: the events up to its
// first diagnostic, that one at its ends (the prefix all share, how one
// reads), and the short events after its last diagnostic (the build's
// verdict), at shorter ends — or, with last, where the stream ends with
// a long event, that one at its ends, as a clip's tail shows it
// (ast-grep's last match and its range; a compiler's last diagnostic
// stays with the others, their identity lines first); the diagnostics
// between are left to their identity lines.
func diagnosticRuns(s *lineSel, events []int, room int, last bool, headBytes, tailBytes int) {
	defer func() {
		if end := events[len(events)-1]; last && s.size(end) > idLong {
			s.pickEnds(end, headBytes, tailBytes)
		}
	}()
	to := s.used + room/5
	for _, i := range events {
		if s.size(i) > idLong {
			s.pickEnds(i, headBytes, tailBytes)
			break
		}
		if s.used < to {
			s.pickEnds(i, headBytes, tailBytes)
		}
	}
	to = s.used + room/5
	for k := len(events) - 1; k > 0 && s.size(events[k]) <= idLong && s.used < to; k-- {
		if !s.pickEnds(events[k], headBytes/2, tailBytes/2) {
			return
		}
	}
}

// idReadMax is how many long events identitiesFirst reads for their
// identity lines at most: at 16,000 bytes a few hundred fit.
const idReadMax = 1024

// identitiesFirst keeps, of the long events not kept yet, the rare
// ones (that one in ten or fewer share a value of: the error among
// warnings) at their ends — with short, the short rare ones too, whole —
// the rarest first, in half the room left; then the identity lines (see
// idLine) of the long others, the rarest first, and of those alike in
// rarity that do not all fit, an even sample: of twenty diagnostics,
// what each one is before how any one reads. rar[k], when not nil, is
// how many events share event k's rarest value; an identity line is as
// rare as the rarest of its ranges (the one E0594 among eleven
// "mismatched types" E0308s). It returns the lines it kept by their
// identity lines.
func identitiesFirst(s *lineSel, events, rar []int, short bool, headBytes, tailBytes int) []int {
	var long []int          // indices into events
	costOf := map[int]int{} // per index, its identity line's cost
	named := map[int][]string{}
	shared := map[string]int{} // how many identity lines hold a range's text
	var cands []int            // indices into events of the long events not kept
	for k, i := range events {
		if !s.isKept(i) && s.size(i) > idLong {
			cands = append(cands, k)
		}
	}
	if len(cands) > idReadMax {
		// A stream of more long events than any room can name is read
		// for an even sample of them: reading every one's identity
		// ranges cost ten times the input in allocations on 10 MB of
		// cargo diagnostics.
		picks := spread(0, len(cands), idReadMax)
		for j, p := range picks {
			cands[j] = cands[p]
		}
		cands = cands[:len(picks)]
	}
	for _, k := range cands {
		i := events[k]
		h, t, mids, ok := s.idLine(i)
		if !ok {
			continue
		}
		long = append(long, k)
		costOf[k] = midsSize(s.at(i), h, t, s.at(i+1), mids) + s.gapCost
		for _, m := range mids {
			named[k] = append(named[k], s.text[m[0]:m[1]])
			shared[s.text[m[0]:m[1]]]++
		}
	}
	rarity := make(map[int]int, len(long))
	for _, k := range long {
		r := len(events)
		if rar != nil {
			r = rar[k]
		}
		for _, n := range named[k] {
			r = min(r, shared[n])
		}
		rarity[k] = r
	}
	if rar != nil {
		// The rare events, the rarest first: the long ones, and with
		// short the short ones too (ast-grep's one AssertionError match,
		// too short for an identity line, where its kinds are read by
		// shape, memberKinds: a compiler's short notes are no findings).
		slices.SortStableFunc(long, func(a, b int) int { return rar[a] - rar[b] })
		rare := long
		if short {
			rare = nil
			for k, i := range events {
				if !s.isKept(i) {
					rare = append(rare, k)
				}
			}
			slices.SortStableFunc(rare, func(a, b int) int { return rar[a] - rar[b] })
		}
		endsTo := s.used + s.room()/2
		for _, k := range rare {
			if rar[k]*10 > len(events) || s.used >= endsTo {
				break
			}
			s.pickEnds(events[k], headBytes, tailBytes)
		}
	}
	long = slices.DeleteFunc(long, func(k int) bool { return s.isKept(events[k]) })
	slices.SortStableFunc(long, func(a, b int) int { return rarity[a] - rarity[b] })
	to := s.used + s.room()
	var kept []int
	for lo := 0; lo < len(long) && s.used < to; {
		hi := lo + 1
		for hi < len(long) && rarity[long[hi]] == rarity[long[lo]] {
			hi++
		}
		group := long[lo:hi]
		lo = hi
		n := largestFitting(0, len(group), func(n int) bool {
			c := 0
			for _, j := range spread(0, len(group), n) {
				c += costOf[group[j]]
			}
			return c <= to-s.used
		})
		for _, j := range spread(0, len(group), n) {
			if i := events[group[j]]; s.pickIDLine(i, to) {
				kept = append(kept, i)
			}
		}
	}
	slices.Sort(kept)
	return kept
}

// widenCutEvents spends the room the picks left on the events kept cut
// in their middles, an even share each, two thirds to the head: a
// budget is not left a quarter unused while the events' middles are cut.
// Being the last spend, it widens into long strings too (see cutMids).
// First, though, the events of the rarest kind among those cut (rar[k]
// is how many events share event k's rarest value; nil when no key
// sorts them) get their narrow ends, where others are more common: the
// second error named by its identity line alone among warnings.
func widenCutEvents(s *lineSel, events, rar []int, headBytes, tailBytes int) {
	var cut []int
	rarest, common := len(events)+1, 0
	for k, i := range events {
		if _, ok := s.tailAt[i]; ok {
			cut = append(cut, i)
			if rar != nil {
				rarest, common = min(rarest, rar[k]), max(common, rar[k])
			}
		}
	}
	if len(cut) == 0 {
		return
	}
	if rarest < common {
		for k, i := range events {
			if _, ok := s.tailAt[i]; ok && rar[k] == rarest {
				s.widenEnds(i, headBytes, tailBytes)
			}
		}
	}
	share := s.room() / len(cut)
	if share < 2*skipNoteMax {
		return
	}
	for _, i := range cut {
		start := s.at(i)
		h := max(headBytes, s.cutAt[i]-start)
		t := start + len(s.line(i)) - s.tailAt[i]
		s.widenEndsAs(i, h+share*2/3, t+share/3, false)
	}
}

// skipNoteMax bounds skipNote.
var skipNoteMax = len(skipNote(9_999_999_999))

// idRoom is how many bytes of a long event's middle are kept for the
// members that name it (see eventIDs).
const idRoom = 240

// idLong is how long an event is that pickEnds cuts in its middle.
const idLong = 400 + 200 + midNoteMax

// sparseSample is the thinnest even sample, one event in sparseSample,
// that planJSONLines spreads over events no key sorts into kinds; below
// it, the room goes to the head and the tail runs.
const sparseSample = 5

// jsonLinesEvents returns the lines of s that are events, objects on one
// line, and whether s is a JSON-lines stream: at least 90 % of its
// non-blank lines (and at least five) are events, the first and the last
// of them valid JSON, and the first neither a go test -json event nor an
// rg --json message.
func jsonLinesEvents(s *lineSel) ([]int, bool) {
	n := s.n()
	events := make([]int, 0, n)
	other := 0
	for i := 0; i < n; i++ {
		switch eventLine(s.line(i)) {
		case jlEvent:
			events = append(events, i)
		case jlOther:
			other++
		}
	}
	if len(events) < 5 || other*9 > len(events) || !json.Valid([]byte(s.line(events[0]))) ||
		!json.Valid([]byte(s.line(events[len(events)-1]))) || testEvents(s.line(events[0])) {
		return nil, false
	}
	return events, true
}

// What a line of a JSON-lines stream is, for its shape test.
const (
	jlBlank = iota
	jlEvent // an object on one line: '{' first, '}' last but for trailing blanks
	jlOther
)

// eventLine tells an event line from a blank one and any other.
func eventLine(l string) int {
	end := len(l) // l without trailing blanks, as strings.TrimRight would cut it, without its call
	for end > 0 && (l[end-1] == ' ' || l[end-1] == '\t' || l[end-1] == '\r') {
		end--
	}
	switch {
	case end == 0:
		return jlBlank
	case l[0] == '{' && l[end-1] == '}':
		return jlEvent
	}
	return jlOther
}

// jsonLinesHead is how many lines jsonLinesSurelyDecline reads before it
// gives up on a text whose lines look like events so far.
const jsonLinesHead = 64

// jsonLinesSurelyDecline reports that jsonLinesEvents declines text,
// without indexing its lines: a pretty-printed JSON stream (go list
// -json) used to be indexed whole, at the cost of planning it, before the
// share of event lines declined it. It reads lines from the start and
// declines as soon as the decline is certain:
//   - the first event is a go test -json event or an rg --json message,
//     or, once the counts are read, not valid JSON (a one-line document
//     is declined by its count of events, never validated here);
//   - the other lines read so far are more than a ninth of the events the
//     text can hold: those read, plus every line not yet read that starts
//     with '{' (an event does), counted once, in one IndexByte pass;
//   - at the end, the counts themselves fail.
//
// When the first jsonLinesHead lines hold events in the share a stream
// needs, it stops and returns false: jsonLinesEvents decides, in one scan
// as before. It returns true only where jsonLinesEvents returns false.
func jsonLinesSurelyDecline(text string) bool {
	events, other := 0, 0
	// The first event, validated only where the answer needs it.
	first := ""
	seen, braces := 0, -1 // lines read that start with '{'; all such lines, once counted
	for start, k := 0, 0; start < len(text); k++ {
		end, next := len(text), len(text)
		if nl := strings.IndexByte(text[start:], '\n'); nl >= 0 {
			end, next = start+nl, start+nl+1
		}
		l := text[start:end]
		start = next
		if l != "" && l[0] == '{' {
			seen++
		}
		switch eventLine(l) {
		case jlEvent:
			if events == 0 {
				if testEvents(l) {
					return true
				}
				first = l
			}
			events++
		case jlOther:
			other++
		}
		switch {
		case k+1 < jsonLinesHead:
			continue
		case other*9 <= events && k+1 == jsonLinesHead:
			return false // a stream's head: jsonLinesEvents decides
		case other*9 <= events:
			continue
		}
		if braces < 0 {
			braces = braceLines(text)
		}
		if other*9 > events+braces-seen {
			return true
		}
	}
	return events < 5 || other*9 > events || !json.Valid([]byte(first))
}

// braceLines counts the lines of text that start with '{'.
func braceLines(text string) int {
	n := 0
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '{')
		if j < 0 {
			break
		}
		if i+j == 0 || text[i+j-1] == '\n' {
			n++
		}
		i += j + 1
	}
	return n
}

// testEvents reports a go test -json event, which the log planner reads,
// or an rg --json message, which the search planner reads. A test event
// names its Package or Test; the build events test2json writes since Go
// 1.24 (build-output, build-fail) name an ImportPath instead, and a
// stream whose compile errors come first opens with them.
func testEvents(l string) bool {
	return strings.Contains(l, `"Action":"`) && (strings.Contains(l, `"Package":"`) || strings.Contains(l, `"Test":"`) || strings.Contains(l, `"ImportPath":"`)) ||
		strings.HasPrefix(l, `{"type":"begin","data":{"path":`) || strings.HasPrefix(l, `{"type":"match","data":{"path":`)
}

// eventKindKeys name the members whose values tell events apart: a
// finding's rule or check code (staticcheck -f json and ruff's json-lines
// write `code`, eslint `ruleId`, revive's ndjson `RuleName`, Code Climate
// `check_name`) sorts findings as a log's level sorts lines, where every
// finding says the same severity.
var eventKindKeys = []string{"type", "level", "severity", "code", "rule", "ruleId", "RuleName", "check_name", "name", "event", "kind", "action", "status", "msg", "message"}

// eventKeys returns the kind keys present in the first events, quoted
// and with their colon: "level":.
func eventKeys(s *lineSel, events []int) []string {
	var keys []string
	for _, k := range eventKindKeys {
		q := `"` + k + `":`
		for _, i := range events[:min(len(events), 20)] {
			if strings.Contains(s.line(i), q) {
				keys = append(keys, q)
				break
			}
		}
	}
	return keys
}

// An eventValue is one kind key's value in an event: keys[key]=val.
type eventValue struct {
	key int
	val string
}

// eventValues appends to out the value of each key (given quoted, with
// its colon) whose shallowest member in l — the event's own, not a nested
// child's: cargo's message `level` after its children's — has a short
// string value, in the order those members appear; of members at one
// depth, the first counts. One pass over l, not one search per key: it
// runs on every event. Strings are skipped whole (a brace or a key inside
// one is text), and the pass stops once every key has a member at the
// top level. A stream's events are read by one eventReader.
func eventValues(out []eventValue, l string, keys []string) []eventValue {
	return newEventReader(keys).values(out, l)
}

// kindValueMax bounds the string value of a kind key that eventValues
// reads: a level, a type or a reason, not a message.
const kindValueMax = 60

// An eventReader reads the kind values of a stream's events
// (eventValues): the keys' first letters are tabled once, and the
// members found are held for every event, not zeroed whole at each.
type eventReader struct {
	keys  []string
	nk    int            // the keys read: as many as found holds at most
	first [256]bool      // the keys' first letters
	found [16]kindMember // as many as eventKindKeys, and a few more
}

// A kindMember is where an event's member of one kind key was found.
// Its value is the event's bytes [val, end): offsets, not a string, so
// that clearing it is a plain store, with no pointer for the GC.
type kindMember struct {
	depth, at int // depth 0: not found
	val, end  int
	ok        bool // the value is a string of at most kindValueMax bytes
}

// newEventReader returns a reader of keys' values.
func newEventReader(keys []string) *eventReader {
	r := &eventReader{keys: keys}
	r.nk = min(len(keys), len(r.found))
	for _, k := range keys {
		r.first[k[1]] = true
	}
	return r
}

// values is eventValues(out, l, r.keys).
func (r *eventReader) values(out []eventValue, l string) []eventValue {
	keys, nk := r.keys, r.nk
	found := r.found[:nk]
	clear(found)
	top := 0 // keys found at depth 1
	depth := 0
	for i := 0; i < len(l) && top < nk; i++ {
		switch l[i] {
		case '{', '[':
			depth++
			continue
		case '}', ']':
			depth--
			continue
		case '"':
		default:
			continue
		}
		// A kind key is matched before the string is scanned: its bytes
		// are letters, so its closing quote is where the key's is. Any
		// other string is scanned to its end and skipped.
		q := i
		ki := -1
		if i+1 < len(l) && r.first[l[i+1]] && depth >= 1 {
			for k := range nk {
				if keys[k][1] == l[q+1] && strings.HasPrefix(l[q:], keys[k]) {
					ki = k
					break
				}
			}
		}
		if ki < 0 {
			if i = jsonStringEnd(l, q) - 1; i < 0 { // the closing quote
				break
			}
			continue
		}
		end := q + len(keys[ki]) - 2 // the closing quote
		i = end
		if found[ki].depth != 0 && found[ki].depth <= depth {
			continue
		}
		if depth == 1 {
			top++
		}
		m := kindMember{depth: depth, at: q}
		v := end + 2
		for v < len(l) && l[v] == ' ' {
			v++
		}
		if v < len(l) && l[v] == '"' {
			e := jsonStringEnd(l, v) - 1
			if e < 0 {
				break
			}
			m.val, m.end, m.ok = v+1, e, e-v-1 <= kindValueMax
			i = e
		}
		found[ki] = m
	}
	start := len(out)
	for k := range nk {
		if found[k].ok {
			out = append(out, eventValue{k, l[found[k].val:found[k].end]})
		}
	}
	vals := out[start:]
	for a := 1; a < len(vals); a++ { // a few members: by where they appear
		for b := a; b > 0 && found[vals[b].key].at < found[vals[b-1].key].at; b-- {
			vals[b], vals[b-1] = vals[b-1], vals[b]
		}
	}
	return out
}

// droppedNoteMax is the most droppedNote writes where keys sort the
// events into kinds: the count and the commonest kinds' counts.
const droppedNoteMax = 218

// droppedNoteRoom returns the room a stream of n events whose kinds are
// read by nKeys keys holds for droppedNote's line: with no key, the
// count alone (`[…192 events dropped]`), not the room of kinds' counts
// it never writes — a tenth of 2,000 bytes, two rows of a list.
func droppedNoteRoom(n, nKeys int) int {
	if nKeys == 0 {
		return len(droppedHead(n)+"]") + 2
	}
	return droppedNoteMax + 2
}

// droppedHead opens droppedNote's line: `[…192 events dropped`.
func droppedHead(n int) string { return "[…" + txt.Plural(n, "event") + " dropped" }

// droppedNote counts the dropped events by their kind values (event k's
// value ids into kinds are flat[at[k]:at[k+1]]), the most common first,
// within max bytes.
func droppedNote(s *lineSel, events []int, flat []int32, at []int, kinds []eventValue, keys []string, maxLen int) string {
	count := make([]int, len(kinds))
	dropped := 0
	for k, i := range events {
		if s.isKept(i) {
			continue
		}
		dropped++
		for _, id := range flat[at[k]:at[k+1]] {
			count[id]++
		}
	}
	if dropped == 0 {
		return ""
	}
	var order []int32
	for id, c := range count {
		if c > 0 {
			order = append(order, int32(id))
		}
	}
	slices.SortFunc(order, func(x, y int32) int {
		a, b := kinds[x], kinds[y]
		if count[x] != count[y] {
			return count[y] - count[x]
		}
		if a.key != b.key {
			return a.key - b.key
		}
		return strings.Compare(a.val, b.val)
	})
	note := droppedHead(dropped)
	sep := ": "
	for _, id := range order {
		v := kinds[id]
		part := sep + strings.Trim(keys[v.key], `":`) + "=" + txt.SanitizeLine(v.val) + " ×" + txt.Commas(count[id])
		if len(note)+len(part)+len(", …]") > maxLen {
			note += ", …"
			break
		}
		note += part
		sep = ", "
	}
	return note + "]"
}
