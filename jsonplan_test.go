package headroom

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

func TestPlanJSONDeclines(t *testing.T) {
	for _, text := range []string{
		``, `42`, `"a string"`, `[1]`, `{"only": "member"}` + "\n" + `garbage`,
		`[1, 2,`, `{"a": 1} {"b":`, "plain text\n[1, 2, 3]", `{"a": 1}`,
	} {
		if _, ok := planJSON(strings.Repeat(" ", 0)+text, 4000); ok {
			t.Errorf("planJSON(%q) should decline", text)
		}
	}
}

func TestPlanJSONStreamKeepsFirstAndLastIdentity(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		doc, _ := json.MarshalIndent(map[string]any{"ImportPath": "example.com/pkg" + itoa(i), "Deps": strings.Split(strings.Repeat("dep ", 50), " ")}, "", "\t")
		b.Write(doc)
		b.WriteByte('\n')
	}
	text := b.String()
	p, ok := planJSON(text, 3000)
	if !ok {
		t.Fatal("a document stream should be planned")
	}
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	for _, want := range []string{`"ImportPath": "example.com/pkg0"`, `"ImportPath": "example.com/pkg199"`, "of 200 documents"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
	if itemsSize(p.items) > 3000 {
		t.Fatalf("items %d bytes over the limit", itemsSize(p.items))
	}
}

// Properties over random arrays, streams and objects holding an array,
// pretty-printed and minified: within limit, kept ranges in input order
// without overlap; for arrays and streams the first element's start and
// the last element's first line (minified: its first member) kept
// whenever the plan is made, for the object every top-level key, the
// first element and the count of the others.
func TestPlanJSONProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 60).Draw(t, "elements")
		var docs, minified []string
		for i := range n {
			v := map[string]any{"_id": "id-" + itoa(i), "body": rapid.StringN(0, 400, -1).Draw(t, "body")}
			b, _ := json.MarshalIndent(v, "  ", "  ")
			docs = append(docs, string(b))
			minified = append(minified, mustMarshal(v))
		}
		text := "[\n  " + strings.Join(docs, ",\n  ") + "\n]\n"
		shape := rapid.SampledFrom([]string{"array", "stream", "object", "minified array", "minified stream", "minified object"}).Draw(t, "shape")
		switch shape {
		case "stream":
			text = strings.Join(docs, "\n") + "\n"
		case "object": // the elements nested in a member: the outline plan
			text = "{\n  \"meta\": {\"n\": " + itoa(n) + "},\n  \"items\": [\n  " + strings.Join(docs, ",\n  ") + "\n  ],\n  \"total\": " + itoa(n) + "\n}\n"
		case "minified array": // curl, gh api
			text = "[" + strings.Join(minified, ",") + "]"
		case "minified stream": // jq -c
			text = strings.Join(minified, "\n") + "\n"
		case "minified object":
			text = `{"meta":{"n":` + itoa(n) + `},"items":[` + strings.Join(minified, ",") + `],"total":` + itoa(n) + "}\n"
		}
		// Mostly over budget, as the pipeline plans, drawn by percentile: rapid
		// favours small numbers, and identities need a little room.
		limit := 200 + (max(200, min(6000, len(text)))-200)*rapid.IntRange(0, 100).Draw(t, "limit%")/100
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		pos := 0
		for _, it := range p.items {
			if it.end > it.start {
				if it.start < pos || it.end > len(text) {
					t.Fatalf("range %d-%d out of order or bounds (at %d)", it.start, it.end, pos)
				}
				pos = it.end
			}
		}
		if len(text) <= limit || limit < 800 {
			return // the pipeline plans only text over budget; identities need a little room
		}
		// An object's outline grows with the budget, minified or not.
		if (shape == "object" || shape == "minified object") && len(text) >= 2*limit && itemsSize(p.items) < limit/2 {
			t.Fatalf("the outline keeps %d bytes of %d at limit %d: under half", itemsSize(p.items), len(text), limit)
		}

		out := render(text, p, marker{what: p.what, hint: p.hint})
		want := []string{`"_id": "id-0"`, `"_id": "id-` + itoa(n-1) + `"`}
		switch shape {
		case "object": // every key of the top, the first element, the count of the rest
			want = []string{`"meta": {"n": `, `"items": [`, `"total": `, `"_id": "id-0"`, "more array element"}
		case "minified array", "minified stream":
			want = []string{`"_id":"id-0"`, `"_id":"id-` + itoa(n-1) + `"`}
		case "minified object":
			want = []string{`{"meta":{"n":` + itoa(n) + `},"items":[`, `"_id":"id-0"`, "more array element", `"total":` + itoa(n) + "}\n"}
		}
		if strings.Contains(shape, "object") && showsEveryID(out, n) {
			// Every element shown (a body or a member summarised in
			// place): there is no rest to count.
			want = slices.DeleteFunc(want, func(s string) bool { return s == "more array element" })
		}
		for _, id := range want {
			if !strings.Contains(out, id) {
				t.Fatalf("lost %s at limit %d:\n%s", id, limit, out)
			}
		}
	})
}

// showsEveryID reports whether out names every element id-0 … id-(n-1) by
// its _id member, pretty or minified.
func showsEveryID(out string, n int) bool {
	for i := range n {
		if !strings.Contains(out, `"_id": "id-`+itoa(i)+`"`) && !strings.Contains(out, `"_id":"id-`+itoa(i)+`"`) {
			return false
		}
	}
	return true
}

