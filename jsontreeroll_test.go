package headroom

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// planNode is a node of a query plan as EXPLAIN (FORMAT JSON) writes it:
// a node type, for a scan the relation it reads, counters alike in most
// nodes, and its children in a "Plans" array.
type planNode struct {
	NodeType string      `json:"Node Type"`
	Parallel bool        `json:"Parallel Aware"`
	Relation string      `json:"Relation Name,omitempty"`
	Cond     string      `json:"Hash Cond,omitempty"`
	Cost     float64     `json:"Total Cost"`
	Hits     int         `json:"Shared Hit Blocks"`
	Written  int         `json:"Temp Written Blocks"`
	Plans    []*planNode `json:"Plans,omitempty"`
}

// queryPlan returns a plan fan(i, depth) children wide at each node, depth
// levels deep: joins above, scans of relations rel_N at the leaves, each
// numbered in the order a walk meets it.
func queryPlan(depth int, fan func(i, depth int) int) *planNode {
	n := 0
	var build func(depth int) *planNode
	build = func(depth int) *planNode {
		n++
		p := &planNode{Cost: float64(n) * 1.5, Hits: n % 3}
		kids := 0
		if depth > 0 {
			kids = fan(n, depth)
		}
		if kids == 0 {
			p.NodeType, p.Relation = "Seq Scan", "rel_"+itoa(n)
			return p
		}
		p.NodeType, p.Cond = "Hash Join", "(t"+itoa(n)+".oid = u.oid)"
		for range kids {
			p.Plans = append(p.Plans, build(depth-1))
		}
		return p
	}
	return build(depth)
}

// explainJSON returns the plan as psql -At prints EXPLAIN (FORMAT JSON):
// an array of one object, the plan and its times.
func explainJSON(root *planNode) string {
	b, _ := json.MarshalIndent([]any{map[string]any{"Plan": root, "Planning Time": 7.851, "Execution Time": 6.181}}, "", "  ")
	return string(b) + "\n"
}

// relations returns the Relation Name lines of the plan's scans.
func relations(root *planNode) []string {
	var out []string
	var walk func(p *planNode)
	walk = func(p *planNode) {
		if p.Relation != "" {
			out = append(out, `"Relation Name": "`+p.Relation+`"`)
		}
		for _, k := range p.Plans {
			walk(k)
		}
	}
	walk(root)
	return out
}

// A query plan cut by five times keeps every scan's relation, however
// deep, by its naming lines; the outline of the same document, opening
// the top levels first, names fewer of them.
func TestTreeRollNamesDeepNodes(t *testing.T) {
	root := queryPlan(6, func(i, depth int) int { return 1 + (i+depth)%2 })
	text := explainJSON(root)
	limit := len(text) / 5
	rels := relations(root)
	if len(rels) < 8 {
		t.Fatalf("the plan has %d scans, want 8 or more", len(rels))
	}
	p, ok := planJSON(text, limit)
	if !ok || !strings.Contains(p.what, `tree nested by "Plans"`) {
		t.Fatalf("planned %v, what %q: want the tree roll", ok, p.what)
	}
	out := checkDocPlan(t, text, p, limit)
	for _, want := range append(rels, `"Execution Time": 6.181`, "    \"Plan\": {\n      \"Node Type\": \"Hash Join\",") {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q", want)
		}
	}
	if strings.Contains(out, `"Parallel Aware": false`) {
		t.Errorf("a member every node shares is kept:\n%s", out)
	}
	top, _ := scanJSONTop(text)
	_, items, ok := outline(text, 0, top.end, &top, limit, false, true, true, -1)
	if !ok {
		t.Fatal("the plan should have an outline")
	}
	outlined := render(text, plan{items: items, markerAt: len(items)}, marker{})
	named := 0
	for _, r := range rels {
		if strings.Contains(outlined, r) {
			named++
		}
	}
	if named >= len(rels) {
		t.Errorf("the outline names all %d scans too: the roll gains nothing here", named)
	}
}

// Round by round the roll keeps each node's naming lines before any
// node's counters: at a limit too small for every line, every scan is
// still named.
func TestTreeRollNamesBeforeCounters(t *testing.T) {
	root := queryPlan(5, func(i, depth int) int { return 2 })
	text := explainJSON(root)
	rels := relations(root)
	limit := len(text) / 8
	p, ok := planJSON(text, limit)
	if !ok || !strings.Contains(p.what, "tree nested by") {
		t.Fatalf("planned %v, what %q: want the tree roll", ok, p.what)
	}
	out := checkDocPlan(t, text, p, limit)
	for _, r := range rels {
		if !strings.Contains(out, r) {
			t.Errorf("lost %q while counters are kept:\n%s", r, out)
			break
		}
	}
}

