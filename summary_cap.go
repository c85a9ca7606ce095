package headroom

import (
	"fmt"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// DefaultSummaryShare is the share of the cascade's token budget a
// conversation summary may take when [SummarizeOptions].BudgetShare is 0:
// a quarter, so that the summary never crowds out the recent messages it
// is meant to make room for.
const DefaultSummaryShare = 0.25

// MinSummaryTokens is the least room, in tokens, a conversation summary
// is given: when the budget's share (or, once protections relax, what the
// core leaves) is smaller, no summary is asked for.
const MinSummaryTokens = 64

// summaryCap is the most tokens the summary message may take in a cascade
// whose budget is budget: BudgetShare of it, or 0 for no cap.
func (o SummarizeOptions) summaryCap(budget int) (int, error) {
	share := o.BudgetShare
	switch {
	case share == 0:
		share = DefaultSummaryShare
	case share < 0:
		return 0, nil
	case !(share <= 1): // NaN too
		return 0, fmt.Errorf("headroom: SummarizeOptions.BudgetShare is %v; it must be at most 1 (negative: no cap)", o.BudgetShare)
	}
	return int(share * float64(budget)), nil
}

// summaryMessage wraps a sanitised summary text in the tags.
func summaryMessage(text string) Message {
	return Message{Role: RoleUser, Parts: []Part{{Text: summaryOpen + "\n" + text + "\n" + summaryClose}}}
}

// summaryTextAllowance is what a summary message capped at limit tokens
// leaves its text: the cap less the tags and the message overhead.
func summaryTextAllowance(limit int, c TokenCounter) int {
	empty := summaryMessage("")
	return limit - countMessage(&empty, c)
}

// capWords is the summary length a prompt asks for under a cap leaving
// allowance tokens of text: words, or fewer, at about two words for three
// tokens (prose runs near 1.3 tokens a word; paths and identifiers more).
// words 0 means no stated length.
func capWords(words, allowance int) int {
	fit := max(1, allowance*2/3)
	if words <= 0 {
		return fit
	}
	return min(words, fit)
}

// cutSummary returns text cut so that its summary message takes at most
// limit tokens, and whether it was cut: the longest prefix that fits, moved
// back to a line boundary when that keeps at least half of it, else on a
// rune boundary, with trailing spaces trimmed. The result is a pure function of its inputs.
func cutSummary(text string, limit int, c TokenCounter) (string, bool) {
	if mc, ok := c.(*memoCounter); ok {
		c = mc.c // the prefixes tried are not worth remembering
	}
	if c == nil {
		c = Estimate
	}
	fits := func(n int) bool {
		m := summaryMessage(strings.TrimRight(text[:n], " \t\r\n"))
		return countMessage(&m, c) <= limit
	}
	if fits(len(text)) {
		return text, false
	}
	// Gallop to a prefix that does not fit, so a huge answer is not
	// counted whole again and again, then bisect on rune boundaries.
	lo, hi := 0, len(text)
	for step := max(64, 4*limit); step < hi; step *= 2 {
		n := txt.RuneStartAtOrBefore(text, step)
		if !fits(n) {
			hi = n
			break
		}
		lo = n
	}
	for hi-lo > 1 {
		mid := txt.RuneStartAtOrBefore(text, lo+(hi-lo)/2)
		if mid <= lo {
			mid = txt.RuneStartAtOrAfter(text, lo+1, hi)
			if mid >= hi {
				break
			}
		}
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	// Back to the last whole line when that keeps at least half of it.
	if end := strings.LastIndexByte(text[:lo], '\n'); end > 0 && end >= lo/2 && fits(end) {
		return strings.TrimRight(text[:end], " \t\r\n"), true
	}
	return strings.TrimRight(text[:lo], " \t\r\n"), true
}
