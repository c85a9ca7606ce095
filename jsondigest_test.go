package headroom

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// distributions returns a pip-inspect-like document: an object whose
// "installed" array holds n objects too large to keep whole, each naming
// itself in a nested object (metadata.name, metadata.version) and in a
// member of its own after that object (metadata_location).
func distributions(n int) string {
	type metadata struct {
		Version     string   `json:"metadata_version"`
		Name        string   `json:"name"`
		Ver         string   `json:"version"`
		Summary     string   `json:"summary"`
		Description string   `json:"description"`
		Classifier  []string `json:"classifier"`
		License     string   `json:"license"`
	}
	type dist struct {
		Metadata metadata `json:"metadata"`
		Location string   `json:"metadata_location"`
	}
	doc := struct {
		Version   string `json:"version"`
		Installed []dist `json:"installed"`
		Env       struct {
			Platform string `json:"sys_platform"`
		} `json:"environment"`
	}{Version: "1"}
	for i := range n {
		name := fmt.Sprintf("package-%03d", i)
		doc.Installed = append(doc.Installed, dist{
			Metadata: metadata{"2.1", name, fmt.Sprintf("%d.%d.0", i%7, i), "Does thing " + itoa(i),
				strings.Repeat("A long README line. ", 200), strings.Split(strings.Repeat("Topic :: Software,", 30), ","), "MIT"},
			Location: "/usr/lib/python3/dist-packages/" + name + ".egg-info",
		})
	}
	doc.Env.Platform = "linux"
	b, _ := json.MarshalIndent(doc, "", "  ")
	return string(b) + "\n"
}

// An array of objects too large to keep whole — forty distributions of
// 5 KB each — is sampled by digests: at 16,000 bytes every one shows its
// name, version and location (in a nested object and after it) with its
// index; at 4,000 bytes the spread's picks do, from the first to the last.
func TestPlanJSONDigestsNameEveryElement(t *testing.T) {
	text := distributions(40)
	for _, limit := range []int{15000, 3600} {
		p, out := plannedJSON(t, text, limit)
		if size := itemsSize(p.items); size < limit*3/4 {
			t.Errorf("limit %d: %d bytes, under three quarters of the limit", limit, size)
		}
		named := 0
		for i := range 40 {
			name := fmt.Sprintf(`"name": "package-%03d",`, i)
			idents := []string{name + "\n" + fmt.Sprintf(`        "version": "%d.%d.0",`, i%7, i),
				fmt.Sprintf(`"metadata_location": "/usr/lib/python3/dist-packages/package-%03d.egg-info"`, i)}
			switch kept := strings.Contains(out, idents[0]) && strings.Contains(out, idents[1]); {
			case kept:
				named++
			case strings.Contains(out, name):
				t.Errorf("limit %d: element %d shows its name without its version or location", limit, i)
			}
		}
		want := 40
		if limit < 10000 {
			want = 6
		}
		if named < want {
			t.Errorf("limit %d: %d of 40 elements named, want %d:\n%s", limit, named, want, out)
		}
		for _, w := range []string{`"name": "package-000"`, `"name": "package-039"`, "[…index 39…]", `"sys_platform": "linux"`} {
			if !strings.Contains(out, w) {
				t.Errorf("limit %d: lost %q", limit, w)
			}
		}
		if limit < 10000 && !strings.Contains(out, "more array elements") {
			t.Errorf("limit %d: no count of the elements not shown", limit)
		}
	}
}

