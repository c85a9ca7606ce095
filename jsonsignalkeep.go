package headroom

import (
	"slices"
	"strings"
	"sync"

	"github.com/headroom-go/headroom/internal/txt"
)

// A keptSignal is a signal as a plan keeps it: text[start:end], whole
// lines when the text is lined, after a note that says where it sits.
type keptSignal struct {
	start, end int
	note       string
	failure    bool
	answer     bool   // kept with the failures, counted as rare (jsonSignal's)
	sig        int    // its signal's index in what chooseSignals was given
	eol        bool   // text[end-1] is not a line end
	why        string // a failure's member, its kind
	// cuts are the values it leaves out, in order, each written as its
	// note (cutObject's): the signal is kept in the pieces between them.
	cuts []signalCut
}

// cost is what the signal adds to a plan: its note line and its bytes,
// with a line end of headroom's own when they end inside a line, its
// cuts' notes in place of their bytes.
func (k keptSignal) cost() int {
	n := len(k.note) + 2 + k.end - k.start + 1
	for _, c := range k.cuts {
		n += len(c.note) - (c.end - c.start)
	}
	return n
}

// shown is how many of the signal's bytes it keeps.
func (k keptSignal) shown() int {
	n := k.end - k.start
	for _, c := range k.cuts {
		n -= c.end - c.start
	}
	return n
}

// pieces returns the ranges in which k is kept verbatim: the bytes
// between its cuts.
func (k keptSignal) pieces() [][2]int {
	out := make([][2]int, 0, len(k.cuts)+1)
	at := k.start
	for _, c := range k.cuts {
		out = append(out, [2]int{at, c.start})
		at = c.end
	}
	return append(out, [2]int{at, k.end})
}

// signalManyAlike is how many failures of one kind make them many
// alike: a sample of them, as a planner picks, does.
const signalManyAlike = 8

// signalRooms are the shares of a JSON plan's limit that failures and
// rare members may take, as divisors: a quarter, then an eighth.
const signalFailureShare, signalRareShare = 4, 8

