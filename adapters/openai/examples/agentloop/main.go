// Command agentloop is an OpenAI tool loop with headroom's two calls in it,
// once through Chat Completions and once through the Responses API:
// CompressNew (CompressNewItems) on each turn's tool results before they
// join the history, Compact (CompactItems) before each model call.
//
//	go run ./examples/agentloop
//
// runs offline against an in-process fake of the API that plays a
// scripted model. With OPENAI_API_KEY set it talks to the real API (model
// from OPENAI_MODEL, default gpt-4.1).
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
	hropenai "github.com/headroom-go/headroom/adapters/openai"
)

func main() {
	ctx := context.Background()
	if err := chat(ctx); err != nil {
		log.Fatal(err)
	}
	if err := items(ctx); err != nil {
		log.Fatal(err)
	}
}

const task = "The HTTP server hangs on shutdown. Search the code, run the tests, and tell me why."

// setup returns the client, the model, and the window: small offline, so
// the demo compacts.
func setup(script []string) (openai.Client, string, int, func()) {
	model, window := "gpt-4.1", 100_000
	if os.Getenv("OPENAI_API_KEY") != "" {
		if m := os.Getenv("OPENAI_MODEL"); m != "" {
			model = m
		}
		return openai.NewClient(option.WithMaxRetries(1)), model, window, func() {}
	}
	srv := wiretest.New(script...)
	fmt.Println("offline: a scripted model behind a fake OpenAI API (set OPENAI_API_KEY for the real one)")
	return openai.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("offline")), model, 4_000, srv.Close
}

// The demo's conversation is one user turn: let masking reach into it,
// and keep only the latest result whole.
var compactOptions = headroom.CompactOptions{
	Protection: headroom.Protection{KeepToolResults: 1},
	Mask:       headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
}

func chat(ctx context.Context) error {
	fmt.Println("== Chat Completions")
	client, model, window, done := setup(chatScript)
	defer done()
	h, err := headroom.New(headroom.WithMaxBytes(4000))
	if err != nil {
		return err
	}
	history := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage("You are a coding agent. Use the tools."), openai.UserMessage(task)}
	for turn := 1; turn <= 8; turn++ {
		// 1. Before each model call: compact when the history nears the window.
		var rep headroom.CompactReport
		var ran bool
		if history, rep, ran, err = hropenai.Compact(ctx, history, window, compactOptions); err != nil {
			return err
		}
		if ran {
			fmt.Println("  compact:", rep)
		}
		resp, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: model, Messages: history, Tools: chatTools})
		if err != nil {
			return err
		}
		msg := resp.Choices[0].Message
		history = append(history, msg.ToParam())
		if msg.Content != "" {
			fmt.Printf("turn %d: model: %s\n", turn, msg.Content)
		}
		if len(msg.ToolCalls) == 0 {
			return nil
		}
		var batch []openai.ChatCompletionMessageParamUnion
		for _, tc := range msg.ToolCalls {
			out := runTool(tc.Function.Name)
			fmt.Printf("turn %d: %s → %d bytes\n", turn, tc.Function.Name, len(out))
			batch = append(batch, openai.ToolMessage(out, tc.ID))
		}
		// 2. Before appending tool results: compress them, once.
		batch, report, err := hropenai.CompressNew(ctx, h, history, batch)
		if err != nil {
			return err
		}
		printReport(report)
		history = append(history, batch...)
	}
	return nil
}

