package headroom

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// astDoc returns a pretty-printed tree shaped like an ESTree AST: nodes
// of a few types with their offsets, nested depth levels deep (at most
// 12, each level under its own key, as an expression's callee holds an
// argument's test), and at the bottom of each statement a literal whose
// value is one of literals, cycled.
func astDoc(statements, depth int, literals []string) string {
	var node func(d, i int) map[string]any
	node = func(d, i int) map[string]any {
		if d == 0 {
			v := literals[i%len(literals)]
			return map[string]any{"type": "Literal", "start": i * 7, "end": i*7 + len(v), "value": v, "raw": "'" + v + "'"}
		}
		kinds := []string{"BlockStatement", "IfStatement", "ExpressionStatement"}
		slots := []string{"consequent", "expression", "argument", "callee", "init", "right", "left", "object", "property", "test", "alternate", "declarations"}
		return map[string]any{
			"type": kinds[(d+i)%len(kinds)], "start": i * 11, "end": i*11 + 40, "kind": "const",
			slots[d%len(slots)]: []any{
				map[string]any{"type": "Identifier", "start": i, "end": i + 3, "name": "x"},
				node(d-1, i),
			},
		}
	}
	var body []any
	for i := range statements {
		body = append(body, node(depth, i))
	}
	b, _ := json.MarshalIndent(map[string]any{"type": "Program", "start": 0, "end": 999, "body": body, "sourceType": "script"}, "", "  ")
	return string(b) + "\n"
}

func TestRareStringLeaves(t *testing.T) {
	text := `{
  "type": "Program",
  "body": [
    {"type": "Literal", "value": "Unsupported engine", "raw": "'Unsupported engine'"},
    {"type": "Literal", "value": "EBADENGINE", "raw": "'EBADENGINE'"},
    {"type": "Literal", "value": "semver", "raw": "'semver'"},
    {"type": "Literal", "value": "semver", "raw": "'semver'"},
    {"type": "Literal", "value": "42", "raw": "'42'"},
    {"type": "Identifier", "name": "x"},
    {"type": "Identifier", "name": "x"}
  ],
  "sourceType": "script"
}`
	var got []string
	for _, l := range rareStringLeaves(text, 0, len(text)) {
		got = append(got, text[l.start:l.end])
	}
	// "type" repeats its values (an enum of node kinds), "semver" is held
	// twice, "42" has no letter, every raw says its value again, a key
	// held once ("sourceType") is no slot, and words come before the code.
	want := []string{`"value": "Unsupported engine"`, `"value": "EBADENGINE"`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("leaves %q, want %q", got, want)
	}
}

func TestOutlineStringIndexKeepsDeepLiterals(t *testing.T) {
	literals := []string{"Unsupported engine", "EBADPLATFORM", "failed to read files", "utf8", "no-location"}
	text := astDoc(10, 9, append(literals, "same", "alpha", "same", "beta", "gamma"))
	top, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("no scan")
	}
	for _, limit := range []int{4000, 8000} {
		bare, ok := planOutlineShape(text, top, limit)
		if !ok {
			t.Fatal("no outline")
		}
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatal("not planned")
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d over limit %d", itemsSize(p.items), limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		was := render(text, bare, marker{what: bare.what, hint: bare.hint})
		for _, v := range literals {
			if m := `"value": "` + v + `"`; !strings.Contains(out, m) {
				t.Errorf("limit %d: lost %s:\n%s", limit, m, out)
			} else if limit == 4000 && strings.Contains(was, m) {
				t.Errorf("limit %d: the outline alone keeps %s: the test says nothing", limit, m)
			}
		}
		if !strings.Contains(out, "[…strings held once, by line: ") || strings.Contains(out, `"value": "same"`) {
			t.Errorf("limit %d: want an index without the repeated literal:\n%s", limit, out)
		}
	}
}

