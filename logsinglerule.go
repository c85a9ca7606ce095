package headroom

// A linter run's findings are tagged with the rule or linter that found
// them (`(govet)`, `[no-untyped-def]`, `(SA4006)`, see trailingCode), and
// a hundred findings of a dozen rules are mostly the same few rules told
// again. A rule that found one thing among them is the odd one out (an
// injected bug's printf check among goconst's eighteen repeated strings):
// its finding is kept whole, its quoted source line and caret with it,
// before the other findings' first lines, within a firstBlockShare of
// the limit more.

const (
	// singleRuleLeast is the fewest tagged findings among which a rule
	// seen once is told apart.
	singleRuleLeast = 20
	// singleRuleShare: the findings of rules seen once are odd only while
	// they are at most one in this many of the tagged findings.
	singleRuleShare = 8
)

// singleRuleBlocks returns, in input order, the distinct blocks whose
// first line is tagged with a rule no other block's first line is
// tagged with, when at least singleRuleLeast distinct blocks are tagged
// and such blocks are few; nil otherwise.
func singleRuleBlocks(lines logLines, blocks []logBlock) []int {
	count := map[string]int{}
	tagged := 0
	for _, b := range blocks {
		if b.dupOf() >= 0 {
			continue
		}
		if code := trailingCode(lines.line(int(b.head))); code != "" {
			count[code]++
			tagged++
		}
	}
	if tagged < singleRuleLeast {
		return nil
	}
	var out []int
	for k, b := range blocks {
		if b.dupOf() < 0 && count[trailingCode(lines.line(int(b.head)))] == 1 {
			out = append(out, k)
		}
	}
	if len(out)*singleRuleShare > tagged {
		return nil
	}
	return out
}

// pickSingleRules keeps whole, within a firstBlockShare of limit more,
// the findings of the rules seen once (singleRuleBlocks): each one's
// first line and the lines below it in its block up to the next warning
// or error line, a finding of its own (the next entry of a stylish
// report's file), at most singleRuleLines in all.
func pickSingleRules(sel *logSelection, lines logLines, blocks []logBlock, limit int) {
	bound := sel.cost + limit/firstBlockShare
	for _, k := range singleRuleBlocks(lines, blocks) {
		b := blocks[k]
		for i := int(b.head); i <= int(b.last) && i < int(b.head)+singleRuleLines; i++ {
			if c := lines.class(i); i > int(b.head) && (c == lineWarning || c == lineError) || !sel.pickWithin(i, bound) {
				break
			}
		}
	}
}

// singleRuleLines bounds the lines of a finding pickSingleRules keeps:
// its line, the source line it quotes, the caret under it and a note.
const singleRuleLines = 4
