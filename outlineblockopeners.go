package headroom

import (
	"slices"
	"strings"
)

// blockOpeners returns the lines of a text's n lines (content gives each
// without a read tool's number) that open a top-level block a keyword
// names, in a language the declaration words do not know: a line in the
// first column that a lowercase word opens, then a name (a letter, '_' or
// a quoted string first), and that ends in '{', whose block the next line
// in the first column closes with '}' — protobuf's `message StringRules
// {`, thrift's and GraphQL's `service`/`type`, HCL's `resource "x" "y"
// {`. Nil unless blockOpenersMin of them recur: one such line could be
// any code's; a run of them is the file's outline (and a run the
// declaration words found already is told by them: see missedOpeners). Where a line starts
// and ends, and which line closes it, is all it reads.
func blockOpeners(content func(int) string, n int) []int {
	var opened []int
	open := -1 // the opener whose block is read, -1 for none
	for i := 0; i < n; i++ {
		l := strings.TrimRight(content(i), " \t\r")
		if l == "" || l[0] == ' ' || l[0] == '\t' {
			continue
		}
		if open >= 0 && (l == "}" || l == "};") {
			opened = append(opened, open)
			open = -1
			continue
		}
		open = -1
		if blockOpenerLine(l) {
			open = i
		}
	}
	if len(opened) < blockOpenersMin {
		return nil
	}
	return opened
}

// blockOpenersMin is the fewest block openers that make a text's outline.
const blockOpenersMin = 3

// blockOpenerLine reports a line l (in the first column, white space on
// its right trimmed) that a lowercase word, a space and a name open and
// '{' ends.
func blockOpenerLine(l string) bool {
	if len(l) < 5 || l[len(l)-1] != '{' {
		return false
	}
	k := 0
	for k < len(l) && l[k] >= 'a' && l[k] <= 'z' {
		k++
	}
	if k == 0 || k+1 >= len(l) || l[k] != ' ' {
		return false
	}
	c := l[k+1]
	return isLetter(c) || c == '_' || c == '"'
}

// missedOpeners returns the block openers (see blockOpeners) that no rank
// of ranks holds: what the declaration words missed. A language they
// know keeps its ranks (Go's methods one rank below its types).
func missedOpeners(openers []int, ranks [outlineRanks][]int) []int {
	var missed []int
	for _, i := range openers {
		held := false
		for _, r := range ranks {
			if _, ok := slices.BinarySearch(r, i); ok {
				held = true
				break
			}
		}
		if !held {
			missed = append(missed, i)
		}
	}
	return missed
}
