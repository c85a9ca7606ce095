package headroom

import (
	"slices"
	"strings"
)

// Some tables draw a tree in their last column, indenting a row under
// the one it belongs to: `python -X importtime` prints each module after
// the modules it imported, two spaces deeper per level, so a top-level
// import's row — what the user asked for, with the time of its whole
// subtree — follows its children, scattered through the table. The rows
// at the shallowest level are the tree's roots, and say the most.

// nestingRoots returns the rows of s in [from, to) whose last column,
// the text after the row's last '|', is indented least, when nine rows
// in ten have such a column, it is indented more in at least half of
// them, and the roots are at most one row in eight (else the column is
// not a tree). It reads the rows twice, for the least indent and then for
// the rows at it, rather than keep each row's indent.
func nestingRoots(s *lineSel, from, to int) []int {
	rows := to - from
	piped, least := 0, -1
	for i := from; i < to; i++ {
		d, ok := lastCellIndent(s.line(i))
		if !ok {
			if unpiped := i - from + 1 - piped; (rows-unpiped)*10 < rows*9 {
				return nil // too many rows without one for nine in ten to have it
			}
			continue
		}
		piped++
		if d >= 0 && (least < 0 || d < least) {
			least = d
		}
	}
	if rows < 2 || piped*10 < rows*9 {
		return nil
	}
	var roots []int
	deeper := 0
	for i := from; i < to; i++ {
		switch d, _ := lastCellIndent(s.line(i)); {
		case d == least:
			roots = append(roots, i)
		case d > least:
			deeper++
		}
	}
	if 8*len(roots) > rows || 2*deeper < rows {
		return nil
	}
	return roots
}

// lastCellIndent returns how many spaces indent the text after the last
// '|' of l, -1 when nothing follows them (an empty cell); ok is false
// when l has no '|'.
func lastCellIndent(l string) (d int, ok bool) {
	// Most tables have no '|': IndexByte says so a word at a time,
	// where LastIndexByte reads the line a byte at a time.
	if strings.IndexByte(l, '|') < 0 {
		return -1, false
	}
	p := strings.LastIndexByte(l, '|')
	for p+1+d < len(l) && l[p+1+d] == ' ' {
		d++
	}
	if p+1+d == len(l) {
		return -1, true
	}
	return d, true
}

// rootsFirst returns the rows of ranked that are roots, then the other
// rows of ranked, then the other roots, each in its order: a root among a
// column's largest values is a top-level import among the slowest.
func rootsFirst(ranked, roots []int) []int {
	if len(roots) == 0 {
		return ranked
	}
	out := make([]int, 0, len(ranked)+len(roots))
	for _, i := range ranked {
		if _, ok := slices.BinarySearch(roots, i); ok {
			out = append(out, i)
		}
	}
	for _, i := range ranked {
		if _, ok := slices.BinarySearch(roots, i); !ok {
			out = append(out, i)
		}
	}
	inRanked := make(map[int]bool, len(ranked))
	for _, i := range ranked {
		inRanked[i] = true
	}
	for _, i := range roots {
		if !inRanked[i] {
			out = append(out, i)
		}
	}
	return out
}
