// Command agentloop is a langchaingo tool loop with headroom's two calls
// in it: hrlangchaingo.CompressNew on each turn's tool messages before
// they join the history, and hrlangchaingo.Compact before each
// GenerateContent.
//
//	go run ./examples/agentloop
//
// runs offline against an in-process fake of the Chat Completions API that
// plays a scripted model. With OPENAI_API_KEY set it talks to the real API
// (model from OPENAI_MODEL, default gpt-4o).
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
	hrlangchaingo "github.com/headroom-go/headroom/adapters/langchaingo"
)

func main() {
	if err := run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	model := "gpt-4o"
	var opts []openai.Option
	window := 110_000 // what the messages may use: the window minus the reply and the tools
	if os.Getenv("OPENAI_API_KEY") == "" {
		srv := wiretest.New(script...)
		defer srv.Close()
		opts = append(opts, openai.WithBaseURL(srv.URL), openai.WithToken("offline"))
		window = 4_000 // small, so the demo compacts
		fmt.Println("offline: a scripted model behind a fake Chat Completions API (set OPENAI_API_KEY for the real one)")
	} else if m := os.Getenv("OPENAI_MODEL"); m != "" {
		model = m
	}
	llm, err := openai.New(append(opts, openai.WithModel(model))...)
	if err != nil {
		return err
	}
	h, err := headroom.New(headroom.WithMaxBytes(4000))
	if err != nil {
		return err
	}
	history := []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, "You are a coding agent. Use the tools."),
		llms.TextParts(llms.ChatMessageTypeHuman, "The HTTP server hangs on shutdown. Search the code, run the tests, and tell me why."),
	}
	for turn := 1; turn <= 8; turn++ {
		// 1. Before each model call: compact when the history nears the window.
		var rep headroom.CompactReport
		var ran bool
		history, rep, ran, err = hrlangchaingo.Compact(ctx, history, window, headroom.CompactOptions{
			// One user turn runs the whole task here: let masking reach
			// into it, and keep only the latest result whole.
			Protection: headroom.Protection{KeepToolResults: 1},
			Mask:       headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
		})
		if err != nil {
			return err
		}
		if ran {
			fmt.Println("  compact:", rep)
		}
		resp, err := llm.GenerateContent(ctx, history, llms.WithTools(tools))
		if err != nil {
			return err
		}
		choice := resp.Choices[0]
		ai := llms.MessageContent{Role: llms.ChatMessageTypeAI}
		if choice.Content != "" {
			fmt.Printf("turn %d: model: %s\n", turn, choice.Content)
			ai.Parts = append(ai.Parts, llms.TextPart(choice.Content))
		}
		var toolMsgs []llms.MessageContent
		for _, c := range choice.ToolCalls {
			ai.Parts = append(ai.Parts, c)
			out := runTool(c.FunctionCall.Name)
			fmt.Printf("turn %d: %s → %d bytes\n", turn, c.FunctionCall.Name, len(out))
			toolMsgs = append(toolMsgs, llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{
				llms.ToolCallResponse{ToolCallID: c.ID, Name: c.FunctionCall.Name, Content: out},
			}})
		}
		history = append(history, ai)
		if len(toolMsgs) == 0 {
			return nil
		}
		// 2. Before appending the tool messages: compress them, once.
		batch, report, err := hrlangchaingo.CompressNew(ctx, h, history, toolMsgs)
		if err != nil {
			return err
		}
		for _, s := range report.Strings {
			fmt.Printf("  compressed %s: %d → %d bytes (%s)\n", s.Tool, s.BytesBefore, s.BytesAfter, s.Strategy)
		}
		history = append(history, batch...)
	}
	return nil
}

var tools = []llms.Tool{
	{Type: "function", Function: &llms.FunctionDefinition{Name: "search_code", Description: "grep the repository",
		Parameters: map[string]any{"type": "object", "properties": map[string]any{"pattern": map[string]any{"type": "string"}}}}},
	{Type: "function", Function: &llms.FunctionDefinition{Name: "run_tests", Description: "run go test ./...",
		Parameters: map[string]any{"type": "object", "properties": map[string]any{}}}},
}

// runTool fakes the tools with outputs of a realistic size and shape.
func runTool(name string) string {
	var b strings.Builder
	if name == "search_code" {
		for i := range 600 {
			fmt.Fprintf(&b, "internal/server/handler%d.go:%d:\tfunc (s *Server) handle%d(ctx context.Context, w http.ResponseWriter) error {\n", i%40, 10+i, i)
		}
		return b.String()
	}
	for i := range 300 {
		fmt.Fprintf(&b, "=== RUN   TestHandler%d\n--- PASS: TestHandler%d (0.00s)\n", i, i)
	}
	b.WriteString("=== RUN   TestShutdown\n    server_test.go:88: Shutdown did not return within 5s: a handler ignores ctx.Done()\n--- FAIL: TestShutdown (5.00s)\nFAIL\nFAIL\texample.com/server\t5.412s\n")
	return b.String()
}

func reply(id, finish, content string, calls ...string) string {
	return fmt.Sprintf(`{"id":%q,"object":"chat.completion","created":1763900000,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":%q,"tool_calls":[%s]},"finish_reason":%q}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`,
		id, content, strings.Join(calls, ","), finish)
}

func call(id, name, args string) string {
	return fmt.Sprintf(`{"id":%q,"type":"function","function":{"name":%q,"arguments":%q}}`, id, name, args)
}

// script is the offline model: two searches, a test run, then the answer.
var script = []string{
	reply("chatcmpl-1", "tool_calls", "Searching for the handlers.", call("call_1", "search_code", `{"pattern":"func (s \\*Server)"}`)),
	reply("chatcmpl-2", "tool_calls", "", call("call_2", "search_code", `{"pattern":"ctx.Done"}`)),
	reply("chatcmpl-3", "tool_calls", "", call("call_3", "run_tests", `{}`)),
	reply("chatcmpl-4", "stop", "TestShutdown fails: a handler never watches ctx.Done(), so Shutdown waits forever."),
}
