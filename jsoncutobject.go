package headroom

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// A failure's object too large for its room (gcc's 1 KB diagnostic, whose
// note child, fixit and locations fill it) is kept cut to what it says
// rather than by its failing member alone: its members verbatim, but the
// values that do not fit, each summarised in place by its size
// (`"children": [[…1 array element, 380 bytes…]]`), so that its message,
// file and line survive wherever the tool puts them.

// A signalCut is a value a kept signal leaves out, text[start:end], and
// the note written in its place.
type signalCut struct {
	start, end int
	note       string
}

// An objectMember is one member of an object: its key opens at key, its
// value is text[val:vend].
type objectMember struct{ key, val, vend int }

// objectMembers returns the members of the object that opens at
// text[open] and the index of its closing brace, or false when no well
// formed object closes before limit.
func objectMembers(text string, open, limit int) ([]objectMember, int, bool) {
	var out []objectMember
	i := skipSpace(text, open+1)
	if i < limit && text[i] == '}' {
		return nil, i, true
	}
	for i < limit && text[i] == '"' {
		kend := jsonStringEnd(text, i)
		if kend < 0 || kend >= limit {
			return nil, 0, false
		}
		j := skipSpace(text, kend)
		if j >= limit || text[j] != ':' {
			return nil, 0, false
		}
		v := skipSpace(text, j+1)
		vend, ok := jsonValueSpan(text, v, limit)
		if !ok {
			return nil, 0, false
		}
		out = append(out, objectMember{key: i, val: v, vend: vend})
		i = skipSpace(text, vend)
		if i >= limit {
			return nil, 0, false
		}
		switch text[i] {
		case '}':
			return out, i, true
		case ',':
			i = skipSpace(text, i+1)
		default:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// jsonValueSpan returns the end of the value that starts at text[v], when
// it ends before limit: a string, an object or array closed by its own
// bracket, or a number or literal.
func jsonValueSpan(text string, v, limit int) (int, bool) {
	if v >= limit {
		return 0, false
	}
	var end int
	switch c := text[v]; c {
	case '"':
		end = jsonStringEnd(text, v)
	case '{', '[':
		end = valueEnd(text, v)
		if end > limit || text[end-1] != c+2 { // '{'+2 is '}', '['+2 is ']'
			return 0, false
		}
	default:
		end = valueEnd(text, v)
		if end == v {
			return 0, false
		}
	}
	return end, end > v && end <= limit
}

// valueChildren returns the elements of the array, or the members (from
// their keys) of the object, text[v:vend], or false when they cannot be
// told apart.
func valueChildren(text string, v, vend int) ([][2]int, bool) {
	if text[v] == '{' {
		ms, _, ok := objectMembers(text, v, vend)
		var out [][2]int
		for _, m := range ms {
			out = append(out, [2]int{m.key, m.vend})
		}
		return out, ok
	}
	var out [][2]int
	i := skipSpace(text, v+1)
	if i < vend && text[i] == ']' {
		return nil, true
	}
	for i < vend {
		e, ok := jsonValueSpan(text, i, vend)
		if !ok {
			return nil, false
		}
		out = append(out, [2]int{i, e})
		i = skipSpace(text, e)
		if i >= vend {
			return nil, false
		}
		if text[i] == ']' {
			return out, true
		}
		if text[i] != ',' {
			return nil, false
		}
		i = skipSpace(text, i+1)
	}
	return nil, false
}

// valueCut returns how the value text[v:vend] is left out: its inside,
// between its brackets or quotes, and the note that says what it held.
func valueCut(text string, v, vend int) signalCut {
	c := signalCut{start: v + 1, end: vend - 1}
	if text[v] == '"' {
		c.note = "[…" + sizeText(c.end-c.start) + "…]"
		return c
	}
	if elems, ok := valueChildren(text, v, vend); ok && len(elems) > 0 {
		c.note = valueSummary(text, elems, text[v] == '[', false)
	} else {
		c.note = "[…" + sizeText(c.end-c.start) + "…]"
	}
	return c
}

// cutOpenings bounds the values cutObject opens, one at a time: the work
// a signal costs stays proportional to its room.
const cutOpenings = 64

// cutObject returns the failure s's object kept cut to what it says,
// within room: its members verbatim, the failing one whole (or, a field
// that holds the failing member, opened), the others' values each
// summarised in place by valueCut, then opened as room allows, breadth
// first and the cheapest first at each depth — a string shown whole, an
// object or array shown with its own values summarised in turn, each
// then opened the same way — so that the short members that say what and
// where (a message, a file, a line, a nested code) come before long texts
// and bulky lists, wherever they sit; an answer with its member (a peak's record) is cut alike. It is false when s is neither, its member is not one of
// its object's, or the cut keeps the whole object.
func cutObject(text string, s jsonSignal, room int) (keptSignal, bool) {
	return cutObjectOpening(text, s, room, cutOpenings)
}

// cutObjectOpening is cutObject opening at most openings values; with
// none, every value that can be is left out, its strings without a head:
// the least a cut keeps.
func cutObjectOpening(text string, s jsonSignal, room, openings int) (keptSignal, bool) {
	if !s.failure && !s.answer || s.mend <= s.mstart || s.end > len(text) {
		return keptSignal{}, false
	}
	open := s.start
	if text[open] == '"' { // a member: the object is its value
		kend := jsonStringEnd(text, open)
		if kend < 0 {
			return keptSignal{}, false
		}
		if open = skipSpace(text, kend); open >= s.end || text[open] != ':' {
			return keptSignal{}, false
		}
		open = skipSpace(text, open+1)
	}
	if open >= s.end || text[open] != '{' {
		return keptSignal{}, false
	}
	members, closing, ok := objectMembers(text, open, s.end)
	if !ok || closing != s.end-1 || len(members) < 2 {
		return keptSignal{}, false
	}
	failing := slices.IndexFunc(members, func(m objectMember) bool { return m.key == s.mstart })
	if failing < 0 {
		return keptSignal{}, false
	}
	start, end := cutObjectLine(text, s.start, s.end)
	note := signalNote(s, s.line)
	note = note[:len(note)-len("…]")] + ", cut to what it says…]"
	k := keptSignal{start: start, end: end, failure: s.failure, answer: s.answer, note: note, eol: text[end-1] != '\n'}
	// An object that holds a member of the failing member's key is a
	// record of its own kind nested in the failure (gcc's note child,
	// rustc's help): opened after the failure's own values, its depth
	// counted past theirs.
	at := members[failing].key
	if s.wend > s.wstart {
		at = s.wstart
	}
	failKey := text[at:max(at, jsonStringEnd(text, at))]
	subDepth := func(v, vend int) int {
		if text[v] != '{' {
			return 0
		}
		ms, _, _ := objectMembers(text, v, vend)
		for _, m := range ms {
			if strings.HasPrefix(text[m.key:], failKey) {
				return cutSubDepth
			}
		}
		return 0
	}
	cuts, ok := cutMembers(text, members, failing, subDepth, room-k.cost(), openings, false)
	if !ok {
		return keptSignal{}, false
	}
	k.cuts = cuts
	return k, true
}

// cutMembers returns the cuts that keep the object of members as
// cutObject describes, its member failing (-1: none) kept whole or, when
// it holds values, opened, in left bytes fewer than the object whole
// costs (left is negative when it does not fit whole). subDepth adds to the depth a value is
// opened at. longLast opens the strings longer than cutShortString after
// every other value, whatever their depth: an element cut for what it
// says (cutElement) shows its diagnostics before its page's source. It
// is false when nothing can be left out, when the cuts leave more than
// left bytes, or when every value opens after all.
func cutMembers(text string, members []objectMember, failing int, subDepth func(v, vend int) int, left, openings int, longLast bool) ([]signalCut, bool) {
	order := func(c cutCandidate) int {
		if longLast && text[c.v] == '"' && c.grow > cutShortString {
			return cutSubDepth<<40 | c.grow
		}
		return cutOrder(text, c)
	}
	cuts := map[int]signalCut{} // by the value's start
	var closed []cutCandidate   // the values cut, which may be opened
	// opening returns what the cuts of the values the value v holds save:
	// cut has each one cut.
	opening := func(v, vend, depth int, cut func(signalCut)) int {
		saved := 0
		for _, e := range valueValues(text, v, vend) {
			if c, ok := cuttable(text, e[0], e[1]); ok {
				saved += c.end - c.start - len(c.note)
				if cut != nil {
					cut(c)
					closed = append(closed, cutCandidate{e[0], e[1], 0, depth + 1 + subDepth(e[0], e[1])})
				}
			}
		}
		return saved
	}
	cutAll := func(v, vend, depth int) { // v's values cut, each a candidate
		from := len(closed)
		opening(v, vend, depth, func(c signalCut) { cuts[c.start-1] = c })
		for i := from; i < len(closed); i++ {
			o := &closed[i]
			c := cuts[o.v]
			o.grow = c.end - c.start - len(c.note) - opening(o.v, o.vend, 0, nil)
		}
	}
	for i, m := range members {
		if i == failing {
			continue
		}
		if c, ok := cuttable(text, m.val, m.vend); ok {
			cuts[m.val] = c
			closed = append(closed, cutCandidate{m.val, m.vend, c.end - c.start - len(c.note) - opening(m.val, m.vend, 0, nil), 1 + subDepth(m.val, m.vend)})
		}
	}
	if failing >= 0 {
		if fm := members[failing]; text[fm.val] == '{' || text[fm.val] == '[' {
			cutAll(fm.val, fm.vend, 0) // a field that holds the failure: opened, its own failing member shown
		}
	}
	if len(cuts) == 0 {
		return nil, false // nothing to leave out: the object is whole
	}
	for _, c := range cuts {
		left -= len(c.note) - (c.end - c.start)
	}
	if left < 0 {
		return nil, false
	}
	for range openings {
		best := -1
		for i, o := range closed {
			if o.grow <= left && (best < 0 || order(o) < order(closed[best])) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		o := closed[best]
		closed = slices.Delete(closed, best, best+1)
		delete(cuts, o.v)
		left -= o.grow
		if text[o.v] != '"' {
			cutAll(o.v, o.vend, o.depth)
		}
	}
	if len(cuts) == 0 {
		return nil, false // whole after all: signalSpan's to keep
	}
	// What room is left shows the heads of the strings still cut, the
	// shallowest first (a stack's first line, the error it names).
	slices.SortStableFunc(closed, func(a, b cutCandidate) int { return a.depth - b.depth })
	for _, o := range closed {
		c, ok := cuts[o.v]
		if !ok || text[o.v] != '"' || openings == 0 {
			continue
		}
		for try := range 2 { // the note's digits may grow or shrink; a second try settles it
			head := min(c.start+left-4*try, c.end) // a note as long as the one it replaces, then 4 bytes longer
			for head > c.start && !utf8.RuneStart(text[head]) {
				head--
			}
			if head-c.start < cutHeadLeast {
				break
			}
			n := signalCut{start: head, end: c.end, note: "…[" + sizeText(c.end-head) + "]…"}
			if n.end-n.start <= len(n.note) {
				break
			}
			if grow := (head - c.start) + len(n.note) - len(c.note); grow <= left {
				cuts[o.v], left = n, left-grow
				break
			}
		}
	}
	out := slices.Collect(maps.Values(cuts))
	slices.SortFunc(out, func(a, b signalCut) int { return a.start - b.start })
	return out, true
}

// A cutCandidate is a value a cut leaves out and may open: text[v:vend],
// at depth (1 for the object's own members), whose opening adds grow
// bytes.
type cutCandidate struct{ v, vend, grow, depth int }

// cutSubDepth is the depth a record nested in a failure counts for.
const cutSubDepth = 1 << 10

// cutShortString is the longest string a cut opens before the other
// values at its depth: a message, a file, a code, not a rendered text.
const cutShortString = 160

// cutOrder is the order in which cutObject opens the value at text[v]:
// breadth first, at each depth the short strings first, then the
// cheapest, by grow, the bytes opening it adds.
func cutOrder(text string, c cutCandidate) int {
	long := 1
	if text[c.v] == '"' && c.grow <= cutShortString {
		long = 0
	}
	return (c.depth*2+long)<<32 | c.grow
}

// cutHeadLeast is the shortest head of a string a cut shows: less says
// nothing.
const cutHeadLeast = 24

// cutLeadMax bounds what a cut object keeps of its line around it.
const cutLeadMax = 32

// cutObjectLine returns the span a cut object text[start:end] keeps: its whole
// lines (linedSpan), or, when the object stands inside a short document
// of one line (mocha's `["fail",{…}]`), that line.
func cutObjectLine(text string, start, end int) (int, int) {
	ls, le := linedSpan(text, start, end)
	if ls != start || le != end {
		return ls, le
	}
	// The line's start and end are looked for within cutLeadMax bytes and
	// one more, never further: a one-line document of 10 MB read to its
	// ends for each signal grew with the square of the input.
	ls, le = start, end
	for lo := max(0, start-cutLeadMax-1); ls > lo && text[ls-1] != '\n'; {
		ls--
	}
	for hi := min(len(text), end+cutLeadMax+1); le < hi && text[le] != '\n'; {
		le++
	}
	if (ls > 0 && text[ls-1] != '\n') || (le < len(text) && text[le] != '\n') {
		return start, end
	}
	if start-ls > cutLeadMax || le-end > cutLeadMax {
		return start, end
	}
	return ls, min(le+1, len(text))
}

// cuttable returns how the value text[v:vend] is cut (valueCut) when it
// is a string, an object or an array its note would shorten.
func cuttable(text string, v, vend int) (signalCut, bool) {
	if c := text[v]; c != '"' && c != '{' && c != '[' {
		return signalCut{}, false // a number or a literal is never cut
	}
	c := valueCut(text, v, vend)
	return c, c.end-c.start > len(c.note)
}

// valueValues returns the values the array or object text[v:vend] holds
// (an object's without their keys).
func valueValues(text string, v, vend int) [][2]int {
	elems, _ := valueChildren(text, v, vend)
	if text[v] == '{' {
		for i, e := range elems {
			elems[i][0] = skipSpace(text, skipSpace(text, jsonStringEnd(text, e[0]))+1)
		}
	}
	return elems
}

// failureText returns the member that says most of what a failure is:
// of the object that holds its failing member (a record's field, where
// the failure is a field's), the longest string member no longer than
// cutShortString but that member — gcc's "message", cargo's
// "message":"mismatched types" — and false when there is none.
func failureText(text string, s jsonSignal) (int, int, bool) {
	open, word := s.start, s.mstart
	if s.wend > s.wstart { // the record's field, opened
		open, word = s.mstart, s.wstart
	}
	if open >= len(text) || s.end > len(text) {
		return 0, 0, false
	}
	if text[open] == '"' { // a member: its value
		kend := jsonStringEnd(text, open)
		if kend < 0 {
			return 0, 0, false
		}
		open = skipSpace(text, skipSpace(text, kend)+1)
	}
	if open >= len(text) || text[open] != '{' {
		return 0, 0, false
	}
	members, _, ok := objectMembers(text, open, s.end)
	if !ok {
		return 0, 0, false
	}
	best := -1
	for i, m := range members {
		if m.key != word && text[m.val] == '"' && m.vend-m.val <= cutShortString && (best < 0 || m.vend-m.val > members[best].vend-members[best].val) {
			best = i
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return members[best].key, members[best].vend, true
}