// A minified document is planned as verbatim slices of its bytes: every
// line the plan writes, but for a note ending it, is a substring of the
// input, and a kept range is followed by a '\n' of headroom's own only
// where the next kept range does not continue it.
func TestPlanJSONMinifiedKeepsVerbatimSlices(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var value func(depth int) any
		value = func(depth int) any {
			switch k := rapid.IntRange(0, 4).Draw(t, "kind"); {
			case k == 0 || depth > 3:
				return rapid.StringMatching(`[a-z0-9 ]{0,300}`).Draw(t, "string")
			case k == 1:
				return rapid.IntRange(-1000, 1000000).Draw(t, "number")
			case k == 2:
				n := rapid.IntRange(0, 40).Draw(t, "elements")
				a := make([]any, n)
				for i := range a {
					a[i] = value(depth + 1)
				}
				return a
			default:
				n := rapid.IntRange(0, 12).Draw(t, "members")
				m := map[string]any{}
				for i := range n {
					m[rapid.StringMatching(`[a-z_]{1,12}`).Draw(t, "key")+itoa(i)] = value(depth + 1)
				}
				return m
			}
		}
		top := map[string]any{}
		for i := range rapid.IntRange(1, 8).Draw(t, "top members") {
			top["k"+itoa(i)] = value(1)
		}
		var text string
		if rapid.Bool().Draw(t, "array") {
			text = mustMarshal([]any{top, value(1), top})
		} else {
			text = mustMarshal(top)
		}
		if rapid.Bool().Draw(t, "newline") {
			text += "\n"
		}
		limit := rapid.IntRange(200, max(200, len(text))).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		for k := 0; k+1 < len(p.items); k++ {
			it, next := p.items[k], p.items[k+1]
			if it.eol && it.note == "" && it.end > it.start && next.end > next.start && next.start == it.end {
				t.Fatalf("a '\\n' between %q and %q, consecutive in the input", text[it.start:it.end], text[next.start:next.end])
			}
		}
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "[…headroom:") {
				break
			}
			if i := strings.Index(line, "[…"); i >= 0 {
				line = line[:i]
			}
			if !strings.Contains(text, line) {
				t.Fatalf("line %q is not in the input:\n%s", line, out)
			}
		}
	})
}

// When no element is omitted whole — two long members, each cut in its
// middle — the marker says so rather than "0 of 2".
func TestPlanJSONNothingOmittedWhole(t *testing.T) {
	long := "[" + strings.TrimSuffix(strings.Repeat("\n  12345,", 400), ",") + "\n]"
	text := `{"cmd": ` + long + `,` + "\n" + `"result": ` + long + `}`
	p, ok := planJSON(text, 2000)
	if !ok {
		t.Fatal("declined")
	}
	if strings.Contains(p.what, "0 of") || !strings.Contains(p.what, "none omitted whole") || !strings.Contains(p.what, "2 object members") {
		t.Errorf("what = %q", p.what)
	}
}

// The outline plan of pretty-printed objects whose bulk is nested: what a
// model must see of each shape, at a budget far below the input.
func TestPlanJSONOutline(t *testing.T) {
	schemas := map[string]any{}
	for i := range 40 {
		schemas["Schema"+itoa(i)] = map[string]any{"description": strings.Repeat("words ", 60), "type": "object",
			"properties": map[string]any{"a": map[string]any{"type": "string"}, "b": map[string]any{"type": "integer"}}}
	}
	paths := map[string]any{}
	for i := range 8 {
		paths["/api/v1/path"+itoa(i)] = map[string]any{"get": map[string]any{"description": strings.Repeat("x", 3000)}, "parameters": []any{1, 2, 3}}
	}
	items := []any{}
	for i := range 300 {
		items = append(items, map[string]any{"name": "pod-" + itoa(i), "labels": map[string]any{"app": "web"}, "spec": strings.Repeat("s", 200)})
	}
	indent := func(v any) string {
		b, _ := json.MarshalIndent(v, "", "  ")
		return string(b) + "\n"
	}
	for _, c := range []struct {
		name      string
		text      string
		limit     int
		want      []string // in the output
		wantWhat  string
		notWanted []string
	}{
		{
			name:  "nested object: every key of two levels",
			text:  indent(map[string]any{"openapi": "3.0.0", "paths": paths, "components": map[string]any{"schemas": schemas}}),
			limit: 6000,
			want: []string{`"openapi": "3.0.0",`, `"/api/v1/path0": {`, `"/api/v1/path7": {`, `"schemas": {`,
				`"Schema10": {[…3 members: "description", "properties", "type",`, `"Schema39": {`},
			wantWhat: "kept the outline",
		},
		{
			name:     "array of objects in an object: the first element and a count",
			text:     indent(map[string]any{"apiVersion": "v1", "kind": "List", "items": items}),
			limit:    3000,
			want:     []string{`"apiVersion": "v1",`, `"items": [`, `"name": "pod-0"`, "more array elements,", `"name": "pod-299"`, `"kind": "List"`},
			wantWhat: "kept the outline",
		},
		{
			// No member has a line of its own: what the outline keeps of
			// consecutive input is one verbatim slice, and a line ends
			// where something was left out.
			name:  "minified: the outline as verbatim slices",
			text:  `{"paths":` + mustMarshal(paths) + `,"items":` + mustMarshal(items) + `,"kind":"List"}` + "\n",
			limit: 3000,
			want: []string{"{\"paths\":{\"/api/v1/path0\":{", `"items":[{"labels":{"app":"web"},"name":"pod-0",`,
				"more array elements,", `"name":"pod-299"`, "}],\"kind\":\"List\"}\n"},
			wantWhat:  "kept the outline",
			notWanted: []string{"\n\n"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, ok := planJSON(c.text, c.limit)
			if !ok {
				t.Fatal("declined")
			}
			checkPlan(t, c.text, p, c.limit)
			out := render(c.text, p, marker{tokens: 1, what: p.what, hint: p.hint})
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("lost %q:\n%s", w, out)
				}
			}
			for _, w := range c.notWanted {
				if strings.Contains(out, w) {
					t.Errorf("has %q:\n%s", w, out)
				}
			}
			if !strings.Contains(p.what, c.wantWhat) {
				t.Errorf("what = %q, want it to say %q", p.what, c.wantWhat)
			}
		})
	}
}

func mustMarshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Nesting as deep as encoding/json accepts, and deeper, plans (or
// declines) without recursion: no stack overflow, the outline stops at
// maxOutlineDepth, the output stays in its limit.
func TestPlanJSONDeepNesting(t *testing.T) {
	for _, depth := range []int{9990, 20000} {
		var b strings.Builder
		b.WriteString("{\n\"first\": \"" + strings.Repeat("f", 5000) + "\",\n")
		for i := range depth {
			b.WriteString(strings.Repeat(" ", i%8) + "\"a\": {\n")
		}
		b.WriteString("\"leaf\": true\n")
		for i := depth - 1; i >= 0; i-- {
			b.WriteString(strings.Repeat(" ", i%8) + "}\n")
		}
		b.WriteString("}\n")
		text := b.String()
		p, ok := planJSON(text, 4000)
		if !ok {
			if depth < 10000 {
				t.Errorf("depth %d: declined", depth)
			}
			continue // beyond encoding/json's nesting limit the text is not JSON
		}
		checkPlan(t, text, p, 4000)
		if !strings.Contains(p.what, "kept the outline") {
			t.Errorf("depth %d: what = %q", depth, p.what)
		}
	}
}

func FuzzPlanJSON(f *testing.F) {
	f.Add(`[{"a":1},{"b":[2,3]},{"c":"d"}]`, 300)
	f.Add("{\"x\": 1}\n{\"y\": \"]}\"}\n{\"z\": null}", 250)
	f.Add(`{"k": {"deep": [1, {"e": "\"}"}]}, "l": true, "m": "s"}`, 400)
	f.Add("{\n  \"a\": {\n    \"b\": [\n      1,\n      {\"c\": \"\u00e9\"}\n    ],\n    \"d\": {}\n  },\n  \"e\": \"xyz\"\n}\n", 220)
	for _, s := range jsonSeeds(f) {
		f.Add(s, 1200)
	}
	f.Add(ghIssues(3, "a body with \"quotes\", é and a \\ backslash"), 900) // minified
	f.Add(manifests(8, 5), 1500)                                            // digests between large objects
	f.Add(ghIssues(12, strings.Repeat("a long body ", 40)), 700)            // minified ends and digests
	f.Add(`{"a":{"b":[1,{"c":"d"},[]],"e":{}},"f":"`+strings.Repeat("g", 300)+`","h":[{"i":1},{"j":2}]}`, 260)
	f.Add(flatMapSeed(f), 1500)
	f.Add(gccStream(5, 6, 2), 1500)                                   // a stream of arrays, spread over their elements
	f.Add("[{\"a\":1}]\n[]\n[{\"kind\":\"error\"},{\"b\":2}]\n", 200) // an empty array among them
	f.Fuzz(func(t *testing.T, text string, limit int) {
		limit = abs(limit) % 10000
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		checkPlan(t, text, p, limit)
		checkInOrder(t, p)
	})
}

// jsonSeeds returns small valid JSON documents cut from the corpus: the
// first elements of each JSON case, as an array, a stream, and an object
// whose bulk is nested.
func jsonSeeds(t testing.TB) []string {
	var seeds []string
	for _, name := range []string{"json_docker_swarm_tasks_array", "json_go_list_prometheus_stream"} {
		text := corpusInput(t, name)
		elems, _, ok := jsonElements(text)
		if !ok || len(elems) < 3 {
			t.Fatalf("%s: no JSON elements", name)
		}
		var parts []string
		for _, e := range elems[:3] {
			if e[1]-e[0] <= 3000 {
				parts = append(parts, text[e[0]:e[1]])
			}
		}
		if len(parts) < 2 {
			parts = append(parts, `{"a": 1}`, `{"b": 2}`)
		}
		seeds = append(seeds, "["+strings.Join(parts, ",\n")+"]", strings.Join(parts, "\n"),
			`{"cmd": "kubectl get -o json", "result": [`+strings.Join(parts, ", ")+`]}`,
			"{\n  \"kind\": \"List\",\n  \"items\": [\n"+strings.Join(parts, ",\n")+"\n  ]\n}\n")
	}
	return seeds
}

// BenchmarkPlanJSON measures planning and rendering the k8s OpenAPI
// document repeated to 1 MB and 10 MB: as a stream of documents (the
// sequence plan), as the elements of one array, and as the members of one
// object (the outline plan), pretty-printed and minified; a minified
// GitHub issue array; and a pretty-printed array of short records (jq .
// of a listing), where per-element costs weigh most. It reports MB/s by
// CPU time too (cpu-MB/s), which a loaded machine disturbs less.
func BenchmarkPlanJSON(b *testing.B) {
	doc := strings.TrimSpace(corpusInput(b, "json_k8s_openapi_autoscaling_v2_jq"))
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(doc)); err != nil {
		b.Fatal(err)
	}
	issue := strings.Trim(ghIssues(1, strings.Repeat("Steps to reproduce: run it. ", 20)), "[]\n")
	for _, size := range benchSizes {
		copies := size.n/len(doc) + 1
		var stream, object, minObject, array strings.Builder
		object.WriteString("{\n")
		minObject.WriteString("{")
		array.WriteString("[\n")
		for i := range copies {
			stream.WriteString(doc + "\n")
			if i > 0 {
				object.WriteString(",\n")
				minObject.WriteString(",")
				array.WriteString(",\n")
			}
			array.WriteString(doc)
			object.WriteString(`"copy` + itoa(i) + `": ` + doc)
			minObject.WriteString(`"copy` + itoa(i) + `":` + compact.String())
		}
		object.WriteString("\n}\n")
		minObject.WriteString("}\n")
		array.WriteString("\n]\n")
		issues := "[" + strings.TrimSuffix(strings.Repeat(issue+",", size.n/len(issue)+1), ",") + "]\n"
		for _, c := range []struct{ name, text string }{{"stream", stream.String()}, {"object", object.String()},
			{"minified-object", minObject.String()}, {"minified-array", issues},
			{"records", jsonRecords(size.n)}, {"big-objects", array.String()}} {
			b.Run(c.name+"/"+size.name, func(b *testing.B) {
				b.SetBytes(int64(len(c.text)))
				b.ReportAllocs()
				reportCPUThroughput(b, len(c.text), func() {
					p, ok := planJSON(c.text, DefaultMaxBytes-plannerReserve(len(c.text)))
					if !ok {
						b.Fatal("declined")
					}
					_ = render(c.text, p, marker{tokens: 1, what: p.what, hint: p.hint})
				})
			})
		}
	}
}

