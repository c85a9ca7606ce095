package headroom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// archMap returns a lintian-like map of n host architectures: each
// member an object of eleven strings, none of whose keys names it, the
// first repeating the member's key.
func archMap(n int) string {
	m := map[string]any{}
	for i := range n {
		name := fmt.Sprintf("os%d-cpu%03d", i%7, i)
		m[name] = map[string]string{
			"ARCH":       name,
			"ARCH_ABI":   "base",
			"ARCH_BITS":  "64",
			"ARCH_CPU":   fmt.Sprintf("cpu%03d", i),
			"ARCH_END":   "little",
			"ARCH_LIBC":  "gnu",
			"ARCH_OS":    fmt.Sprintf("os%d", i%7),
			"GNU_CPU":    fmt.Sprintf("gnucpu%03d", i),
			"GNU_SYSTEM": fmt.Sprintf("os%d-gnu", i%7),
			"GNU_TYPE":   fmt.Sprintf("gnucpu%03d-os%d-gnu", i, i%7),
			"MULTIARCH":  fmt.Sprintf("gnucpu%03d-os%d-gnu", i, i%7),
		}
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return string(b)
}

// A map's member that no member names is shown in a roll by its key line
// and the line after it, its first member: a value beside every name.
func TestKeyFirstLine(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string // the lines kept, nil for none
	}{
		{"an object", "{\n  \"a\": {\n    \"x\": 1,\n    \"y\": 2\n  }\n}\n", []string{"  \"a\": {\n", "    \"x\": 1,\n"}},
		{"an array", "{\n  \"a\": [\n    \"b.js\",\n    \"c.js\"\n  ]\n}\n", []string{"  \"a\": [\n", "    \"b.js\",\n"}},
		{"its only member", "{\n  \"a\": {\n    \"x\": 1\n  }\n}\n", []string{"  \"a\": {\n", "    \"x\": 1\n"}},
		{"empty", "{\n  \"a\": {}\n}\n", nil},
		{"first member nested over lines", "{\n  \"a\": {\n    \"x\": {\n      \"y\": 1\n    }\n  }\n}\n", nil},
		{"on the key's line", "{\n  \"a\": {\"x\": 1,\n    \"y\": 2}\n}\n", nil},
		{"a scalar", "{\n  \"a\": 1\n}\n", nil},
	} {
		top, ok := scanJSONTop(c.text)
		require.True(t, ok, c.name)
		its, ok := keyFirstLine(c.text, top.elems[0])
		if c.want == nil {
			assert.False(t, ok, c.name)
			continue
		}
		require.True(t, ok, c.name)
		var got []string
		for _, it := range its {
			got = append(got, c.text[it.start:it.end])
		}
		assert.Equal(t, c.want, got, c.name)
	}
}

// Property: what keyFirstLine keeps of a pretty-printed map's member is
// two whole lines of the input, one after the other, the first holding
// the member's key.
func TestKeyFirstLineIsTheKeyAndTheNextLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 30).Draw(t, "members")
		m := map[string]any{}
		for i := range n {
			switch rapid.IntRange(0, 3).Draw(t, "shape") {
			case 0:
				m[fmt.Sprintf("k%d", i)] = map[string]int{"a": i, "b": 2}
			case 1:
				m[fmt.Sprintf("k%d", i)] = []string{rapid.StringMatching(`[a-z/.]{0,12}`).Draw(t, "path")}
			case 2:
				m[fmt.Sprintf("k%d", i)] = map[string]any{"a": []int{i}}
			default:
				m[fmt.Sprintf("k%d", i)] = []any{}
			}
		}
		b, _ := json.MarshalIndent(m, "", strings.Repeat(" ", rapid.IntRange(1, 4).Draw(t, "indent")))
		text := string(b)
		top, ok := scanJSONTop(text)
		if !ok {
			t.Fatalf("not scanned: %q", text)
		}
		for _, e := range top.elems {
			its, ok := keyFirstLine(text, e)
			if !ok {
				continue
			}
			if len(its) != 2 || its[0].end != its[1].start || its[0].start > e[0] || e[0] >= its[0].end {
				t.Fatalf("not the key's line and the next: %v of %q", its, text[e[0]:e[1]])
			}
			for _, it := range its {
				if it.start > 0 && text[it.start-1] != '\n' || text[it.end-1] != '\n' {
					t.Fatalf("not a whole line: %q", text[it.start:it.end])
				}
			}
		}
	})
}

// A map of many large members that no member names (lintian's 554 host
// architectures) is rolled by each member's key line and first line,
// naming many times the members a spread of whole ones keeps; without
// that line the roll declined, its key lines alone being jq keys.
func TestPlanJSONRollsUnnamedMembersByKeyAndFirstLine(t *testing.T) {
	text := archMap(400)
	p, out := plannedJSON(t, text, 16000)
	require.Contains(t, p.what, "by their naming lines alone", out)
	named := 0
	for i := 1; i < 399; i++ {
		name := fmt.Sprintf("os%d-cpu%03d", i%7, i)
		if !strings.Contains(out, "\n  \""+name+"\": {\n") {
			continue
		}
		named++
		assert.Contains(t, out, "\n  \""+name+"\": {\n    \"ARCH\": \""+name+"\",\n", name)
	}
	whole := 16000 / (len(text) / 400)
	assert.GreaterOrEqual(t, named, 3*whole, "named %d members; whole, %d would fit", named, whole)
}

// A map whose members open on the same line (a service model's shapes,
// each `"type": "structure",` first) would be rolled by its key lines
// alone, that line being dropped as common to them: jq keys, the values
// lost. It keeps a spread of whole members instead.
func TestPlanJSONNoRollOfKeysWhereFirstLinesAreAlike(t *testing.T) {
	m := map[string]any{}
	for i := range 400 {
		m[fmt.Sprintf("Shape%03d", i)] = map[string]string{
			"a_type": "structure",
			"b_doc":  fmt.Sprintf("The shape number %d, with a documentation line of some length.", i),
			"c_doc":  fmt.Sprintf("Another line for shape %d, as long again as the first one.", i),
			"d_doc":  fmt.Sprintf("A third line for shape %d, which makes the member large.", i),
		}
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	p, out := plannedJSON(t, string(b), 16000)
	assert.NotContains(t, p.what, "by their naming lines alone", out)
}
