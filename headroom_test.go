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
	if !reflect.DeepEqual(deepCopy(msgs), before) {
		t.Fatal("the input was mutated")
	}
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
		{`{"a":"xxxx","b":[1,2]}`, 0, false},                                   // 6 bytes in the string, 16 outside
		{`{"a":"` + strings.Repeat("x", 30) + `","b":[1,2,3,4,5]}`, 0, true},   // 32 in, 22 outside
		{`{"a":"` + strings.Repeat("x", 30) + `","b":[1,2,3,4,5]}`, 22, true},  // outside at the limit
		{`{"a":"` + strings.Repeat("x", 30) + `","b":[1,2,3,4,5]}`, 21, false}, // outside over it
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

// Summaries run concurrently, bounded by WithConcurrency, and results come
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
	h := mustNew(t, WithMaxBytes(4000), WithSummarizer(s), WithConcurrency(3))
	var parts []Part
	for i := range 10 {
		text := numberedLines(1000+i*37, func(j int) string { return "result " + itoa(i) + " line " + itoa(j) })
		parts = append(parts, Part{ToolResult: &ToolResult{CallID: "c" + itoa(i), Name: "Read", Content: text}})
	}
	msgs := []Message{{Role: RoleTool, Parts: parts}}
	first, rep, err := CompressToolResults(context.Background(), h, msgs)
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
	if !reflect.DeepEqual(first, second) {
		t.Fatal("same input, different output")
	}
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
		if !reflect.DeepEqual(deepCopy(msgs), before) {
			t.Fatal("input mutated")
		}
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
				fields, structured := stringFields(in.Content)
				if structured && splitFields(in.Content, fields, 600) {
					if !json.Valid([]byte(p.ToolResult.Content)) {
						t.Fatal("structured result no longer JSON")
					}
				} else if len(p.ToolResult.Content) > 600 {
					t.Fatalf("result %d bytes over budget", len(p.ToolResult.Content))
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
// comes back untouched when small; otherwise split results stay valid JSON
// with every field within budget, and whole ones fit the budget.
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
		// Not rep.Strings[0].Field == "": a JSON key may be "" too.
		if fields, ok := stringFields(content); !ok || !splitFields(content, fields, budget) {
			if len(got) > budget {
				t.Fatalf("whole result %d bytes, budget %d", len(got), budget)
			}
			return
		}
		fields, ok := stringFields(got)
		if !ok || !json.Valid([]byte(got)) {
			t.Fatal("a split result is no longer a JSON object")
		}
		for _, fd := range fields {
			if len(fd.value) > budget {
				t.Fatalf("field %q %d bytes, budget %d", fd.key, len(fd.value), budget)
			}
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
		if !reflect.DeepEqual(before, after) {
			t.Fatal("splice changed a field it was not given")
		}
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
