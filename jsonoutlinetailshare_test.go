package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serviceModel is a model of ops operations and shapes shapes, each an
// object of a few members, pretty-printed, and, when doc, a short
// "documentation" member last.
func serviceModel(ops, shapes int, doc bool) string {
	var b strings.Builder
	b.WriteString("{\n  \"version\": \"1\",\n  \"metadata\": {\n    \"protocol\": \"rest-json\",\n    \"serviceId\": \"model\"\n  },\n  \"operations\": {\n")
	for i := range ops {
		fmt.Fprintf(&b, "    \"Op%03d\": {\n      \"name\": \"Op%03d\",\n      \"http\": {\n        \"method\": \"GET\",\n        \"uri\": \"/op/%d\"\n      },\n"+
			"      \"input\": {\n        \"shape\": \"Op%03dRequest\"\n      },\n      \"documentation\": \"<p>Does thing number %d to the resource.</p>\"\n    }", i, i, i, i, i)
		if i < ops-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  },\n  \"shapes\": {\n")
	for i := range shapes {
		fmt.Fprintf(&b, "    \"Shape%03d\": {\n      \"type\": \"structure\",\n      \"members\": {\n        \"A\": {\n          \"shape\": \"String\"\n        }\n      },\n"+
			"      \"documentation\": \"<p>Shape %d of the model.</p>\"\n    }", i, i)
		if i < shapes-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }")
	if doc {
		b.WriteString(",\n  \"documentation\": \"The service.\"")
	}
	b.WriteString("\n}\n")
	return b.String()
}

// A model whose shapes, the larger half, follow operations too many to
// list by their keys, with a short member last: keepTail opens the
// shapes on their last one before grow shares the room, and grow then
// samples them by their size as it does the operations, not the
// operations alone with all of it.
func TestOutlineGrowsTheValueKeptForTheTail(t *testing.T) {
	text := serviceModel(120, 300, true)
	const limit = 4000
	p, ok := planJSON(text, limit)
	require.True(t, ok)
	require.LessOrEqual(t, itemsSize(p.items), limit)
	out := render(text, p, marker{what: p.what, hint: p.hint})
	shapes := strings.Count(out, "\"Shape")
	ops := strings.Count(out, "\"Op")
	assert.GreaterOrEqual(t, shapes, 10, "the shapes are sampled:\n%s", out)
	assert.GreaterOrEqual(t, ops, 10, "the operations are sampled too:\n%s", out)
	assert.Contains(t, out, "\"Shape000\"", "the first shape is kept")
	assert.Contains(t, out, "\"Shape299\"", "the last shape is kept")
	assert.Contains(t, out, "\"documentation\": \"The service.\"", "the document's end is kept")
}

// A value keepTail opened on its last children alone is sampled by grow
// as any other: reopenTail undoes the opening exactly, and restore puts
// it back.
func TestReopenTailRestores(t *testing.T) {
	text := serviceModel(0, 60, true)
	o := &outliner{text: text, budget: 3000, limit: 3000}
	end := strings.LastIndexByte(text, '}') + 1
	o.nodes = []onode{{key: 0, val: 0, end: end, state: asElided, elems: sequence(text, 0, '}')}}
	require.True(t, o.expand(0, 3000))
	kids := o.nodes[0].kids
	shapes := kids[len(kids)-2]
	require.Equal(t, asElided, o.nodes[shapes].state)
	before, used, nodes := o.nodes[shapes], o.used, len(o.nodes)
	o.keepTail(1000)
	require.Equal(t, asOpen, o.nodes[shapes].state, "keepTail opens the shapes on their last one")
	opened, openedUsed := o.nodes[shapes], o.used
	tail := o.reopenTail()
	assert.Equal(t, shapes, tail.at)
	assert.Equal(t, before.state, o.nodes[shapes].state)
	assert.Equal(t, used, o.used)
	assert.Len(t, o.nodes, nodes)
	tail.restore(o)
	assert.Equal(t, opened.kids, o.nodes[shapes].kids)
	assert.Equal(t, openedUsed, o.used)
	assert.Zero(t, o.reopenTail().at, "an opening is undone once")
}
