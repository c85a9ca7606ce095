// Package hranthropic connects headroom to github.com/anthropics/anthropic-sdk-go.
//
// An agent loop keeps its history as []anthropic.MessageParam and makes two
// calls: [CompressNew] on the user message that carries a turn's tool
// results, before appending it, and [Compact] before each model call.
//
//	history = append(history, reply.ToParam())
//	batch := []anthropic.MessageParam{anthropic.NewUserMessage(results...)}
//	batch, _, err = hranthropic.CompressNew(ctx, h, history, batch)
//	history = append(history, batch...)
//	history, rep, ran, err = hranthropic.Compact(ctx, history, window, headroom.CompactOptions{})
//
// Both return the caller's own values for every message headroom did not
// change. A changed tool result is a copy of the original block whose text
// alone is replaced; nothing goes through JSON, and nothing the caller
// holds is written.
//
// Text blocks and the text of tool_result blocks are what headroom reads
// and may compress; tool_use blocks are its tool calls. Every other block —
// thinking and redacted thinking with their signatures, images, documents,
// search results, server tool use and its results, blocks made with
// param.Override — rides as an opaque [Block], and the images and documents
// inside a tool_result as [ResultBlock] attachments, so that the compaction
// cascade counts them (see their TokenCount) and hands them back untouched.
package hranthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

// CompressNew compresses the tool results in batch — the messages about to
// be appended to history, usually one user message of tool_result blocks —
// with c, naming each result after the tool_use it answers in history or
// batch. It returns a slice as long as batch: messages with nothing
// compressed are batch's own values; in the others each compressed
// tool_result is a copy whose text alone is replaced. The report's
// message indices count from the start of batch. opts are those of
// [headroom.CompressToolResults], such as [headroom.Concurrency].
func CompressNew(ctx context.Context, c headroom.Compressor, history, batch []anthropic.MessageParam, opts ...headroom.ResultsOption) ([]anthropic.MessageParam, headroom.Report, error) {
	out, rep, err := adapt.CompressNew(ctx, codec{}, c, history, batch, opts...)
	if err != nil {
		return nil, rep, fmt.Errorf("hranthropic: %w", err)
	}
	return out, rep, nil
}

// Compact runs [headroom.CompactIfNeeded] on history: when it nears window
// tokens (pass what the messages may use: the context window minus
// max_tokens, the system prompt and the tool definitions), the cascade
// compacts it to o.Budget (by default [headroom.DefaultCompactTarget] of
// window). Messages the cascade kept are history's own values, masked tool
// results are copies with their text replaced, and a summary is a new user
// message. The report's FirstChanged is where the prompt cache breaks.
// When nothing ran or changed, or on error, history itself is returned.
func Compact(ctx context.Context, history []anthropic.MessageParam, window int, o headroom.CompactOptions) ([]anthropic.MessageParam, headroom.CompactReport, bool, error) {
	out, rep, ran, err := adapt.Compact(ctx, codec{}, history, window, o)
	if err != nil {
		return history, rep, ran, fmt.Errorf("hranthropic: %w", err)
	}
	return out, rep, ran, nil
}

// SystemTokens returns what a system prompt costs, as c counts it (nil
// means [headroom.Estimate]): the system prompt is not one of the
// messages, so subtract it from the window passed to [Compact].
func SystemTokens(system []anthropic.TextBlockParam, c headroom.TokenCounter) int {
	m := headroom.Message{Role: headroom.RoleSystem}
	for _, b := range system {
		m.Parts = append(m.Parts, headroom.Part{Text: b.Text})
	}
	return headroom.CountMessages([]headroom.Message{m}, c)
}

// ToNeutral converts msgs to headroom messages, naming each tool result
// after its call. Opaque parts are [Block] values and attachments
// [ResultBlock] values.
func ToNeutral(msgs []anthropic.MessageParam) ([]headroom.Message, error) {
	out, err := adapt.ToNeutral(codec{}, msgs)
	if err != nil {
		return nil, fmt.Errorf("hranthropic: %w", err)
	}
	return out, nil
}

// FromNeutral builds new messages from headroom messages, as ToNeutral
// made them or as a compaction step wrote them. Text becomes text blocks,
// tool calls tool_use blocks (Args as the raw input), tool results
// tool_result blocks of one text block followed by their attachments, and
// opaque [Block] values the blocks they hold. A tool-role message becomes
// a user message. To keep the caller's own values, use [CompressNew] and
// [Compact], which call it only for messages headroom wrote.
func FromNeutral(msgs []headroom.Message) ([]anthropic.MessageParam, error) {
	out := make([]anthropic.MessageParam, len(msgs))
	for i := range msgs {
		m, err := codec{}.FromNeutral(msgs[i])
		if err != nil {
			return nil, fmt.Errorf("hranthropic: message %d: %w", i, err)
		}
		out[i] = m
	}
	return out, nil
}