// checkVerbatimLines fails unless every line of out is a line of text, or
// the start of one followed by a note of headroom's own ("[…"), or a note
// alone: the outline writes nothing else. Leading white space is not
// compared: the sequence plan keeps an element from its first byte, and
// the indentation of the next one before a gap note.
func checkVerbatimLines(t interface{ Fatalf(string, ...any) }, text, out string) {
	lines := map[string]bool{"": true}
	for _, l := range strings.Split(text, "\n") {
		lines[strings.TrimLeft(l, " \t")] = true
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, markerPrefix) {
			continue
		}
		if at := strings.Index(l, "[…"); at >= 0 {
			if head := l[:at]; strings.TrimSpace(head) != "" && !strings.Contains(text, "\n"+head) && !strings.HasPrefix(text, head) {
				t.Fatalf("%q opens no input line", head)
			}
			continue
		}
		if m := inlineCut.FindStringSubmatchIndex(l); m != nil {
			// A long value cut inside its line (jsoncutobject.go): the
			// line's head, a note of the bytes left out, and its end.
			head, tail := strings.TrimLeft(l[:m[0]], " \t"), l[m[1]:]
			if !cutOfALine(lines, head, tail, l[m[2]:m[3]]) {
				t.Fatalf("%q is no input line cut in its middle", l)
			}
			continue
		}
		if !lines[strings.TrimLeft(l, " \t")] {
			t.Fatalf("%q is no input line", l)
		}
	}
}

// inlineCut matches the note of a value cut inside its line: `…[134 bytes]…`
// or `…[12 KB]…`.
var inlineCut = regexp.MustCompile(`…\[([0-9,]+ (?:bytes?|KB))\]…`)

// cutOfALine reports whether some input line (of lines, trimmed on the
// left) opens with head and ends with tail, with size (sizeText's form)
// between them: exactly so many bytes, or within half a KB of so many KB.
func cutOfALine(lines map[string]bool, head, tail, size string) bool {
	num, unit, _ := strings.Cut(size, " ")
	n := 0
	for _, c := range num {
		if c != ',' {
			n = n*10 + int(c-'0')
		}
	}
	for l := range lines {
		if len(l) < len(head)+len(tail) || !strings.HasPrefix(l, head) || !strings.HasSuffix(l, tail) {
			continue
		}
		cut := len(l) - len(head) - len(tail)
		if unit == "KB" && (cut+512)/1024 == n || unit != "KB" && cut == n {
			return true
		}
	}
	return false
}

