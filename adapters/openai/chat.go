// Package hropenai connects headroom to github.com/openai/openai-go/v3,
// for both of its conversation shapes:
//
//   - Chat Completions, a history of []openai.ChatCompletionMessageParamUnion:
//     [CompressNew], [Compact], [ToNeutral], [FromNeutral];
//   - the Responses API, a history of input items
//     ([]responses.ResponseInputItemUnionParam): [CompressNewItems],
//     [CompactItems], [ItemsToNeutral], [ItemsFromNeutral], and
//     [OutputItems] to turn a response's output into input items.
//
// An agent loop makes two calls: CompressNew (CompressNewItems) on a
// turn's tool results before appending them, and Compact (CompactItems)
// before each model call. Both return the caller's own values for every
// message or item headroom did not change; a changed tool result is a
// copy whose text alone is replaced. Nothing goes through JSON, and
// nothing the caller holds is written.
//
// Text is what headroom reads and may compress; tool calls and their
// outputs (function, custom and shell calls) are its tool calls and
// results, names resolved by call id. Everything else — images, audio,
// files, refusals, reasoning items with their encrypted content, built-in
// tool calls — rides as an opaque part ([ContentPart], [Item], …) with a
// TokenCount, untouched.
package hropenai

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

// CompressNew compresses the tool messages in batch — the messages about
// to be appended to history — with c, naming each result after the tool
// call it answers in history or batch. It returns a slice as long as
// batch: messages with nothing compressed are batch's own values, the
// others copies whose content alone is replaced. The report's message
// indices count from the start of batch. opts are those of
// [headroom.CompressToolResults], such as [headroom.Concurrency].
func CompressNew(ctx context.Context, c headroom.Compressor, history, batch []openai.ChatCompletionMessageParamUnion, opts ...headroom.ResultsOption) ([]openai.ChatCompletionMessageParamUnion, headroom.Report, error) {
	out, rep, err := adapt.CompressNew(ctx, chatCodec{}, c, history, batch, opts...)
	if err != nil {
		return nil, rep, fmt.Errorf("hropenai: %w", err)
	}
	return out, rep, nil
}

// Compact runs [headroom.CompactIfNeeded] on a Chat Completions history:
// when it nears window tokens (the context window minus max_tokens and the
// tool definitions), the cascade compacts it to o.Budget (by default
// [headroom.DefaultCompactTarget] of window). Kept messages are history's
// own values, masked tool messages copies with their content replaced, a
// summary a new user message. The report's FirstChanged is where the
// prompt cache breaks. When nothing ran or changed, or on error, history
// itself is returned.
func Compact(ctx context.Context, history []openai.ChatCompletionMessageParamUnion, window int, o headroom.CompactOptions) ([]openai.ChatCompletionMessageParamUnion, headroom.CompactReport, bool, error) {
	out, rep, ran, err := adapt.Compact(ctx, chatCodec{}, history, window, o)
	if err != nil {
		return history, rep, ran, fmt.Errorf("hropenai: %w", err)
	}
	return out, rep, ran, nil
}

// ToNeutral converts Chat Completions messages to headroom messages,
// naming each tool result after its call.
func ToNeutral(msgs []openai.ChatCompletionMessageParamUnion) ([]headroom.Message, error) {
	out, err := adapt.ToNeutral(chatCodec{}, msgs)
	if err != nil {
		return nil, fmt.Errorf("hropenai: %w", err)
	}
	return out, nil
}

