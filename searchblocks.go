package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Multi-line matches. rg -U (and grep -z, pcre2grep -M) print a match that
// spans lines as every one of its lines, each a `path:NN:` line, numbers
// counting up with nothing in between. Such a run is one match: a reader
// needs its head and the lines that continue it together, and its last
// line alone (`}`) says nothing. When nearly every match line of an output
// sits in such a run, the planner's unit is the run, not the line: a file
// shows its first run whole before any other, and the rounds hand out runs.
// In ordinary output adjacent matches are the exception (at most two
// thirds of the lines of any real search in the corpus sit in runs; a
// multi-line search puts all of them there), so nothing changes there.

// multilineShare is the share of match lines that must sit in runs of two
// or more consecutive lines of a file for the runs to be the units.
const multilineShare = 0.9

// maxRunLines bounds the lines one unit holds: a longer run is cut into
// units of this many lines, so that one giant match cannot take a file's
// first turn whole.
const maxRunLines = 16

// lineNumber returns the number in `NN:` at view[i:], or 0 when there is
// none or it is too long to be a line number.
func lineNumber(view string, i int) int {
	n := txt.DigitsAt(view, i)
	if n == 0 || n > 9 {
		return 0
	}
	v, _ := txt.Atoi(view[i : i+n])
	return v
}

// extendRun files a match line numbered num of f in the runs: it continues
// the open run when the previous line of the output was f's match line
// numbered num-1, and opens a new run otherwise. The previous line's add
// left a run open, of f, its last line numbered lastNum: a line number is
// never negative, so such a num is a number too.
func (sc *searchScan) extendRun(f *searchFile, at searchLine, num int) {
	if sc.prev == f && num == sc.lastNum+1 && sc.open.more+1 < maxRunLines {
		sc.open.end = at.end
		sc.open.more++
		sc.lastNum = num
		return
	}
	sc.closeRun()
	sc.open, sc.openFile, sc.lastNum = at, f, num
}

// closeRun counts the open run, if any, and adds it to its file's sample
// when the units are runs.
func (sc *searchScan) closeRun() {
	if sc.open == (searchLine{}) {
		return
	}
	if sc.open.more > 0 {
		sc.inRuns += int(sc.open.more) + 1
	}
	if sc.runUnits {
		sc.openFile.sample.add(sc.open, sc.keepPerFile)
	}
	sc.open, sc.openFile = searchLine{}, nil
}

// runLines returns the lines of a unit: the unit itself when it is one
// line, else each line of its run with where its text starts.
func runLines(text string, u searchLine) []searchLine {
	if u.more == 0 {
		return []searchLine{u}
	}
	// The lines of a run share the path before `:NN:`.
	pathLen := 0
	if path, ok := matchPrefix(text[u.start:u.body]); ok {
		pathLen = len(path)
	}
	out := make([]searchLine, 0, u.more+1)
	out = append(out, searchLine{start: u.start, end: u.start + lineLen(text, u.start), body: u.body})
	for start := txt.NextLineStart(text, out[0].end); start < u.end; {
		end, next := txt.LineAt(text, start)
		line := strings.TrimSuffix(text[start:end], "\r")
		out = append(out, searchLine{start: start, end: start + len(line), body: start + min(len(line), bodyOffset(line, pathLen))})
		start = next
	}
	return out
}

// lineLen is the length of the line starting at start, without its line
// break and carriage return.
func lineLen(text string, start int) int {
	end, _ := txt.LineAt(text, start)
	return len(strings.TrimSuffix(text[start:end], "\r"))
}

// linesIn returns how many match lines f's first k units hold.
func (f *searchFile) linesIn(k int) int {
	if !f.byRuns {
		return k
	}
	n := 0
	for j := range min(k, f.sample.len()) {
		n += int(f.sample.line(f.pick(j)).more) + 1
	}
	return n
}
