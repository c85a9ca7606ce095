package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// depsDocument returns a go version -m -json shaped document: a module's
// path and n dependencies, each a path, a version and a sum, the one at
// replaced with a "Replace" object besides.
func depsDocument(n, replaced int) string {
	var b strings.Builder
	b.WriteString("{\n\t\"Path\": \"example.com/cmd/tool\",\n\t\"Deps\": [\n")
	for j := range n {
		fmt.Fprintf(&b, "\t\t{\n\t\t\t\"Path\": \"example.com/dep%03d\",\n\t\t\t\"Version\": \"v1.%d.0\",\n", j, j)
		if j == replaced {
			b.WriteString("\t\t\t\"Replace\": {\n\t\t\t\t\"Path\": \"../staging/dep\",\n\t\t\t\t\"Version\": \"v0.0.0\"\n\t\t\t},\n")
		}
		fmt.Fprintf(&b, "\t\t\t\"Sum\": \"h1:%040d=\"\n\t\t}", j)
		if j < n-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("\t]\n}\n")
	return b.String()
}

// The one element whose keys differ from the others' is of a rare shape;
// where every element's keys differ, or the array is too short to judge,
// none is; a map's members are read by their values.
func TestRareShapeElements(t *testing.T) {
	text := depsDocument(40, 23)
	deps := sequence(text, strings.Index(text, "["), ']')
	require.Len(t, deps, 40)
	assert.Equal(t, []int{23}, rareShapeElements(text, deps))
	assert.Nil(t, rareShapeElements(text, deps[:7]), "too few to judge")

	var b strings.Builder
	b.WriteString("[\n")
	for j := range 20 {
		if j > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\"k%d\": 1}", j)
	}
	b.WriteString("\n]\n")
	distinct := b.String()
	assert.Nil(t, rareShapeElements(distinct, sequence(distinct, 0, ']')), "every key set differs: none is rare")

	m := "{\n" + strings.Repeat("  \"a\": {\"x\": 1, \"y\": 2},\n", 19) + "  \"b\": {\"x\": 1, \"z\": 2}\n}\n"
	assert.Equal(t, []int{19}, rareShapeElements(m, sequence(m, 0, '}')))
}

// The dependency with a Replace, deep in the middle of the array, is
// kept by the outline's sample where an even sample would miss it.
func TestOutlineKeepsRareShapeElement(t *testing.T) {
	text := depsDocument(200, 123)
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		require.True(t, ok, "limit %d: declined", limit)
		out := checkDocPlan(t, text, p, limit)
		assert.Contains(t, out, "\"Path\": \"example.com/dep123\"", "limit %d", limit)
	}
}
