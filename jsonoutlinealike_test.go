package headroom

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// apiModel returns a pretty-printed API model: a few short members, a
// map of ops operations (each with a long documentation string) and a
// map of n schemas that hold the same keys, but for those rare says hold
// an enum instead.
func apiModel(ops, n int, rare func(k int) bool) string {
	operations := map[string]any{}
	for k := range ops {
		name := "Operation" + itoa(k)
		operations[name] = map[string]any{
			"name":          name,
			"http":          map[string]any{"method": "POST", "requestUri": "/" + name},
			"input":         map[string]any{"shape": name + "Request"},
			"errors":        []any{map[string]any{"shape": "ThrottlingException"}, map[string]any{"shape": "ValidationException"}},
			"documentation": strings.Repeat("<p>Does what "+name+" says. </p>", 12),
		}
	}
	schemas := map[string]any{}
	for k := range n {
		name := "Schema" + itoa(1000+k)
		if rare(k) {
			schemas[name] = map[string]any{"type": "string", "enum": []any{"ON", "OFF"}}
			continue
		}
		schemas[name] = map[string]any{
			"id":          name,
			"description": "The " + name + " resource, as the API returns it.",
			"type":        "object",
			"properties":  map[string]any{"name": map[string]any{"type": "string"}, "etag": map[string]any{"type": "string", "format": "byte"}},
		}
	}
	doc := map[string]any{"kind": "discovery#restDescription", "operations": operations, "schemas": schemas, "version": "v1"}
	b, _ := json.MarshalIndent(doc, "", "  ")
	return string(b) + "\n"
}

func TestSameKeys(t *testing.T) {
	text := `{"a": {"x": 1, "y": 2}, "b": {"x": 3, "y": 4}, "c": {"y": 5, "x": 6}, "d": {"x": 7}, "e": {}}`
	members := sequence(text, 0, '}')
	obj := func(k int) [][2]int {
		v := skipSpace(text, skipSpace(text, stringEnd(text, members[k][0]))+1)
		return sequence(text, v, '}')
	}
	cases := []struct {
		a, b int
		want bool
	}{
		{0, 1, true},  // the same keys
		{0, 2, false}, // the same keys in another order
		{0, 3, false}, // fewer keys
		{4, 4, false}, // no keys: nothing to say again
	}
	for _, c := range cases {
		if got := sameKeys(text, obj(c.a), obj(c.b)); got != c.want {
			t.Errorf("sameKeys(%d, %d) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if got, want := dittoSummary(obj(0)), "[…2 members, 14 bytes…]"; got != want {
		t.Errorf("dittoSummary = %q, want %q", got, want)
	}
}

// A map of alike members whose summaries, each naming the same keys
// again, do not fit is opened with every summary after the first cut to a
// ditto: every member is named by its key line (a discovery document's
// 29 schemas at 4,000 B, where the outline named three; 40 here).
func TestOutlineDittoesAlikeSiblings(t *testing.T) {
	text := apiModel(6, 40, func(k int) bool { return k == 17 })
	p, ok := planJSON(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := checkDocPlan(t, text, p, 4000)
	for k := range 40 {
		if line := `    "Schema` + itoa(1000+k) + `": {`; !strings.Contains(out, line) {
			t.Fatalf("%s is not named:\n%s", line, out)
		}
	}
	if !strings.Contains(out, `"Schema1001": {[…4 members, `) {
		t.Fatalf("no ditto after the first schema:\n%s", out)
	}
	if !strings.Contains(out, `"Schema1018": {[…4 members: "description", "id", "properties" + 1 more, `) {
		t.Fatalf("the schema after the rare one does not name its keys:\n%s", out)
	}
}

// dittoLine matches a member summarised by a ditto: a count, no keys.
var dittoLine = regexp.MustCompile(`^(\s*)"([^"]+)": \{\[…\d+ members?, [^:]*…\]$`)

// Every ditto follows a sibling that holds the same keys, shown or
// named; the outline stays within its limit. Each document is planned at
// limits from 50 to 130 bytes a schema, so that some cut the schemas'
// summaries to dittoes (their summaries with keys do not fit, dittoes do).
func TestOutlineDittoProperties(t *testing.T) {
	dittoes, plans := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(32, 48).Draw(t, "schemas")
		odd := rapid.IntRange(8, 16).Draw(t, "odd")
		text := apiModel(rapid.IntRange(0, 3).Draw(t, "ops"), n, func(k int) bool { return k%odd == odd-1 })
		var doc struct{ Schemas map[string]map[string]any }
		if err := json.Unmarshal([]byte(text), &doc); err != nil {
			t.Fatal(err)
		}
		keys := func(name string) string {
			var ks []string
			for k := range doc.Schemas[name] {
				ks = append(ks, k)
			}
			slices.Sort(ks)
			return strings.Join(ks, ",")
		}
		for b := 50; b <= 130; b += 5 {
			limit := n * b
			p, ok := planJSON(text, limit)
			if !ok {
				t.Fatalf("limit %d: declined", limit)
			}
			plans++
			lines := strings.Split(checkDocPlan(t, text, p, limit), "\n")
			for i, l := range lines {
				m := dittoLine.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				dittoes++
				j := i - 1
				for j >= 0 && !strings.HasPrefix(lines[j], m[1]+`"`) {
					j--
				}
				if j < 0 {
					t.Fatalf("limit %d: ditto %q with no sibling before it", limit, l)
				}
				prev := strings.SplitN(strings.TrimSpace(lines[j]), `"`, 3)[1]
				if keys(prev) != keys(m[2]) {
					t.Fatalf("limit %d: ditto %q after %q, whose keys differ", limit, l, lines[j])
				}
			}
		}
	})
	t.Logf("%d dittoes in %d outlines", dittoes, plans)
	if dittoes == 0 {
		t.Fatal("tested nothing: no outline cut a summary to a ditto")
	}
}
