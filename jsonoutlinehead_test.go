package headroom

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

// pkgNode is a package of an npm ls --json tree.
type pkgNode struct {
	Version      string              `json:"version"`
	Overridden   *bool               `json:"overridden,omitempty"`
	Dependencies map[string]*pkgNode `json:"dependencies,omitempty"`
}

// pkgTree returns a package whose dependencies, down to depth levels,
// number kids(i, depth) each: a tree of one kind of node.
func pkgTree(name string, depth int, kids func(i, depth int) int) *pkgNode {
	no := false
	p := &pkgNode{Version: itoa(len(name)) + ".0." + itoa(depth), Overridden: &no}
	if depth == 0 {
		return p
	}
	n := kids(len(name), depth)
	if n > 0 {
		p.Dependencies = map[string]*pkgNode{}
	}
	for k := range n {
		child := name + "-" + itoa(k)
		p.Dependencies[child] = pkgTree(child, depth-1, kids)
	}
	return p
}

func TestSelfNested(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      bool
	}{
		{"npm's dependencies in dependencies in dependencies", `{"dependencies":{"a":{"dependencies":{"b":{"dependencies":{"c":{}}}}}}}`, true},
		{"children in arrays", `{"children":[{"children":[{"children":[]}]}]}`, true},
		{"nested twice only", `{"properties":{"a":{"properties":{"b":{"type":"string"}}}}}`, false},
		{"three siblings, not nested", `{"a":{"items":[1]},"b":{"items":[2]},"c":{"items":[3]}}`, false},
		{"keys inside strings", `{"s":"\"d\":{\"d\":{\"d\":{","d":{"x":"{[\"d\":{"}}`, false},
		{"a scalar key value", `{"d":{"d":{"d":1}}}`, false},
		{"unbalanced", `}}]]{"d":{"d":{"d":[`, false},
		{"empty", ``, false},
	} {
		if got := selfNested(c.doc, 0, len(c.doc)); got != c.want {
			t.Errorf("%s: selfNested(%s) = %v, want %v", c.name, c.doc, got, c.want)
		}
	}
}

// A tree cut by less than headFirstCut keeps most of a blind clip's head
// verbatim, its small subtrees five levels down among it, as the clip
// would; the same document read as no tree opens breadth first and
// summarises them after a few lines.
func TestOutlineOpensATreesHeadFirst(t *testing.T) {
	root := pkgTree("p", 5, func(i, depth int) int { return 1 + (i+depth)%4 })
	b, _ := json.MarshalIndent(map[string]any{"name": "lib", "dependencies": root.Dependencies}, "", "  ")
	text := string(b) + "\n"
	limit := len(text) * 10 / 23
	if !selfNested(text, 0, len(text)) || len(text) < 2*limit || len(text) >= headFirstCut*limit {
		t.Fatalf("the tree (%d bytes, limit %d) should be a tree cut by 2 to 3 times", len(text), limit)
	}
	scan, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("the tree does not scan")
	}
	p, ok := planOutline(text, scan, limit)
	if !ok {
		t.Fatal("the tree should be outlined")
	}
	out := checkDocPlan(t, text, p, limit)
	head := text[:txt.LineStart(text, clipHeadEnd(0, len(text), limit))]
	_, items, ok := outline(text, 0, scan.end, &scan, limit, false, false, false, -1)
	if !ok {
		t.Fatal("the breadth-first outline should fit")
	}
	breadth := render(text, plan{items: items, markerAt: len(items)}, marker{})
	kept, opened := commonPrefix(out, head), commonPrefix(breadth, head)
	t.Logf("of the clip's head of %d bytes, the tree keeps the first %d, the breadth-first outline %d", len(head), kept, opened)
	if kept < len(head)*3/4 || kept < 2*opened {
		t.Fatalf("the tree keeps %d bytes of the clip's head of %d verbatim, breadth first %d:\n%s", kept, len(head), opened, out)
	}
}

// Properties of the outline over random trees, pretty-printed and
// minified, at any limit: the plan holds its limit, keeps input ranges
// in order, and the same tree and limit give the same bytes.
func TestOutlineTreeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		depth := rapid.IntRange(1, 7).Draw(t, "depth")
		fan := rapid.IntRange(1, 6).Draw(t, "fan")
		seed := rapid.IntRange(0, 100).Draw(t, "seed")
		root := pkgTree("p", depth, func(i, d int) int { return (i*seed + d*3) % (fan + 1) })
		doc := map[string]any{"name": "lib", "version": "1.0.0", "dependencies": root.Dependencies}
		var text string
		if rapid.Bool().Draw(t, "minified") {
			text = mustMarshal(doc)
		} else {
			b, _ := json.MarshalIndent(doc, "", "  ")
			text = string(b)
		}
		text += "\n"
		limit := rapid.IntRange(200, max(200, len(text))).Draw(t, "limit")
		scan, ok := scanJSONTop(text)
		if !ok {
			t.Fatalf("a marshalled tree does not scan: %q", text)
		}
		p, ok := planOutline(text, scan, limit)
		if !ok {
			return
		}
		out := checkDocPlan(t, text, p, limit)
		again, _ := planOutline(text, scan, limit)
		if got := render(text, again, marker{tokens: len(text), what: clean(again.what, maxWhat), hint: clean(again.hint, maxHint)}); got != out {
			t.Fatalf("the same tree planned twice differs:\n%s\n---\n%s", out, got)
		}
	})
}

// FuzzSelfNested: no panic on any text, and on valid JSON with no
// escapes the answer of a walk over the decoded value.
func FuzzSelfNested(f *testing.F) {
	f.Add(`{"dependencies":{"a":{"dependencies":{"b":{"dependencies":{}}}}}}`)
	f.Add(`{"a":[{"a":[{"a":[1]}]}],"b":"}"}`)
	f.Add(`{"d":{"d":{"d"`)
	f.Fuzz(func(t *testing.T, text string) {
		got := selfNested(text, 0, len(text))
		var v any
		if strings.IndexByte(text, '\\') >= 0 || json.Unmarshal([]byte(text), &v) != nil {
			return
		}
		if want := selfNestedValue(v, map[string]int{}); got != want {
			t.Fatalf("selfNested(%q) = %v, the decoded value's walk %v", text, got, want)
		}
	})
}

// selfNestedValue is selfNested over a decoded value: count holds how
// many containers of each key enclose v.
func selfNestedValue(v any, count map[string]int) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			switch x.(type) {
			case map[string]any, []any:
				count[k]++
				found := count[k] >= selfNestedMin || selfNestedValue(x, count)
				count[k]--
				if found {
					return true
				}
			}
		}
	case []any:
		for _, x := range v {
			if selfNestedValue(x, count) {
				return true
			}
		}
	}
	return false
}
