package headroom

import "path"

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
	return optionInt(p.KeepToolResults, DefaultKeepToolResults, 0)
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
