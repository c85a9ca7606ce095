package headroom

import (
	"context"
)

// Strategy names how a string was compressed.
type Strategy string

// The strategies of the default [Compressor]. A string under budget is
// reported with StrategyNone.
const (
	StrategyNone      Strategy = "none"
	StrategyClip      Strategy = "clip"
	StrategySearch    Strategy = "search"
	StrategyJSON      Strategy = "json"
	StrategyLog       Strategy = "log"
	StrategyDiff      Strategy = "diff"
	StrategyOutline   Strategy = "outline"
	StrategyGiant     Strategy = "giant"
	StrategyListing   Strategy = "listing"
	StrategyJSONLines Strategy = "jsonlines"
	StrategyTable     Strategy = "table"
	// StrategyLines is the last resort for line-oriented text no planner
	// with structure took: the head and the tail, the lines with a failure
	// word, the lines of a rare shape, and an even spread of the rest.
	StrategyLines Strategy = "lines"
	// StrategyClean is an exec output within budget that [WithCleanTerminal]
	// cleaned of ANSI escapes and carriage-return redraws; nothing was cut.
	StrategyClean Strategy = "clean"
)

// ToolOutput is one string a [Compressor] is asked to compress: a whole
// tool result, or one top-level string field of a structured (JSON) result.
type ToolOutput struct {
	Tool   string // the tool's name, e.g. "Bash" or "Grep"
	CallID string // the tool call's id, for reports
	Field  string // the JSON field name for a structured result; "" for the whole content
	Text   string
	// IsError is the result's error flag, passed on for compressors of
	// the caller's own; the default planners read the text instead.
	IsError bool
	// ExitCode is an exec tool's exit status, nil when unknown. The log
	// planner reads it: 0 with no failure line gives the short success
	// view, anything else the full diagnostic plan.
	ExitCode *int
	// MaxBytes and MaxTokens, when positive, are this string's own budget:
	// Compress holds its output to them where they are tighter than the
	// budget it reports from [Compressor.Budget]. [CompressToolResults] sets
	// them to a structured result's field's share of the result's budget,
	// so a wrapper that passes out on keeps every budget by construction.
	// 0 leaves the compressor's budget as it is.
	MaxBytes, MaxTokens int
}

// Budget is what one compressed string must fit, as a [Compressor] reports
// it from [Compressor.Budget].
type Budget struct {
	// MaxBytes bounds the output in bytes of UTF-8, marker included; 0 sets
	// no byte limit.
	MaxBytes int
	// MaxTokens bounds the output in tokens as Counter counts them, marker
	// included; 0 sets no token limit.
	MaxTokens int
	// Counter counts tokens for MaxTokens and for the marker; nil means
	// [Estimate].
	Counter TokenCounter
}

// Outcome describes what a [Compressor] did to one string.
type Outcome struct {
	Strategy      Strategy // StrategyNone when the string was under budget and returned as it was
	BytesBefore   int
	BytesAfter    int
	TokensOmitted int // tokens of the input not shown verbatim, as the configured TokenCounter counts them
	Summary       SummaryUse
	// StoredID is the id under which the configured [Store] holds the
	// original, which the marker then names; "" when there is no store,
	// nothing was compressed, or the store failed.
	StoredID string
	// StoreErr says why a configured store did not take the original
	// (it failed, panicked or timed out); the marker then says how to
	// re-run narrower, and the compression itself succeeded.
	StoreErr error
}

// Compressor compresses one tool output at append time. Both methods must
// be safe for concurrent use and must never panic on any input.
//
// Everything a compressor needs arrives in its arguments, so a wrapper —
// a type that embeds a Compressor to add logging or metrics, say — keeps
// every guarantee by passing them on, as slog.Handler methods receive all
// they need.
type Compressor interface {
	// Budget returns the budget Compress applies under ctx to a
	// [ToolOutput] whose own MaxBytes and MaxTokens are 0, and the counter
	// of its tokens. [CompressToolResults] calls it once per call, to share
	// a structured result's budget among its fields. An error means the
	// budget cannot be applied — ctx carries an invalid one, say — and
	// Compress would fail with the same error; it is not an error to have
	// no limit (a zero Budget).
	Budget(ctx context.Context) (Budget, error)
	// Compress returns out.Text compressed to the tighter of its Budget
	// and out's own MaxBytes and MaxTokens, marker included. It returns the
	// text unchanged, with [StrategyNone], when it is within that budget.
	// It must be deterministic for a given input and configuration (prompt
	// caches depend on it). An error means the configuration or out's
	// budget cannot be applied, or ctx was cancelled (the error then wraps
	// ctx.Err()); it is never used for odd input.
	Compress(ctx context.Context, out ToolOutput) (string, Outcome, error)
}

// Report lists what [CompressToolResults] compressed: one entry per string
// that was over budget, in message order. Strings left as they were have
// no entry.
type Report struct {
	Strings []StringReport
}

// StringReport describes one compressed string.
type StringReport struct {
	Message, Part int    // where the tool result sits in the messages
	Tool, CallID  string // from the ToolResult
	Field         string // the JSON field for a structured result; "" for the whole content
	Outcome
}

// BytesSaved returns the bytes the compressed strings lost in all.
func (r Report) BytesSaved() int {
	n := 0
	for _, s := range r.Strings {
		n += s.BytesBefore - s.BytesAfter
	}
	return n
}

// TokensOmitted returns the tokens omitted from all strings.
func (r Report) TokensOmitted() int {
	n := 0
	for _, s := range r.Strings {
		n += s.TokensOmitted
	}
	return n
}
