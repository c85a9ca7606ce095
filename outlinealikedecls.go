package headroom

import (
	"slices"
	"strings"
)

// alikeDeclMin is how many small declarations of one shape make a family
// (`class StreamError(TarError):` and its ten sibling exceptions).
const alikeDeclMin = 3

// alikeDeclWeight is the most a declaration of a family may weigh (its
// body and comment lines) to give way: a family of big ones is a file's
// substance, not its boilerplate.
const alikeDeclWeight = 4

// alikeDecls returns, in input order, the small declaration lines of
// ranks whose line, its declared name masked, two others or more share —
// all but the first of each such family, which stands for it — to be kept
// after every other declaration: eleven exception classes of two lines
// each say little more than their first does, and the room they take
// shows eleven methods.
func alikeDecls(ranks [outlineRanks][]int, w declWeightsOf, content func(int) string) []int {
	shape := func(i int) string {
		l := content(i)
		start, end := declNameSpan(l)
		if start == end || end == len(l) || l[end] != '(' || !strings.Contains(l[end:], ")") {
			return "" // no name before a parameter list that closes on its line
		}
		return l[:start] + "\x00" + l[end:]
	}
	small := mergedDecls(ranks)
	small = slices.DeleteFunc(slices.Compact(small), func(i int) bool { return w.body(i) > alikeDeclWeight })
	shapes := make([]string, len(small))
	count := map[string]int{}
	for k, i := range small {
		shapes[k] = shape(i)
		count[shapes[k]]++
	}
	delete(count, "")
	seen := map[string]bool{}
	var later []int
	for k, i := range small {
		sh := shapes[k]
		if count[sh] < alikeDeclMin {
			continue
		}
		if seen[sh] {
			later = append(later, i)
		}
		seen[sh] = true
	}
	return later
}