// Properties of digests over random arrays of nested objects: a digest
// costs what its items write, every line it keeps is an input line in
// input order, and the outline that samples them holds its limit.
func TestJSONDigestProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keys := []string{"id", "name", "version", "ImportPath", "metadata_location", "summary", "body", "count", "nested", "deps", "flag"}
		var value func(depth int) any
		value = func(depth int) any {
			switch k := rapid.IntRange(0, 5).Draw(t, "kind"); {
			case k == 0 && depth < 3:
				m := map[string]any{}
				for range rapid.IntRange(0, 6).Draw(t, "members") {
					m[rapid.SampledFrom(keys).Draw(t, "key")] = value(depth + 1)
				}
				return m
			case k == 1 && depth < 3:
				var a []any
				for range rapid.IntRange(0, 4).Draw(t, "elements") {
					a = append(a, value(depth+1))
				}
				return a
			case k == 2:
				return rapid.IntRange(-5, 5000).Draw(t, "number")
			case k == 3:
				return rapid.Bool().Draw(t, "bool")
			default:
				return strings.Repeat(rapid.StringN(0, 12, -1).Draw(t, "string"), rapid.IntRange(1, 40).Draw(t, "repeat"))
			}
		}
		n := rapid.IntRange(2, 40).Draw(t, "n")
		var elems []any
		for range n {
			m := map[string]any{"bulk": strings.Repeat("x", rapid.IntRange(0, 3000).Draw(t, "bulk"))}
			for range rapid.IntRange(0, 6).Draw(t, "members") {
				m[rapid.SampledFrom(keys).Draw(t, "key")] = value(1)
			}
			elems = append(elems, m)
		}
		indent := rapid.SampledFrom([]string{"  ", "\t"}).Draw(t, "indent")
		b, _ := json.MarshalIndent(map[string]any{"items": elems, "total": n}, "", indent)
		text := string(b)

		// Each digest alone.
		top, ok := scanJSONTop(text)
		if !ok {
			t.Fatal("not JSON")
		}
		o := &outliner{text: text, budget: len(text)}
		var parent onode
		for _, m := range top.elems {
			if strings.HasPrefix(text[m[0]:], `"items"`) {
				parent = o.place(m, 1, false, nil)
			}
		}
		for j := range parent.elems {
			for _, full := range []bool{false, true} {
				tree := o.digest(parent.elems, j, 2, true, full)
				if tree == nil {
					continue
				}
				d := &outliner{text: text, nodes: tree}
				items := d.items()
				if got := itemsSize(items); got != tree[0].cost {
					t.Fatalf("element %d: digest costs %d, its items %d", j, tree[0].cost, got)
				}
				pos := 0
				for _, it := range items {
					if it.end > it.start {
						if it.start < pos {
							t.Fatalf("element %d: range %d-%d before %d", j, it.start, it.end, pos)
						}
						pos = it.end
					}
				}
				checkVerbatimLines(t, text, render(text, plan{items: items, markerAt: len(items)}, marker{}))
			}
		}

		// The outline that samples them, or the sequence plan of the
		// elements alone: an array, a stream.
		shape := rapid.SampledFrom([]string{"object", "array", "stream", "minified array", "map"}).Draw(t, "shape")
		switch shape {
		case "map": // a map keyed by name (rustc --print all-target-specs-json)
			m := map[string]any{}
			for i, e := range elems {
				m[fmt.Sprintf("target-%03d", i)] = e
			}
			b, _ = json.MarshalIndent(m, "", indent)
			text = string(b)
		case "minified array": // eslint -f json
			b, _ = json.Marshal(elems)
			text = string(b)
		case "array":
			b, _ = json.MarshalIndent(elems, "", indent)
			text = string(b)
		case "stream":
			var docs []string
			for _, e := range elems {
				b, _ := json.MarshalIndent(e, "", indent)
				docs = append(docs, string(b))
			}
			text = strings.Join(docs, "\n") + "\n"
		}
		limit := rapid.IntRange(400, max(400, min(20000, len(text)))).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		checkPlan(t, text, p, limit)
		if shape != "minified array" { // laid out in lines of headroom's own
			checkVerbatimLines(t, text, render(text, p, marker{what: p.what, hint: p.hint}))
		}
		pos := 0
		for _, it := range p.items {
			if it.end > it.start {
				if it.start < pos {
					t.Fatalf("range %d-%d before %d", it.start, it.end, pos)
				}
				pos = it.end
			}
		}
	})
}

// manifests returns a top-level array of n package manifests of some
// 3 KB each (npm view 'pkg@*' --json), the one at index bad a failure of
// another shape.
func manifests(n, bad int) string {
	var elems []any
	for i := range n {
		if i == bad {
			elems = append(elems, map[string]any{"_id": fmt.Sprintf("pkg@1.%d.0", i), "error": "E404: tarball not found"})
			continue
		}
		elems = append(elems, map[string]any{
			"_id":      fmt.Sprintf("pkg@1.%d.0", i),
			"version":  fmt.Sprintf("1.%d.0", i),
			"readme":   strings.Repeat("Lorem ipsum dolor sit amet. ", 100),
			"keywords": strings.Split(strings.Repeat("json,", 20), ","),
			"dist":     map[string]any{"shasum": fmt.Sprintf("%040d", i), "tarball": fmt.Sprintf("https://registry.example/pkg/-/pkg-1.%d.0.tgz", i)},
		})
	}
	b, _ := json.MarshalIndent(elems, "", "  ")
	return string(b) + "\n"
}

// A top-level array of large objects, too many for the ends of every one:
// the sequence plan names most of them by their digests (or, in less
// room, a roll of their naming lines), spread over the whole array, and
// keeps the one of a rare shape whole.
func TestPlanJSONSequenceDigests(t *testing.T) {
	text := manifests(60, 37)
	for _, limit := range []int{15000, 3600} {
		_, out := plannedJSON(t, text, limit)
		named := 0
		for i := range 60 {
			if strings.Contains(out, fmt.Sprintf(`"_id": "pkg@1.%d.0",`, i)) {
				named++
			}
		}
		want := 50
		if limit < 10000 {
			want = 12
		}
		if named < want {
			t.Errorf("limit %d: %d of 60 elements named, want %d:\n%s", limit, named, want, out)
		}
		wants := []string{`"_id": "pkg@1.0.0"`, `"_id": "pkg@1.59.0"`, `"error": "E404: tarball not found"`, "by their naming"}
		if strings.Contains(out, "by their naming members") { // digests, not a roll of naming lines
			wants = append(wants, "[…index 30…]")
		}
		for _, w := range wants {
			if !strings.Contains(out, w) {
				t.Errorf("limit %d: lost %q", limit, w)
			}
		}
	}
}