// chooseSignals returns the signals of sigs to keep within limit: the
// failures (and the answers, as failures though not counted so), each as its record, else its object, else that object cut to
// what it says (cutObject), else its member — the first of these that
// fits a quarter of limit — in a quarter of limit,
// spread evenly over the document when not all fit, but for the kinds
// (a key and its value) with many alike failures of which base already
// shows the start of one: of sixty alike errors, those a planner picked;
// then the rare members' objects in an eighth, the first of each rare
// value before the second of any. They come in input order, none inside
// another; total is how many signals there were.
func chooseSignals(text string, sigs []jsonSignal, limit int, base []item) (kept []keptSignal, total, failures int) {
	capOne := limit / signalFailureShare
	share := capOne // what each failure may take when all are kept
	if n := countKeptFirst(sigs); n > 0 {
		share = max(capOne/n, 1)
	}
	var fail, rare []keptSignal
	var rareAt []jsonSignal
	for i, s := range sigs {
		cutMax := cutLimit(text, s, base, limit)
		k, ok := signalSpan(text, s, share, cutMax)
		if !ok {
			k, ok = signalSpan(text, s, capOne, cutMax)
		}
		if !ok {
			k, ok = cutSignal(text, s, capOne)
		}
		if !ok {
			total++
			if s.failure {
				failures++
			}
			continue
		}
		total++
		k.sig = i
		if s.failure || s.answer {
			if s.failure {
				failures++
			}
			k.why = s.why
			fail = append(fail, k)
		} else {
			rare = append(rare, k)
			rareAt = append(rareAt, s)
		}
	}
	fail = outermost(fail)
	shown, many := map[string]bool{}, map[string]int{}
	for _, k := range fail {
		many[k.why]++
		if coveredBy(base, keptSignal{start: k.start, end: k.start + 1}) {
			shown[k.why] = true
		}
	}
	// A failure that carries a value few of its kind share (the one
	// undefined name among sixty type errors) is not one of many alike.
	rareAmong := func(k keptSignal) bool {
		return sigs[k.sig].rareKind && sigs[k.sig].kindCount*signalManyAlike <= many[k.why]
	}
	fail = slices.DeleteFunc(fail, func(k keptSignal) bool {
		return shown[k.why] && many[k.why] >= signalManyAlike && !rareAmong(k)
	})
	pick := func(list []keptSignal, room int) []keptSignal {
		n := largestFitting(0, len(list), func(k int) bool {
			c := 0
			for _, i := range spread(0, len(list), k) {
				c += list[i].cost()
			}
			return c <= room
		})
		var out []keptSignal
		for _, i := range spread(0, len(list), n) {
			out = append(out, list[i])
		}
		return out
	}
	// Those are kept before the others are sampled, the rarest first.
	var firsts []keptSignal
	room := limit / signalFailureShare
	if slices.ContainsFunc(fail, rareAmong) {
		rk := slices.DeleteFunc(slices.Clone(fail), func(k keptSignal) bool { return !rareAmong(k) })
		slices.SortStableFunc(rk, func(a, b keptSignal) int { return sigs[a.sig].kindCount - sigs[b.sig].kindCount })
		for _, k := range rk {
			if k.cost() <= room {
				firsts = append(firsts, k)
				room -= k.cost()
			}
		}
		fail = slices.DeleteFunc(fail, func(k keptSignal) bool {
			return slices.ContainsFunc(firsts, func(f keptSignal) bool { return f.sig == k.sig })
		})
	}
	kept = widenFailures(text, sigs, append(firsts, pick(fail, room)...), limit/signalFailureShare, func(s jsonSignal) int { return cutLimit(text, s, base, limit) })
	if len(rare) > 0 {
		order := make([]int, len(rare))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return rareAt[a].rank - rareAt[b].rank })
		room := limit / signalRareShare
		for _, i := range order {
			k := rare[i]
			if k.cost() > room || overlapsAny(kept, k) {
				continue
			}
			kept = append(kept, k)
			room -= k.cost()
		}
	}
	slices.SortFunc(kept, func(a, b keptSignal) int { return a.start - b.start })
	return kept, total, failures
}

// widenFailures spends what room the kept failures leave on keeping
// them whole, first failure first, as a log keeps its first failure
// whole: a failure kept by its member alone (`"level": "error"`, so that
// all fit) keeps its object instead when that fits what is left, with
// the members beside it that say which file and what, or that object cut
// to what it says, within cutMax's bound for it.
func widenFailures(text string, sigs []jsonSignal, kept []keptSignal, room int, cutMax func(jsonSignal) int) []keptSignal {
	for _, k := range kept {
		room -= k.cost()
	}
	// First each failure kept by its member alone is kept by the least
	// cut of its object that fits, when it may be cut: two failures cut
	// to what they say rather than one whole and one a bare member.
	for i, k := range kept {
		s := sigs[k.sig]
		if len(k.cuts) > 0 || s.wend > s.wstart || s.end-s.start > cutMax(s) {
			continue // cut, or a record's field, which tells the failure itself
		}
		w, ok := cutObjectOpening(text, s, room+k.cost(), 0)
		if !ok || w.shown() <= k.shown() || overlapsOthers(kept, i, w) {
			continue
		}
		w.why, w.sig = k.why, k.sig
		room -= w.cost() - k.cost()
		kept[i] = w
	}
	for i, k := range kept {
		w, ok := signalSpan(text, sigs[k.sig], room+k.cost(), cutMax(sigs[k.sig]))
		if !ok || w.shown() <= k.shown() || overlapsOthers(kept, i, w) {
			continue
		}
		w.why, w.sig = k.why, k.sig
		room -= w.cost() - k.cost()
		kept[i] = w
	}
	return kept
}

