package headroom

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
	// tools' messages; every other unit may be dropped, oldest first —
	// older user messages included, even when a summary was made without
	// them.
	RelaxTrimFloor = "trim floor"
	// RelaxSummary, first in the list when present, says that the summary
	// made could not fit with the core, and the relaxations ran on the
	// conversation without it: older instructions may then be dropped
	// unsummarized.
	RelaxSummary = "summary"
)

// relaxed is one attempt of the relaxation: its output and what it cost.
type relaxed struct {
	out    []Message
	tokens int
	steps  []string // the relaxations applied, in order
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
	mask := o.Mask
	mask.Protection, mask.Counter, mask.MinTokensFreed = p, c, -1
	cur := base
	try := func(name string, out []Message) bool {
		cur = out
		r.out, r.tokens = out, CountMessages(out, c)
		r.steps = append(r.steps, name)
		return r.tokens <= o.Budget
	}
	// 1. The recent results, masked like any other (with the usual trim).
	if try(RelaxRecentResults, trimTo(MaskObservations(cur, mask), o, p, c)) {
		return r, true
	}
	// 2. The skip boundary, off.
	mask.SkipTurns = -1
	if try(RelaxSkipBoundary, trimTo(MaskObservations(cur, mask), o, p, c)) {
		return r, true
	}
	// 3. Trim's floor, down to the core.
	return r, try(RelaxTrimFloor, trimToCore(cur, o.Budget, p, c, 0))
}

// trimTo trims msgs with o.Trim's floor under protection p, keeping the
// core as well.
func trimTo(msgs []Message, o CompactOptions, p Protection, c TokenCounter) []Message {
	return trimToCore(msgs, o.Budget, p, c, o.Trim.keepRecent())
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
	cv := analyze(msgs)
	keep := p.kept(cv, keepRecent, true)
	if la := lastAssistant(msgs); la >= 0 {
		for i := range keep {
			if cv.unit[i] == cv.unit[la] {
				keep[i] = true
			}
		}
	}
	total := 0
	unitTokens := make([]int, len(msgs))
	for i := range msgs {
		t := messageTokens(&msgs[i], c)
		total += t
		unitTokens[cv.unit[i]] += t
	}
	return dropOldestUnits(msgs, cv, keep, unitTokens, total, budget)
}
