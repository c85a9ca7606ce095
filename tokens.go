package headroom

// TokenCounter counts the tokens a model would see for a string.
//
// CountTokens must be safe for concurrent use, deterministic, and must
// return a value in [0, len(s)]: no real tokenizer spends more than one
// token per byte, and headroom relies on that bound to skip counting text
// that is shorter than a token budget in bytes.
type TokenCounter interface {
	CountTokens(s string) int
}

// TokenCounterFunc adapts a function to [TokenCounter].
type TokenCounterFunc func(s string) int

// CountTokens calls f(s).
func (f TokenCounterFunc) CountTokens(s string) int { return f(s) }

// countTokens applies c to s and clamps the answer into [0, len(s)], so a
// misbehaving counter cannot break budget arithmetic.
func countTokens(c TokenCounter, s string) int {
	n := c.CountTokens(s)
	return max(0, min(n, len(s)))
}
