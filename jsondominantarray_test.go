package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// sccSummaries builds a minified array of language summaries in scc
// --by-file's shape: the first holds files alike per-file objects, the
// others one or two each.
func sccSummaries(files int) string {
	file := func(lang string, i int) string {
		return fmt.Sprintf(`{"Language":%q,"Filename":"f%d.x","Location":"dir/%s_%d.x","Bytes":%d,"Lines":%d,"Code":%d,"Comment":0,"Blank":1,"Hash":null,"Binary":false}`, lang, i, lang, i, 100+i, 10+i, 5+i)
	}
	summary := func(lang string, n int) string {
		fs := make([]string, n)
		for i := range n {
			fs[i] = file(lang, i)
		}
		return fmt.Sprintf(`{"Name":%q,"Bytes":%d,"Lines":%d,"Count":%d,"Files":[%s],"ULOC":0}`, lang, 1000*n, 50*n, n, strings.Join(fs, ","))
	}
	return "[" + strings.Join([]string{summary("Go", files), summary("Markdown", 2), summary("YAML", 1), summary("License", 1), summary("Makefile", 1)}, ",") + "]"
}

// TestDominantArraySplitsTheLargestInnerArray: the Go summary, holding
// most of the bytes in its Files, is replaced by its files; its opening
// goes with the first and its closing with the last; the other summaries
// are the siblings.
func TestDominantArraySplitsTheLargestInnerArray(t *testing.T) {
	text := sccSummaries(40)
	top, ok := scanJSONTop(text)
	require.True(t, ok)
	split, ok := dominantArray(text, top.elems)
	require.True(t, ok)
	require.Len(t, split.flat, 40+4)
	assert.Equal(t, []int{40, 41, 42, 43}, split.siblings)
	first, last := split.flat[0], split.flat[39]
	w := split.widen[first[0]]
	assert.True(t, strings.HasPrefix(text[w[0]:w[1]], `{"Name":"Go",`), text[w[0]:w[1]])
	assert.True(t, strings.HasSuffix(text[w[0]:w[1]], `"Lines":10,"Code":5,"Comment":0,"Blank":1,"Hash":null,"Binary":false},`))
	w = split.widen[last[0]]
	assert.True(t, strings.HasSuffix(text[w[0]:w[1]], `],"ULOC":0},`), text[w[0]:w[1]])
}

// TestDominantArrayDeclinesOtherShapes: elements of even sizes, many
// top-level elements, or a dominant one whose inner array has few
// elements are planned as before.
func TestDominantArrayDeclinesOtherShapes(t *testing.T) {
	for name, text := range map[string]string{
		"even":        "[" + strings.Repeat(`{"a":[1,2,3,4,5,6,7,8,9]},`, 5) + `{"a":[1,2,3,4,5,6,7,8,9]}]`,
		"few inner":   `[{"Files":["` + strings.Repeat("x", 400) + `","y"]},{"b":1}]`,
		"many top":    "[" + strings.Repeat(`{"b":1},`, 20) + `{"Files":[` + strings.Repeat(`{"c":"0123456789012345678901234567890123456789"},`, 40) + `{"c":1}]}]`,
		"not objects": `[[` + strings.Repeat(`1,`, 400) + `1],2]`,
	} {
		top, ok := scanJSONTop(text)
		require.True(t, ok, name)
		_, ok = dominantArray(text, top.elems)
		assert.False(t, ok, name)
	}
}

// TestPlanJSONDominantArrayKeepsFilesAndSiblingsWhole: planned as five
// summaries, the Go one was cut at its head, the others kept as a clip's
// tail, and a fifth of the budget went unused; planned as its files,
// files are kept whole, every other summary with them, and the room is
// used.
func TestPlanJSONDominantArrayKeepsFilesAndSiblingsWhole(t *testing.T) {
	text := sccSummaries(80)
	limit := 4000
	require.Greater(t, len(text), 3*limit)
	p, ok := planJSON(text, limit)
	require.True(t, ok)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	assert.LessOrEqual(t, itemsSize(p.items), limit)
	assert.Contains(t, p.what, `: the top's 5, index 0 read as its 80 "Files"`)
	assert.Greater(t, itemsSize(p.items), limit*3/4, "the room is used:\n%s", out)
	for _, want := range []string{`[{"Name":"Go","Bytes":80000`, `"Location":"dir/Go_0.x"`, `"Location":"dir/Go_9.x"`,
		`{"Name":"Markdown"`, `{"Name":"YAML"`, `{"Name":"License"`, `{"Name":"Makefile"`} {
		assert.Contains(t, out, want)
	}
}

// TestPlanJSONDominantArrayKeepsVerbatimRanges: whatever the number of
// files and the limit, the plan holds its limit and its ranges are in
// order, within the text.
func TestPlanJSONDominantArrayKeepsVerbatimRanges(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := sccSummaries(rapid.IntRange(8, 120).Draw(t, "files"))
		limit := rapid.IntRange(200, len(text)).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		pos := 0
		for _, it := range p.items {
			if it.end > it.start {
				if it.start < pos || it.end > len(text) {
					t.Fatalf("range %d-%d out of order or bounds (at %d)", it.start, it.end, pos)
				}
				pos = it.end
			}
		}
	})
}
