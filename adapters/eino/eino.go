// Package hreino connects headroom to github.com/cloudwego/eino.
//
// An eino agent keeps its history as []*schema.Message. Three ways in:
//
//   - [ToolMiddleware] goes in compose.ToolsNodeConfig.ToolCallMiddlewares
//     (also react.AgentConfig.ToolsConfig): every invokable tool's result
//     is compressed once, as it is made, before it becomes a tool message.
//   - [MessageRewriter] is a react.AgentConfig.MessageRewriter: before each
//     model call it runs the compaction cascade on the agent's state.
//   - [CompressNew] and [Compact] are the same two steps for a hand-written
//     loop over []*schema.Message.
//
// All of them return the caller's own *schema.Message for every message
// headroom did not change. A changed message is a copy of the original
// whose changed text alone is replaced — Content, or the Text of one
// multi-content part — keeping its name, extra, response meta and every
// other field; nothing goes through JSON, and nothing the caller holds is
// written.
//
// A message maps onto headroom's parts in a fixed order: ReasoningContent
// (an opaque [Reasoning]), Content (text, or the tool result of a tool
// message), the parts of MultiContent, UserInputMultiContent and
// AssistantGenMultiContent (text parts as text, the others opaque
// [MediaPart]s; in a tool message all of them the result's attachments),
// then the tool calls.
package hreino

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

// CompressNew compresses the tool results in batch — the tool messages
// about to be appended to history — with c and opts (see [headroom.CompressToolResults]), naming each after the tool
// call it answers when its ToolName is empty. It returns a slice as long
// as batch: messages with nothing compressed are batch's own pointers, the
// others copies whose Content alone is replaced. The report's message
// indices count from the start of batch.
func CompressNew(ctx context.Context, c headroom.Compressor, history, batch []*schema.Message, opts ...headroom.ResultsOption) ([]*schema.Message, headroom.Report, error) {
	out, rep, err := adapt.CompressNew(ctx, codec{}, c, history, batch, opts...)
	if err != nil {
		return nil, rep, fmt.Errorf("hreino: %w", err)
	}
	return out, rep, nil
}

// Compact runs [headroom.CompactIfNeeded] on history: when it nears window
// tokens, the cascade compacts it. Messages the cascade kept are history's
// own pointers, masked tool results are copies with their Content
// replaced, and a summary is a new user message. The report's
// FirstChanged is where the prompt cache breaks. When nothing ran or
// changed, or on error, history itself is returned.
func Compact(ctx context.Context, history []*schema.Message, window int, o headroom.CompactOptions) ([]*schema.Message, headroom.CompactReport, bool, error) {
	out, rep, ran, err := adapt.Compact(ctx, codec{}, history, window, o)
	if err != nil {
		return history, rep, ran, fmt.Errorf("hreino: %w", err)
	}
	return out, rep, ran, nil
}

// MessageRewriter returns a react.AgentConfig.MessageRewriter that runs
// [Compact] on the agent's messages before each model call. A
// MessageRewriter cannot fail: on error the messages go on as they were.
// report, when not nil, is called after every run of the cascade and on
// every error.
func MessageRewriter(window int, o headroom.CompactOptions, report func(headroom.CompactReport, error)) react.MessageModifier {
	return func(ctx context.Context, input []*schema.Message) []*schema.Message {
		out, rep, ran, err := Compact(ctx, input, window, o)
		if report != nil && (ran || err != nil) {
			report(rep, err)
		}
		if err != nil {
			return input
		}
		return out
	}
}

