package headroom

import (
	"bytes"
	"path"
	"reflect"
	"strings"
	"sync"
)

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

// DefaultKeepToolResults is how many of the most recent tool results every
// step keeps as they are.
const DefaultKeepToolResults = 5

// Protection holds the protection rules that every step of the cascade
// obeys, in one place. Whatever the settings, no step ever drops, folds or
// changes a system message or the latest user message (the current
// instruction, wherever it sits), and no step separates a tool call from
// its results.
//
// The zero value means the documented defaults.
//
// The knobs that keep recent history count different things:
// KeepToolResults counts tool results (a message with three parallel
// results counts three); [SummarizeOptions].KeepRecent and
// [TrimOptions].KeepRecent count messages, of any role; and
// [MaskOptions].SkipTurns counts user turns, each running from a user
// message to the next.
type Protection struct {
	// KeepToolResults is how many of the most recent tool results are
	// kept as they are (with their calls): never masked, folded or
	// dropped. 0 means [DefaultKeepToolResults]; a negative value keeps
	// none.
	KeepToolResults int
	// Tools are glob patterns ([path.Match] syntax: "skill",
	// "mcp__memory__*") of tool names whose results are never masked,
	// folded or dropped, nor their calls. A malformed pattern matches
	// nothing.
	Tools []string
}

func (p Protection) keepResults() int {
	switch {
	case p.KeepToolResults == 0:
		return DefaultKeepToolResults
	case p.KeepToolResults < 0:
		return 0
	}
	return p.KeepToolResults
}

func (p Protection) protectsTool(name string) bool {
	for _, g := range p.Tools {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

// Kept reports, message by message, which messages a step that drops or
// folds messages must keep verbatim: system messages, the latest user
// message, conversation summaries, the last keepRecent messages, the
// messages holding the most recent tool results and the protected tools'
// calls and results — and every message tied to one of those by a tool
// call id, so that no call loses its results. A custom [Step] can use it
// to obey the same rules as the built-in ones.
func (p Protection) Kept(msgs []Message, keepRecent int) []bool {
	return p.kept(analyze(msgs), keepRecent, true)
}

// conversation is what the steps need to know about a message list,
// computed in one pass.
type conversation struct {
	msgs       []Message
	latestUser int   // index of the latest user message; -1 when none
	unit       []int // for each message, the first message of its unit
	callName   map[string]string
}

// analyze indexes msgs: the latest user message, and the units — sets of
// messages tied together by tool call ids, which every step keeps or
// removes whole.
func analyze(msgs []Message) *conversation {
	cv := &conversation{msgs: msgs, latestUser: -1, unit: make([]int, len(msgs)), callName: map[string]string{}}
	for i := range cv.unit {
		cv.unit[i] = i
	}
	first := map[string]int{} // call id → first message mentioning it
	for i := range msgs {
		m := &msgs[i]
		if isInstruction(m) {
			cv.latestUser = i
		}
		for _, p := range m.Parts {
			var id string
			switch {
			case p.ToolCall != nil:
				id = p.ToolCall.ID
				if _, ok := cv.callName[id]; !ok {
					cv.callName[id] = p.ToolCall.Name
				}
			case p.ToolResult != nil:
				id = p.ToolResult.CallID
			default:
				continue
			}
			if f, ok := first[id]; ok {
				cv.union(f, i)
			} else {
				first[id] = i
			}
		}
	}
	for i := range cv.unit {
		cv.unit[i] = cv.find(i)
	}
	return cv
}

func (cv *conversation) find(i int) int {
	for cv.unit[i] != i {
		cv.unit[i] = cv.unit[cv.unit[i]]
		i = cv.unit[i]
	}
	return i
}

// union joins two units under the earlier message, so a unit's root is its
// first message.
func (cv *conversation) union(a, b int) {
	a, b = cv.find(a), cv.find(b)
	if a == b {
		return
	}
	if b < a {
		a, b = b, a
	}
	cv.unit[b] = a
}

// toolName is a result's tool name, from the result or else its call.
func (cv *conversation) toolName(r *ToolResult) string {
	if r.Name != "" {
		return r.Name
	}
	return cv.callName[r.CallID]
}

// kept marks what a dropping or folding step must keep (see
// [Protection.Kept]); summaries says whether summary messages count.
func (p Protection) kept(cv *conversation, keepRecent int, summaries bool) []bool {
	msgs := cv.msgs
	keep := make([]bool, len(msgs))
	for i := range msgs {
		m := &msgs[i]
		keep[i] = m.Role == RoleSystem || i == cv.latestUser || i >= len(msgs)-keepRecent ||
			(summaries && isSummaryMessage(m))
		if len(p.Tools) > 0 && !keep[i] {
			for _, part := range m.Parts {
				if (part.ToolCall != nil && p.protectsTool(part.ToolCall.Name)) ||
					(part.ToolResult != nil && p.protectsTool(cv.toolName(part.ToolResult))) {
					keep[i] = true
					break
				}
			}
		}
	}
	for i, left := len(msgs)-1, p.keepResults(); i >= 0 && left > 0; i-- {
		for _, part := range msgs[i].Parts {
			if part.ToolResult != nil {
				keep[i] = true
				left--
			}
		}
	}
	// A unit is kept whole when any of its messages is kept.
	keepUnit := make([]bool, len(msgs))
	for i, k := range keep {
		if k {
			keepUnit[cv.unit[i]] = true
		}
	}
	for i := range keep {
		keep[i] = keepUnit[cv.unit[i]]
	}
	return keep
}

// isInstruction reports whether m is a user's message, as opposed to a
// summary or a message that only carries tool results (some providers send
// tool results with the user role).
func isInstruction(m *Message) bool {
	if m.Role != RoleUser || isSummaryMessage(m) {
		return false
	}
	if len(m.Parts) == 0 {
		return true
	}
	for _, p := range m.Parts {
		if p.ToolResult == nil {
			return true
		}
	}
	return false
}

// latestInstruction returns the index of the latest user message, or -1.
func latestInstruction(msgs []Message) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if isInstruction(&msgs[i]) {
			return i
		}
	}
	return -1
}

