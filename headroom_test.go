package headroom

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func intp(n int) *int { return &n }

// deepCopy returns a copy of msgs that shares nothing with it.
func deepCopy(msgs []Message) []Message {
	b, _ := json.Marshal(msgs)
	var out []Message
	_ = json.Unmarshal(b, &out)
	return out
}

func TestCompressToolResults(t *testing.T) {
	big := numberedLines(2000, func(i int) string { return "output line " + itoa(i) })
	small := "ok\n"
	msgs := []Message{
		{Role: RoleSystem, Parts: []Part{{Text: "You are a coding agent."}}},
		{Role: RoleUser, Parts: []Part{{Text: "Run the build."}}},
		{Role: RoleAssistant, Parts: []Part{
			{ToolCall: &ToolCall{ID: "c1", Name: "Bash", Args: json.RawMessage(`{"command":"make"}`)}},
			{ToolCall: &ToolCall{ID: "c2", Name: "Read", Args: json.RawMessage(`{"path":"a.txt"}`)}},
		}},
		{Role: RoleTool, Parts: []Part{
			{ToolResult: &ToolResult{CallID: "c1", Name: "Bash", Content: small, ExitCode: intp(0)}},
			{ToolResult: &ToolResult{CallID: "c2", Name: "Read", Content: big}},
		}},
		{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c3", Name: "Read", Content: small}}}},
	}
	before := deepCopy(msgs)
	h := mustNew(t, WithMaxBytes(2000))
	out, rep, err := CompressToolResults(context.Background(), h, msgs)
	if err != nil {
		t.Fatal(err)
	}
	require.Equal(t, before, deepCopy(msgs), "the input was mutated")
	if len(out) != len(msgs) {
		t.Fatalf("%d messages out, %d in", len(out), len(msgs))
	}
	for _, i := range []int{0, 1, 2, 4} {
		if &out[i].Parts[0] != &msgs[i].Parts[0] {
			t.Errorf("message %d was untouched and must share its Parts", i)
		}
	}
	if &out[3].Parts[0] == &msgs[3].Parts[0] {
		t.Fatal("a changed message must get new Parts")
	}
	if out[3].Parts[0].ToolResult != msgs[3].Parts[0].ToolResult {
		t.Error("an unchanged result in a changed message keeps its ToolResult")
	}
	got := out[3].Parts[1].ToolResult
	if len(got.Content) > 2000 || got.CallID != "c2" || got.Name != "Read" || !strings.Contains(got.Content, markerPrefix) {
		t.Fatalf("compressed result wrong: %+v", got)
	}
	if len(rep.Strings) != 1 {
		t.Fatalf("report has %d entries, want 1", len(rep.Strings))
	}
	r := rep.Strings[0]
	if r.Message != 3 || r.Part != 1 || r.Tool != "Read" || r.CallID != "c2" || r.Field != "" || r.Strategy != StrategyClip ||
		r.BytesBefore != len(big) || r.BytesAfter != len(got.Content) || r.TokensOmitted == 0 {
		t.Errorf("report entry = %+v", r)
	}
	if rep.BytesSaved() != len(big)-len(got.Content) || rep.TokensOmitted() != r.TokensOmitted {
		t.Errorf("report totals wrong")
	}
}

func TestCompressToolResultsStructured(t *testing.T) {
	stdout := numberedLines(1500, func(i int) string { return "building <target> & step " + itoa(i) })
	content := `{"stdout": ` + quoteJSON(stdout) + `,
  "exit_code": 2, "stderr":"small \u00e9 <kept> as\/is", "meta": {"a": [1, "x"]}}`
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Bash", Content: content}}}}}
	out, rep, err := CompressToolResults(context.Background(), mustNew(t, WithMaxBytes(3000)), msgs)
	if err != nil {
		t.Fatal(err)
	}
	res := out[0].Parts[0].ToolResult.Content
	var v map[string]any
	if err := json.Unmarshal([]byte(res), &v); err != nil {
		t.Fatalf("structured result is no longer JSON: %v", err)
	}
	if len(v["stdout"].(string)) > 3000 || !strings.Contains(v["stdout"].(string), markerPrefix) {
		t.Error("stdout field not compressed")
	}
	if !strings.Contains(res, "<target> & step 0") {
		t.Error("compressed field must not be HTML-escaped")
	}
	tail := `,
  "exit_code": 2, "stderr":"small \u00e9 <kept> as\/is", "meta": {"a": [1, "x"]}}`
	if !strings.HasPrefix(res, `{"stdout": "`) || !strings.HasSuffix(res, tail) {
		t.Errorf("bytes outside the compressed value must be kept exactly:\n%s", res[len(res)-200:])
	}
	if len(rep.Strings) != 1 || rep.Strings[0].Field != "stdout" {
		t.Errorf("report = %+v", rep.Strings)
	}
}

// A JSON object whose bulk sits in nested objects and arrays, beside a
// small top-level string, is compressed whole: splicing its strings alone
// once passed a kubectl result of 46,681 tokens through at full size.
func TestCompressToolResultsNestedJSON(t *testing.T) {
	doc := corpusInput(t, "json_k8s_openapi_autoscaling_v2_jq")
	content := `{"cmd": "kubectl get --raw /openapi/v3/apis/autoscaling/v2 | jq .", "result": ` + doc + `}`
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "k", Name: "Bash", Content: content}}}}}
	out, rep, err := CompressToolResults(context.Background(), mustNew(t), msgs)
	if err != nil {
		t.Fatal(err)
	}
	got := out[0].Parts[0].ToolResult.Content
	if len(got) > DefaultMaxBytes || strings.Count(got, markerPrefix) != 1 {
		t.Fatalf("%d bytes (budget %d), %d markers", len(got), DefaultMaxBytes, strings.Count(got, markerPrefix))
	}
	if len(rep.Strings) != 1 || rep.Strings[0].Field != "" || rep.Strings[0].Strategy != StrategyJSON || rep.Strings[0].BytesBefore != len(content) {
		t.Fatalf("report = %+v, want the whole content planned as JSON", rep.Strings)
	}
	if !strings.HasPrefix(got, `{"cmd": "kubectl get --raw`) {
		t.Errorf("the command should lead the output:\n%.200s", got)
	}

	// Mostly strings, but what lies outside them is over the budget by
	// itself: no splice can fit, so it goes whole too.
	stdout := numberedLines(3000, func(i int) string { return "step " + itoa(i) + " done" })
	meta := `[` + strings.TrimSuffix(strings.Repeat(`{"id": 12345, "ok": true}, `, 400), ", ") + `]`
	content = `{"stdout": ` + quoteJSON(stdout) + `, "meta": ` + meta + `}`
	msgs[0].Parts[0].ToolResult = &ToolResult{CallID: "m", Name: "Bash", Content: content}
	out, rep, err = CompressToolResults(context.Background(), mustNew(t, WithMaxBytes(4000)), msgs)
	if err != nil {
		t.Fatal(err)
	}
	if got := out[0].Parts[0].ToolResult.Content; len(got) > 4000 || len(rep.Strings) != 1 || rep.Strings[0].Field != "" {
		t.Fatalf("%d bytes over the 4000-byte budget, report %+v", len(got), rep.Strings)
	}

	// Under budget, a nested object comes back untouched, sharing its Parts.
	small := `{"cmd": "kubectl get pods -o json", "result": {"items": [{"name": "a"}, {"name": "b"}]}}`
	msgs = []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "s", Name: "Bash", Content: small}}}}}
	out, rep, err = CompressToolResults(context.Background(), mustNew(t), msgs)
	if err != nil || len(rep.Strings) != 0 || &out[0].Parts[0] != &msgs[0].Parts[0] {
		t.Fatalf("under budget must be untouched: err %v, report %+v", err, rep.Strings)
	}
}

