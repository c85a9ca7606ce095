// Command agentloop runs an MCP server and client in one process, over the
// SDK's in-memory transports, and shows headroom's two ways in: hrmcp.CallTool
// on one call, and hrmcp.Middleware on every tools/call of the client.
//
//	go run ./examples/agentloop
//
// It needs no network and no key: MCP is the tool side of an agent, so
// the results printed here are what would go into the model's history.
package main

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/headroom-go/headroom"
	hrmcp "github.com/headroom-go/headroom/adapters/mcp"
)

type searchIn struct {
	Pattern string `json:"pattern"`
}

type searchOut struct {
	Files   int `json:"files"`
	Matches int `json:"matches"`
}

func main() {
	if err := run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	server := mcp.NewServer(&mcp.Implementation{Name: "code-tools", Version: "v1"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "search_code", Description: "grep the repository"},
		func(ctx context.Context, req *mcp.CallToolRequest, in searchIn) (*mcp.CallToolResult, searchOut, error) {
			var b strings.Builder
			for i := range 600 {
				fmt.Fprintf(&b, "internal/server/handler%d.go:%d:\tfunc (s *Server) handle%d(ctx context.Context, w http.ResponseWriter) error {\n", i%40, 10+i, i)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: b.String()}}}, searchOut{Files: 40, Matches: 600}, nil
		})
	mcp.AddTool(server, &mcp.Tool{Name: "run_tests", Description: "go test ./..."},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
			var b strings.Builder
			for i := range 300 {
				fmt.Fprintf(&b, "=== RUN   TestHandler%d\n--- PASS: TestHandler%d (0.00s)\n", i, i)
			}
			b.WriteString("=== RUN   TestShutdown\n--- FAIL: TestShutdown (5.00s)\nFAIL\n")
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: b.String()}}}, nil, nil
		})

	h, err := headroom.New(headroom.WithMaxBytes(4000))
	if err != nil {
		return err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil)
	// Every tools/call result this client receives is compressed.
	client.AddSendingMiddleware(hrmcp.Middleware(h, func(tool string, r headroom.Report) {
		for _, s := range r.Strings {
			fmt.Printf("  middleware compressed %s: %d → %d bytes (%s)\n", tool, s.BytesBefore, s.BytesAfter, s.Strategy)
		}
	}))
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return err
	}
	defer ss.Close()
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	defer cs.Close()

	// Through the middleware: a plain CallTool.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search_code", Arguments: searchIn{Pattern: "func (s *Server)"}})
	if err != nil {
		return err
	}
	fmt.Printf("search_code: %d bytes of text for the model, structured content untouched: %v\n",
		len(res.Content[0].(*mcp.TextContent).Text), res.StructuredContent)

	// Or one call at a time, with its report (here the middleware has
	// already compressed it, so there is nothing left to do).
	res, rep, err := hrmcp.CallTool(ctx, cs, h, &mcp.CallToolParams{Name: "run_tests", Arguments: map[string]any{}})
	if err != nil {
		return err
	}
	text := res.Content[0].(*mcp.TextContent).Text
	fmt.Printf("run_tests: is_error=%v, %d bytes, %d more strings compressed; it ends:\n%s\n",
		res.IsError, len(text), len(rep.Strings), text[strings.LastIndex(text[:len(text)-1], "\n")+1:])
	return nil
}
