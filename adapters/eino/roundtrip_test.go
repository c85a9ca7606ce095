package hreino

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/cloudwego/eino/schema"
	"pgregory.net/rapid"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

const png1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func genInput(t *rapid.T) schema.MessageInputPart {
	if rapid.Bool().Draw(t, "input-image") {
		d := png1x1
		return schema.MessageInputPart{Type: schema.ChatMessagePartTypeImageURL, Image: &schema.MessageInputImage{MessagePartCommon: schema.MessagePartCommon{Base64Data: &d, MIMEType: "image/png"}}}
	}
	return schema.MessageInputPart{Type: schema.ChatMessagePartTypeText, Text: rapid.StringN(0, 30, -1).Draw(t, "input-text")}
}

func genOutput(t *rapid.T) schema.MessageOutputPart {
	if rapid.Bool().Draw(t, "output-image") {
		u := "https://example.com/a.png"
		return schema.MessageOutputPart{Type: schema.ChatMessagePartTypeImageURL, Image: &schema.MessageOutputImage{MessagePartCommon: schema.MessagePartCommon{URL: &u}}}
	}
	return schema.MessageOutputPart{Type: schema.ChatMessagePartTypeText, Text: rapid.StringN(0, 30, -1).Draw(t, "output-text")}
}

func genMessage(t *rapid.T, ids *int) *schema.Message {
	m := &schema.Message{}
	switch rapid.IntRange(0, 3).Draw(t, "role") {
	case 0:
		m.Role = schema.User
		m.Content = rapid.StringN(0, 30, -1).Draw(t, "content")
		for range rapid.IntRange(0, 3).Draw(t, "inputs") {
			m.UserInputMultiContent = append(m.UserInputMultiContent, genInput(t))
		}
		if rapid.Bool().Draw(t, "legacy") {
			//lint:ignore SA1019 the deprecated MultiContent is still carried through untouched
			m.MultiContent = []schema.ChatMessagePart{{Type: schema.ChatMessagePartTypeImageURL, ImageURL: &schema.ChatMessageImageURL{URL: "data:image/png;base64," + png1x1}}, {Type: schema.ChatMessagePartTypeText, Text: "legacy"}}
		}
	case 1:
		m.Role = schema.Assistant
		m.Content = rapid.StringN(0, 30, -1).Draw(t, "content")
		m.ReasoningContent = rapid.StringN(0, 30, -1).Draw(t, "reasoning")
		for range rapid.IntRange(0, 2).Draw(t, "outputs") {
			m.AssistantGenMultiContent = append(m.AssistantGenMultiContent, genOutput(t))
		}
		for range rapid.IntRange(0, 3).Draw(t, "calls") {
			*ids++
			m.ToolCalls = append(m.ToolCalls, schema.ToolCall{ID: fmt.Sprintf("call_%d", *ids), Type: "function", Function: schema.FunctionCall{
				Name: rapid.SampledFrom([]string{"Grep", "Bash"}).Draw(t, "tool"), Arguments: fmt.Sprintf(`{"q":%q}`, rapid.String().Draw(t, "arg")),
			}})
		}
		if rapid.Bool().Draw(t, "extra") {
			m.Extra = map[string]any{"signature": rapid.String().Draw(t, "sig")}
		}
	case 2:
		m.Role = schema.Tool
		m.Content = rapid.StringN(0, 40, -1).Draw(t, "result")
		m.ToolCallID = fmt.Sprintf("call_%d", *ids)
		m.ToolName = rapid.SampledFrom([]string{"", "Grep"}).Draw(t, "tool-name")
		for range rapid.IntRange(0, 2).Draw(t, "attachments") {
			m.UserInputMultiContent = append(m.UserInputMultiContent, genInput(t))
		}
	default:
		m.Role = schema.System
		m.Content = rapid.String().Draw(t, "system")
	}
	if rapid.Bool().Draw(t, "name") {
		m.Name = "agent"
	}
	return m
}

func genConversation(t *rapid.T) []*schema.Message {
	ids := 0
	msgs := make([]*schema.Message, rapid.IntRange(0, 6).Draw(t, "messages"))
	for i := range msgs {
		msgs[i] = genMessage(t, &ids)
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
		back, err := adapt.Rebuild[*schema.Message](codec{}, msgs, was, was)
		if err != nil {
			t.Fatal(err)
		}
		if marshal(t, back) != before {
			t.Fatalf("round trip changed the messages:\n%s\n%s", before, marshal(t, back))
		}
		for i := range msgs {
			if back[i] != msgs[i] {
				t.Fatalf("message %d is a copy, not the caller's pointer", i)
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
		back, err := adapt.Rebuild[*schema.Message](codec{}, msgs, was, now)
		if err != nil {
			t.Fatal(err)
		}
		if marshal(t, msgs) != before {
			t.Fatal("the caller's messages were written")
		}
		for i := range msgs {
			if i != at.m && back[i] != msgs[i] {
				t.Fatalf("message %d is not the caller's", i)
			}
		}
		got, err := ToNeutral(back)
		if err != nil {
			t.Fatal(err)
		}
		// The changed message's neutral form is now's, name resolution
		// aside; every field of the message but the text is the caller's.
		want := now[at.m]
		if gp := got[at.m].Parts[at.p]; gp.ToolResult != nil {
			r := *want.Parts[at.p].ToolResult
			r.Name = gp.ToolResult.Name
			want.Parts = append([]headroom.Part(nil), want.Parts...)
			want.Parts[at.p].ToolResult = &r
		}
		if !reflect.DeepEqual(got[at.m], want) {
			t.Fatalf("the changed message:\n%#v\nwant\n%#v", got[at.m], want)
		}
		o, b := *msgs[at.m], *back[at.m]
		o.Content, b.Content = "", ""
		o.UserInputMultiContent, b.UserInputMultiContent = nil, nil
		o.AssistantGenMultiContent, b.AssistantGenMultiContent = nil, nil
		o.MultiContent, b.MultiContent = nil, nil
		if !reflect.DeepEqual(o, b) {
			t.Fatalf("the changed message lost a field:\n%#v\n%#v", o, b)
		}
	})
}

// FromNeutral builds a summary as a plain user message.
func TestFromNeutralSummary(t *testing.T) {
	m, err := codec{}.FromNeutral(headroom.Message{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: "[CONVERSATION_SUMMARY]x[/CONVERSATION_SUMMARY]"}}})
	if err != nil {
		t.Fatal(err)
	}
	if m.Role != schema.User || m.Content != "[CONVERSATION_SUMMARY]x[/CONVERSATION_SUMMARY]" {
		t.Fatalf("%#v", m)
	}
}

func TestTokenCounts(t *testing.T) {
	d := png1x1
	img := MediaPart{Input: &schema.MessageInputPart{Type: schema.ChatMessagePartTypeImageURL, Image: &schema.MessageInputImage{MessagePartCommon: schema.MessagePartCommon{Base64Data: &d}}}}
	if n := img.TokenCount(); n != 1 {
		t.Errorf("1×1 image: %d tokens", n)
	}
	if n := (Reasoning{"12345678"}).TokenCount(); n != 2 {
		t.Errorf("8-byte reasoning: %d tokens", n)
	}
}