func TestSplitFields(t *testing.T) {
	for _, tc := range []struct {
		content string
		limit   int
		split   bool
	}{
		{`{"stdout":"` + strings.Repeat("x", 100) + `","code":1}`, 0, true},
		{`{"cmd":"ls","result":{"a":[1,2,3,4,5,6,7,8,9,10]}}`, 0, false},
		{`{"a":"xxxx","b":[1,2]}`, 0, false},                                    // 6 bytes in the string, 16 outside
		{`{"a":"` + strings.Repeat("x", 30) + `","b":[1,2,3,4,5]}`, 0, true},    // 32 in, 22 outside
		{`{"a":"` + strings.Repeat("x", 30) + `","b":[1,2,3,4,5]}`, 54, true},   // under the budget
		{`{"a":"` + strings.Repeat("x", 600) + `","b":[1,2,3,4,5]}`, 280, true}, // a 258-byte share: the least that compresses
		{`{"a":"` + strings.Repeat("x", 600) + `","b":[1,2,3,4,5]}`, 279, false},
		{`{"a":"` + strings.Repeat("x", 600) + `","b":[` + strings.Repeat("1,2,3,4,5,", 40) + `0]}`, 400, false}, // outside over the budget
		{`{"a":"xxxx","b":"` + strings.Repeat("x", 1000) + `","c":0}`, 300, true},                                // the small field keeps its bytes
		{`{"a":"` + strings.Repeat("x", 1000) + `","b":"` + strings.Repeat("x", 1000) + `"}`, 400, false},        // two shares of 190 bytes
		{`{"a":"` + strings.Repeat("x", 1000) + `","b":"` + strings.Repeat("x", 1000) + `"}`, 527, true},         // two of 258
	} {
		fields, ok := stringFields(tc.content)
		if !ok {
			t.Fatalf("stringFields(%s) declined", tc.content)
		}
		if got := splitFields(tc.content, fields, tc.limit); got != tc.split {
			t.Errorf("splitFields(%s, %d) = %v, want %v", tc.content, tc.limit, got, tc.split)
		}
	}
}

