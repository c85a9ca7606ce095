package hropenai

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"pgregory.net/rapid"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

const pngURL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

func str(t *rapid.T, label string) string { return rapid.StringN(0, 30, -1).Draw(t, label) }

func textParts(t *rapid.T) []openai.ChatCompletionContentPartTextParam {
	parts := make([]openai.ChatCompletionContentPartTextParam, rapid.IntRange(1, 3).Draw(t, "parts"))
	for i := range parts {
		parts[i] = openai.ChatCompletionContentPartTextParam{Text: str(t, "text")}
		if rapid.Bool().Draw(t, "breakpoint") {
			parts[i].PromptCacheBreakpoint.Ttl = "30m"
		}
	}
	return parts
}

func genChat(t *rapid.T) []openai.ChatCompletionMessageParamUnion {
	var msgs []openai.ChatCompletionMessageParamUnion
	ids := 0
	for range rapid.IntRange(0, 6).Draw(t, "messages") {
		var m openai.ChatCompletionMessageParamUnion
		switch rapid.IntRange(0, 5).Draw(t, "kind") {
		case 0:
			if rapid.Bool().Draw(t, "string") {
				m = openai.SystemMessage(str(t, "system"))
			} else {
				m = openai.SystemMessage(textParts(t))
			}
		case 1:
			if rapid.Bool().Draw(t, "string") {
				m = openai.UserMessage(str(t, "user"))
				break
			}
			var parts []openai.ChatCompletionContentPartUnionParam
			for _, p := range textParts(t) {
				parts = append(parts, openai.ChatCompletionContentPartUnionParam{OfText: &p})
				if rapid.Bool().Draw(t, "image") {
					parts = append(parts, openai.ImageContentPart(openai.ChatCompletionContentPartImageImageURLParam{URL: pngURL, Detail: "low"}))
				}
			}
			m = openai.UserMessage(parts)
		case 2:
			a := openai.ChatCompletionAssistantMessageParam{}
			if rapid.Bool().Draw(t, "content") {
				a.Content.OfString = openai.String(str(t, "assistant"))
			}
			if rapid.Bool().Draw(t, "refusal") {
				a.Refusal = openai.String(str(t, "refusal"))
			}
			for range rapid.IntRange(0, 2).Draw(t, "calls") {
				ids++
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
					ID: "call_" + string(rune('a'+ids%26)), Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: "Bash", Arguments: `{"n":1}`}}})
			}
			m = openai.ChatCompletionMessageParamUnion{OfAssistant: &a}
		case 3:
			if rapid.Bool().Draw(t, "string") {
				m = openai.ToolMessage(str(t, "output"), "call_"+string(rune('a'+ids%26)))
			} else {
				m = openai.ToolMessage(textParts(t), "call_"+string(rune('a'+ids%26)))
			}
		case 4:
			m = openai.DeveloperMessage(str(t, "developer"))
		default:
			m = param.Override[openai.ChatCompletionMessageParamUnion](map[string]any{"role": "future", "n": rapid.Int().Draw(t, "n")})
		}
		msgs = append(msgs, m)
	}
	return msgs
}

func genItems(t *rapid.T) []responses.ResponseInputItemUnionParam {
	var items []responses.ResponseInputItemUnionParam
	for range rapid.IntRange(0, 6).Draw(t, "items") {
		var it responses.ResponseInputItemUnionParam
		id := "call_" + rapid.StringMatching(`[a-c]`).Draw(t, "id")
		switch rapid.IntRange(0, 6).Draw(t, "kind") {
		case 0:
			m := &responses.EasyInputMessageParam{Role: responses.EasyInputMessageRoleUser}
			if rapid.Bool().Draw(t, "string") {
				m.Content.OfString = openai.String(str(t, "text"))
			} else {
				m.Content.OfInputItemContentList = responses.ResponseInputMessageContentListParam{
					{OfInputText: &responses.ResponseInputTextParam{Text: str(t, "text")}},
					{OfInputImage: &responses.ResponseInputImageParam{Detail: "high", ImageURL: openai.String(pngURL)}},
				}
			}
			it.OfMessage = m
		case 1:
			it.OfFunctionCall = &responses.ResponseFunctionToolCallParam{CallID: id, Name: "Grep", Arguments: `{}`}
		case 2:
			it.OfFunctionCallOutput = &responses.ResponseInputItemFunctionCallOutputParam{CallID: openai.String(id),
				Output: responses.ResponseInputItemFunctionCallOutputOutputUnionParam{OfString: openai.String(str(t, "output"))}}
		case 3:
			it.OfReasoning = &responses.ResponseReasoningItemParam{ID: "rs_1", EncryptedContent: openai.String(str(t, "enc")),
				Summary: []responses.ResponseReasoningItemSummaryParam{{Text: str(t, "summary")}}}
		case 4:
			it.OfShellCallOutput = &responses.ResponseInputItemShellCallOutputParam{CallID: id, Output: []responses.ResponseFunctionShellCallOutputContentParam{
				{Stdout: str(t, "stdout"), Stderr: str(t, "stderr"), Outcome: responses.ResponseFunctionShellCallOutputContentOutcomeUnionParam{
					OfExit: &responses.ResponseFunctionShellCallOutputContentOutcomeExitParam{ExitCode: int64(rapid.IntRange(0, 2).Draw(t, "exit"))}}}}}
		case 5:
			// As the SDK's ToParam builds them: fields empty, JSON kept.
			it.OfFunctionCall = new(param.Override[responses.ResponseFunctionToolCallParam](json.RawMessage(`{"type":"function_call","call_id":"` + id + `","name":"Read","arguments":"{}"}`)))
		default:
			it = param.Override[responses.ResponseInputItemUnionParam](json.RawMessage(`{"type":"future_item","id":"x"}`))
		}
		items = append(items, it)
	}
	return items
}

