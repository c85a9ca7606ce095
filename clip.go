package headroom

import (
	"strings"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
)

// Clip shares of the byte budget: the head gets 75 %, the tail 12.5 %, and
// the marker lives in the rest.
const (
	clipHeadEighths = 6
	clipTailEighths = 1
)

// snapWindow is how far (in bytes) a cut may move to land on a line
// boundary: a quarter of the kept side, at most 1 KiB. The tail, being
// small, may give up half of itself for a clean first line.
func snapWindow(kept int) int { return min(kept/4, 1024) }

func tailSnapWindow(kept int) int { return min(kept/2, 1024) }

// planClip keeps the head and the tail of text so that they and a marker of
// reserve bytes fit in budget. The cut never splits a UTF-8 sequence, moves
// to a nearby line boundary when one is close, and head + dropped + tail is
// text byte for byte. The caller makes sure text is longer than budget.
func planClip(text string, budget, reserve int) plan {
	h, t := clipCut(text, budget, reserve)
	var items []item
	if h > 0 {
		items = append(items, keepRange(0, h))
	}
	markerAt := len(items)
	if t < len(text) {
		items = append(items, keepRange(t, len(text)))
	}
	what, hint := clipWords(text, h, t)
	return plan{strategy: StrategyClip, items: items, markerAt: markerAt, what: what, hint: hint, digest: true}
}

// clipCut returns where planClip's head ends and its tail starts, h ≤ t,
// both len(text) when nothing is dropped.
func clipCut(text string, budget, reserve int) (h, t int) {
	content := max(0, min(budget-budget/8, budget-reserve))
	headLen := content * clipHeadEighths / (clipHeadEighths + clipTailEighths)
	tailLen := content - headLen
	h = snapHeadEnd(text, headLen)
	t = snapTailStart(text, len(text)-tailLen)
	if t < h { // content ≥ len(text): nothing to drop, keep it whole
		h, t = len(text), len(text)
	}
	return h, t
}

// snapHeadEnd moves the end of the head back to just after a '\n' close
// before it, or else to the start of the rune it falls in.
func snapHeadEnd(text string, h int) int {
	if h <= 0 {
		return 0
	}
	if h >= len(text) {
		return len(text)
	}
	lo := h - snapWindow(h)
	if i := strings.LastIndexByte(text[lo:h], '\n'); i >= 0 {
		return lo + i + 1
	}
	for k := 0; k < utf8.UTFMax-1 && h > 0 && !utf8.RuneStart(text[h]); k++ {
		h--
	}
	return h
}

// snapTailStart moves the start of the tail forward to just after a '\n'
// close after it, or else to the start of the next rune.
func snapTailStart(text string, t int) int {
	if t <= 0 {
		return 0
	}
	if t >= len(text) {
		return len(text)
	}
	if text[t-1] == '\n' {
		return t
	}
	hi := min(len(text), t+tailSnapWindow(len(text)-t))
	if i := strings.IndexByte(text[t:hi], '\n'); i >= 0 && t+i+1 < len(text) {
		return t + i + 1
	}
	for k := 0; k < utf8.UTFMax-1 && t < len(text) && !utf8.RuneStart(text[t]); k++ {
		t++
	}
	return t
}

// clipWords describes the cut text[h:t] for the marker.
func clipWords(text string, h, t int) (what, hint string) {
	if h >= t {
		return "nothing", ""
	}
	first := 1 + strings.Count(text[:h], "\n")
	last := first + strings.Count(text[h:t-1], "\n")
	total := first + strings.Count(text[h:], "\n")
	if text[len(text)-1] == '\n' {
		total--
	}
	return clipWhat(first, last, total, t-h), clipHint(first, last)
}

// clipWhat words the cut: one line's middle, or lines first to last.
func clipWhat(first, last, total, bytes int) string {
	if first == last {
		return txt.Commas(bytes) + " bytes from the middle of line " + txt.Commas(first) + " of " + txt.Commas(total)
	}
	return clipWhatLines(first, last, total, bytes)
}

// clipWhatLines is clipWhat's wording for a cut spanning several lines.
func clipWhatLines(first, last, total, bytes int) string {
	return "lines " + txt.Commas(first) + "-" + txt.Commas(last) + " of " + txt.Commas(total) + " (" + txt.Commas(bytes) + " bytes) from the middle"
}

func clipHint(first, last int) string {
	return "To see them, re-run narrower: a line range (sed -n '" + itoa(first) + "," + itoa(last) + "p'), grep, head or tail."
}

// clipReserve returns the bytes a clip marker can need for a text of
// textLen bytes, digest excluded: the longest marker a clip can write.
func clipReserve(textLen int) int {
	return len(clipLongestMarker(textLen).String()) + 2 // '\n' before and after the marker
}

// clipReserveFor is clipReserve for a marker whose hint is hint instead of
// clip's own, when hint is set.
func clipReserveFor(textLen int, hint string) int {
	r := clipReserve(textLen)
	if hint != "" {
		m := clipLongestMarker(textLen)
		m.hint = hint
		r = max(r, len(m.String())+2)
	}
	return r
}

// clipLongestMarker returns the longest marker a clip of a text of textLen
// bytes can write: every number at its largest (no line number, byte count
// or token count exceeds textLen), in the longer of clipWhat's two wordings.
// The one-line wording has one number fewer, so pricing it alone — as
// clipWhat(n, n, n, n) does — under-reserves when the cut spans lines.
func clipLongestMarker(textLen int) marker {
	n := textLen
	what := clipWhat(n, n, n, n)
	if several := clipWhatLines(n, n, n, n); len(several) > len(what) {
		what = several
	}
	return marker{tokens: n, what: what, hint: clipHint(n, n)}
}

// clipToBudget returns text clipped to at most budget bytes, marker
// included, with omitted tokens counted by c, and the ranges of text the
// clip keeps. Text within budget is returned as it is, with no ranges. A
// budget below [MinBudgetBytes] is raised to it. tokens is text's token
// count when the caller has it, else -1: it is counted here. The
// conversation cascade uses it to bound what it hands a summarizer.
func clipToBudget(text string, budget int, c TokenCounter, tokens int) (string, []item) {
	budget = max(budget, MinBudgetBytes)
	if len(text) <= budget {
		return text, nil
	}
	if tokens < 0 {
		tokens = countTokens(c, text)
	}
	p := planClip(text, budget, clipReserve(len(text)))
	return render(text, p, marker{tokens: omittedTokens(text, p, c, tokens), what: p.what, hint: p.hint}), p.items
}

// omittedTokens returns the tokens of the input ranges p drops, as the
// input's total less the tokens of what p keeps: the kept part is small, so
// a large input is counted once, not once per plan. Tokenizers merge across
// the cut points, so this can differ from counting the dropped ranges by a
// token or two per cut — well within the marker's "~".
func omittedTokens(text string, p plan, c TokenCounter, total int) int {
	kept := 0
	for _, it := range p.items {
		if it.end > it.start {
			kept += countTokens(c, text[it.start:it.end])
		}
	}
	droppedBytes := 0
	for _, r := range p.dropped(len(text)) {
		droppedBytes += r[1] - r[0]
	}
	return max(0, min(total-kept, droppedBytes))
}