// cutLimit is the largest object of s that signalSpan may keep cut to
// what it says: one no larger than limit, unless base already shows its
// failing member and what it says (failureText), which then tell the
// failure at no cost (a stream's identity line, `"level":"error",
// "message":"mismatched types"`) where a cut would take room from the
// rest.
func cutLimit(text string, s jsonSignal, base []item, limit int) int {
	if s.end-s.start > limit {
		return limit // too large to cut anyway: not read again
	}
	m := keptSignal{start: s.mstart, end: s.mend}
	if s.wend > s.wstart { // a record's field: its member that says failure
		m = keptSignal{start: s.wstart, end: s.wend}
	}
	if m.end > m.start && coveredBy(base, m) {
		if start, end, ok := failureText(text, s); !ok || coveredBy(base, keptSignal{start: start, end: end}) {
			return 0
		}
	}
	return limit
}

// overlapsOthers reports whether k overlaps any of list but list[skip].
func overlapsOthers(list []keptSignal, skip int, k keptSignal) bool {
	for i, o := range list {
		if i != skip && o.start < k.end && k.start < o.end {
			return true
		}
	}
	return false
}

// countKeptFirst returns how many of sigs are kept first, in the
// failures' room: the failures and the answers.
func countKeptFirst(sigs []jsonSignal) int {
	n := 0
	for _, s := range sigs {
		if s.failure || s.answer {
			n++
		}
	}
	return n
}

// outermost drops the signals that lie inside another of list, which is
// in the order signals close (an inner object before its outer one).
func outermost(list []keptSignal) []keptSignal {
	slices.SortStableFunc(list, func(a, b keptSignal) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end
	})
	out := list[:0]
	end := -1
	for _, k := range list {
		if k.start < end {
			continue
		}
		out = append(out, k)
		end = k.end
	}
	return out
}

// overlapsAny reports whether k shares a byte with one of list.
func overlapsAny(list []keptSignal, k keptSignal) bool {
	for _, o := range list {
		if k.start < o.end && o.start < k.end {
			return true
		}
	}
	return false
}

// signalSpan returns how s is kept within room bytes: its object (or
// record), else its member alone, as whole lines when they stand on
// lines of their own; false when none fits. An object no larger than
// whole that does not fit is kept cut to what it says (cutObject) before
// its member when that member is a bare word (`"kind": "error"`, which
// says nothing of what failed), after it when it is a record's field,
// an object that tells the failure itself (a task's `"Status": {…}`).
func signalSpan(text string, s jsonSignal, room, whole int) (keptSignal, bool) {
	if room < signalCostFloor(s) {
		// Nothing fits: a failure's first try, in a share of a quarter of
		// the limit split among thousands of them, is one byte or so.
		return keptSignal{}, false
	}
	return signalSpanIn(text, s, room, whole)
}

// signalSpanIn is signalSpan without its floor: each way of keeping s
// tried in turn, however small room is.
func signalSpanIn(text string, s jsonSignal, room, whole int) (keptSignal, bool) {
	spans := [][3]int{{s.start, s.end, s.line}}
	if s.mend > s.mstart {
		spans = append(spans, [3]int{s.mstart, s.mend, s.mline})
	}
	cutFirst := s.wend <= s.wstart
	cut := func() (keptSignal, bool) {
		if s.end-s.start > whole {
			return keptSignal{}, false
		}
		return cutObject(text, s, room)
	}
	for i, sp := range spans {
		if i == 1 && cutFirst {
			if k, ok := cut(); ok {
				return k, true
			}
		}
		start, end := linedSpan(text, sp[0], sp[1])
		k := keptSignal{start: start, end: end, failure: s.failure, answer: s.answer, note: signalNote(s, sp[2]), eol: text[end-1] != '\n'}
		if k.cost() <= room {
			return k, true
		}
	}
	if !cutFirst || len(spans) == 1 {
		return cut()
	}
	return keptSignal{}, false
}