func TestCompressToolResultsNilCompressor(t *testing.T) {
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{Content: "x"}}}}}
	if _, _, err := CompressToolResults(context.Background(), nil, msgs); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Fatalf("err = %v, want a clear error", err)
	}
}

func TestCompressToolResultsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{Content: "x"}}}}}
	if out, _, err := CompressToolResults(ctx, mustNew(t), msgs); !errors.Is(err, context.Canceled) || out != nil {
		t.Fatalf("err = %v, out = %v", err, out)
	}
}

// Summaries run concurrently, bounded by Concurrency, and results come
// back in message order whatever the timing.
func TestCompressToolResultsConcurrencyAndOrder(t *testing.T) {
	var inFlight, peak atomic.Int32
	s := SummarizerFunc(func(_ context.Context, r SummaryRequest) (Summary, error) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(time.Duration(len(r.Input)%7) * time.Millisecond)
		return Summary{Text: "digest of " + r.Input[:12]}, nil
	})
	h := mustNew(t, WithMaxBytes(4000), WithSummarizer(s))
	var parts []Part
	for i := range 10 {
		text := numberedLines(1000+i*37, func(j int) string { return "result " + itoa(i) + " line " + itoa(j) })
		parts = append(parts, Part{ToolResult: &ToolResult{CallID: "c" + itoa(i), Name: "Read", Content: text}})
	}
	msgs := []Message{{Role: RoleTool, Parts: parts}}
	first, rep, err := CompressToolResults(context.Background(), h, msgs, Concurrency(3))
	if err != nil {
		t.Fatal(err)
	}
	if p := peak.Load(); p > 3 || p < 2 {
		t.Errorf("peak concurrency %d, want 2..3", p)
	}
	for i, r := range rep.Strings {
		if r.CallID != "c"+itoa(i) || !r.Summary.Used {
			t.Fatalf("report %d out of order or digest unused: %+v", i, r)
		}
	}
	second, _, _ := CompressToolResults(context.Background(), h, msgs)
	require.Equal(t, second, first, "same input, different output")
}

