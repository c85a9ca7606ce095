package headroom

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Digest limits for tool outputs.
const (
	// summaryMinDropped: a cut smaller than this gets the plain marker; a
	// summary would cost more than it saves.
	summaryMinDropped = 4000
	// summaryMaxInput bounds what the summarizer is fed of the cut part.
	summaryMaxInput = 24000
	// summaryMaxWords is the digest length the prompt asks for.
	summaryMaxWords = 120
	// summaryMaxAnswer: a (sanitised) answer longer than this ignored the
	// prompt and is treated as junk rather than trusted and cut.
	summaryMaxAnswer = 2048
	// maxDigestBytes bounds the room a plan keeps free for a digest.
	maxDigestBytes = 1000
	// summaryLead introduces the digest inside the marker.
	summaryLead = " Summary of the omitted part: "
)

// digestRoom is the room a plan for a byte budget keeps free for a digest,
// or 0 when the budget is too small to spare any.
func digestRoom(bytes int) int {
	room := min(maxDigestBytes, bytes/4)
	if room < 100 {
		return 0
	}
	return room
}

// toolDigestPrompt is the instruction for a digest of a cut tool output.
func toolDigestPrompt(tool string) string {
	return "The text below is the part of a " + txt.SanitizeLine(tool) + " tool output that was cut to save context; " +
		"an AI agent will see only your digest of it. Write a dense, factual digest: keep identifiers, file paths, " +
		"numbers, error messages and test names verbatim. At most " + itoa(summaryMaxWords) + " words, one paragraph, " +
		"no preamble, no markdown, no speculation."
}

// addDigest asks the summarizer for a digest of what d cut and, when the
// answer is usable, renders it into the marker within b. Whatever goes
// wrong, it returns the plain draft and says why in the SummaryUse.
func (h *Headroom) addDigest(ctx context.Context, out ToolOutput, d draft, b budget) (draft, SummaryUse) {
	req := SummaryRequest{
		Kind:     SummaryToolOutput,
		Prompt:   toolDigestPrompt(out.Tool),
		Input:    summaryInput(out.Text, d.plan.dropped(len(out.Text)), summaryMaxInput),
		Tool:     out.Tool,
		MaxWords: summaryMaxWords,
	}
	sum, use := callSummarizer(ctx, h.cfg.summarizer, h.cfg.summaryTimeout, req)
	if use.Err != nil {
		return d, use
	}
	digest := txt.SanitizeLine(sum.Text)
	switch {
	case digest == "":
		use.Err = errors.New("headroom: the summarizer answered with no text")
		return d, use
	case len(digest) > summaryMaxAnswer:
		use.Err = fmt.Errorf("headroom: the summarizer answered %d bytes, over the %d-byte cap", len(digest), summaryMaxAnswer)
		return d, use
	}
	plain := d
	if need := len(summaryLead) + len(digest) + len("."); need < d.digestRoom {
		// The digest is shorter than the room kept for it: give the rest
		// back to the content. The plan is deterministic, so this costs
		// a re-plan, not a second summary.
		d = h.draftBytes(out, d.in, d.byteBudget, need, d.hint)
	}
	room := d.byteBudget - len(d.rendered) - len(summaryLead) - len(".")
	for digest = txt.ShortenWords(digest, room); digest != ""; digest = txt.ShortenWords(digest, len(digest)/2) {
		m := d.marker
		m.digest = digest
		s := render(out.Text, d.plan, m)
		if b.tokens == 0 || countTokens(h.cfg.counter, s) <= b.tokens {
			use.Used = true
			d.marker, d.rendered = m, s
			return d, use
		}
	}
	use.Err = errors.New("headroom: no room in the budget for the summary")
	return plain, use
}

// summaryInput joins the dropped ranges of text, at most limit bytes: when
// they are longer, their first three quarters and last quarter, cut on rune
// boundaries. Pieces are separated by a gap line.
func summaryInput(text string, ranges [][2]int, limit int) string {
	const gap = "\n[…]\n"
	total := 0
	for _, r := range ranges {
		total += r[1] - r[0]
	}
	var b strings.Builder
	if total <= limit {
		for i, r := range ranges {
			if i > 0 {
				b.WriteString(gap)
			}
			b.WriteString(text[r[0]:r[1]])
		}
		return b.String()
	}
	headLeft := limit*3/4 - len(gap)
	for i, r := range ranges {
		if headLeft <= 0 {
			break
		}
		if i > 0 {
			b.WriteString(gap)
			headLeft -= len(gap)
		}
		end := r[0] + min(r[1]-r[0], headLeft)
		end = txt.RuneStartAtOrBefore(text, end)
		b.WriteString(text[r[0]:end])
		headLeft -= end - r[0]
	}
	var tail []string
	tailLeft := limit - limit*3/4
	for i := len(ranges) - 1; i >= 0 && tailLeft > len(gap); i-- {
		r := ranges[i]
		tailLeft -= len(gap)
		start := r[1] - min(r[1]-r[0], tailLeft)
		start = txt.RuneStartAtOrAfter(text, start, r[1])
		tail = append(tail, text[start:r[1]])
		tailLeft -= r[1] - start
	}
	for i := len(tail) - 1; i >= 0; i-- {
		b.WriteString(gap)
		b.WriteString(tail[i])
	}
	return b.String()
}
