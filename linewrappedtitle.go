package headroom

// wrappedTitle reports a heading written on one line between two alike
// runs of a mark, as html2text writes `**** Runtime Coordination ****`
// and `***** A Quick Guide *****`, wiki text `== Usage ==`, and many a
// banner `--- Summary ---`: a run of at least wrappedTitleRun of one
// mark (see ruleByte), a space, a title that opens and closes with
// neither a space nor that mark, a space, and the same run again. The
// runs say heading whatever the line says or what is around it (the
// heading sits right under its section's last line, no blank between).
func wrappedTitle(l string) bool {
	if len(l) == 0 || !ruleByte(l[0]) || len(l) > maxRuleLine+2*wrappedTitleRun {
		return false
	}
	c := l[0]
	k := 0
	for k < len(l) && l[k] == c {
		k++
	}
	// The run, a space, a title of a byte at least, a space, the run.
	if k < wrappedTitleRun || len(l) < 2*k+3 || l[k] != ' ' || l[len(l)-k-1] != ' ' {
		return false
	}
	for i := len(l) - k; i < len(l); i++ {
		if l[i] != c {
			return false
		}
	}
	if len(l) > 2*k+2 && l[len(l)-k-2] == c { // a longer closing run
		return false
	}
	t := l[k+1 : len(l)-k-1]
	return t[0] != ' ' && t[0] != c && t[len(t)-1] != ' ' && t[len(t)-1] != c && !ruleLine(t)
}

// wrappedTitleRun is the shortest run of marks that wraps a title: two,
// as wiki text's `== Usage ==`; a single mark either side is prose
// (`* item *`, `- a - b`).
const wrappedTitleRun = 2
