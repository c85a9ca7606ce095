package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
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
	return ids.bodyRanges(l, base, h, t, room, 0, false)
}

// bodyRanges is ranges for an event kept with a body, its ends: past the
// members that name it, within bodyRoom more bytes, it keeps the opening
// of each of its own long strings (a rendered diagnostic's first lines,
// `error[E0277]: cannot multiply…\n  --> src/main.rs:66:42…`, where its
// ends hold the middle of an explanation), then its parts' strings (the
// first span's, the first child's), the most deeply nested first: the
// source line a diagnostic points at, `"text":"    let width: u32 =
// best.len();"`, each value once. When narrow, a head or a tail that
// would cut one of the event's own long strings keeps of it only its
// opening: the middle of an explanation or of a rendered snippet says
// less than the members past it, and other events' identity lines.
func (ids *eventIDs) bodyRanges(l string, base, h, t, room, bodyRoom int, narrow bool) (int, int, [][2]int) {
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
	var extra []lineMember // a body's: own long strings, parts' strings
	defer func() { ids.members = cands[:0] }()
	var parts []lineMember // naming strings reached through an array
	if named, ok := ids.named[base]; ok && bodyRoom <= 0 {
		cands = append(cands, named...)
	} else {
		eachLineMember(l, func(m lineMember) {
			switch {
			case namingValue(m.val) && ids.varies[m.path]:
				cands = append(cands, namingMember{m.lead, m.end, int32(m.depth), int32(m.arrays)})
				if bodyRoom > 0 && m.arrays > 0 && m.val[0] == '"' {
					parts = append(parts, m)
				}
			case bodyRoom <= 0 || m.val[0] != '"':
			case m.arrays == 0 && len(m.val) > idValueMax:
				end := m.end
				m.end = m.lead + openingEnd(l[m.lead:m.end], m.end-m.lead-len(m.val))
				extra = append(extra, m)
				if narrow && base+m.end < h && h < base+end {
					h = base + m.end
				}
				if narrow && base+m.lead < t && t < base+end-1 {
					t = base + end - 1
				}
			}
		})
		if !ok {
			ids.named[base] = slices.Clone(cands)
		}
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
		for _, m := range parts {
			if base+m.lead >= h && base+m.end <= t {
				extra = append(extra, m)
			}
		}
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
	if len(extra) > 0 {
		out = ids.bodyExtra(out, extra, base, h, t, bodyRoom)
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

// openingMax is how much of a long string's start a body keeps.
const openingMax = 80

// openingEnd is where the opening of member m — its key, then a long
// string starting at val — ends: after its second line (at the escaped
// newline that ends it: a rendered diagnostic's message and location)
// or openingMax bytes of the value, at a rune start and not inside an
// escape.
func openingEnd(m string, val int) int {
	end := min(len(m), val+openingMax)
	if k := strings.Index(m[val:end], `\n`); k >= 0 {
		if k2 := strings.Index(m[val+k+2:end], `\n`); k2 >= 0 {
			return val + k + 2 + k2
		}
	}
	end = txt.RuneStartAtOrBefore(m, end)
	for b := end; b > val && m[b-1] == '\\'; b-- {
		end = b - 1
	}
	return end
}

// bodyExtra appends to out, within room bytes, the ranges of extra (a
// body's members past those that name it, in line order) that lie
// between h and t: the openings of own long strings first, then the
// parts' strings, the most deeply nested first, each value once.
func (ids *eventIDs) bodyExtra(out [][2]int, extra []lineMember, base, h, t, room int) [][2]int {
	extra = slices.DeleteFunc(extra, func(m lineMember) bool { return base+m.lead < h || base+m.end > t })
	slices.SortStableFunc(extra, func(a, b lineMember) int {
		if (a.arrays == 0) != (b.arrays == 0) {
			if a.arrays == 0 {
				return -1
			}
			return 1
		}
		if va, vb := ids.varies[a.path], ids.varies[b.path]; va != vb {
			if va {
				return -1
			}
			return 1
		}
		return b.arrays - a.arrays
	})
	seen := map[string]bool{}
	for _, m := range extra {
		a, e := base+m.lead, base+m.end
		c := e - a + len(skipNote(1000))
		// What a kept range (the common prefix's continuation) already
		// holds costs nothing more.
		for _, r := range out {
			if a < r[1] && r[0] < e {
				c = e - a - (min(e, r[1]) - max(a, r[0]))
			}
		}
		if c > room || m.arrays > 0 && seen[m.val] {
			continue
		}
		seen[m.val] = true
		room -= c
		out = append(out, [2]int{base + m.lead, base + m.end})
	}
	return out
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
// they are). A narrow cut keeps of a long string the ends would cut
// only its opening (see bodyRanges); a wide one, the plan's last spend of
// its room, keeps the ends asked.
func (s *lineSel) cutMids(i, h, t int, narrow bool) (int, int, [][2]int) {
	if s.ids == nil {
		return h, t, nil
	}
	return s.ids.bodyRanges(s.line(i), s.at(i), h, t, s.idRoom, s.bodyRoom, narrow)
}

// bodyRoom is how many bytes of a long event kept with a body, past the
// members that name it, are kept for its long strings' openings and its
// parts' strings (see bodyRanges).
const bodyRoom = 180

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