// Properties of CompressToolResults over random messages: the input is never
// mutated, every result stays where it was with its ids, and every string is
// within budget afterwards.
func TestCompressToolResultsProperties(t *testing.T) {
	h := mustNew(t, WithMaxBytes(600))
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 6).Draw(t, "messages")
		var msgs []Message
		for i := range n {
			var parts []Part
			for j := range rapid.IntRange(0, 3).Draw(t, "parts") {
				line := rapid.StringN(1, 40, -1).Draw(t, "line")
				repeat := rapid.IntRange(1, 60).Draw(t, "repeat")
				body := strings.Repeat(line+"\n", repeat)
				switch rapid.IntRange(0, 2).Draw(t, "shape") {
				case 1: // an exec wrapper: mostly strings
					body = `{"stdout":` + quoteJSON(body) + `,"code":1}`
				case 2: // a command's nested result: mostly not strings
					body = `{"cmd":"list","result":[` + strings.Repeat(`{"n":[1,2,3],"ok":true},`, repeat) + quoteJSON(line) + `]}`
				}
				parts = append(parts, Part{ToolResult: &ToolResult{CallID: itoa(i) + "." + itoa(j), Name: "Bash", Content: body}})
			}
			msgs = append(msgs, Message{Role: RoleTool, Parts: parts})
		}
		before := deepCopy(msgs)
		out, rep, err := CompressToolResults(context.Background(), h, msgs)
		if err != nil {
			t.Fatal(err)
		}
		require.Equal(t, before, deepCopy(msgs), "input mutated")
		changed := map[[2]int]bool{}
		for _, r := range rep.Strings {
			changed[[2]int{r.Message, r.Part}] = true
		}
		for i := range out {
			for j, p := range out[i].Parts {
				in := msgs[i].Parts[j].ToolResult
				if p.ToolResult.CallID != in.CallID || p.ToolResult.Name != in.Name {
					t.Fatal("ids changed")
				}
				if changed[[2]int{i, j}] == (p.ToolResult.Content == in.Content) {
					t.Fatalf("report and content disagree at %d.%d", i, j)
				}
				if len(p.ToolResult.Content) > 600 {
					t.Fatalf("result %d bytes over budget", len(p.ToolResult.Content))
				}
				fields, structured := stringFields(in.Content)
				split := structured && splitFields(in.Content, fields, 600) && !wholeFallbackAt(rep, i, j, in.Content)
				if split && !json.Valid([]byte(p.ToolResult.Content)) {
					t.Fatal("structured result no longer JSON")
				}
			}
		}
	})
}

func TestStringFields(t *testing.T) {
	cases := []struct {
		in   string
		keys []string
		ok   bool
	}{
		{`{"stdout":"a","stderr":"b"}`, []string{"stdout", "stderr"}, true},
		{` { "a" : 1 , "b\"q" : "x\\\"y" , "c":[{"d":"]"}], "e": null } `, []string{`b"q`}, true},
		{`{"a":1}`, nil, false},
		{`{}`, nil, false},
		{`["a"]`, nil, false},
		{`{"a":"b"`, nil, false},
		{`plain text`, nil, false},
		{``, nil, false},
	}
	for _, tc := range cases {
		fields, ok := stringFields(tc.in)
		var keys []string
		for _, f := range fields {
			keys = append(keys, f.key)
		}
		if ok != tc.ok || !reflect.DeepEqual(keys, tc.keys) {
			t.Errorf("stringFields(%q) = %v, %v; want %v, %v", tc.in, keys, ok, tc.keys, tc.ok)
		}
	}
}

// FuzzCompressToolResults: any content, as a structured result or text,
// comes back untouched when small; otherwise it fits the budget, and split
// results stay valid JSON.
func FuzzCompressToolResults(f *testing.F) {
	f.Add(`{"stdout":"`+strings.Repeat(`line\n`, 200)+`","code":1}`, 300)
	f.Add(`{"cmd":"ls","result":[`+strings.Repeat(`{"n":[1,2]},`, 60)+`0]}`, 300)
	for _, s := range jsonSeeds(f) {
		f.Add(s, 700)
	}
	hs := map[int]*Headroom{}
	f.Fuzz(func(t *testing.T, content string, budget int) {
		budget = MinBudgetBytes + abs(budget)%1000
		h, ok := hs[budget]
		if !ok {
			h = mustNew(t, WithMaxBytes(budget))
			hs[budget] = h
		}
		msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Bash", Content: content}}}}}
		out, rep, err := CompressToolResults(context.Background(), h, msgs)
		if err != nil {
			t.Fatal(err)
		}
		got := out[0].Parts[0].ToolResult.Content
		if len(rep.Strings) == 0 {
			if got != content || &out[0].Parts[0] != &msgs[0].Parts[0] {
				t.Fatal("nothing compressed, yet the result changed")
			}
			return
		}
		if len(got) > budget {
			t.Fatalf("result %d bytes, budget %d", len(got), budget)
		}
		if fields, ok := stringFields(content); !ok || !splitFields(content, fields, budget) || wholeFallback(rep, content) {
			return
		}
		if _, ok := stringFields(got); !ok || !json.Valid([]byte(got)) {
			t.Fatal("a split result is no longer a JSON object")
		}
	})
}