// signalCostFloor is the least any way of keeping s costs: every note
// signalNote writes ends in "kept for " and s.why before its closing
// "…]" (a cut's note is longer), and a kept signal costs its note, the
// two bytes around it and a line end (keptSignal.cost), its kept bytes
// and its cuts' notes on top.
func signalCostFloor(s jsonSignal) int {
	return len("[…kept for …]") + len(s.why) + 3
}

// linedSpan widens text[start:end] to whole lines when nothing but
// indentation comes before it on its line and nothing but a comma after.
// It reads back over the indentation only, never to the line's start:
// in a one-line document of 10 MB that search, once a signal, was most
// of the plan's time and grew with the square of the input.
func linedSpan(text string, start, end int) (int, int) {
	ls := start
	for ls > 0 && (text[ls-1] == ' ' || text[ls-1] == '\t') {
		ls--
	}
	if ls > 0 && text[ls-1] != '\n' {
		return start, end
	}
	le, ok := lineEndAfter(text, end)
	if !ok {
		return start, end
	}
	return ls, le
}

// lineEndAfter returns where the line holding text[end-1] ends, past its
// line break, when nothing but a comma and blanks follow end on it.
func lineEndAfter(text string, end int) (int, bool) {
	j := end
	if j < len(text) && text[j] == ',' {
		j++
	}
	for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r') {
		j++
	}
	if j < len(text) && text[j] != '\n' {
		return 0, false
	}
	return min(j+1, len(text)), true
}

// signalNote is the line before a kept signal: its line number, its jq
// path in its document and the naming member of what holds it.
func signalNote(s jsonSignal, line int) string {
	var parts []string
	if line > 1 { // a one-line document's lines say nothing
		parts = append(parts, "line "+txt.Commas(line))
	}
	where := s.path
	if s.ident != "" && len(s.ident) <= 120 && strings.Contains(s.path, "[") && !strings.Contains(s.path, `["`) {
		where += " in " + s.ident // an element, which its index does not name
	}
	if where != "" {
		parts = append(parts, where)
	}
	parts = append(parts, "kept for "+s.why)
	return "[…" + strings.Join(parts, ", ") + "…]"
}

