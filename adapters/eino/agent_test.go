package hreino_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
	"github.com/stretchr/testify/require"

	"github.com/headroom-go/headroom"
	hreino "github.com/headroom-go/headroom/adapters/eino"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
)

const budget = 4000 // bytes a tool result may keep

// A 1×1 PNG.
const pngData = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

// fakeModel is a scripted ToolCallingChatModel that records, for every
// call, the messages it was given as the JSON a provider client would
// start from.
type fakeModel struct {
	mu     sync.Mutex
	script []*schema.Message
	inputs [][]json.RawMessage
}

func (f *fakeModel) Generate(_ context.Context, in []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var rec []json.RawMessage
	for _, m := range in {
		b, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		rec = append(rec, b)
	}
	n := len(f.inputs)
	f.inputs = append(f.inputs, rec)
	if n >= len(f.script) {
		return nil, fmt.Errorf("the script has %d replies, this is call %d", len(f.script), n+1)
	}
	return f.script[n], nil
}

func (f *fakeModel) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	m, err := f.Generate(ctx, in, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{m}), nil
}

func (f *fakeModel) WithTools([]*schema.ToolInfo) (model.ToolCallingChatModel, error) { return f, nil }

// fakeTool is an invokable tool whose output is fixed.
type fakeTool struct {
	name string
	out  func() string
}

func (t fakeTool) Info(context.Context) (*schema.ToolInfo, error) {
	return &schema.ToolInfo{Name: t.name, Desc: t.name}, nil
}

func (t fakeTool) InvokableRun(context.Context, string, ...tool.Option) (string, error) {
	return t.out(), nil
}

func call(id, name, args string) schema.ToolCall {
	return schema.ToolCall{ID: id, Type: "function", Function: schema.FunctionCall{Name: name, Arguments: args}}
}

// turn is an assistant reply with reasoning and a provider signature in
// Extra, as eino-ext's Claude and Gemini models return them.
func turn(reasoning, sig string, calls ...schema.ToolCall) *schema.Message {
	m := schema.AssistantMessage("", calls)
	m.ReasoningContent = reasoning
	m.Extra = map[string]any{"signature": sig}
	return m
}