// Block is a content block headroom does not model — thinking, an image,
// a document — carried as an opaque part, the caller's value untouched.
type Block struct {
	Param anthropic.ContentBlockParamUnion
}

// TokenCount estimates what the block costs: a thinking block its text at
// four bytes a token, an inline image width × height / 750 capped at
// 1,600 (Anthropic's formula), any other image 1,600, a PDF 1,500 tokens a
// page, any other block the size of its JSON at four bytes a token.
func (b Block) TokenCount() int {
	u := b.Param
	switch {
	case u.OfThinking != nil:
		return adapt.TextTokens(u.OfThinking.Thinking)
	case u.OfRedactedThinking != nil:
		return adapt.TextTokens(u.OfRedactedThinking.Data)
	case u.OfImage != nil:
		return imageTokens(u.OfImage)
	case u.OfDocument != nil:
		return documentTokens(u.OfDocument)
	}
	return adapt.JSONTokens(u)
}

// ResultBlock is a piece of a tool_result's content that is not text — an
// image, a document, a search result — carried in
// [headroom.ToolResult].Attachments.
type ResultBlock struct {
	Param anthropic.ToolResultBlockParamContentUnion
}

// TokenCount estimates what the piece costs, as [Block.TokenCount] does.
func (b ResultBlock) TokenCount() int {
	u := b.Param
	switch {
	case u.OfImage != nil:
		return imageTokens(u.OfImage)
	case u.OfDocument != nil:
		return documentTokens(u.OfDocument)
	}
	return adapt.JSONTokens(u)
}

func imageTokens(im *anthropic.ImageBlockParam) int {
	if s := im.Source.OfBase64; s != nil {
		return adapt.ImageTokensBase64(s.Data)
	}
	return adapt.ImageTokens
}

// pdfPageTokens is the middle of the 1,500 to 3,000 tokens a page that
// Anthropic documents for PDFs, leaning low: the text of most pages.
const pdfPageTokens = 1500

func documentTokens(d *anthropic.DocumentBlockParam) int {
	switch s := d.Source; {
	case s.OfText != nil:
		return adapt.TextTokens(s.OfText.Data)
	case s.OfBase64 != nil:
		if n := adapt.PDFPages(s.OfBase64.Data); n > 0 {
			return n * pdfPageTokens
		}
	}
	return adapt.JSONTokens(d)
}

type codec struct{}

func (codec) ToNeutral(m anthropic.MessageParam) (headroom.Message, error) {
	n := headroom.Message{Role: role(m.Role), Parts: make([]headroom.Part, 0, len(m.Content))}
	for _, b := range m.Content {
		var p headroom.Part
		switch {
		case isText(b):
			p.Text = b.OfText.Text
		case b.OfToolUse != nil:
			args, err := inputJSON(b.OfToolUse.Input)
			if err != nil {
				return headroom.Message{}, fmt.Errorf("tool_use %s: %w", b.OfToolUse.ID, err)
			}
			p.ToolCall = &headroom.ToolCall{ID: b.OfToolUse.ID, Name: b.OfToolUse.Name, Args: args}
		case isToolResult(b):
			p.ToolResult = toolResult(b.OfToolResult)
		default:
			p.Opaque = Block{b}
		}
		n.Parts = append(n.Parts, p)
	}
	return n, nil
}

// isText reports whether b is a text block whose text is its Text field
// (not one replaced wholesale by param.Override).
func isText(b anthropic.ContentBlockParamUnion) bool {
	if b.OfText == nil {
		return false
	}
	_, over := b.OfText.Overrides()
	return !over
}

func isToolResult(b anthropic.ContentBlockParamUnion) bool {
	if b.OfToolResult == nil {
		return false
	}
	_, over := b.OfToolResult.Overrides()
	return !over
}

func toolResult(r *anthropic.ToolResultBlockParam) *headroom.ToolResult {
	tr := &headroom.ToolResult{CallID: r.ToolUseID, IsError: r.IsError.Valid() && r.IsError.Value}
	var texts []string
	for _, c := range r.Content {
		if c.OfText != nil {
			if _, over := c.OfText.Overrides(); !over {
				texts = append(texts, c.OfText.Text)
				continue
			}
		}
		tr.Attachments = append(tr.Attachments, ResultBlock{c})
	}
	tr.Content = strings.Join(texts, "\n")
	return tr
}

