// Command agentloop is an eino react agent with headroom in it: the
// tools node compresses every tool result once (hreino.ToolMiddleware),
// and the agent compacts its messages before each model call
// (hreino.MessageRewriter).
//
//	go run ./examples/agentloop
//
// runs offline: the ChatModel is a scripted one. Put any eino
// ToolCallingChatModel (eino-ext's openai, claude, gemini…) in its place
// for a real model.
package main

import (
	"context"
	"fmt"
	"log"
	"strings"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"

	"github.com/headroom-go/headroom"
	hreino "github.com/headroom-go/headroom/adapters/eino"
)

func main() {
	if err := run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	h, err := headroom.New(headroom.WithMaxBytes(4000))
	if err != nil {
		return err
	}
	window := 4_000 // small, so the demo compacts
	agent, err := react.NewAgent(ctx, &react.AgentConfig{
		ToolCallingModel: &scripted{},
		ToolsConfig: compose.ToolsNodeConfig{
			Tools: []tool.BaseTool{fakeTool("search_code"), fakeTool("run_tests")},
			ToolCallMiddlewares: []compose.ToolMiddleware{hreino.ToolMiddleware(h, func(in *compose.ToolInput, r headroom.Report) {
				for _, s := range r.Strings {
					fmt.Printf("  compressed %s: %d → %d bytes (%s)\n", s.Tool, s.BytesBefore, s.BytesAfter, s.Strategy)
				}
			})},
		},
		MessageRewriter: hreino.MessageRewriter(window, headroom.CompactOptions{
			// One user turn runs the whole task here: let masking reach
			// into it, and keep only the latest result whole.
			Protection: headroom.Protection{KeepToolResults: 1},
			Mask:       headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
		}, func(rep headroom.CompactReport, err error) {
			if err != nil {
				fmt.Println("  compact failed, messages kept:", err)
				return
			}
			fmt.Println("  compact:", rep)
		}),
	})
	if err != nil {
		return err
	}
	out, err := agent.Generate(ctx, []*schema.Message{
		schema.SystemMessage("You are a coding agent. Use the tools."),
		schema.UserMessage("The HTTP server hangs on shutdown. Search the code, run the tests, and tell me why."),
	})
	if err != nil {
		return err
	}
	fmt.Println("model:", out.Content)
	return nil
}

// scripted is the offline model: two searches, a test run, then the answer.
type scripted struct {
	mu sync.Mutex
	n  int
}

func (s *scripted) Generate(_ context.Context, in []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	fmt.Printf("turn %d: the model gets %d messages\n", s.n, len(in))
	call := func(id, name, args string) []schema.ToolCall {
		return []schema.ToolCall{{ID: id, Type: "function", Function: schema.FunctionCall{Name: name, Arguments: args}}}
	}
	switch s.n {
	case 1:
		return schema.AssistantMessage("Searching for the handlers.", call("call_1", "search_code", `{"pattern":"func (s \\*Server)"}`)), nil
	case 2:
		return schema.AssistantMessage("", call("call_2", "search_code", `{"pattern":"ctx.Done"}`)), nil
	case 3:
		return schema.AssistantMessage("", call("call_3", "run_tests", `{}`)), nil
	}
	return schema.AssistantMessage("TestShutdown fails: a handler never watches ctx.Done(), so Shutdown waits forever.", nil), nil
}

func (s *scripted) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	m, err := s.Generate(ctx, in, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{m}), nil
}

func (s *scripted) WithTools([]*schema.ToolInfo) (model.ToolCallingChatModel, error) { return s, nil }

// fakeTool fakes the tools with outputs of a realistic size and shape.
type fakeTool string

func (t fakeTool) Info(context.Context) (*schema.ToolInfo, error) {
	return &schema.ToolInfo{Name: string(t), Desc: string(t)}, nil
}

func (t fakeTool) InvokableRun(context.Context, string, ...tool.Option) (string, error) {
	var b strings.Builder
	if t == "search_code" {
		for i := range 600 {
			fmt.Fprintf(&b, "internal/server/handler%d.go:%d:\tfunc (s *Server) handle%d(ctx context.Context, w http.ResponseWriter) error {\n", i%40, 10+i, i)
		}
		return b.String(), nil
	}
	for i := range 300 {
		fmt.Fprintf(&b, "=== RUN   TestHandler%d\n--- PASS: TestHandler%d (0.00s)\n", i, i)
	}
	b.WriteString("=== RUN   TestShutdown\n    server_test.go:88: Shutdown did not return within 5s: a handler ignores ctx.Done()\n--- FAIL: TestShutdown (5.00s)\nFAIL\nFAIL\texample.com/server\t5.412s\n")
	return b.String(), nil
}
