package headroom

import (
	"encoding/json"
	"strings"
	"testing"
)

// explainNode is a node of npm explain --json's tree: the package that
// depends on the one explained (from), reached by an edge (type, name,
// spec) in its parent's dependents.
type explainNode struct {
	Name       string        `json:"name"`
	Version    string        `json:"version"`
	Location   string        `json:"location"`
	Dependents []explainEdge `json:"dependents,omitempty"`
}

type explainEdge struct {
	Type string      `json:"type"`
	Name string      `json:"name"`
	Spec string      `json:"spec"`
	From explainNode `json:"from"`
}

// explainTree returns npm explain --json of a package depended on by a
// tree depth levels deep, fan dependents at each node, every edge a
// "prod" one: an array of one root object, its flags after the tree.
func explainTree(depth, fan int) string {
	n := 0
	var build func(name string, depth int) explainNode
	build = func(name string, depth int) explainNode {
		n++
		node := explainNode{Name: name, Version: "1." + itoa(n) + ".0", Location: "node_modules/" + name}
		if depth == 0 {
			return node
		}
		for range fan {
			n++
			dep := "pkg-" + itoa(n)
			node.Dependents = append(node.Dependents, explainEdge{Type: "prod", Name: name, Spec: "^1.0.0", From: build(dep, depth-1)})
		}
		return node
	}
	root := build("explained", depth)
	out, _ := json.MarshalIndent([]explainRoot{{root, false, true}}, "", "  ")
	return string(out) + "\n"
}

// explainRoot is the root object: the node explained, then its flags.
type explainRoot struct {
	explainNode
	Dev     bool `json:"dev"`
	Bundled bool `json:"bundled"`
}

// In a tree whose edges are all "type": "prod" and whose nodes are all
// a "from": { member, neither line names a node: the roll spends its
// room on names and versions instead.
func TestTreeRollDemotesSharedNamingLines(t *testing.T) {
	text := explainTree(4, 3)
	nodes, _ := treeNodes(text, 0, len(text), `"dependents"`)
	for _, n := range nodes {
		for _, l := range n.lines[rankNaming] {
			if line := strings.TrimSpace(text[l[0]:l[1]]); line == `"type": "prod",` || line == `"from": {` {
				t.Fatalf("%q ranks as naming, though most nodes share it", line)
			}
		}
	}
	limit := len(text) / 4
	p, ok := planJSON(text, limit)
	if !ok || !strings.Contains(p.what, "tree nested by") {
		t.Fatalf("planned %v, what %q: want the tree roll", ok, p.what)
	}
	out := checkDocPlan(t, text, p, limit)
	if strings.Contains(out, `"type": "prod"`) && strings.Count(out, `"version"`) < len(nodes)/4 {
		t.Errorf("shared lines kept while few versions are:\n%s", out)
	}
}

// The tree's root keeps its naming lines first, as a clip's head shows
// them, and the document's end keeps a clip's tail though the tree is
// the whole document: the root's closing flags.
func TestTreeRollKeepsAClipsEnds(t *testing.T) {
	text := explainTree(5, 3)
	for _, limit := range []int{len(text) / 30, len(text) / 10} {
		p, ok := planJSON(text, limit)
		if !ok || !strings.Contains(p.what, "tree nested by") {
			t.Fatalf("limit %d: planned %v, what %q: want the tree roll", limit, ok, p.what)
		}
		out := checkDocPlan(t, text, p, limit)
		root := "    \"name\": \"explained\",\n    \"version\": \"1.1.0\",\n    \"location\": \"node_modules/explained\",\n"
		if !strings.Contains(out, root) {
			t.Errorf("limit %d: the root's naming lines are not kept together:\n%s", limit, out)
		}
		// A blind clip's tail, line-aligned, is in the output verbatim.
		tail := text[len(text)-(limit-sequenceNoteRoom)/8:]
		tail = tail[strings.IndexByte(tail, '\n')+1:]
		if !strings.HasSuffix(strings.TrimRight(out[:strings.LastIndex(out, "[…headroom:")], "\n"), strings.TrimRight(tail, "\n")) {
			t.Errorf("limit %d: the output does not end with a clip's tail %q:\n%s", limit, tail, out)
		}
	}
}

// A roll that names fewer than a third of the nodes keeps a clip's head
// whole first, the first nodes with all their lines; one that names
// more keeps only the text before the first node and its naming lines.
func TestTreeRollThinGrowsAClipsHead(t *testing.T) {
	text := explainTree(5, 3)
	thin := 3000
	p, ok := planJSON(text, thin)
	if !ok || !strings.Contains(p.what, "tree nested by") {
		t.Fatalf("planned %v, what %q: want the tree roll", ok, p.what)
	}
	out := checkDocPlan(t, text, p, thin)
	if head := text[:thin/2]; !strings.HasPrefix(out, head) {
		t.Errorf("a thin roll does not open with a clip's head %q:\n%s", head, out)
	}
	nodes, _ := treeNodes(text, 0, len(text), `"dependents"`)
	if !strings.Contains(p.what, "kept ") || 3*countKept(p.what) >= len(nodes) {
		t.Errorf("%q: want fewer than a third of %d nodes named at %d bytes", p.what, len(nodes), thin)
	}
	wide := len(text) / 3
	p, ok = planJSON(text, wide)
	if !ok || !strings.Contains(p.what, "tree nested by") {
		t.Fatalf("planned %v, what %q: want the tree roll", ok, p.what)
	}
	if out := checkDocPlan(t, text, p, wide); strings.HasPrefix(out, text[:wide/2]) {
		t.Errorf("a roll naming %q opens with a clip's head", p.what)
	}
}

// countKept reads N of "kept N of the M nodes".
func countKept(what string) int {
	n := 0
	for _, c := range what[strings.Index(what, "kept ")+len("kept "):] {
		if c < '0' || c > '9' {
			break
		}
		n = 10*n + int(c-'0')
	}
	return n
}