// A map of package objects (a lockfile's "packages") is sampled by
// digests too: each key with its naming members, several times as many
// as whole entries would show.
func TestPlanJSONMapDigests(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"lockfileVersion\": 3,\n  \"packages\": {\n")
	const n = 400
	for i := range n {
		fmt.Fprintf(&b, "    \"node_modules/pkg-%03d\": {\n      \"version\": \"2.%d.0\",\n", i, i)
		fmt.Fprintf(&b, "      \"resolved\": \"https://registry.example/pkg-%03d/-/pkg-%03d-2.%d.0.tgz\",\n", i, i, i)
		fmt.Fprintf(&b, "      \"integrity\": \"sha512-%s==\",\n      \"dev\": true,\n", strings.Repeat("A", 86))
		fmt.Fprintf(&b, "      \"engines\": {\n        \"node\": \">=12\"\n      }\n    }")
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }\n}\n")
	text := b.String()
	p, ok := planJSON(text, 15000)
	if !ok {
		t.Fatal("declined")
	}
	checkPlan(t, text, p, 15000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	checkVerbatimLines(t, text, out)
	named := 0
	for i := range n {
		if strings.Contains(out, fmt.Sprintf("\"node_modules/pkg-%03d\": {\n      \"version\": \"2.%d.0\",", i, i)) {
			named++
		}
	}
	if whole := 15000 / 300; named < 2*whole {
		t.Errorf("%d of %d entries named with their version, want at least %d:\n%s", named, n, 2*whole, out)
	}
}

// A map of alike objects keyed by name, pretty-printed (rustc's target
// specs, a bundle's inputs by path), is read as a sequence: its members
// are named by their digests — the key line, the naming members of the
// objects they hold — and the last member keeps its key line whole, its
// indentation with it.
func TestPlanJSONFlatMapMemberDigests(t *testing.T) {
	const n = 40
	text := riscvSpecs(n)
	for _, limit := range []int{4000, 15000} {
		_, out := plannedJSON(t, text, limit)
		named := 0
		for i := range n {
			if strings.Contains(out, fmt.Sprintf("\n  \"riscv%02d-unknown-elf\": {\n", i)) &&
				strings.Contains(out, fmt.Sprintf(`"name": "RISC-V board %d"`, i)) {
				named++
			}
		}
		if want := min(limit/500, 20); named < want {
			t.Errorf("limit %d: %d of %d members named with their nested name, want %d:\n%s", limit, named, n, want, out)
		}
		if last := fmt.Sprintf("\n  \"riscv%02d-unknown-elf\": {\n", n-1); !strings.Contains(out, last) {
			t.Errorf("limit %d: the last member's key line lost %q:\n%s", limit, last, out)
		}
	}
}

