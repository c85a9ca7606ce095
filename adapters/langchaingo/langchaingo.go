// Package hrlangchaingo connects headroom to github.com/tmc/langchaingo.
//
// An agent loop keeps its history as []llms.MessageContent and makes two
// calls: [CompressNew] on the tool messages of a turn, before appending
// them, and [Compact] before each GenerateContent call.
//
//	history = append(history, aiMessage) // the choice's text and tool calls
//	batch := toolMessages                 // one llms.ToolCallResponse each
//	batch, _, err = hrlangchaingo.CompressNew(ctx, h, history, batch)
//	history = append(history, batch...)
//	history, rep, ran, err = hrlangchaingo.Compact(ctx, history, window, headroom.CompactOptions{})
//
// Both return the caller's own values for every message headroom did not
// change (the same Parts slice). A changed tool response is a copy of the
// original part with only its Content replaced; nothing goes through JSON,
// and nothing the caller holds is written.
//
// llms.TextContent parts and llms.ToolCallResponse parts are what headroom
// reads and may compress; llms.ToolCall parts are its tool calls. Every
// other part — images by URL, binary content, llms.CachedContent with its
// cache_control (even around text), parts of types this version does not
// know — rides as an opaque [Part], so that the compaction cascade counts
// it (see its TokenCount) and hands it back untouched.
package hrlangchaingo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tmc/langchaingo/llms"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

// CompressNew compresses the tool responses in batch — the messages about
// to be appended to history, usually the tool messages answering the last
// AI message — with c and opts (see [headroom.CompressToolResults]), naming each response that has no Name after the
// tool call it answers. It returns a slice as long as batch: messages with
// nothing compressed are batch's own values; in the others each compressed
// llms.ToolCallResponse is a copy whose Content alone is replaced. The
// report's message indices count from the start of batch.
func CompressNew(ctx context.Context, c headroom.Compressor, history, batch []llms.MessageContent, opts ...headroom.ResultsOption) ([]llms.MessageContent, headroom.Report, error) {
	out, rep, err := adapt.CompressNew(ctx, codec{}, c, history, batch, opts...)
	if err != nil {
		return nil, rep, fmt.Errorf("hrlangchaingo: %w", err)
	}
	return out, rep, nil
}

// Compact runs [headroom.CompactIfNeeded] on history: when it nears window
// tokens (what the messages may use: the context window minus the reply's
// max tokens and the tool definitions), the cascade compacts it. Messages
// the cascade kept are history's own values, masked tool responses are
// copies with their Content replaced, and a summary is a new human
// message. The report's FirstChanged is where the prompt cache breaks.
// When nothing ran or changed, or on error, history itself is returned.
func Compact(ctx context.Context, history []llms.MessageContent, window int, o headroom.CompactOptions) ([]llms.MessageContent, headroom.CompactReport, bool, error) {
	out, rep, ran, err := adapt.Compact(ctx, codec{}, history, window, o)
	if err != nil {
		return history, rep, ran, fmt.Errorf("hrlangchaingo: %w", err)
	}
	return out, rep, ran, nil
}

// ToNeutral converts msgs to headroom messages, naming each tool response
// after its call. Opaque parts are [Part] values.
func ToNeutral(msgs []llms.MessageContent) ([]headroom.Message, error) {
	out, err := adapt.ToNeutral(codec{}, msgs)
	if err != nil {
		return nil, fmt.Errorf("hrlangchaingo: %w", err)
	}
	return out, nil
}

// FromNeutral builds new messages from headroom messages. Text becomes
// llms.TextContent, tool calls llms.ToolCall of type "function" (Args as
// the arguments string), tool results llms.ToolCallResponse, opaque [Part]
// values the parts they hold. Roles map to ai, human, system and tool. To
// keep the caller's own values, use [CompressNew] and [Compact], which
// call it only for messages headroom wrote.
func FromNeutral(msgs []headroom.Message) ([]llms.MessageContent, error) {
	out := make([]llms.MessageContent, len(msgs))
	for i := range msgs {
		m, err := codec{}.FromNeutral(msgs[i])
		if err != nil {
			return nil, fmt.Errorf("hrlangchaingo: message %d: %w", i, err)
		}
		out[i] = m
	}
	return out, nil
}

// Part is a content part headroom does not model, carried as an opaque
// part, the caller's value untouched.
type Part struct {
	P llms.ContentPart
}

