package hrmcp_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/headroom-go/headroom"
	hrmcp "github.com/headroom-go/headroom/adapters/mcp"
)

const budget = 4000

// A 1×1 PNG.
var png, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

type grepIn struct {
	Pattern string `json:"pattern"`
}

type grepOut struct {
	Matches int    `json:"matches"`
	First   string `json:"first"`
}

func grepOutput(t testing.TB) string {
	b, err := os.ReadFile("../../testdata/corpus/search_rg_context_ctx_prometheus/input.txt")
	require.NoError(t, err)
	return string(b)
}

// newServer serves three tools: a grep flood with structured content, a
// screenshot (text and an image), and a failing test run.
func newServer(t testing.TB) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "tools", Version: "v1"}, nil)
	flood := grepOutput(t)
	mcp.AddTool(s, &mcp.Tool{Name: "grep", Description: "search"}, func(ctx context.Context, req *mcp.CallToolRequest, in grepIn) (*mcp.CallToolResult, grepOut, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: flood}}},
			grepOut{Matches: strings.Count(flood, "\n"), First: flood[:strings.IndexByte(flood, '\n')]}, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "screenshot", Description: "look"}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.TextContent{Text: strings.Repeat("the screen shows a dialog\n", 400)},
			&mcp.ImageContent{Data: png, MIMEType: "image/png"},
		}}, nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "test", Description: "run the tests"}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "--- FAIL: TestShutdown (5.00s)\nFAIL\n"}}}, nil, nil
	})
	return s
}

func connect(t *testing.T, s *mcp.Server, c *mcp.Client) *mcp.ClientSession {
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := c.Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

func newClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil)
}

// checkGrep: the flood arrives compressed within budget with its marker,
// its structured content as the tool made it.
func checkGrep(t *testing.T, res *mcp.CallToolResult) {
	t.Helper()
	require.Len(t, res.Content, 1)
	text := res.Content[0].(*mcp.TextContent).Text
	require.LessOrEqual(t, len(text), budget)
	require.Contains(t, text, "[…headroom:")
	flood := grepOutput(t)
	want, err := json.Marshal(grepOut{Matches: strings.Count(flood, "\n"), First: flood[:strings.IndexByte(flood, '\n')]})
	require.NoError(t, err)
	got, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got))
}

// A scripted tool loop through the real client and server, three ways in.
func TestToolLoopOverInMemoryTransports(t *testing.T) {
	ctx := context.Background()
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)
	calls := []*mcp.CallToolParams{
		{Name: "grep", Arguments: map[string]any{"pattern": "context.Context"}},
		{Name: "screenshot", Arguments: map[string]any{}},
		{Name: "test", Arguments: map[string]any{}},
	}
	check := func(t *testing.T, results []*mcp.CallToolResult) {
		checkGrep(t, results[0])
		shot := results[1]
		require.Len(t, shot.Content, 2)
		require.Contains(t, shot.Content[0].(*mcp.TextContent).Text, "[…headroom:")
		require.Equal(t, png, shot.Content[1].(*mcp.ImageContent).Data, "the image arrives byte for byte")
		require.Equal(t, "image/png", shot.Content[1].(*mcp.ImageContent).MIMEType)
		require.True(t, results[2].IsError)
		require.Equal(t, "--- FAIL: TestShutdown (5.00s)\nFAIL\n", results[2].Content[0].(*mcp.TextContent).Text, "a short result passes whole")
	}

	t.Run("CallTool", func(t *testing.T) {
		cs := connect(t, newServer(t), newClient())
		var results []*mcp.CallToolResult
		for i, p := range calls {
			res, rep, err := hrmcp.CallTool(ctx, cs, h, p)
			require.NoError(t, err)
			if i < 2 {
				require.Len(t, rep.Strings, 1)
				require.Equal(t, p.Name, rep.Strings[0].Tool)
			} else {
				require.Empty(t, rep.Strings)
			}
			results = append(results, res)
		}
		check(t, results)
	})
	t.Run("client middleware", func(t *testing.T) {
		c := newClient()
		var reported []string
		c.AddSendingMiddleware(hrmcp.Middleware(h, func(tool string, r headroom.Report) { reported = append(reported, tool) }))
		cs := connect(t, newServer(t), c)
		var results []*mcp.CallToolResult
		for _, p := range calls {
			res, err := cs.CallTool(ctx, p)
			require.NoError(t, err)
			results = append(results, res)
		}
		check(t, results)
		require.Equal(t, []string{"grep", "screenshot"}, reported)
		// Other methods pass untouched.
		tools, err := cs.ListTools(ctx, nil)
		require.NoError(t, err)
		require.Len(t, tools.Tools, 3)
	})
	t.Run("server middleware", func(t *testing.T) {
		s := newServer(t)
		s.AddReceivingMiddleware(hrmcp.Middleware(h, nil))
		cs := connect(t, s, newClient())
		var results []*mcp.CallToolResult
		for _, p := range calls {
			res, err := cs.CallTool(ctx, p)
			require.NoError(t, err)
			results = append(results, res)
		}
		check(t, results)
	})
}