// withJSONSignals is planAt's plan of text within limit, with the
// signals of text (chooseSignals') that it leaves out kept too, at their
// places: in the room the plan leaves, else planAt plans again in less.
// Without signals, or when none is left out, it is planAt's plan.
// signals returns jsonSignals(text); it is called only once planAt has
// accepted text.
func withJSONSignals(text string, limit int, signals func() []jsonSignal, planAt func(limit int) (plan, bool)) (plan, bool) {
	p, ok := planAt(limit)
	if !ok {
		return p, ok
	}
	sigs := signals()
	if len(sigs) == 0 {
		return p, ok
	}
	var spare []jsonSignal
	if k := slices.IndexFunc(sigs, func(s jsonSignal) bool { return s.spare }); k >= 0 {
		sigs, spare = sigs[:k], sigs[k:] // peakSignals' spares come last
	}
	// What the plan keeps as fill yields to the signals: one shown
	// there is not one the plan picked (of many alike failures, the one
	// a head run on to a clip's count shows), and it costs room.
	picked := slices.DeleteFunc(slices.Clone(p.items), func(it item) bool { return it.fill })
	if p.bare != nil && p.markerAt == len(p.items) {
		picked = p.bare
	}
	kept, total, failures := chooseSignals(text, sigs, limit, picked)
	done := func(p plan) (plan, bool) {
		// A spare is counted when kept: it is what the room left buys,
		// not a signal the plan was asked to keep.
		p, withSpares := withSpareSignals(text, p, kept, spare, limit)
		return withSignalCounts(p, sigs, withSpares, len(kept), total+len(withSpares)-len(kept), failures), true
	}
	reserve := 0
	for _, k := range kept {
		if !coveredBy(picked, k) {
			reserve += k.cost()
		}
	}
	if reserve == 0 {
		return done(p)
	}
	q := p
	switch {
	case itemsSize(p.items)+reserve <= limit:
	case itemsSize(picked)+reserve <= limit && p.bare != nil && p.markerAt == len(p.items):
		// What the room left bought gives it back: the plan without it.
		q.items, q.markerAt, q.bare = p.bare, len(p.bare), nil
	default: // no room left to spare: plan again in less
		if q, ok = planAt(limit - reserve); !ok {
			return done(p)
		}
	}
	items, markerAt, ok := mergeSignals(q.items, q.markerAt, kept, limit-itemsSize(q.items))
	if q.bare != nil && q.markerAt == len(q.items) {
		// A plan planned again may spend on fill the room its signals
		// need: without it, when that keeps more of them.
		covered := func(items []item) (n int) {
			for _, k := range kept {
				if coveredBy(items, k) {
					n++
				}
			}
			return n
		}
		b, bm, bok := mergeSignals(q.bare, len(q.bare), kept, limit-itemsSize(q.bare))
		if bok && itemsSize(b) <= limit && (!ok || itemsSize(items) > limit || covered(b) > covered(items)) {
			items, markerAt, ok = b, bm, true
		}
	}
	if !ok || itemsSize(items) > limit {
		return done(p)
	}
	// Planned again for something when more failures are kept, or as
	// many and more signals: a failure outweighs any rare member.
	var before, after [2]int // failures, then all
	for _, k := range kept {
		f := 0
		if k.failure {
			f = 1
		}
		if coveredBy(p.items, k) {
			before[0], before[1] = before[0]+f, before[1]+1
		}
		if coveredBy(items, k) {
			after[0], after[1] = after[0]+f, after[1]+1
		}
	}
	if after[0] < before[0] || after[0] == before[0] && after[1] <= before[1] {
		return done(p) // planned again for nothing
	}
	q.items, q.markerAt = items, markerAt
	return done(q)
}

// splitsNote reports whether mergeSignals would put k between a kept
// signal's note and its bytes: k lies in the gap before the range that
// note leads in.
func splitsNote(items []item, kept []keptSignal, k keptSignal) bool {
	r := slices.IndexFunc(items, func(it item) bool { return it.end > it.start && it.end > k.start })
	if r <= 0 || items[r].start < k.start || items[r-1].end > items[r-1].start {
		return false
	}
	return slices.ContainsFunc(kept, func(s keptSignal) bool { return s.note == items[r-1].note })
}

// spareMarkerRoom is what keeping spares may add to the marker (", 3 of
// 5 of a rare kind"): held back from their room, so that a plan they
// fill still fits with its marker and is not planned again in less.
const spareMarkerRoom = 40

// withSpareSignals returns p with those of the spare signals it does not
// keep yet put in at their places, in order, while they fit the room p
// leaves under limit, each whole or as its object cut to what it says,
// and none inside or around a kept one: what the plan would show next
// were it larger (a heap profile's second heaviest allocation site), at
// no cost to what it shows. It returns kept with the spares it keeps.
func withSpareSignals(text string, p plan, kept []keptSignal, spare []jsonSignal, limit int) (plan, []keptSignal) {
	room := limit - itemsSize(p.items) - spareMarkerRoom
	if len(spare) == 0 || room <= 0 {
		return p, kept
	}
	var add []keptSignal
	for _, s := range spare {
		k, ok := signalSpan(text, s, room, s.end-s.start)
		if !ok {
			k, ok = cutSignal(text, s, room)
		}
		if !ok || coveredBy(p.items, k) || overlapsAny(kept, k) || overlapsAny(add, k) || k.cost() > room || splitsNote(p.items, kept, k) {
			continue
		}
		k.answer = true // merged with the failures, in input order
		add = append(add, k)
		room -= k.cost()
	}
	if len(add) == 0 {
		return p, kept
	}
	items, markerAt, ok := mergeSignals(p.items, p.markerAt, add, limit-itemsSize(p.items))
	if !ok || itemsSize(items) > limit {
		return p, kept
	}
	p.items, p.markerAt = items, markerAt
	return p, append(slices.Clone(kept), add...)
}

