package headroom

import (
	"context"
	"encoding/json"
)

// Role says who wrote a [Message].
type Role string

// The roles of a conversation, as every provider knows them.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// Message is one provider-neutral conversation message. Every Go SDK's
// message maps onto it without loss: what headroom does not understand rides
// in [Part.Opaque].
type Message struct {
	Role  Role   `json:"role"`
	Parts []Part `json:"parts"` // in order; one provider message may carry several tool results
}

// Part is one piece of a [Message]. Exactly one field is set.
type Part struct {
	Text       string      `json:"text,omitempty"`
	ToolCall   *ToolCall   `json:"tool_call,omitempty"`
	ToolResult *ToolResult `json:"tool_result,omitempty"`
	// Opaque carries images, thinking blocks and provider-specific blocks
	// through every headroom function untouched.
	Opaque any `json:"opaque,omitempty"`
}

// ToolCall is the model's request to run a tool.
type ToolCall struct {
	ID   string          `json:"id"`
	Name string          `json:"name"`
	Args json.RawMessage `json:"args,omitempty"`
}

// ToolResult is a tool's answer to the [ToolCall] whose ID is CallID.
type ToolResult struct {
	CallID string `json:"call_id"`
	// Name is the tool's name; adapters resolve it from the matching ToolCall.
	Name string `json:"name"`
	// Content is text, or a JSON object whose top-level string fields are
	// compressed one by one (see [CompressToolResults]).
	Content string `json:"content"`
	IsError bool   `json:"is_error,omitempty"`
	// ExitCode is the exit status of an exec tool; nil when unknown.
	ExitCode *int `json:"exit_code,omitempty"`
}

// Strategy names how a string was compressed.
type Strategy string

// The strategies of the default [Compressor]. A string under budget is
// reported with StrategyNone.
const (
	StrategyNone   Strategy = "none"
	StrategyClip   Strategy = "clip"
	StrategySearch Strategy = "search"
	StrategyLog    Strategy = "log"
)

// ToolOutput is one string a [Compressor] is asked to compress: a whole
// tool result, or one top-level string field of a structured (JSON) result.
type ToolOutput struct {
	Tool     string // the tool's name, e.g. "Bash" or "Grep"
	CallID   string // the tool call's id, for reports
	Field    string // the JSON field name for a structured result; "" for the whole content
	Text     string
	IsError  bool
	ExitCode *int
}

// Outcome describes what a [Compressor] did to one string.
type Outcome struct {
	Strategy      Strategy // StrategyNone when the string was under budget and returned as it was
	BytesBefore   int
	BytesAfter    int
	TokensOmitted int // tokens of the input not shown verbatim, as the configured TokenCounter counts them
	Summary       SummaryUse
}

// Compressor compresses one tool output at append time.
//
// Compress must be deterministic for a given input and configuration (prompt
// caches depend on it), safe for concurrent use, and must never panic on any
// input. It returns the input text unchanged, with [StrategyNone], when the
// text is within budget. An error means the configuration cannot be applied
// (a budget that the context carries is invalid, say) or ctx was cancelled;
// it is never used for odd input.
type Compressor interface {
	Compress(ctx context.Context, out ToolOutput) (string, Outcome, error)
}
