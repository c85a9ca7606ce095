package headroom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The failure table and rare kinds, case by case: what each document
// signals, as the kept object's text, its path and why.
func TestJSONSignalsFindFailuresAndRareKinds(t *testing.T) {
	alike := func(n int, line func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(line(i) + "\n")
		}
		return b.String()
	}
	tests := []struct {
		name, text string
		want       []string // the kept object, its path, and why, joined by " | "
	}{
		{"an eslint error among warnings", `[{"filePath":"a.js","messages":[{"ruleId":"r","severity":1},{"ruleId":"s","severity":2}]}]`,
			[]string{`{"ruleId":"s","severity":2} | [0].messages[1] | "severity": 2`}},
		{"npm ls missing, nested", "{\n  \"dependencies\": {\n    \"a\": {\n      \"dependencies\": {\n        \"b\": {\n          \"required\": \"^1\",\n          \"missing\": true\n        }\n      }\n    }\n  }\n}\n",
			[]string{"\"b\": {\n          \"required\": \"^1\",\n          \"missing\": true\n        } | .dependencies.a.dependencies.b | \"missing\": true"}},
		{"a failed field is its record's", `{"msg":"done","res":{"statusCode":503}}` + "\n",
			[]string{`{"msg":"done","res":{"statusCode":503}} |  | "statusCode": 503`}},
		{"error words and levels", `[{"level":"ERROR","m":1},{"level":"info"},{"level":60},{"ok":false},{"status":"failed"},{"conclusion":"success"}]`,
			[]string{`{"level":"ERROR","m":1} | [0] | "level": "ERROR"`, `{"level":60} | [2] | "level": 60`, `{"ok":false} | [3] | "ok": false`, `{"status":"failed"} | [4] | "status": "failed"`}},
		{"gcc's kind names a diagnostic's severity", `[{"kind":"warning","message":"w"},{"kind":"error","message":"e"},{"kind":"fatal error","message":"f"},{"kind":"note"}]`,
			[]string{`{"kind":"error","message":"e"} | [1] | "kind": "error"`, `{"kind":"fatal error","message":"f"} | [2] | "kind": "fatal error"`}},
		{"empty errors say nothing", `[{"errors":[]},{"error":null},{"errors":0},{"error":""},{"problems":{}},{"errors":["boom"]}]`,
			[]string{`{"errors":["boom"]} | [5] | "errors": [`}},
		{"an error object reports a failure by its details", `[{"err":{"type":"Error","message":"boom"}},{"errors":[{"code":"E1"}]},{"exception":"x"}]`,
			[]string{`{"err":{"type":"Error","message":"boom"}} | [0] | "err": {`, `{"errors":[{"code":"E1"}]} | [1] | "errors": [`, `{"exception":"x"} | [2] | "exception": "x"`}},
		{"an API model's error declarations are not failures", `{"shapes":{"Denied":{"type":"structure","exception":true,"error":{"httpStatusCode":403}},"Op":{"errors":[{"shape":"Denied"}],"error":{"shape":"S"}},"Msg":{"message":"m"}}}`,
			nil},
		{"a rare msg among many alike", alike(40, func(i int) string {
			if i == 17 {
				return `{"level":30,"msg":"hot link","n":17}`
			}
			return `{"level":30,"msg":"request completed","n":` + itoa(i) + `}`
		}), []string{`{"level":30,"msg":"hot link","n":17} |  | "msg": "hot link"`}},
		{"a rare kind among nested arrays' elements", func() string {
			var b strings.Builder
			b.WriteString(`{"inputs":{`)
			for i := range 12 {
				kind := "require-call"
				if i == 7 {
					kind = "dynamic-import"
				}
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(`"m` + itoa(i) + `.js":{"bytes":10,"imports":[{"path":"fs","kind":"require-call"},{"path":"p` + itoa(i) + `","kind":"` + kind + `"}]}`)
			}
			b.WriteString("}}")
			return b.String()
		}(), []string{`{"path":"p7","kind":"dynamic-import"} | .inputs["m7.js"].imports[1] | "kind": "dynamic-import"`}},
		{"a value naming each event is not rare", alike(40, func(i int) string {
			return `{"msg":"id-` + itoa(i) + `"}`
		}), nil},
		{"a thrown error's message is its record's", "{\"header\":{\"event\":\"Exception\"},\"javascriptStack\":{\"message\":\"SyntaxError: Unterminated string\",\"stack\":[\"at f (a.js:1:2)\"]}}",
			[]string{`{"header":{"event":"Exception"},"javascriptStack":{"message":"SyntaxError: Unterminated string","stack":["at f (a.js:1:2)"]}} |  | "message": "SyntaxError: Unterminated string"`}},
		{"a message that mentions an error", `[{"message":"Error handling: see chapter 2"},{"message":"no Error: here"},{"message":"TypeError"},{"message":"java.lang.IllegalStateException: closed"}]`,
			[]string{`{"message":"java.lang.IllegalStateException: closed"} | [3] | "message": "java.lang.IllegalStateException: clo…`}},
		{"broken JSON is stepped over", `]]}{"a":[{"severity":2,"x":"` + "\x01" + `"}` + `,,:]`, []string{`{"severity":2,"x":"` + "\x01" + `"} | .a[0] | "severity": 2`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, s := range jsonSignals(tc.text) {
				got = append(got, tc.text[s.start:s.end]+" | "+s.path+" | "+s.why)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("signals:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// A member that reports a failure is kept, verbatim and whole, whenever
// its object alone fits in a quarter of the budget, wherever it sits
// among many alike elements, in an array, a stream or an object's
// member, pretty-printed or minified; and the plan holds its limit.
func TestPlanJSONKeepsASignalledMember(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(20, 200).Draw(t, "elements")
		bad := rapid.IntRange(0, n-1).Draw(t, "failing element")
		pad := rapid.IntRange(0, 300).Draw(t, "padding")
		failure := rapid.SampledFrom([]string{`"severity": 2`, `"level": "error"`, `"missing": true`, `"ok": false`, `"status": 502`}).Draw(t, "failure")
		pretty := rapid.Bool().Draw(t, "pretty")
		var elems []string
		for i := range n {
			e := map[string]any{"id": "elem-" + itoa(i), "note": strings.Repeat("x", pad), "status": 200}
			b, _ := json.Marshal(e)
			s := string(b)
			if i == bad {
				s = s[:len(s)-1] + "," + failure + "}"
			}
			if pretty {
				var v any
				_ = json.Unmarshal([]byte(s), &v)
				b, _ = json.MarshalIndent(v, "  ", "  ")
				s = string(b)
			}
			elems = append(elems, s)
		}
		sep := ","
		if pretty {
			sep = ",\n  "
		}
		text := "[" + strings.Join(elems, sep) + "]\n"
		inMember := rapid.Bool().Draw(t, "in a member")
		if inMember {
			text = `{"count": ` + itoa(n) + `, "items": ` + text[:len(text)-1] + "}\n"
		}
		limit := rapid.IntRange(1000, 16000).Draw(t, "limit")
		if len(text) <= limit {
			return
		}
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes over the limit %d", itemsSize(p.items), limit)
		}
		for _, it := range p.items {
			if it.start < 0 || it.end > len(text) || it.start > it.end {
				t.Fatalf("item %+v outside the text", it)
			}
		}
		want := elems[bad]
		if pretty {
			want = strings.TrimLeft(want, "{")
		}
		if len(want)+200 > limit/signalFailureShare {
			return // it alone does not fit a quarter of the budget
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, want) {
			t.Fatalf("lost the failing element %d at limit %d:\n%s", bad, limit, out)
		}
		if !strings.Contains(p.what, "1 of 1 failing member kept") {
			t.Fatalf("the marker does not count the failures: %s", p.what)
		}
	})
}

// The one-line ESLint report keeps the errors inside its files' messages
// arrays, each after a note with its path and file, and fills most of its
// budget (the digests of every file leave the rest to the verbatim ends).
func TestPlanJSONKeepsLinterErrorsOfAOneLineReport(t *testing.T) {
	var files []string
	for i := range 30 {
		msgs := []string{}
		for j := range 20 {
			sev := 1
			if i == 13 && j == 7 {
				sev = 2
			}
			msgs = append(msgs, `{"ruleId":"no-var","severity":`+itoa(sev)+`,"message":"Unexpected var, use let or const instead.","line":`+itoa(j*10+1)+`,"column":1}`)
		}
		files = append(files, `{"filePath":"/src/f`+itoa(i)+`.js","messages":[`+strings.Join(msgs, ",")+`],"errorCount":0,"source":"`+strings.Repeat("var a = 1;\\n", 800)+`"}`)
	}
	text := "[" + strings.Join(files, ",") + "]"
	p, ok := planJSON(text, 16000)
	if !ok {
		t.Fatal("declined")
	}
	if got := itemsSize(p.items); got < 16000*3/4 || got > 16000 {
		t.Errorf("the plan keeps %d bytes of 16,000: %s", got, p.what)
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, want := range []string{
		`{"ruleId":"no-var","severity":2,"message":"Unexpected var, use let or const instead.","line":71,"column":1}`,
		`[…[13].messages[7] in "filePath":"/src/f13.js", kept for "severity": 2…]`,
		"1 of 1 failing member kept",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}

// jsonSignals never panics, and each signal is a span of the text, its
// member inside it.
func FuzzJSONSignals(f *testing.F) {
	f.Add(`[{"severity":2},{"a":{"missing":true}}]`)
	f.Add("{\"level\":50,\"err\":{\"x\":1}}\n{\"msg\":\"a\"}\n")
	f.Add(`{"errors":[`)
	f.Add(`]}"\`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range jsonSignals(text) {
			if s.start < 0 || s.end > len(text) || s.start >= s.end {
				t.Fatalf("signal %d-%d outside the text (%d bytes)", s.start, s.end, len(text))
			}
			if s.mend > 0 && (s.mstart < s.start || s.mend > s.end || s.mstart >= s.mend) {
				t.Fatalf("member %d-%d outside its object %d-%d", s.mstart, s.mend, s.start, s.end)
			}
		}
	})
}

// Four pretty-printed findings of one shape, each too large for a
// quarter of the failures' room, so each is first chosen by its
// `"level": "error"` member: what that room has left keeps the first
// ones whole, with the file and the message beside the level.
func TestChooseSignalsWidensTheFirstFailures(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"comments\": [\n")
	for i := range 120 {
		level := "warning"
		if i == 3 || i == 40 || i == 80 || i == 118 {
			level = "error"
		}
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "    {\n      \"file\": \"libexec/tool-%d\",\n      \"line\": %d,\n      \"endLine\": %d,\n"+
			"      \"column\": 7,\n      \"endColumn\": 9,\n      \"level\": %q,\n      \"code\": %d,\n"+
			"      \"message\": \"finding number %d of this run, told at some length so that the object is large\",\n"+
			"      \"fix\": null\n    }", i, 10+i, 10+i, level, 2000+i, i)
	}
	b.WriteString("\n  ]\n}\n")
	text := b.String()
	kept, _, failures := chooseSignals(text, jsonSignals(text), 3900, nil)
	require.Equal(t, 4, failures)
	var whole []string
	for _, k := range kept {
		if k.failure && strings.Contains(text[k.start:k.end], `"message"`) {
			whole = append(whole, text[k.start:k.end])
		}
	}
	require.NotEmpty(t, whole, "no failure kept with its message")
	assert.Contains(t, whole[0], `"file": "libexec/tool-3"`, "the first failure is the first kept whole")
	cost := 0
	for _, k := range kept {
		if k.failure {
			cost += k.cost()
		}
	}
	assert.LessOrEqual(t, cost, 3900/signalFailureShare, "the failures stay within their room")
}

// A text that ends in a key's opening quote is stepped over, not read
// before the quote (TestJSONSignalsWalkAgainOnlyRareDocuments' cuts found
// text[i+1:i]).
func TestJSONSignalsTextEndingInAKeysQuote(t *testing.T) {
	for _, text := range []string{`{"`, `[{"a":1},{"`, "{\"level\":\"info\"}\n{\""} {
		assert.NotPanics(t, func() { jsonSignals(text) }, "%q", text)
	}
}

// A signal is kept only when render writes it as one piece: ranges that
// touch in items order, with no note or line end of headroom's between.
func TestCoveredByWantsOnePiece(t *testing.T) {
	k := keptSignal{start: 10, end: 30}
	for _, tc := range []struct {
		name  string
		items []item
		want  bool
	}{
		{"one range", []item{keepRange(0, 40)}, true},
		{"ranges that touch", []item{keepRange(5, 20), keepRange(20, 35)}, true},
		{"a gap", []item{keepRange(5, 20), keepRange(21, 35)}, false},
		{"a note between", []item{keepRange(5, 20), noteLine("[…skipped…]"), keepRange(20, 35)}, false},
		{"a note after the first range", []item{{start: 5, end: 20, note: "[…index 3…]", glue: true}, keepRange(20, 35)}, false},
		{"a line end of headroom's", []item{{start: 5, end: 20, eol: true}, keepRange(20, 35)}, false},
		{"a note after the signal", []item{keepRange(5, 30), noteLine("[…1 member…]")}, true},
		{"out of order", []item{keepRange(20, 35), keepRange(5, 20)}, false},
		{"none", []item{keepRange(40, 50)}, false},
	} {
		if got := coveredBy(tc.items, k); got != tc.want {
			t.Errorf("%s: coveredBy = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The failing last element of a minified array in a member, which a
// clip's tail starts inside, is kept as one piece, not opened by the
// outline at its '{' and finished by the tail after a note (the case
// rapid found in CI for TestPlanJSONKeepsASignalledMember).
func TestPlanJSONKeepsTheLastFailingElementInOnePiece(t *testing.T) {
	var elems []string
	for i := range 20 {
		e := `{"id":"elem-` + itoa(i) + `","note":"` + strings.Repeat("x", 206) + `","status":200`
		if i == 19 {
			e += `,"severity": 2`
		}
		elems = append(elems, e+"}")
	}
	text := `{"count": 20, "items": [` + strings.Join(elems, ",") + "]}\n"
	p, ok := planJSON(text, 1836)
	require.True(t, ok)
	out := render(text, p, marker{what: p.what, hint: p.hint})
	assert.Contains(t, out, elems[19])
	assert.Contains(t, p.what, "1 of 1 failing member kept")
	assert.LessOrEqual(t, itemsSize(p.items), 1836)
}

// A one-line array of large alike elements with one failure (g++'s
// -fdiagnostics-format=json) fills its budget: the elements between the
// first ones and the last are spread over the room the failure leaves,
// not left out while a third of the budget goes unused.
func TestPlanJSONMinifiedArrayFillsItsBudget(t *testing.T) {
	var elems []string
	for i := range 150 {
		kind := "warning"
		if i == 90 {
			kind = "error"
		}
		elems = append(elems, `{"kind": "`+kind+`", "file": "src/unit`+itoa(i)+`.cpp", "line": `+itoa(i*7)+`, "message": "`+strings.Repeat("m", 520)+`"}`)
	}
	text := "[" + strings.Join(elems, ", ") + "]\n"
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		require.True(t, ok)
		size := itemsSize(p.items)
		assert.LessOrEqual(t, size, limit)
		assert.GreaterOrEqual(t, size, limit*3/4, "limit %d", limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		assert.Contains(t, out, `"kind": "error", "file": "src/unit90.cpp"`)
		assert.Contains(t, out, `"file": "src/unit149.cpp"`)
	}
}
