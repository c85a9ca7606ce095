package headroom

import (
	"slices"
	"strconv"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A plan is what a planner decides: which bytes of the input to keep, which
// lines headroom writes itself, and what to tell the model about the rest.
// It is plain data, so planners can be tested without rendering.
type plan struct {
	strategy Strategy
	items    []item
	// markerAt is the index of the item before which the marker is written;
	// len(items) puts it at the end.
	markerAt int
	// what describes what was cut, in the planner's words: "lines 120-2,340
	// (48,210 bytes) from the middle". At most maxWhat bytes, no newline, no ']'.
	what string
	// hint tells the model how to get the data back. At most maxHint bytes.
	hint string
	// digest is true when a summary of the omitted part would help the model
	// (clip and log); search output carries exact counts instead.
	digest bool
	// bare, when set, is items without what room left over bought once
	// the plan had picked what it shows (a digest's arrays opened by their
	// ends, planSequenceDigests), a layout of its own with the marker at
	// its end as items has it: what the plan falls back to when signals
	// want that room (withJSONSignals), before it plans again in less.
	bare []item
}

// An item is one piece of rendered output: input bytes kept verbatim,
// optionally followed by text headroom adds.
//
// A kept range normally includes its line's '\n'. When note is set, render
// writes the range, then note, then '\n': with start == end that is a line
// of headroom's own (a gap or count line); with a range it marks a line that
// was cut short. Rendering starts a note-only item on a fresh line. eol asks
// for a '\n' after the range: the input's last line has none, and a plan
// that moves it (a search plan groups lines by file) must not glue the next
// line onto it. glue writes the note without its '\n', so that the next
// item continues the line: a line cut in its middle, `…[N bytes]…`.
// fill marks a range kept only because room was left once the plan had
// picked what it shows (a roll's head run on to a clip's count,
// rollHeadFloor): it yields to what is picked after (withJSONSignals),
// and renders as any range.
type item struct {
	start, end int
	note       string
	eol        bool
	glue       bool
	fill       bool
}

// Limits on planner-written text, so the marker's size is known before
// planning and the budget can be split between content and marker.
const (
	maxWhat = 240
	maxHint = 160
)

// keepRange returns an item that keeps text[start:end] verbatim.
func keepRange(start, end int) item { return item{start: start, end: end} }

// noteLine returns an item that writes a line of headroom's own.
func noteLine(s string) item { return item{note: s} }

// size returns an upper bound on the bytes render writes for it.
func (it item) size() int {
	n := it.end - it.start
	if it.note != "" && it.glue {
		n += len(it.note)
	} else if it.note != "" {
		n += len(it.note) + 2 // the note's '\n', and a '\n' to start a fresh line
	}
	if it.eol {
		n++
	}
	return n
}

// itemsSize returns an upper bound on the bytes render writes for items,
// marker excluded.
func itemsSize(items []item) int {
	n := 0
	for _, it := range items {
		n += it.size()
	}
	return n
}

// dropped returns the input ranges that p does not keep verbatim, in
// order. Items need not be in input order (a search plan groups lines by
// file).
func (p plan) dropped(textLen int) [][2]int {
	var kept [][2]int
	for _, it := range p.items {
		if it.end > it.start {
			kept = append(kept, [2]int{it.start, it.end})
		}
	}
	slices.SortFunc(kept, func(a, b [2]int) int { return a[0] - b[0] })
	var out [][2]int
	pos := 0
	for _, r := range kept {
		if r[0] > pos {
			out = append(out, [2]int{pos, r[0]})
		}
		pos = max(pos, r[1])
	}
	if pos < textLen {
		out = append(out, [2]int{pos, textLen})
	}
	return out
}

// marker is the line that tells the model what was cut and how to get it
// back. It is a contract with the model: it always starts with markerPrefix.
type marker struct {
	tokens int    // tokens omitted
	what   string // plan.what
	digest string // sanitised summary of the omitted part; may be empty
	hint   string // plan.hint
}

// markerPrefix opens every marker.
const markerPrefix = "[…headroom:"

// String renders the marker on one line.
func (m marker) String() string {
	var b strings.Builder
	b.Grow(len(markerPrefix) + 40 + len(m.what) + len(m.digest) + len(m.hint))
	b.WriteString(markerPrefix)
	b.WriteString(" ~")
	b.WriteString(txt.Commas(m.tokens))
	b.WriteString(" tokens omitted")
	if m.what != "" {
		b.WriteString(" — ")
		b.WriteString(m.what)
	}
	b.WriteString(".")
	if m.digest != "" {
		b.WriteString(summaryLead)
		b.WriteString(m.digest)
		if !strings.HasSuffix(m.digest, ".") && !strings.HasSuffix(m.digest, "…") {
			b.WriteString(".") // the digest is a sentence; the hint starts another
		}
	}
	if m.hint != "" {
		b.WriteString(" ")
		b.WriteString(m.hint)
	}
	b.WriteString("]")
	return b.String()
}

// render writes the plan over text with the marker m.
func render(text string, p plan, m marker) string {
	mk := m.String()
	var b strings.Builder
	b.Grow(itemsSize(p.items) + len(mk) + 2)
	atLineStart := func() bool {
		s := b.String()
		return len(s) == 0 || s[len(s)-1] == '\n'
	}
	writeMarker := func(more bool) {
		if !atLineStart() {
			b.WriteByte('\n')
		}
		b.WriteString(mk)
		if more {
			b.WriteByte('\n')
		}
	}
	for i, it := range p.items {
		if i == p.markerAt {
			writeMarker(true)
		}
		if it.end > it.start {
			b.WriteString(text[it.start:it.end])
		} else if it.note != "" && !atLineStart() {
			b.WriteByte('\n')
		}
		if it.note != "" {
			b.WriteString(it.note)
			if !it.glue {
				b.WriteByte('\n')
			}
		} else if it.eol {
			b.WriteByte('\n')
		}
	}
	if p.markerAt >= len(p.items) {
		writeMarker(false)
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }
