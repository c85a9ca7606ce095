package headroom

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

// gccError is one gcc -fdiagnostics-format=json error as gcc writes it,
// its message last, after its note child, its fixit and its location.
const gccError = `{"kind": "error", "column-origin": 1, "children": [{"kind": "note", "escape-source": false, "locations": [{"finish": {"byte-column": 46, "display-column": 53, "line": 156, "file": "gcc_libinit.c", "column": 53}, "caret": {"byte-column": 26, "display-column": 33, "line": 156, "file": "gcc_libinit.c", "column": 33}}], "message": "each undeclared identifier is reported only once for each function it appears in"}], "fixits": [{"next": {"byte-column": 47, "display-column": 54, "line": 156, "file": "gcc_libinit.c", "column": 54}, "string": "cgo_traceback_function", "start": {"byte-column": 26, "display-column": 33, "line": 156, "file": "gcc_libinit.c", "column": 33}}], "locations": [{"finish": {"byte-column": 46, "display-column": 53, "line": 156, "file": "gcc_libinit.c", "column": 53}, "caret": {"byte-column": 26, "display-column": 33, "line": 156, "file": "gcc_libinit.c", "column": 33}}], "message": "‘cgo_traceback_functon’ undeclared (first use in this function); did you mean ‘cgo_traceback_function’?", "escape-source": false}`

// cutText renders k as render writes its items.
func cutText(text string, k keptSignal) string {
	return render(text, plan{items: signalItems(k), markerAt: -1}, marker{})
}

// firstFailure returns the first failure jsonSignals finds in text.
func firstFailure(t *testing.T, text string) jsonSignal {
	t.Helper()
	for _, s := range jsonSignals(text) {
		if s.failure {
			return s
		}
	}
	t.Fatalf("no failure in %s", text)
	return jsonSignal{}
}

// A failure too large for its room keeps what it says: its failing
// member, its short members wherever they sit, and what fits of its
// nested values, the rest summarised in place; each case's room is
// below the object's size.
func TestCutObjectKeepsWhatTheFailureSays(t *testing.T) {
	tests := []struct {
		name, text string
		room       int
		want       []string // substrings of the cut
		gone       []string // what it leaves out
	}{
		{"gcc's error, message last", "[" + gccError + "]\n", 1000,
			[]string{`{"kind": "error", "column-origin": 1, "children": [`, `"message": "‘cgo_traceback_functon’ undeclared (first use in this function); did you mean ‘cgo_traceback_function’?", "escape-source": false}`, `"string": "cgo_traceback_function", "start": {`,
				`"locations": [{[…2 members: "finish", "caret", 207 bytes…]}], "message": "each undeclared`},
			nil},
		{"gcc's error in little room", "[" + gccError + "]\n", 400,
			[]string{`"kind": "error"`, `"children": [[…1 array element, 361 bytes…]]`, `"fixits": [`, `did you mean ‘cgo_traceback_function’?"`},
			[]string{`"caret"`}},
		{"pretty-printed, a long string cut to its head", func() string {
			b, _ := json.MarshalIndent([]any{map[string]any{"id": "t1", "err": "boom", "stack": "AssertionError: expected 4 to equal 8\n" + strings.Repeat("    at frame (a.js:1:2)\n", 40), "meta": map[string]any{"a": strings.Repeat("x", 400)}}}, "", "  ")
			return string(b) + "\n"
		}(), 500,
			[]string{"    \"err\": \"boom\",\n", `"id": "t1"`, `"stack": "AssertionError: expected 4`, `"a": "[…400 bytes…]"`},
			[]string{strings.Repeat("x", 100)}},
		{"a record's failing field opened", `{"reason":"compiler-message","target":{"name":"x","src_path":"/src/lib.rs"},"message":{"rendered":"` + strings.Repeat("r", 900) + `","level":"error","message":"mismatched types","code":{"code":"E0308","explanation":"` + strings.Repeat("e", 900) + `"}}}` + "\n", 400,
			[]string{`"level":"error","message":"mismatched types","code":{"code":"E0308","explanation":"`, `"reason":"compiler-message"`},
			[]string{strings.Repeat("r", 300), strings.Repeat("e", 300)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := firstFailure(t, tc.text)
			if s.end-s.start <= tc.room {
				t.Fatalf("the object (%d bytes) fits its room %d", s.end-s.start, tc.room)
			}
			k, ok := cutObject(tc.text, s, tc.room)
			if !ok {
				t.Fatalf("not cut within %d", tc.room)
			}
			if k.cost() > tc.room {
				t.Errorf("costs %d, over its room %d", k.cost(), tc.room)
			}
			out := cutText(tc.text, k)
			if len(out) > k.cost() {
				t.Errorf("writes %d bytes, more than its cost %d", len(out), k.cost())
			}
			if !strings.Contains(out, "cut to what it says") {
				t.Errorf("no note says it is cut:\n%s", out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("lost %q:\n%s", w, out)
				}
			}
			for _, g := range tc.gone {
				if strings.Contains(out, g) {
					t.Errorf("kept %q:\n%s", g, out)
				}
			}
			if !coveredBy(signalItems(k), k) {
				t.Error("its own items do not keep it")
			}
		})
	}
}

