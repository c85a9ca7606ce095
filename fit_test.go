package headroom

import (
	"testing"

	"pgregory.net/rapid"
)

// largestFitting finds the bound of a monotone predicate anywhere in its
// range, and never asks about lo.
func TestLargestFittingFindsTheBound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.IntRange(-50, 50).Draw(t, "lo")
		hi := rapid.IntRange(lo, lo+200).Draw(t, "hi")
		bound := rapid.IntRange(lo, hi).Draw(t, "bound")
		got := largestFitting(lo, hi, func(k int) bool {
			if k <= lo || k > hi {
				t.Fatalf("asked about %d outside (%d, %d]", k, lo, hi)
			}
			return k <= bound
		})
		if got != bound {
			t.Fatalf("largestFitting(%d, %d) with bound %d = %d", lo, hi, bound, got)
		}
	})
}
