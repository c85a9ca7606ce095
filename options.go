package headroom

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Defaults and bounds of the options.
const (
	// DefaultMaxBytes is the byte budget of a Headroom built with no budget
	// option and no budget in the context.
	DefaultMaxBytes = 16000
	// MinBudgetBytes is the smallest byte budget accepted: room for the
	// marker and a little content on each side of it.
	MinBudgetBytes = 256
	// DefaultSummaryTimeout bounds one Summarizer call.
	DefaultSummaryTimeout = 20 * time.Second
	// DefaultConcurrency bounds how many strings of one CompressToolResults
	// call are compressed at once (and so how many summaries are in
	// flight); see [Concurrency].
	DefaultConcurrency = 4
	// DefaultMatchesPerFile is how many match lines of each file a search
	// plan remembers at least, spread over the file; how many it shows
	// depends on the budget.
	DefaultMatchesPerFile = 5
)

// DefaultExecTools are the tool names (compared case-insensitively) whose
// output is treated as a build, test or shell log.
var DefaultExecTools = []string{"Bash", "shell", "exec", "run_command", "terminal"}

// An Option configures [New]. Options are applied in order; a later option
// overrides an earlier one of the same kind.
type Option interface {
	apply(*config)
}

type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

// config is what the options set; New validates it.
type config struct {
	maxBytes, maxTokens       int
	bytesSet, tokensSet       bool // explicit budget options, which win over the context's budget
	counter                   TokenCounter
	summarizer                Summarizer
	summaryTimeout            time.Duration
	execTools                 []string
	matchesPerFile            int
	counterNil, summarizerNil bool
	store                     Store
	storeTimeout              time.Duration
	storeNil                  bool
	cleanTerminal             bool
}

// WithMaxBytes sets the budget in bytes of UTF-8: no compressed string is
// longer, marker included. 0 disables the byte budget. A budget below
// [MinBudgetBytes] is refused by New.
func WithMaxBytes(n int) Option {
	return optionFunc(func(c *config) { c.maxBytes, c.bytesSet = n, true })
}

// WithMaxTokens sets the budget in tokens, as counted by the configured
// [TokenCounter]: no compressed string counts more, marker included. 0
// disables the token budget. It combines with [WithMaxBytes] (both hold);
// given alone, it replaces the default byte budget. With the default
// [Estimate], Compress aims a twenty-fifth under n, so that the output
// holds n on the exact o200k and cl100k counts too, on text the estimate
// reads a little low.
func WithMaxTokens(n int) Option {
	return optionFunc(func(c *config) { c.maxTokens, c.tokensSet = n, true })
}

// WithTokenCounter sets how tokens are counted: for the marker's "~N tokens"
// and for [WithMaxTokens]. The default is [Estimate].
func WithTokenCounter(tc TokenCounter) Option {
	return optionFunc(func(c *config) { c.counter, c.counterNil = tc, tc == nil })
}

// WithSummarizer plugs in a cheap model that writes a digest of what a clip
// or log plan cut (search plans carry exact counts instead). It is called
// only when at least 4,000 bytes were cut.
func WithSummarizer(s Summarizer) Option {
	return optionFunc(func(c *config) { c.summarizer, c.summarizerNil = s, s == nil })
}

// WithSummaryTimeout bounds one Summarizer call; past it the plain marker
// is used. The default is [DefaultSummaryTimeout].
func WithSummaryTimeout(d time.Duration) Option {
	return optionFunc(func(c *config) { c.summaryTimeout = d })
}

// WithExecTools replaces the list of tool names (compared
// case-insensitively) whose output is planned as a log. The default is
// [DefaultExecTools]; no names turns log planning off.
func WithExecTools(names ...string) Option {
	return optionFunc(func(c *config) { c.execTools = append([]string(nil), names...) })
}

// WithCleanTerminal(true) writes every exec tool's output (the tools of
// [WithExecTools]) as a terminal showed it, within budget too: ANSI escape
// sequences (colours, cursor moves, hyperlinks) removed, and each line's
// carriage-return redraws (progress bars, spinners) collapsed to the last
// one that is not blank. A coloured `npm test` or a `wget` progress bar
// then costs its text, not its escapes, on every turn. A cleaned output
// within budget is reported with [StrategyClean]; over budget it is
// planned as usual, from the cleaned text, and a [Store] keeps the
// cleaned text. Lines are compared and ended as they were: a CRLF line
// end stays. By default (false) an output within budget is returned
// byte for byte, and only the lines a compressed log keeps are cleaned.
func WithCleanTerminal(clean bool) Option {
	return optionFunc(func(c *config) { c.cleanTerminal = clean })
}