// ToolMiddleware returns a tool-call middleware for
// compose.ToolsNodeConfig.ToolCallMiddlewares that compresses each
// invokable tool's result with c, as [headroom.CompressToolResults] does,
// before the tools node turns it into a tool message; opts go to
// CompressToolResults. report, when not
// nil, is called with the report of every result. A result c fails on is
// an error of the tool call. Streaming tools are left alone.
func ToolMiddleware(c headroom.Compressor, report func(*compose.ToolInput, headroom.Report), opts ...headroom.ResultsOption) compose.ToolMiddleware {
	return compose.ToolMiddleware{Invokable: func(next compose.InvokableToolEndpoint) compose.InvokableToolEndpoint {
		return func(ctx context.Context, in *compose.ToolInput) (*compose.ToolOutput, error) {
			out, err := next(ctx, in)
			if err != nil || out == nil {
				return out, err
			}
			msgs := []headroom.Message{{Role: headroom.RoleTool, Parts: []headroom.Part{{ToolResult: &headroom.ToolResult{
				CallID: in.CallID, Name: in.Name, Content: out.Result,
			}}}}}
			now, rep, err := headroom.CompressToolResults(ctx, c, msgs, opts...)
			if err != nil {
				return nil, fmt.Errorf("hreino: tool %s: %w", in.Name, err)
			}
			if report != nil {
				report(in, rep)
			}
			res := now[0].Parts[0].ToolResult.Content
			if res == out.Result {
				return out, nil
			}
			o := *out
			o.Result = res
			return &o, nil
		}
	}}
}

// ToNeutral converts msgs to headroom messages, naming each tool result
// after its call.
func ToNeutral(msgs []*schema.Message) ([]headroom.Message, error) {
	out, err := adapt.ToNeutral(codec{}, msgs)
	if err != nil {
		return nil, fmt.Errorf("hreino: %w", err)
	}
	return out, nil
}

// Reasoning is a message's ReasoningContent, carried as an opaque part.
type Reasoning struct {
	Text string
}

// TokenCount is the reasoning's text at four bytes a token.
func (r Reasoning) TokenCount() int { return adapt.TextTokens(r.Text) }

// MediaPart is a multi-content part that is not text — an image, audio,
// video, a file — carried as an opaque part or a tool result's attachment.
// Exactly one field is set, as it was in the message.
type MediaPart struct {
	//lint:ignore SA1019 the deprecated MultiContent is still carried through untouched
	Multi  *schema.ChatMessagePart
	Input  *schema.MessageInputPart
	Output *schema.MessageOutputPart
}

// TokenCount estimates what the part costs: an inline image width ×
// height / 750 capped at 1,600, an image by URL 1,600, the text of a text
// part at four bytes a token, anything else the size of its JSON.
func (m MediaPart) TokenCount() int {
	switch {
	case m.Input != nil:
		p := m.Input
		if p.Image != nil && p.Image.Base64Data != nil {
			return adapt.ImageTokensBase64(*p.Image.Base64Data)
		}
		if p.Image != nil {
			return adapt.ImageTokens
		}
		if p.Type == schema.ChatMessagePartTypeText {
			return adapt.TextTokens(p.Text)
		}
		return adapt.JSONTokens(p)
	case m.Output != nil:
		p := m.Output
		if p.Image != nil && p.Image.Base64Data != nil {
			return adapt.ImageTokensBase64(*p.Image.Base64Data)
		}
		if p.Image != nil {
			return adapt.ImageTokens
		}
		if p.Type == schema.ChatMessagePartTypeText {
			return adapt.TextTokens(p.Text)
		}
		return adapt.JSONTokens(p)
	case m.Multi != nil:
		p := m.Multi
		if p.ImageURL != nil {
			return adapt.ImageTokensBase64(p.ImageURL.URL)
		}
		if p.Type == schema.ChatMessagePartTypeText {
			return adapt.TextTokens(p.Text)
		}
		return adapt.JSONTokens(p)
	}
	return 0
}

// slot says where neutral part i of a message lives in the message.
type slot struct {
	field int // one of the constants below
	index int // the index in the field's slice
}

const (
	fReasoning = iota
	fContent
	fResult
	fMulti
	fInput
	fOutput
	fCall
)