// orphanIDs returns the call ids that have a call but no result, or a
// result but no call. It is nil when there are none.
func orphanIDs(msgs []Message) map[string]bool {
	const call, result = 1, 2
	seen := make(map[string]uint8, len(msgs))
	for i := range msgs {
		for j := range msgs[i].Parts {
			p := &msgs[i].Parts[j]
			if p.ToolCall != nil {
				seen[p.ToolCall.ID] |= call
			}
			if p.ToolResult != nil {
				seen[p.ToolResult.CallID] |= result
			}
		}
	}
	var out map[string]bool
	for id, s := range seen {
		if s != call|result {
			if out == nil {
				out = map[string]bool{}
			}
			out[id] = true
		}
	}
	return out
}

// sameMessage reports whether a and b are identical, cheaply when they
// share their parts.
func sameMessage(a, b *Message) bool {
	if a.Role != b.Role || len(a.Parts) != len(b.Parts) {
		return false
	}
	if len(a.Parts) == 0 || &a.Parts[0] == &b.Parts[0] {
		return true
	}
	for i := range a.Parts {
		if !samePart(&a.Parts[i], &b.Parts[i]) {
			return false
		}
	}
	return true
}

func samePart(a, b *Part) bool {
	if a.Text != b.Text {
		return false
	}
	if a.ToolCall != b.ToolCall {
		x, y := a.ToolCall, b.ToolCall
		if x == nil || y == nil || x.ID != y.ID || x.Name != y.Name || !bytes.Equal(x.Args, y.Args) {
			return false
		}
	}
	if a.ToolResult != b.ToolResult {
		x, y := a.ToolResult, b.ToolResult
		if x == nil || y == nil || x.CallID != y.CallID || x.Name != y.Name || x.Content != y.Content ||
			x.IsError != y.IsError || (x.ExitCode == nil) != (y.ExitCode == nil) ||
			(x.ExitCode != nil && *x.ExitCode != *y.ExitCode) || !reflect.DeepEqual(x.Attachments, y.Attachments) {
			return false
		}
	}
	return reflect.DeepEqual(a.Opaque, b.Opaque)
}

// firstChanged returns the index of the first message of out that differs
// from in, or -1 when out is in.
func firstChanged(in, out []Message) int {
	n := min(len(in), len(out))
	for i := range n {
		if !sameMessage(&in[i], &out[i]) {
			return i
		}
	}
	if len(in) != len(out) {
		return n
	}
	return -1
}

// Conversation summaries are wrapped in these tags, so a later pass can
// find one and extend it.
const (
	summaryOpen  = "[CONVERSATION_SUMMARY]"
	summaryClose = "[/CONVERSATION_SUMMARY]"
)

// isSummaryMessage reports whether m is a conversation summary written by
// [Summarize]: a user message of one text part wrapped in the tags.
func isSummaryMessage(m *Message) bool {
	if m.Role != RoleUser || len(m.Parts) != 1 {
		return false
	}
	p := &m.Parts[0]
	return p.ToolCall == nil && p.ToolResult == nil && p.Opaque == nil &&
		strings.HasPrefix(p.Text, summaryOpen) && strings.HasSuffix(p.Text, summaryClose) &&
		len(p.Text) >= len(summaryOpen)+len(summaryClose)
}
