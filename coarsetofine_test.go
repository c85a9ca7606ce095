package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestCoarseToFine(t *testing.T) {
	got := coarseToFine([]int{10, 20, 30, 40, 50, 60, 70, 80, 90})
	want := []int{10, 90, 50, 30, 70, 20, 60, 40, 80}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// coarseToFine reorders its picks, each once, the first and the last
// first, and any prefix of it leaves no gap between its picks wider
// than about twice the widest an even spread of its length would.
func TestCoarseToFineProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(0, 300).Draw(t, "k")
		picks := make([]int, k)
		for i := range picks {
			picks[i] = i
		}
		got := coarseToFine(picks)
		sorted := slices.Clone(got)
		slices.Sort(sorted)
		if !slices.Equal(sorted, picks) {
			t.Fatalf("not a permutation: %v", got)
		}
		if k >= 2 && (got[0] != 0 || got[1] != k-1) {
			t.Fatalf("starts %v", got[:2])
		}
		for p := 3; p <= k; p++ {
			pre := slices.Clone(got[:p])
			slices.Sort(pre)
			widest := 0
			for i := 1; i < p; i++ {
				widest = max(widest, pre[i]-pre[i-1])
			}
			if even := (k - 1 + p - 2) / (p - 1); widest > 2*even+1 {
				t.Fatalf("prefix of %d of %d: widest gap %d, an even spread's %d", p, k, widest, even)
			}
		}
	})
}

// A spread whose cost was underestimated runs out of room with its picks
// spread over the whole, not bunched at the front.
func TestPickSpreadWithinUnderestimatedStaysSpread(t *testing.T) {
	var b strings.Builder
	for i := range 600 {
		fmt.Fprintf(&b, "Name: unit%03d\nCRC: %032d\n", i, i)
	}
	text := b.String()
	s := newLineSel(text, 1<<20, lineGaps(1201))
	var names []int
	for i := 0; i < 1200; i += 2 {
		names = append(names, i)
	}
	// Each name is priced alone, but kept with the line under it.
	cost := 0
	for _, i := range names {
		cost += s.size(i) + s.gapCost
	}
	to := cost / 20
	pickSpreadWithin(s, names, cost, func(i int) bool { return s.pick(i) && s.pick(i+1) }, to)
	last := -1
	for i := s.n() - 1; i >= 0; i-- {
		if s.isKept(i) {
			last = i
			break
		}
	}
	mid := false
	for i := 500; i < 700; i++ {
		mid = mid || s.isKept(i)
	}
	if last < 1100 || !mid {
		t.Errorf("picks bunched: last kept line %d, one in the middle %v", last, mid)
	}
}
