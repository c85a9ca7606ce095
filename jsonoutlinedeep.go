package headroom

import "slices"

// A document nested a hundred levels deep and more (a heap profile's
// call tree, an AST from clang or babel, tree -J of a deep directory)
// has its outline go down as far as its room takes it. Each depth places
// the children of the values it opens, and placing a child reads its
// members: with sequence, by skipping over their values, so a byte at
// depth d is read d times. Past maxOutlineDepth the outline reads them
// from a table of every container's end instead (containerEnds), built
// in one pass, so each container's members are read once and the
// outline stays linear in the input whatever its depth.

// containerEnds holds, for each array or object of a document in input
// order, where it opens and where it ends (past its closing bracket).
type containerEnds struct {
	opens, ends []int
}

// newContainerEnds returns the table of the containers of the valid
// JSON text[root:end]; one never closed ends at end.
func newContainerEnds(text string, root, end int) *containerEnds {
	c := &containerEnds{}
	var stack []int
	for j := root; j < end; j++ {
		for j < end && !jsonStructural[text[j]] {
			j++
		}
		if j >= end {
			break
		}
		switch text[j] {
		case '"':
			j = jsonSkipString(text, j) - 1
		case '{', '[':
			stack = append(stack, len(c.opens))
			c.opens, c.ends = append(c.opens, j), append(c.ends, end)
		default:
			if len(stack) > 0 {
				c.ends[stack[len(stack)-1]] = j + 1
				stack = stack[:len(stack)-1]
			}
		}
	}
	return c
}

// skip returns where the value at text[i] ends, as jsonSkip does, a
// container's end read from the table.
func (c *containerEnds) skip(text string, i int) int {
	if text[i] == '{' || text[i] == '[' {
		if k, ok := slices.BinarySearch(c.opens, i); ok {
			return c.ends[k]
		}
	}
	return jsonSkip(text, i)
}

// members returns the elements (or key: value members) of the valid
// array or object opening at text[i], as sequence does.
func (c *containerEnds) members(text string, i int, closing byte) [][2]int {
	return sequenceBy(text, i, closing, c.skip)
}