// inputJSON is a tool_use's input as JSON, for counting: a reply's
// ToParam holds it as json.RawMessage already.
func inputJSON(in any) (json.RawMessage, error) {
	switch v := in.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return v, nil
	case []byte:
		return v, nil
	case string:
		return json.Marshal(v)
	}
	return json.Marshal(in)
}

func role(r anthropic.MessageParamRole) headroom.Role {
	switch r {
	case anthropic.MessageParamRoleAssistant:
		return headroom.RoleAssistant
	case "system":
		return headroom.RoleSystem
	}
	return headroom.RoleUser
}

func (codec) Patch(orig anthropic.MessageParam, was, now headroom.Message) (anthropic.MessageParam, bool) {
	ch, ok := adapt.Diff(was, now)
	if !ok || len(ch) != len(orig.Content) {
		return orig, false
	}
	var content []anthropic.ContentBlockParamUnion
	for i, c := range ch {
		switch c {
		case adapt.Same:
			continue
		case adapt.Other:
			return orig, false
		}
		if content == nil {
			content = append([]anthropic.ContentBlockParamUnion(nil), orig.Content...)
		}
		b := orig.Content[i]
		switch {
		case b.OfText != nil:
			t := *b.OfText
			t.Text = now.Parts[i].Text
			content[i] = anthropic.ContentBlockParamUnion{OfText: &t}
		case b.OfToolResult != nil:
			r := *b.OfToolResult
			r.Content = withText(r.Content, now.Parts[i].ToolResult.Content)
			content[i] = anthropic.ContentBlockParamUnion{OfToolResult: &r}
		default:
			return orig, false
		}
	}
	if content == nil {
		return orig, true
	}
	m := orig
	m.Content = content
	return m, true
}

// withText returns a tool_result's content with its text replaced: the
// first text block, copied, holds text; the other text blocks go (their
// text was joined into the one that was compressed); everything else
// stays where it was.
func withText(content []anthropic.ToolResultBlockParamContentUnion, text string) []anthropic.ToolResultBlockParamContentUnion {
	out := make([]anthropic.ToolResultBlockParamContentUnion, 0, len(content))
	placed := false
	for _, c := range content {
		if c.OfText != nil {
			if _, over := c.OfText.Overrides(); !over {
				if placed {
					continue
				}
				t := *c.OfText
				t.Text = text
				out = append(out, anthropic.ToolResultBlockParamContentUnion{OfText: &t})
				placed = true
				continue
			}
		}
		out = append(out, c)
	}
	if !placed && text != "" {
		out = append([]anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: text}}}, out...)
	}
	return out
}

func (codec) FromNeutral(n headroom.Message) (anthropic.MessageParam, error) {
	m := anthropic.MessageParam{Role: anthropic.MessageParamRoleUser, Content: make([]anthropic.ContentBlockParamUnion, 0, len(n.Parts))}
	switch n.Role {
	case headroom.RoleAssistant:
		m.Role = anthropic.MessageParamRoleAssistant
	case headroom.RoleSystem:
		m.Role = "system"
	}
	for i, p := range n.Parts {
		switch {
		case p.ToolCall != nil:
			var input any = json.RawMessage(p.ToolCall.Args)
			if len(p.ToolCall.Args) == 0 {
				input = map[string]any{}
			}
			m.Content = append(m.Content, anthropic.ContentBlockParamUnion{OfToolUse: &anthropic.ToolUseBlockParam{
				ID: p.ToolCall.ID, Name: p.ToolCall.Name, Input: input,
			}})
		case p.ToolResult != nil:
			r := &anthropic.ToolResultBlockParam{ToolUseID: p.ToolResult.CallID}
			if p.ToolResult.IsError {
				r.IsError = anthropic.Bool(true)
			}
			if p.ToolResult.Content != "" {
				r.Content = append(r.Content, anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: p.ToolResult.Content}})
			}
			for _, a := range p.ToolResult.Attachments {
				rb, ok := a.(ResultBlock)
				if !ok {
					return m, fmt.Errorf("part %d: a tool result attachment of type %T is not an hranthropic.ResultBlock", i, a)
				}
				r.Content = append(r.Content, rb.Param)
			}
			m.Content = append(m.Content, anthropic.ContentBlockParamUnion{OfToolResult: r})
		case p.Opaque != nil:
			b, ok := p.Opaque.(Block)
			if !ok {
				return m, fmt.Errorf("part %d: an opaque part of type %T is not an hranthropic.Block", i, p.Opaque)
			}
			m.Content = append(m.Content, b.Param)
		default:
			m.Content = append(m.Content, anthropic.NewTextBlock(p.Text))
		}
	}
	return m, nil
}