// onceJSONSignals returns jsonSignals(text), read on the first call
// only: a row that plans one text twice (route's replanWide) finds its
// signals once, and a row that declines never looks for them.
func onceJSONSignals(text string) func() []jsonSignal {
	return sync.OnceValue(func() []jsonSignal { return jsonSignals(text) })
}

// withSignalCounts returns p with its marker telling how many of the
// failures and of the rare members (total signals, failures of them) its
// items show: the first chosen of kept index sigs, the signals
// chooseSignals was given, and the others are spares, counted when kept.
// A signal of sigs counts when it is kept as chosen, or when the items
// show its member all the same (signalMember): of eight alike failures
// chooseSignals leaves to the plan, the one whose object a digest shows
// whole is in the output, and a count of 0 would lie.
func withSignalCounts(p plan, sigs []jsonSignal, kept []keptSignal, chosen, total, failures int) plan {
	shown := make([]bool, len(sigs))
	keptFailures, keptRare := 0, 0
	for j, k := range kept {
		switch {
		case !coveredBy(p.items, k):
		case j < chosen:
			shown[k.sig] = true
		default:
			keptRare++ // a spare
		}
	}
	runs := verbatimRuns(p.items)
	for i, s := range sigs {
		if !shown[i] {
			shown[i] = runs.cover(signalMember(s))
		}
		if shown[i] && s.failure {
			keptFailures++
		} else if shown[i] {
			keptRare++
		}
	}
	var b strings.Builder
	if failures > 0 {
		b.WriteString(txt.Commas(keptFailures) + " of " + txt.Plural(failures, "failing member") + " kept")
	}
	if keptRare > 0 {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(txt.Commas(keptRare) + " of " + txt.Commas(total-failures) + " of a rare kind")
	}
	if b.Len() > 0 {
		p.what = b.String() + "; " + p.what
	}
	return p
}

// signalMember returns where s's member sits: the member whose value
// says failure, else the signalling member, else s itself (a rare
// member's object).
func signalMember(s jsonSignal) (start, end int) {
	switch {
	case s.wend > s.wstart:
		return s.wstart, s.wend
	case s.mend > s.mstart:
		return s.mstart, s.mend
	}
	return s.start, s.end
}

// runs are the stretches of input a plan's items write verbatim, each
// in one piece (coveredBy's), sorted by their starts; reach[i] is the
// furthest any of the first i+1 reaches.
type runs struct {
	spans [][2]int
	reach []int
}

// verbatimRuns returns the runs of items: ranges that follow each other
// and touch, with no note or line end of headroom's own between them.
func verbatimRuns(items []item) runs {
	var r runs
	open := false
	for _, it := range items {
		if it.end <= it.start {
			if it.note != "" {
				open = false
			}
			continue
		}
		if n := len(r.spans); open && r.spans[n-1][1] == it.start {
			r.spans[n-1][1] = it.end
		} else {
			r.spans = append(r.spans, [2]int{it.start, it.end})
		}
		open = it.note == "" && !it.eol
	}
	slices.SortFunc(r.spans, func(a, b [2]int) int { return a[0] - b[0] })
	r.reach = make([]int, len(r.spans))
	for i, s := range r.spans {
		r.reach[i] = s[1]
		if i > 0 {
			r.reach[i] = max(r.reach[i], r.reach[i-1])
		}
	}
	return r
}

// cover reports whether one run holds text[start:end].
func (r runs) cover(start, end int) bool {
	i, _ := slices.BinarySearchFunc(r.spans, start+1, func(s [2]int, t int) int { return s[0] - t })
	return i > 0 && r.reach[i-1] >= end
}

