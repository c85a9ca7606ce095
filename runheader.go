package headroom

import "strings"

// runHeaderLabels open a line that names what a run ran, in the banner
// a tool prints before its first finding: valgrind's `Command: perl -e
// 1`, gdb's `Starting program: /usr/bin/perl warn.pl`, a test runner's
// `Invocation:` or `Running:`, a shell's echoed `$ cmd`.
var runHeaderLabels = [...]string{"Command: ", "Starting program: ", "Command line: ", "Invocation: ", "Running: ", "Executing: ", "$ "}

// runHeaderMax is the longest run header pickRunHeader keeps: a short
// line says which run this is; a long one is a dump, not a name.
const runHeaderMax = 160

// runHeader returns the first line, among the log's first headOutlineMax
// lines and before its first failure block, that names the command the
// run ran (see runHeaderLabels), after a valgrind-style ==PID== prefix
// or not, or -1. It is the run's identity: which program the findings
// below are about, which a clip's head always shows and a log of many
// distinct findings would otherwise crowd out.
func runHeader(lines logLines, blocks []logBlock) int {
	n := min(lines.len(), headOutlineMax)
	for _, b := range blocks {
		n = min(n, int(b.first))
	}
	for i := range n {
		l := lines.line(i)
		if len(l) > runHeaderMax {
			continue
		}
		if rest, ok := cutValgrindPrefix(l); ok {
			l = rest
		}
		for _, w := range runHeaderLabels {
			if len(l) > len(w) && strings.HasPrefix(l, w) && l[len(w)] != ' ' {
				return i
			}
		}
	}
	return -1
}

// pickRunHeader keeps the log's run header (see runHeader), priced as a
// failure's telling line is, within bound.
func pickRunHeader(sel *logSelection, lines logLines, blocks []logBlock, bound int) {
	if i := runHeader(lines, blocks); i >= 0 {
		sel.pickWithin(i, bound)
	}
}
