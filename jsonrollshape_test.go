package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// suiteDocument returns a JSON Schema test suite shaped array: n groups,
// each a description, a schema and two tests, the one at odd with a
// "comment" member besides, a key set no other element has.
func suiteDocument(n, odd int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for j := range n {
		fmt.Fprintf(&b, "    {\n        \"description\": \"group number %d of the suite\",\n", j)
		if j == odd {
			b.WriteString("        \"comment\": \"see the issue about the odd one\",\n")
		}
		fmt.Fprintf(&b, "        \"schema\": {\n            \"type\": \"object\",\n            \"minProperties\": %d\n        },\n", j)
		b.WriteString("        \"tests\": [\n            {\n                \"description\": \"empty\",\n                \"data\": {},\n                \"valid\": false\n            },\n")
		b.WriteString("            {\n                \"description\": \"full\",\n                \"data\": {\"a\": 1},\n                \"valid\": true\n            }\n        ]\n    }")
		if j < n-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return b.String()
}

// An element of a rare shape no longer keeps the sequence from its roll:
// the roll names the groups by their descriptions, the odd one first,
// many more than the digests would.
func TestRollNamesRareShapeElement(t *testing.T) {
	text := suiteDocument(60, 37)
	for _, limit := range []int{3000, 4000} {
		p, ok := planJSON(text, limit)
		require.True(t, ok, "limit %d: declined", limit)
		out := checkDocPlan(t, text, p, limit)
		assert.Contains(t, out, "by their naming lines alone", "limit %d: no roll", limit)
		assert.Contains(t, out, `"description": "group number 37 of the suite"`, "limit %d: the odd group is not named", limit)
	}
}
