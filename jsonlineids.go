package headroom

import (
	"slices"
	"strings"
)

// A long event of a JSON-lines stream (cargo's 1.5 KB compiler message:
// a constant head of package and target, the rendered text, spans) keeps
// its start and its end; what names it — its message, its level, its
// code, its first span's line — sits in its middle. eventIDs finds those
// members by shape and by the stream's value statistics, no key list: a
// short scalar member (a string of at most idValueMax bytes, a number,
// true or false) whose value differs between the stream's events, the
// ones reached through no array first, then the shallowest, then the
// first in the line; only the first element of an array counts (the
// first span, not every one). A member that opens its object keeps the
// object's key too (`"code":{"code":"E0382"`), so the model reads whose
// member it is.

// idValueMax bounds a member's value that names an event.
const idValueMax = 160

// idMinLong is how many long events a stream needs for its value
// statistics.
const idMinLong = 4

// idSample is how many of a stream's long events are read for its value
// statistics.
const idSample = 64

// A lineMember is a scalar member of a one-line JSON event.
type lineMember struct {
	lead, end int // where it is kept from (its key, or its object's key) and where its value ends, in the line
	depth     int // its object's depth, from 1
	arrays    int // the arrays crossed to reach it
	path      uint64
	key       string // its own key, also when lead is its object's
	val       string
}

// eachLineMember calls f with each scalar member of l that sits in the
// first element of every array around it, in the order they appear. It
// stops at the first byte that is not JSON it can step over.
func eachLineMember(l string, f func(m lineMember)) {
	type frame struct {
		obj       bool
		first     bool // the first element of every array around it
		members   int  // an object's members read so far
		index     int  // an array's current element
		lead      int  // where its key starts when it is a member's value, else -1
		arrays    int
		path      uint64
		wantKey   bool
		key       string
		keyStart  int
		pathOfKey uint64
	}
	var stack []frame
	push := func(i int, obj bool) {
		f := frame{obj: obj, first: true, lead: -1, keyStart: -1, wantKey: obj, path: fnvOffset}
		if n := len(stack); n > 0 {
			p := &stack[n-1]
			f.first, f.arrays, f.path = p.first, p.arrays, p.path
			if p.obj && !p.wantKey && p.keyStart >= 0 {
				f.lead, f.path = p.keyStart, p.pathOfKey
			} else if !p.obj {
				f.first = p.first && p.index == 0
				f.arrays++
				f.path = pathStep(p.path, "[]")
			}
		}
		stack = append(stack, f)
	}
	emit := func(start, end int) {
		p := &stack[len(stack)-1]
		if !p.first || p.wantKey || p.keyStart < 0 {
			return
		}
		m := lineMember{lead: p.keyStart, end: end, depth: len(stack), arrays: p.arrays, path: p.pathOfKey, key: p.key, val: l[start:end]}
		if p.members == 0 && p.lead >= 0 {
			m.lead = p.lead
		}
		f(m)
	}
	for i := 0; i < len(l); {
		switch c := l[i]; c {
		case ' ', '\t', '\r', ':':
			i++
		case '{', '[':
			push(i, c == '{')
			i++
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			if len(stack) > 0 && stack[len(stack)-1].obj {
				stack[len(stack)-1].key = "" // a container value ends its member
			}
			i++
		case ',':
			if n := len(stack); n > 0 {
				if p := &stack[n-1]; p.obj {
					p.wantKey = true
					p.members++
				} else {
					p.index++
				}
			}
			i++
		case '"':
			end := jsonStringEnd(l, i)
			if end < 0 {
				return
			}
			if n := len(stack); n > 0 && stack[n-1].obj {
				p := &stack[n-1]
				if p.wantKey {
					p.key, p.keyStart, p.wantKey = l[i+1:end-1], i, false
					p.pathOfKey = pathStep(p.path, p.key)
				} else if p.key != "" {
					emit(i, end)
				}
			}
			i = end
		default:
			end := i + 1
			for end < len(l) && !jsonDelimiter[l[end]] {
				end++
			}
			if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].key != "" {
				emit(i, end)
			}
			i = end
		}
	}
}

// pathStep is the hash of path followed by key.
func pathStep(path uint64, key string) uint64 {
	h := (path ^ '/') * fnvPrime
	for i := 0; i < len(key); i++ {
		h = (h ^ uint64(key[i])) * fnvPrime
	}
	return h
}

// namingValue reports whether v, a member's value, could name an event:
// a short string, a number, true or false — not null, not empty.
func namingValue(v string) bool {
	return v != "null" && v != `""` && len(v) <= idValueMax
}

