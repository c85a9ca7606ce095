package headroom

// DefaultTrimKeepRecent is how many of the last messages [Trim] keeps.
const DefaultTrimKeepRecent = 6

// TrimOptions configures [Trim]. The zero value means the documented
// defaults, except that Trim needs a Budget to do anything.
type TrimOptions struct {
	// Protection says which tool results are never dropped. In a cascade
	// ([TrimStep], [Compact]) it must be left zero: the cascade's one
	// Protection is used, and a step whose options set it reports an
	// error rather than have it overwritten.
	Protection Protection
	// Budget is the token budget to trim to. 0 or less means no target:
	// Trim returns msgs as they are. In a cascade it must be left 0: the
	// step trims to the cascade's budget.
	Budget int
	// KeepRecent is how many of the last messages are always kept. 0
	// means [DefaultTrimKeepRecent]; a negative value keeps none beyond
	// what the protection rules keep.
	KeepRecent int
	// Counter counts tokens; nil means [Estimate]. In a cascade it must be
	// left nil, as Protection: the cascade's counter is used.
	Counter TokenCounter
}

func (o TrimOptions) keepRecent() int {
	return optionInt(o.KeepRecent, DefaultTrimKeepRecent, 0)
}

// Trim drops the oldest messages the protection rules allow until msgs
// fits o.Budget tokens as [CountMessages] counts them. A tool call and its
// results go as one unit: a message with parallel calls goes together with
// every message holding their results. System messages, the latest user
// message, conversation summaries, the last KeepRecent messages, the most
// recent tool results and the protected tools' messages are kept.
//
// When even that does not fit, Trim returns what is left after dropping
// everything it may; [Compact] reports that as [ErrCannotFit]. msgs itself
// is returned when it already fits. The input is never mutated; the kept
// messages are shared with it. Trim counts each message once.
func Trim(msgs []Message, o TrimOptions) []Message {
	if o.Budget <= 0 {
		return msgs
	}
	c := o.Counter
	if c == nil {
		c = Estimate
	}
	tokens := make([]int, len(msgs))
	total := 0
	for i := range msgs {
		tokens[i] = messageTokens(&msgs[i], c)
		total += tokens[i]
	}
	if total <= o.Budget {
		return msgs
	}
	cv := analyze(msgs)
	keep := o.Protection.kept(cv, o.keepRecent(), true)
	unitTokens := make([]int, len(msgs))
	for i, t := range tokens {
		unitTokens[cv.unit[i]] += t
	}
	return dropOldestUnits(msgs, cv, keep, unitTokens, total, o.Budget)
}

// dropOldestUnits drops whole units, oldest first, that keep does not
// hold, until the tokens left — total, of which unitTokens[i] belong to
// the unit rooted at message i — are within budget. A unit's root is its
// first message, so walking roots in order drops the oldest units first.
// It returns msgs itself when it drops nothing.
func dropOldestUnits(msgs []Message, cv *conversation, keep []bool, unitTokens []int, total, budget int) []Message {
	drop, _ := oldestUnits(cv, keep, unitTokens, total, budget, nil)
	return withoutDropped(msgs, drop)
}

// oldestUnits marks the messages dropOldestUnits drops, starting from
// drop (units already dropped; nil for none, and total counts without
// them), and returns the tokens left.
func oldestUnits(cv *conversation, keep []bool, unitTokens []int, total, budget int, drop []bool) ([]bool, int) {
	if drop == nil {
		drop = make([]bool, len(cv.msgs))
	}
	for i := range cv.msgs {
		if total <= budget {
			break
		}
		if cv.unit[i] == i && !keep[i] && !drop[i] {
			drop[i] = true
			total -= unitTokens[i]
		}
	}
	for i := range drop {
		drop[i] = drop[cv.unit[i]]
	}
	return drop, total
}

// withoutDropped returns msgs less the messages drop marks: msgs itself
// when it marks none.
func withoutDropped(msgs []Message, drop []bool) []Message {
	out := make([]Message, 0, len(msgs))
	for i := range msgs {
		if !drop[i] {
			out = append(out, msgs[i])
		}
	}
	if len(out) == len(msgs) {
		return msgs
	}
	return out
}
