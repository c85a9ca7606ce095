package headroom

import "strings"

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

// sampledFirst makes a row run its planner f on a sample of a large input
// first, and decline the input unscanned when f declines the sample. f is
// told when it plans a sample: a test of a count (search's 20 match lines)
// must not decline a sample that holds the input's shape in a share of its
// lines.
func sampledFirst(s sampling, f func(out ToolOutput, limit int, sampled bool) (plan, bool)) func(out ToolOutput, limit int) (plan, bool) {
	return func(out ToolOutput, limit int) (plan, bool) {
		// A piece is at least the limit, so that a large budget still
		// samples; a limit near the sample's size would plan the sample
		// whole, and its answer would not be the one the row gives the input.
		s := s
		s.piece = max(s.piece, limit)
		if sample := takeSample(out.Text, s); sample != "" && 4*limit <= len(sample) {
			in := out
			in.Text = sample
			if _, ok := f(in, limit, true); !ok {
				return plan{}, false
			}
		}
		return f(out, limit, false)
	}
}

// takeSample joins s.pieces pieces of whole lines spread over text, the
// first at its start and the last at its end (a piece that holds no whole
// line is left out, but for the first); "" when text is shorter than
// s.minInput, its first line is longer than a piece, or the pieces hold
// fewer than s.minLines lines.
func takeSample(text string, s sampling) string {
	if s.pieces < 2 || s.piece <= 0 || len(text) < s.minInput || len(text) <= s.pieces*s.piece {
		return ""
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
			nl := strings.LastIndexByte(text[start:end], '\n')
			if nl < 0 && i == 0 {
				// A sample must start where the input does: a table's
				// header, a log's first lines.
				return ""
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
	sample := b.String()
	if strings.Count(sample, "\n") < s.minLines {
		return ""
	}
	return sample
}
