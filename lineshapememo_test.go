package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A line the memo holds gives what reading it gives: its skeleton, its
// lead and its failure verdict, on drawn lines that repeat far apart and
// lines that share their ends and length but not their middle (the slot
// is the same, the line is not).
func TestShapeMemoGivesWhatAReadGives(t *testing.T) {
	hits := 0
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.OneOf(
			rapid.SampledFrom([]string{"", "close(3)                                = 0", "read(3) = -1 ENOENT", "error: boom",
				`openat(AT_FDCWD, "/usr/lib/libz.so.1", O_RDONLY|O_CLOEXEC) = 3`, `openat(AT_FDCWD, "/usr/lib/libm.so.1", O_RDONLY|O_CLOEXEC) = 3`,
				// Its length and first, middle and last eight bytes, not its skeleton.
				`openat(AT_FDCW=, "/usr/lib/libz.so.1", O_RDONLY|O_CLOEXEC) = 3`}),
			rapid.StringMatching(`[a-zE]{1,9}( [0-9A-Z]{1,3})?`),
		), 1, 600).Draw(t, "lines")
		// The first line twice: the memo holds it for the second, so every
		// check reads a hit (with few lines drawn, as -short's 20 checks
		// can draw, no other line may repeat).
		lines = append(lines[:1:1], lines...)
		m := newShapeMemo()
		for _, l := range lines {
			s := m.slot(l)
			if s == nil {
				continue
			}
			shape := shapeOf(l)
			fails := shape.errno || shape.mayFail && hasFailureSignal(l)
			if m.hit(s, l) {
				hits++
				if s.skel != shape.skel || s.lead != shape.lead || s.fails != fails {
					t.Fatalf("%q: the memo gives skeleton %x, lead %x, fails %v; a read gives %x, %x, %v",
						l, s.skel, s.lead, s.fails, shape.skel, shape.lead, fails)
				}
				continue
			}
			*s = memoSlot{line: l, skel: shape.skel, lead: shape.lead, fails: fails, held: true}
		}
	})
	if hits == 0 {
		t.Fatal("no line was found in the memo: the property tested nothing")
	}
}

// The memo turns off on lines that do not repeat, and grows to its
// largest on lines that do.
func TestShapeMemoOffOrGrown(t *testing.T) {
	read := func(m *shapeMemo, l string) {
		if s := m.slot(l); s != nil && !m.hit(s, l) {
			*s = memoSlot{line: l, held: true}
		}
	}
	distinct := newShapeMemo()
	for i := range 2 * memoWindow {
		read(&distinct, fmt.Sprintf("^d5b2fb1 (Dev Example 2026-11-20 10:00:00 +0000 %4d) line", i))
	}
	if distinct.slots != nil {
		t.Errorf("the memo is still on after %d distinct lines", 2*memoWindow)
	}
	repeated := newShapeMemo()
	for i := range 8 * memoWindow * memoSlotsMax / memoSlotsMin {
		read(&repeated, strings.Repeat("x", i%100))
	}
	if len(repeated.slots) != memoSlotsMax {
		t.Errorf("the memo holds %d slots after lines that repeat, want %d", len(repeated.slots), memoSlotsMax)
	}
}