// jsonRecords returns a pretty-printed array of short records of about n
// bytes, as jq . prints a listing: a few keys each, some records with a
// key more.
func jsonRecords(n int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("  {\n    \"id\": " + itoa(i) + ",\n    \"name\": \"pod-" + itoa(i) + "\",\n    \"ready\": true")
		if i%50 == 7 {
			b.WriteString(",\n    \"reason\": \"CrashLoopBackOff\"")
		}
		b.WriteString("\n  }")
	}
	b.WriteString("\n]\n")
	return b.String()
}

// An issue as the GitHub REST API returns it, identities first.
type ghIssue struct {
	ID        int       `json:"id"`
	NodeID    string    `json:"node_id"`
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	User      ghUser    `json:"user"`
	Labels    []ghLabel `json:"labels"`
	State     string    `json:"state"`
	Body      string    `json:"body"`
	CreatedAt string    `json:"created_at"`
	URL       string    `json:"url"`
}

type ghUser struct {
	Login   string `json:"login"`
	ID      int    `json:"id"`
	HTMLURL string `json:"html_url"`
	Type    string `json:"type"`
}

type ghLabel struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// ghIssues returns n issues, minified as gh api and curl print them.
func ghIssues(n int, body string) string {
	var issues []ghIssue
	for i := range n {
		issues = append(issues, ghIssue{ID: 1000 + i, NodeID: "I_kwDO" + itoa(i), Number: i + 1, Title: "Issue number " + itoa(i+1),
			User:   ghUser{Login: "user" + itoa(i%7), ID: 500 + i%7, HTMLURL: "https://github.com/user" + itoa(i%7), Type: "User"},
			Labels: []ghLabel{{ID: 1, Name: "bug", Color: "d73a4a"}, {ID: 2, Name: "help wanted", Color: "008672"}},
			State:  "open", Body: body, CreatedAt: "2026-01-02T03:04:05Z", URL: "https://api.github.com/repos/o/r/issues/" + itoa(i+1)})
	}
	return mustMarshal(issues) + "\n"
}