// eventIDs holds a stream's value statistics: per member path, whether
// its values differ between events.
type eventIDs struct {
	varies map[uint64]bool
	first  map[uint64]string
	// common is the prefix all the long events read share, up to the
	// start of the member it ends in; shown is set once a line has kept
	// it whole: the next ones keep only its first commonKeep bytes.
	common string
	shown  bool
	// members is ranges' scratch for a line's naming members, kept
	// between calls so that a stream's lines do not each grow their own.
	members []namingMember
	// named holds the naming members of each line ranges read, by the
	// line's offset: a line is asked for its ranges at its ends, for its
	// identity line and again by a second plan, and read once (a cargo
	// diagnostic is 1-6 KB of members).
	named map[int][]namingMember
}

// A namingMember is where a member that names its line sits (see
// lineMember): what ranges reads of it.
type namingMember struct {
	lead, end     int
	depth, arrays int32
}

// fresh returns ids as newEventIDs made them, for another plan: the
// statistics and the lines' naming members shared, nothing shown yet.
// Nil stays nil.
func (ids *eventIDs) fresh() *eventIDs {
	if ids == nil {
		return nil
	}
	return &eventIDs{varies: ids.varies, first: ids.first, common: ids.common, named: ids.named}
}

// commonKeep is how much of the prefix common to a stream's long events
// a line keeps once one line showed it whole.
const commonKeep = 64

// newEventIDs reads the value statistics of up to idSample of lines
// (events longer than long bytes), spread evenly over them.
func newEventIDs(s *lineSel, events []int, long int) *eventIDs {
	var longs []int
	for _, i := range events {
		if s.size(i) > long {
			longs = append(longs, i)
		}
	}
	if len(longs) < idMinLong {
		return nil // too few to tell the values that differ from those that name nothing
	}
	ids := &eventIDs{varies: map[uint64]bool{}, first: map[uint64]string{}, named: map[int][]namingMember{}}
	common := s.line(longs[0])
	for _, k := range spread(0, len(longs), idSample) {
		l := s.line(longs[k])
		common = common[:commonPrefix(common, l)]
		eachLineMember(l, func(m lineMember) {
			if !namingValue(m.val) || ids.varies[m.path] {
				return
			}
			// An event's own level that says it failed names it, though
			// every long event fails alike (rustc's errors among short
			// notes): the identity line says what each is.
			if t := failureTest(m.key); m.arrays == 0 && t != nil && t(m.val) {
				ids.varies[m.path] = true
				return
			}
			if v, ok := ids.first[m.path]; !ok {
				ids.first[m.path] = m.val
			} else if v != m.val {
				ids.varies[m.path] = true
			}
		})
	}
	// Back to the start of the member the prefix ends in.
	for n := len(common); n > 0; n-- {
		if c := common[n-1]; (c == ',' || c == '{') && n < len(common) && common[n] == '"' {
			ids.common = common[:n]
			break
		}
	}
	return ids
}