// FuzzStringFields holds the hand-written scanner to encoding/json: for any
// input, stringFields finds exactly the top-level string members a
// json.Decoder walk finds, in order, with each literal's bytes decoding to
// its value; anything that is not a valid JSON object with one is declined.
func FuzzStringFields(f *testing.F) {
	f.Add(`{"stdout":"a\nb","code":0,"stderr":"\u00e9"}`)
	f.Add(` { "a" : 1 , "b\"q" : "x\\\"y" , "c":[{"d":"]"}], "e": null, "a": "dup" } `)
	f.Add(`{"k": {"deep": [1, {"e": "\"}"}]}, "l": true, "m": "s"}`)
	f.Add(`{"a":"\ud800\udc00 \ud800", "b": "\xff"}`)
	f.Add(`{"a":"b"`)
	for _, s := range jsonSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		fields, ok := stringFields(content)
		want, wantOK := decoderStringFields(content)
		if ok != wantOK || len(fields) != len(want) {
			t.Fatalf("stringFields: %d fields, ok %v; encoding/json: %d, ok %v", len(fields), ok, len(want), wantOK)
		}
		for i, fd := range fields {
			if fd.key != want[i][0] || fd.value != want[i][1] {
				t.Fatalf("field %d = %q: %q, want %q: %q", i, fd.key, fd.value, want[i][0], want[i][1])
			}
			var v string
			if err := json.Unmarshal([]byte(content[fd.start:fd.end]), &v); err != nil || v != fd.value {
				t.Fatalf("field %q: bytes %d-%d do not hold its value", fd.key, fd.start, fd.end)
			}
		}
		if ok {
			splitFields(content, fields, len(content)/3) // must not panic
		}
	})
}

// decoderStringFields is stringFields written with json.Decoder: the
// top-level string members of a valid JSON object, as key-value pairs.
func decoderStringFields(content string) (pairs [][2]string, ok bool) {
	if !json.Valid([]byte(content)) || !strings.HasPrefix(strings.TrimLeft(content, " \t\r\n"), "{") {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(content))
	if _, err := dec.Token(); err != nil { // '{'
		return nil, false
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, false
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		var v string
		if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &v) == nil {
			pairs = append(pairs, [2]string{k.(string), v})
		}
	}
	return pairs, len(pairs) > 0
}

// FuzzSpliceFields: for any JSON object, replacing its string fields keeps
// valid JSON with the same keys, the new values, and everything else intact.
func FuzzSpliceFields(f *testing.F) {
	f.Add(`{"stdout":"a\nb","code":0,"stderr":"\u00e9"}`, "new <value> & \x00")
	f.Add(`{"a":{"b":"c"},"d":["e"],"f":"g"}`, "")
	f.Add(` {"x" : "\"]}" }`, "]}")
	f.Fuzz(func(t *testing.T, content, repl string) {
		fields, ok := stringFields(content)
		if !ok {
			return
		}
		texts := make([]string, len(fields))
		for i := range texts {
			texts[i] = repl + itoa(i)
		}
		out := spliceFields(content, fields, texts)
		var before, after map[string]any
		if err := json.Unmarshal([]byte(content), &before); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(out), &after); err != nil {
			t.Fatalf("splice broke JSON: %v\n%s", err, out)
		}
		for _, f := range fields {
			before[f.key] = nil
			after[f.key] = nil
		}
		require.Equal(t, after, before, "splice changed a field it was not given")
		last, _ := stringFields(out)
		for i, f := range last {
			var want string // JSON carries text only: invalid UTF-8 becomes U+FFFD
			_ = json.Unmarshal([]byte(quoteJSON(texts[i])), &want)
			if i < len(texts) && f.value != want {
				t.Fatalf("field %q = %q, want %q", f.key, f.value, want)
			}
		}
	})
}

