package headroom

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// callTree draws a profile's call tree as a V8 heap profile nests it: a
// chain of frames, each {callFrame, selfSize, id, children}, branching
// now and then, 40 to 160 frames deep, at most 4 frames a level.
func callTree(t *rapid.T) map[string]any {
	depth := rapid.IntRange(40, 160).Draw(t, "depth")
	id := 0
	var node func(d int) map[string]any
	node = func(d int) map[string]any {
		id++
		n := map[string]any{
			"callFrame": map[string]any{"functionName": "fn" + itoa(id), "url": "/home/dev/app/lib/mod" + itoa(id%17) + ".js", "lineNumber": id * 7 % 300},
			"selfSize":  0,
			"id":        id,
		}
		var kids []any
		if d < depth {
			kids = append(kids, node(d+1))
			if id < 4*depth && rapid.IntRange(0, 9).Draw(t, "branch") == 0 {
				kids = append(kids, node(d+1+rapid.IntRange(0, depth-d).Draw(t, "skip")))
			}
		} else {
			n["selfSize"] = 1000 + id
		}
		n["children"] = kids
		if kids == nil {
			n["children"] = []any{}
		}
		return n
	}
	return map[string]any{"head": node(0), "samples": []any{map[string]any{"size": 524288, "nodeId": 1}}}
}

// A deeply nested document cut by twice or more keeps at least half its
// budget, any an agent sets (800 to 32,000 bytes): the outline goes down
// as far as its room takes it, not to a fixed depth, minified or
// pretty-printed (the issue-11 heap profile kept 8,074 bytes of 16,000
// at 24 levels). Budgets of hundreds of KB over a tree of a few branches
// are left out: the outline reaches its leaves, and a branch it counts
// in a note is sampled by its digest, not opened to its depth.
func TestPlanJSONDeepTreeSpendsHalfItsBudget(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tree := callTree(t)
		var b []byte
		if rapid.Bool().Draw(t, "pretty") {
			b, _ = json.MarshalIndent(tree, "", " ")
		} else {
			b, _ = json.Marshal(tree)
		}
		text := string(b) + "\n"
		limit := 800 + (min(len(text)/2, 32000)-800)*rapid.IntRange(0, 100).Draw(t, "limit%")/100
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined at limit %d (%d bytes)", limit, len(text))
		}
		checkPlan(t, text, p, limit)
		if got := itemsSize(p.items); got < limit/2 {
			t.Fatalf("kept %d bytes of %d at limit %d: under half (%s)\n%s", got, len(text), limit, p.what,
				strings.Join(strings.SplitAfterN(render(text, p, marker{what: p.what}), "\n", 20)[:1], ""))
		}
	})
}

// The table of ends reads a valid document's members as sequence does,
// at every container of it; on any text it never panics.
func FuzzContainerEnds(f *testing.F) {
	f.Add(`{"a":[1,{"b":"]}"},[]],"c":{"d":{}},"e":"x\"y"}`)
	f.Add("[\n  {\"k\": [1, 2]},\n  \"s\",\n  [[[]]]\n]\n")
	f.Add(`{"a":[}`)
	f.Fuzz(func(t *testing.T, text string) {
		c := newContainerEnds(text, 0, len(text))
		if !json.Valid([]byte(text)) {
			return
		}
		for k, open := range c.opens {
			closing := byte('}')
			if text[open] == '[' {
				closing = ']'
			}
			if end := jsonSkip(text, open); c.ends[k] != end {
				t.Fatalf("container at %d ends at %d, jsonSkip says %d", open, c.ends[k], end)
			}
			if got, want := c.members(text, open, closing), sequence(text, open, closing); !slices.Equal(got, want) {
				t.Fatalf("members of %d: %v, sequence %v", open, got, want)
			}
		}
	})
}
