package hropenai_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/require"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
	hropenai "github.com/headroom-go/headroom/adapters/openai"
)

func response(id string, items ...string) string {
	return fmt.Sprintf(`{"id":%q,"object":"response","created_at":1700000000,"status":"completed","model":"gpt-5","output":[%s],"parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1,"usage":{"input_tokens":10,"output_tokens":5,"total_tokens":15,"input_tokens_details":{"cached_tokens":0},"output_tokens_details":{"reasoning_tokens":3}}}`,
		id, strings.Join(items, ","))
}

func reasoning(id, summary, enc string) string {
	return fmt.Sprintf(`{"type":"reasoning","id":%q,"summary":[{"type":"summary_text","text":%q}],"encrypted_content":%q}`, id, summary, enc)
}

func functionCall(id, callID, name, args string) string {
	return fmt.Sprintf(`{"type":"function_call","id":%q,"call_id":%q,"name":%q,"arguments":%q,"status":"completed"}`, id, callID, name, args)
}

var responsesScript = []string{
	response("resp_1", reasoning("rs_1", "Search first.", "gAAAAB-encrypted-one"), functionCall("fc_1", "call_1", "Grep", `{"pattern":"context.Context"}`)),
	response("resp_2", reasoning("rs_2", "Run the tests.", "gAAAAB-encrypted-two"),
		`{"type":"shell_call","id":"sh_1","call_id":"call_2","action":{"commands":["go test ./..."],"max_output_length":100000,"timeout_ms":60000},"status":"completed","environment":null}`),
	response("resp_3", functionCall("fc_3", "call_3", "Read", `{"path":"main.go"}`)),
	response("resp_4", `{"type":"message","id":"msg_4","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Done: the bug is in main.go.","annotations":[]}]}`),
}

// testLog is a go test run that fails: a long stdout, a short stderr.
func testLog() (stdout, stderr string) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "=== RUN   TestHandler%d\n--- PASS: TestHandler%d (0.00s)\n", i, i)
	}
	b.WriteString("=== RUN   TestShutdown\n    server_test.go:88: Shutdown did not return within 5s\n--- FAIL: TestShutdown (5.00s)\nFAIL\n")
	return b.String(), "FAIL\texample.com/server\t5.412s\n"
}