// A member that no naming member names (rustc's target specs: arch, cpu,
// features, and a metadata object of description, tier, std) is named by
// its one-line description, as a name would (a null description or a
// paragraph names nothing).
func TestPlanJSONDigestsDescribeUnnamedMembers(t *testing.T) {
	m := map[string]any{}
	const n = 30
	for i := range n {
		meta := map[string]any{"description": fmt.Sprintf("Bare RISC-V board %d", i), "tier": 3, "std": nil}
		switch i % 7 {
		case 1:
			meta["description"] = nil
		case 2:
			meta["description"] = strings.Repeat("A paragraph of prose. ", 10)
		}
		m[fmt.Sprintf("riscv%02d-unknown-elf", i)] = map[string]any{
			"arch":        "riscv32",
			"data-layout": "e-m:e-p:32:32-i64:64-n32-S128",
			"features":    strings.Repeat("+m,+a,+c,", 8),
			"linker":      "rust-lld",
			"metadata":    meta,
			"options":     strings.Split(strings.Repeat("opt,", 120), ","),
		}
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	text := string(b)
	for _, limit := range []int{4000, 15000} {
		_, out := plannedJSON(t, text, limit)
		described := 0
		for i := 1; i < n-1; i++ { // the first and the last are kept whole
			key := fmt.Sprintf("\n  \"riscv%02d-unknown-elf\": {\n", i)
			desc := fmt.Sprintf(`"description": "Bare RISC-V board %d",`, i)
			if !strings.Contains(out, key) {
				continue
			}
			if i%7 != 1 && i%7 != 2 {
				if strings.Contains(out, desc) {
					described++
				} else {
					t.Errorf("limit %d: member %d shown without its description:\n%s", limit, i, out)
				}
			}
		}
		if want := min(limit/1000, 6); described < want {
			t.Errorf("limit %d: %d members described, want %d:\n%s", limit, described, want, out)
		}
	}
}

// A minified array of file results too large for the first to fit the
// head's room (eslint -f json) keeps what a blind clip keeps — its head
// and its tail verbatim — and names the elements between by their
// digests: the path of every one at 16,000 bytes.
func TestPlanJSONMinifiedDigests(t *testing.T) {
	var results []any
	for i := range 30 {
		var msgs []any
		for m := range 40 {
			msgs = append(msgs, map[string]any{"ruleId": "no-var", "severity": 1, "message": "Unexpected var.", "line": m + 1})
		}
		results = append(results, map[string]any{"filePath": fmt.Sprintf("/src/lib/file%02d.js", i), "messages": msgs,
			"errorCount": 0, "warningCount": 40, "source": strings.Repeat("var x = 1;\n", 300)})
	}
	b, _ := json.Marshal(results)
	text := string(b)
	for _, limit := range []int{15000, 3600} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		for _, w := range []string{text[:limit/8], text[len(text)-limit/16:], `"filePath":"/src/lib/file15.js",`, `"filePath":"/src/lib/file29.js"`} {
			if !strings.Contains(out, w) {
				t.Errorf("limit %d: lost %q", limit, w[:min(len(w), 60)])
			}
		}
		if named := strings.Count(out, `"filePath":"/src/lib/file`); limit > 10000 && named < 30 || named < 8 {
			t.Errorf("limit %d: %d of 30 paths named:\n%s", limit, named, out)
		}
	}
}

// An element whose own plan opens with a note (its members counted, not
// kept) is not moved back to the end of the element before it: the
// note's range is empty, and moving its start made a range 351-0
// (TestJSONDigestProperties, seed 6292953694964798349).
func TestSequenceDigestNoteAfterAWholeElement(t *testing.T) {
	elems := []string{`{"bulk":""}`, `{"bulk":"","flag":[["","","",""],["","","",0]],"id":[{"id":""},{"id":false},false,{}],"name":{}}`, `{"bulk":""}`, `{"bulk":"","id":false,"name":{}}`}
	var docs []any
	for _, e := range elems {
		var v any
		require.NoError(t, json.Unmarshal([]byte(e), &v))
		docs = append(docs, v)
	}
	b, err := json.MarshalIndent(docs, "", "  ")
	require.NoError(t, err)
	text := string(b)
	p, ok := planJSON(text, 400)
	require.True(t, ok)
	checkPlan(t, text, p, 400)
}

// plannedJSON returns text's plan by planJSON at limit and its output,
// failing t when planJSON declines, when the plan breaks what every plan
// must hold (checkPlan), or when a line of the output is not the input's
// (checkVerbatimLines).
func plannedJSON(t *testing.T, text string, limit int) (plan, string) {
	t.Helper()
	p, ok := planJSON(text, limit)
	if !ok {
		t.Fatalf("limit %d: declined", limit)
	}
	checkPlan(t, text, p, limit)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	checkVerbatimLines(t, text, out)
	return p, out
}

