package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The largest branches are the entries with the most lines under them,
// largest first, the earlier of two as large first; a leaf or an entry
// of one child is none.
func TestLargestBranches(t *testing.T) {
	// Top-level entries at lines 1, 3, 4, 10, 13 of a tree ending at 20:
	// 1 line under the first, 0, 5, 2 and 7 under the others.
	top := []int{1, 3, 4, 10, 13}
	for _, c := range []struct {
		k    int
		want []int
	}{
		{3, []int{13, 4, 10}},
		{1, []int{13}},
		{9, []int{13, 4, 10}},
		{0, []int{}},
	} {
		if got := largestBranches(top, 20, c.k); !slices.Equal(got, c.want) {
			t.Errorf("k=%d: got %v, want %v", c.k, got, c.want)
		}
	}
	if got := largestBranches([]int{0, 3, 6}, 8, 2); !slices.Equal(got, []int{0, 3}) {
		t.Errorf("ties: got %v, want the earlier first [0 3]", got)
	}
}

// bigBranchTree is a tree of top entries of kids children each but for
// the entries of big, which hold bigKids.
func bigBranchTree(top, kids, bigKids int, big ...int) string {
	var b strings.Builder
	b.WriteString("root\n")
	for i := 0; i < top; i++ {
		n := kids
		if slices.Contains(big, i) {
			n = bigKids
		}
		fmt.Fprintf(&b, "├── package-%03d\n", i)
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "│   ├── file-%03d-%02d.txt\n", i, k)
		}
	}
	fmt.Fprintf(&b, "\n%d directories, many files\n", top)
	return b.String()
}

// A tree too wide for its top level keeps its largest branches, each
// with its first child, wherever they sit: the spread of the top level
// would find them only by chance.
func TestTreeKeepsLargestBranches(t *testing.T) {
	text := bigBranchTree(400, 2, 60, 137, 251, 333)
	p, ok := planTree(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	for _, i := range []int{137, 251, 333} {
		entry := fmt.Sprintf("├── package-%03d\n│   ├── file-%03d-00.txt\n", i, i)
		if !strings.Contains(out, entry) {
			t.Errorf("lost the large branch %d with its first child", i)
		}
	}
	if !strings.Contains(out, "├── package-000\n") || !strings.Contains(out, "400 directories") {
		t.Error("lost the head or the totals")
	}
}

// Whatever the tree and the budget, the plan stays within its limit and
// keeps input lines verbatim.
func TestTreeLargestBranchesProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		top := rapid.IntRange(20, 600).Draw(t, "top")
		kids := rapid.IntRange(0, 4).Draw(t, "kids")
		bigKids := rapid.IntRange(0, 80).Draw(t, "bigKids")
		big := rapid.SliceOfN(rapid.IntRange(0, top-1), 0, 5).Draw(t, "big")
		limit := rapid.IntRange(300, 9000).Draw(t, "limit")
		text := bigBranchTree(top, kids, bigKids, big...)
		p, ok := planTree(text, limit)
		if !ok {
			return
		}
		if sz := itemsSize(p.items); sz > limit {
			t.Fatalf("plan of %d bytes over its limit %d", sz, limit)
		}
		for _, it := range p.items {
			if it.end > it.start && !strings.Contains(text, text[it.start:it.end]) {
				t.Fatalf("kept bytes not from the input")
			}
		}
		out := render(text, p, marker{})
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if !strings.HasPrefix(l, "[…") && !strings.Contains(text, l+"\n") && !strings.Contains(l, "bytes of this line cut") {
				t.Fatalf("line %q is not an input line", l)
			}
		}
	})
}
