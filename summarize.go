package headroom

import "context"

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
