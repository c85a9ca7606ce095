package headroom

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestChunkedAppendTo checks that a chunked list, across its chunk
// boundaries, holds what was pushed in order and appends exactly that.
func TestChunkedAppendTo(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 3<<chunkShift+5).Draw(t, "n")
		lead := rapid.SliceOfN(rapid.Int32(), 0, 3).Draw(t, "lead")
		var c chunked[int32]
		want := slices.Clone(lead)
		for i := range n {
			v := int32(i*7 + 1)
			c.push(v)
			want = append(want, v)
		}
		if c.len() != n {
			t.Fatalf("len %d, want %d", c.len(), n)
		}
		got := c.appendTo(slices.Clone(lead))
		if !slices.Equal(got, want) {
			t.Fatalf("appendTo gave %d values, want %d (first difference at %d)", len(got), len(want), firstDiff(got, want))
		}
		for i := range n {
			if c.get(i) != want[len(lead)+i] {
				t.Fatalf("get(%d) = %d, want %d", i, c.get(i), want[len(lead)+i])
			}
		}
	})
}

// firstDiff returns the first index at which a and b differ.
func firstDiff(a, b []int32) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
