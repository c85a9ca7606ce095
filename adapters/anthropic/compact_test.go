package hranthropic_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/stretchr/testify/require"

	"github.com/headroom-go/headroom"
	hranthropic "github.com/headroom-go/headroom/adapters/anthropic"
)

// A summarizing compaction folds the oldest turns into one new user
// message; every message it keeps is the caller's own value.
func TestCompactWithSummaryKeepsTheCallersValues(t *testing.T) {
	var history []anthropic.MessageParam
	for i := range 6 {
		id := fmt.Sprintf("toolu_%d", i)
		history = append(history,
			anthropic.NewUserMessage(anthropic.NewTextBlock(fmt.Sprintf("step %d: look again", i))),
			anthropic.NewAssistantMessage(anthropic.NewThinkingBlock("sig-"+id, "thinking about it"), anthropic.NewToolUseBlock(id, map[string]any{"n": i}, "Read")),
			anthropic.NewUserMessage(anthropic.NewToolResultBlock(id, strings.Repeat(fmt.Sprintf("line %d of the file\n", i), 200), false)),
		)
	}
	summarizer := headroom.SummarizerFunc(func(ctx context.Context, req headroom.SummaryRequest) (headroom.Summary, error) {
		return headroom.Summary{Text: "The user asked to look at the file six times; it was read each time."}, nil
	})
	n, err := hranthropic.ToNeutral(history)
	require.NoError(t, err)
	tokens := headroom.CountMessages(n, nil)
	out, rep, ran, err := hranthropic.Compact(context.Background(), history, tokens, headroom.CompactOptions{
		Budget: tokens / 2, Protection: headroom.Protection{KeepToolResults: 1},
		Steps: []headroom.Step{headroom.SummarizeStep(summarizer, headroom.SummarizeOptions{KeepRecent: 4})},
	})
	require.NoError(t, err)
	require.True(t, ran)
	require.Equal(t, 0, rep.FirstChanged, rep.String())
	require.Less(t, len(out), len(history))

	// The summary is new: a user message of one text block.
	require.Equal(t, anthropic.MessageParamRoleUser, out[0].Role)
	require.Len(t, out[0].Content, 1)
	require.Contains(t, *out[0].Content[0].GetText(), "six times")

	// Every other message is one of the caller's, in order, by identity.
	at := 0
	for _, m := range out[1:] {
		for at < len(history) && &history[at].Content[0] != &m.Content[0] {
			at++
		}
		require.Less(t, at, len(history), "a kept message is not the caller's value")
	}
	// Every tool_use left has its tool_result.
	calls, results := map[string]bool{}, map[string]bool{}
	for _, m := range out {
		for _, b := range m.Content {
			if b.OfToolUse != nil {
				calls[b.OfToolUse.ID] = true
			}
			if b.OfToolResult != nil {
				results[b.OfToolResult.ToolUseID] = true
			}
		}
	}
	require.Equal(t, calls, results)
}

func TestCompactUnderTheWindowReturnsHistory(t *testing.T) {
	history := []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hi"))}
	out, rep, ran, err := hranthropic.Compact(context.Background(), history, 100_000, headroom.CompactOptions{})
	require.NoError(t, err)
	require.False(t, ran)
	require.Equal(t, -1, rep.FirstChanged)
	require.Same(t, &history[0], &out[0])
}

func TestSystemTokens(t *testing.T) {
	sys := []anthropic.TextBlockParam{{Text: strings.Repeat("x", 400)}}
	require.Equal(t, headroom.MessageOverheadTokens+headroom.Estimate.CountTokens(strings.Repeat("x", 400)), hranthropic.SystemTokens(sys, nil))
}