// A sequence plan's digests count the members they hide once, before
// their closing line, rather than in a note for each hidden run: rustc's
// target specs show a key line and a nested description, and the notes
// around them cost as much as the lines. The picks the former layout
// made are kept, and what the layout saves names more members: at 4,000
// bytes 16 of 40 were named with a note for each run, now 18 at least.
func TestPlanJSONCompactDigestsNameMore(t *testing.T) {
	const n = 40
	text := riscvSpecs(n)
	// The digests' plan itself: planJSON lays these out as a roll
	// (TestPlanJSONRollNamesEveryMember).
	top, _ := scanJSONTop(text)
	its, _, _, ok := planSequenceDigests(text, top.elems, top.shapes, top.kind, 4000)
	if !ok {
		t.Fatal("no digests")
	}
	p := plan{strategy: StrategyJSON, items: its, markerAt: len(its), digest: true}
	checkPlan(t, text, p, 4000)
	out := render(text, p, marker{tokens: 1})
	named := 0
	for i := range n {
		if strings.Contains(out, fmt.Sprintf("\n  \"riscv%02d-unknown-elf\": {\n", i)) &&
			strings.Contains(out, fmt.Sprintf(`"name": "RISC-V board %d"`, i)) {
			named++
		}
	}
	if named < 18 {
		t.Errorf("%d of %d members named, want 18:\n%s", named, n, out)
	}
	// Each digest: its key line, the metadata object's lines, and one
	// note, of the five members hidden, before the member's closing line.
	digest := regexp.MustCompile(`(?m)^  "riscv\d\d-unknown-elf": \{\n    "metadata": \{\n(      .*\n)+    \},\n    \[…5 members…\]\n  \},?$`)
	if got := len(digest.FindAllString(out, -1)); got < named-2 {
		t.Errorf("%d digests with one count note, want %d:\n%s", got, named-2, out)
	}
}

// morePicks only adds picks: sorted, each between lo and hi, those given
// kept, and the cost within room whenever the picks given were.
func TestMorePicksAddsWithinRoom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.IntRange(-1, 5).Draw(t, "lo")
		hi := lo + rapid.IntRange(1, 60).Draw(t, "hi")
		each := rapid.IntRange(1, 20).Draw(t, "each")
		room := rapid.IntRange(0, 400).Draw(t, "room")
		var sel []int
		for j := lo + 1; j < hi; j++ {
			if rapid.Bool().Draw(t, "picked") {
				sel = append(sel, j)
			}
		}
		cost := func(s []int) int { return len(s) * each }
		got := morePicks(slices.Clone(sel), lo, hi, room, cost)
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("picks %v not sorted and distinct", got)
		}
		for _, j := range got {
			if j <= lo || j >= hi {
				t.Fatalf("pick %d outside (%d, %d)", j, lo, hi)
			}
		}
		for _, j := range sel {
			if !slices.Contains(got, j) {
				t.Fatalf("pick %d dropped: %v -> %v", j, sel, got)
			}
		}
		if cost(sel) <= room && cost(got) > room {
			t.Fatalf("cost %d over room %d", cost(got), room)
		}
		if cost(got)+each <= room && len(got) < hi-lo-1 {
			t.Fatalf("room for another pick left: %v in (%d, %d), cost %d of %d", got, lo, hi, cost(got), room)
		}
	})
}

// riscvSpecs returns a pretty-printed map of n alike target specs keyed
// by name, each named only by its nested metadata name (rustc's
// --print all-target-specs-json through jq).
func riscvSpecs(n int) string {
	m := map[string]any{}
	for i := range n {
		m[fmt.Sprintf("riscv%02d-unknown-elf", i)] = map[string]any{
			"arch":        "riscv32",
			"data-layout": "e-m:e-p:32:32-i64:64-n32-S128",
			"features":    strings.Repeat("+m,+a,+c,", 8),
			"linker":      "rust-lld",
			"metadata":    map[string]any{"name": fmt.Sprintf("RISC-V board %d", i), "tier": 3},
			"options":     strings.Split(strings.Repeat("opt,", 20), ","),
		}
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return string(b)
}