// skeleton is content with every top-level string literal cut out: the
// bytes a splice must keep as they were.
func skeleton(content string, fields []jsonField) string {
	var b strings.Builder
	pos := 0
	for _, f := range fields {
		b.WriteString(content[pos:f.start])
		b.WriteString(`""`)
		pos = f.end
	}
	b.WriteString(content[pos:])
	return b.String()
}

// wholeFallback reports whether rep says the content of the first tool
// result went through the compressor as one string: no field's value is
// the whole content.
func wholeFallback(rep Report, content string) bool {
	return wholeFallbackAt(rep, 0, 0, content)
}

// wholeFallbackAt is wholeFallback for the tool result at msg, part.
func wholeFallbackAt(rep Report, msg, part int, content string) bool {
	for _, r := range rep.Strings {
		if r.Message == msg && r.Part == part {
			return r.Field == "" && r.BytesBefore == len(content)
		}
	}
	return false
}

// An exec wrapper's Content is at most the budget, marker included, however
// many string fields it has and however much escaping they need; spliced,
// it stays valid JSON with every other byte as it was.
func TestCompressToolResultsWrapperFitsBudget(t *testing.T) {
	goLog := corpusInput(t, "log_go_test_prometheus_all_packages")
	cargoLog := corpusInput(t, "log_cargo_test_compile_errors_many_warnings")
	quoted := numberedLines(300, func(i int) string { return `say "hello" \ to line ` + itoa(i) + ` of the log` })
	quoted = quoted[:min(len(quoted), 16000)]
	control := strings.Repeat("\x1b[31mred\x1b[0m\tbell\x07 nul\x00 line\r\n", 800)
	cases := []struct {
		name    string
		content string
		small   []string // fields under their share: must come back untouched
	}{
		{"two corpus logs", `{"cmd": "go test ./... && cargo test", "stdout": ` + quoteJSON(goLog) + `, "stderr": ` + quoteJSON(cargoLog) + `, "exit_code": 1}`, []string{"cmd"}},
		{"two plain outputs", `{"log": ` + quoteJSON(corpusInput(t, "plain_git_log_iso_timestamps")) + `, "exit_code": 0, "doc": ` + quoteJSON(corpusInput(t, "plain_read_markdown_prometheus_config_docs")) + `}`, nil},
		{"newlines and quotes", `{"stdout": ` + quoteJSON(quoted) + `, "exit_code": 1, "stderr": ""}`, []string{"stderr"}},
		{"control characters", `{"exit_code":1,"stdout":` + quoteJSON(control) + `,"note":"ok"}`, []string{"note"}},
	}
	for _, tc := range cases {
		in, ok := stringFields(tc.content)
		if !ok {
			t.Fatalf("%s: not a structured result", tc.name)
		}
		for _, budget := range []int{MinBudgetBytes, 1000, 4000, 16000, 100000} {
			msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Bash", Content: tc.content}}}}}
			out, rep, err := CompressToolResults(context.Background(), mustNew(t, WithMaxBytes(budget)), msgs)
			if err != nil {
				t.Fatal(err)
			}
			got := out[0].Parts[0].ToolResult.Content
			if len(tc.content) <= budget {
				if got != tc.content || len(rep.Strings) != 0 {
					t.Errorf("%s at %d: under budget, yet changed", tc.name, budget)
				}
				continue
			}
			if len(got) > budget {
				t.Errorf("%s at %d: %d bytes, over the budget", tc.name, budget, len(got))
				continue
			}
			// Two clipped outputs fill the budget: what one leaves, the
			// other takes.
			if tc.name == "two plain outputs" && budget >= 4000 && len(got) < budget*9/10 {
				t.Errorf("%s at %d: only %d bytes used", tc.name, budget, len(got))
			}
			if wholeFallback(rep, tc.content) {
				if budget >= 4000 {
					t.Errorf("%s at %d: compressed whole, want the fields shared", tc.name, budget)
				}
				continue
			}
			outFields, ok := stringFields(got)
			if !ok || !json.Valid([]byte(got)) || len(outFields) != len(in) {
				t.Errorf("%s at %d: no longer the same JSON object", tc.name, budget)
				continue
			}
			if skeleton(got, outFields) != skeleton(tc.content, in) {
				t.Errorf("%s at %d: bytes outside the strings changed", tc.name, budget)
			}
			compressed := map[string]bool{}
			for _, r := range rep.Strings {
				compressed[r.Field] = true
			}
			for i, f := range outFields {
				if n := strings.Count(f.value, markerPrefix); compressed[f.key] != (n == 1) || n > 1 {
					t.Errorf("%s at %d: field %q has %d markers (compressed %v)", tc.name, budget, f.key, n, compressed[f.key])
				}
				if !compressed[f.key] && got[f.start:f.end] != tc.content[in[i].start:in[i].end] {
					t.Errorf("%s at %d: field %q not compressed, yet changed", tc.name, budget, f.key)
				}
			}
			for _, k := range tc.small {
				if compressed[k] {
					t.Errorf("%s at %d: small field %q was compressed", tc.name, budget, k)
				}
			}
		}
	}
}