// coveredBy reports whether items keep text[k.start:k.end] verbatim as
// render writes them: by one range or by ranges that follow each other
// in items and touch, with no note or line end of headroom's own between
// them (an outline's element opened at its '{', then a clip's tail from
// inside it, holds every byte of the element but not as one piece).
func coveredBy(items []item, k keptSignal) bool {
	if len(k.cuts) > 0 { // kept when each piece is
		for _, p := range k.pieces() {
			if !coveredBy(items, keptSignal{start: p[0], end: p[1]}) {
				return false
			}
		}
		return true
	}
	at := -1 // the end of the verbatim run that holds k.start
	for _, it := range items {
		if it.end <= it.start {
			if at >= 0 && it.note != "" {
				return false
			}
			continue
		}
		switch {
		case at < 0 && (it.start > k.start || it.end <= k.start):
			continue
		case at >= 0 && it.start != at:
			return false
		}
		at = it.end
		if at >= k.end {
			return true
		}
		if it.note != "" || it.eol {
			return false
		}
	}
	return false
}

// mergeSignals returns items with the signals of sigs they do not keep
// put in at their places, within room more bytes: failures first, each
// in a note line and its bytes; the items inside one are dropped, and one
// that straddles its bounds keeps what lies outside it — a range that ends
// inside without the note or line end that followed it (what they told
// of is the signal's), one that starts inside with them. It returns the
// index the marker moves to, and false when items are not in input order.
func mergeSignals(items []item, markerAt int, sigs []keptSignal, room int) ([]item, int, bool) {
	prev := -1
	for _, it := range items {
		if it.end > it.start {
			if it.start < prev {
				return nil, 0, false
			}
			prev = it.start
		}
	}
	var add []keptSignal
	for _, failure := range []bool{true, false} {
		for _, k := range sigs {
			if (k.failure || k.answer) != failure || coveredBy(items, k) || k.cost() > room {
				continue
			}
			add = append(add, k)
			room -= k.cost()
		}
	}
	if len(add) == 0 {
		return items, markerAt, true
	}
	slices.SortFunc(add, func(a, b keptSignal) int { return a.start - b.start })
	// nextRange[i] is the start of the first range item from i on.
	nextRange := make([]int, len(items)+1)
	nextRange[len(items)] = -1
	for i := len(items) - 1; i >= 0; i-- {
		nextRange[i] = nextRange[i+1]
		if items[i].end > items[i].start {
			nextRange[i] = items[i].start
		}
	}
	out := make([]item, 0, len(items)+2*len(add))
	newMarker := -1
	open := -1 // the end of the last signal put in
	for i, it := range items {
		if i == markerAt {
			newMarker = len(out)
		}
		if it.end <= it.start {
			if n := nextRange[i]; n < 0 || n >= open {
				out = append(out, it) // not a note inside the signal
			}
			continue
		}
		// A range a signal cuts keeps what lies outside it.
		for it.start < it.end {
			if it.start < open {
				it.start = min(open, it.end)
				continue
			}
			if len(add) == 0 || add[0].start >= it.end {
				out = append(out, it)
				break
			}
			if add[0].start > it.start {
				out = append(out, item{start: it.start, end: add[0].start})
				it.start = add[0].start
			}
			out = append(out, signalItems(add[0])...)
			open = add[0].end
			add = add[1:]
		}
	}
	if newMarker < 0 {
		newMarker = len(out)
	}
	for _, k := range add {
		out = append(out, signalItems(k)...)
	}
	if markerAt >= len(items) {
		newMarker = len(out)
	}
	return out, newMarker, true
}

// signalItems are the items that keep k: its note, its bytes on lines of
// their own.
func signalItems(k keptSignal) []item {
	out := []item{noteLine(k.note)}
	for i, p := range k.pieces() {
		if i < len(k.cuts) {
			out = append(out, item{start: p[0], end: p[1], note: k.cuts[i].note, glue: true})
		} else {
			out = append(out, item{start: p[0], end: p[1], eol: k.eol})
		}
	}
	return out
}
