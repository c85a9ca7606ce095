package hrgenai

import (
	"encoding/base64"
	"encoding/json"
	"reflect"
	"testing"

	"google.golang.org/genai"
	"pgregory.net/rapid"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

const png1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func pngBytes() []byte {
	b, _ := base64.StdEncoding.DecodeString(png1x1)
	return b
}

func genSig(t *rapid.T) []byte {
	if rapid.Bool().Draw(t, "signed") {
		return []byte(rapid.StringMatching(`[A-Za-z0-9+/]{4,20}`).Draw(t, "sig"))
	}
	return nil
}

func genResponse(t *rapid.T) map[string]any {
	switch rapid.IntRange(0, 3).Draw(t, "response") {
	case 0:
		return map[string]any{"output": rapid.StringN(0, 40, -1).Draw(t, "output")}
	case 1:
		return map[string]any{"error": rapid.StringN(0, 40, -1).Draw(t, "error")}
	case 2:
		return map[string]any{"stdout": rapid.String().Draw(t, "stdout"), "stderr": rapid.String().Draw(t, "stderr"), "exit_code": rapid.IntRange(0, 3).Draw(t, "code")}
	}
	return nil
}

func genPart(t *rapid.T, ids *int) *genai.Part {
	switch rapid.IntRange(0, 7).Draw(t, "kind") {
	case 0:
		return &genai.Part{Text: rapid.StringN(0, 40, -1).Draw(t, "text"), ThoughtSignature: genSig(t)}
	case 1:
		*ids++
		id := ""
		if rapid.Bool().Draw(t, "with-id") {
			id = "call_" + string(rune('a'+*ids%26))
		}
		return &genai.Part{
			FunctionCall:     &genai.FunctionCall{ID: id, Name: rapid.SampledFrom([]string{"Grep", "Bash", "Read"}).Draw(t, "tool"), Args: map[string]any{"q": rapid.String().Draw(t, "arg")}},
			ThoughtSignature: genSig(t),
		}
	case 2:
		r := &genai.FunctionResponse{Name: rapid.SampledFrom([]string{"", "Grep", "Bash"}).Draw(t, "name"), Response: genResponse(t)}
		if rapid.Bool().Draw(t, "with-id") {
			r.ID = "call_" + string(rune('a'+*ids%26))
		}
		for range rapid.IntRange(0, 2).Draw(t, "attachments") {
			r.Parts = append(r.Parts, genai.NewFunctionResponsePartFromBytes(pngBytes(), "image/png"))
		}
		return &genai.Part{FunctionResponse: r}
	case 3:
		return &genai.Part{Text: rapid.String().Draw(t, "thought"), Thought: true, ThoughtSignature: genSig(t)}
	case 4:
		return genai.NewPartFromBytes(pngBytes(), "image/png")
	case 5:
		return genai.NewPartFromURI("gs://bucket/"+rapid.StringMatching(`[a-z]{1,8}`).Draw(t, "file"), "application/pdf")
	case 6:
		return genai.NewPartFromExecutableCode(rapid.String().Draw(t, "code"), genai.LanguagePython)
	}
	return &genai.Part{Text: rapid.String().Draw(t, "meta-text"), PartMetadata: map[string]any{"source": rapid.String().Draw(t, "source")}}
}

func genConversation(t *rapid.T) []*genai.Content {
	ids := 0
	msgs := make([]*genai.Content, rapid.IntRange(0, 6).Draw(t, "messages"))
	for i := range msgs {
		parts := make([]*genai.Part, rapid.IntRange(0, 4).Draw(t, "parts"))
		for j := range parts {
			parts[j] = genPart(t, &ids)
		}
		msgs[i] = &genai.Content{Role: rapid.SampledFrom([]string{genai.RoleUser, genai.RoleModel}).Draw(t, "role"), Parts: parts}
	}
	return msgs
}

func marshal(t *rapid.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// To neutral and back with no change gives the caller's own pointers.
func TestRoundTripIsIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		msgs := genConversation(t)
		before := marshal(t, msgs)
		was, err := ToNeutral(msgs)
		if err != nil {
			t.Fatal(err)
		}
		back, err := adapt.Rebuild[*genai.Content](codec{}, msgs, was, was)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, msgs) || marshal(t, back) != before {
			t.Fatalf("round trip changed the contents:\n%s\n%s", before, marshal(t, back))
		}
		for i := range msgs {
			if back[i] != msgs[i] {
				t.Fatalf("content %d is a copy, not the caller's pointer", i)
			}
		}
	})
}

