package headroom

import (
	"slices"

	"github.com/headroom-go/headroom/internal/txt"
)

// planGiant plans text dominated by one or a few giant lines — minified
// JavaScript or JSON, a source map, base64, a CSV row with a huge cell —
// where a line-level plan can only keep or drop a whole line. Each giant
// line keeps its head and its tail with the cut inside the line, marked by
// a note with the bytes cut; the other lines are kept whole when they fit,
// or else the ones next to a giant, the head and the tail.
//
// It declines unless the longest line is over limit and lines over half of
// limit make up at least half of the text.
func planGiant(text string, limit int) (plan, bool) {
	return planGiantIndexed(text, limit, &lineIndexer{text: text})
}

// planGiantIndexed is planGiant with text's lines indexed by lines.
func planGiantIndexed(text string, limit int, lines *lineIndexer) (plan, bool) {
	if limit < 200 || len(text) < 2*limit || !hasLineOver(text, limit) {
		return plan{}, false // a look for a long line first: indexing tiny lines costs bytes a line
	}
	s := newLineSelOn(text, lines.index(), limit, lineGaps(len(text)))
	n := s.n()
	longest, giantBytes := 0, 0
	var giants []int
	for i := 0; i < n; i++ {
		l := s.size(i)
		longest = max(longest, l)
		if l > limit/2 {
			giants = append(giants, i)
			giantBytes += l
		}
	}
	if longest <= limit || 2*giantBytes < len(text) {
		return plan{}, false
	}
	per := (limit - s.used) / n
	if per >= 160 {
		c := waterCap(s, limit)
		for i := 0; i < n; i++ {
			s.pickEnds(i, c*3/4, c-c*3/4)
		}
	} else {
		// The first and the last line, then the giants, largest first,
		// each with its neighbours.
		s.pickEnds(0, 200, 100)
		s.pickEnds(n-1, 200, 100)
		slices.SortStableFunc(giants, func(a, b int) int { return s.size(b) - s.size(a) })
		share := max(300, s.room()*45/100/len(giants))
		for _, i := range giants {
			s.pickEnds(i, share*3/4, share-share*3/4)
			s.pickEnds(i+1, 200, 100)
			s.pickEnds(i-1, 200, 100)
		}
		headTo := s.used + s.room()*2/3
		for i := 0; i < n && s.used < headTo; i++ {
			if !s.isKept(i) && !s.pickEnds(i, 200, 100) {
				break
			}
		}
		for i := n - 1; i >= 0; i-- {
			if !s.isKept(i) && !s.pickEnds(i, 200, 100) {
				break
			}
		}
	}
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	cut := 0
	for _, r := range (plan{items: items}).dropped(len(text)) {
		cut += r[1] - r[0]
	}
	what := txt.Commas(cut) + " of " + txt.Commas(len(text)) + " bytes in " + txt.Plural(n, "line") + ", " + txt.Plural(len(giants), "giant line") +
		" cut in the middle (each note says how many bytes)"
	return plan{strategy: StrategyGiant, items: items, markerAt: markerAt, what: what, digest: true,
		hint: "To see a part, re-run with a byte range (head -c, tail -c, dd skip= count=) or a filter (jq, cut, grep -o)."}, true
}

// waterCap returns the largest per-line cap at which every line of s, cut
// to the cap in its middle when longer, fits in limit with its note.
func waterCap(s *lineSel, limit int) int {
	n := s.n()
	cost := func(c int) int {
		total := 0
		for i := 0; i < n; i++ {
			if l := s.size(i); l <= c+midNoteMax {
				total += l
			} else {
				total += c + midNoteMax + 3
			}
		}
		return total
	}
	lo := largestFitting(0, limit, func(k int) bool { return cost(k) <= limit-s.gapCost })
	return lo
}

// hasLineOver reports whether a line of text holds limit bytes or more
// besides its line break, as every line longer than limit with its break
// does: whether a run of limit bytes has no line break. It looks back
// from the end of each window of limit bytes for the last line break, so
// text of short lines costs a few bytes a window, not a look at every line.
func hasLineOver(text string, limit int) bool {
	if limit <= 0 {
		return true
	}
	for p := 0; p+limit <= len(text); {
		q := txt.LastIndexByte(text[p:p+limit], '\n')
		if q < 0 {
			return true
		}
		p += q + 1
	}
	return false
}
