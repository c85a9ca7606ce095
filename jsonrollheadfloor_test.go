package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// clipWholeLeading returns how many of elems, from the first, the
// pipeline's clip of limit shows whole in its head.
func clipWholeLeading(text string, elems [][2]int, limit int) int {
	h, _ := clipCut(text, limit+plannerReserve(len(text)), clipReserve(len(text)))
	n := 0
	for n < len(elems) && elems[n][1] <= h {
		n++
	}
	return n
}

// rollHeadFloor runs the head on to the clip's count of leading whole
// elements while the plan fits, never past all but one between, and
// never back from where it is.
func TestRollHeadFloor(t *testing.T) {
	text := archMap(100)
	top, ok := scanJSONTop(text)
	require.True(t, ok)
	limit := len(text) / 2
	whole := clipWholeLeading(text, top.elems, limit)
	require.Greater(t, whole, 10, "the clip shows too few to test")
	grows := func(per int) func(r int) int { return func(r int) int { return limit - 1000 + per*r } }
	for _, c := range []struct {
		name string
		run  int
		cost func(r int) int
		want int
	}{
		{"up to the clip's count", 0, grows(1), whole - 1},
		{"as far as the room allows", 0, grows(200), 5},
		{"not back from the run", whole + 3, grows(1), whole + 3},
		{"none when one more does not fit", 2, grows(400), 2},
	} {
		assert.Equal(t, c.want, rollHeadFloor(text, top.elems, limit, c.run, c.cost), c.name)
	}
	// A sequence of three: one element between, left to the roll.
	short := archMap(3)
	top3, _ := scanJSONTop(short)
	assert.Equal(t, 0, rollHeadFloor(short, top3.elems, len(short), 0, func(int) int { return 0 }))
}

// A roll that names every member between (lintian's 554 host
// architectures at two and a half times less than their size) keeps,
// whole, as many leading members as a blind clip shows whole: before,
// it named them all in a third of the budget and showed the clip's
// leading members by their names alone, and the floor (floored) then
// gave the whole input to the line planner.
func TestPlanJSONRollKeepsTheClipsLeadingMembersWhole(t *testing.T) {
	text := archMap(400)
	limit := len(text) * 2 / 5
	top, _ := scanJSONTop(text)
	p, out := plannedJSON(t, text, limit)
	require.Contains(t, p.what, "by their naming lines alone", out)
	whole := clipWholeLeading(text, top.elems, limit)
	require.Greater(t, whole, 50)
	at := blankLineStart(text, top.elems[whole][0])
	assert.True(t, strings.HasPrefix(out, text[:at]), "the clip's %d leading members are not whole:\n%.2000s", whole, out)
	for i := 1; i < 399; i++ {
		name := fmt.Sprintf("os%d-cpu%03d", i%7, i)
		assert.Contains(t, out, "\n  \""+name+"\": {\n    \"ARCH\": \""+name+"\",\n", name)
	}
	assert.GreaterOrEqual(t, itemsSize(p.items), limit/2, "less than half the budget: the floor declines it")
}

// Property: a roll that names every element between keeps whole, from
// the first, as many as the pipeline's clip shows whole, or the next one
// whole would not fit; and never more than that clip, past what its head
// run keeps of short ones.
func TestPlanSequenceRollHeadFloorProperty(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(8, 300).Draw(t, "members")
		text := archMap(n)
		limit := rapid.IntRange(len(text)/8, len(text)).Draw(t, "limit")
		top, _ := scanJSONTop(text)
		its, named, run, ok := planSequenceRoll(text, top.elems, top.shapes, rareValueElems(text, top.elems, true), top.kind, limit)
		if !ok || named < n {
			return
		}
		checked++
		at := func(j int) int { return blankLineStart(text, top.elems[j][0]) }
		size := itemsSize(its)
		if size > limit {
			t.Fatalf("%d bytes over %d", size, limit)
		}
		whole := min(clipWholeLeading(text, top.elems, limit), n-2)
		out := render(text, plan{items: its, markerAt: len(its)}, marker{})
		if !strings.HasPrefix(out, text[:at(1)]) {
			return // the first member cut: its ends, no head to run on
		}
		if !strings.HasPrefix(out, text[:at(run+1)]) {
			t.Fatalf("the head's %d members are not whole", run+1)
		}
		if run+1 < whole && size+at(run+2)-at(run+1) <= limit {
			t.Fatalf("%d leading members whole, the clip shows %d, and the next fits (%d of %d bytes)", run+1, whole, size, limit)
		}
		if run+1 > max(whole, 1) {
			t.Fatalf("%d leading members whole, more than the clip's %d", run+1, whole)
		}
	})
	if checked == 0 {
		t.Error("no draw named every member")
	}
}

// mirrorList returns a csvjson-indented list of n alike mirrors, the
// ones of failing with "OK": false, the others true.
func mirrorList(n int, failing map[int]bool) string {
	var b strings.Builder
	b.WriteString("[\n")
	for i := range n {
		fmt.Fprintf(&b, "  {\n    \"Name\": \"Mirror %03d [https]\",\n    \"Country\": \"Country %d\",\n    \"City\": \"City %d\",\n"+
			"    \"URL\": \"https://mirror%03d.example.org/cran/\",\n    \"Host\": \"The university of place %d\",\n"+
			"    \"Maintainer\": \"admin # mirror%03d.example.org\",\n    \"OK\": %t,\n    \"CountryCode\": \"c%d\",\n    \"Comment\": null\n  }",
			i, i%17, i, i, i, i, !failing[i], i%17)
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]")
	return b.String()
}

// The leading elements a roll keeps whole as fill yield to the failures:
// of eight alike failing mirrors, the one in the fill is no sample the
// plan picked, so all eight are kept, as they were before the roll's
// head ran on (R's CRAN mirror list at 2.75 times less than its size).
func TestPlanJSONRollFillYieldsToFailures(t *testing.T) {
	failing := map[int]bool{1: true, 10: true, 22: true, 30: true, 57: true, 61: true, 73: true, 78: true}
	text := mirrorList(108, failing)
	first := strings.Index(text, "Mirror 001")
	checked := 0
	for _, limit := range []int{len(text) * 4 / 11, len(text) / 3} {
		p, ok := planJSONShape(text, mustScanTop(t, text), true, limit)
		require.True(t, ok)
		if !slices.ContainsFunc(p.items, func(it item) bool { return it.fill && it.start <= first && first < it.end }) {
			continue // the fill does not show the first failure: nothing to test
		}
		checked++
		p, ok = planJSON(text, limit)
		require.True(t, ok)
		out := render(text, p, marker{what: p.what})
		assert.Equal(t, len(failing), strings.Count(out, "\n    \"OK\": false,\n"), "limit %d: failing mirrors shown", limit)
	}
	require.NotZero(t, checked, "no limit put the first failure in the fill")
}
