package headroom

import "slices"

// A tree too wide for its top level to fit shows a spread of its
// top-level entries, each a name among alike names: the branches that
// hold most of the tree (webpack's 215 files among 223 packages of one
// to five, setuptools among the egg-info directories) are what a reader
// looks into first, and a spread finds them only by chance. They are the
// tree's peaks, as the largest files are a listing's.

// treeBranchK is how many of the largest branches a tree keeps, each
// with its first child, before its top level is spread.
const treeBranchK = 3

// largestBranches returns the entries of top, the lines of a tree's top
// level in input order, with the most lines under them (up to the next
// top-level entry, or to last, the tree's last line, for the last one),
// the k largest, largest first, the earlier of two as large first. An
// entry with fewer than two lines under it is no branch and none is
// returned for it.
func largestBranches(top []int, last, k int) []int {
	type branch struct{ line, size int }
	var bs []branch
	for x, i := range top {
		end := last + 1
		if x+1 < len(top) {
			end = top[x+1]
		}
		if size := end - i - 1; size >= 2 {
			bs = append(bs, branch{i, size})
		}
	}
	slices.SortStableFunc(bs, func(a, b branch) int { return b.size - a.size })
	out := make([]int, 0, min(k, len(bs)))
	for _, b := range bs[:min(k, len(bs))] {
		out = append(out, b.line)
	}
	return out
}

// pickLargestBranches keeps, largest first, each of branches (see
// largestBranches) with the line under it, its first child, while the
// output stays within to bytes; a branch that does not fit whole is
// left for the next. It returns how many it kept.
func pickLargestBranches(s *lineSel, branches []int, lineCap, to int) int {
	kept := 0
	for _, i := range branches {
		cost := 0
		for j := i; j <= i+1 && j < s.n(); j++ {
			if !s.isKept(j) {
				cost += min(s.size(j), lineCap+cutNoteMax)
			}
		}
		if s.used+cost+2*s.gapCost > to {
			continue
		}
		if s.pickCapped(i, lineCap) {
			s.pickCapped(i+1, lineCap)
			kept++
		}
	}
	return kept
}
