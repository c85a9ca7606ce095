package hranthropic_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"
	"github.com/stretchr/testify/require"

	"github.com/headroom-go/headroom"
	hranthropic "github.com/headroom-go/headroom/adapters/anthropic"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
)

const budget = 4000 // bytes a tool result may keep

// A 1×1 PNG.
const pngData = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func reply(id string, stop string, blocks ...string) string {
	return fmt.Sprintf(`{"id":%q,"type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[%s],"stop_reason":%q,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`,
		id, strings.Join(blocks, ","), stop)
}

func thinking(text, sig string) string {
	return fmt.Sprintf(`{"type":"thinking","thinking":%q,"signature":%q}`, text, sig)
}

func toolUse(id, name, input string) string {
	return fmt.Sprintf(`{"type":"tool_use","id":%q,"name":%q,"input":%s}`, id, name, input)
}

// script is the model's side of the loop: a signed thinking block before
// each of three tool calls, then the answer.
var script = []string{
	reply("msg_1", "tool_use", thinking("Search for the contexts first.", "sig-AAAA"), toolUse("toolu_1", "Grep", `{"pattern":"context.Context"}`)),
	reply("msg_2", "tool_use", thinking("Now the tests.", "sig-BBBB"), toolUse("toolu_2", "Bash", `{"command":"go test ./..."}`), toolUse("toolu_3", "Screenshot", `{}`)),
	reply("msg_3", "tool_use", thinking("Read the file.", "sig-CCCC"), toolUse("toolu_4", "Read", `{"path":"main.go"}`)),
	reply("msg_4", "end_turn", `{"type":"text","text":"Done: the bug is in main.go.","citations":null}`),
}

func grepOutput(t *testing.T) string {
	b, err := os.ReadFile("../../testdata/corpus/search_rg_context_ctx_prometheus/input.txt")
	require.NoError(t, err)
	return string(b)
}

// runTool is the agent's tools: a real grep flood, a short test run, a
// screenshot (an image inside the tool result) and a long file.
func runTool(t *testing.T, u anthropic.ToolUseBlock) anthropic.ContentBlockParamUnion {
	switch u.Name {
	case "Grep":
		return anthropic.NewToolResultBlock(u.ID, grepOutput(t), false)
	case "Screenshot":
		r := anthropic.ToolResultBlockParam{ToolUseID: u.ID, Content: []anthropic.ToolResultBlockParamContentUnion{
			{OfText: &anthropic.TextBlockParam{Text: "the screen:"}},
			{OfImage: &anthropic.ImageBlockParam{Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{Data: pngData, MediaType: "image/png"}}}},
		}}
		return anthropic.ContentBlockParamUnion{OfToolResult: &r}
	case "Read":
		var b strings.Builder
		for i := range 400 {
			fmt.Fprintf(&b, "%4d\tfunc handler%d(w http.ResponseWriter, r *http.Request) { serve(w, r, %d) }\n", i+1, i, i)
		}
		return anthropic.NewToolResultBlock(u.ID, b.String(), false)
	}
	return anthropic.NewToolResultBlock(u.ID, "ok: 12 packages passed", false)
}

