package headroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
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
	// Content is text, or a JSON object; one made mostly of top-level
	// string fields has them compressed one by one (see [CompressToolResults]).
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
	StrategyJSON   Strategy = "json"
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

// Report lists what [CompressToolResults] compressed: one entry per string
// that was over budget, in message order. Strings left as they were have
// no entry.
type Report struct {
	Strings []StringReport
}

// StringReport describes one compressed string.
type StringReport struct {
	Message, Part int    // where the tool result sits in the messages
	Tool, CallID  string // from the ToolResult
	Field         string // the JSON field for a structured result; "" for the whole content
	Outcome
}

// BytesSaved returns the bytes the compressed strings lost in all.
func (r Report) BytesSaved() int {
	n := 0
	for _, s := range r.Strings {
		n += s.BytesBefore - s.BytesAfter
	}
	return n
}

// TokensOmitted returns the tokens omitted from all strings.
func (r Report) TokensOmitted() int {
	n := 0
	for _, s := range r.Strings {
		n += s.TokensOmitted
	}
	return n
}

// CompressToolResults compresses the tool results of new messages before
// the agent appends them to its history: call it once per tool turn, on
// the new messages only, so each output is compressed exactly once and the
// history stays byte-stable for the provider's prompt cache.
//
// Every ToolResult's Content goes through c. When Content is a JSON object
// whose bytes are mostly its top-level string values ({"stdout": …,
// "stderr": …}), each such value is compressed on its own and every other
// byte is spliced through unchanged, so the result is still valid JSON.
// When most of its bytes lie elsewhere — in nested objects and arrays, as
// in {"cmd": "kubectl …", "result": {…}} — compressing the strings could
// not bring it near the budget, so the whole Content goes through c as one
// string, and the budget wins over JSON validity. A [Headroom] also sends
// the whole Content when the bytes outside the top-level strings alone are
// over its byte budget. Up to [DefaultConcurrency]
// strings are compressed at once ([WithConcurrency] sets it for a
// [Headroom]); results and report come back in message order whatever the
// timing.
//
// The input is never mutated. Messages with nothing over budget are
// returned as they were, sharing their Parts; a changed message gets a new
// Parts slice and a new ToolResult. On error — ctx done, or c failing — it
// returns nil messages, and the caller can append the originals.
func CompressToolResults(ctx context.Context, c Compressor, msgs []Message) ([]Message, Report, error) {
	if err := ctx.Err(); err != nil {
		return nil, Report{}, err
	}
	if c == nil {
		return nil, Report{}, errors.New("headroom: CompressToolResults needs a Compressor, got nil")
	}
	outsideLimit := 0
	if b, ok := c.(interface{ byteBudget(context.Context) int }); ok {
		outsideLimit = b.byteBudget(ctx)
	}
	jobs := toolOutputs(msgs, outsideLimit)
	limit := DefaultConcurrency
	if l, ok := c.(interface{ maxConcurrency() int }); ok {
		limit = l.maxConcurrency()
	}
	limit = max(1, min(limit, len(jobs)))
	type result struct {
		text string
		o    Outcome
		err  error
	}
	results := make([]result, len(jobs))
	sem := make(chan struct{}, limit)
	var wg sync.WaitGroup
	for i := range jobs {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			r := &results[i]
			r.text, r.o, r.err = c.Compress(ctx, jobs[i].out)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, Report{}, err
	}
	var rep Report
	for i, r := range results {
		if r.err != nil {
			j := jobs[i]
			return nil, Report{}, fmt.Errorf("headroom: message %d, part %d (%s): %w", j.msg, j.part, j.out.Tool, r.err)
		}
		if r.o.Strategy != StrategyNone {
			j := jobs[i]
			rep.Strings = append(rep.Strings, StringReport{
				Message: j.msg, Part: j.part, Tool: j.out.Tool, CallID: j.out.CallID, Field: j.out.Field, Outcome: r.o,
			})
		}
	}
	out := slices.Clone(msgs)
	cloned := make([]bool, len(msgs))
	for start := 0; start < len(jobs); {
		end := start + 1
		for end < len(jobs) && jobs[end].msg == jobs[start].msg && jobs[end].part == jobs[start].part {
			end++
		}
		var fields []jsonField
		var texts []string
		for k := start; k < end; k++ {
			if results[k].o.Strategy == StrategyNone {
				continue
			}
			if jobs[k].field != nil {
				fields = append(fields, *jobs[k].field)
			}
			texts = append(texts, results[k].text)
		}
		if len(texts) > 0 {
			j := jobs[start]
			if !cloned[j.msg] {
				out[j.msg].Parts = slices.Clone(out[j.msg].Parts)
				cloned[j.msg] = true
			}
			tr := *out[j.msg].Parts[j.part].ToolResult
			if j.field == nil {
				tr.Content = texts[0]
			} else {
				tr.Content = spliceFields(tr.Content, fields, texts)
			}
			out[j.msg].Parts[j.part].ToolResult = &tr
		}
		start = end
	}
	return out, rep, nil
}

// A toolJob is one string of one tool result.
type toolJob struct {
	msg, part int
	field     *jsonField // nil when the whole content is the string
	out       ToolOutput
}

// toolOutputs lists the strings of every tool result in msgs, in order.
// A structured result is split into its top-level string fields when
// splitFields allows it for outsideLimit; otherwise it is one string.
func toolOutputs(msgs []Message, outsideLimit int) []toolJob {
	var jobs []toolJob
	for i, m := range msgs {
		for j, p := range m.Parts {
			r := p.ToolResult
			if r == nil {
				continue
			}
			base := ToolOutput{Tool: r.Name, CallID: r.CallID, IsError: r.IsError, ExitCode: r.ExitCode}
			if fields, ok := stringFields(r.Content); ok && splitFields(r.Content, fields, outsideLimit) {
				for k := range fields {
					out := base
					out.Field, out.Text = fields[k].key, fields[k].value
					jobs = append(jobs, toolJob{msg: i, part: j, field: &fields[k], out: out})
				}
				continue
			}
			base.Text = r.Content
			jobs = append(jobs, toolJob{msg: i, part: j, out: base})
		}
	}
	return jobs
}

// splitFields reports whether a JSON object's top-level string fields are
// compressed one by one. They are when the string values (their literals,
// quotes included) hold at least half of the content's bytes: that is the
// shape of an exec wrapper ({"stdout": …, "stderr": …, "exit_code": 1}),
// whose strings deserve the log and search planners and whose JSON stays
// valid. When the bulk is elsewhere, compressing the strings leaves the
// bulk over budget, so the object goes whole to the JSON planner. A
// positive outsideLimit (a byte budget) also sends it whole when the bytes
// outside the strings alone exceed it: no splice could fit then.
func splitFields(content string, fields []jsonField, outsideLimit int) bool {
	inStrings := 0
	for _, f := range fields {
		inStrings += f.end - f.start
	}
	outside := len(content) - inStrings
	return outside <= inStrings && (outsideLimit <= 0 || outside <= outsideLimit)
}
