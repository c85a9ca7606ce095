package headroom

import "strings"

// A text of long lines is read twice for its line ends in one route
// call: once by takeLongLines, which finds the ends of the lines of the
// runs it samples (a quarter of a minified bundle at most), and again by
// the line index the outline, listing and giant rows share, which counts
// and finds every line end. knownLines carries what the first read found
// to the second, as plain data: runs of whole lines and where their lines
// start, which the index copies rather than reads again.

// knownLines is what a reader of a text found of its lines: runs of
// whole lines, in order and apart, and where every line in them starts.
type knownLines struct {
	runs []lineRun
	// starts holds where the lines of every run start, in order: run k's
	// are starts[runs[k].first : runs[k].first+runs[k].lines].
	starts []int
}

// A lineRun is a run of whole lines of a text: it starts where a line
// does, and ends after a line break or at the end of the text.
type lineRun struct {
	start, end   int
	first, lines int // its line starts in knownLines.starts
}

// add records the run of whole lines [start, end) whose lines start at
// starts (starts[0] == start). A run that does not follow the last one is
// left out, so the runs stay in order and apart.
func (k *knownLines) add(start, end int, starts []int) {
	if start >= end || len(starts) == 0 || starts[0] != start {
		return
	}
	if n := len(k.runs); n > 0 && start < k.runs[n-1].end {
		return
	}
	k.runs = append(k.runs, lineRun{start: start, end: end, first: len(k.starts), lines: len(starts)})
	k.starts = append(k.starts, starts...)
}

// lineBreaks returns strings.Count(text, "\n"), counting only the bytes
// between the runs: a run's line breaks are its lines, less a last line
// that ends the text without one.
func (k knownLines) lineBreaks(text string) int {
	n, from := 0, 0
	for _, r := range k.runs {
		n += strings.Count(text[from:r.start], "\n") + r.lines
		if r.end == len(text) && text[r.end-1] != '\n' {
			n--
		}
		from = r.end
	}
	return n + strings.Count(text[from:], "\n")
}

// appendLineStartsKnown is appendLineStarts, copying the starts of the
// lines of k's runs rather than finding them again. A run the walk does
// not meet at a line start (never, for runs of whole lines) is skipped.
func appendLineStartsKnown(d []uint32, text string, k knownLines) []uint32 {
	runs := k.runs
	for i := 0; i < len(text); {
		for len(runs) > 0 && runs[0].start < i {
			runs = runs[1:]
		}
		if len(runs) > 0 && runs[0].start == i {
			r := runs[0]
			for _, st := range k.starts[r.first : r.first+r.lines] {
				d = append(d, uint32(st))
			}
			i, runs = r.end, runs[1:]
			continue
		}
		d = append(d, uint32(i))
		nl := strings.IndexByte(text[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
	}
	return append(d, uint32(len(text)))
}