func TestOutlineStringIndexLeavesDenseNames(t *testing.T) {
	// A package list: each name held once, names a large share of the
	// document. A list of some of them would be a sample; the outline's
	// own picks are kept instead.
	pkgs := map[string]any{}
	for i := range 400 {
		name := "pkg-" + strings.Repeat(string(rune('a'+i%26)), 1+i%7) + itoa(i)
		pkgs[name] = map[string]any{"version": "1.0." + itoa(i), "resolved": "https://registry.example/" + name, "license": "MIT"}
	}
	b, _ := json.MarshalIndent(map[string]any{"name": "app", "packages": pkgs}, "", "  ")
	text := string(b)
	top, _ := scanJSONTop(text)
	bare, ok := planOutlineShape(text, top, 4000)
	if !ok {
		t.Fatal("no outline")
	}
	p, _ := planOutline(text, top, 4000)
	if render(text, p, marker{}) != render(text, bare, marker{}) {
		t.Fatal("the string index was added to a document whose strings are dense")
	}
}

func TestInRanges(t *testing.T) {
	rs := verbatimRanges([]item{{start: 10, end: 20}, {start: 20, end: 30}, {start: 40, end: 50}, {start: 5, end: 5, note: "x"}})
	if len(rs) != 2 || rs[0] != [2]int{10, 30} || rs[1] != [2]int{40, 50} {
		t.Fatalf("ranges %v", rs)
	}
	for _, c := range []struct {
		start, end int
		in         bool
	}{{10, 30, true}, {15, 25, true}, {25, 35, false}, {0, 5, false}, {40, 50, true}, {49, 51, false}, {60, 61, false}} {
		if got := inRanges(rs, c.start, c.end); got != c.in {
			t.Errorf("inRanges(%d, %d) = %v", c.start, c.end, got)
		}
	}
}

// Properties over random AST-like trees and limits: the plan holds its
// limit (checkPlan) with its kept ranges in order; every member the index lists is
// the input's verbatim, of a value its key holds once; the plan is the
// same twice.
func TestOutlineStringIndexProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lits := rapid.SliceOfNDistinct(rapid.StringMatching(`[a-z][a-z -]{2,30}`), 1, 30, rapid.ID[string]).Draw(t, "literals")
		text := astDoc(rapid.IntRange(1, 80).Draw(t, "statements"), rapid.IntRange(1, 12).Draw(t, "depth"), lits)
		limit := 300 + (len(text)-300)*rapid.IntRange(0, 100).Draw(t, "limit%")/100
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		checkPlan(t, text, p, limit)
		checkInOrder(t, p)
		for _, it := range p.items {
			for _, note := range []string{"[…strings held once, by line: ", "[…strings held once: "} {
				if !strings.HasPrefix(it.note, note) {
					continue
				}
				for _, e := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(it.note, note), "…]"), "; ") {
					member := e[strings.IndexByte(e, '"'):]
					if strings.Count(text, member) != 1 {
						t.Fatalf("listed %q, held %d times", member, strings.Count(text, member))
					}
				}
			}
		}
		q, _ := planJSON(text, limit)
		if render(text, p, marker{}) != render(text, q, marker{}) {
			t.Fatal("two plans differ")
		}
	})
}

// FuzzRareStringLeaves: on any text, no panic, and every leaf is a
// member in bounds, from its key's quote to its value's closing quote.
func FuzzRareStringLeaves(f *testing.F) {
	f.Add(`{"type": "Literal", "value": "EBADENGINE", "raw": "'EBADENGINE'"}`)
	f.Add("{\n  \"a\":\n  \"b\\\"c\",\n  \"d\": [\"e\", {\"f\": \"g\"}]\n}")
	f.Add(`{"a": "b`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, l := range rareStringLeaves(text, 0, len(text)) {
			if l.start < 0 || l.end > len(text) || l.start >= l.end || text[l.start] != '"' || text[l.end-1] != '"' {
				t.Fatalf("leaf %d-%d of %q", l.start, l.end, text)
			}
		}
	})
}