// TokenCount estimates what the part costs: an image by OpenAI's tile
// formula (a URL it cannot read is taken as 1024 × 1024: 765 tokens),
// binary content the size of its base64 at four bytes a token (an image
// by the tile formula), cached content what it wraps, anything else the
// size of its JSON at four bytes a token.
func (p Part) TokenCount() int {
	switch v := p.P.(type) {
	case nil:
		return 0
	case llms.ImageURLContent:
		return adapt.OpenAIImageTokens(v.Detail, v.URL)
	case llms.BinaryContent:
		s := v.String() // a data: URL
		if _, _, ok := adapt.ImageSize(s); ok {
			return adapt.OpenAIImageTokens("", s)
		}
		return adapt.TextTokens(s)
	case llms.CachedContent:
		return Part{v.ContentPart}.TokenCount()
	case llms.TextContent:
		return adapt.TextTokens(v.Text)
	case llms.ToolCallResponse:
		return adapt.TextTokens(v.Content)
	}
	return adapt.JSONTokens(p.P)
}

type codec struct{}

func (codec) ToNeutral(m llms.MessageContent) (headroom.Message, error) {
	n := headroom.Message{Role: role(m.Role), Parts: make([]headroom.Part, 0, len(m.Parts))}
	for _, p := range m.Parts {
		var q headroom.Part
		switch v := p.(type) {
		case llms.TextContent:
			q.Text = v.Text
		case llms.ToolCall:
			if v.FunctionCall == nil {
				q.Opaque = Part{p}
				break
			}
			q.ToolCall = &headroom.ToolCall{ID: v.ID, Name: v.FunctionCall.Name, Args: args(v.FunctionCall.Arguments)}
		case llms.ToolCallResponse:
			q.ToolResult = &headroom.ToolResult{CallID: v.ToolCallID, Name: v.Name, Content: v.Content}
		default:
			q.Opaque = Part{p}
		}
		n.Parts = append(n.Parts, q)
	}
	return n, nil
}

// args is a call's arguments string as JSON: itself when it is JSON (as
// models send it), else the string as a JSON string, so that a neutral
// message always marshals.
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

func role(r llms.ChatMessageType) headroom.Role {
	switch r {
	case llms.ChatMessageTypeAI:
		return headroom.RoleAssistant
	case llms.ChatMessageTypeSystem:
		return headroom.RoleSystem
	case llms.ChatMessageTypeTool, llms.ChatMessageTypeFunction:
		return headroom.RoleTool
	}
	return headroom.RoleUser
}

func (codec) Patch(orig llms.MessageContent, was, now headroom.Message) (llms.MessageContent, bool) {
	ch, ok := adapt.Diff(was, now)
	if !ok || len(ch) != len(orig.Parts) {
		return orig, false
	}
	var parts []llms.ContentPart
	for i, c := range ch {
		switch c {
		case adapt.Same:
			continue
		case adapt.Other:
			return orig, false
		}
		if parts == nil {
			parts = append([]llms.ContentPart(nil), orig.Parts...)
		}
		switch v := orig.Parts[i].(type) {
		case llms.TextContent:
			v.Text = now.Parts[i].Text
			parts[i] = v
		case llms.ToolCallResponse:
			v.Content = now.Parts[i].ToolResult.Content
			parts[i] = v
		default:
			return orig, false
		}
	}
	if parts == nil {
		return orig, true
	}
	m := orig
	m.Parts = parts
	return m, true
}

func (codec) FromNeutral(n headroom.Message) (llms.MessageContent, error) {
	m := llms.MessageContent{Role: llms.ChatMessageTypeHuman, Parts: make([]llms.ContentPart, 0, len(n.Parts))}
	switch n.Role {
	case headroom.RoleAssistant:
		m.Role = llms.ChatMessageTypeAI
	case headroom.RoleSystem:
		m.Role = llms.ChatMessageTypeSystem
	case headroom.RoleTool:
		m.Role = llms.ChatMessageTypeTool
	}
	for i, p := range n.Parts {
		switch {
		case p.ToolCall != nil:
			m.Parts = append(m.Parts, llms.ToolCall{ID: p.ToolCall.ID, Type: "function", FunctionCall: &llms.FunctionCall{
				Name: p.ToolCall.Name, Arguments: string(p.ToolCall.Args),
			}})
		case p.ToolResult != nil:
			if len(p.ToolResult.Attachments) > 0 {
				return m, fmt.Errorf("part %d: langchaingo tool responses carry no attachments", i)
			}
			m.Parts = append(m.Parts, llms.ToolCallResponse{ToolCallID: p.ToolResult.CallID, Name: p.ToolResult.Name, Content: p.ToolResult.Content})
		case p.Opaque != nil:
			o, ok := p.Opaque.(Part)
			if !ok {
				return m, fmt.Errorf("part %d: an opaque part of type %T is not an hrlangchaingo.Part", i, p.Opaque)
			}
			m.Parts = append(m.Parts, o.P)
		default:
			m.Parts = append(m.Parts, llms.TextContent{Text: p.Text})
		}
	}
	return m, nil
}