func items(ctx context.Context) error {
	fmt.Println("== Responses API")
	client, model, window, done := setup(responsesScript)
	defer done()
	h, err := headroom.New(headroom.WithMaxBytes(4000))
	if err != nil {
		return err
	}
	input := []responses.ResponseInputItemUnionParam{{OfMessage: &responses.EasyInputMessageParam{
		Role: responses.EasyInputMessageRoleUser, Content: responses.EasyInputMessageContentUnionParam{OfString: openai.String(task)}}}}
	for turn := 1; turn <= 8; turn++ {
		var rep headroom.CompactReport
		var ran bool
		if input, rep, ran, err = hropenai.CompactItems(ctx, input, window, compactOptions); err != nil {
			return err
		}
		if ran {
			fmt.Println("  compact:", rep)
		}
		resp, err := client.Responses.New(ctx, responses.ResponseNewParams{
			Model: model, Input: responses.ResponseNewParamsInputUnion{OfInputItemList: input}, Tools: responsesTools,
		})
		if err != nil {
			return err
		}
		input = append(input, hropenai.OutputItems(resp)...)
		if t := resp.OutputText(); t != "" {
			fmt.Printf("turn %d: model: %s\n", turn, t)
		}
		var batch []responses.ResponseInputItemUnionParam
		for _, o := range resp.Output {
			if o.Type != "function_call" {
				continue
			}
			fc := o.AsFunctionCall()
			out := runTool(fc.Name)
			fmt.Printf("turn %d: %s → %d bytes\n", turn, fc.Name, len(out))
			batch = append(batch, responses.ResponseInputItemUnionParam{OfFunctionCallOutput: &responses.ResponseInputItemFunctionCallOutputParam{
				CallID: openai.String(fc.CallID), Output: responses.ResponseInputItemFunctionCallOutputOutputUnionParam{OfString: openai.String(out)}}})
		}
		if len(batch) == 0 {
			return nil
		}
		batch, report, err := hropenai.CompressNewItems(ctx, h, input, batch)
		if err != nil {
			return err
		}
		printReport(report)
		input = append(input, batch...)
	}
	return nil
}

func printReport(r headroom.Report) {
	for _, s := range r.Strings {
		fmt.Printf("  compressed %s: %d → %d bytes (%s)\n", s.Tool, s.BytesBefore, s.BytesAfter, s.Strategy)
	}
}

var chatTools = []openai.ChatCompletionToolUnionParam{
	openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: "search_code", Description: openai.String("grep the repository"),
		Parameters: openai.FunctionParameters{"type": "object", "properties": map[string]any{"pattern": map[string]any{"type": "string"}}}}),
	openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{Name: "run_tests", Description: openai.String("run go test ./..."),
		Parameters: openai.FunctionParameters{"type": "object", "properties": map[string]any{}}}),
}

var responsesTools = []responses.ToolUnionParam{
	{OfFunction: &responses.FunctionToolParam{Name: "search_code", Description: openai.String("grep the repository"),
		Parameters: map[string]any{"type": "object", "properties": map[string]any{"pattern": map[string]any{"type": "string"}}}}},
	{OfFunction: &responses.FunctionToolParam{Name: "run_tests", Description: openai.String("run go test ./..."),
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

const answer = "TestShutdown fails: a handler never watches ctx.Done(), so Shutdown waits forever."

func chatReply(id, message string) string {
	return fmt.Sprintf(`{"id":%q,"object":"chat.completion","created":1700000000,"model":"gpt-4.1","choices":[{"index":0,"message":%s,"finish_reason":"stop"}]}`, id, message)
}

func chatCall(id, name, args string) string {
	return fmt.Sprintf(`{"role":"assistant","content":null,"tool_calls":[{"id":%q,"type":"function","function":{"name":%q,"arguments":%q}}]}`, id, name, args)
}

var chatScript = []string{
	chatReply("c1", chatCall("call_1", "search_code", `{"pattern":"func (s *Server)"}`)),
	chatReply("c2", chatCall("call_2", "search_code", `{"pattern":"ctx.Done"}`)),
	chatReply("c3", chatCall("call_3", "run_tests", `{}`)),
	chatReply("c4", fmt.Sprintf(`{"role":"assistant","content":%q}`, answer)),
}

func response(id, item string) string {
	return fmt.Sprintf(`{"id":%q,"object":"response","created_at":1700000000,"status":"completed","model":"gpt-4.1","output":[%s]}`, id, item)
}

func functionCall(callID, name, args string) string {
	return fmt.Sprintf(`{"type":"function_call","id":"fc_%s","call_id":%q,"name":%q,"arguments":%q,"status":"completed"}`, callID, callID, name, args)
}

var responsesScript = []string{
	response("r1", functionCall("call_1", "search_code", `{"pattern":"func (s *Server)"}`)),
	response("r2", functionCall("call_2", "search_code", `{"pattern":"ctx.Done"}`)),
	response("r3", functionCall("call_3", "run_tests", `{}`)),
	response("r4", fmt.Sprintf(`{"type":"message","id":"msg_4","role":"assistant","status":"completed","content":[{"type":"output_text","text":%q,"annotations":[]}]}`, answer)),
}
