package hrlangchaingo

import (
	"encoding/base64"
	"fmt"
	"reflect"
	"testing"

	"github.com/tmc/langchaingo/llms"
	"pgregory.net/rapid"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

const png1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

// unknownPart is a part of a type this adapter does not know.
type unknownPart struct {
	llms.ContentPart
	N int
}

func genPart(t *rapid.T, ids *int) llms.ContentPart {
	switch rapid.IntRange(0, 6).Draw(t, "kind") {
	case 0:
		return llms.TextPart(rapid.StringN(0, 40, -1).Draw(t, "text"))
	case 1:
		*ids++
		return llms.ToolCall{ID: fmt.Sprintf("call_%d", *ids), Type: "function", FunctionCall: &llms.FunctionCall{
			Name:      rapid.SampledFrom([]string{"Grep", "Bash", "Read"}).Draw(t, "tool"),
			Arguments: fmt.Sprintf(`{"q":%q}`, rapid.String().Draw(t, "arg")),
		}}
	case 2:
		id := ""
		if rapid.Bool().Draw(t, "with-id") {
			id = fmt.Sprintf("call_%d", *ids)
		}
		return llms.ToolCallResponse{ToolCallID: id, Name: rapid.SampledFrom([]string{"", "Grep"}).Draw(t, "name"), Content: rapid.StringN(0, 40, -1).Draw(t, "content")}
	case 3:
		return llms.ImageURLWithDetailPart("https://example.com/"+rapid.StringMatching(`[a-z]{1,8}`).Draw(t, "img")+".png", rapid.SampledFrom([]string{"", "low", "high"}).Draw(t, "detail"))
	case 4:
		b, _ := base64.StdEncoding.DecodeString(png1x1)
		return llms.BinaryPart("image/png", b)
	case 5:
		return llms.CachedContent{ContentPart: llms.TextPart(rapid.String().Draw(t, "cached")), CacheControl: &llms.CacheControl{Type: "ephemeral"}}
	}
	return unknownPart{N: rapid.Int().Draw(t, "n")}
}

func genConversation(t *rapid.T) []llms.MessageContent {
	ids := 0
	msgs := make([]llms.MessageContent, rapid.IntRange(0, 6).Draw(t, "messages"))
	for i := range msgs {
		parts := make([]llms.ContentPart, rapid.IntRange(0, 4).Draw(t, "parts"))
		for j := range parts {
			parts[j] = genPart(t, &ids)
		}
		msgs[i] = llms.MessageContent{Role: rapid.SampledFrom([]llms.ChatMessageType{"human", "ai", "system", "tool", "generic"}).Draw(t, "role"), Parts: parts}
	}
	return msgs
}

// dump is a deep rendering of msgs that sees through the interfaces.
func dump(v any) string { return fmt.Sprintf("%#v", v) }

// To neutral and back with no change gives the caller's own values.
func TestRoundTripIsIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		msgs := genConversation(t)
		before := dump(msgs)
		was, err := ToNeutral(msgs)
		if err != nil {
			t.Fatal(err)
		}
		back, err := adapt.Rebuild[llms.MessageContent](codec{}, msgs, was, was)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, msgs) || dump(back) != before {
			t.Fatalf("round trip changed the messages:\n%s\n%s", before, dump(back))
		}
		for i := range msgs {
			if len(msgs[i].Parts) > 0 && &back[i].Parts[0] != &msgs[i].Parts[0] {
				t.Fatalf("message %d is a copy, not the caller's value", i)
			}
		}
	})
}

// Changing one text changes that text alone, in a copy.
func TestPatchReplacesOnlyTheText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		msgs := genConversation(t)
		before := dump(msgs)
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
		back, err := adapt.Rebuild[llms.MessageContent](codec{}, msgs, was, now)
		if err != nil {
			t.Fatal(err)
		}
		if dump(msgs) != before {
			t.Fatal("the caller's messages were written")
		}
		for i := range msgs {
			if i != at.m && dump(back[i]) != dump(msgs[i]) {
				t.Fatalf("message %d changed", i)
			}
		}
		if back[at.m].Role != msgs[at.m].Role {
			t.Fatal("the changed message lost its role")
		}
		for j := range msgs[at.m].Parts {
			if j != at.p && dump(back[at.m].Parts[j]) != dump(msgs[at.m].Parts[j]) {
				t.Fatalf("part %d of the changed message changed", j)
			}
		}
		switch o := msgs[at.m].Parts[at.p].(type) {
		case llms.TextContent:
			if back[at.m].Parts[at.p] != (llms.TextContent{Text: repl}) {
				t.Fatalf("got %#v", back[at.m].Parts[at.p])
			}
		case llms.ToolCallResponse:
			o.Content = repl
			if back[at.m].Parts[at.p] != o {
				t.Fatalf("got %#v, want %#v", back[at.m].Parts[at.p], o)
			}
		}
	})
}

// FromNeutral is a right inverse of ToNeutral on the neutral side.
func TestFromNeutralRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		msgs := genConversation(t)
		was, err := ToNeutral(msgs)
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
		if !reflect.DeepEqual(was, again) {
			t.Fatalf("\n%#v\n%#v", was, again)
		}
		for i := range msgs {
			if msgs[i].Role == "generic" {
				continue // generic becomes human
			}
			if built[i].Role != msgs[i].Role {
				t.Fatalf("message %d: role %s, then %s", i, msgs[i].Role, built[i].Role)
			}
		}
	})
}

func TestTokenCounts(t *testing.T) {
	b, _ := base64.StdEncoding.DecodeString(png1x1)
	for _, tt := range []struct {
		p    llms.ContentPart
		want int
	}{
		{llms.ImageURLWithDetailPart("https://example.com/a.png", "low"), 85},
		{llms.ImageURLPart("https://example.com/a.png"), 765},
		{llms.BinaryPart("image/png", b), 255},
		{llms.CachedContent{ContentPart: llms.TextPart("12345678")}, 2},
	} {
		if got := (Part{tt.p}).TokenCount(); got != tt.want {
			t.Errorf("%#v: %d tokens, want %d", tt.p, got, tt.want)
		}
	}
}
