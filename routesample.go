package headroom

import (
	"math"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Routing a large input that most rows decline used to cost more than
// planning it: the search row's shape test scans every line of a 10 MB
// build log before declining it. A row whose shape test is a share of the
// lines (search: 20 match lines making 75 % of the lines; table: nine rows
// in ten with two fields or more, under a header) first runs on a
// sample of a large input — whole lines from its head, its tail and
// evenly between — and a row that declines the sample declines the input
// without scanning it. A row that accepts the sample runs on the whole
// input as before, so sampling can only turn an acceptance into a decline,
// and does so only where the sample's lines are not the input's shape.
//
// A row whose test is a single line anywhere (log's one failure line) or
// a whole-document parse (JSON) must not be sampled.

// sampling is how route samples a large input; the zero value samples
// nothing.
type sampling struct {
	minInput int // inputs shorter than this are scanned whole
	pieces   int // pieces of whole lines: the head, the tail and evenly between
	piece    int // bytes of one piece, at most
	minLines int // a sample with fewer lines says nothing: the row scans the whole
}

// defaultSampling samples inputs of 512 KB and more with four pieces of
// 32 KB: a search output's 75 % of match lines shows in any 128 KB of it,
// and scanning that costs about a millisecond.
var defaultSampling = sampling{minInput: 512 << 10, pieces: 4, piece: 32 << 10, minLines: 256}

// A sampledPlanner plans a row's input, or a sample of it when sampled
// is set, its lines indexed by lines. Of a sample, route reads only the
// answer (planSampled): a planner that knows it before its selection
// (the table row's, by its shape) returns it with no plan.
type sampledPlanner func(out ToolOutput, limit int, sampled bool, lines *lineIndexer) (plan, bool)

// sampledFirst makes a row run its planner f on a sample of a large input
// first, and decline the input unscanned when f declines the sample. f is
// told when it plans a sample: a test of a count (search's 20 match lines)
// must not decline a sample that holds the input's shape in a share of its
// lines.
//
// f declines every text of fewer than least lines. A large input that
// gives no sample (a few lines of megabytes each: a minified bundle, a
// source map) is declined unread when it has fewer: the row would
// otherwise read all of it to find its 20 rows or matches missing,
// where the giant row that takes it reads little more than its line
// breaks.
func sampledFirst(s sampling, least int, f sampledPlanner) func(out ToolOutput, limit int) (plan, bool) {
	return func(out ToolOutput, limit int) (plan, bool) {
		return planSampled(s, least, f, nil, out, limit, new(routeShared))
	}
}

// A longLinesTest reports, of a sample of long lines (takeLongLines)
// whose lines start at starts, that a row's planner declines it, reading
// no more of each line than a bounded head; false says nothing. It must
// never report true where the planner would accept the sample.
type longLinesTest func(sample string, starts []int) bool

// planSampled is sampledFirst's row planning out, with its sample taken
// from shared. A sample of long lines that declines tells the row
// declines it (when set) is not planned.
func planSampled(s sampling, least int, f sampledPlanner, declines longLinesTest, out ToolOutput, limit int, shared *routeShared) (plan, bool) {
	// A piece is at least the limit, so that a large budget still
	// samples; a limit near the sample's size would plan the sample
	// whole, and its answer would not be the one the row gives the input.
	s.piece = max(s.piece, limit)
	sample := shared.take(out.Text, s)
	if sample != "" && 4*limit <= len(sample) {
		if declines != nil && shared.starts != nil && declines(sample, shared.starts) {
			return plan{}, false
		}
		in := out
		in.Text = sample
		if _, ok := f(in, limit, true, shared.sampleIndex()); !ok {
			return plan{}, false
		}
	}
	if sample == "" && len(out.Text) >= s.minInput && !shared.hasLines(out.Text, least) {
		return plan{}, false
	}
	return f(out, limit, false, shared.linesOf(out.Text))
}

// A routeShared is what every row of one route call reads of its input
// and keeps for the others: the sample the sampled rows plan (taken once,
// not once a row: the sample of a text of long lines is megabytes), and
// the line index of the rows that select lines (made once: the outline,
// listing and giant rows each read every line break of a minified
// bundle for it).
type routeShared struct {
	s      sampling
	taken  bool
	sample string
	starts []int // where the sample's lines start when they are long ones (takeLongLines)
	// sampleIdx indexes the sample's lines (sampleIndex).
	sampleIdx lineIndexer
	lines     lineIndexer
	// counted lines of the input end before countedTo (hasLines).
	counted, countedTo int
}

// hasLines reports whether text, the same input at every call, has at
// least k lines (a last line without a line break counts), reading it
// only as far as its k-th line break, and on from there at the next call.
func (sh *routeShared) hasLines(text string, k int) bool {
	for sh.counted < k && sh.countedTo < len(text) {
		nl := strings.IndexByte(text[sh.countedTo:], '\n')
		if nl < 0 {
			sh.countedTo = len(text)
		} else {
			sh.countedTo += nl + 1
		}
		sh.counted++
	}
	return sh.counted >= k
}

// sampleIndex returns the line indexer of the sample take took last.
func (sh *routeShared) sampleIndex() *lineIndexer { return &sh.sampleIdx }

// linesOf returns the line indexer of text, the same input at every call.
func (sh *routeShared) linesOf(text string) *lineIndexer {
	sh.lines.text = text
	return &sh.lines
}

// take returns takeSample(text, s), taking it when the last call did
// not take it with s; text is the same input at every call.
func (sh *routeShared) take(text string, s sampling) string {
	if !sh.taken || sh.s != s {
		sh.s, sh.taken = s, true
		var known knownLines
		sh.sample, sh.starts, known = sampleLines(text, s)
		if sh.lines.idx == nil && len(sh.lines.known.runs) == 0 {
			// The line index, when a row asks for it, copies the line
			// starts of the runs the sample read rather than reading them
			// again (knownLines).
			sh.lines.known = known
		}
		sh.sampleIdx = lineIndexer{text: sh.sample}
		if sh.starts != nil && len(sh.sample) <= math.MaxUint32 {
			// The index of a sample of long lines is the line starts
			// takeLongLines found, not found again by reading the sample.
			d := make([]uint32, 0, len(sh.starts)+1)
			for _, st := range sh.starts {
				d = append(d, uint32(st))
			}
			sh.sampleIdx.idx = &lineIndex{starts: startIndex{dense: append(d, uint32(len(sh.sample)))}}
		}
	}
	return sh.sample
}

// takeSample joins s.pieces pieces of whole lines spread over text, the
// first at its start and the last at its end (a piece that holds no whole
// line is left out, but for the first); "" when text is shorter than
// s.minInput or the pieces hold fewer than s.minLines lines. A text whose
// first line is longer than a piece is sampled as takeLongLines says.
func takeSample(text string, s sampling) string {
	sample, _, _ := sampleLines(text, s)
	return sample
}

// sampleLines is takeSample, and, when takeLongLines took it, where the
// sample's lines start (nil else) and the runs of text it holds.
func sampleLines(text string, s sampling) (sample string, starts []int, known knownLines) {
	if s.pieces < 2 || s.piece <= 0 || len(text) < s.minInput || len(text) <= s.pieces*s.piece {
		return "", nil, knownLines{}
	}
	var b strings.Builder
	b.Grow(s.pieces * s.piece)
	span := len(text) - s.piece
	for i := range s.pieces {
		at := i * span / (s.pieces - 1)
		start := at
		if i > 0 {
			// The first line that starts in the piece.
			nl := strings.IndexByte(text[at-1:at+s.piece], '\n')
			if nl < 0 {
				continue
			}
			start = at + nl
		}
		end := at + s.piece
		if i < s.pieces-1 {
			// The last line that ends in the piece.
			nl := txt.LastIndexByte(text[start:end], '\n')
			if nl < 0 && i == 0 {
				// A sample must start where the input does: a table's
				// header, a log's first lines. A first line longer than
				// a piece is a text of long lines, sampled by lines.
				return takeLongLines(text, s)
			}
			if nl < 0 {
				continue
			}
			end = start + nl + 1
		}
		if start < end {
			b.WriteString(text[start:end])
			if text[end-1] != '\n' {
				b.WriteByte('\n')
			}
		}
	}
	sample = b.String()
	if strings.Count(sample, "\n") < s.minLines {
		return takeLongLines(text, s)
	}
	return sample, nil, knownLines{}
}

// longPieceLines is how many whole lines a piece of a text of long lines
// holds: four pieces of eight lines give a share test 32 lines to judge,
// and the table row's 20 rows under a header fit in them.
const longPieceLines = 8

// takeLongLines samples a text whose first line is longer than a piece
// (a minified bundle, a log of huge JSON lines): s.pieces runs of
// longPieceLines whole lines — the first lines, the last lines and runs
// starting evenly between — joined in order. The rows that decline such
// a text otherwise read every byte of its long lines to do so, where its
// planner (the giant row's) reads little more than its line breaks.
// The sample is "" when the runs would hold more than a quarter of the
// text (the row would read most of it twice) or fewer than
// s.pieces*longPieceLines lines (too few lines to judge a share by); it
// reads no more of the text than that quarter and the line ends it looks
// for.
func takeLongLines(text string, s sampling) (string, []int, knownLines) {
	most := len(text) / 4
	var runs [][2]int
	var starts []int // in the sample
	var known knownLines
	var runStarts []int          // in text, of the run being read
	size, lines, from := 0, 0, 0 // a run starts at or after the end of the one before
	for i := range s.pieces {
		start := 0
		switch {
		case i == s.pieces-1:
			var ok bool
			if start, ok = lastLinesStart(text, longPieceLines, most-size); !ok {
				return "", nil, knownLines{}
			}
		case i > 0:
			at := i * len(text) / (s.pieces - 1)
			nl := strings.IndexByte(text[at-1:min(len(text), at+most-size)], '\n')
			if nl < 0 {
				return "", nil, knownLines{}
			}
			start = at + nl
		}
		start = max(start, from)
		end := start
		runStarts = runStarts[:0]
		for k := 0; (k < longPieceLines || end-start < s.piece) && end < len(text); k++ {
			lines++
			starts = append(starts, size+end-start)
			runStarts = append(runStarts, end)
			left := most - size - (end - start) // at least -1
			window := text[end:min(len(text), end+left+1)]
			nl := strings.IndexByte(window, '\n')
			switch {
			case nl >= 0:
				end += nl + 1
			case end+len(window) == len(text):
				end = len(text)
			default:
				return "", nil, knownLines{} // the line runs past the quarter
			}
		}
		if size += end - start; size > most {
			return "", nil, knownLines{}
		}
		if start < end {
			runs = append(runs, [2]int{start, end})
			known.add(start, end, runStarts)
		}
		from = end
	}
	if lines < s.pieces*longPieceLines {
		return "", nil, knownLines{}
	}
	var b strings.Builder
	b.Grow(size + len(runs))
	for _, r := range runs {
		b.WriteString(text[r[0]:r[1]])
		if text[r[1]-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.String(), starts, known
}

// lastLinesStart returns where the last n lines of text start (a last
// line without a line break counts as one), or 0 when it has fewer; ok
// is false when they hold more than within bytes, which is all it reads.
func lastLinesStart(text string, n, within int) (start int, ok bool) {
	floor := max(0, len(text)-within)
	end := len(text)
	if end > 0 && text[end-1] == '\n' {
		end--
	}
	for ; n > 0; n-- {
		nl := txt.LastIndexByte(text[floor:end], '\n')
		if nl < 0 {
			return 0, floor == 0
		}
		end = floor + nl
	}
	return end + 1, true
}
