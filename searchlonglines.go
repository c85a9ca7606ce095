package headroom

import "strings"

// A sample of a minified bundle (takeLongLines: 32 lines, half of them
// 87 KB each) cost the search row more than the giant planner that takes
// the bundle: four readings of every byte, each to find that its lines
// are no search output. Every search shape needs most lines of its kind
// (planSearch three in four, the others nine in ten), and a line too long
// to be a path tells from its head alone that it is none of them.

// longLineHead is how much of a long line searchDeclinesLongLines reads:
// a match's or a context line's path (maxPathLen), a notice's path and
// tool (maxNoticePath and eight bytes), with room to spare.
const longLineHead = maxNoticePath + 32

// searchDeclinesLongLines reports that planSearchShapes declines sample,
// a sample of long lines whose lines start at starts, reading only the
// head of each line: more than a quarter of its lines are surely no
// line of any search shape (surelyNoSearchLine). It says nothing (false)
// of rg --heading output without line numbers, whose every line under a
// path is a match.
func searchDeclinesLongLines(sample string, starts []int) bool {
	if len(starts) == 0 || bareHeadings(sample) {
		return false
	}
	other := 0
	for i, start := range starts {
		end := len(sample)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		if surelyNoSearchLine(strings.TrimSuffix(sample[start:end], "\n")) {
			other++
		}
	}
	return 4*other > len(starts)
}

// surelyNoSearchLine reports that line (no line break) is read as no
// search line by every search shape: not a match or a context line, a
// notice, a path or an rg --json event (planSearch, planSearchCounts,
// planSearchList, planSearchJSON). It reads the line's head only, and
// reports false for a line of longLineHead bytes or fewer, or whose head
// leaves any doubt.
func surelyNoSearchLine(line string) bool {
	line = strings.TrimSuffix(line, "\r")
	if len(line) <= longLineHead {
		return false // a path, a count line (path:N)
	}
	head := line[:longLineHead]
	// rg --json's events are read with their spaces trimmed (TrimSpace:
	// a non-ASCII byte may start a space it trims).
	lead := strings.TrimLeft(head, " \t\n\v\f\r")
	switch {
	case lead == "" || lead[0] >= 0x80 || lead[0] == '{':
		return false // an event
	case isDigit(head[0]):
		return false // a match or a context line without a path (`NN:`, `NN-`)
	case isDigit(head[len(head)-1]) || strings.IndexByte(head, 0x1b) >= 0:
		// A line number running past the head, or escapes planSearch
		// strips, which would move what the head shows.
		return false
	case strings.HasPrefix(line, "Binary file ") || strings.Contains(head, ": "):
		return false // a notice
	case strings.HasSuffix(strings.TrimSpace(line), `,"type":"summary"}`):
		return false // rg --json's summary event
	case pathNumberSep(head) || isContextLine(head):
		return false // `path:NN:`, `path-NN-`
	}
	return true
}

// pathNumberSep reports whether head has `:NN:` after at most maxPathLen
// bytes: the line number after a match line's path.
func pathNumberSep(head string) bool {
	for i := 0; i <= maxPathLen && i < len(head); {
		c := strings.IndexByte(head[i:], ':')
		if c < 0 {
			return false
		}
		c += i
		if c > maxPathLen {
			return false
		}
		if n := digitRun(head, c+1); n > 0 && c+1+n < len(head) && head[c+1+n] == ':' {
			return true
		}
		i = c + 1
	}
	return false
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
