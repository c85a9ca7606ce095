package headroom

import (
	"context"
	"errors"
	"fmt"
)

// Defaults of [TierOptions].
const (
	DefaultHotMessages  = 20
	DefaultWarmMessages = 100
)

// TierOptions configures [Tiers]. The zero value means the documented
// defaults.
type TierOptions struct {
	// Hot is how many of the last messages stay verbatim. 0 means
	// [DefaultHotMessages]; a negative value means none.
	Hot int
	// Warm is how many messages before the hot ones are masked but kept.
	// 0 means [DefaultWarmMessages]; a negative value means none.
	Warm int
	// Summarizer folds the cold messages, those older than the warm
	// ones, into one summary. When nil, cold messages are masked like
	// warm ones.
	Summarizer Summarizer
	// Summarize and Mask configure the two steps. Their Protection and
	// Counter, and Summarize.KeepRecent and BudgetShare, must be left
	// zero — both steps obey this struct's Protection and Counter, the
	// summary keeps the Hot+Warm messages, and there is no budget to take
	// a share of — or Tiers returns an error. Mask.SkipTurns, when
	// 0, turns the turn boundary off so that the tiers are sized by message
	// counts alone.
	Summarize SummarizeOptions
	Mask      MaskOptions
	// Protection holds the rules both steps obey.
	Protection Protection
	// Counter counts tokens; nil means [Estimate].
	Counter TokenCounter
}

func tierSize(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return 0
	}
	return n
}

// Tiers arranges a conversation in memory tiers, built from the same
// steps as [Compact] and obeying the same protection rules: the hot tier
// (the last Hot messages) verbatim, the warm tier (the Warm messages
// before them) with its tool results masked, and the cold tier (all older
// messages) folded into one summary when a Summarizer is set. Unlike
// Compact it has no budget: it is a policy an agent applies every so many
// turns.
//
// When the summarizer fails, Tiers still masks, and returns the masked
// messages with the summarizer's error. Options that set what Tiers sets
// for its steps are refused: msgs comes back with an error. The input is
// never mutated.
func Tiers(ctx context.Context, msgs []Message, o TierOptions) ([]Message, error) {
	if err := errors.Join(
		cascadeConflict("TierOptions.Summarize", o.Summarize.Protection, o.Summarize.Counter, 0),
		cascadeConflict("TierOptions.Mask", o.Mask.Protection, o.Mask.Counter, 0),
	); err != nil {
		return msgs, err
	}
	if o.Summarize.KeepRecent != 0 {
		return msgs, fmt.Errorf("headroom: TierOptions.Summarize.KeepRecent is %d; Tiers keeps the Hot+Warm messages: leave it 0", o.Summarize.KeepRecent)
	}
	if o.Summarize.BudgetShare != 0 {
		return msgs, fmt.Errorf("headroom: TierOptions.Summarize.BudgetShare is %v; Tiers has no budget to take a share of: leave it 0", o.Summarize.BudgetShare)
	}
	hot, warm := tierSize(o.Hot, DefaultHotMessages), tierSize(o.Warm, DefaultWarmMessages)
	c := newMemoCounter(o.Counter, len(msgs))
	cur := msgs
	var err error
	if o.Summarizer != nil && len(msgs) > hot+warm {
		so := o.Summarize
		so.Protection, so.Counter, so.KeepRecent = o.Protection, c, hot+warm
		if so.KeepRecent == 0 {
			so.KeepRecent = -1
		}
		cur, err = Summarize(ctx, cur, o.Summarizer, so)
	}
	mo := o.Mask
	mo.Protection, mo.Counter = o.Protection, c
	if mo.SkipTurns == 0 {
		mo.SkipTurns = -1
	}
	cur, _ = maskObservations(cur, mo, hot)
	return cur, err
}