// A cut is declined when there is nothing to tell apart or keep: an
// object that fits whole, one with nothing to leave out, a room below
// its bare members, a signal that is no failure, broken JSON.
func TestCutObjectDeclines(t *testing.T) {
	tests := []struct {
		name, text string
		room       int
	}{
		{"fits whole", `[{"level":"error","message":"m"}]`, 1000},
		{"only numbers", `[{"level":"error","a":1,"b":2,"c":3}]`, 10},
		{"room too small", "[" + gccError + "]", 60},
		{"broken", `[{"level":"error","message":"` + strings.Repeat("m", 200) + `",,}]`, 100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range jsonSignals(tc.text) {
				if k, ok := cutObject(tc.text, s, tc.room); ok {
					t.Errorf("cut %+v: %s", s, cutText(tc.text, k))
				}
			}
		})
	}
	rare := jsonSignal{start: 1, end: len(gccError) + 1, mstart: 2, mend: 17}
	if _, ok := cutObject("["+gccError+"]", rare, 500); ok {
		t.Error("a signal that is no failure is cut")
	}
}

// A failing object larger than a quarter of the budget but within it
// keeps its failing member and its message verbatim, wherever they sit
// among bulky nested values, as an array's element, pretty-printed or
// minified, in a stream of one-line arrays or in JSON lines; the marker
// counts it kept.
func TestPlanJSONKeepsACutFailuresMessage(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		limit := rapid.IntRange(2000, 16000).Draw(t, "limit")
		failure := rapid.SampledFrom([]string{`"kind": "error"`, `"severity": 2`, `"level": "error"`, `"ok": false`}).Draw(t, "failure")
		message := `"message": "` + rapid.StringMatching(`[a-z ]{10,60}`).Draw(t, "message") + ` undeclared"`
		// The failing object: its failure, its message and bulky nested
		// values in any order, between a quarter of the limit and the limit.
		size := rapid.IntRange(limit/signalFailureShare+100, limit*3/4).Draw(t, "size")
		nested := rapid.IntRange(1, 4).Draw(t, "nested values")
		members := []string{failure, message, `"line": 156`}
		for i := range nested {
			n := max(1, (size-200)/nested/60)
			var els []string
			for j := range n {
				els = append(els, `{"file": "f`+itoa(j)+`.c", "column": `+itoa(j)+`}`)
			}
			members = append(members, `"nested`+itoa(i)+`": [`+strings.Join(els, ", ")+`]`)
		}
		order := rapid.Permutation(members).Draw(t, "order")
		bad := "{" + strings.Join(order, ", ") + "}"
		form := rapid.SampledFrom([]string{"array", "pretty", "stream of arrays", "lines"}).Draw(t, "form")
		n := rapid.IntRange(20, 80).Draw(t, "elements")
		at := rapid.IntRange(0, n-1).Draw(t, "failing element")
		var elems []string
		for i := range n {
			e := `{"kind": "warning", "message": "unused ` + itoa(i) + `", "line": ` + itoa(i) + `, "option": "` + strings.Repeat("w", 40) + `"}`
			if i == at {
				e = bad
			}
			elems = append(elems, e)
		}
		var text string
		switch form {
		case "array":
			text = "[" + strings.Join(elems, ", ") + "]\n"
		case "pretty":
			var v any
			if err := json.Unmarshal([]byte("["+strings.Join(elems, ",")+"]"), &v); err != nil {
				t.Fatal(err)
			}
			b, _ := json.MarshalIndent(v, "", "  ")
			text = string(b) + "\n"
		case "stream of arrays":
			for i := 0; i < n; i += 10 {
				text += "[" + strings.Join(elems[i:min(n, i+10)], ", ") + "]\n"
			}
		case "lines":
			text = strings.Join(elems, "\n") + "\n"
		}
		if len(text) <= limit {
			return
		}
		var p plan
		var ok bool
		if form == "lines" {
			p, ok = planJSONLines(text, limit)
		} else {
			p, ok = planJSON(text, limit)
		}
		if !ok {
			t.Fatalf("%s declined", form)
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes over the limit %d", itemsSize(p.items), limit)
		}
		out := render(text, p, marker{what: p.what})
		for _, w := range []string{failure, message} {
			if !strings.Contains(out, w) {
				t.Fatalf("%s at %d: lost %s of the failing element %d:\n%s", form, limit, w, at, out)
			}
		}
		if !strings.Contains(p.what, "1 of 1 failing member kept") {
			t.Fatalf("the marker does not count the failure: %s\n%s", p.what, out)
		}
	})
}