// Minified JSON — curl of a REST API, gh api, jq -c — planned in lines of
// headroom's own, every value shown an input range.
func TestPlanJSONMinified(t *testing.T) {
	deep := `{"first":"` + strings.Repeat("f", 5000) + `",` + strings.Repeat(`"a":{`, 9990) + `"leaf":true` + strings.Repeat("}", 9990) + "}"
	for _, c := range []struct {
		name      string
		text      string
		limit     int
		want      []string // in the output, in this order
		wantWhat  string
		notWanted []string
	}{
		{
			name:  "array of small objects: the first ones whole, a count, the last whole",
			text:  ghIssues(300, "short"),
			limit: 2000,
			want: []string{"[{\"id\":1000,", `"body":"short",`, "},{\"id\":1001,", "[…29", "more array elements, ",
				"\n{\"id\":1299,", `"url":"https://api.github.com/repos/o/r/issues/300"}]` + "\n"},
			wantWhat: "of 300 array elements (kept the first",
		},
		{
			name:  "array of large objects: the head and tail as they are, digests between",
			text:  ghIssues(200, strings.Repeat("Steps to reproduce: run it. ", 100)),
			limit: 2000,
			want: []string{"[{\"id\":1000,\"node_id\":\"I_kwDO0\",", "bytes…]\n", "{[…index ", "\"id\":10", "\"url\":\"https://api.github.com/repos/o/r/issues/",
				"array elements, ", "\"url\":\"https://api.github.com/repos/o/r/issues/200\"}]"},
			wantWhat: "kept the head and the tail as they are",
		},
		{
			name:     "object with a huge string: cut, the other members kept",
			text:     `{"name":"blob","content":"` + strings.Repeat("QUJD", 250000) + `","size":1000000}`,
			limit:    2000,
			want:     []string{`{"name":"blob","content":"QUJD`, "bytes…]\n", "\"size\":1000000}\n"},
			wantWhat: "kept the outline",
		},
		{
			name:     "object whose last member is a huge string (a source map's mappings): its start and its end",
			text:     `{"version":3,"names":["a"],"mappings":"` + strings.Repeat("AAAA,", 50000) + `CAAC;;;;"}`,
			limit:    2000,
			want:     []string{`{"version":3,"names":["a"],"mappings":"AAAA,`, "[…249,", " bytes…]", `AAAA,CAAC;;;;"}` + "\n"},
			wantWhat: "kept the outline",
		},
		{
			name:     "array of huge strings: the first and the last cut",
			text:     `["` + strings.Repeat("a", 100000) + `","b","` + strings.Repeat("c", 100000) + `"]`,
			limit:    2000,
			want:     []string{"[\"aaa", "[…100,003 bytes…]", "[…1 more array element, 4 bytes…]", "\"ccc", "[…100,002 bytes…]", "]\n"},
			wantWhat: "1 of 3 array elements",
		},
		{
			name:     "non-ASCII keys",
			text:     `{"clé":"valeur","名前":{"姓":"山田","名":"太郎","説明":"` + strings.Repeat("長い文章。", 2000) + `"},"ключ":[1,2,3]}`,
			limit:    1000,
			want:     []string{`{"clé":"valeur","名前":{"姓":"山田","名":"太郎","説明":"長い`, "\n},\"ключ\":[1,2,3]}\n"},
			wantWhat: "kept the outline",
		},
		{
			name:     "nesting as deep as encoding/json accepts",
			text:     deep,
			limit:    4000,
			want:     []string{"{\"first\":\"fff", "\n\"a\":{\"a\":{\"a\":{"},
			wantWhat: "kept the outline",
		},
		{
			name:     "one member wrapping the array, minified",
			text:     `{"data":` + strings.TrimSpace(ghIssues(100, "short")) + "}\n",
			limit:    2000,
			want:     []string{"{\"data\":[{\"id\":1000,\"node_id\":", "more array elements, ", "\"id\":1099,", "]}\n"},
			wantWhat: "kept the outline",
		},
		{
			name:     "one member wrapping the array, pretty",
			text:     "{\n  \"items\": [\n" + strings.Repeat("    {\"id\": 1},\n", 300) + "    {\"id\": 2}\n  ]\n}\n",
			limit:    1000,
			want:     []string{"{\n  \"items\": [\n    {\"id\": 1},\n", "more array elements, ", "  ]\n}\n"},
			wantWhat: "kept the outline",
		},
		{
			name:     "a stream of one-line documents (jq -c)",
			text:     strings.ReplaceAll(strings.Trim(ghIssues(50, strings.Repeat("long body ", 100)), "[]\n"), "},{\"id\":10", "}\n{\"id\":10") + "\n",
			limit:    2000,
			want:     []string{"{\"id\":1000,\"node_id\":", "[…48 more documents, ", "\n{\"id\":1049,"},
			wantWhat: "48 of 50 documents",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, ok := planJSON(c.text, c.limit)
			if !ok {
				t.Fatal("declined")
			}
			checkPlan(t, c.text, p, c.limit)
			out := render(c.text, p, marker{tokens: 1, what: p.what, hint: p.hint})
			rest := out
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("lost %q (or out of order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			if !strings.Contains(p.what, c.wantWhat) {
				t.Errorf("what = %q, want it to say %q", p.what, c.wantWhat)
			}
			for _, it := range p.items { // each kept range a member or value, or an opening or closing of one
				if it.end > it.start && it.note == "" && len(c.text) < 100000 && it.start != clipTailStart(c.text, c.limit) {
					s := strings.TrimSuffix(strings.TrimSpace(c.text[it.start:it.end]), ",")
					if strings.HasSuffix(s, "{") {
						s += "}"
					} else if strings.HasSuffix(s, "[") {
						s += "]"
					}
					if s != "}" && s != "]" && !json.Valid([]byte("{"+s+"}")) && !json.Valid([]byte(s)) {
						t.Errorf("kept %q is not a member or value", s)
					}
				}
			}
		})
	}
}

// Invalid or truncated minified JSON is not planned as JSON.
func TestPlanJSONMinifiedDeclines(t *testing.T) {
	whole := ghIssues(100, "body")
	for _, text := range []string{
		`{"data":[]}`, `{"data":{}}`, `{"data":"` + strings.Repeat("x", 3000) + `"}`, // one member, nothing to outline
		whole[:len(whole)/2], whole[:len(whole)-3], `{"a":1,"b":[1,2` + strings.Repeat(",3", 2000),
		`[{"a":1},{"b":2}` + strings.Repeat(" ", 3000), `{"a":1,"b":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`,
	} {
		if p, ok := planJSON(text, 2000); ok {
			t.Errorf("planJSON(%.40q…) = %q, want a decline", text, p.what)
		}
	}
}

// A stream of alike documents keeps, besides its first and its last, the
// few of a rare shape (here the two without "Indirect") and a spread of
// the others between, within its limit.
func TestPlanJSONStreamKeepsRareShapesBetween(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		if i == 23 || i == 41 {
			fmt.Fprintf(&b, "{\n\t\"Path\": \"direct/mod%02d\",\n\t\"Version\": \"v1.%d.0\",\n\t\"Dir\": \"/mod/direct%02d\"\n}\n", i, i, i)
			continue
		}
		fmt.Fprintf(&b, "{\n\t\"Path\": \"indirect/mod%02d\",\n\t\"Version\": \"v0.%d.0\",\n\t\"Indirect\": true\n}\n", i, i)
	}
	text := b.String()
	p, ok := planJSON(text, 2000)
	if !ok {
		t.Fatal("declined")
	}
	if got := itemsSize(p.items); got > 2000 {
		t.Fatalf("%d bytes over the 2000 limit", got)
	}
	out := render(text, p, marker{})
	for _, want := range []string{"indirect/mod00", "direct/mod23", "direct/mod41", "indirect/mod59"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %s:\n%s", want, out)
		}
	}
	if !strings.Contains(p.what, "spread between") {
		t.Errorf("what = %q, want the elements between counted", p.what)
	}
}

