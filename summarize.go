package headroom

import (
	"context"
	"fmt"
	"time"
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
// outputs longer than 4,000 are clipped; while the whole is still over
// 100,000 bytes, everything but the user messages is clipped harder (down
// to 256 bytes a piece), and then the whole Input to 100,000, head and
// tail.
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
	// MaxTokens, when positive, is the cap on the summary's text, in
	// tokens as the caller's counter counts them (SummaryConversation
	// run by a cascade only: its share of the budget, see
	// [SummarizeOptions].BudgetShare). The prompt states it, and MaxWords
	// is lowered to fit it; an answer that runs over is cut, at a line
	// boundary where it can be, and the report says so. A summarizer may
	// pass it on as the model's max_tokens. 0 means no cap.
	MaxTokens int
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
