package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// cargoEvent is a compiler message shaped as cargo --message-format=json
// writes it: a constant head, a long rendered text, children and spans,
// the level and message, the code last.
func cargoEvent(level, msg, code string, line int) string {
	rendered := strings.Repeat(`warning text \n  |\n`, 30)
	return fmt.Sprintf(`{"reason":"compiler-message","package_id":"path+file:///home/dev/rs/inventory#0.1.0","manifest_path":"/home/dev/rs/inventory/Cargo.toml",`+
		`"target":{"kind":["lib"],"crate_types":["lib"],"name":"inventory","src_path":"/home/dev/rs/inventory/src/lib.rs","edition":"2024"},`+
		`"message":{"rendered":"%s","$message_type":"diagnostic","children":[{"children":[],"code":null,"level":"help","message":"remove it","spans":[]}],`+
		`"level":"%s","message":"%s","spans":[{"byte_end":%d,"byte_start":%d,"file_name":"src/lib.rs","line_start":%d,"text":[{"text":"%s"}]},{"byte_end":1,"line_start":1}],`+
		`"code":{"code":"%s","explanation":"%s"}}}`,
		rendered, level, msg, line*40+9, line*40, line, strings.Repeat("x", 120), code, strings.Repeat("long explanation ", 20))
}

func TestEventIDsNameALongEventByItsVaryingMembers(t *testing.T) {
	var b strings.Builder
	for k := range 12 {
		b.WriteString(cargoEvent("warning", fmt.Sprintf("unused variable: `v%d`", k), "unused_variables", 10+k) + "\n")
	}
	b.WriteString(cargoEvent("error", "borrow of moved value: `item`", "E0382", 27) + "\n")
	text := b.String()
	s := newLineSel(text, len(text), countGaps(len(text)))
	events, ok := jsonLinesEvents(s)
	if !ok {
		t.Fatal("not a JSON-lines stream")
	}
	ids := newEventIDs(s, events, idLong)
	if ids == nil {
		t.Fatal("no value statistics")
	}
	l := s.line(events[12])
	_, _, mids := ids.ranges(l, 0, 0, len(l), idRoom)
	var got []string
	for _, m := range mids {
		got = append(got, l[m[0]:m[1]])
	}
	all := strings.Join(got, " | ")
	for _, want := range []string{`"level":"error","message":"borrow of moved value: ` + "`item`" + `"`, `"code":{"code":"E0382"`} {
		if !strings.Contains(all, want) {
			t.Errorf("identity ranges %q lack %q", all, want)
		}
	}
	for _, no := range []string{`"reason":`, `"package_id":`, `"name":"inventory"`, `"byte_end":1,`} {
		if strings.Contains(all, no) {
			t.Errorf("identity ranges %q keep %q, a member that names no event (constant, or past an array's first element)", all, no)
		}
	}
}

// A diagnostic kept with a body, its ends narrow, keeps of its long
// strings their openings, not their middles nor their ends (an
// explanation's last lines), and past the members that name it the
// source line its first span points at.
func TestBodyRangesKeepOpeningsAndTheSpanText(t *testing.T) {
	var b strings.Builder
	for k := range 12 {
		b.WriteString(cargoEvent("warning", fmt.Sprintf("unused variable: `v%d`", k), "unused_variables", 10+k) + "\n")
	}
	b.WriteString(strings.Replace(cargoEvent("error", "borrow of moved value: `item`", "E0382", 27), strings.Repeat("x", 120), "        self.items.insert(key, item);", 1) + "\n")
	text := b.String()
	s := newLineSel(text, len(text), countGaps(len(text)))
	events, _ := jsonLinesEvents(s)
	ids := newEventIDs(s, events, idLong)
	if ids == nil {
		t.Fatal("no value statistics")
	}
	l := s.line(events[12])
	h, tail, mids := ids.bodyRanges(l, 0, 400, len(l)-200, idRoom, bodyRoom, true)
	kept := l[:h]
	size := 0
	for _, m := range mids {
		if m[0] < h || m[1] > tail {
			t.Fatalf("range [%d,%d) outside the cut [%d,%d)", m[0], m[1], h, tail)
		}
		kept += " | " + l[m[0]:m[1]]
		size += m[1] - m[0]
	}
	kept += " | " + l[tail:]
	if size > idRoom+bodyRoom {
		t.Errorf("ranges take %d bytes, over %d", size, idRoom+bodyRoom)
	}
	for _, want := range []string{`"level":"error","message":"borrow of moved value: ` + "`item`" + `"`, `"text":"        self.items.insert(key, item);"`, `"explanation":"long explanation `} {
		if !strings.Contains(kept, want) {
			t.Errorf("body %q lacks %q", kept, want)
		}
	}
	if h >= 400 || strings.Contains(l[tail:], "long explanation") {
		t.Errorf("ends [0,%d) and [%d,%d) keep a long string's middle or end: %q", h, tail, len(l), kept)
	}
	// Asked for by name, not narrow, the ends are what was asked.
	if h, tail, _ := ids.bodyRanges(l, 0, 400, len(l)-200, idRoom, bodyRoom, false); h != 400 || tail != len(l)-200 {
		t.Errorf("wide cut moved the ends to %d and %d", h, tail)
	}
}

