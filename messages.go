package headroom

import "encoding/json"

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
	// Content is text, or a JSON object; one made mostly of top-level
	// string fields has them compressed one by one, sharing the budget
	// so that the whole Content fits it, and stays valid JSON (see
	// [CompressToolResults]).
	Content string `json:"content"`
	IsError bool   `json:"is_error,omitempty"`
	// ExitCode is the exit status of an exec tool; nil when unknown.
	ExitCode *int `json:"exit_code,omitempty"`
	// Attachments hold the result's non-text content — an image or a
	// document inside an Anthropic tool_result, the parts of a genai
	// FunctionResponse — in the provider's own values. Like [Part.Opaque]
	// they are carried through every headroom function untouched, and
	// counted as Opaque parts are (see [CountMessages]); Content holds the
	// result's text alone. Adapters that rebuild the provider's block put
	// them back where they were.
	Attachments []any `json:"attachments,omitempty"`
}
