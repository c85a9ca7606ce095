// Command agentloop is an Anthropic tool loop with headroom's two calls in
// it: hranthropic.CompressNew on each turn's tool results before they join
// the history, and hranthropic.Compact before each model call.
//
//	go run ./examples/agentloop
//
// runs offline against an in-process fake of the Messages API that plays
// a scripted model. With ANTHROPIC_API_KEY set it talks to the real API
// (model from ANTHROPIC_MODEL, default claude-sonnet-4-5).
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"github.com/headroom-go/headroom"
	hranthropic "github.com/headroom-go/headroom/adapters/anthropic"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
)

func main() {
	if err := run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	model := anthropic.Model("claude-sonnet-4-5")
	opts := []option.RequestOption{option.WithMaxRetries(1)}
	window := 150_000 // what the messages may use: the window minus max_tokens, system and tools
	if os.Getenv("ANTHROPIC_API_KEY") == "" {
		srv := wiretest.New(script...)
		defer srv.Close()
		opts = append(opts, option.WithBaseURL(srv.URL), option.WithAPIKey("offline"))
		window = 4_000 // small, so the demo compacts
		fmt.Println("offline: a scripted model behind a fake Messages API (set ANTHROPIC_API_KEY for the real one)")
	} else if m := os.Getenv("ANTHROPIC_MODEL"); m != "" {
		model = anthropic.Model(m)
	}
	client := anthropic.NewClient(opts...)
	h, err := headroom.New(headroom.WithMaxBytes(4000))
	if err != nil {
		return err
	}
	history := []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(
		"The HTTP server hangs on shutdown. Search the code, run the tests, and tell me why."))}
	for turn := 1; turn <= 8; turn++ {
		// 1. Before each model call: compact when the history nears the window.
		var rep headroom.CompactReport
		var ran bool
		history, rep, ran, err = hranthropic.Compact(ctx, history, window, headroom.CompactOptions{
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
		msg, err := client.Messages.New(ctx, anthropic.MessageNewParams{
			Model: model, MaxTokens: 1024, Messages: history, Tools: tools,
			System: []anthropic.TextBlockParam{{Text: "You are a coding agent. Use the tools."}},
		})
		if err != nil {
			return err
		}
		history = append(history, msg.ToParam())
		var results []anthropic.ContentBlockParamUnion
		for _, b := range msg.Content {
			switch b.Type {
			case "text":
				fmt.Printf("turn %d: model: %s\n", turn, b.Text)
			case "tool_use":
				out := runTool(b.Name)
				fmt.Printf("turn %d: %s → %d bytes\n", turn, b.Name, len(out))
				results = append(results, anthropic.NewToolResultBlock(b.ID, out, false))
			}
		}
		if len(results) == 0 {
			return nil
		}
		// 2. Before appending tool results: compress them, once.
		batch, report, err := hranthropic.CompressNew(ctx, h, history, []anthropic.MessageParam{anthropic.NewUserMessage(results...)})
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

var tools = []anthropic.ToolUnionParam{
	{OfTool: &anthropic.ToolParam{Name: "search_code", Description: anthropic.String("grep the repository"),
		InputSchema: anthropic.ToolInputSchemaParam{Properties: map[string]any{"pattern": map[string]any{"type": "string"}}}}},
	{OfTool: &anthropic.ToolParam{Name: "run_tests", Description: anthropic.String("run go test ./..."),
		InputSchema: anthropic.ToolInputSchemaParam{Properties: map[string]any{}}}},
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

func reply(id, stop string, blocks ...string) string {
	return fmt.Sprintf(`{"id":%q,"type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[%s],"stop_reason":%q,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`,
		id, strings.Join(blocks, ","), stop)
}

// script is the offline model: two searches, a test run, then the answer.
var script = []string{
	reply("msg_1", "tool_use", `{"type":"text","text":"Searching for the handlers."}`, `{"type":"tool_use","id":"toolu_1","name":"search_code","input":{"pattern":"func (s \\*Server)"}}`),
	reply("msg_2", "tool_use", `{"type":"tool_use","id":"toolu_2","name":"search_code","input":{"pattern":"ctx.Done"}}`),
	reply("msg_3", "tool_use", `{"type":"tool_use","id":"toolu_3","name":"run_tests","input":{}}`),
	reply("msg_4", "end_turn", `{"type":"text","text":"TestShutdown fails: a handler never watches ctx.Done(), so Shutdown waits forever."}`),
}