// Changing one text changes that text alone, in a copy.
func TestPatchReplacesOnlyTheText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		msgs := genConversation(t)
		before := marshal(t, msgs)
		was, err := ToNeutral(msgs)
		if err != nil {
			t.Fatal(err)
		}
		type loc struct{ m, p int }
		var texts []loc
		for i, m := range was {
			for j, p := range m.Parts {
				if p.Opaque == nil && p.ToolCall == nil {
					texts = append(texts, loc{i, j})
				}
			}
		}
		if len(texts) == 0 {
			t.Skip("no text")
		}
		at := rapid.SampledFrom(texts).Draw(t, "at")
		repl := "[…headroom: " + rapid.String().Draw(t, "new") + "]"
		now := append([]headroom.Message(nil), was...)
		now[at.m].Parts = append([]headroom.Part(nil), was[at.m].Parts...)
		p := &now[at.m].Parts[at.p]
		if p.ToolResult != nil {
			r := *p.ToolResult
			r.Content = repl
			p.ToolResult = &r
		} else {
			p.Text = repl
		}
		back, err := adapt.Rebuild[*genai.Content](codec{}, msgs, was, now)
		if err != nil {
			t.Fatal(err)
		}
		if marshal(t, msgs) != before {
			t.Fatal("the caller's contents were written")
		}
		for i := range msgs {
			if i != at.m && back[i] != msgs[i] {
				t.Fatalf("content %d is not the caller's", i)
			}
		}
		for j := range msgs[at.m].Parts {
			if j != at.p && back[at.m].Parts[j] != msgs[at.m].Parts[j] {
				t.Fatalf("part %d of the changed content is not the caller's", j)
			}
		}
		op, np := msgs[at.m].Parts[at.p], back[at.m].Parts[at.p]
		if op.FunctionResponse == nil {
			if np.Text != repl {
				t.Fatalf("the text was not replaced: %+v", np)
			}
			q := *np
			q.Text = op.Text
			if !reflect.DeepEqual(&q, op) {
				t.Fatal("the changed text part lost other fields")
			}
			return
		}
		or, nr := op.FunctionResponse, np.FunctionResponse
		if text, _ := ResponseText(nr.Response); text != repl {
			t.Fatalf("the response text is %q, want %q", text, repl)
		}
		if or.ID != nr.ID || or.Name != nr.Name || !reflect.DeepEqual(or.Parts, nr.Parts) || !reflect.DeepEqual(op.ThoughtSignature, np.ThoughtSignature) {
			t.Fatal("the changed response lost its id, name, parts or signature")
		}
	})
}

// A compressed JSON response changes only the string fields headroom
// rewrote; everything else is the caller's values.
func TestWithTextKeepsTheOtherFields(t *testing.T) {
	resp := map[string]any{"stdout": "long output", "stderr": "", "exit_code": 2, "nested": map[string]any{"a": 1.5}}
	text, isErr := ResponseText(resp)
	if isErr {
		t.Fatal("no error field, yet IsError")
	}
	var fields map[string]any
	if err := json.Unmarshal([]byte(text), &fields); err != nil {
		t.Fatal(err)
	}
	fields["stdout"] = "[…headroom: cut]"
	b, _ := json.Marshal(fields)
	got := withText(resp, string(b), false)
	if got["stdout"] != "[…headroom: cut]" || got["exit_code"] != 2 || got["stderr"] != "" || !reflect.DeepEqual(got["nested"], resp["nested"]) {
		t.Fatalf("got %#v", got)
	}
	if resp["stdout"] != "long output" {
		t.Fatal("withText wrote the caller's map")
	}
	// A response compressed as one document is that text.
	got = withText(resp, "[…headroom: all of it]", true)
	want := map[string]any{"error": "[…headroom: all of it]"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v, want %#v", got, want)
	}
}

// Results without ids are named after their calls by position.
func TestNamesByPosition(t *testing.T) {
	msgs := []*genai.Content{
		{Role: genai.RoleModel, Parts: []*genai.Part{genai.NewPartFromFunctionCall("Grep", nil), genai.NewPartFromFunctionCall("Bash", nil)}},
		{Role: genai.RoleUser, Parts: []*genai.Part{{FunctionResponse: &genai.FunctionResponse{Response: map[string]any{"output": "a"}}}, {FunctionResponse: &genai.FunctionResponse{Response: map[string]any{"error": "b"}}}}},
	}
	n, err := ToNeutral(msgs)
	if err != nil {
		t.Fatal(err)
	}
	a, b := n[1].Parts[0].ToolResult, n[1].Parts[1].ToolResult
	if a.Name != "Grep" || b.Name != "Bash" || a.IsError || !b.IsError || b.Content != "b" {
		t.Fatalf("got %+v and %+v", a, b)
	}
}

// FromNeutral is a right inverse of ToNeutral on the neutral side for
// everything it can rebuild.
func TestFromNeutralRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		was, err := ToNeutral(genConversation(t))
		if err != nil {
			t.Fatal(err)
		}
		built, err := FromNeutral(was)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ToNeutral(built)
		if err != nil {
			t.Fatal(err)
		}
		for i := range was {
			if was[i].Role != again[i].Role {
				t.Fatalf("message %d: role %s, then %s", i, was[i].Role, again[i].Role)
			}
			for j := range was[i].Parts {
				a, b := was[i].Parts[j], again[i].Parts[j]
				switch {
				case a.ToolCall != nil:
					if b.ToolCall == nil || a.ToolCall.ID != b.ToolCall.ID || a.ToolCall.Name != b.ToolCall.Name || string(a.ToolCall.Args) != string(b.ToolCall.Args) {
						t.Fatalf("tool call %d/%d: %+v vs %+v", i, j, a.ToolCall, b.ToolCall)
					}
				case a.ToolResult != nil:
					x, y := a.ToolResult, b.ToolResult
					if y == nil || x.Content != y.Content || x.CallID != y.CallID || x.IsError != y.IsError || !reflect.DeepEqual(x.Attachments, y.Attachments) {
						t.Fatalf("tool result %d/%d: %+v vs %+v", i, j, x, y)
					}
				default:
					if !reflect.DeepEqual(a, b) {
						t.Fatalf("part %d/%d: %+v vs %+v", i, j, a, b)
					}
				}
			}
		}
	})
}

func TestTokenCounts(t *testing.T) {
	if n := (Part{genai.NewPartFromBytes(pngBytes(), "image/png")}).TokenCount(); n != geminiTileTokens {
		t.Errorf("1×1 image: %d tokens", n)
	}
	if n := (Part{&genai.Part{Text: "12345678", Thought: true}}).TokenCount(); n != 2 {
		t.Errorf("8-byte thought: %d tokens", n)
	}
	if n := (ResponsePart{genai.NewFunctionResponsePartFromBytes(pngBytes(), "image/png")}).TokenCount(); n != geminiTileTokens {
		t.Errorf("1×1 image in a response: %d tokens", n)
	}
}
