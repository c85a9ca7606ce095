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

// slotOf indexes a table of any power-of-two size within its bounds, and
// slotShift gives the shifts the tables were written with.
func TestSlotOf(t *testing.T) {
	if got := slotShift(hashSlotsMin); got != 58 {
		t.Errorf("slotShift(%d) = %d, want 58", hashSlotsMin, got)
	}
	if got := slotShift(memoSlotsMin); got != 56 {
		t.Errorf("slotShift(%d) = %d, want 56", memoSlotsMin, got)
	}
	for n := 2; n <= 1<<20; n *= 2 {
		for _, h := range []uint64{0, 1, 1 << 63, ^uint64(0), uint64(n), 0x123456789abcdef} {
			if i := slotOf(h, slotShift(n)); i >= uint64(n) {
				t.Fatalf("slotOf(%#x) in %d slots = %d", h, n, i)
			}
		}
	}
	// Hashes that differ only in their low bits land in different slots.
	seen := map[uint64]bool{}
	for h := range uint64(256) {
		seen[slotOf(h, slotShift(1024))] = true
	}
	if len(seen) != 256 {
		t.Errorf("256 hashes differing in their low byte reach %d of 1024 slots", len(seen))
	}
}
