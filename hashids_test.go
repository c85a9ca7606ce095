package headroom

import (
	"testing"

	"pgregory.net/rapid"
)

// hashIDs numbers hashes as a map would: the same id for the same hash,
// ids in the order hashes are first met, and lookup finds exactly the
// hashes given, however many collide in their slots.
func TestHashIDsAgreesWithMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Few distinct values, many repeats and slot collisions: the low
		// bits vary little.
		hs := rapid.SliceOf(rapid.Uint64Range(0, 300)).Draw(t, "hashes")
		shift := rapid.UintRange(0, 60).Draw(t, "shift")
		var tab hashIDs
		want := map[uint64]uint32{}
		for _, h := range hs {
			h <<= shift
			id, isNew := tab.id(h)
			w, seen := want[h]
			if !seen {
				w = uint32(len(want))
				want[h] = w
			}
			if id != w || isNew == seen {
				t.Fatalf("id(%#x) = %d, new %v; want %d, new %v", h, id, isNew, w, !seen)
			}
		}
		for h, w := range want {
			if id, ok := tab.lookup(h); !ok || id != w {
				t.Fatalf("lookup(%#x) = %d, %v; want %d, true", h, id, ok, w)
			}
		}
		// Odd and over 300: never drawn, so never found.
		if _, ok := tab.lookup(1<<63 | 12345); ok {
			t.Fatalf("lookup found a hash never given")
		}
	})
}
