package hrgenai_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/headroom-go/headroom"
	hrgenai "github.com/headroom-go/headroom/adapters/genai"
	"github.com/headroom-go/headroom/adapters/internal/wiretest"
)

const budget = 4000 // bytes a tool result may keep

// A 1×1 PNG.
const pngData = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func reply(parts ...string) string {
	return fmt.Sprintf(`{"candidates":[{"content":{"role":"model","parts":[%s]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15},"modelVersion":"gemini-2.5-flash"}`,
		strings.Join(parts, ","))
}

func thought(text string) string {
	return fmt.Sprintf(`{"text":%q,"thought":true}`, text)
}

// call is a function call without an id, as Gemini sends them, signed.
func call(name, args, sig string) string {
	return fmt.Sprintf(`{"functionCall":{"name":%q,"args":%s},"thoughtSignature":%q}`, name, args, base64.StdEncoding.EncodeToString([]byte(sig)))
}

// script is the model's side of the loop: a thought and signed function
// calls, without ids, then the answer.
var script = []string{
	reply(thought("Search for the contexts first."), call("Grep", `{"pattern":"context.Context"}`, "sig-AAAA")),
	reply(thought("Now the tests."), call("Bash", `{"command":"go test ./..."}`, "sig-BBBB"), call("Screenshot", `{}`, "")),
	reply(call("Read", `{"path":"main.go"}`, "sig-CCCC")),
	reply(`{"text":"Done: the bug is in main.go.","thoughtSignature":"c2lnLURERA=="}`),
}

func grepOutput(t *testing.T) string {
	b, err := os.ReadFile("../../testdata/corpus/search_rg_context_ctx_prometheus/input.txt")
	require.NoError(t, err)
	return string(b)
}

func pngBytes(t *testing.T) []byte {
	b, err := base64.StdEncoding.DecodeString(pngData)
	require.NoError(t, err)
	return b
}

// runTool is the agent's tools: a real grep flood, a short test run, a
// screenshot (an image inside the function response) and a long file.
func runTool(t *testing.T, c *genai.FunctionCall) *genai.Part {
	switch c.Name {
	case "Grep":
		return genai.NewPartFromFunctionResponse(c.Name, map[string]any{"output": grepOutput(t)})
	case "Screenshot":
		return genai.NewPartFromFunctionResponseWithParts(c.Name, map[string]any{"output": "the screen:"},
			[]*genai.FunctionResponsePart{genai.NewFunctionResponsePartFromBytes(pngBytes(t), "image/png")})
	case "Read":
		var b strings.Builder
		for i := range 400 {
			fmt.Fprintf(&b, "%4d\tfunc handler%d(w http.ResponseWriter, r *http.Request) { serve(w, r, %d) }\n", i+1, i, i)
		}
		return genai.NewPartFromFunctionResponse(c.Name, map[string]any{"output": b.String(), "path": "main.go", "lines": 400})
	}
	return genai.NewPartFromFunctionResponse(c.Name, map[string]any{"output": "ok: 12 packages passed"})
}

