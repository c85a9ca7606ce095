package headroom

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// logged is what a user writes first: a Compressor that wraps another to
// add logging or metrics, passing everything on.
type logged struct{ Compressor }

func (l logged) Compress(ctx context.Context, out ToolOutput) (string, Outcome, error) {
	return l.Compressor.Compress(ctx, out)
}

// A wrapped Headroom keeps every budget: the budget travels in the
// contract (Budget, ToolOutput.MaxBytes), not in unexported methods a
// wrapper would hide. Every corpus output, plain and as an exec wrapper's
// stdout and stderr, at two budgets, under the three tools in turn (each
// output under one tool as itself and the next as a wrapper's stdout:
// every output under all three made this the package's slowest test, most
// of a ten-minute default timeout on a loaded machine). Under -short, every
// 24th output: the race run took 513 s of its 25 minutes here on a loaded
// machine at every eighth.
func TestWrappedCompressorKeepsBudget(t *testing.T) {
	cases := corpusUnlessShort(t, 24)
	for _, budget := range []int{4000, 16000} {
		h := mustNew(t, WithMaxBytes(budget))
		for _, wrapped := range []Compressor{h, logged{h}} {
			var msgs []Message
			tools := []string{"Bash", "Grep", "Read"}
			for i, c := range cases {
				tool, next := tools[i%len(tools)], tools[(i+1)%len(tools)]
				msgs = append(msgs, Message{Role: RoleTool, Parts: []Part{
					{ToolResult: &ToolResult{CallID: c.name + "/" + tool, Name: tool, Content: c.input}},
					{ToolResult: &ToolResult{CallID: c.name + "/" + next + "/json", Name: next, Content: `{"stdout": ` + quoteJSON(c.input) +
						`, "stderr": ` + quoteJSON(cases[(i+1)%len(cases)].input) + `, "exit_code": 1}`}},
				}})
			}
			out, _, err := CompressToolResults(context.Background(), wrapped, msgs)
			require.NoError(t, err)
			over := 0
			for _, m := range out {
				for _, p := range m.Parts {
					if n := len(p.ToolResult.Content); n > budget {
						over++
						t.Errorf("%T, budget %d: %s is %d bytes", wrapped, budget, p.ToolResult.CallID, n)
					}
				}
			}
			assert.Zero(t, over, "results over budget")
		}
	}
}

// A token budget holds through a wrapper too, as the Budget's counter
// counts the whole Content.
func TestWrappedCompressorKeepsTokenBudget(t *testing.T) {
	h := mustNew(t, WithMaxTokens(1500))
	big := corpusInput(t, "log_pytest_click_injected_failures")
	content := `{"stdout": ` + quoteJSON(big) + `, "stderr": ` + quoteJSON(big[:len(big)/2]) + `, "exit_code": 1}`
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: "Bash", Content: content}}}}}
	out, _, err := CompressToolResults(context.Background(), logged{h}, msgs)
	require.NoError(t, err)
	assert.LessOrEqual(t, Estimate.CountTokens(out[0].Parts[0].ToolResult.Content), 1500)
}

// ToolOutput.MaxBytes tightens the compressor's own budget for one call;
// a value no budget can honour is an error, not a silent default.
func TestToolOutputBudgetTightens(t *testing.T) {
	h := mustNew(t, WithMaxBytes(16000))
	text := corpusInput(t, "plain_git_log_iso_timestamps")
	got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text, MaxBytes: 3000})
	require.NoError(t, err)
	assert.LessOrEqual(t, len(got), 3000)
	assert.Equal(t, StrategyLines, o.Strategy)
	got, _, err = h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text, MaxBytes: 50000})
	require.NoError(t, err)
	assert.LessOrEqual(t, len(got), 16000, "a larger MaxBytes must not loosen the compressor's budget")
	_, _, err = h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text, MaxBytes: 100})
	assert.ErrorContains(t, err, "below the 256-byte minimum")
	_, _, err = h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text, MaxTokens: -1})
	assert.ErrorContains(t, err, "negative")
}

// Budget reports the options' budget, or the context's when New had none.
func TestHeadroomBudget(t *testing.T) {
	b, err := mustNew(t, WithMaxBytes(5000)).Budget(WithBudget(context.Background(), 9000))
	require.NoError(t, err)
	assert.Equal(t, 5000, b.MaxBytes)
	assert.NotNil(t, b.Counter)
	b, err = mustNew(t).Budget(WithBudget(context.Background(), 9000))
	require.NoError(t, err)
	assert.Equal(t, 9000, b.MaxBytes)
	_, err = mustNew(t).Budget(WithBudget(context.Background(), 10))
	assert.ErrorContains(t, err, "context's budget")
}

// A Compressor that panics in a worker goroutine costs an error, never the
// process: the caller's recover could not reach a worker's panic.
func TestCompressToolResultsRecoversPanics(t *testing.T) {
	msgs := []Message{{Role: RoleTool, Parts: []Part{
		{ToolResult: &ToolResult{CallID: "a", Name: "Bash", Content: strings.Repeat("x\n", 9000)}},
		{ToolResult: &ToolResult{CallID: "b", Name: "Bash", Content: strings.Repeat("y\n", 9000)}},
	}}}
	boom := compressorFunc{budget: Budget{MaxBytes: 4000}, compress: func(context.Context, ToolOutput) (string, Outcome, error) {
		panic("compressor bug")
	}}
	out, _, err := CompressToolResults(context.Background(), boom, msgs)
	assert.Nil(t, out)
	assert.ErrorContains(t, err, "compressor bug")

	panicky := TokenCounterFunc(func(string) int { panic("counter bug") })
	h := mustNew(t, WithMaxBytes(4000), WithTokenCounter(panicky))
	_, _, err = CompressToolResults(context.Background(), h, msgs)
	assert.ErrorContains(t, err, "counter bug")

	// The budget's counter also runs in the caller's goroutine, sharing a
	// structured result's budget among its fields.
	structured := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "s", Name: "Bash",
		Content: `{"stdout":"` + strings.Repeat("x\\n", 9000) + `","stderr":"` + strings.Repeat("y\\n", 9000) + `"}`}}}}}
	longOnly := TokenCounterFunc(func(s string) int {
		if len(s) > 2000 {
			panic("counter bug on long text")
		}
		return len(s) / 4
	})
	h = mustNew(t, WithMaxTokens(4000), WithTokenCounter(longOnly))
	_, _, err = CompressToolResults(context.Background(), h, structured)
	assert.ErrorContains(t, err, "counter bug on long text")

	badBudget := panicBudget{}
	_, _, err = CompressToolResults(context.Background(), badBudget, msgs)
	assert.ErrorContains(t, err, "Budget panicked")
}

type panicBudget struct{}

func (panicBudget) Budget(context.Context) (Budget, error) { panic("budget bug") }
func (panicBudget) Compress(context.Context, ToolOutput) (string, Outcome, error) {
	return "", Outcome{}, nil
}

func TestCompressToolResultsOptions(t *testing.T) {
	h := mustNew(t)
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "a", Name: "Bash", Content: "ok"}}}}}
	_, _, err := CompressToolResults(context.Background(), h, msgs, Concurrency(0))
	assert.ErrorContains(t, err, "concurrency 0 must be at least 1")
	out, rep, err := CompressToolResults(context.Background(), h, msgs, Concurrency(8), nil)
	require.NoError(t, err)
	assert.Equal(t, msgs, out)
	assert.Empty(t, rep.Strings)
}
