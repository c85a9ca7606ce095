package headroom

import (
	"slices"
	"sort"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// planTreeRef is planTree as it was before it was made to read each line
// once without per-line tables: the reference its plans are held to.
func planTreeRef(text string, limit int) (plan, bool) {
	if limit < 200 || !treeLikely(text) {
		return plan{}, false
	}
	// Gap notes count the lines: a branch is re-read by its path, not
	// by line numbers, and the bytes go to more entries.
	s := newLineSel(text, limit, countGaps(len(text)))
	n := s.n()
	col := make([]int, n) // the rune column of the branch mark; -1 for none
	cols := map[int]int{}
	tree, nonBlank := 0, 0
	for i := 0; i < n; i++ {
		l := s.line(i)
		col[i] = branchColumn(l)
		if strings.TrimSpace(l) != "" {
			nonBlank++
		}
		if col[i] >= 0 {
			tree++
			cols[col[i]]++
		} else if bars(l) {
			tree++
		}
	}
	if tree < 8 || tree*5 < nonBlank*4 {
		return plan{}, false
	}
	levels := treeLevelsRef(cols)
	const lineCap = 240
	room := s.room()
	// The lines before the tree (the root) and after it (the totals, a
	// package manager's errors) first, then the entries that report a
	// failure (invalid, missing, UNMET): they are why the tree was asked.
	first, last := 0, n-1
	for first < n && col[first] < 0 && !bars(s.line(first)) {
		first++
	}
	for last > first && col[last] < 0 && !bars(s.line(last)) {
		last--
	}
	for i := 0; i < first && (i == 0 || s.used < s.limit-room*95/100); i++ {
		if !s.pickCapped(i, lineCap) {
			break
		}
	}
	tailTo := s.used + room/4
	for i := last + 1; i < n && s.used < tailTo; i++ {
		s.pickCapped(i, lineCap)
	}
	s.pickCapped(n-1, lineCap)
	var fails []int
	for i := first; i <= last; i++ {
		// A bare name (error.js) is a file, not a report: a failure is
		// told in words after the entry's name.
		if col[i] >= 0 && strings.IndexByte(trimTreePrefix(s.line(i)), ' ') >= 0 && hasFailureSignal(s.line(i)) {
			fails = append(fails, i)
		}
	}
	failTo := s.used + room/4
	pickSpread(s, fails, lineCap, failTo)
	for _, i := range rareAnnotationsRef(s, col, first, last, fails) {
		if s.used+min(s.size(i), lineCap)+s.gapCost > failTo {
			break
		}
		s.pickCapped(i, lineCap)
	}
	// Entries by level; within a level, round r keeps each parent's
	// r-th child, and the top level is spread evenly over the tree.
	byLevel := make([][]int, len(levels))
	childIdx, parent := make([]int, n), make([]int, n)
	var count [64]int  // children seen under the latest entry of each level
	var lastAt [64]int // the latest entry of each level
	for i := 0; i < n; i++ {
		if col[i] < 0 {
			continue
		}
		lv := levels[col[i]]
		if lv >= len(count)-1 {
			continue
		}
		childIdx[i] = count[lv]
		count[lv]++
		lastAt[lv] = i
		parent[i] = -1
		if lv > 0 {
			parent[i] = lastAt[lv-1]
		}
		for k := lv + 1; k < len(count); k++ {
			count[k] = 0
		}
		byLevel[lv] = append(byLevel[lv], i)
	}
	if len(byLevel) > 0 {
		// When not even the top level fits, the tree is read from its
		// start, as a clip would show it: the head grows in one piece to
		// three fifths of the room before the top level is spread.
		cost := 0
		for _, i := range byLevel[0] {
			cost += min(s.size(i), lineCap) + s.gapCost
		}
		if cost > s.room() {
			to := s.used + s.room()*3/5
			for i := first; i <= last && s.used+min(s.size(i), lineCap) <= to; i++ {
				if !s.pickCapped(i, lineCap) {
					break
				}
			}
			// The largest branches, sorted by the lines under each
			// (insertion order kept on ties), with their first child.
			var branches []int
			size := func(x int) int {
				end := last + 1
				if x+1 < len(byLevel[0]) {
					end = byLevel[0][x+1]
				}
				return end - byLevel[0][x] - 1
			}
			var order []int
			for x := range byLevel[0] {
				if size(x) >= 2 {
					order = append(order, x)
				}
			}
			sort.SliceStable(order, func(a, b int) bool { return size(order[a]) > size(order[b]) })
			for _, x := range order[:min(len(order), treeBranchK)] {
				branches = append(branches, byLevel[0][x])
			}
			pickLargestBranches(s, branches, lineCap, s.used+s.room()/4)
		}
		pickSpread(s, byLevel[0], lineCap, s.limit)
	}
	for lv := 1; lv < len(byLevel) && s.room() > s.gapCost; lv++ {
		var rounds [][]int // the level's entries by their index among siblings
		for _, i := range byLevel[lv] {
			for len(rounds) <= childIdx[i] {
				rounds = append(rounds, nil)
			}
			rounds[childIdx[i]] = append(rounds[childIdx[i]], i)
		}
		for _, round := range rounds {
			if s.room() <= s.gapCost {
				break
			}
			todo := round[:0:0]
			for _, i := range round {
				if parent[i] >= 0 && s.isKept(parent[i]) {
					todo = append(todo, i)
				}
			}
			pickSpread(s, todo, lineCap, s.limit)
		}
	}
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	top, shown := 0, 0
	if len(byLevel) > 0 {
		top = len(byLevel[0])
		for _, i := range byLevel[0] {
			if s.isKept(i) {
				shown++
			}
		}
	}
	what := "a tree of " + txt.Plural(n, "line") + " (" + txt.Plural(top, "top-level entry") + ") cut to " +
		txt.Commas(s.kept()) + " lines: the root, the totals, " + txt.Commas(shown) + " top-level entries, then children breadth first"
	return plan{strategy: StrategyListing, items: items, markerAt: markerAt, what: what,
		hint: "To see one branch whole, re-run the command on that entry (tree PATH, npm ls NAME)."}, true
}

// treeLevelsRef maps each branch column to its level, 0 for the shallowest.
func treeLevelsRef(cols map[int]int) map[int]int {
	var sorted []int
	for c := range cols {
		sorted = append(sorted, c)
	}
	for i := 1; i < len(sorted); i++ { // insertion sort: a few columns
		for j := i; j > 0 && sorted[j] < sorted[j-1]; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	levels := make(map[int]int, len(sorted))
	for i, c := range sorted {
		levels[c] = i
	}
	return levels
}

// rareAnnotationsRef is rareAnnotations as first written, over the
// per-line columns: the entries of lines [first, last] not in fails whose
// annotation at most two entries, or one in eight of the annotated,
// carry, the rarest first.
func rareAnnotationsRef(s *lineSel, col []int, first, last int, fails []int) []int {
	keyOf := func(i int) (string, bool) {
		e := trimTreePrefix(s.line(i))
		sp := strings.IndexByte(e, ' ')
		if sp < 0 {
			return "", false
		}
		k := annotationKey(e[sp:])
		return k, k != ""
	}
	count := map[string]int{}
	annotated := 0
	for i := first; i <= last; i++ {
		if col[i] >= 0 {
			if k, ok := keyOf(i); ok {
				count[k]++
				annotated++
			}
		}
	}
	type rare struct{ i, n int }
	var out []rare
	for i := first; i <= last; i++ {
		if _, failed := slices.BinarySearch(fails, i); col[i] < 0 || failed {
			continue
		}
		if k, ok := keyOf(i); ok && (count[k] <= 2 || count[k]*8 <= annotated) {
			out = append(out, rare{i, count[k]})
		}
	}
	slices.SortStableFunc(out, func(a, b rare) int { return a.n - b.n })
	idx := make([]int, len(out))
	for x, r := range out {
		idx[x] = r.i
	}
	return idx
}
