package headroom_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/headroom-go/headroom"
)

// history is an agent's conversation: one instruction, then n tool calls
// whose outputs are 200 lines each.
func history(n int) []headroom.Message {
	msgs := []headroom.Message{
		{Role: headroom.RoleSystem, Parts: []headroom.Part{{Text: "You are a coding agent."}}},
		{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: "Make the tests pass."}}},
	}
	for i := range n {
		id := fmt.Sprintf("call_%d", i)
		var out strings.Builder
		for l := range 200 {
			fmt.Fprintf(&out, "pkg/store/file_%d.go:%d: undefined: Snapshot\n", i, l)
		}
		msgs = append(msgs,
			headroom.Message{Role: headroom.RoleAssistant, Parts: []headroom.Part{{ToolCall: &headroom.ToolCall{ID: id, Name: "Bash"}}}},
			headroom.Message{Role: headroom.RoleTool, Parts: []headroom.Part{{ToolResult: &headroom.ToolResult{CallID: id, Name: "Bash", Content: out.String()}}}},
		)
	}
	return msgs
}

// Compact a long autonomous run to a token budget. Every output is in the
// current user turn; masking clears all but the last ten, which is not
// enough here, so the summarizer folds the older calls, and the
// instruction stays where it was.
func ExampleCompact() {
	summarizer := headroom.SummarizerFunc(func(ctx context.Context, req headroom.SummaryRequest) (headroom.Summary, error) {
		// A real one sends req.Prompt and req.Input to a cheap model.
		return headroom.Summary{Text: "## Errors\n- undefined: Snapshot in pkg/store"}, nil
	})
	msgs := history(40)
	out, rep, err := headroom.Compact(context.Background(), msgs, headroom.CompactOptions{
		Budget:     20000,
		Summarizer: summarizer,
		Observer: func(e headroom.Event) {
			if e.Kind == headroom.EventCompacted {
				fmt.Println(e)
			}
		},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Applied(), "·", rep.MessagesBefore, "→", rep.MessagesAfter, "messages, cache breaks at message", rep.FirstChanged)
	fmt.Println(out[1].Parts[0].Text)
	fmt.Println(out[2].Parts[0].Text)
	// Output:
	// Context compacted · 82 → 13 messages, 137,381 → 17,232 tokens · mask+summarize
	// mask+summarize · 82 → 13 messages, cache breaks at message 2
	// Make the tests pass.
	// [CONVERSATION_SUMMARY]
	// ## Errors
	// - undefined: Snapshot in pkg/store
	// [/CONVERSATION_SUMMARY]
}

// Mask old tool outputs: they keep their call ids and say what they were.
func ExampleMaskObservations() {
	msgs := history(8)
	msgs = append(msgs,
		headroom.Message{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: "Now the docs."}}},
		headroom.Message{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: "And the changelog."}}},
	)
	out := headroom.MaskObservations(msgs, headroom.MaskOptions{})
	for _, m := range out[2:8] {
		if r := m.Parts[0].ToolResult; r != nil {
			fmt.Println(r.CallID, r.Content)
		}
	}
	// Output:
	// call_0 [Bash → 200 lines, 8,890 bytes; output cleared]
	// call_1 [Bash → 200 lines, 8,890 bytes; output cleared]
	// call_2 [Bash → 200 lines, 8,890 bytes; output cleared]
}

// Check before each model call whether the conversation nears the window.
func ExampleShouldCompact() {
	msgs := history(10)
	fmt.Println(headroom.CountMessages(msgs, nil), "tokens")
	fmt.Println(headroom.ShouldCompact(msgs, 200000, 0, nil))
	fmt.Println(headroom.ShouldCompact(msgs, 36000, 0, nil))
	// Output:
	// 34361 tokens
	// false
	// true
}

// One summarizer serves both kinds of request: a digest of a cut tool
// output, and the structured summary of older conversation turns, whose
// Input is a transcript with a "--- role ---" header before each message.
func ExampleSummarizerFunc_bothKinds() {
	cheap := headroom.SummarizerFunc(func(ctx context.Context, req headroom.SummaryRequest) (headroom.Summary, error) {
		// A real one sends req.Prompt as the system message and req.Input
		// as the user message to a cheap model, honouring ctx; it may
		// choose the model or max_tokens by kind.
		switch req.Kind {
		case headroom.SummaryConversation:
			calls := strings.Count(req.Input, "\n--- tool ---\n")
			return headroom.Summary{Text: fmt.Sprintf("## Errors\n- undefined: Snapshot in pkg/store (%d outputs folded)", calls)}, nil
		case headroom.SummaryToolOutput:
			return headroom.Summary{Text: "rows 40-360 all fetched 200 OK"}, nil
		}
		return headroom.Summary{}, fmt.Errorf("unknown summary kind %q", req.Kind)
	})

	// Tool output, at append time.
	h, _ := headroom.New(headroom.WithMaxBytes(2000), headroom.WithSummarizer(cheap))
	out, _, _ := h.Compress(context.Background(), headroom.ToolOutput{Tool: "Read", Text: strings.Repeat("row: fetched 200 OK\n", 400)})
	fmt.Println(strings.Contains(out, "Summary of the omitted part: rows 40-360 all fetched 200 OK"))

	// The conversation, when it nears the window.
	msgs, _, _ := headroom.Compact(context.Background(), history(40), headroom.CompactOptions{Budget: 20000, Summarizer: cheap})
	fmt.Println(msgs[2].Parts[0].Text)
	// Output:
	// true
	// [CONVERSATION_SUMMARY]
	// ## Errors
	// - undefined: Snapshot in pkg/store (35 outputs folded)
	// [/CONVERSATION_SUMMARY]
}