// layout lists the slots of m's neutral parts, in order.
func layout(m *schema.Message) []slot {
	var s []slot
	if m.ReasoningContent != "" {
		s = append(s, slot{fReasoning, 0})
	}
	tool := m.Role == schema.Tool
	switch {
	case tool:
		s = append(s, slot{fResult, 0})
	case m.Content != "":
		s = append(s, slot{fContent, 0})
	}
	if !tool {
		for i := range m.MultiContent {
			s = append(s, slot{fMulti, i})
		}
		for i := range m.UserInputMultiContent {
			s = append(s, slot{fInput, i})
		}
		for i := range m.AssistantGenMultiContent {
			s = append(s, slot{fOutput, i})
		}
	}
	for i := range m.ToolCalls {
		s = append(s, slot{fCall, i})
	}
	return s
}

type codec struct{}

func (codec) ToNeutral(m *schema.Message) (headroom.Message, error) {
	if m == nil {
		return headroom.Message{Role: headroom.RoleUser}, nil
	}
	sl := layout(m)
	n := headroom.Message{Role: role(m.Role), Parts: make([]headroom.Part, len(sl))}
	for k, s := range sl {
		p := &n.Parts[k]
		switch s.field {
		case fReasoning:
			p.Opaque = Reasoning{m.ReasoningContent}
		case fContent:
			p.Text = m.Content
		case fResult:
			r := &headroom.ToolResult{CallID: m.ToolCallID, Name: m.ToolName, Content: m.Content}
			for i := range m.MultiContent {
				r.Attachments = append(r.Attachments, MediaPart{Multi: &m.MultiContent[i]})
			}
			for i := range m.UserInputMultiContent {
				r.Attachments = append(r.Attachments, MediaPart{Input: &m.UserInputMultiContent[i]})
			}
			for i := range m.AssistantGenMultiContent {
				r.Attachments = append(r.Attachments, MediaPart{Output: &m.AssistantGenMultiContent[i]})
			}
			p.ToolResult = r
		case fMulti:
			if q := &m.MultiContent[s.index]; q.Type == schema.ChatMessagePartTypeText {
				p.Text = q.Text
			} else {
				p.Opaque = MediaPart{Multi: q}
			}
		case fInput:
			if q := &m.UserInputMultiContent[s.index]; q.Type == schema.ChatMessagePartTypeText {
				p.Text = q.Text
			} else {
				p.Opaque = MediaPart{Input: q}
			}
		case fOutput:
			if q := &m.AssistantGenMultiContent[s.index]; q.Type == schema.ChatMessagePartTypeText {
				p.Text = q.Text
			} else {
				p.Opaque = MediaPart{Output: q}
			}
		case fCall:
			c := m.ToolCalls[s.index]
			p.ToolCall = &headroom.ToolCall{ID: c.ID, Name: c.Function.Name, Args: args(c.Function.Arguments)}
		}
	}
	return n, nil
}

// args is a call's arguments as JSON: themselves when they are JSON, else
// the string as a JSON string, so that a neutral message always marshals.
func args(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	if json.Valid([]byte(s)) {
		return json.RawMessage(s)
	}
	b, _ := json.Marshal(s)
	return b
}

func role(r schema.RoleType) headroom.Role {
	switch r {
	case schema.Assistant:
		return headroom.RoleAssistant
	case schema.System:
		return headroom.RoleSystem
	case schema.Tool:
		return headroom.RoleTool
	}
	return headroom.RoleUser
}

func (codec) Patch(orig *schema.Message, was, now headroom.Message) (*schema.Message, bool) {
	if orig == nil {
		return orig, false
	}
	ch, ok := adapt.Diff(was, now)
	sl := layout(orig)
	if !ok || len(ch) != len(sl) {
		return orig, false
	}
	var m *schema.Message
	for k, c := range ch {
		switch c {
		case adapt.Same:
			continue
		case adapt.Other:
			return orig, false
		}
		if m == nil {
			cp := *orig
			m = &cp
		}
		switch s := sl[k]; s.field {
		case fContent:
			m.Content = now.Parts[k].Text
		case fResult:
			m.Content = now.Parts[k].ToolResult.Content
		case fMulti:
			if &m.MultiContent[0] == &orig.MultiContent[0] {
				//lint:ignore SA1019 the deprecated MultiContent is still carried through untouched
				m.MultiContent = append([]schema.ChatMessagePart(nil), orig.MultiContent...)
			}
			m.MultiContent[s.index].Text = now.Parts[k].Text
		case fInput:
			if &m.UserInputMultiContent[0] == &orig.UserInputMultiContent[0] {
				m.UserInputMultiContent = append([]schema.MessageInputPart(nil), orig.UserInputMultiContent...)
			}
			m.UserInputMultiContent[s.index].Text = now.Parts[k].Text
		case fOutput:
			if &m.AssistantGenMultiContent[0] == &orig.AssistantGenMultiContent[0] {
				m.AssistantGenMultiContent = append([]schema.MessageOutputPart(nil), orig.AssistantGenMultiContent...)
			}
			m.AssistantGenMultiContent[s.index].Text = now.Parts[k].Text
		default:
			return orig, false
		}
	}
	if m == nil {
		return orig, true
	}
	return m, true
}