// An object whose bulk is a long array and a long map (npm view --json: a
// few thousand versions and their times, the identifying fields around
// them) grows with the budget: the outline samples the array and the map
// (head, tail, an even spread between) until it fills most of the limit,
// so it is never the half-empty plan that loses to the blind clip, and
// the fields after the bulk stay.
func TestPlanJSONOutlineGrowsWithBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"_id\": \"pkg@9.9.9\",\n  \"name\": \"pkg\",\n  \"versions\": [\n")
	const n = 3000
	for i := range n {
		b.WriteString("    \"0.0." + itoa(i) + "-canary-" + itoa(i*7919%100000) + "\"")
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  ],\n  \"time\": {\n")
	for i := range n {
		b.WriteString("    \"0.0." + itoa(i) + "-canary-" + itoa(i*7919%100000) + "\": \"2026-01-02T03:04:05.000Z\"")
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  },\n  \"description\": \"A package that does things.\",\n  \"license\": \"MIT\",\n  \"homepage\": \"https://example.org/\"\n}\n")
	text := b.String()
	for _, limit := range []int{16000, 8000, 4000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		checkPlan(t, text, p, limit)
		if size := itemsSize(p.items); size < limit*3/4 {
			t.Errorf("limit %d: the outline is %d bytes, under three quarters of the limit", limit, size)
		}
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		for _, w := range []string{`"_id": "pkg@9.9.9"`, `"versions": [`, `"0.0.0-canary-0"`, `"0.0.2999-canary-`, `"time": {`,
			`"0.0.2999-canary-`, `"description": "A package that does things."`, `"license": "MIT"`, "more array elements", "more members"} {
			if !strings.Contains(out, w) {
				t.Errorf("limit %d: lost %q", limit, w)
			}
		}
		if limit == 16000 && strings.Count(out, "\n    \"0.0.") < 40 {
			t.Errorf("limit %d: the bulk is not sampled: %d of its lines kept", limit, strings.Count(out, "\n    \"0.0."))
		}
	}
}

// An array of alike one-line records (sqlite3 -json, jq -c over a list)
// keeps at least as many whole elements as the blind clip of the same
// budget would: when what a reader seeks could be any record, that count
// is the chance of keeping it, and the spread's notes must not buy places
// with records (see spreadElements).
func TestPlanJSONKeepsAsManyElementsAsTheClip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 600).Draw(t, "elements")
		width := rapid.IntRange(0, 300).Draw(t, "width")
		lines := make([]string, n)
		for i := range lines {
			pad := strings.Repeat("x", width+rapid.IntRange(0, width/4+1).Draw(t, "jitter"))
			lines[i] = `{"id":` + itoa(i) + `,"name":"row` + itoa(i) + `","doc":"` + pad + `"}`
		}
		text := "[" + strings.Join(lines, ",\n") + "]\n"
		budget := rapid.IntRange(4000, 40000).Draw(t, "budget")
		if len(text) <= budget {
			return
		}
		limit := budget - plannerReserve(len(text))
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined at limit %d", limit)
		}
		if got := itemsSize(p.items); got > limit {
			t.Fatalf("items %d bytes, limit %d", got, limit)
		}
		elems, _, _ := jsonElements(text)
		whole := func(items []item) int {
			n := 0
			for _, e := range elems {
				for _, it := range items {
					if it.note == "" && it.start <= e[0] && e[1] <= it.end {
						n++
						break
					}
				}
			}
			return n
		}
		clip := planClip(text, budget, clipReserveFor(len(text), ""))
		if got, want := whole(p.items), whole(clip.items); got < want {
			t.Fatalf("kept %d whole elements at budget %d, the clip %d:\n%s", got, budget, want, render(text, p, marker{}))
		}
	})
}

// A document's last member closes the outline whole when it fits a
// clip's tail share of the budget, as the clip's tail would keep it: a
// Node.js diagnostic report at 4,000 bytes, whose breadth-first outline
// spends the budget on the handles and limits before its sharedObjects.
func TestPlanJSONOutlineKeepsLastMemberWhole(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/json_node_report_uncaught_exception_129_handles/input.txt")
	if err != nil {
		t.Fatal(err)
	}
	out, o, err := mustNew(t, WithMaxBytes(4000)).Compress(context.Background(), ToolOutput{Tool: "Read", Text: string(raw)})
	if err != nil || o.Strategy != StrategyJSON {
		t.Fatalf("strategy %s, %v", o.Strategy, err)
	}
	if want := "    \"/lib64/ld-linux-x86-64.so.2\"\n  ]\n}\n"; !strings.Contains(out, want) {
		t.Errorf("the last member is not whole:\n%s", out)
	}
}

// A pretty-printed sequence keeps each element it shows from the start of
// its line, so an element after a gap note keeps its indentation and the
// line before the note ends where the previous element does.
func TestPlanJSONKeepsElementLinesWhole(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 200).Draw(t, "elements")
		indent := strings.Repeat(" ", rapid.IntRange(1, 8).Draw(t, "indent"))
		var docs []string
		for i := range n {
			v := map[string]any{"id": i, "pad": strings.Repeat("x", rapid.IntRange(0, 120).Draw(t, "pad"))}
			b, _ := json.MarshalIndent(v, indent, indent)
			docs = append(docs, indent+string(b))
		}
		text := "[\n" + strings.Join(docs, ",\n") + "\n]\n"
		if rapid.Bool().Draw(t, "object") {
			text = "{\n" + indent + `"k0": ` + strings.TrimPrefix(strings.Join(docs, ",\n"+indent+`"k": `), indent) + "\n}\n"
		}
		limit := rapid.IntRange(400, max(400, len(text))).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok || p.strategy != StrategyJSON || strings.Contains(p.what, "naming") || strings.Contains(p.what, "outline") {
			return // digests and outlines lay out lines of their own
		}
		for _, it := range p.items {
			if it.end > it.start && it.start > 0 && text[it.start-1] != '\n' {
				t.Fatalf("a kept range starts inside its line at %d: %q", it.start, text[txt.LineStart(text, it.start):it.end])
			}
		}
	})
}

