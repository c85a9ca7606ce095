package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// rareKeyEvents returns lines as a stream's line selection and its
// events.
func rareKeyEvents(lines []string) (*lineSel, []int) {
	s := newLineSel(strings.Join(lines, "\n")+"\n", 0, countGaps(0))
	events := make([]int, len(lines))
	for i := range events {
		events[i] = i
	}
	return s, events
}

// A member key few events hold marks them, at the top level or one
// below; one all hold, or one nested deeper, marks none.
func TestRareMemberKeys(t *testing.T) {
	var lines []string
	for i := range 40 {
		extra := ""
		switch i {
		case 7:
			extra = `,"error":"disk full"`
		case 20, 30:
			extra = `,"o":{"replaced_by":"x"}`
		case 25:
			extra = `,"args":[{"deep":1}]`
		}
		lines = append(lines, fmt.Sprintf(`{"level":"info","msg":"step %d","o":{"a":%d}%s}`, i, i, extra))
	}
	s, events := rareKeyEvents(lines)
	rar := rareMemberKeys(s, events)
	if len(rar) != len(events) {
		t.Fatalf("rareMemberKeys = %v, want one count per event", rar)
	}
	for e, r := range rar {
		want := len(events)
		switch e {
		case 7:
			want = 1
		case 20, 30:
			want = 2
		case 25:
			want = 1 // "args" itself is rare; "deep" is below the depth read
		}
		if r != want {
			t.Errorf("event %d: rar %d, want %d", e, r, want)
		}
	}
}

// Keys that differ on every event name them (one command a line): none
// is rare, and the members below them still are.
func TestRareMemberKeysNamesAreNotRare(t *testing.T) {
	var lines []string
	for i := range 30 {
		extra := ""
		if i == 12 {
			extra = `,"subcommands":{}`
		}
		lines = append(lines, fmt.Sprintf(`{"cmd%d":{"summary":"s","since":"1.0"%s}}`, i, extra))
	}
	s, events := rareKeyEvents(lines)
	rar := rareMemberKeys(s, events)
	for e, r := range rar {
		want := len(events)
		if e == 12 {
			want = 1
		}
		if r != want {
			t.Errorf("event %d: rar %d, want %d", e, r, want)
		}
	}
	var same []string
	for range 20 {
		same = append(same, `{"a":1,"b":{"c":2}}`)
	}
	s, events = rareKeyEvents(same)
	if rar := rareMemberKeys(s, events); rar != nil {
		t.Errorf("rareMemberKeys of alike events = %v, want nil", rar)
	}
}

// appendShallowKeys reads keys at depths 1 and 2 only, never text
// inside a string.
func TestAppendShallowKeys(t *testing.T) {
	l := `{"a":1,"b":{"c":"{\"x\":1}","d":[{"e":2}]},"f":["g:"]}`
	var got []string
	for _, k := range appendShallowKeys(nil, l) {
		got = append(got, fmt.Sprintf("%d%s", k.depth, k.key))
	}
	want := []string{`1"a"`, `1"b"`, `2"c"`, `2"d"`, `1"f"`}
	if !slices.Equal(got, want) {
		t.Errorf("appendShallowKeys = %q, want %q", got, want)
	}
}

// The stream planner keeps the one event holding a rare member whose
// value and kind values are like all the others'.
func TestJSONLinesKeepsRareMemberKey(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		extra := ""
		if i == 97 {
			extra = `,"replaced_by":"NEWCMD"`
		}
		fmt.Fprintf(&b, `{"type":"command","name":"cmd%03d","doc":{"summary":"%s"%s}}`+"\n", i, strings.Repeat("w", 80), extra)
	}
	text := b.String()
	p, ok := planJSONLines(text, 4000)
	if !ok {
		t.Fatal("planJSONLines declined")
	}
	if out := render(text, p, marker{what: p.what, hint: p.hint}); !strings.Contains(out, `"replaced_by":"NEWCMD"`) {
		t.Errorf("the event with the rare member is dropped:\n%s", out)
	}
}

// appendShallowKeys never panics, gives keys that are quoted pieces of
// its line, at depth 1 or 2, and reads a flat event token by token to
// the keys its byte-by-byte walk reads.
func FuzzShallowKey(f *testing.F) {
	f.Add(`{"a":{"b":1}}`)
	f.Add(`{"a":"\`)
	f.Add(`}}{"a":[`)
	f.Add(`{"a":1,"b":"x","c":true}`)
	f.Add(`{"a":1 ,"b":{"c":2},"d":"\"}"}`)
	f.Add(`{"a":"x","b":[1,{"c":2}],"e":null}`)
	f.Fuzz(func(t *testing.T, l string) {
		got := appendShallowKeys(nil, l)
		if walked := appendNestedKeys(nil, l[:min(len(l), rareKeyScan)], 0, 0); !slices.Equal(got, walked) {
			t.Fatalf("appendShallowKeys(%q) = %v, byte by byte %v", l, got, walked)
		}
		for _, k := range got {
			if k.depth < 1 || k.depth > rareKeyDepth || len(k.key) < 2 || k.key[0] != '"' || k.key[len(k.key)-1] != '"' || !strings.Contains(l, k.key) {
				t.Fatalf("appendShallowKeys(%q) gives %d %q", l, k.depth, k.key)
			}
		}
	})
}

// A flat event's keys read token by token are those the byte-by-byte
// walk reads, blanks, nesting and escapes wherever they fall.
func TestAppendShallowKeysFlatAsWalked(t *testing.T) {
	for _, l := range []string{
		`{"time":"t","level":"INFO","msg":"a \"b\" {c}","n":12,"ok":true}`,
		`{"a":1,"b":{"c":2,"d":[{"e":3}]},"f":"g"}`,
		`{"a": 1, "b": "x"}`,
		`{"a":1 , "b":2}`,
		`{"a":"x\\","b":2}`,
		`{"a":1,"b":`,
		`{"a"`,
		`{}`,
		`[{"a":1}]`,
	} {
		got, walked := appendShallowKeys(nil, l), appendNestedKeys(nil, l, 0, 0)
		if !slices.Equal(got, walked) {
			t.Errorf("appendShallowKeys(%q) = %v, byte by byte %v", l, got, walked)
		}
	}
}

// A stream longer than rareKeyRead events is read at that many spread
// over it: a rare key on an event read counts as many events as its
// share of the sample; one on an event not read marks nothing.
func TestRareMemberKeysSampleALongStream(t *testing.T) {
	n := 3 * rareKeyRead
	lines := make([]string, n)
	for i := range lines {
		extra := ""
		if i == 15 || i == 16 { // 15 is read (5*n/rareKeyRead), 16 is not
			extra = `,"error":"e"`
		}
		lines[i] = fmt.Sprintf(`{"msg":"m%d"%s}`, i%7, extra)
	}
	s, events := rareKeyEvents(lines)
	rar := rareMemberKeys(s, events)
	if len(rar) != n {
		t.Fatalf("rareMemberKeys gave %d counts, want %d", len(rar), n)
	}
	if rar[15] != 3 {
		t.Errorf("event 15 (read): rar %d, want 3 (1 of %d read, of %d events)", rar[15], rareKeyRead, n)
	}
	for _, e := range []int{0, 16, n - 1} {
		if rar[e] != n {
			t.Errorf("event %d: rar %d, want %d", e, rar[e], n)
		}
	}
}