func TestAgentLoopOnTheWire(t *testing.T) {
	ctx := context.Background()
	srv := wiretest.New(script...)
	defer srv.Close()
	client, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey: "test-key", Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL},
	})
	require.NoError(t, err)
	h, err := headroom.New(headroom.WithMaxBytes(budget))
	require.NoError(t, err)

	// The first user content carries an image: it must reach every
	// request byte for byte.
	first := genai.NewContentFromParts([]*genai.Part{
		genai.NewPartFromBytes(pngBytes(t), "image/png"),
		genai.NewPartFromText("Why does the server hang?"),
	}, genai.RoleUser)
	history := []*genai.Content{first}
	var compacted *headroom.CompactReport
	var replies []*genai.Content

	for turn := 0; ; turn++ {
		require.Less(t, turn, len(script))
		if turn == 3 {
			// Before the last call the history nears a window that is
			// just its own size: the cascade masks the oldest results.
			n, err := hrgenai.ToNeutral(history)
			require.NoError(t, err)
			tokens := headroom.CountMessages(n, nil)
			var rep headroom.CompactReport
			var ran bool
			history, rep, ran, err = hrgenai.Compact(ctx, history, tokens, headroom.CompactOptions{
				Budget: tokens - 300, Protection: headroom.Protection{KeepToolResults: 1},
				Mask: headroom.MaskOptions{SkipTurns: -1, MinTokensFreed: -1},
			})
			require.NoError(t, err)
			require.True(t, ran)
			require.GreaterOrEqual(t, rep.FirstChanged, 0, rep.String())
			compacted = &rep
		}
		resp, err := client.Models.GenerateContent(ctx, "gemini-2.5-flash", history, &genai.GenerateContentConfig{
			SystemInstruction: genai.NewContentFromText("You are a coding agent.", genai.RoleUser),
		})
		require.NoError(t, err)
		msg := resp.Candidates[0].Content
		replies = append(replies, msg)
		history = append(history, msg)
		calls := resp.FunctionCalls()
		if len(calls) == 0 {
			break
		}
		var results []*genai.Part
		for _, c := range calls {
			require.Empty(t, c.ID, "the script's calls have no ids")
			results = append(results, runTool(t, c))
		}
		// The names are the tools', but the responses are unnamed here so
		// that only pairing by position can name them.
		for _, r := range results {
			r.FunctionResponse.Name = ""
		}
		batch := []*genai.Content{genai.NewContentFromParts(results, genai.RoleUser)}
		raw, err := json.Marshal(batch)
		require.NoError(t, err)
		out, rep, err := hrgenai.CompressNew(ctx, h, history, batch)
		require.NoError(t, err)
		after, err := json.Marshal(batch)
		require.NoError(t, err)
		require.Equal(t, string(raw), string(after), "CompressNew wrote the caller's batch")
		if turn == 0 {
			require.Len(t, rep.Strings, 1)
			require.Equal(t, "Grep", rep.Strings[0].Tool, "the result is named after its call, by position")
		}
		if turn == 1 {
			require.Same(t, batch[0], out[0], "nothing to compress: the caller's own content")
		}
		// Gemini requires the names: put them back, as an agent would.
		for i, p := range out[0].Parts {
			if p.FunctionResponse.Name == "" {
				r := *p.FunctionResponse
				r.Name = calls[i].Name
				q := *p
				q.FunctionResponse = &r
				out[0].Parts[i] = &q
			}
		}
		history = append(history, out...)
	}

	bodies := srv.Bodies()
	require.Len(t, bodies, len(script))
	for _, p := range srv.Paths() {
		require.True(t, strings.HasSuffix(p, "models/gemini-2.5-flash:generateContent"), p)
	}
	var reqs [][]json.RawMessage
	for _, b := range bodies {
		msgs, err := wiretest.Array(b, "contents")
		require.NoError(t, err)
		reqs = append(reqs, msgs)
	}

	// The grep flood arrives compressed, within budget, with its marker.
	var grep struct {
		Parts []struct {
			FunctionResponse struct {
				Name     string
				Response map[string]string
			} `json:"functionResponse"`
		}
	}
	require.NoError(t, json.Unmarshal(reqs[1][2], &grep))
	text := grep.Parts[0].FunctionResponse.Response["output"]
	require.Equal(t, "Grep", grep.Parts[0].FunctionResponse.Name)
	require.LessOrEqual(t, len(text), budget)
	require.Contains(t, text, "[…headroom:")

	// The long read is a response of several fields: its output is
	// compressed, its other fields arrive as they were.
	require.Contains(t, string(reqs[3][6]), `"lines":400`)
	require.Contains(t, string(reqs[3][6]), `"path":"main.go"`)
	require.Contains(t, string(reqs[3][6]), "[…headroom:")

	// Without compaction, each request starts with the previous one, byte
	// for byte; after it, the first difference is where the report says.
	for n := 1; n < len(reqs); n++ {
		d := wiretest.FirstDiff(reqs[n-1], reqs[n])
		if n == 3 {
			require.Equal(t, compacted.FirstChanged, d, "cache break after compaction")
			continue
		}
		require.Equal(t, len(reqs[n-1]), d, "request %d rewrote request %d's contents", n+1, n)
	}

	// The first content (an image) is the caller's bytes in every request;
	// thoughts and signatures go back as the model sent them.
	for n, msgs := range reqs {
		require.Equal(t, string(reqs[0][0]), string(msgs[0]), "request %d", n+1)
		require.Contains(t, string(msgs[0]), pngData)
	}
	sigs := []string{"sig-AAAA", "sig-BBBB", "sig-CCCC"}
	for n := 1; n < len(reqs); n++ {
		for r := 0; r < n; r++ {
			require.Equal(t, string(reqs[r+1][1+2*r]), string(reqs[n][1+2*r]), "model content %d changed in request %d", r, n+1)
			var m genai.Content
			require.NoError(t, json.Unmarshal(reqs[n][1+2*r], &m))
			var signed *genai.Part
			for _, p := range m.Parts {
				if p.FunctionCall != nil && len(p.ThoughtSignature) > 0 {
					signed = p
					break
				}
			}
			require.NotNil(t, signed, "request %d lost model content %d's signature", n+1, r)
			require.Equal(t, sigs[r], string(signed.ThoughtSignature))
			require.Equal(t, replies[r].Parts[0].Thought, m.Parts[0].Thought)
		}
	}
	// The screenshot inside a function response survives, even the
	// compaction.
	for n := 2; n < len(reqs); n++ {
		require.Contains(t, string(reqs[n][4]), pngData)
	}

	// Every function call has its response in every request.
	for n, msgs := range reqs {
		calls, results := 0, 0
		for _, m := range msgs {
			var c genai.Content
			require.NoError(t, json.Unmarshal(m, &c))
			for _, p := range c.Parts {
				if p.FunctionCall != nil {
					calls++
				}
				if p.FunctionResponse != nil {
					results++
				}
			}
		}
		require.Equal(t, calls, results, "request %d", n+1)
	}
}