// An outline keeps the document's end as a blind clip keeps it: when a
// large map is followed by a short last member (an API model's shapes,
// then its documentation), the map's last member is shown whole before
// its closing line and that last member.
func TestPlanJSONOutlineKeepsTheMapHoldingTheEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(40, 400).Draw(t, "members")
		pad := rapid.IntRange(0, 120).Draw(t, "padding")
		var b strings.Builder
		b.WriteString("{\n  \"version\": \"2.0\",\n  \"operations\": {\n")
		for i := range 30 {
			fmt.Fprintf(&b, "    \"Op%d\": {\n      \"name\": \"Op%d\",\n      \"doc\": \"%s\"\n    },\n", i, i, strings.Repeat("d", pad))
		}
		b.WriteString("    \"OpLast\": {\n      \"name\": \"OpLast\"\n    }\n  },\n  \"shapes\": {\n")
		for i := range n {
			sep := ","
			if i == n-1 {
				sep = ""
			}
			fmt.Fprintf(&b, "    \"Shape%d\": {\n      \"type\": \"string\",\n      \"note\": \"%s\"\n    }%s\n", i, strings.Repeat("s", pad), sep)
		}
		b.WriteString("  },\n  \"documentation\": \"the end\"\n}\n")
		text := b.String()
		limit := rapid.IntRange(2000, 16000).Draw(t, "limit")
		if len(text) <= limit {
			return
		}
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined")
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes over the limit %d", itemsSize(p.items), limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		want := fmt.Sprintf("    \"Shape%d\": {\n      \"type\": \"string\",\n      \"note\": \"%s\"\n    }\n  },\n  \"documentation\": \"the end\"\n}\n", n-1, strings.Repeat("s", pad))
		if !strings.Contains(out, want) {
			t.Fatalf("lost the end at limit %d:\n%s", limit, out)
		}
	})
}

// A map of alike members cut by less than half (rustc's target specs
// through jq) keeps whole, from its start, every member a blind clip's
// head keeps: a spread between the first few and the last would sample
// the middle at the price of members the clip keeps, and keep fewer.
func TestPlanJSONLittleCutKeepsTheClipsHead(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(flatMapMembers, 60).Draw(t, "members")
		var b strings.Builder
		b.WriteString("{\n")
		var ends []int // where each member's line ends, its ',' with it
		for i := range n {
			fmt.Fprintf(&b, "  \"target-%03d\": {\n    \"arch\": \"arm\",\n", i)
			for k := range rapid.IntRange(1, 8).Draw(t, "keys") {
				fmt.Fprintf(&b, "    \"key-%d-%d\": %d,\n", k, rapid.IntRange(0, 3).Draw(t, "kind"), i*k)
			}
			b.WriteString("    \"width\": 32\n  }")
			if i < n-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
			ends = append(ends, b.Len())
		}
		b.WriteString("}\n")
		text := b.String()
		limit := rapid.IntRange(len(text)/2+1, len(text)-1).Draw(t, "limit")
		if limit < 1000 {
			return
		}
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined")
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{})
		for i, end := range ends {
			if end > limit*3/4 {
				break
			}
			start := strings.Index(text, fmt.Sprintf("  \"target-%03d\"", i))
			if !strings.Contains(out, text[start:end]) {
				t.Fatalf("limit %d of %d bytes: member %d, within a clip's head, is not kept whole:\n%s", limit, len(text), i, out)
			}
		}
	})
}

// The spread's runs are priced as they are written: a rare element beside
// the head costs no note, so the runs around it keep as many as runs
// alone; one in the middle is kept at every room, and where a tail
// stretch down to it parts no notes, the runs reach it from the end.
func TestSpreadElementsPricesRareElementsAsWritten(t *testing.T) {
	const n, width = 40, 40
	elems := make([][2]int, n+1)
	shapes := make([]int32, n+1)
	for i := range elems {
		elems[i] = [2]int{i * width, i*width + width - 2}
		shapes[i] = 1
	}
	from, to := 5, n
	kept := func(rare []int, room int) []int {
		return spreadElements(elems, shapes, rare, from, to, room, 0, "array element", 30, 0, 0)
	}
	// Beside the head, the rare element is the first of the run.
	alone := kept(nil, 1000)
	if got := kept([]int{from}, 1000); len(got) < len(alone) || got[0] != from {
		t.Errorf("a rare element beside the head: kept %v, runs alone %v", got, alone)
	}
	mid := from + (to-from)/2
	for _, room := range []int{600, 1000, 1400, 3000} {
		if got := kept([]int{mid}, room); !slices.Contains(got, mid) {
			t.Errorf("room %d: the rare element let go: %v", room, got)
		}
	}
	// Near the end, a stretch from it to the last keeps more than a run
	// from the first with the rare element apart.
	late := to - 3
	if got := kept([]int{late}, 1000); len(got) < len(alone) || !slices.Contains(got, to-1) {
		t.Errorf("a rare element near the end: kept %v, runs alone %v", got, alone)
	}
}

