package headroom

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestDigestRarePicksNamesTheRareWarning: among 60 gcc warnings of two
// common options, the one -Wsign-conversion warning (37) takes the place
// of the even pick nearest it; the other picks stay where they were.
func TestDigestRarePicksNamesTheRareWarning(t *testing.T) {
	text := diagnostics(60, 37)
	elems := sequence(text, 0, ']')
	require.Len(t, elems, 60)
	sel := spread(1, 59, 8)
	require.NotContains(t, sel, 37)
	size := func(int) int { return 100 }
	got := digestRarePicks(text, elems, sel, 1, 59, 800, 800, size)
	assert.Contains(t, got, 37)
	assert.Len(t, got, len(sel))
	assert.True(t, slices.IsSorted(got))
	kept := 0
	for _, j := range sel {
		if slices.Contains(got, j) {
			kept++
		}
	}
	assert.Equal(t, len(sel)-1, kept, "one even pick gives way")
}

// TestDigestRarePicksWithoutARareValue: alike elements leave the spread
// as it was.
func TestDigestRarePicksWithoutARareValue(t *testing.T) {
	text := diagnostics(60, -1)
	elems := sequence(text, 0, ']')
	sel := spread(1, 59, 8)
	assert.Equal(t, sel, digestRarePicks(text, elems, sel, 1, 59, 800, 800, func(int) int { return 100 }))
}

// TestDigestRarePicksStaysInItsRoom: whatever the spread and the room,
// the picks are sorted, distinct, between from and to, and cost no more
// than the room when the spread did not.
func TestDigestRarePicksStaysInItsRoom(t *testing.T) {
	text := diagnostics(60, 37)
	elems := sequence(text, 0, ']')
	rapid.Check(t, func(t *rapid.T) {
		from := rapid.IntRange(0, 58).Draw(t, "from")
		to := rapid.IntRange(from+1, 60).Draw(t, "to")
		k := rapid.IntRange(1, to-from).Draw(t, "picks")
		costs := rapid.SliceOfN(rapid.IntRange(1, 400), 60, 60).Draw(t, "costs")
		size := func(j int) int { return costs[j] }
		sel := spread(from, to, k)
		used := 0
		for _, j := range sel {
			used += size(j)
		}
		room := rapid.IntRange(used, used+2000).Draw(t, "room")
		got := digestRarePicks(text, elems, sel, from, to, room, used, size)
		cost := 0
		for i, j := range got {
			if i > 0 && got[i-1] >= j {
				t.Fatalf("picks not sorted and distinct: %v", got)
			}
			if j < from || j >= to {
				t.Fatalf("pick %d outside [%d, %d)", j, from, to)
			}
			cost += size(j)
		}
		if cost > room {
			t.Fatalf("picks cost %d in a room of %d", cost, room)
		}
	})
}
