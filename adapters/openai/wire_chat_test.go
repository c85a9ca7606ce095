package hropenai_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/stretchr/testify/require"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
	hropenai "github.com/headroom-go/headroom/adapters/openai"
)

const budget = 4000 // bytes a tool result may keep

// A 1×1 PNG as a data URL.
const pngURL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func grepOutput(t *testing.T) string {
	b, err := os.ReadFile("../../testdata/corpus/search_rg_context_ctx_prometheus/input.txt")
	require.NoError(t, err)
	return string(b)
}

func readOutput() string {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "%4d\tfunc handler%d(w http.ResponseWriter, r *http.Request) { serve(w, r, %d) }\n", i+1, i, i)
	}
	return b.String()
}

func toolOutput(t *testing.T, name string) string {
	switch name {
	case "Grep":
		return grepOutput(t)
	case "Read":
		return readOutput()
	}
	return "ok: 12 packages passed"
}

func chatReply(id, finish, message string) string {
	return fmt.Sprintf(`{"id":%q,"object":"chat.completion","created":1700000000,"model":"gpt-4.1","choices":[{"index":0,"message":%s,"finish_reason":%q,"logprobs":null}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`,
		id, message, finish)
}

func chatCalls(calls ...string) string {
	return `{"role":"assistant","content":null,"refusal":null,"tool_calls":[` + strings.Join(calls, ",") + `]}`
}

func chatCall(id, name, args string) string {
	return fmt.Sprintf(`{"id":%q,"type":"function","function":{"name":%q,"arguments":%q}}`, id, name, args)
}

var chatScript = []string{
	chatReply("c1", "tool_calls", chatCalls(chatCall("call_1", "Grep", `{"pattern":"context.Context"}`))),
	chatReply("c2", "tool_calls", chatCalls(chatCall("call_2", "Bash", `{"command":"go test ./..."}`), chatCall("call_3", "Read", `{"path":"a.go"}`))),
	chatReply("c3", "tool_calls", chatCalls(chatCall("call_4", "Read", `{"path":"main.go"}`))),
	chatReply("c4", "stop", `{"role":"assistant","content":"Done: the bug is in main.go.","refusal":null}`),
}

func TestChatAgentLoopOnTheWire(t *testing.T) {
	ctx := context.Background()
	srv := wiretest.New(chatScript...)
	defer srv.Close()
	client := openai.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test-key"), option.WithMaxRetries(0))
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)

	// The user's message holds an image and a cache breakpoint: both must
	// reach every request byte for byte.
	first := openai.UserMessage([]openai.ChatCompletionContentPartUnionParam{
		openai.ImageContentPart(openai.ChatCompletionContentPartImageImageURLParam{URL: pngURL, Detail: "high"}),
		{OfText: &openai.ChatCompletionContentPartTextParam{Text: "Why does the server hang?",
			PromptCacheBreakpoint: openai.ChatCompletionContentPartTextPromptCacheBreakpointParam{Ttl: "30m"}}},
	})
	history := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage("You are a coding agent."), first}
	var compacted *headroom.CompactReport

	for turn := 0; ; turn++ {
		require.Less(t, turn, len(chatScript))
		if turn == 3 {
			n, err := hropenai.ToNeutral(history)
			require.NoError(t, err)
			tokens := headroom.CountMessages(n, nil)
			var rep headroom.CompactReport
			var ran bool
			history, rep, ran, err = hropenai.Compact(ctx, history, tokens, headroom.CompactOptions{
				Budget: tokens - 300, Protection: headroom.Protection{KeepToolResults: 1},
				Mask: headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
			})
			require.NoError(t, err)
			require.True(t, ran)
			require.GreaterOrEqual(t, rep.FirstChanged, 0, rep.String())
			compacted = &rep
		}
		resp, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "gpt-4.1", Messages: history})
		require.NoError(t, err)
		msg := resp.Choices[0].Message
		history = append(history, msg.ToParam())
		if len(msg.ToolCalls) == 0 {
			break
		}
		var batch []openai.ChatCompletionMessageParamUnion
		for _, tc := range msg.ToolCalls {
			batch = append(batch, openai.ToolMessage(toolOutput(t, tc.Function.Name), tc.ID))
		}
		raw, err := json.Marshal(batch)
		require.NoError(t, err)
		out, rep, err := hropenai.CompressNew(ctx, h, history, batch)
		require.NoError(t, err)
		after, err := json.Marshal(batch)
		require.NoError(t, err)
		require.Equal(t, string(raw), string(after), "CompressNew wrote the caller's batch")
		if turn == 0 {
			require.Len(t, rep.Strings, 1)
			require.Equal(t, "Grep", rep.Strings[0].Tool)
		}
		if turn == 1 {
			require.Same(t, batch[0].OfTool, out[0].OfTool, "an unchanged tool message is the caller's value")
			require.Len(t, rep.Strings, 1)
			require.Equal(t, "Read", rep.Strings[0].Tool, "parallel results are named by their own call ids")
		}
		history = append(history, out...)
	}

	reqs := requests(t, srv, "messages", len(chatScript))
	var grep struct {
		Role       string
		ToolCallID string `json:"tool_call_id"`
		Content    string
	}
	require.NoError(t, json.Unmarshal(reqs[1][3], &grep))
	require.Equal(t, "call_1", grep.ToolCallID)
	require.LessOrEqual(t, len(grep.Content), budget)
	require.Contains(t, grep.Content, "[…headroom:")

	checkCacheSafety(t, reqs, 3, compacted.FirstChanged)
	for n := range reqs {
		require.Equal(t, string(reqs[0][1]), string(reqs[n][1]), "the user's message in request %d", n+1)
		require.Contains(t, string(reqs[n][1]), pngURL)
		require.Contains(t, string(reqs[n][1]), `"prompt_cache_breakpoint"`)
	}
	// Every tool call has its tool message in every request.
	for n, msgs := range reqs {
		calls, results := map[string]bool{}, map[string]bool{}
		for _, m := range msgs {
			var mm struct {
				ToolCalls  []struct{ ID string } `json:"tool_calls"`
				ToolCallID string                `json:"tool_call_id"`
			}
			require.NoError(t, json.Unmarshal(m, &mm))
			for _, c := range mm.ToolCalls {
				calls[c.ID] = true
			}
			if mm.ToolCallID != "" {
				results[mm.ToolCallID] = true
			}
		}
		require.Equal(t, calls, results, "request %d", n+1)
	}
}

// requests returns the array key of each recorded request body.
func requests(t *testing.T, srv *wiretest.Server, key string, n int) [][]json.RawMessage {
	t.Helper()
	bodies := srv.Bodies()
	require.Len(t, bodies, n)
	var reqs [][]json.RawMessage
	for _, b := range bodies {
		items, err := wiretest.Array(b, key)
		require.NoError(t, err)
		reqs = append(reqs, items)
	}
	return reqs
}

// checkCacheSafety: each request starts with the previous one, byte for
// byte, except the one after the compaction, which first differs where
// the report says.
func checkCacheSafety(t *testing.T, reqs [][]json.RawMessage, compactedAt, firstChanged int) {
	t.Helper()
	for n := 1; n < len(reqs); n++ {
		d := wiretest.FirstDiff(reqs[n-1], reqs[n])
		if n == compactedAt {
			require.Equal(t, firstChanged, d, "cache break after compaction")
			continue
		}
		require.Equal(t, len(reqs[n-1]), d, "request %d rewrote request %d's messages", n+1, n)
	}
}
