package headroom

import (
	"context"
	"fmt"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Defaults of the triggers.
const (
	// DefaultCompactFraction is the share of the context window at which
	// [ShouldCompact] says it is time.
	DefaultCompactFraction = 0.85
	// DefaultCompactTarget is the share of the context window
	// [CompactIfNeeded] compacts to once the check fires: well under
	// DefaultCompactFraction, so the next few turns fit without
	// compacting — and breaking the prompt cache — again.
	DefaultCompactTarget = 0.6
	// DefaultRetryAttempts is how many times [RetryOnOverflow] calls the
	// provider in all.
	DefaultRetryAttempts = 3
	// DefaultRetryShrink is the share of its tokens a conversation is
	// compacted to after the provider said it was too long.
	DefaultRetryShrink = 0.8
	// retryMinGain: a compaction that frees less than this share of the
	// tokens is not worth another call.
	retryMinGain = 0.05
)

// ShouldCompact reports whether msgs, counted by c (nil means [Estimate]),
// take more than fraction of a context window of window tokens — the
// proactive trigger an agent checks before each model call. A fraction
// of 0 means [DefaultCompactFraction]; any other fraction outside (0, 1]
// (negative, above 1, NaN) is invalid and reports true, so that a mistake
// compacts early rather than lets the context overflow; a window of 0 or
// less is never full.
//
// Pass as window what the messages may use: the model's context window
// minus the output reserved for the answer (the request's max_tokens)
// and minus the tool definitions sent with every request. Providers count
// both against the window, and leaving them out is the most common reason
// a request still overflows after this check said all was well.
func ShouldCompact(msgs []Message, window int, fraction float64, c TokenCounter) bool {
	if window <= 0 {
		return false
	}
	return nearWindow(CountMessages(msgs, c), window, fraction)
}

// nearWindow is ShouldCompact's test on a count already made.
func nearWindow(tokens, window int, fraction float64) bool {
	if window <= 0 {
		return false
	}
	if fraction == 0 {
		fraction = DefaultCompactFraction
	}
	if !(fraction > 0 && fraction <= 1) {
		return true
	}
	return float64(tokens) > fraction*float64(window)
}

// CompactIfNeeded is the proactive trigger and the compaction in one call:
// when [ShouldCompact] (with [DefaultCompactFraction] and o.Counter) says
// msgs nears the window, it runs [Compact] with o, whose Budget, when 0,
// becomes [DefaultCompactTarget] of the window. Pass as window what the
// messages may use, as for ShouldCompact. ran reports whether Compact
// ran; when it did not, msgs is returned as it is with a report that
// says so (its token count, no steps, FirstChanged -1), and a nil error.
func CompactIfNeeded(ctx context.Context, msgs []Message, window int, o CompactOptions) (out []Message, rep CompactReport, ran bool, err error) {
	if o.Budget == 0 {
		o.Budget = max(1, int(DefaultCompactTarget*float64(window)))
	}
	// Count once: the memo hands this count to Compact's own first pass.
	mc := newMemoCounter(o.Counter, len(msgs))
	if tokens := CountMessages(msgs, mc); !nearWindow(tokens, window, DefaultCompactFraction) {
		return msgs, CompactReport{MessagesBefore: len(msgs), MessagesAfter: len(msgs), TokensBefore: tokens, TokensAfter: tokens,
			Budget: o.Budget, FirstChanged: -1}, false, nil
	}
	o.Counter = mc
	out, rep, err = Compact(ctx, msgs, o)
	return out, rep, true, err
}

// overflowPhrases are how providers say a request is over the context
// window, lower-cased.
var overflowPhrases = []string{
	"prompt is too long",         // Anthropic
	"context_length_exceeded",    // OpenAI's error code
	"maximum context length",     // OpenAI, vLLM
	"request too large",          // OpenAI 413
	"request_too_large",          // Anthropic 413
	"too many tokens",            // various
	"input is too long",          // Amazon Bedrock
	"exceeds the context window", // various
	"context window exceeded",
	"input token count",                    // Gemini: "the input token count (…) exceeds the maximum"
	"reduce the length of the messages",    // OpenAI
	"exceeds the maximum number of tokens", // Gemini
}

// IsContextOverflow reports whether err says the request was too long for
// the model's context window, by the messages the common providers use
// ("prompt is too long", "context_length_exceeded", "maximum context
// length", "request too large", "too many tokens", …), case-insensitively.
func IsContextOverflow(err error) bool {
	if err == nil {
		return false
	}
	s := strings.ToLower(err.Error())
	for _, p := range overflowPhrases {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// RetryOptions configures [RetryOnOverflow]. The zero value means the
// documented defaults.
type RetryOptions struct {
	// Compact configures each compaction; its Budget is set by each retry.
	Compact CompactOptions
	// IsOverflow tells an overflow error from others; nil means
	// [IsContextOverflow].
	IsOverflow func(error) bool
	// Attempts bounds the calls in all, the first included. 0 means
	// [DefaultRetryAttempts]; 1 means no retry; a negative value is
	// refused with an error.
	Attempts int
	// Shrink is the share of the failed attempt's tokens the next attempt
	// is compacted to. 0 means [DefaultRetryShrink]; any other value
	// outside (0, 1) is refused with an error, before call is made.
	Shrink float64
	// OnOverflow, when set, is called each time the provider answers that
	// the context is too long and a retry follows, before the messages are
	// compacted for it: attempt is the number of the call that overflowed
	// (1 for the first) and err its error. Use it to log, count or tell
	// the user. It is called on the caller's goroutine; a panic in it is
	// recovered and ignored.
	OnOverflow func(attempt int, err error)
}

func (o RetryOptions) notify(attempt int, err error) {
	if o.OnOverflow == nil {
		return
	}
	defer func() { _ = recover() }()
	o.OnOverflow(attempt, err)
}

// RetryOnOverflow is the reactive trigger: it calls call with msgs and,
// when the provider still answers that the context is too long, compacts
// the messages to a tighter budget (Shrink of the tokens they had) and
// calls again, at most Attempts times in all. It stops early, with an
// error, when a compaction frees less than 5 % of the tokens, so it never
// loops. It returns call's result, the messages of the last attempt (the
// agent's history from now on) and the error: call's own when it is not an
// overflow, or one that wraps it (and the compaction's error, if any).
// msgs is never mutated.
//
// Each compaction obeys o.Compact.Protection like any other: a retry never
// loosens the protection rules to make room. So when what they keep is
// itself too long, the first compaction fails with [ErrCannotFit] and
// RetryOnOverflow stops there, returning an error that wraps both. Before
// each compaction it calls o.OnOverflow, when set.
func RetryOnOverflow[T any](ctx context.Context, msgs []Message, call func(ctx context.Context, msgs []Message) (T, error), o RetryOptions) (T, []Message, error) {
	isOverflow := o.IsOverflow
	if isOverflow == nil {
		isOverflow = IsContextOverflow
	}
	attempts := o.Attempts
	if attempts == 0 {
		attempts = DefaultRetryAttempts
	}
	shrink := o.Shrink
	if shrink == 0 {
		shrink = DefaultRetryShrink
	}
	if attempts < 0 || !(shrink > 0 && shrink < 1) {
		var zero T
		return zero, msgs, fmt.Errorf("headroom: RetryOptions: Attempts %d must not be negative and Shrink %v must lie in (0, 1); 0 means the default", o.Attempts, o.Shrink)
	}
	cur := msgs
	for attempt := 1; ; attempt++ {
		res, err := call(ctx, cur)
		if err == nil || !isOverflow(err) {
			return res, cur, err
		}
		if attempt >= attempts {
			return res, cur, fmt.Errorf("headroom: the context still overflows after %d attempts: %w", attempt, err)
		}
		o.notify(attempt, err)
		co := o.Compact
		tokens := CountMessages(cur, co.Counter)
		co.Budget = max(1, int(float64(tokens)*shrink))
		next, rep, cerr := Compact(ctx, cur, co)
		if cerr != nil {
			return res, cur, fmt.Errorf("headroom: the context overflows (%w) and compaction failed: %w", err, cerr)
		}
		if freed := tokens - rep.TokensAfter; float64(freed) < retryMinGain*float64(tokens) {
			return res, cur, fmt.Errorf("headroom: compaction freed only %s of %s tokens, not worth a retry: %w", txt.Commas(freed), txt.Commas(tokens), err)
		}
		cur = next
	}
}
