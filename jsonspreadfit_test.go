package headroom

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestFittingCandidates(t *testing.T) {
	sizes := map[int]int{0: 4040, 1: 70, 2: 3656, 3: 330, 4: 915}
	cost := func(i int) int { return sizes[i] }
	for _, c := range []struct {
		name string
		room int
		want []int
	}{
		{"all fit: the candidates as they were", 5000, []int{0, 1, 2, 3, 4}},
		{"those larger than the room are no candidates", 1900, []int{1, 3, 4}},
		{"an element of exactly the room fits", 915, []int{1, 3, 4}},
		{"none fits", 50, nil},
	} {
		assert.Equal(t, c.want, fittingCandidates([]int{0, 1, 2, 3, 4}, cost, c.room), c.name)
	}
}

// TestFittingCandidatesKeepsThoseThatFit: the candidates returned are
// those of idx, in order, that cost at most the room; the others cost
// more.
func TestFittingCandidatesKeepsThoseThatFit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		costs := rapid.SliceOf(rapid.IntRange(0, 5000)).Draw(t, "costs")
		room := rapid.IntRange(-10, 5000).Draw(t, "room")
		idx := make([]int, len(costs))
		for i := range idx {
			idx[i] = i
		}
		got := fittingCandidates(idx, func(i int) int { return costs[i] }, room)
		require.True(t, slices.IsSorted(got))
		for _, i := range idx {
			assert.Equal(t, costs[i] <= room, slices.Contains(got, i), "candidate %d of cost %d, room %d", i, costs[i], room)
		}
	})
}

// TestSpreadElementsPassesOverElementsTooLargeForTheRoom is textlint -f
// json's one-line array of file results: two files of 4 KB right after
// the first, then small ones. Sized by the average element, the spread
// made one pick, the first after the head, which did not fit, and kept
// nothing in 1,900 bytes of room; it now keeps small ones there.
func TestSpreadElementsPassesOverElementsTooLargeForTheRoom(t *testing.T) {
	sizes := []int{71, 4040, 3656, 71, 330, 69, 66, 597, 915, 818, 1214, 62, 1499, 66, 343, 1854}
	elems := make([][2]int, len(sizes))
	at := 0
	for i, s := range sizes {
		elems[i] = [2]int{at, at + s - 1}
		at += s
	}
	shapes := make([]int32, len(sizes))
	room := 1900
	got := spreadElements(elems, shapes, nil, 1, len(sizes)-1, room, 0, "array element", 0, 0, 0)
	require.NotEmpty(t, got)
	used := 0
	for _, i := range got {
		assert.NotContains(t, []int{1, 2}, i, "an element larger than the room")
		used += sizes[i]
	}
	assert.LessOrEqual(t, used, room)
}