// ranges returns, in the line l at offset base, to be kept with its
// head text[base:h] and its tail text[t:…], the ranges that name it (at
// most room bytes of them), merged where they all but touch, and the
// head's and the tail's new bounds: a range that all but touches one
// joins it. Once a line showed the prefix common to the long events
// whole, a line that starts with it keeps its first commonKeep bytes and
// then half as much after it as its head kept of it.
func (ids *eventIDs) ranges(l string, base, h, t, room int) (int, int, [][2]int) {
	if ids == nil || room <= 0 {
		return h, t, nil
	}
	var out [][2]int
	if c := len(ids.common); ids.shown && h-base > commonKeep && c > commonKeep+room/4 && strings.HasPrefix(l, ids.common) && base+c < t {
		head := h - base
		h = base + commonKeep
		out = append(out, [2]int{base + c, min(t, base+c+(head-commonKeep)/2)})
	}
	cands := ids.members[:0]
	defer func() { ids.members = cands[:0] }()
	if named, ok := ids.named[base]; ok {
		cands = append(cands, named...)
	} else {
		eachLineMember(l, func(m lineMember) {
			if namingValue(m.val) && ids.varies[m.path] {
				cands = append(cands, namingMember{m.lead, m.end, int32(m.depth), int32(m.arrays)})
			}
		})
		ids.named[base] = slices.Clone(cands)
	}
	// A naming member the head or the tail would cut joins it whole.
	for _, m := range cands {
		if base+m.lead < h && h < base+m.end {
			h = base + m.end
		}
		if base+m.lead < t && t < base+m.end {
			t = base + m.lead
		}
	}
	cands = slices.DeleteFunc(cands, func(m namingMember) bool { return base+m.lead < h || base+m.end > t })
	// The event's own members, reached through no array, name it; its
	// parts (spans, children) only when it has none of its own.
	if slices.ContainsFunc(cands, func(m namingMember) bool { return m.arrays == 0 }) {
		cands = slices.DeleteFunc(cands, func(m namingMember) bool { return m.arrays > 0 })
	}
	slices.SortStableFunc(cands, func(a, b namingMember) int {
		if a.arrays != b.arrays {
			return int(a.arrays - b.arrays)
		}
		return int(a.depth - b.depth)
	})
	for _, m := range cands {
		c := m.end - m.lead
		if c > room {
			continue
		}
		room -= c
		out = append(out, [2]int{base + m.lead, base + m.end})
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	// Ranges that overlap (a member and its object's key) or lie closer
	// than a note would cost are kept as one.
	merged := out[:0]
	for _, r := range out {
		if n := len(merged); n > 0 && r[0]-merged[n-1][1] <= len(skipNote(r[0]-merged[n-1][1])) {
			merged[n-1][1] = max(merged[n-1][1], r[1])
			continue
		}
		merged = append(merged, r)
	}
	if len(merged) > 0 && merged[0][0]-h <= len(skipNote(merged[0][0]-h)) {
		h = merged[0][1]
		merged = merged[1:]
	}
	if n := len(merged); n > 0 && t-merged[n-1][1] <= len(skipNote(t-merged[n-1][1])) {
		t = merged[n-1][0]
		merged = merged[:n-1]
	}
	return h, t, merged
}

// midsSize is what a line cut to text[start:h], mids and text[t:next]
// renders to, with a glued note for each cut.
func midsSize(start, h, t, next int, mids [][2]int) int {
	c := (h - start) + (next - t)
	at := h
	for _, m := range mids {
		c += len(skipNote(m[0]-at)) + m[1] - m[0]
		at = m[1]
	}
	return c + len(skipNote(t-at))
}

// midsItems writes a line cut to text[start:h], mids and text[t:next].
func midsItems(items []item, start, h, t, next int, mids [][2]int) []item {
	at, from := h, start
	for _, m := range mids {
		items = append(items, item{start: from, end: at, note: skipNote(m[0] - at), glue: true})
		from, at = m[0], m[1]
	}
	items = append(items, item{start: from, end: at, note: skipNote(t - at), glue: true})
	return append(items, keepRange(t, next))
}

// cutMids returns the mids of line i cut to [h, t), start and end its
// bounds, on rune boundaries (a member's bounds are quotes or ASCII, so
// they are).
func (s *lineSel) cutMids(i, h, t int) (int, int, [][2]int) {
	if s.ids == nil {
		return h, t, nil
	}
	return s.ids.ranges(s.line(i), s.at(i), h, t, s.idRoom)
}

// pickIDs keeps of line i, a long event, only the ranges that name it:
// the event's identity line, `…[N bytes]…"message":"…","code":{"code":"E0609"…[N bytes]…`,
// where its ends would cost more than it can be given. It reports
// whether the line is kept: not when it would take the selection past
// to bytes, nor when its first headBytes and last tailBytes hold every
// member that names it (its ends, when kept, say as much).
func (s *lineSel) pickIDs(i, to, headBytes, tailBytes int) bool {
	if s.ids == nil || i < 0 || i >= s.n() || s.isKept(i) {
		return false
	}
	if s.endsName(i, headBytes, tailBytes) {
		return false
	}
	return s.pickIDLine(i, to)
}

// pickIDLine keeps of line i, a long event, its identity line (see
// idLine), if it has one and that takes the selection past neither its
// limit nor to bytes. It reports whether it kept it.
func (s *lineSel) pickIDLine(i, to int) bool {
	if s.ids == nil || i < 0 || i >= s.n() || s.isKept(i) {
		return false
	}
	start := s.at(i)
	h, t, mids, ok := s.idLine(i)
	if !ok {
		return false
	}
	c := midsSize(start, h, t, s.at(i+1), mids) + s.gapChange(i)
	if !s.fits(c) || s.used+c > to {
		return false
	}
	s.setKept(i)
	s.cutAt[i], s.tailAt[i], s.suffix[i], s.mids[i] = h, t, midNote(t-h, i), mids
	s.used += c
	return true
}

// endsName reports whether the first headBytes and the last tailBytes
// of line i, a long event, hold every member that names it.
func (s *lineSel) endsName(i, headBytes, tailBytes int) bool {
	start := s.at(i)
	end := start + len(s.line(i))
	_, _, mids := s.ids.ranges(s.line(i), start, start+headBytes, end-tailBytes, s.idRoom)
	return len(mids) == 0
}

// idLine returns the identity line of line i, a long event, as pickIDs
// keeps it: its head text[start:h], the ranges that name it and its tail
// text[t:…]; ok is false when it has none.
func (s *lineSel) idLine(i int) (h, t int, mids [][2]int, ok bool) {
	start := s.at(i)
	end := start + len(s.line(i))
	// The line's first and last bytes, its braces, stay: it reads as an object.
	h, t, mids = s.ids.ranges(s.line(i), start, start+1, end-1, s.idRoom)
	named := false // by a string, not by numbers alone
	for _, m := range mids {
		named = named || strings.Contains(s.text[m[0]:m[1]], `":"`)
	}
	if !named || t-h < midNoteMax {
		return 0, 0, nil, false
	}
	return h, t, mids, true
}