func mustJSON(t *rapid.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// identity checks that rebuilding from an unchanged neutral form gives the
// caller's own values.
func identity[M any](t *rapid.T, c adapt.Codec[M], msgs []M) {
	if len(msgs) == 0 {
		return
	}
	before := mustJSON(t, msgs)
	was, err := adapt.ToNeutral(c, msgs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := adapt.Rebuild(c, msgs, was, was)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, msgs) || mustJSON(t, back) != before {
		t.Fatalf("round trip changed the messages:\n%s\n%s", before, mustJSON(t, back))
	}
}

// patchOne changes the text of one text part or tool result and checks
// that only it changed, in a copy.
func patchOne[M any](t *rapid.T, c adapt.Codec[M], msgs []M) {
	before := mustJSON(t, msgs)
	was, err := adapt.ToNeutral(c, msgs)
	if err != nil {
		t.Fatal(err)
	}
	type loc struct{ m, p int }
	var at []loc
	for i, m := range was {
		for j, p := range m.Parts {
			if p.Opaque == nil && p.ToolCall == nil {
				at = append(at, loc{i, j})
			}
		}
	}
	if len(at) == 0 {
		t.Skip("no text")
	}
	l := rapid.SampledFrom(at).Draw(t, "at")
	repl := "[…headroom: " + str(t, "new") + "]"
	now := append([]headroom.Message(nil), was...)
	now[l.m].Parts = append([]headroom.Part(nil), was[l.m].Parts...)
	p := &now[l.m].Parts[l.p]
	if p.ToolResult != nil {
		r := *p.ToolResult
		r.Content = repl
		p.ToolResult = &r
	} else {
		p.Text = repl
	}
	back, err := adapt.Rebuild(c, msgs, was, now)
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, msgs) != before {
		t.Fatal("the caller's messages were written")
	}
	got, err := adapt.ToNeutral(c, back)
	if err != nil {
		t.Fatal(err)
	}
	gp := got[l.m].Parts[l.p]
	if r := gp.ToolResult; r != nil {
		if r.Content != repl && !json.Valid([]byte(was[l.m].Parts[l.p].ToolResult.Content)) {
			t.Fatalf("the output was not replaced: %q", r.Content)
		}
	} else if gp.Text != repl {
		t.Fatalf("the text was not replaced: %+v", gp)
	}
	for i := range msgs {
		if i != l.m && mustJSON(t, back[i]) != mustJSON(t, msgs[i]) {
			t.Fatalf("message %d changed", i)
		}
	}
	for j := range was[l.m].Parts {
		if j != l.p && !reflect.DeepEqual(was[l.m].Parts[j], got[l.m].Parts[j]) {
			t.Fatalf("part %d of the changed message changed", j)
		}
	}
}

func TestChatRoundTripIsIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { identity[openai.ChatCompletionMessageParamUnion](t, chatCodec{}, genChat(t)) })
}

func TestChatPatchReplacesOnlyTheText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { patchOne[openai.ChatCompletionMessageParamUnion](t, chatCodec{}, genChat(t)) })
}

func TestItemsRoundTripIsIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { identity[responses.ResponseInputItemUnionParam](t, itemCodec{}, genItems(t)) })
}

func TestItemsPatchReplacesOnlyTheText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { patchOne[responses.ResponseInputItemUnionParam](t, itemCodec{}, genItems(t)) })
}

// The neutral form of what FromNeutral builds is what it was built from.
func TestFromNeutralRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		for _, m := range []struct {
			name string
			run  func() error
		}{
			{"chat", func() error {
				return neutralFixpoint[openai.ChatCompletionMessageParamUnion](t, chatCodec{}, genChat(t))
			}},
			{"items", func() error {
				return neutralFixpoint[responses.ResponseInputItemUnionParam](t, itemCodec{}, genItems(t))
			}},
		} {
			if err := m.run(); err != nil {
				t.Fatalf("%s: %v", m.name, err)
			}
		}
	})
}

func neutralFixpoint[M any](t *rapid.T, c adapt.Codec[M], msgs []M) error {
	was, err := adapt.ToNeutral(c, msgs)
	if err != nil {
		return err
	}
	for i, n := range was {
		if hasShell(n) {
			continue // shell items come back as function items: another name, same text
		}
		m, err := c.FromNeutral(n)
		if err != nil {
			return err
		}
		again, err := c.ToNeutral(m)
		if err != nil {
			return err
		}
		adapt.ResolveNames([]headroom.Message{again})
		if r := n.Parts; len(r) == 1 && r[0].ToolResult != nil {
			again.Parts[0].ToolResult.Name = r[0].ToolResult.Name
		}
		if !reflect.DeepEqual(n, again) {
			t.Fatalf("message %d:\n%+v\n%+v", i, n, again)
		}
	}
	return nil
}

func hasShell(m headroom.Message) bool {
	for _, p := range m.Parts {
		if p.ToolResult != nil && p.ToolResult.ExitCode != nil {
			return true
		}
	}
	return false
}