// The parsers a cut reads objects with never panic and never return a
// span outside the text or a piece out of order, whatever they are given.
func FuzzCutObject(f *testing.F) {
	f.Add("[" + gccError + "]")
	f.Add(`{"reason":"x","message":{"level":"error","message":"m","spans":[{"a":1}],"code":{"code":"E1","explanation":"long"}}}`)
	f.Add(`[{"ok":false,"errors":["a","b"],"detail":{"x":[1,2,{"y":"z"}]}}]`)
	f.Add(`[{"level":"error","m":"\"}","x":[}]`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range jsonSignals(text) {
			for _, room := range []int{40, 200, 1000} {
				k, ok := cutObject(text, s, room)
				if !ok {
					continue
				}
				if k.cost() > room || k.start < 0 || k.end > len(text) {
					t.Fatalf("cut %+v over its room %d or outside the text", k, room)
				}
				at := k.start
				for _, c := range k.cuts {
					if c.start < at || c.end < c.start || c.end > k.end {
						t.Fatalf("cuts out of order: %+v", k.cuts)
					}
					at = c.end
				}
				_ = cutText(text, k)
			}
		}
	})
}

// TestCutObjectLineReadsNoFurtherThanItMust holds linedSpan and
// cutObjectLine, which read back over indentation and at most
// cutLeadMax bytes and one more each way, to their definitions by whole
// lines (the line's start and end found however far they are): the
// same span for every text and object span.
func TestCutObjectLineReadsNoFurtherThanItMust(t *testing.T) {
	lined := func(text string, start, end int) (int, int) {
		ls := txt.LineStart(text, start)
		if strings.TrimLeft(text[ls:start], " \t") != "" {
			return start, end
		}
		le, ok := lineEndAfter(text, end) // forward it never read far
		if !ok {
			return start, end
		}
		return ls, le
	}
	byLines := func(text string, start, end int) (int, int) {
		if ls, le := lined(text, start, end); ls != start || le != end {
			return ls, le
		}
		ls, le := txt.LineStart(text, start), end
		for le < len(text) && text[le] != '\n' {
			le++
		}
		if start-ls > cutLeadMax || le-end > cutLeadMax {
			return start, end
		}
		return ls, min(le+1, len(text))
	}
	rapid.Check(t, func(t *rapid.T) {
		runs := rapid.SliceOfN(rapid.SampledFrom([]string{" ", "\t", "\n", ",", "\r", "x", "{}", strings.Repeat("y", cutLeadMax-1), strings.Repeat("z", cutLeadMax+1)}), 1, 40).Draw(t, "runs")
		text := strings.Join(runs, "")
		start := rapid.IntRange(0, len(text)).Draw(t, "start")
		end := rapid.IntRange(start, len(text)).Draw(t, "end")
		ws, we := lined(text, start, end)
		gs, ge := linedSpan(text, start, end)
		if gs != ws || ge != we {
			t.Fatalf("linedSpan(%q, %d, %d) = %d, %d, want %d, %d", text, start, end, gs, ge, ws, we)
		}
		ws, we = byLines(text, start, end)
		gs, ge = cutObjectLine(text, start, end)
		if gs != ws || ge != we {
			t.Fatalf("cutObjectLine(%q, %d, %d) = %d, %d, want %d, %d", text, start, end, gs, ge, ws, we)
		}
	})
}