func TestAgentLoopOnTheWire(t *testing.T) {
	ctx := context.Background()
	srv := wiretest.New(script...)
	defer srv.Close()
	client := anthropic.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test-key"), option.WithMaxRetries(0))
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)

	// The first user message carries an image and a cache breakpoint:
	// both must reach every request byte for byte.
	first := anthropic.NewUserMessage(
		anthropic.NewImageBlockBase64("image/png", pngData),
		anthropic.ContentBlockParamUnion{OfText: &anthropic.TextBlockParam{Text: "Why does the server hang?", CacheControl: anthropic.NewCacheControlEphemeralParam()}},
	)
	firstJSON, err := json.Marshal(first)
	require.NoError(t, err)
	history := []anthropic.MessageParam{first}
	var compacted *headroom.CompactReport
	var replies []*anthropic.Message

	for turn := 0; ; turn++ {
		require.Less(t, turn, len(script))
		if turn == 3 {
			// Before the last call the history nears a window that is
			// just its own size: the cascade masks the oldest results.
			n, err := hranthropic.ToNeutral(history)
			require.NoError(t, err)
			tokens := headroom.CountMessages(n, nil)
			var rep headroom.CompactReport
			var ran bool
			history, rep, ran, err = hranthropic.Compact(ctx, history, tokens, headroom.CompactOptions{
				Budget: tokens - 300, Protection: headroom.Protection{KeepToolResults: 1},
				Mask: headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
			})
			require.NoError(t, err)
			require.True(t, ran)
			require.GreaterOrEqual(t, rep.FirstChanged, 0, rep.String())
			compacted = &rep
		}
		msg, err := client.Messages.New(ctx, anthropic.MessageNewParams{
			Model: "claude-sonnet-4-5", MaxTokens: 1024, Messages: history,
			System: []anthropic.TextBlockParam{{Text: "You are a coding agent."}},
		})
		require.NoError(t, err)
		replies = append(replies, msg)
		history = append(history, msg.ToParam())
		if msg.StopReason != anthropic.StopReasonToolUse {
			break
		}
		var results []anthropic.ContentBlockParamUnion
		for _, b := range msg.Content {
			if b.Type == "tool_use" {
				results = append(results, runTool(t, b.AsToolUse()))
			}
		}
		batch := []anthropic.MessageParam{anthropic.NewUserMessage(results...)}
		raw, err := json.Marshal(batch)
		require.NoError(t, err)
		out, rep, err := hranthropic.CompressNew(ctx, h, history, batch)
		require.NoError(t, err)
		after, err := json.Marshal(batch)
		require.NoError(t, err)
		require.Equal(t, string(raw), string(after), "CompressNew wrote the caller's batch")
		if turn == 0 {
			require.Len(t, rep.Strings, 1)
			require.Equal(t, "Grep", rep.Strings[0].Tool, "the result is named after its tool_use")
		}
		history = append(history, out...)
	}

	bodies := srv.Bodies()
	require.Len(t, bodies, len(script))
	var reqs [][]json.RawMessage
	for _, b := range bodies {
		msgs, err := wiretest.Array(b, "messages")
		require.NoError(t, err)
		reqs = append(reqs, msgs)
	}

	// The grep flood arrives compressed, within budget, with its marker.
	var grep struct {
		Content []struct {
			ToolUseID string `json:"tool_use_id"`
			Content   []struct{ Text string }
		}
	}
	require.NoError(t, json.Unmarshal(reqs[1][2], &grep))
	text := grep.Content[0].Content[0].Text
	require.Equal(t, "toolu_1", grep.Content[0].ToolUseID)
	require.LessOrEqual(t, len(text), budget)
	require.Contains(t, text, "[…headroom:")

	// Without compaction, each request starts with the previous one, byte
	// for byte; after it, the first difference is where the report says.
	for n := 1; n < len(reqs); n++ {
		d := wiretest.FirstDiff(reqs[n-1], reqs[n])
		if n == 3 {
			require.Equal(t, compacted.FirstChanged, d, "cache break after compaction")
			continue
		}
		require.Equal(t, len(reqs[n-1]), d, "request %d rewrote request %d's messages", n+1, n)
	}

	// The first message (image, cache_control) is the caller's bytes in
	// every request; signed thinking blocks come back as the model sent them.
	for n, msgs := range reqs {
		require.JSONEq(t, string(firstJSON), string(msgs[0]))
		require.Equal(t, string(reqs[0][0]), string(msgs[0]), "request %d", n+1)
		require.Contains(t, string(msgs[0]), `"cache_control":{"type":"ephemeral"}`)
	}
	for n := 1; n < len(reqs); n++ {
		for r := 0; r < n; r++ {
			var m struct {
				Content []json.RawMessage
			}
			require.NoError(t, json.Unmarshal(reqs[n][1+2*r], &m))
			var th struct{ Type, Thinking, Signature string }
			require.NoError(t, json.Unmarshal(m.Content[0], &th))
			require.Equal(t, "thinking", th.Type)
			require.Equal(t, replies[r].Content[0].Thinking, th.Thinking)
			require.Equal(t, replies[r].Content[0].Signature, th.Signature)
			require.Equal(t, string(reqs[r+1][1+2*r]), string(reqs[n][1+2*r]), "assistant message %d changed in request %d", r, n+1)
		}
	}
	// The screenshot inside a tool result survives, even the compaction.
	for n := 2; n < len(reqs); n++ {
		require.Contains(t, string(reqs[n][4]), pngData)
	}

	// Every tool_use has its tool_result in every request.
	for n, msgs := range reqs {
		calls, results := map[string]bool{}, map[string]bool{}
		for _, m := range msgs {
			var mm struct {
				Content []struct {
					Type, ID  string
					ToolUseID string `json:"tool_use_id"`
				}
			}
			require.NoError(t, json.Unmarshal(m, &mm))
			for _, b := range mm.Content {
				switch b.Type {
				case "tool_use":
					calls[b.ID] = true
				case "tool_result":
					results[b.ToolUseID] = true
				}
			}
		}
		require.Equal(t, calls, results, "request %d", n+1)
	}
}
