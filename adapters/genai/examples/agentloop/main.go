// Command agentloop is a Gemini function-calling loop with headroom's two
// calls in it: hrgenai.CompressNew on each turn's function responses
// before they join the history, and hrgenai.Compact before each model
// call.
//
//	go run ./examples/agentloop
//
// runs offline against an in-process fake of the generateContent API that
// plays a scripted model. With GEMINI_API_KEY set it talks to the real API
// (model from GEMINI_MODEL, default gemini-2.5-flash).
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"google.golang.org/genai"

	"github.com/headroom-go/headroom"
	hrgenai "github.com/headroom-go/headroom/adapters/genai"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
)

func main() {
	if err := run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	model := "gemini-2.5-flash"
	cfg := &genai.ClientConfig{APIKey: os.Getenv("GEMINI_API_KEY"), Backend: genai.BackendGeminiAPI}
	window := 900_000 // what the contents may use: the input limit minus the system instruction and tools
	if cfg.APIKey == "" {
		srv := wiretest.New(script...)
		defer srv.Close()
		cfg.APIKey, cfg.HTTPOptions.BaseURL = "offline", srv.URL
		window = 4_000 // small, so the demo compacts
		fmt.Println("offline: a scripted model behind a fake generateContent API (set GEMINI_API_KEY for the real one)")
	} else if m := os.Getenv("GEMINI_MODEL"); m != "" {
		model = m
	}
	client, err := genai.NewClient(ctx, cfg)
	if err != nil {
		return err
	}
	h, err := headroom.New(headroom.WithMaxBytes(4000))
	if err != nil {
		return err
	}
	config := &genai.GenerateContentConfig{
		SystemInstruction: genai.NewContentFromText("You are a coding agent. Use the tools.", genai.RoleUser),
		Tools:             []*genai.Tool{{FunctionDeclarations: tools}},
	}
	history := []*genai.Content{genai.NewContentFromText(
		"The HTTP server hangs on shutdown. Search the code, run the tests, and tell me why.", genai.RoleUser)}
	for turn := 1; turn <= 8; turn++ {
		// 1. Before each model call: compact when the history nears the window.
		var rep headroom.CompactReport
		var ran bool
		history, rep, ran, err = hrgenai.Compact(ctx, history, window, headroom.CompactOptions{
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
		resp, err := client.Models.GenerateContent(ctx, model, history, config)
		if err != nil {
			return err
		}
		if len(resp.Candidates) == 0 || resp.Candidates[0].Content == nil {
			return fmt.Errorf("turn %d: no candidate", turn)
		}
		// The model's content goes back as it came: thought signatures included.
		history = append(history, resp.Candidates[0].Content)
		for _, p := range resp.Candidates[0].Content.Parts {
			if p.Text != "" && !p.Thought {
				fmt.Printf("turn %d: model: %s\n", turn, p.Text)
			}
		}
		var responses []*genai.Part
		for _, c := range resp.FunctionCalls() {
			out := runTool(c.Name)
			fmt.Printf("turn %d: %s → %d bytes\n", turn, c.Name, len(out))
			p := genai.NewPartFromFunctionResponse(c.Name, map[string]any{"output": out})
			p.FunctionResponse.ID = c.ID
			responses = append(responses, p)
		}
		if len(responses) == 0 {
			return nil
		}
		// 2. Before appending the function responses: compress them, once.
		batch, report, err := hrgenai.CompressNew(ctx, h, history, []*genai.Content{genai.NewContentFromParts(responses, genai.RoleUser)})
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

var tools = []*genai.FunctionDeclaration{
	{Name: "search_code", Description: "grep the repository", Parameters: &genai.Schema{
		Type: genai.TypeObject, Properties: map[string]*genai.Schema{"pattern": {Type: genai.TypeString}}}},
	{Name: "run_tests", Description: "run go test ./...", Parameters: &genai.Schema{Type: genai.TypeObject}},
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

func reply(parts ...string) string {
	return fmt.Sprintf(`{"candidates":[{"content":{"role":"model","parts":[%s]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":1,"totalTokenCount":2},"modelVersion":"gemini-2.5-flash"}`,
		strings.Join(parts, ","))
}

// script is the offline model: two searches, a test run, then the answer;
// its function calls carry no ids and a thought signature, as Gemini's do.
var script = []string{
	reply(`{"text":"Searching for the handlers."}`, `{"functionCall":{"name":"search_code","args":{"pattern":"func (s \\*Server)"}},"thoughtSignature":"c2lnLTE="}`),
	reply(`{"functionCall":{"name":"search_code","args":{"pattern":"ctx.Done"}},"thoughtSignature":"c2lnLTI="}`),
	reply(`{"functionCall":{"name":"run_tests","args":{}},"thoughtSignature":"c2lnLTM="}`),
	reply(`{"text":"TestShutdown fails: a handler never watches ctx.Done(), so Shutdown waits forever."}`),
}
