package headroom_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/headroom-go/headroom"
)

// Compress new tool results before appending them to the history.
func ExampleCompressToolResults() {
	h, err := headroom.New(headroom.WithMaxBytes(400))
	if err != nil {
		panic(err)
	}
	var log strings.Builder
	for i := range 40 {
		fmt.Fprintf(&log, "row %d: fetched 200 OK\n", i)
	}
	fresh := []headroom.Message{{Role: headroom.RoleTool, Parts: []headroom.Part{
		{ToolResult: &headroom.ToolResult{CallID: "call_1", Name: "Read", Content: log.String()}},
	}}}
	fresh, rep, err := headroom.CompressToolResults(context.Background(), h, fresh)
	if err != nil {
		panic(err)
	}
	r := rep.Strings[0]
	fmt.Println(r.CallID, r.Strategy, r.BytesBefore, "→", r.BytesAfter)
	fmt.Print(fresh[0].Parts[0].ToolResult.Content)
	// Output:
	// call_1 clip 910 → 365
	// row 0: fetched 200 OK
	// row 1: fetched 200 OK
	// row 2: fetched 200 OK
	// row 3: fetched 200 OK
	// row 4: fetched 200 OK
	// row 5: fetched 200 OK
	// row 6: fetched 200 OK
	// row 7: fetched 200 OK
	// […headroom: ~301 tokens omitted — lines 9-39 of 40 (711 bytes) from the middle. To see them, re-run narrower: a line range (sed -n '9,39p'), grep, head or tail.]
	// row 39: fetched 200 OK
}

// A structured result: each top-level string field is compressed on its
// own, the JSON around it is kept byte for byte, and the whole object,
// escapes included, fits the budget.
func ExampleCompressToolResults_structured() {
	h, _ := headroom.New(headroom.WithMaxBytes(500))
	stdout := strings.Repeat("compiling...\n", 200)
	content := `{"exit_code": 0, "stdout": "` + strings.ReplaceAll(stdout, "\n", `\n`) + `", "stderr": ""}`
	fresh := []headroom.Message{{Role: headroom.RoleTool, Parts: []headroom.Part{
		{ToolResult: &headroom.ToolResult{CallID: "c", Name: "Bash", Content: content}},
	}}}
	fresh, rep, _ := headroom.CompressToolResults(context.Background(), h, fresh)
	out := fresh[0].Parts[0].ToolResult.Content
	fmt.Println(rep.Strings[0].Field, strings.HasPrefix(out, `{"exit_code": 0, "stdout": "compiling...\n`), strings.HasSuffix(out, `", "stderr": ""}`), len(out) <= 500)
	// Output: stdout true true true
}

// Plug a cheap model in as a summarizer: its digest rides in the marker.
func ExampleSummarizerFunc() {
	cheap := headroom.SummarizerFunc(func(ctx context.Context, req headroom.SummaryRequest) (headroom.Summary, error) {
		// A real one sends req.Prompt and req.Input to a provider, honouring ctx.
		return headroom.Summary{Text: "rows 40-360 all fetched 200 OK", Usage: headroom.Usage{InputTokens: 3100, OutputTokens: 12}}, nil
	})
	h, _ := headroom.New(headroom.WithMaxBytes(2000), headroom.WithSummarizer(cheap))
	var log strings.Builder
	for i := range 400 {
		fmt.Fprintf(&log, "row %d: fetched 200 OK\n", i)
	}
	out, o, _ := h.Compress(context.Background(), headroom.ToolOutput{Tool: "Read", Text: log.String()})
	fmt.Println(o.Summary.Used, o.Summary.Usage.OutputTokens, strings.Contains(out, "Summary of the omitted part: rows 40-360 all fetched 200 OK."))
	// Output: true 12 true
}

// A budget on the context reaches every agent started with it, sub-agents
// included, when the Headroom has no budget option of its own.
func ExampleWithBudget() {
	h, _ := headroom.New()
	ctx := headroom.WithBudget(context.Background(), 300)
	out, _, _ := h.Compress(ctx, headroom.ToolOutput{Tool: "Read", Text: strings.Repeat("x\n", 1000)})
	fmt.Println(len(out) <= 300)
	// Output: true
}

// A token budget holds in the configured counter's tokens.
func ExampleWithMaxTokens() {
	h, _ := headroom.New(headroom.WithMaxTokens(200))
	out, _, _ := h.Compress(context.Background(), headroom.ToolOutput{Tool: "Read", Text: strings.Repeat("some words of output\n", 500)})
	fmt.Println(headroom.Estimate.CountTokens(out) <= 200)
	// Output: true
}

// New refuses a budget that cannot hold a marker.
func ExampleNew_invalid() {
	_, err := headroom.New(headroom.WithMaxBytes(12))
	fmt.Println(err)
	// Output: headroom: budget 12 is below the 256-byte minimum
}
