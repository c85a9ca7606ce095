package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Pretty-printed JSON in the shared-line style (Java's and PHP's
// printers, jfr print --json) opens each element of an array of objects
// on the line that closes the one before, `}, {`, and the first on the
// array's own line, `[{`, with members one per line. Such an array is as
// lined as one whose brackets stand alone: its display pieces are cut at
// the shared lines' brackets instead of at line starts and ends, so
// consecutive pieces still join into the input's bytes.

// onlySpace reports whether s holds nothing but spaces, tabs and '\r'.
func onlySpace(s string) bool { return strings.Trim(s, " \t\r") == "" }

// opensOwnLines reports whether the container value text[e[0]:e[1]]
// opens with a bracket that ends its line and closes with one that
// starts its line (its members one per line): an element that may share
// its first and last lines with its neighbours.
func opensOwnLines(text string, e [2]int) bool {
	if c := text[e[0]]; c != '{' && c != '[' {
		return false
	}
	nl := strings.IndexByte(text[e[0]:e[1]], '\n')
	return nl >= 0 && onlySpace(text[e[0]+1:e[0]+nl]) && onlySpace(text[txt.LineStart(text, e[1]-1):e[1]-1])
}

// pieceEnd returns where the display of a value ending at end stops: the
// end of its line when only a comma follows it there, else past its comma
// and the spaces after it, where the shared line's next value starts.
func pieceEnd(text string, end int) int {
	le := lineEnd(text, end, len(text))
	if tail := strings.TrimSpace(text[end:le]); tail == "" || tail == "," {
		return le
	}
	i := end
	if j := skipBlanks(text, i); j < len(text) && text[j] == ',' {
		i = j + 1
	}
	return skipBlanks(text, i)
}

// bracketLineEnd returns where the opening of the container whose bracket is
// at val stops: the end of its line, or past the bracket and the spaces
// after it when its first element opens on the same line.
func bracketLineEnd(text string, val int) int {
	le := lineEnd(text, val, len(text))
	if strings.TrimSpace(text[val+1:le]) == "" {
		return le
	}
	return skipBlanks(text, val+1)
}

// lineIndent returns the spaces and tabs that open the line i is on.
func lineIndent(text string, i int) string {
	ls := txt.LineStart(text, i)
	return text[ls:skipBlanks(text, ls)]
}

// glueSharedOpenings makes each note line that a shared-line element
// follows (its piece opens mid-line, at its `{`, a digest's note glued
// to it or not) end with that opening, as `}, {` does: `[…126 more array
// elements, 26 KB…] {`, not a `{` alone at the start of the next line.
func glueSharedOpenings(text string, items []item) {
	for i := 1; i < len(items); i++ {
		it, prev := items[i], &items[i-1]
		if it.end <= it.start || blankLineStart(text, it.start) != it.start || txt.LineStart(text, it.start) == it.start || prev.note == "" || prev.glue || prev.end > prev.start {
			continue
		}
		prev.note += " "
		prev.glue = true
	}
}