func TestTreeRollDeclines(t *testing.T) {
	plan := explainJSON(queryPlan(5, func(i, depth int) int { return 2 }))
	npm, _ := json.MarshalIndent(map[string]any{"name": "lib", "dependencies": pkgTree("p", 5, func(i, depth int) int { return 2 }).Dependencies}, "", "  ")
	small := explainJSON(queryPlan(2, func(i, depth int) int { return 2 }))
	for _, c := range []struct{ name, text string }{
		{"a tree of maps keyed by name (npm ls --json): the outline shows the keys", string(npm) + "\n"},
		{"minified: no member has a line of its own", mustMarshal([]any{map[string]any{"Plan": queryPlan(5, func(i, depth int) int { return 2 })}})},
		{"no tree", manifests(20, 5)},
		{"fewer than treeRollMin nodes", small},
		{"a stream of plans", plan + plan},
	} {
		if _, ok := scanJSONTop(c.text); !ok {
			t.Fatalf("%s: does not scan", c.name)
		}
		if p, ok := planJSON(c.text, 400); ok && strings.Contains(p.what, "tree nested by") {
			t.Errorf("%s: planned as a tree roll: %q", c.name, p.what)
		}
	}
}

func TestTreeNodesRanks(t *testing.T) {
	text := `{
  "Node Type": "Sort",
  "Mode": "a",
  "Same": "x",
  "Cost": 1,
  "Plans": [
    {
      "Node Type": "Seq Scan",
      "Mode": "a",
      "Same": "x",
      "Relation Name": "t1",
      "Cost": 2
    },
    {
      "Node Type": "Index Scan",
      "Mode": "b",
      "Same": "x",
      "Relation Name": "t2",
      "Cost": 3,
      "Output": ["a", "b"]
    }
  ]
}
`
	nodes, maps := treeNodes(text, 0, len(text), `"Plans"`)
	if maps || len(nodes) != 3 {
		t.Fatalf("%d nodes (maps %v), want 3 in arrays", len(nodes), maps)
	}
	show := func(ls [][2]int) []string {
		var out []string
		for _, l := range ls {
			out = append(out, strings.TrimSpace(text[l[0]:l[1]]))
		}
		return out
	}
	n := nodes[2]
	want := [treeRanks][]string{
		rankNaming:     {`"Relation Name": "t2",`},
		rankRareString: {`"Node Type": "Index Scan",`},
		rankString:     {`"Mode": "b",`},
		rankScalar:     {`"Cost": 3,`},
	}
	for rank := range want {
		if got := show(n.lines[rank]); !slices.Equal(got, want[rank]) {
			t.Errorf("rank %d: %q, want %q (a value all nodes share is none: \"Same\"; an array is none: \"Output\")", rank, got, want[rank])
		}
	}
	if nodes[0].start != 0 || nodes[1].start > nodes[2].start {
		t.Errorf("nodes out of input order: %+v", nodes)
	}
}

func TestSelfNestedKey(t *testing.T) {
	for doc, want := range map[string]string{
		`{"Plan":{"Plans":[{"Plans":[{"Plans":[]}]}]}}`: `"Plans"`,
		`{"a":{"b":{"a":{"b":{}}}}}`:                    "",
		`[{"x":{"x":{"x":{}}}}]`:                        `"x"`,
	} {
		if got, _ := selfNestedKey(doc, 0, len(doc)); got != want {
			t.Errorf("selfNestedKey(%s) = %q, want %q", doc, got, want)
		}
	}
}

func TestEvenOrder(t *testing.T) {
	for n := range 40 {
		got := evenOrder(n)
		sorted := slices.Sorted(slices.Values(got))
		for i, v := range sorted {
			if v != i {
				t.Fatalf("evenOrder(%d) = %v, not a permutation of 0…%d", n, got, n-1)
			}
		}
		if n >= 3 && (got[0] != 0 || got[1] != n-1 || got[2] != (n-1)/2) {
			t.Errorf("evenOrder(%d) opens %v, want the first, the last, the middle", n, got[:3])
		}
	}
}

// An array of one large object that is no tree is planned as that
// object, by its outline, where it used to be declined.
func TestOneElementArrayIsOutlined(t *testing.T) {
	text := "[\n" + strings.ReplaceAll(manifestsObject(40), "\n", "\n  ") + "\n]\n"
	limit := len(text) / 4
	p, ok := planJSON(text, limit)
	if !ok || !strings.Contains(p.what, "kept the outline") {
		t.Fatalf("planned %v, what %q: want the outline", ok, p.what)
	}
	checkDocPlan(t, text, p, limit)
}

