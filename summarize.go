package headroom

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/headroom-go/headroom/internal/txt"
)

// Summarizer writes a digest of text that headroom is about to cut. It is
// usually a cheap model behind a provider SDK.
//
// Summarize must honour ctx: headroom cancels it when the per-call timeout
// passes or the caller gives up. Whatever it does wrong — an error, a panic,
// a hang past the timeout, an empty or oversized answer — headroom degrades
// to the plain marker and reports why; a summarizer never fails a
// compression pass. Summarize may be called from several goroutines at once.
type Summarizer interface {
	Summarize(ctx context.Context, req SummaryRequest) (Summary, error)
}

// SummarizerFunc adapts a function to [Summarizer].
type SummarizerFunc func(ctx context.Context, req SummaryRequest) (Summary, error)

// Summarize calls f(ctx, req).
func (f SummarizerFunc) Summarize(ctx context.Context, req SummaryRequest) (Summary, error) {
	return f(ctx, req)
}

// SummaryKind says what a [SummaryRequest] is for.
type SummaryKind string

// The kinds of summary headroom asks for.
const (
	// SummaryToolOutput: a digest of the part of one tool output that was cut.
	SummaryToolOutput SummaryKind = "tool_output"
	// SummaryConversation: a structured summary of older conversation turns.
	SummaryConversation SummaryKind = "conversation"
)

// SummaryRequest is what headroom hands a [Summarizer]. Prompt is the
// complete instruction for the model and Input the material; a summarizer
// usually sends Prompt as the system message and Input as the user message.
// One summarizer serves both kinds by switching on Kind, e.g. to pick a
// model or max_tokens (see ExampleSummarizerFunc_bothKinds).
//
// For [SummaryToolOutput], Input is the cut part of one tool output, as it
// was. For [SummaryConversation], Input is a plain-text transcript of the
// messages being folded, oldest first. When an earlier summary is folded
// too, it comes first, as "Earlier summary:" and its text, then a line
// "Conversation since then:". Each message starts with a header line
// naming its role,
//
//	--- user ---
//	--- assistant ---
//	--- tool ---
//
// followed by its parts, each on lines of its own: text as it is; a tool
// call as "[call NAME (id ID): ARGS]"; a tool result as "[result of NAME
// (id ID), error, exit code N]" (the last two only when so) and then its
// content; anything else as "[a non-text part: image, thinking or
// provider block]". Texts and arguments longer than 8,000 bytes and tool
// outputs longer than 4,000 are clipped, and the whole Input to 100,000.
type SummaryRequest struct {
	Kind   SummaryKind
	Prompt string
	Input  string
	// Tool is the tool whose output is summarized (SummaryToolOutput only).
	Tool string
	// Previous is an earlier conversation summary that the new one must
	// extend rather than lose (SummaryConversation only; may be empty).
	Previous string
	// MaxWords is the length the prompt asks for; 0 means no stated limit.
	MaxWords int
}

// Summary is a [Summarizer]'s answer.
type Summary struct {
	Text  string
	Usage Usage
}

// Usage is the token usage a summarizer's model reported.
type Usage struct {
	InputTokens  int
	OutputTokens int
}

// SummaryUse reports what happened when a summary was wanted for one string.
type SummaryUse struct {
	Called bool  // the summarizer was called
	Used   bool  // its digest made it into the marker
	Usage  Usage // as reported by the summarizer, even when the digest was not used
	Err    error // why the digest was not used: the summarizer's error, a panic, a timeout, or junk
}

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
		d = h.draftBytes(out, d.total, d.byteBudget, need)
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

// callSummarizer calls s with a timeout, turning a panic, an error or a hang
// into SummaryUse.Err. A summarizer that ignores its context is left to
// finish on its own goroutine; the caller does not wait for it.
func callSummarizer(ctx context.Context, s Summarizer, timeout time.Duration, req SummaryRequest) (Summary, SummaryUse) {
	use := SummaryUse{Called: true}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type answer struct {
		sum Summary
		err error
	}
	done := make(chan answer, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- answer{err: fmt.Errorf("panic: %v", r)}
			}
		}()
		sum, err := s.Summarize(ctx, req)
		done <- answer{sum, err}
	}()
	select {
	case a := <-done:
		use.Usage = a.sum.Usage
		if a.err != nil {
			use.Err = fmt.Errorf("headroom: summarizer: %w", a.err)
			return Summary{}, use
		}
		return a.sum, use
	case <-ctx.Done():
		use.Err = fmt.Errorf("headroom: summarizer: %w", ctx.Err())
		return Summary{}, use
	}
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