// Rare values are admitted to the spread, the rarest first, as many as
// still keep floor elements: the rarer here is the last before the tail,
// which a run's closing note reaches at no cost, the other sits alone in
// the middle and costs a gap note. Where keeping both would leave one
// element fewer than runs alone keep, the rarer stays and the other goes;
// where they cost nothing, both stay.
func TestSpreadElementsKeepsFloorBeforeRareValues(t *testing.T) {
	const n, width = 100, 40
	elems := make([][2]int, n+1)
	shapes := make([]int32, n+1)
	for i := range elems {
		elems[i] = [2]int{i * width, i*width + width - 2}
		shapes[i] = 1
	}
	from, to := 5, n
	rare := []int{to - 1, 60}
	kept := func(rare []int, room, floor int) []int {
		return spreadElements(elems, shapes, rare, from, to, room, 0, "array element", 40, floor, 0)
	}
	bit, rarer := 0, 0
	for room := 620; room <= 1400; room += 7 {
		alone := kept(nil, room, 0)
		all := kept(rare, room, 0)
		if !slices.Contains(all, rare[0]) {
			t.Fatalf("room %d: without a floor the rarest value is let go: %v", room, all)
		}
		capped := kept(rare, room, len(alone))
		if len(capped) < len(alone) {
			t.Errorf("room %d: kept %d with a floor of %d: %v", room, len(capped), len(alone), capped)
		}
		if len(all) >= len(alone) {
			if !slices.Equal(capped, all) {
				t.Errorf("room %d: the rare values cost nothing, yet the floor changed %v to %v", room, all, capped)
			}
			continue
		}
		bit++
		if rarest := kept(rare[:1], room, 0); len(rarest) >= len(alone) {
			if !slices.Contains(capped, rare[0]) {
				t.Errorf("room %d: the rarest value alone keeps the floor (%v), yet it went: %v", room, rarest, capped)
			}
			rarer++
		}
	}
	if bit == 0 || rarer == 0 {
		t.Fatalf("%d rooms where the rare values cost an element, %d where the rarer alone did not: the test tests too little", bit, rarer)
	}
}

// pipelineClipElements counts the elements the pipeline's clip keeps
// whole: planClip's own cut at the budget a planner's limit came from.
func TestPipelineClipElementsCountsTheClip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 300).Draw(t, "elements")
		lines := make([]string, n)
		for i := range lines {
			lines[i] = `{"id":` + itoa(i) + `,"pad":"` + strings.Repeat("p", rapid.IntRange(0, 200).Draw(t, "pad")) + `"}`
		}
		text := "[" + strings.Join(lines, ",\n") + "]\n"
		limit := rapid.IntRange(200, len(text)+200).Draw(t, "limit")
		elems, _, _ := jsonElements(text)
		clip := planClip(text, limit+plannerReserve(len(text)), clipReserve(len(text)))
		want := 0
		for _, e := range elems {
			for _, it := range clip.items {
				if it.start <= e[0] && e[1] <= it.end {
					want++
					break
				}
			}
		}
		if got := pipelineClipElements(text, elems, limit); got != want {
			t.Fatalf("counted %d, the clip keeps %d whole (items %v)", got, want, clip.items)
		}
	})
}

// A spread that falls back to one run (no layout of several keeps as many
// elements as a clip would) leaves its tailRoom to the elements before the
// last, as a clip's tail keeps them: the same one note, about as many
// elements, and the stream's end shown rather than a longer head.
func TestSpreadElementsOneRunKeepsAClipsTail(t *testing.T) {
	const n, width = 200, 40
	elems := make([][2]int, n+1)
	shapes := make([]int32, n+1)
	for i := range elems {
		elems[i] = [2]int{i * width, i*width + width - 2}
	}
	from, to := 10, n
	const room, want = 2000, 1000 // want unreachable: the fallback of one run
	head := spreadElements(elems, shapes, nil, from, to, room, 0, "array element", want, 0, 0)
	if len(head) == 0 || head[0] != from || slices.Contains(head, to-1) {
		t.Fatalf("no tail room: want one run after the head, got %v", head)
	}
	const tailRoom = 400
	split := spreadElements(elems, shapes, nil, from, to, room, 0, "array element", want, 0, tailRoom)
	if len(split) < len(head)-1 {
		t.Errorf("with tail room: kept %d, one run kept %d", len(split), len(head))
	}
	if split[0] != from || !slices.Contains(split, to-1) {
		t.Errorf("with tail room: want a run after the head and one before the end, got %v", split)
	}
	tail := 0
	for _, i := range split {
		if i > split[0]+len(split)/2 {
			tail += width
		}
	}
	if tail < tailRoom-width {
		t.Errorf("the tail run kept %d bytes, want about %d", tail, tailRoom)
	}
}

// Trimming a minified spread to fit drops the pick whose loss adds no gap
// note: the first of a run that reaches the last element (a clip's tail)
// but not back to the head, else the last pick.
func TestDropPick(t *testing.T) {
	const shown, last = 5, 20
	for _, c := range []struct {
		between, want []int
	}{
		{[]int{5, 6, 7, 16, 17, 18, 19}, []int{5, 6, 7, 17, 18, 19}}, // a tail run: its first goes
		{[]int{5, 6, 7, 8, 9}, []int{5, 6, 7, 8}},                    // a run from the head: its last
		{[]int{8, 12, 19}, []int{8, 12}},                             // a lone pick before the last: itself
		{[]int{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}, []int{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}}, // one run from head to end
		{[]int{10, 11, 15}, []int{10, 11}},
		{[]int{19}, []int{}},
	} {
		if got := dropPick(c.between, shown, last); !slices.Equal(got, c.want) {
			t.Errorf("dropPick(%v) = %v, want %v", c.between, got, c.want)
		}
	}
}