// manifestsObject returns a pretty-printed object whose bulk is nested:
// a map of n manifests and a few scalar members.
func manifestsObject(n int) string {
	m := map[string]any{}
	for i := range n {
		m["pkg-"+itoa(i)] = map[string]any{"version": "1." + itoa(i) + ".0", "description": strings.Repeat("words ", 10), "files": []string{"a.js", "b.js"}}
	}
	b, _ := json.MarshalIndent(map[string]any{"name": "registry", "count": n, "packages": m}, "", "  ")
	return string(b)
}

// Properties of the tree roll over random plans, pretty-printed, at any
// limit: the plan holds its limit, keeps whole input lines in order, and
// the same tree and limit give the same bytes.
func TestTreeRollProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		depth := rapid.IntRange(1, 9).Draw(t, "depth")
		fan := rapid.IntRange(1, 4).Draw(t, "fan")
		seed := rapid.IntRange(0, 100).Draw(t, "seed")
		text := explainJSON(queryPlan(depth, func(i, d int) int { return (i*seed + d) % (fan + 1) }))
		limit := rapid.IntRange(200, max(200, len(text))).Draw(t, "limit")
		top, ok := scanJSONTop(text)
		if !ok {
			t.Fatalf("a marshalled plan does not scan: %q", text)
		}
		p, ok := planTreeRoll(text, top, `"Plans"`, limit)
		if !ok {
			return
		}
		out := checkDocPlan(t, text, p, limit)
		for _, it := range p.items {
			if it.note == "" && (it.start > 0 && text[it.start-1] != '\n' || it.end < len(text) && text[it.end-1] != '\n') {
				t.Fatalf("item %+v is no run of whole lines: %q", it, text[it.start:it.end])
			}
		}
		again, _ := planTreeRoll(text, top, `"Plans"`, limit)
		if got := render(text, again, marker{tokens: len(text), what: clean(again.what, maxWhat), hint: clean(again.hint, maxHint)}); got != out {
			t.Fatalf("the same tree planned twice differs:\n%s\n---\n%s", out, got)
		}
	})
}

// FuzzTreeRoll: no panic on any JSON document, and a plan holds its limit
// with its ranges in order.
func FuzzTreeRoll(f *testing.F) {
	f.Add(explainJSON(queryPlan(4, func(i, depth int) int { return 2 })), 600)
	f.Add("{\"c\": [\n  {\"c\": [\n    {\"c\": [\n      {\"n\": \"a\\\"]}\"}\n    ]}\n  ]}\n]}\n", 200)
	f.Add("[{\"k\":[{\"k\":[{\"k\":[]}]}]}]", 300)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		limit = 200 + abs(limit)%10000
		top, ok := scanJSONTop(text)
		if !ok {
			return
		}
		key, _ := selfNestedKey(text, 0, top.end)
		p, ok := planTreeRoll(text, top, key, limit)
		if !ok {
			return
		}
		checkPlan(t, text, p, limit)
		checkInOrder(t, p)
	})
}

// A tree cut by little is left to the outline: its roll, every line of
// every node but no bracket, would leave a quarter of the limit unused,
// where the outline keeps a clip's head verbatim.
func TestTreeRollLeavesALightCutToTheOutline(t *testing.T) {
	text := explainJSON(queryPlan(4, func(i, depth int) int { return 2 }))
	limit := len(text) * 9 / 10
	top, _ := scanJSONTop(text)
	if _, ok := planTreeRoll(text, top, `"Plans"`, limit); ok {
		t.Fatalf("a tree cut by a tenth is rolled")
	}
	if _, ok := planTreeRoll(text, top, `"Plans"`, len(text)/4); !ok {
		t.Fatalf("the same tree cut by four times is not rolled")
	}
	p, ok := planJSON(text, limit)
	if !ok || !strings.Contains(p.what, "kept the outline") {
		t.Fatalf("planned %v, what %q: want the outline", ok, p.what)
	}
	checkDocPlan(t, text, p, limit)
}

// At every small limit a real tree whose roll is thin (npm explain's
// dependents, the same few names over and over) is rolled within its
// limit or left to the outline: once its ends and note took the room, the
// thin roll's clip head was sought before the document's start (limit
// 200: a slice at -36).
func TestTreeRollSmallLimits(t *testing.T) {
	b, err := os.ReadFile("testdata/corpus/json_npm_explain_json_npmcli_git_in_npm_11_19_tree/input.txt")
	require.NoError(t, err)
	text := string(b)
	top, ok := scanJSONTop(text)
	require.True(t, ok)
	key, _ := selfNestedKey(text, 0, top.end)
	require.NotEmpty(t, key, "npm explain's tree has no self-nested key")
	rolled := 0
	for limit := 0; limit <= 1200; limit++ {
		p, ok := planTreeRoll(text, top, key, limit)
		if !ok {
			continue
		}
		rolled++
		checkPlan(t, text, p, limit)
		checkInOrder(t, p)
	}
	require.NotZero(t, rolled, "no limit up to 1,200 rolled the tree")
}