// FromNeutral builds a new message from n: a summary, or a message a
// custom compaction step wrote. Text parts are joined into Content unless
// the message has opaque multi-content parts, in which case the text
// parts join them, in order, as parts of the same field.
func (codec) FromNeutral(n headroom.Message) (*schema.Message, error) {
	m := &schema.Message{Role: schema.User}
	switch n.Role {
	case headroom.RoleAssistant:
		m.Role = schema.Assistant
	case headroom.RoleSystem:
		m.Role = schema.System
	case headroom.RoleTool:
		m.Role = schema.Tool
	}
	var texts []string
	var media []MediaPart
	var order []any // string or MediaPart, in order
	for i, p := range n.Parts {
		switch {
		case p.ToolCall != nil:
			m.ToolCalls = append(m.ToolCalls, schema.ToolCall{ID: p.ToolCall.ID, Type: "function", Function: schema.FunctionCall{
				Name: p.ToolCall.Name, Arguments: string(p.ToolCall.Args),
			}})
		case p.ToolResult != nil:
			m.Role, m.ToolCallID, m.ToolName, m.Content = schema.Tool, p.ToolResult.CallID, p.ToolResult.Name, p.ToolResult.Content
			for _, a := range p.ToolResult.Attachments {
				mp, ok := a.(MediaPart)
				if !ok {
					return nil, fmt.Errorf("part %d: a tool result attachment of type %T is not an hreino.MediaPart", i, a)
				}
				addMedia(m, mp)
			}
		case p.Opaque != nil:
			switch o := p.Opaque.(type) {
			case Reasoning:
				m.ReasoningContent = o.Text
			case MediaPart:
				media = append(media, o)
				order = append(order, o)
			default:
				return nil, fmt.Errorf("part %d: an opaque part of type %T is not an hreino value", i, p.Opaque)
			}
		default:
			texts = append(texts, p.Text)
			order = append(order, p.Text)
		}
	}
	if len(media) == 0 {
		for i, t := range texts {
			if i > 0 {
				m.Content += "\n"
			}
			m.Content += t
		}
		return m, nil
	}
	kind := media[0]
	for _, o := range order {
		mp, isMedia := o.(MediaPart)
		if !isMedia {
			t := o.(string)
			switch {
			case kind.Multi != nil:
				//lint:ignore SA1019 the deprecated MultiContent is still carried through untouched
				mp = MediaPart{Multi: &schema.ChatMessagePart{Type: schema.ChatMessagePartTypeText, Text: t}}
			case kind.Output != nil:
				mp = MediaPart{Output: &schema.MessageOutputPart{Type: schema.ChatMessagePartTypeText, Text: t}}
			default:
				mp = MediaPart{Input: &schema.MessageInputPart{Type: schema.ChatMessagePartTypeText, Text: t}}
			}
		}
		addMedia(m, mp)
	}
	return m, nil
}

func addMedia(m *schema.Message, mp MediaPart) {
	switch {
	case mp.Multi != nil:
		m.MultiContent = append(m.MultiContent, *mp.Multi)
	case mp.Input != nil:
		m.UserInputMultiContent = append(m.UserInputMultiContent, *mp.Input)
	case mp.Output != nil:
		m.AssistantGenMultiContent = append(m.AssistantGenMultiContent, *mp.Output)
	}
}