// With a token budget the spliced Content counts at most the budget.
func TestCompressToolResultsWrapperFitsTokens(t *testing.T) {
	content := `{"stdout": ` + quoteJSON(corpusInput(t, "log_go_test_v_gin_two_failures")) +
		`, "stderr": ` + quoteJSON(corpusInput(t, "log_cargo_test_panics_backtrace")) + `, "exit_code": 1}`
	for _, tokens := range []int{500, 2000, 8000} {
		msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Bash", Content: content}}}}}
		out, rep, err := CompressToolResults(context.Background(), mustNew(t, WithMaxTokens(tokens)), msgs)
		if err != nil {
			t.Fatal(err)
		}
		got := out[0].Parts[0].ToolResult.Content
		if n := Estimate.CountTokens(got); n > tokens {
			t.Errorf("%d tokens, budget %d", n, tokens)
		}
		if !wholeFallback(rep, content) && !json.Valid([]byte(got)) {
			t.Errorf("at %d tokens: split, yet not JSON", tokens)
		}
	}
}

// Properties of the default Compressor over random exec wrappers: 1–4
// string fields of random sizes and contents (multi-byte runes, newlines,
// quotes, control characters) among random other members, at random
// budgets. The Content fits the budget, and when its fields were shared
// it is still a JSON object whose other members are byte for byte as they
// were.
func TestCompressToolResultsWrapperProperties(t *testing.T) {
	pieces := []string{"a", "word ", "日本語", "é", "\n", `"`, `\`, "\t", "\x00", "\x1b[0m", "\u2028", "</tag>", "line 42: ok\n"}
	others := []string{`1`, `-3.5e2`, `true`, `null`, `[]`, `{"k": [1, "v"]}`, `"short"`}
	budgets := []int{MinBudgetBytes, 300, 600, 1000, 2000, 4000, 16000}
	hs := map[int]*Headroom{}
	for _, n := range budgets {
		hs[n] = mustNew(t, WithMaxBytes(n))
	}
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		b.WriteString("{")
		n := rapid.IntRange(1, 4).Draw(t, "fields")
		for i := range n {
			if rapid.Bool().Draw(t, "other before") {
				b.WriteString(`"o` + itoa(i) + `": ` + rapid.SampledFrom(others).Draw(t, "other") + `, `)
			}
			var v strings.Builder
			for size := rapid.IntRange(0, 30000).Draw(t, "size"); v.Len() < size; {
				v.WriteString(rapid.SampledFrom(pieces).Draw(t, "piece"))
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quoteJSON("f"+itoa(i)) + ": " + quoteJSON(v.String()))
		}
		b.WriteString(`, "exit_code": 1}`)
		content := b.String()
		budget := rapid.SampledFrom(budgets).Draw(t, "budget")
		h := hs[budget]
		msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Bash", Content: content}}}}}
		out, rep, err := CompressToolResults(context.Background(), h, msgs)
		if err != nil {
			t.Fatal(err)
		}
		got := out[0].Parts[0].ToolResult.Content
		if len(got) > budget && len(content) > budget {
			t.Fatalf("%d bytes, budget %d", len(got), budget)
		}
		in, _ := stringFields(content)
		if !splitFields(content, in, budget) || wholeFallback(rep, content) {
			return
		}
		outFields, ok := stringFields(got)
		if !ok || !json.Valid([]byte(got)) || skeleton(got, outFields) != skeleton(content, in) {
			t.Fatalf("split result is not the same JSON object:\n%.300s", got)
		}
	})
}

// A summarizer's digests fit within each field's share, and sharing is as
// deterministic as the rest.
func TestCompressToolResultsWrapperDigests(t *testing.T) {
	s := SummarizerFunc(func(_ context.Context, r SummaryRequest) (Summary, error) {
		return Summary{Text: strings.Repeat("the omitted part repeats itself ", 6) + itoa(len(r.Input))}, nil
	})
	h := mustNew(t, WithMaxBytes(6000), WithSummarizer(s))
	content := `{"stdout": ` + quoteJSON(corpusInput(t, "plain_git_log_iso_timestamps")) +
		`, "stderr": ` + quoteJSON(corpusInput(t, "plain_read_markdown_prometheus_config_docs")) + `, "exit_code": 1}`
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Read", Content: content}}}}}
	first, rep, err := CompressToolResults(context.Background(), h, msgs, Concurrency(2))
	if err != nil {
		t.Fatal(err)
	}
	got := first[0].Parts[0].ToolResult.Content
	if len(got) > 6000 || !json.Valid([]byte(got)) {
		t.Fatalf("%d bytes (budget 6000), valid JSON %v", len(got), json.Valid([]byte(got)))
	}
	if len(rep.Strings) != 2 || !rep.Strings[0].Summary.Used || !rep.Strings[1].Summary.Used {
		t.Fatalf("want both fields compressed with a digest: %+v", rep.Strings)
	}
	second, _, _ := CompressToolResults(context.Background(), h, msgs)
	require.Equal(t, second, first, "same input, different output")
}

// A Compressor other than Headroom is held to the budget it reports: each
// field of a structured result reaches it with its share in MaxBytes, and
// the spliced Content fits.
func TestCompressToolResultsCustomCompressorGetsShares(t *testing.T) {
	var calls atomic.Int32
	c := compressorFunc{budget: Budget{MaxBytes: 4000}, compress: func(_ context.Context, out ToolOutput) (string, Outcome, error) {
		calls.Add(1)
		limit := 4000
		if out.MaxBytes > 0 {
			limit = min(limit, out.MaxBytes)
		}
		if len(out.Text) <= limit {
			return out.Text, Outcome{Strategy: StrategyNone, BytesBefore: len(out.Text), BytesAfter: len(out.Text)}, nil
		}
		s := "[…headroom: cut]" + strings.Repeat("y", limit-len("[…headroom: cut]"))
		return s, Outcome{Strategy: StrategyClip, BytesBefore: len(out.Text), BytesAfter: len(s)}, nil
	}}
	big := strings.Repeat("x", 30000)
	content := `{"stdout": ` + quoteJSON(big) + `, "stderr": ` + quoteJSON(big) + `, "exit_code": 1}`
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Bash", Content: content}}}}}
	out, rep, err := CompressToolResults(context.Background(), c, msgs)
	if err != nil {
		t.Fatal(err)
	}
	got := out[0].Parts[0].ToolResult.Content
	if len(rep.Strings) != 2 || !json.Valid([]byte(got)) || len(got) > 4000 || len(got) < 3000 {
		t.Fatalf("%d calls, %d reported, %d bytes (budget 4000), valid %v", calls.Load(), len(rep.Strings), len(got), json.Valid([]byte(got)))
	}
}

// compressorFunc is a Compressor of a test's own, with a fixed budget.
type compressorFunc struct {
	budget   Budget
	compress func(context.Context, ToolOutput) (string, Outcome, error)
}

func (f compressorFunc) Budget(context.Context) (Budget, error) { return f.budget, nil }

func (f compressorFunc) Compress(ctx context.Context, out ToolOutput) (string, Outcome, error) {
	return f.compress(ctx, out)
}
