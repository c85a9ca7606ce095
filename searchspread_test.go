package headroom

import (
	"testing"

	"pgregory.net/rapid"
)

// TestSpreadSampleSpreads checks a sample against its definition: after
// finish, its lines are the run's lines 0, stride, 2·stride, … and then
// the last line when that is none of them; there are at least keep of
// them (or the whole run) and at most twice keep, besides the last;
// ordinal gives each line's place in the run.
func TestSpreadSampleSpreads(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3000).Draw(t, "n")
		keep := rapid.IntRange(1, 40).Draw(t, "keep")
		var s spreadSample
		for i := range n {
			s.add(searchLine{start: i, end: i + 1}, keep)
		}
		s.finish()
		if int(s.count) != n {
			t.Fatalf("count %d, want %d", s.count, n)
		}
		want := 0
		for ord := 0; ord < n; ord += int(s.stride) {
			if s.line(want).start != ord {
				t.Fatalf("line %d is line %d of the run, want %d (stride %d)", want, s.line(want).start, ord, s.stride)
			}
			want++
		}
		if (n-1)%int(s.stride) != 0 {
			want++
		}
		if s.len() != want || s.line(s.len()-1).start != n-1 {
			t.Fatalf("%d lines ending with line %d, want %d ending with %d", s.len(), s.line(s.len()-1).start, want, n-1)
		}
		if min(n, keep) > s.len() || s.len() > 2*max(keep, 1)+1 {
			t.Fatalf("%d lines kept of %d, keep %d", s.len(), n, keep)
		}
		for i := range s.len() {
			if s.ordinal(i) != s.line(i).start {
				t.Fatalf("ordinal(%d) = %d, line is %d", i, s.ordinal(i), s.line(i).start)
			}
		}
	})
}