func TestCompressResultCopiesBeforeWriting(t *testing.T) {
	ctx := context.Background()
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)
	small := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}
	out, rep, err := hrmcp.CompressResult(ctx, h, "Bash", small)
	require.NoError(t, err)
	require.Same(t, small, out, "a result under budget is the caller's own")
	require.Empty(t, rep.Strings)

	flood := grepOutput(t)
	text := &mcp.TextContent{Text: flood, Annotations: &mcp.Annotations{Priority: 0.5}}
	img := &mcp.ImageContent{Data: png, MIMEType: "image/png"}
	structured := map[string]any{"matches": 3}
	big := &mcp.CallToolResult{Content: []mcp.Content{text, img, &mcp.TextContent{Text: "second"}}, StructuredContent: structured, IsError: true}
	out, _, err = hrmcp.CompressResult(ctx, h, "Grep", big)
	require.NoError(t, err)
	require.NotSame(t, big, out)
	require.Equal(t, flood, text.Text, "the caller's text item was written")
	require.Len(t, big.Content, 3)
	require.Len(t, out.Content, 2, "the text items are joined into the first")
	nt := out.Content[0].(*mcp.TextContent)
	require.Same(t, text.Annotations, nt.Annotations)
	require.Same(t, img, out.Content[1])
	require.Equal(t, structured, out.StructuredContent)
	require.True(t, out.IsError)
	require.True(t, strings.HasSuffix(nt.Text, "second") || strings.Contains(nt.Text, "[…headroom:"))

	_, _, err = hrmcp.CompressResult(ctx, h, "Grep", nil)
	require.NoError(t, err)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, _, err = hrmcp.CompressResult(cancelled, h, "Grep", big)
	require.Error(t, err)
}

// upper is a Compressor that upper-cases every text: it changes every
// string, so every result is rewritten.
type upper struct{}

func (upper) Budget(context.Context) (headroom.Budget, error) { return headroom.Budget{}, nil }

func (upper) Compress(_ context.Context, out headroom.ToolOutput) (string, headroom.Outcome, error) {
	s := strings.ToUpper(out.Text) + "!"
	return s, headroom.Outcome{Strategy: headroom.StrategyClip, BytesBefore: len(out.Text), BytesAfter: len(s)}, nil
}

func genContent(t *rapid.T) mcp.Content {
	switch rapid.IntRange(0, 3).Draw(t, "kind") {
	case 0:
		return &mcp.TextContent{Text: rapid.String().Draw(t, "text")}
	case 1:
		return &mcp.ImageContent{Data: png, MIMEType: "image/png"}
	case 2:
		return &mcp.AudioContent{Data: []byte(rapid.String().Draw(t, "audio")), MIMEType: "audio/wav"}
	}
	return &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///a", Text: rapid.String().Draw(t, "resource")}}
}

// Whatever the result, only its text changes, in a copy; with nothing to
// compress it is the caller's own.
func TestCompressResultProperties(t *testing.T) {
	h, err := headroom.New()
	require.NoError(t, err)
	rapid.Check(t, func(t *rapid.T) {
		res := &mcp.CallToolResult{IsError: rapid.Bool().Draw(t, "is_error"), StructuredContent: map[string]any{"k": rapid.Int().Draw(t, "k")}}
		for range rapid.IntRange(0, 4).Draw(t, "items") {
			res.Content = append(res.Content, genContent(t))
		}
		before, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		same, _, err := hrmcp.CompressResult(context.Background(), h, "Bash", res)
		if err != nil || same != res {
			t.Fatalf("a small result was not returned as it was: %v", err)
		}
		out, _, err := hrmcp.CompressResult(context.Background(), upper{}, "Bash", res)
		if err != nil {
			t.Fatal(err)
		}
		after, _ := json.Marshal(res)
		if string(before) != string(after) {
			t.Fatal("the caller's result was written")
		}
		var others, outOthers []mcp.Content
		texts := 0
		for _, c := range res.Content {
			if _, ok := c.(*mcp.TextContent); ok {
				texts++
			} else {
				others = append(others, c)
			}
		}
		for _, c := range out.Content {
			if _, ok := c.(*mcp.TextContent); !ok {
				outOthers = append(outOthers, c)
			}
		}
		if len(others) != len(outOthers) {
			t.Fatalf("non-text items: %d became %d", len(others), len(outOthers))
		}
		for i := range others {
			if others[i] != outOthers[i] {
				t.Fatalf("non-text item %d is not the caller's", i)
			}
		}
		if out.IsError != res.IsError || out.StructuredContent.(map[string]any)["k"] != res.StructuredContent.(map[string]any)["k"] {
			t.Fatal("IsError or StructuredContent changed")
		}
		if texts > 0 {
			tr := hrmcp.ToolResult("Bash", out)
			want := strings.ToUpper(hrmcp.ToolResult("Bash", res).Content) + "!"
			if tr.Content != want {
				t.Fatalf("text %q, want %q", tr.Content, want)
			}
		}
	})
}
