package hranthropic

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/packages/param"
	"pgregory.net/rapid"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

const png1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func genText(t *rapid.T, label string) *anthropic.TextBlockParam {
	tb := &anthropic.TextBlockParam{Text: rapid.StringN(0, 40, -1).Draw(t, label)}
	if rapid.Bool().Draw(t, label+"-cache") {
		tb.CacheControl = anthropic.NewCacheControlEphemeralParam()
	}
	return tb
}

func genResultContent(t *rapid.T) []anthropic.ToolResultBlockParamContentUnion {
	var out []anthropic.ToolResultBlockParamContentUnion
	for range rapid.IntRange(0, 3).Draw(t, "pieces") {
		if rapid.Bool().Draw(t, "image") {
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{Data: png1x1, MediaType: "image/png"}},
			}})
			continue
		}
		out = append(out, anthropic.ToolResultBlockParamContentUnion{OfText: genText(t, "result-text")})
	}
	return out
}

func genBlock(t *rapid.T, ids *int) anthropic.ContentBlockParamUnion {
	switch rapid.IntRange(0, 7).Draw(t, "kind") {
	case 0:
		return anthropic.ContentBlockParamUnion{OfText: genText(t, "text")}
	case 1:
		*ids++
		return anthropic.NewToolUseBlock("toolu_"+string(rune('a'+*ids%26)), map[string]any{"q": rapid.String().Draw(t, "arg")}, rapid.SampledFrom([]string{"Grep", "Bash", "Read"}).Draw(t, "tool"))
	case 2:
		r := &anthropic.ToolResultBlockParam{ToolUseID: "toolu_" + string(rune('a'+*ids%26)), Content: genResultContent(t)}
		if rapid.Bool().Draw(t, "is_error") {
			r.IsError = anthropic.Bool(true)
		}
		if rapid.Bool().Draw(t, "result-cache") {
			r.CacheControl = anthropic.NewCacheControlEphemeralParam()
		}
		return anthropic.ContentBlockParamUnion{OfToolResult: r}
	case 3:
		return anthropic.NewThinkingBlock(rapid.StringMatching(`[A-Za-z0-9+/]{8,40}`).Draw(t, "sig"), rapid.String().Draw(t, "thought"))
	case 4:
		return anthropic.NewRedactedThinkingBlock(rapid.StringMatching(`[A-Za-z0-9+/]{8,40}`).Draw(t, "data"))
	case 5:
		return anthropic.NewImageBlockBase64("image/png", png1x1)
	case 6:
		return anthropic.NewDocumentBlock(anthropic.PlainTextSourceParam{Data: rapid.String().Draw(t, "doc")})
	}
	return param.Override[anthropic.ContentBlockParamUnion](map[string]any{"type": "future_block", "n": rapid.Int().Draw(t, "n")})
}

func genConversation(t *rapid.T) []anthropic.MessageParam {
	ids := 0
	msgs := make([]anthropic.MessageParam, rapid.IntRange(0, 6).Draw(t, "messages"))
	for i := range msgs {
		blocks := make([]anthropic.ContentBlockParamUnion, rapid.IntRange(0, 4).Draw(t, "blocks"))
		for j := range blocks {
			blocks[j] = genBlock(t, &ids)
		}
		msgs[i] = anthropic.MessageParam{Role: rapid.SampledFrom([]anthropic.MessageParamRole{"user", "assistant"}).Draw(t, "role"), Content: blocks}
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

// To neutral and back with no change gives the caller's own values.
func TestRoundTripIsIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		msgs := genConversation(t)
		before := marshal(t, msgs)
		was, err := ToNeutral(msgs)
		if err != nil {
			t.Fatal(err)
		}
		back, err := adapt.Rebuild[anthropic.MessageParam](codec{}, msgs, was, was)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, msgs) || marshal(t, back) != before {
			t.Fatalf("round trip changed the messages:\n%s\n%s", before, marshal(t, back))
		}
		for i := range msgs {
			if len(msgs[i].Content) > 0 && &back[i].Content[0] != &msgs[i].Content[0] {
				t.Fatalf("message %d is a copy, not the caller's value", i)
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
		back, err := adapt.Rebuild[anthropic.MessageParam](codec{}, msgs, was, now)
		if err != nil {
			t.Fatal(err)
		}
		if marshal(t, msgs) != before {
			t.Fatal("the caller's messages were written")
		}
		got, err := ToNeutral(back)
		if err != nil {
			t.Fatal(err)
		}
		gp := got[at.m].Parts[at.p]
		if (gp.ToolResult != nil && gp.ToolResult.Content != repl) || (gp.ToolResult == nil && gp.Text != repl) {
			t.Fatalf("the text was not replaced: %+v", gp)
		}
		for i := range msgs {
			if i != at.m && marshal(t, back[i]) != marshal(t, msgs[i]) {
				t.Fatalf("message %d changed", i)
			}
		}
		for j := range msgs[at.m].Content {
			if j != at.p && marshal(t, back[at.m].Content[j]) != marshal(t, msgs[at.m].Content[j]) {
				t.Fatalf("block %d of the changed message changed", j)
			}
		}
		// Everything but the text survives in the changed block: its
		// cache_control, its is_error, its images.
		ob, nb := msgs[at.m].Content[at.p], back[at.m].Content[at.p]
		if !reflect.DeepEqual(ob.GetCacheControl(), nb.GetCacheControl()) || !reflect.DeepEqual(ob.GetIsError(), nb.GetIsError()) {
			t.Fatal("the changed block lost its cache_control or is_error")
		}
		if ob.OfToolResult != nil && !reflect.DeepEqual(was[at.m].Parts[at.p].ToolResult.Attachments, gp.ToolResult.Attachments) {
			t.Fatal("the changed tool result lost its images")
		}
	})
}

// FromNeutral is a right inverse of ToNeutral on the neutral side.
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
			for j := range was[i].Parts {
				a, b := was[i].Parts[j], again[i].Parts[j]
				if a.ToolCall != nil {
					// Args come back as the raw JSON they were.
					if b.ToolCall == nil || a.ToolCall.ID != b.ToolCall.ID || a.ToolCall.Name != b.ToolCall.Name || string(a.ToolCall.Args) != string(b.ToolCall.Args) {
						t.Fatalf("tool call %d/%d: %+v vs %+v", i, j, a.ToolCall, b.ToolCall)
					}
					continue
				}
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("part %d/%d: %+v vs %+v", i, j, a, b)
				}
			}
		}
	})
}

func TestTokenCounts(t *testing.T) {
	if n := (Block{anthropic.NewImageBlockBase64("image/png", png1x1)}).TokenCount(); n != 1 {
		t.Errorf("1×1 image: %d tokens", n)
	}
	if n := (Block{anthropic.NewThinkingBlock("sig", "12345678")}).TokenCount(); n != 2 {
		t.Errorf("8-byte thought: %d tokens", n)
	}
	url := anthropic.ContentBlockParamUnion{OfImage: &anthropic.ImageBlockParam{Source: anthropic.ImageBlockParamSourceUnion{OfURL: &anthropic.URLImageSourceParam{URL: "https://example.com/a.png"}}}}
	if n := (Block{url}).TokenCount(); n != adapt.ImageTokens {
		t.Errorf("image by URL: %d tokens", n)
	}
}
