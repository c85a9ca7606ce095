package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// An importtime trace's top-level rows are the roots of its tree; a
// table whose last column is not indented to nest has none.
func TestNestingRoots(t *testing.T) {
	var b strings.Builder
	b.WriteString("import time: self [us] | cumulative | imported package\n")
	for i := range 40 {
		fmt.Fprintf(&b, "import time: %9d | %10d |     child%d\n", i, i*10, i)
		fmt.Fprintf(&b, "import time: %9d | %10d |   parent%d\n", i, i*20, i)
		if i%10 == 9 {
			fmt.Fprintf(&b, "import time: %9d | %10d | top%d\n", i, i*300, i)
		}
	}
	s := newLineSel(b.String(), 1<<20, gapWording{})
	roots := nestingRoots(s, 1, s.n())
	var got []string
	for _, i := range roots {
		got = append(got, strings.TrimSpace(s.line(i)[strings.LastIndexByte(s.line(i), '|')+1:]))
	}
	assert.Equal(t, []string{"top9", "top19", "top29", "top39"}, got)

	flat := "| a | 1 |\n" + strings.Repeat("| b | 2 |\n", 30)
	s = newLineSel(flat, 1<<20, gapWording{})
	assert.Nil(t, nestingRoots(s, 0, s.n()), "a table of one depth")
	assert.Equal(t, []int{3, 1, 2, 4, 5}, rootsFirst([]int{3, 4, 1, 2}, []int{1, 2, 3, 5}))
}

// genImportTime draws a python -X importtime trace: each module after the
// modules it imports, two spaces deeper per level.
func genImportTime(t *rapid.T) string {
	var b strings.Builder
	b.WriteString("import time: self [us] | cumulative | imported package\n")
	var tree func(depth int) int
	tree = func(depth int) int {
		cum := 0
		if depth < 4 {
			for k := rapid.IntRange(0, 3).Draw(t, "children"); k > 0; k-- {
				cum += tree(depth + 1)
			}
		}
		self := rapid.IntRange(1, 99999).Draw(t, "self")
		fmt.Fprintf(&b, "import time: %9d | %10d | %s%s\n", self, self+cum, strings.Repeat("  ", depth), genWord(t, "module"))
		return self + cum
	}
	for k := rapid.IntRange(3, 40).Draw(t, "imports"); k > 0; k-- {
		tree(0)
	}
	return b.String()
}

// A nested table keeps its limit, its header, and, when it is read as a
// tree, its largest cumulative time, a root's, whenever it keeps any row
// past the head and the tail.
func TestNestedTableKeepsTheSlowestImport(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text := genImportTime(rt)
		limit := rapid.IntRange(400, max(400, len(text))).Draw(rt, "limit")
		p, ok := planTable(text, limit)
		if !ok {
			return
		}
		out := checkDocPlan(rt, text, p, limit)
		lines := strings.Split(text, "\n")
		best, at := -1, 0
		for i, l := range lines[1:] {
			var self, cum int
			if _, err := fmt.Sscanf(l, "import time: %d | %d |", &self, &cum); err == nil && cum > best {
				best, at = cum, i+1
			}
		}
		if !strings.HasPrefix(out, lines[0]+"\n") {
			rt.Fatalf("header lost:\n%s", out)
		}
		// A table read as a tree keeps its roots among its peaks, the
		// largest cumulative first. One whose roots are more than one row
		// in eight is not read as a tree (nine imports over 54 rows: seed
		// 6539880395185986332), and a cumulative column of near-equal
		// values can look sorted and give no peak, its roots then
		// following the peaks in row order: no root is promised then.
		sel := newLineSel(text, 1<<20, gapWording{})
		if nestingRoots(sel, 1, sel.n()) == nil || !slices.Contains(columnPeaks(sel, 1, sel.n(), 1), at) {
			return
		}
		if strings.Count(out, "\n") > 12 && !strings.Contains(out, lines[at]+"\n") {
			rt.Fatalf("the slowest import %q is lost:\n%s", lines[at], out)
		}
	})
}

// nestingRootsRef is nestingRoots as first written: one reading of the
// rows, each row's indent kept in a slice.
func nestingRootsRef(s *lineSel, from, to int) []int {
	rows := to - from
	depth := make([]int, 0, rows)
	piped, least := 0, -1
	for i := from; i < to; i++ {
		l := s.line(i)
		p := strings.LastIndexByte(l, '|')
		if p < 0 {
			if unpiped := len(depth) + 1 - piped; (rows-unpiped)*10 < rows*9 {
				return nil
			}
			depth = append(depth, -1)
			continue
		}
		piped++
		d := 0
		for p+1+d < len(l) && l[p+1+d] == ' ' {
			d++
		}
		if p+1+d == len(l) {
			depth = append(depth, -1)
			continue
		}
		depth = append(depth, d)
		if least < 0 || d < least {
			least = d
		}
	}
	if rows < 2 || piped*10 < rows*9 {
		return nil
	}
	var roots []int
	deeper := 0
	for k, d := range depth {
		switch {
		case d == least:
			roots = append(roots, from+k)
		case d > least:
			deeper++
		}
	}
	if 8*len(roots) > rows || 2*deeper < rows {
		return nil
	}
	return roots
}

// nestingRoots, which reads the rows twice and keeps no indents, finds
// the roots nestingRootsRef finds, in importtime traces with rows
// changed to have no '|' or an empty last cell.
func TestNestingRootsMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lines := strings.Split(genImportTime(t), "\n")
		for range rapid.IntRange(0, 6).Draw(t, "edits") {
			i := rapid.IntRange(0, len(lines)-1).Draw(t, "row")
			lines[i] = rapid.SampledFrom([]string{"", "no pipe here", "import time: 1 | 2 |", "x |   ", "|"}).Draw(t, "edit")
		}
		s := newLineSel(strings.Join(lines, "\n"), 1<<20, gapWording{})
		from := rapid.IntRange(0, 2).Draw(t, "from")
		to := rapid.IntRange(from, s.n()).Draw(t, "to")
		if got, want := nestingRoots(s, from, to), nestingRootsRef(s, from, to); !slices.Equal(got, want) {
			t.Fatalf("nestingRoots = %v, the reference %v", got, want)
		}
	})
}