// FromNeutral builds new Chat Completions messages from headroom messages.
// Tool calls become function tool calls, each tool result a tool message,
// and the opaque parts ToNeutral made go back where they came from. To
// keep the caller's own values use [CompressNew] and [Compact], which
// call it only for messages headroom wrote.
func FromNeutral(msgs []headroom.Message) ([]openai.ChatCompletionMessageParamUnion, error) {
	var out []openai.ChatCompletionMessageParamUnion
	for i := range msgs {
		m, err := chatCodec{}.FromNeutral(msgs[i])
		if err != nil {
			return nil, fmt.Errorf("hropenai: message %d: %w", i, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// ContentPart is a part of a user message that is not text — an image, an
// audio clip, a file — carried as an opaque part.
type ContentPart struct {
	Param openai.ChatCompletionContentPartUnionParam
}

// TokenCount estimates the part: an image by OpenAI's tile formula (see
// [adapt.OpenAIImageTokens]), anything else [headroom.OpaqueTokens].
func (p ContentPart) TokenCount() int {
	if im := p.Param.OfImageURL; im != nil {
		return adapt.OpenAIImageTokens(im.ImageURL.Detail, im.ImageURL.URL)
	}
	return headroom.OpaqueTokens
}

// Refusal is an assistant message's refusal, its Refusal field or a
// refusal content part, carried as an opaque part.
type Refusal struct {
	Text string
	Part bool // a content part rather than the Refusal field
}

// TokenCount is the refusal's text at four bytes a token.
func (r Refusal) TokenCount() int { return adapt.TextTokens(r.Text) }

// Audio is an assistant message's reference to a previous audio response.
type Audio struct {
	Param openai.ChatCompletionAssistantMessageParamAudio
}

// TokenCount is [headroom.OpaqueTokens]: the audio's length is unknown.
func (Audio) TokenCount() int { return headroom.OpaqueTokens }

// Message is a message of no kind this SDK version names (made with
// param.Override, say), carried whole as the only part of a user message.
type Message struct {
	Param openai.ChatCompletionMessageParamUnion
}

// TokenCount is the message's JSON size at four bytes a token.
func (m Message) TokenCount() int { return adapt.JSONTokens(m.Param) }

type chatCodec struct{}

func text(s string) headroom.Part { return headroom.Part{Text: s} }

func (chatCodec) ToNeutral(u openai.ChatCompletionMessageParamUnion) (headroom.Message, error) {
	switch {
	case u.OfSystem != nil:
		return textMessage(headroom.RoleSystem, u.OfSystem.Content.OfString, u.OfSystem.Content.OfArrayOfContentParts), nil
	case u.OfDeveloper != nil:
		return textMessage(headroom.RoleSystem, u.OfDeveloper.Content.OfString, u.OfDeveloper.Content.OfArrayOfContentParts), nil
	case u.OfUser != nil:
		m := headroom.Message{Role: headroom.RoleUser}
		c := u.OfUser.Content
		if c.OfString.Valid() {
			m.Parts = []headroom.Part{text(c.OfString.Value)}
		}
		for _, p := range c.OfArrayOfContentParts {
			if p.OfText != nil {
				m.Parts = append(m.Parts, text(p.OfText.Text))
			} else {
				m.Parts = append(m.Parts, headroom.Part{Opaque: ContentPart{p}})
			}
		}
		return m, nil
	case u.OfAssistant != nil:
		a := u.OfAssistant
		m := headroom.Message{Role: headroom.RoleAssistant}
		if a.Content.OfString.Valid() {
			m.Parts = append(m.Parts, text(a.Content.OfString.Value))
		}
		for _, p := range a.Content.OfArrayOfContentParts {
			switch {
			case p.OfText != nil:
				m.Parts = append(m.Parts, text(p.OfText.Text))
			case p.OfRefusal != nil:
				m.Parts = append(m.Parts, headroom.Part{Opaque: Refusal{Text: p.OfRefusal.Refusal, Part: true}})
			default:
				return m, fmt.Errorf("an assistant content part of no known kind")
			}
		}
		if a.Refusal.Valid() {
			m.Parts = append(m.Parts, headroom.Part{Opaque: Refusal{Text: a.Refusal.Value}})
		}
		if a.Audio.ID != "" {
			m.Parts = append(m.Parts, headroom.Part{Opaque: Audio{a.Audio}})
		}
		for _, tc := range a.ToolCalls {
			switch {
			case tc.OfFunction != nil:
				m.Parts = append(m.Parts, headroom.Part{ToolCall: &headroom.ToolCall{
					ID: tc.OfFunction.ID, Name: tc.OfFunction.Function.Name, Args: json.RawMessage(tc.OfFunction.Function.Arguments)}})
			case tc.OfCustom != nil:
				in, _ := json.Marshal(tc.OfCustom.Custom.Input) // a string always marshals
				m.Parts = append(m.Parts, headroom.Part{ToolCall: &headroom.ToolCall{
					ID: tc.OfCustom.ID, Name: tc.OfCustom.Custom.Name, Args: in}})
			default:
				return m, fmt.Errorf("a tool call of no known kind")
			}
		}
		//lint:ignore SA1019 histories written before tool_calls still hold function_call turns: they must read and rebuild
		if fc := a.FunctionCall; fc.Name != "" {
			m.Parts = append(m.Parts, headroom.Part{ToolCall: &headroom.ToolCall{Name: fc.Name, Args: json.RawMessage(fc.Arguments)}})
		}
		return m, nil
	case u.OfTool != nil:
		return headroom.Message{Role: headroom.RoleTool, Parts: []headroom.Part{{ToolResult: &headroom.ToolResult{
			CallID: u.OfTool.ToolCallID, Content: joinText(u.OfTool.Content.OfString, u.OfTool.Content.OfArrayOfContentParts),
		}}}}, nil
	case u.OfFunction != nil:
		return headroom.Message{Role: headroom.RoleTool, Parts: []headroom.Part{{ToolResult: &headroom.ToolResult{
			Name: u.OfFunction.Name, Content: u.OfFunction.Content.Value,
		}}}}, nil
	}
	return headroom.Message{Role: headroom.RoleUser, Parts: []headroom.Part{{Opaque: Message{u}}}}, nil
}

func textMessage(role headroom.Role, s param.Opt[string], parts []openai.ChatCompletionContentPartTextParam) headroom.Message {
	m := headroom.Message{Role: role}
	if s.Valid() {
		m.Parts = []headroom.Part{text(s.Value)}
	}
	for _, p := range parts {
		m.Parts = append(m.Parts, text(p.Text))
	}
	return m
}

func joinText(s param.Opt[string], parts []openai.ChatCompletionContentPartTextParam) string {
	if s.Valid() {
		return s.Value
	}
	texts := make([]string, len(parts))
	for i, p := range parts {
		texts[i] = p.Text
	}
	return strings.Join(texts, "\n")
}

// withText returns text parts with their text replaced by s: the first
// part, copied, holds s and the others go.
func withText(parts []openai.ChatCompletionContentPartTextParam, s string) []openai.ChatCompletionContentPartTextParam {
	if len(parts) == 0 {
		return []openai.ChatCompletionContentPartTextParam{{Text: s}}
	}
	p := parts[0]
	p.Text = s
	return []openai.ChatCompletionContentPartTextParam{p}
}

// patchTexts replaces the changed text parts of a text-only content.
func patchTexts(parts []openai.ChatCompletionContentPartTextParam, ch []adapt.PartChange, now headroom.Message) []openai.ChatCompletionContentPartTextParam {
	out := append([]openai.ChatCompletionContentPartTextParam(nil), parts...)
	for i, c := range ch {
		if c == adapt.TextChanged {
			out[i].Text = now.Parts[i].Text
		}
	}
	return out
}

func (chatCodec) Patch(orig openai.ChatCompletionMessageParamUnion, was, now headroom.Message) (openai.ChatCompletionMessageParamUnion, bool) {
	ch, ok := adapt.Diff(was, now)
	if !ok {
		return orig, false
	}
	changed := false
	for _, c := range ch {
		if c == adapt.Other {
			return orig, false
		}
		changed = changed || c == adapt.TextChanged
	}
	if !changed {
		return orig, true
	}
	switch {
	case orig.OfTool != nil:
		t := *orig.OfTool
		s := now.Parts[0].ToolResult.Content
		if t.Content.OfString.Valid() {
			t.Content = openai.ChatCompletionToolMessageParamContentUnion{OfString: openai.String(s)}
		} else {
			t.Content = openai.ChatCompletionToolMessageParamContentUnion{OfArrayOfContentParts: withText(t.Content.OfArrayOfContentParts, s)}
		}
		return openai.ChatCompletionMessageParamUnion{OfTool: &t}, true
	case orig.OfFunction != nil:
		f := *orig.OfFunction
		f.Content = openai.String(now.Parts[0].ToolResult.Content)
		return openai.ChatCompletionMessageParamUnion{OfFunction: &f}, true
	case orig.OfSystem != nil:
		s := *orig.OfSystem
		if s.Content.OfString.Valid() {
			s.Content = openai.ChatCompletionSystemMessageParamContentUnion{OfString: openai.String(now.Parts[0].Text)}
		} else {
			s.Content = openai.ChatCompletionSystemMessageParamContentUnion{OfArrayOfContentParts: patchTexts(s.Content.OfArrayOfContentParts, ch, now)}
		}
		return openai.ChatCompletionMessageParamUnion{OfSystem: &s}, true
	case orig.OfDeveloper != nil:
		d := *orig.OfDeveloper
		if d.Content.OfString.Valid() {
			d.Content = openai.ChatCompletionDeveloperMessageParamContentUnion{OfString: openai.String(now.Parts[0].Text)}
		} else {
			d.Content = openai.ChatCompletionDeveloperMessageParamContentUnion{OfArrayOfContentParts: patchTexts(d.Content.OfArrayOfContentParts, ch, now)}
		}
		return openai.ChatCompletionMessageParamUnion{OfDeveloper: &d}, true
	case orig.OfUser != nil:
		u := *orig.OfUser
		if u.Content.OfString.Valid() {
			u.Content = openai.ChatCompletionUserMessageParamContentUnion{OfString: openai.String(now.Parts[0].Text)}
		} else {
			parts := append([]openai.ChatCompletionContentPartUnionParam(nil), u.Content.OfArrayOfContentParts...)
			for i, c := range ch {
				if c == adapt.TextChanged {
					t := *parts[i].OfText
					t.Text = now.Parts[i].Text
					parts[i] = openai.ChatCompletionContentPartUnionParam{OfText: &t}
				}
			}
			u.Content = openai.ChatCompletionUserMessageParamContentUnion{OfArrayOfContentParts: parts}
		}
		return openai.ChatCompletionMessageParamUnion{OfUser: &u}, true
	case orig.OfAssistant != nil:
		// Text parts come first, in content order.
		a := *orig.OfAssistant
		if a.Content.OfString.Valid() {
			a.Content = openai.ChatCompletionAssistantMessageParamContentUnion{OfString: openai.String(now.Parts[0].Text)}
		} else {
			parts := append([]openai.ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion(nil), a.Content.OfArrayOfContentParts...)
			for i, c := range ch {
				if c != adapt.TextChanged {
					continue
				}
				if i >= len(parts) || parts[i].OfText == nil {
					return orig, false
				}
				t := *parts[i].OfText
				t.Text = now.Parts[i].Text
				parts[i] = openai.ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion{OfText: &t}
			}
			a.Content = openai.ChatCompletionAssistantMessageParamContentUnion{OfArrayOfContentParts: parts}
		}
		return openai.ChatCompletionMessageParamUnion{OfAssistant: &a}, true
	}
	return orig, false
}

func (chatCodec) FromNeutral(n headroom.Message) (openai.ChatCompletionMessageParamUnion, error) {
	var texts []string
	var results []*headroom.ToolResult
	var calls []*headroom.ToolCall
	a := &openai.ChatCompletionAssistantMessageParam{}
	var userParts []openai.ChatCompletionContentPartUnionParam
	var asstParts []openai.ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion
	for i, p := range n.Parts {
		switch {
		case p.ToolCall != nil:
			calls = append(calls, p.ToolCall)
		case p.ToolResult != nil:
			results = append(results, p.ToolResult)
		case p.Opaque != nil:
			switch o := p.Opaque.(type) {
			case Message:
				if len(n.Parts) != 1 {
					return openai.ChatCompletionMessageParamUnion{}, fmt.Errorf("part %d: an hropenai.Message must be a message's only part", i)
				}
				return o.Param, nil
			case ContentPart:
				userParts = append(userParts, o.Param)
			case Refusal:
				if o.Part {
					asstParts = append(asstParts, openai.ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion{OfRefusal: &openai.ChatCompletionContentPartRefusalParam{Refusal: o.Text}})
				} else {
					a.Refusal = openai.String(o.Text)
				}
			case Audio:
				a.Audio = o.Param
			default:
				return openai.ChatCompletionMessageParamUnion{}, fmt.Errorf("part %d: an opaque part of type %T is not one of hropenai's", i, p.Opaque)
			}
		default:
			texts = append(texts, p.Text)
			userParts = append(userParts, openai.TextContentPart(p.Text))
			asstParts = append(asstParts, openai.ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion{OfText: &openai.ChatCompletionContentPartTextParam{Text: p.Text}})
		}
	}
	if len(results) > 0 {
		if len(n.Parts) != 1 {
			return openai.ChatCompletionMessageParamUnion{}, fmt.Errorf("a tool result must be its message's only part in Chat Completions, got %d parts", len(n.Parts))
		}
		r := results[0]
		if r.CallID == "" && r.Name != "" {
			//lint:ignore SA1019 histories written before tool_calls still hold function_call turns: they must read and rebuild
			return openai.ChatCompletionMessageParamUnion{OfFunction: &openai.ChatCompletionFunctionMessageParam{Name: r.Name, Content: openai.String(r.Content)}}, nil
		}
		return openai.ToolMessage(r.Content, r.CallID), nil
	}
	switch n.Role {
	case headroom.RoleSystem:
		if len(texts) == 1 {
			return openai.SystemMessage(texts[0]), nil
		}
		parts := make([]openai.ChatCompletionContentPartTextParam, len(texts))
		for i, s := range texts {
			parts[i].Text = s
		}
		return openai.SystemMessage(parts), nil
	case headroom.RoleAssistant:
		if len(asstParts) == 1 && asstParts[0].OfText != nil {
			a.Content.OfString = openai.String(asstParts[0].OfText.Text)
		} else if len(asstParts) > 0 {
			a.Content.OfArrayOfContentParts = asstParts
		}
		for _, c := range calls {
			if c.ID == "" {
				//lint:ignore SA1019 histories written before tool_calls still hold function_call turns: they must read and rebuild
				a.FunctionCall = openai.ChatCompletionAssistantMessageParamFunctionCall{Name: c.Name, Arguments: string(c.Args)}
				continue
			}
			a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
				ID: c.ID, Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: string(c.Args)}}})
		}
		return openai.ChatCompletionMessageParamUnion{OfAssistant: a}, nil
	}
	if len(userParts) == 1 && userParts[0].OfText != nil {
		return openai.UserMessage(userParts[0].OfText.Text), nil
	}
	return openai.UserMessage(userParts), nil
}