// A long event cut in its middle keeps, between its head and its tail,
// ranges that are whole members of that line, in order, apart from each
// other and from the ends; the plan holds its limit.
func TestJSONLinesMidRangesAreMembersOfTheirLine(t *testing.T) {
	mids := 0
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(5, 60).Draw(rt, "events")
		codes := []string{"E0308", "unused_variables", "unused_mut", "E0382"}
		var b strings.Builder
		for k := range n {
			level := rapid.SampledFrom([]string{"warning", "warning", "error"}).Draw(rt, "level")
			msg := strings.Repeat("m", rapid.IntRange(1, 150).Draw(rt, "msg")) + fmt.Sprint(k)
			b.WriteString(cargoEvent(level, msg, rapid.SampledFrom(codes).Draw(rt, "code"), rapid.IntRange(1, 999).Draw(rt, "line")) + "\n")
		}
		text := b.String()
		limit := rapid.IntRange(1000, len(text)).Draw(rt, "limit")
		p, ok := planJSONLines(text, limit)
		if !ok {
			return
		}
		if got := itemsSize(p.items); got > limit {
			rt.Fatalf("plan is %d bytes, over its limit %d", got, limit)
		}
		inCut := false // a failure cut to what it says: pieces of its own (jsoncutobject.go)
		for k, it := range p.items {
			if it.start == it.end && strings.Contains(it.note, "cut to what it says") {
				inCut = true
				continue
			}
			if inCut {
				inCut = it.glue
				continue
			}
			if !it.glue || k == 0 || !p.items[k-1].glue {
				continue
			}
			// A middle range: after a glued piece of the same line.
			mids++
			prev := p.items[k-1]
			if it.start <= prev.end || strings.Contains(text[prev.end:it.end], "\n") {
				rt.Fatalf("middle range [%d,%d) is not after [%d,%d) on its line", it.start, it.end, prev.start, prev.end)
			}
			// Whole members, or a body's opening of a long string: its key
			// and its first bytes.
			r, next := text[it.start:it.end], text[it.end]
			opening := false
			if q := strings.LastIndex(r, `":"`); q > 0 {
				opening = jsonStringEnd(text, it.start+q+2) > it.end
			}
			if !strings.HasPrefix(r, `"`) || next != ',' && next != '}' && next != ']' && !opening {
				rt.Fatalf("middle range %q is not whole members", r)
			}
		}
	})
	if mids == 0 {
		t.Error("no plan kept a middle range")
	}
}

// At a budget that holds few long events' ends, the events not kept
// whole keep their identity lines: each one's message and code.
func TestJSONLinesKeepIdentityLinesOfLongEvents(t *testing.T) {
	var b strings.Builder
	for k := range 20 {
		b.WriteString(cargoEvent("warning", fmt.Sprintf("unused variable: `v%d`", k), "unused_variables", 10+k) + "\n")
	}
	b.WriteString(`{"reason":"build-finished","success":false}` + "\n")
	text := b.String()
	p, ok := planJSONLines(text, 6000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{tokens: len(text)})
	named := 0
	for k := range 20 {
		if strings.Contains(out, fmt.Sprintf(`"message":"unused variable: `+"`v%d`"+`"`, k)) {
			named++
		}
	}
	if named < 10 {
		t.Errorf("%d of 20 events named at 6,000 bytes, want 10 or more (their ends alone name none):\n%s", named, out)
	}
}

func FuzzEachLineMember(f *testing.F) {
	f.Add(cargoEvent("error", "borrow of moved value", "E0382", 27))
	f.Add(`{"a":[{"b":1},{"c":2}],"d":{"e":"f"}}`)
	f.Add(`{"a":"\u00e9\"","b":[1,2,{"c":null}]`)
	f.Add(`}}]]{"a":`)
	f.Fuzz(func(t *testing.T, l string) {
		eachLineMember(l, func(m lineMember) {
			if m.lead < 0 || m.lead >= m.end || m.end > len(l) || l[m.lead] != '"' || !strings.HasSuffix(l[:m.end], m.val) {
				t.Fatalf("member [%d,%d) val %q out of line %q", m.lead, m.end, m.val, l)
			}
		})
	})
}

// A stream whose events are all kept cut in their middles spends the
// room its picks leave on them: not a quarter of the budget unused.
func TestJSONLinesWidenCutEventsIntoTheRoomLeft(t *testing.T) {
	var b strings.Builder
	for k := range 14 {
		b.WriteString(cargoEvent("warning", fmt.Sprintf("unused variable: `v%d`", k), "unused_variables", 10+k) + "\n")
	}
	text := b.String()
	const limit = 16000
	p, ok := planJSONLines(text, limit)
	if !ok {
		t.Fatal("declined")
	}
	if got := itemsSize(p.items); got < limit*3/4 || got > limit {
		t.Errorf("plan is %d bytes of a %d-byte stream at limit %d, want 3/4 of the limit or more", got, len(text), limit)
	}
}

// Room left once every diagnostic is named goes first to bodies for the
// rarest of them: errors too many to count as rare (three among twenty)
// each show the source line their span points at, before the warnings'
// bodies are widened.
func TestJSONLinesRoomLeftWidensTheRarestFirst(t *testing.T) {
	var b strings.Builder
	for k := range 17 {
		b.WriteString(cargoEvent("warning", fmt.Sprintf("unused variable: `v%d`", k), "unused_variables", 10+k) + "\n")
		if k%6 == 2 {
			src := fmt.Sprintf("    let width%d: u8 = items.len();", k)
			b.WriteString(strings.Replace(cargoEvent("error", "mismatched types", "E0308", 40+k), strings.Repeat("x", 120), src, 1) + "\n")
		}
	}
	text := b.String()
	for _, limit := range []int{5000, 8000} {
		p, ok := planJSONLines(text, limit)
		if !ok {
			t.Fatal("declined")
		}
		out := render(text, p, marker{tokens: len(text)})
		for k := 2; k < 17; k += 6 {
			if want := fmt.Sprintf(`"text":"    let width%d: u8 = items.len();"`, k); !strings.Contains(out, want) {
				t.Errorf("at %d bytes the error's body lacks %s:\n%s", limit, want, out)
			}
		}
	}
}
