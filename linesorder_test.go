package headroom

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// ascending yields every key in the order a full sort gives, a chunk at a
// time, and stops when asked to.
func TestAscendingSortsInChunks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keys := rapid.SliceOfNDistinct(rapid.Uint64(), 0, 3*ascendingChunk, rapid.ID[uint64]).Draw(t, "keys")
		want := slices.Sorted(slices.Values(keys))
		stop := rapid.IntRange(0, len(keys)).Draw(t, "stop")
		var got []uint64
		ascending(slices.Clone(keys), func(k uint64) bool {
			got = append(got, k)
			return len(got) < stop
		})
		if n := max(1, stop); len(keys) > 0 && !slices.Equal(got, want[:min(n, len(want))]) {
			t.Fatalf("got %v, want the first %d of %v", got, n, want)
		}
	})
}