func TestResponsesAgentLoopOnTheWire(t *testing.T) {
	ctx := context.Background()
	srv := wiretest.New(responsesScript...)
	defer srv.Close()
	client := openai.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test-key"), option.WithMaxRetries(0))
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)

	input := []responses.ResponseInputItemUnionParam{{OfMessage: &responses.EasyInputMessageParam{
		Role: responses.EasyInputMessageRoleUser,
		Content: responses.EasyInputMessageContentUnionParam{OfInputItemContentList: responses.ResponseInputMessageContentListParam{
			{OfInputText: &responses.ResponseInputTextParam{Text: "Why does the server hang?", PromptCacheBreakpoint: responses.ResponseInputTextPromptCacheBreakpointParam{Ttl: "30m"}}},
			{OfInputImage: &responses.ResponseInputImageParam{Detail: "high", ImageURL: openai.String(pngURL)}},
		}},
	}}}
	var compacted *headroom.CompactReport
	stdout, stderr := testLog()

	for turn := 0; ; turn++ {
		require.Less(t, turn, len(responsesScript))
		if turn == 3 {
			n, err := hropenai.ItemsToNeutral(input)
			require.NoError(t, err)
			tokens := headroom.CountMessages(n, nil)
			var rep headroom.CompactReport
			var ran bool
			input, rep, ran, err = hropenai.CompactItems(ctx, input, tokens, headroom.CompactOptions{
				Budget: tokens - 300, Protection: headroom.Protection{KeepToolResults: 1},
				Mask: headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
			})
			require.NoError(t, err)
			require.True(t, ran)
			require.GreaterOrEqual(t, rep.FirstChanged, 0, rep.String())
			compacted = &rep
		}
		resp, err := client.Responses.New(ctx, responses.ResponseNewParams{
			Model: "gpt-5", Input: responses.ResponseNewParamsInputUnion{OfInputItemList: input},
		})
		require.NoError(t, err)
		input = append(input, hropenai.OutputItems(resp)...)
		var batch []responses.ResponseInputItemUnionParam
		for _, o := range resp.Output {
			switch o.Type {
			case "function_call":
				fc := o.AsFunctionCall()
				batch = append(batch, responses.ResponseInputItemUnionParam{OfFunctionCallOutput: &responses.ResponseInputItemFunctionCallOutputParam{
					CallID: openai.String(fc.CallID),
					Output: responses.ResponseInputItemFunctionCallOutputOutputUnionParam{OfString: openai.String(toolOutput(t, fc.Name))},
				}})
			case "shell_call":
				batch = append(batch, responses.ResponseInputItemUnionParam{OfShellCallOutput: &responses.ResponseInputItemShellCallOutputParam{
					CallID: o.AsShellCall().CallID,
					Output: []responses.ResponseFunctionShellCallOutputContentParam{{Stdout: stdout, Stderr: stderr,
						Outcome: responses.ResponseFunctionShellCallOutputContentOutcomeUnionParam{OfExit: &responses.ResponseFunctionShellCallOutputContentOutcomeExitParam{ExitCode: 1}}}},
				}})
			}
		}
		if len(batch) == 0 {
			break
		}
		raw, err := json.Marshal(batch)
		require.NoError(t, err)
		out, rep, err := hropenai.CompressNewItems(ctx, h, input, batch)
		require.NoError(t, err)
		after, err := json.Marshal(batch)
		require.NoError(t, err)
		require.Equal(t, string(raw), string(after), "CompressNewItems wrote the caller's batch")
		require.NotEmpty(t, rep.Strings)
		want := map[int]string{0: "Grep", 1: hropenai.ShellTool, 2: "Read"}[turn]
		require.Equal(t, want, rep.Strings[0].Tool, "turn %d", turn+1)
		input = append(input, out...)
	}

	reqs := requests(t, srv, "input", len(responsesScript))
	// Request 2: [user, reasoning, function_call, function_call_output].
	var grep struct {
		CallID string `json:"call_id"`
		Output string
	}
	require.NoError(t, json.Unmarshal(reqs[1][3], &grep))
	require.Equal(t, "call_1", grep.CallID)
	require.LessOrEqual(t, len(grep.Output), budget)
	require.Contains(t, grep.Output, "[…headroom:")
	// Request 3 adds [reasoning, shell_call, shell_call_output]: stdout
	// and stderr compressed together within budget, the exit code kept.
	var shell struct {
		CallID string `json:"call_id"`
		Output []struct {
			Stdout, Stderr string
			Outcome        struct {
				Type     string
				ExitCode int `json:"exit_code"`
			}
		}
	}
	require.NoError(t, json.Unmarshal(reqs[2][6], &shell))
	require.Equal(t, "call_2", shell.CallID)
	require.Len(t, shell.Output, 1)
	o := shell.Output[0]
	require.Equal(t, 1, o.Outcome.ExitCode)
	require.Contains(t, o.Stdout, "[…headroom:")
	require.Contains(t, o.Stdout, "--- FAIL: TestShutdown")
	require.Equal(t, stderr, o.Stderr, "the short stderr is kept whole")
	require.LessOrEqual(t, len(o.Stdout)+len(o.Stderr), budget)

	checkCacheSafety(t, reqs, 3, compacted.FirstChanged)
	for n := range reqs {
		require.Equal(t, string(reqs[0][0]), string(reqs[n][0]), "the user's message in request %d", n+1)
		require.Contains(t, string(reqs[n][0]), `"prompt_cache_breakpoint"`)
		require.Contains(t, string(reqs[n][0]), pngURL)
	}
	// Reasoning items with their encrypted content reach every later
	// request as the API sent them.
	for n := 1; n < len(reqs); n++ {
		require.JSONEq(t, reasoning("rs_1", "Search first.", "gAAAAB-encrypted-one"), string(reqs[n][1]))
		if n >= 2 {
			require.JSONEq(t, reasoning("rs_2", "Run the tests.", "gAAAAB-encrypted-two"), string(reqs[n][4]))
		}
	}
	// Every call has its output.
	for n, items := range reqs {
		calls, outputs := map[string]bool{}, map[string]bool{}
		for _, it := range items {
			var x struct {
				Type   string
				CallID string `json:"call_id"`
			}
			require.NoError(t, json.Unmarshal(it, &x))
			switch x.Type {
			case "function_call", "shell_call":
				calls[x.CallID] = true
			case "function_call_output", "shell_call_output":
				outputs[x.CallID] = true
			}
		}
		require.Equal(t, calls, outputs, "request %d", n+1)
	}
}