// WithMatchesPerFile sets how many match lines of each file a search plan
// remembers at least (more when the budget allows a sixteenth of it in
// lines), spread over the file: its first and last, the runs at both ends,
// the middle, the quarters. How many are shown depends on the budget. The
// default is [DefaultMatchesPerFile].
func WithMatchesPerFile(n int) Option {
	return optionFunc(func(c *config) { c.matchesPerFile = n })
}

// WithStore keeps the original of every string Compress shortens in s, so
// the marker can name its id and the retrieve tool ([Retriever]) can
// answer for it. When s fails, panics or takes longer than the store
// timeout ([WithStoreTimeout]), the marker says how to re-run narrower, as
// without a store, and the compression succeeds; [Outcome].StoreErr says
// what happened.
func WithStore(s Store) Option {
	return optionFunc(func(c *config) { c.store, c.storeNil = s, s == nil })
}

// WithStoreTimeout bounds one Store.Put; past it the plain marker is
// used. The default is [DefaultStoreTimeout].
func WithStoreTimeout(d time.Duration) Option {
	return optionFunc(func(c *config) { c.storeTimeout = d })
}

// newConfig applies opts over the defaults and validates the result.
func newConfig(opts []Option) (config, error) {
	c := config{
		maxBytes:       DefaultMaxBytes,
		counter:        Estimate,
		summaryTimeout: DefaultSummaryTimeout,
		storeTimeout:   DefaultStoreTimeout,
		execTools:      slices.Clone(DefaultExecTools),
		matchesPerFile: DefaultMatchesPerFile,
	}
	for _, o := range opts {
		if o != nil {
			o.apply(&c)
		}
	}
	if c.tokensSet && !c.bytesSet {
		c.maxBytes = 0
	}
	var errs []error
	if err := checkByteBudget(c.maxBytes); err != nil {
		errs = append(errs, err)
	}
	if c.counterNil {
		errs = append(errs, errors.New("headroom: WithTokenCounter(nil): a TokenCounter is required"))
	}
	if c.summarizerNil {
		errs = append(errs, errors.New("headroom: WithSummarizer(nil): leave the option out to run without a summarizer"))
	}
	if c.maxTokens < 0 {
		errs = append(errs, fmt.Errorf("headroom: token budget %d is negative (0 disables it)", c.maxTokens))
	} else if c.counter != nil && c.maxTokens > 0 {
		if least := minTokenBudget(c.counter); c.maxTokens < least {
			errs = append(errs, fmt.Errorf("headroom: token budget %d is below the %d-token minimum for this counter (the marker alone needs that much)", c.maxTokens, least))
		}
	}
	if c.storeNil {
		errs = append(errs, errors.New("headroom: WithStore(nil): leave the option out to run without a store"))
	}
	if c.storeTimeout <= 0 {
		errs = append(errs, fmt.Errorf("headroom: store timeout %v must be positive", c.storeTimeout))
	}
	if c.summaryTimeout <= 0 {
		errs = append(errs, fmt.Errorf("headroom: summary timeout %v must be positive", c.summaryTimeout))
	}
	if c.matchesPerFile < 1 {
		errs = append(errs, fmt.Errorf("headroom: matches per file %d must be at least 1", c.matchesPerFile))
	}
	for _, name := range c.execTools {
		if strings.TrimSpace(name) == "" {
			errs = append(errs, errors.New("headroom: an exec tool name is empty"))
			break
		}
	}
	return c, errors.Join(errs...)
}

// checkByteBudget validates a byte budget from an option or a context.
func checkByteBudget(n int) error {
	switch {
	case n < 0:
		return fmt.Errorf("headroom: budget %d is negative (0 disables it)", n)
	case n > 0 && n < MinBudgetBytes:
		return fmt.Errorf("headroom: budget %d is below the %d-byte minimum", n, MinBudgetBytes)
	}
	return nil
}

// minTokenBudget is the smallest token budget that holds the largest
// marker a clip can write, as c counts it, plus a little content.
func minTokenBudget(c TokenCounter) int {
	const huge = 1 << 40
	return countTokens(c, clipLongestMarker(huge).String()) + 16
}

type budgetKey struct{}

// WithBudget returns a context that carries a byte budget. A [Headroom]
// built without [WithMaxBytes] or [WithMaxTokens] compresses to the
// context's budget instead of its default, so sub-agent loops started with
// that context compress like the root without threading a parameter; an
// explicit option wins. 0 disables compression for that context; a budget
// below [MinBudgetBytes] makes Compress return an error.
func WithBudget(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, budgetKey{}, n)
}

// BudgetFromContext returns the byte budget ctx carries, if any.
func BudgetFromContext(ctx context.Context) (n int, ok bool) {
	n, ok = ctx.Value(budgetKey{}).(int)
	return n, ok
}

// optionInt reads a count option whose zero value means def, as the
// conversation options document theirs: a negative one means floor (none,
// or the least that does anything), any other is itself.
func optionInt(v, def, floor int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return floor
	}
	return v
}
