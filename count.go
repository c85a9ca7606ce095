package headroom

import "sync"

// Token accounting shared by every step of the cascade.
const (
	// MessageOverheadTokens is what [CountMessages] adds for each message on
	// top of its parts: providers wrap every message in role markers and
	// separators that cost a few tokens (OpenAI documents 3 to 4).
	MessageOverheadTokens = 4
	// OpaqueTokens is what [CountMessages] charges for an opaque part
	// (an image, a thinking block) that cannot count itself: a typical
	// image costs several hundred tokens, and erring high keeps budgets safe.
	OpaqueTokens = 800
)

// CountMessages returns the tokens msgs cost as c counts them (nil means
// [Estimate]). Every step of the cascade uses it, so they agree on what
// "fits" means. A message costs [MessageOverheadTokens] plus its parts:
// text; a tool call's name and arguments; a tool result's name, content and
// attachments; and for an Opaque value or an attachment, its TokenCount() when it has a method
// TokenCount() int, or else [OpaqueTokens].
func CountMessages(msgs []Message, c TokenCounter) int {
	if c == nil {
		c = Estimate
	}
	n := 0
	for i := range msgs {
		n += messageTokens(&msgs[i], c)
	}
	return n
}

func messageTokens(m *Message, c TokenCounter) int {
	if mc, ok := c.(*memoCounter); ok && len(m.Parts) > 0 {
		return mc.message(m)
	}
	return countMessage(m, c)
}

func countMessage(m *Message, c TokenCounter) int {
	n := MessageOverheadTokens
	for i := range m.Parts {
		p := &m.Parts[i]
		n += stringTokens(c, p.Text)
		if tc := p.ToolCall; tc != nil {
			n += stringTokens(c, tc.Name)
			if len(tc.Args) > 0 {
				n += stringTokens(c, string(tc.Args))
			}
		}
		if r := p.ToolResult; r != nil {
			n += stringTokens(c, r.Name) + stringTokens(c, r.Content)
			for _, a := range r.Attachments {
				n += opaqueTokens(a)
			}
		}
		if p.Opaque != nil {
			n += opaqueTokens(p.Opaque)
		}
	}
	return n
}

func stringTokens(c TokenCounter, s string) int {
	if s == "" {
		return 0
	}
	return countTokens(c, s)
}

// opaqueTokens asks an opaque value for its size; a value that panics is
// charged the flat cost.
func opaqueTokens(v any) (n int) {
	t, ok := v.(interface{ TokenCount() int })
	if !ok {
		return OpaqueTokens
	}
	defer func() {
		if recover() != nil {
			n = OpaqueTokens
		}
	}()
	return max(0, t.TokenCount())
}

// memoMinLen: strings shorter than this are counted each time; hashing
// them would cost about as much as counting.
const memoMinLen = 256

// memoCounter remembers the token counts of large strings for the length
// of one Compact call, so the steps share one counting pass: masking and
// trimming see the same tool outputs again and again.
//
// It also remembers whole messages by their Parts array: the steps share
// the Parts of every message they leave alone (copy on write), so
// recounting a step's output only counts the messages it changed.
type memoCounter struct {
	c    TokenCounter
	mu   sync.Mutex
	m    map[string]int
	msgs map[*Part]partsCount
}

// partsCount is the count of a message whose Parts start at a given
// address and have this length.
type partsCount struct{ parts, tokens int }

func (mc *memoCounter) message(m *Message) int {
	key := &m.Parts[0]
	mc.mu.Lock()
	pc, ok := mc.msgs[key]
	mc.mu.Unlock()
	if ok && pc.parts == len(m.Parts) {
		return pc.tokens
	}
	n := countMessage(m, mc)
	mc.mu.Lock()
	mc.msgs[key] = partsCount{len(m.Parts), n}
	mc.mu.Unlock()
	return n
}

// newMemoCounter wraps c (nil means Estimate) for a conversation of about
// size messages.
func newMemoCounter(c TokenCounter, size int) *memoCounter {
	if c == nil {
		c = Estimate
	}
	if mc, ok := c.(*memoCounter); ok {
		return mc
	}
	return &memoCounter{c: c, m: make(map[string]int, size/2), msgs: make(map[*Part]partsCount, size+size/2)}
}

func (mc *memoCounter) CountTokens(s string) int {
	if len(s) < memoMinLen {
		return countTokens(mc.c, s)
	}
	mc.mu.Lock()
	n, ok := mc.m[s]
	mc.mu.Unlock()
	if ok {
		return n
	}
	n = countTokens(mc.c, s)
	mc.mu.Lock()
	mc.m[s] = n
	mc.mu.Unlock()
	return n
}
