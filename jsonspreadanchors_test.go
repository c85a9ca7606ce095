package headroom

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestSpreadAnchors(t *testing.T) {
	for _, c := range []struct {
		name            string
		n, lo, hi, most int
		want            []int
	}{
		{"the middle alone", 233, 0, 233, 2, []int{116}},
		{"the middle, then the quarters", 233, 0, 233, 3, []int{116, 58, 174}},
		{"eighths when seven fit", 16, 0, 16, 7, []int{8, 4, 12, 2, 6, 10, 14}},
		{"only those in range, the depths counted all the same", 233, 100, 233, 3, []int{116, 174}},
		{"none when not even the middle fits", 233, 0, 233, 0, nil},
		{"a value of one child has no middle to anchor", 1, 0, 1, 3, nil},
	} {
		assert.Equal(t, c.want, spreadAnchors(c.n, c.lo, c.hi, c.most), c.name)
	}
}

func TestAnchoredSpread(t *testing.T) {
	// Twenty picks between 10 and 223 of 233: the middle and quarters
	// replace the picks nearest them; the others stay where they were.
	got := anchoredSpread(10, 223, 233, 20, nil)
	even := spread(10, 223, 20)
	require.Len(t, got, len(even))
	for _, a := range []int{58, 116, 174} {
		assert.Contains(t, got, a)
	}
	moved := 0
	for _, j := range got {
		if !slices.Contains(even, j) {
			moved++
		}
	}
	assert.LessOrEqual(t, moved, 3)
	// Too few picks for the quarters: the middle only.
	assert.Contains(t, anchoredSpread(10, 223, 233, 4, nil), 116)
}

func TestAnchorPicks(t *testing.T) {
	// Candidates are the children 5..94 of 100 but 50 (kept already, a
	// rare one): the middle is not a candidate, the quarters are.
	var idx []int
	for j := 5; j < 95; j++ {
		if j != 50 {
			idx = append(idx, j-5)
		}
	}
	picks := spread(0, len(idx), 12)
	got := anchorPicks(picks, idx, 5, 100)
	require.Len(t, got, len(picks))
	var children []int
	for _, p := range got {
		children = append(children, idx[p]+5)
	}
	assert.Contains(t, children, 25)
	assert.Contains(t, children, 75)
	assert.NotContains(t, children, 50)
}

// TestAnchoredSpreadProperties: the spread keeps its count, its picks
// ascending, distinct and in range, and holds every anchor it has room
// for (anchorRoom).
func TestAnchoredSpreadProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 5000).Draw(t, "n")
		from := rapid.IntRange(0, n-1).Draw(t, "from")
		to := rapid.IntRange(from+1, n).Draw(t, "to")
		k := rapid.IntRange(1, to-from).Draw(t, "k")
		got := anchoredSpread(from, to, n, k, nil)
		require.Len(t, got, len(spread(from, to, k)))
		for i, j := range got {
			require.True(t, from <= j && j < to, "pick %d out of [%d, %d)", j, from, to)
			if i > 0 {
				require.Greater(t, j, got[i-1], "picks %v not ascending", got)
			}
		}
		anchors := spreadAnchors(n, from, to, anchorRoom(len(got)))
		if len(anchors) <= len(got)/2 {
			for _, a := range anchors {
				require.Contains(t, got, a, "anchor %d of %d missing from %v", a, n, got)
			}
		}
		// A smaller room's anchors are the first of a larger one's.
		most := rapid.IntRange(0, 64).Draw(t, "most")
		small, large := spreadAnchors(n, 0, n, most), spreadAnchors(n, 0, n, 2*most+1)
		require.True(t, slices.Equal(small, large[:len(small)]), "anchors %v not a prefix of %v", small, large)
	})
}

// TestOutlineSpreadHoldsTheMiddle: a one-line map of 233 alike members,
// outlined in a room for about twenty of them, shows its middle member
// and its quarters, not only an even stride between its ends.
func TestOutlineSpreadHoldsTheMiddle(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name":"app","packages":{`)
	for j := range 233 {
		if j > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"node_modules/pkg-` + strings.Repeat("x", j%7) + "-" + itoa(j) + `":{"version":"1.0.` + itoa(j) + `","integrity":"sha512-` + strings.Repeat("Q", 80) + `","dev":true,"license":"MIT","engines":{"node":">=10"}}`)
	}
	b.WriteString("}}")
	text := b.String()
	p, ok := planJSON(text, 4000)
	require.True(t, ok, "planJSON declined")
	out := render(text, p, marker{})
	require.LessOrEqual(t, len(out), 4000)
	for _, j := range []int{58, 116, 174} {
		assert.Contains(t, out, `-`+itoa(j)+`":{"version":"1.0.`+itoa(j)+`"`, "member %d", j)
	}
}

// TestRollSpreadHoldsTheMiddle: a pretty-printed map of 293 alike
// packages, rolled by their naming lines, names its middle member and
// its quarters.
func TestRollSpreadHoldsTheMiddle(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n")
	for j := range 293 {
		if j > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`  "node_modules/p` + strings.Repeat("q", j%5) + itoa(j) + "\": {\n    \"version\": \"3.1." + itoa(j) + "\",\n" +
			`    "integrity": "sha512-` + strings.Repeat("Z", 86) + "\",\n    \"license\": \"MIT\",\n    \"engines\": {\n      \"node\": \">= 0.8\"\n    }\n  }")
	}
	b.WriteString("\n}\n")
	text := b.String()
	p, ok := planJSON(text, 4000)
	require.True(t, ok, "planJSON declined")
	out := render(text, p, marker{})
	require.LessOrEqual(t, len(out), 4000)
	require.Contains(t, out, "by their naming lines alone")
	for _, j := range []int{73, 146, 219} {
		assert.Contains(t, out, itoa(j)+"\": {\n    \"version\": \"3.1."+itoa(j)+"\",", "member %d", j)
	}
}
