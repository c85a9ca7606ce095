package headroom

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// syntaxTree draws a program as a JavaScript parser's AST nests it: a
// few statements, most small, one to three of them large and deep (a
// callback inside a callback, 20 to 40 levels), each node a {"type",
// "start", "end"} object whose child is its "body" (an object) or its
// "arguments" (an array of the child and leaves beside it), and a leaf a
// "Literal" with a "value".
func syntaxTree(t *rapid.T) map[string]any {
	at := 0
	var node func(d, depth, width int) map[string]any
	node = func(d, depth, width int) map[string]any {
		at += 7
		n := map[string]any{"type": "Node" + itoa(d%5), "start": at, "end": at + 40}
		if d >= depth {
			n["type"], n["value"] = "Literal", "leaf "+itoa(at)
			return n
		}
		if d%2 == 0 {
			n["body"] = node(d+1, depth, width)
			return n
		}
		kids := []any{node(d+1, depth, width)}
		for range width - 1 {
			kids = append(kids, node(depth, depth, width)) // a leaf beside the chain
		}
		n["arguments"] = kids
		return n
	}
	var body []any
	statements := rapid.IntRange(3, 8).Draw(t, "statements")
	large := rapid.IntRange(1, 3).Draw(t, "large")
	for s := range statements {
		if s >= 1 && s <= large {
			body = append(body, node(0, rapid.IntRange(20, 40).Draw(t, "depth"), rapid.IntRange(2, 4).Draw(t, "width")))
		} else {
			body = append(body, node(0, 2, 1))
		}
	}
	return map[string]any{"type": "Program", "body": body, "sourceType": "script"}
}

// An outline leaves no quarter of its budget unused while it still
// hides values: the room the breadth-first outline and the samples leave
// goes to opening the largest values still closed, at any depth, a
// statement shown by its digest among them (a pretty-printed AST kept
// 9,216 bytes of 16,000 with its error strings unseen).
func TestOutlineSpendsTheRoomItLeaves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b, _ := json.MarshalIndent(syntaxTree(t), "", "  ")
		text := string(b) + "\n"
		limit := 2000 + (min(len(text)/3, 32000)-2000)*rapid.IntRange(0, 100).Draw(t, "limit%")/100
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined at limit %d (%d bytes)", limit, len(text))
		}
		checkPlan(t, text, p, limit)
		if got := itemsSize(p.items); 4*got < 3*limit {
			t.Fatalf("kept %d bytes of %d at limit %d: a quarter unused (%s)\n%s", got, len(text), limit, p.what,
				render(text, p, marker{what: p.what}))
		}
	})
}

// A large element shown by its digest is opened when the room allows:
// its members show by key, and what lies deepest in it (a thrown
// error's message) is reached, where the digest named it alone.
func TestOutlineOpensADigestWithTheRoomLeft(t *testing.T) {
	chain := any(map[string]any{"type": "Literal", "value": "failed to read files"})
	for d := range 16 {
		chain = map[string]any{"type": "Node" + itoa(d%3), "start": d, "end": 900 - d, "argument": chain}
	}
	var body []any
	for k := range 6 {
		body = append(body, map[string]any{"type": "ExpressionStatement", "start": k, "end": k + 1, "value": strings.Repeat("x", 20)})
	}
	body[3] = map[string]any{"type": "VariableDeclaration", "start": 3, "end": 900, "init": chain, "pad": strings.Repeat("p ", 2000)}
	b, _ := json.MarshalIndent(map[string]any{"type": "Program", "body": body, "sourceType": "script"}, "", "  ")
	text := string(b) + "\n"
	p, ok := planJSON(text, 6000)
	if !ok {
		t.Fatal("declined")
	}
	checkPlan(t, text, p, 6000)
	out := render(text, p, marker{what: p.what})
	if !strings.Contains(out, `"value": "failed to read files"`) {
		t.Fatalf("the deepest string of the large element is not shown (%d of 6,000 bytes):\n%s", itemsSize(p.items), out)
	}
}