func TestReactAgentWithToolMiddlewareAndRewriter(t *testing.T) {
	ctx := context.Background()
	grep, err := os.ReadFile("../../testdata/corpus/search_rg_context_ctx_prometheus/input.txt")
	require.NoError(t, err)
	var read strings.Builder
	for i := range 400 {
		fmt.Fprintf(&read, "%4d\tfunc handler%d(w http.ResponseWriter, r *http.Request) { serve(w, r, %d) }\n", i+1, i, i)
	}
	fm := &fakeModel{script: []*schema.Message{
		turn("Search for the contexts first.", "sig-AAAA", call("call_1", "Grep", `{"pattern":"context.Context"}`)),
		turn("Now the tests.", "sig-BBBB", call("call_2", "Bash", `{"command":"go test ./..."}`), call("call_3", "Bash", `{"command":"go vet ./..."}`)),
		turn("Read the file.", "sig-CCCC", call("call_4", "Read", `{"path":"main.go"}`)),
		schema.AssistantMessage("Done: the bug is in main.go.", nil),
	}}
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)

	var compressed []string
	var compacted []headroom.CompactReport
	calls := 0
	idle := hreino.MessageRewriter(1<<20, headroom.CompactOptions{}, func(r headroom.CompactReport, err error) {
		t.Errorf("the cascade ran below the window: %v %v", r, err)
	})
	agent, err := react.NewAgent(ctx, &react.AgentConfig{
		ToolCallingModel: fm,
		ToolsConfig: compose.ToolsNodeConfig{
			Tools: []tool.BaseTool{
				fakeTool{"Grep", func() string { return string(grep) }},
				fakeTool{"Bash", func() string { return "ok: 12 packages passed" }},
				fakeTool{"Read", read.String},
			},
			ToolCallMiddlewares: []compose.ToolMiddleware{hreino.ToolMiddleware(h, func(in *compose.ToolInput, r headroom.Report) {
				for _, s := range r.Strings {
					require.Equal(t, in.Name, s.Tool)
					compressed = append(compressed, in.Name)
				}
			})},
		},
		MessageRewriter: func(ctx context.Context, in []*schema.Message) []*schema.Message {
			calls++
			if calls < 4 {
				out := idle(ctx, in)
				for i := range in {
					require.Same(t, in[i], out[i], "the rewriter below the window returns the agent's own messages")
				}
				return out
			}
			// Before the last call the history nears a window that is
			// just its own size: the cascade masks the oldest results.
			n, err := hreino.ToNeutral(in)
			require.NoError(t, err)
			tokens := headroom.CountMessages(n, nil)
			return hreino.MessageRewriter(tokens, headroom.CompactOptions{
				Budget: tokens - 300, Protection: headroom.Protection{KeepToolResults: 1},
				Mask: headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
			}, func(r headroom.CompactReport, err error) {
				require.NoError(t, err)
				compacted = append(compacted, r)
			})(ctx, in)
		},
		MaxStep: 20,
	})
	require.NoError(t, err)

	png := pngData
	first := &schema.Message{Role: schema.User, UserInputMultiContent: []schema.MessageInputPart{
		{Type: schema.ChatMessagePartTypeImageURL, Image: &schema.MessageInputImage{MessagePartCommon: schema.MessagePartCommon{Base64Data: &png, MIMEType: "image/png"}}},
		{Type: schema.ChatMessagePartTypeText, Text: "Why does the server hang?"},
	}}
	out, err := agent.Generate(ctx, []*schema.Message{schema.SystemMessage("You are a coding agent."), first})
	require.NoError(t, err)
	require.Equal(t, "Done: the bug is in main.go.", out.Content)

	reqs := fm.inputs
	require.Len(t, reqs, 4)
	require.Equal(t, []string{"Grep", "Read"}, compressed)
	require.Len(t, compacted, 1)
	require.GreaterOrEqual(t, compacted[0].FirstChanged, 0, compacted[0].String())

	// The grep flood arrives compressed, within budget, with its marker.
	var grepMsg schema.Message
	require.NoError(t, json.Unmarshal(reqs[1][3], &grepMsg))
	require.Equal(t, schema.Tool, grepMsg.Role)
	require.Equal(t, "call_1", grepMsg.ToolCallID)
	require.LessOrEqual(t, len(grepMsg.Content), budget)
	require.Contains(t, grepMsg.Content, "[…headroom:")

	// Without compaction, each call starts with the previous one, byte for
	// byte; after it, the first difference is where the report says.
	for n := 1; n < len(reqs); n++ {
		d := wiretest.FirstDiff(reqs[n-1], reqs[n])
		if n == 3 {
			require.Equal(t, compacted[0].FirstChanged, d, "cache break after compaction")
			continue
		}
		require.Equal(t, len(reqs[n-1]), d, "call %d rewrote call %d's messages", n+1, n)
	}

	// The system prompt and the image are the same bytes in every call;
	// reasoning and signatures go back as the model sent them.
	for n, msgs := range reqs {
		require.Equal(t, string(reqs[0][0]), string(msgs[0]), "call %d", n+1)
		require.Equal(t, string(reqs[0][1]), string(msgs[1]), "call %d", n+1)
		require.Contains(t, string(msgs[1]), pngData)
	}
	at := []int{2, 4, 7} // where the assistant messages sit
	for n := 1; n < len(reqs); n++ {
		for r := 0; r < n; r++ {
			want, err := json.Marshal(fm.script[r])
			require.NoError(t, err)
			require.Equal(t, string(want), string(reqs[n][at[r]]), "assistant message %d in call %d", r, n+1)
		}
	}

	// Every tool call has its result in every call.
	for n, msgs := range reqs {
		ids, results := map[string]bool{}, map[string]bool{}
		for _, raw := range msgs {
			var m schema.Message
			require.NoError(t, json.Unmarshal(raw, &m))
			for _, c := range m.ToolCalls {
				ids[c.ID] = true
			}
			if m.Role == schema.Tool {
				results[m.ToolCallID] = true
			}
		}
		require.Equal(t, ids, results, "call %d", n+1)
	}
}
