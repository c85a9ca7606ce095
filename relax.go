package headroom

import (
	"context"
	"fmt"
)

// The protections [Compact] relaxes, in this order, when its default
// cascade leaves the conversation over budget, as [CompactReport].Relaxed
// names them.
const (
	// RelaxRecentResults masks the most recent tool results too, all but
	// those of the last unit (the last assistant message's calls).
	RelaxRecentResults = "recent results"
	// RelaxSkipBoundary turns masking's skip boundary off: results in the
	// last user turns are masked too (the last unit's still excepted).
	RelaxSkipBoundary = "skip boundary"
	// RelaxTrimFloor lowers trim's floor to the irreducible core: the
	// system messages, the latest user message, conversation summaries,
	// the last assistant message with its tool results, and the protected
	// tools' messages; every other unit may be dropped, oldest first.
	//
	// When a relaxation would drop user messages and a summarizer is set
	// (and none of its calls failed), Compact summarizes before it drops:
	// the relaxation runs again to the budget less room for a summary —
	// its share of the budget ([SummarizeOptions].BudgetShare), or what
	// the core leaves — and everything it drops, earlier summaries too, is
	// folded into one summary held to that room (a second summarizer
	// call, reported as a "summarize" step). Only when the room is under
	// [MinSummaryTokens], or the call fails, are user messages dropped
	// unsummarized; [CompactReport].DroppedUserMessages counts them.
	RelaxTrimFloor = "trim floor"
	// RelaxSummary, first in the list when present, says that the summary
	// the summarize step made could not fit with the core, and the
	// relaxations ran on the conversation without it (folding what they
	// drop into a new, shorter summary where they can, as above).
	RelaxSummary = "summary"
)

// relaxed is one attempt of the relaxation: its output and what it cost.
type relaxed struct {
	out    []Message
	tokens int
	steps  []string // the relaxations applied, in order
	// masked is the conversation the last relaxation trimmed (masked,
	// message for message, like its base), floor the trim's KeepRecent,
	// and p the protection it obeyed.
	masked []Message
	floor  int
	p      Protection
}

// relax applies the relaxations in order to base, each on top of the
// ones before, and returns the first result that fits budget, or the last
// one tried with ok false.
func relax(base []Message, o CompactOptions, c TokenCounter) (r relaxed, ok bool) {
	lastUnit := lastUnitResults(base)
	p := o.Protection
	p.KeepToolResults = lastUnit
	if lastUnit == 0 {
		p.KeepToolResults = -1
	}
	r.p = p
	mask := o.Mask
	mask.Protection, mask.Counter, mask.MinTokensFreed = p, c, -1
	try := func(name string, masked []Message, floor int) bool {
		r.masked, r.floor = masked, floor
		r.out = trimToCore(masked, o.Budget, p, c, floor)
		r.tokens = CountMessages(r.out, c)
		r.steps = append(r.steps, name)
		return r.tokens <= o.Budget
	}
	// 1. The recent results, masked like any other (with the usual trim).
	if try(RelaxRecentResults, MaskObservations(base, mask), o.Trim.keepRecent()) {
		return r, true
	}
	// 2. The skip boundary, off.
	mask.SkipTurns = -1
	if try(RelaxSkipBoundary, MaskObservations(base, mask), o.Trim.keepRecent()) {
		return r, true
	}
	// 3. Trim's floor, down to the core.
	return r, try(RelaxTrimFloor, r.masked, 0)
}

// lastAssistant returns the index of the last assistant message, or -1.
func lastAssistant(msgs []Message) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == RoleAssistant {
			return i
		}
	}
	return -1
}

// lastUnitResults counts the tool results after the last assistant
// message: those of its calls.
func lastUnitResults(msgs []Message) int {
	n := 0
	for i := lastAssistant(msgs) + 1; i > 0 && i < len(msgs); i++ {
		for _, part := range msgs[i].Parts {
			if part.ToolResult != nil {
				n++
			}
		}
	}
	return n
}

// trimToCore drops the oldest units outside the core (see RelaxTrimFloor)
// and the last keepRecent messages until msgs fits budget.
func trimToCore(msgs []Message, budget int, p Protection, c TokenCounter, keepRecent int) []Message {
	drop, _ := coreDrops(msgs, budget, p, c, keepRecent, false)
	return withoutDropped(msgs, drop)
}

// coreDrops marks what trimToCore drops, and returns the tokens left.
// With foldSummaries, conversation summaries are dropped first, even
// recent ones: they are to be folded into a new one.
func coreDrops(msgs []Message, budget int, p Protection, c TokenCounter, keepRecent int, foldSummaries bool) ([]bool, int) {
	cv := analyze(msgs)
	keep := p.kept(cv, keepRecent, !foldSummaries)
	if la := lastAssistant(msgs); la >= 0 {
		for i := range keep {
			if cv.unit[i] == cv.unit[la] {
				keep[i] = true
			}
		}
	}
	total := 0
	unitTokens := make([]int, len(msgs))
	drop := make([]bool, len(msgs))
	for i := range msgs {
		t := messageTokens(&msgs[i], c)
		unitTokens[cv.unit[i]] += t
		if foldSummaries && isSummaryMessage(&msgs[i]) { // a unit of its own
			drop[i], keep[i] = true, false
			continue
		}
		total += t
	}
	return oldestUnits(cv, keep, unitTokens, total, budget, drop)
}

// instructions counts the user messages (not summaries, not tool results)
// in msgs.
func instructions(msgs []Message) int {
	n := 0
	for i := range msgs {
		if isInstruction(&msgs[i]) {
			n++
		}
	}
	return n
}

// foldDropped summarizes what a relaxation would drop, for Compact's
// default cascade with a summarizer: when r, the relaxation of base that
// fits, drops user messages, the same relaxation is run again to the
// budget less room for a summary, and everything it drops — earlier
// summaries too — is folded into one summary held to that room. The room
// is the summary's share of the budget (with no cap, its estimate at
// MaxWords), or what the kept messages leave when that is less; when it
// is under [MinSummaryTokens] with trim's floor, the floor drops to the
// core, and when it still is, no summary is made. The output fits the
// budget; usage goes to env.
func foldDropped(ctx context.Context, base []Message, r relaxed, o CompactOptions, env StepEnv) ([]Message, foldInfo, error) {
	c := env.Counter
	so := o.Summarize
	so.Protection, so.Counter = Protection{}, c
	if own := so.OnUsage; own != nil {
		so.OnUsage = func(u Usage) { env.ReportUsage(u); own(u) }
	} else {
		so.OnUsage = env.ReportUsage
	}
	want, err := so.summaryCap(o.Budget)
	if err != nil {
		return base, foldInfo{}, err
	}
	if want == 0 {
		want = summaryEstimate(summaryWords(so.MaxWords, 0, c), c)
	}
	floors := []int{r.floor}
	if r.floor > 0 {
		floors = append(floors, 0)
	}
	for _, floor := range floors {
		fold, kept := coreDrops(r.masked, o.Budget-want, r.p, c, floor, true)
		room := min(want, o.Budget-kept)
		if room < MinSummaryTokens {
			continue
		}
		return foldInto(ctx, base, r.masked, fold, o.Summarizer, so, summaryWords(so.MaxWords, room, c), room, true)
	}
	return base, foldInfo{}, fmt.Errorf("headroom: no room for a summary of the user messages a relaxed trim drops: the summary's share of the budget, or what the core leaves, is under %d tokens", MinSummaryTokens)
}
