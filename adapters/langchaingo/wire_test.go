package hrlangchaingo_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
	hrlangchaingo "github.com/headroom-go/headroom/adapters/langchaingo"
)

const budget = 4000 // bytes a tool result may keep

// A 1×1 PNG.
const pngData = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func reply(id, finish, content string, calls ...string) string {
	msg := fmt.Sprintf(`{"role":"assistant","content":%q}`, content)
	if len(calls) > 0 {
		msg = fmt.Sprintf(`{"role":"assistant","content":%q,"tool_calls":[%s]}`, content, strings.Join(calls, ","))
	}
	return fmt.Sprintf(`{"id":%q,"object":"chat.completion","created":1763900000,"model":"gpt-4o","choices":[{"index":0,"message":%s,"finish_reason":%q}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`,
		id, msg, finish)
}

func call(id, name, args string) string {
	return fmt.Sprintf(`{"id":%q,"type":"function","function":{"name":%q,"arguments":%q}}`, id, name, args)
}

// script is the model's side of the loop: four tool calls over three
// turns, then the answer.
var script = []string{
	reply("chatcmpl-1", "tool_calls", "Searching first.", call("call_1", "Grep", `{"pattern":"context.Context"}`)),
	reply("chatcmpl-2", "tool_calls", "", call("call_2", "Bash", `{"command":"go test ./..."}`), call("call_3", "Bash", `{"command":"go vet ./..."}`)),
	reply("chatcmpl-3", "tool_calls", "", call("call_4", "Read", `{"path":"main.go"}`)),
	reply("chatcmpl-4", "stop", "Done: the bug is in main.go."),
}

func grepOutput(t *testing.T) string {
	b, err := os.ReadFile("../../testdata/corpus/search_rg_context_ctx_prometheus/input.txt")
	require.NoError(t, err)
	return string(b)
}

// runTool is the agent's tools: a real grep flood, two short commands and
// a long file.
func runTool(t *testing.T, c llms.ToolCall) llms.MessageContent {
	out := "ok: 12 packages passed"
	switch c.FunctionCall.Name {
	case "Grep":
		out = grepOutput(t)
	case "Read":
		var b strings.Builder
		for i := range 400 {
			fmt.Fprintf(&b, "%4d\tfunc handler%d(w http.ResponseWriter, r *http.Request) { serve(w, r, %d) }\n", i+1, i, i)
		}
		out = b.String()
	}
	return llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{
		llms.ToolCallResponse{ToolCallID: c.ID, Content: out},
	}}
}

var tools = []llms.Tool{
	{Type: "function", Function: &llms.FunctionDefinition{Name: "Grep", Description: "search", Parameters: map[string]any{"type": "object"}}},
	{Type: "function", Function: &llms.FunctionDefinition{Name: "Bash", Description: "run", Parameters: map[string]any{"type": "object"}}},
	{Type: "function", Function: &llms.FunctionDefinition{Name: "Read", Description: "read", Parameters: map[string]any{"type": "object"}}},
}

func TestAgentLoopOnTheWire(t *testing.T) {
	ctx := context.Background()
	srv := wiretest.New(script...)
	defer srv.Close()
	llm, err := openai.New(openai.WithBaseURL(srv.URL), openai.WithToken("test-key"), openai.WithModel("gpt-4o"))
	require.NoError(t, err)
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)
	png, err := base64.StdEncoding.DecodeString(pngData)
	require.NoError(t, err)

	// The first message carries an image: it must reach every request
	// byte for byte.
	history := []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, "You are a coding agent."),
		{Role: llms.ChatMessageTypeHuman, Parts: []llms.ContentPart{
			llms.BinaryPart("image/png", png),
			llms.TextPart("Why does the server hang?"),
		}},
	}
	var compacted *headroom.CompactReport

	for turn := 0; ; turn++ {
		require.Less(t, turn, len(script))
		if turn == 3 {
			// Before the last call the history nears a window that is
			// just its own size: the cascade masks the oldest results.
			n, err := hrlangchaingo.ToNeutral(history)
			require.NoError(t, err)
			tokens := headroom.CountMessages(n, nil)
			var rep headroom.CompactReport
			var ran bool
			history, rep, ran, err = hrlangchaingo.Compact(ctx, history, tokens, headroom.CompactOptions{
				Budget: tokens - 300, Protection: headroom.Protection{KeepToolResults: 1},
				Mask: headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
			})
			require.NoError(t, err)
			require.True(t, ran)
			require.GreaterOrEqual(t, rep.FirstChanged, 0, rep.String())
			compacted = &rep
		}
		resp, err := llm.GenerateContent(ctx, history, llms.WithTools(tools))
		require.NoError(t, err)
		choice := resp.Choices[0]
		ai := llms.MessageContent{Role: llms.ChatMessageTypeAI}
		if choice.Content != "" {
			ai.Parts = append(ai.Parts, llms.TextPart(choice.Content))
		}
		for _, c := range choice.ToolCalls {
			ai.Parts = append(ai.Parts, c)
		}
		history = append(history, ai)
		if len(choice.ToolCalls) == 0 {
			break
		}
		var batch []llms.MessageContent
		for _, c := range choice.ToolCalls {
			batch = append(batch, runTool(t, c))
		}
		raw := fmt.Sprintf("%#v", batch)
		out, rep, err := hrlangchaingo.CompressNew(ctx, h, history, batch)
		require.NoError(t, err)
		require.Equal(t, raw, fmt.Sprintf("%#v", batch), "CompressNew wrote the caller's batch")
		if turn == 0 {
			require.Len(t, rep.Strings, 1)
			require.Equal(t, "Grep", rep.Strings[0].Tool, "the response is named after its call")
		}
		if turn == 1 {
			for i := range batch {
				require.Same(t, &batch[i].Parts[0], &out[i].Parts[0], "nothing to compress: the caller's own message")
			}
		}
		history = append(history, out...)
	}

	bodies := srv.Bodies()
	require.Len(t, bodies, len(script))
	var reqs [][]json.RawMessage
	for _, b := range bodies {
		msgs, err := wiretest.Array(b, "messages")
		require.NoError(t, err)
		reqs = append(reqs, msgs)
	}

	// The grep flood arrives compressed, within budget, with its marker.
	var grep struct {
		Role       string
		ToolCallID string `json:"tool_call_id"`
		Content    string
	}
	require.NoError(t, json.Unmarshal(reqs[1][3], &grep))
	require.Equal(t, "tool", grep.Role)
	require.Equal(t, "call_1", grep.ToolCallID)
	require.LessOrEqual(t, len(grep.Content), budget)
	require.Contains(t, grep.Content, "[…headroom:")
	// And so does the long file.
	require.Contains(t, string(reqs[3][len(reqs[3])-1]), "[…headroom:")

	// Without compaction, each request starts with the previous one, byte
	// for byte; after it, the first difference is where the report says.
	for n := 1; n < len(reqs); n++ {
		d := wiretest.FirstDiff(reqs[n-1], reqs[n])
		if n == 3 {
			require.Equal(t, compacted.FirstChanged, d, "cache break after compaction")
			continue
		}
		require.Equal(t, len(reqs[n-1]), d, "request %d rewrote request %d's messages", n+1, n)
	}

	// The system prompt and the image are the caller's bytes in every
	// request.
	for n, msgs := range reqs {
		require.Equal(t, string(reqs[0][0]), string(msgs[0]), "request %d", n+1)
		require.Equal(t, string(reqs[0][1]), string(msgs[1]), "request %d", n+1)
		require.Contains(t, string(msgs[1]), pngData)
	}

	// Every tool call has its result in every request.
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
