// Package hrgenai connects headroom to google.golang.org/genai, the Go SDK
// for Gemini.
//
// An agent loop keeps its history as []*genai.Content and makes two calls:
// [CompressNew] on the content that carries a turn's function responses,
// before appending it, and [Compact] before each model call.
//
//	history = append(history, resp.Candidates[0].Content)
//	batch := []*genai.Content{genai.NewContentFromParts(responses, genai.RoleUser)}
//	batch, _, err = hrgenai.CompressNew(ctx, h, history, batch)
//	history = append(history, batch...)
//	history, rep, ran, err = hrgenai.Compact(ctx, history, window, headroom.CompactOptions{})
//
// Both return the caller's own *genai.Content for every message headroom
// did not change. A changed function response is a copy of the original
// part whose response text alone is replaced; nothing goes through JSON
// but the response map's own values, and nothing the caller holds is
// written.
//
// Text parts and function responses are what headroom reads and may
// compress; function calls are its tool calls. Every other part — thoughts
// and their signatures, inline data and files, executable code and its
// results, server-side tool calls — rides as an opaque [Part], and the
// media inside a function response (FunctionResponse.Parts) as
// [ResponsePart] attachments. A text or function call part's
// ThoughtSignature stays on the part: headroom never rebuilds a part it did
// not change, and a changed part is a copy that keeps every other field.
//
// Gemini often leaves function call ids empty: results are then paired
// with their calls by position, the first unanswered call first.
package hrgenai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"math"
	"strings"

	_ "image/gif" // DecodeConfig reads the sizes of the image formats Gemini accepts
	_ "image/jpeg"
	_ "image/png"

	"google.golang.org/genai"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

// CompressNew compresses the function responses in batch — the contents
// about to be appended to history, usually one user content of function
// responses — with c and opts (see [headroom.CompressToolResults]), naming each result after the call it answers. It
// returns a slice as long as batch: contents with nothing compressed are
// batch's own pointers; in the others each compressed function response is
// a copy of its part whose text alone is replaced. The report's message
// indices count from the start of batch.
func CompressNew(ctx context.Context, c headroom.Compressor, history, batch []*genai.Content, opts ...headroom.ResultsOption) ([]*genai.Content, headroom.Report, error) {
	out, rep, err := adapt.CompressNew(ctx, codec{}, c, history, batch, opts...)
	if err != nil {
		return nil, rep, fmt.Errorf("hrgenai: %w", err)
	}
	return out, rep, nil
}

// Compact runs [headroom.CompactIfNeeded] on history: when it nears window
// tokens (what the contents may use: the model's input limit minus the
// system instruction and the tool declarations), the cascade compacts it.
// Contents the cascade kept are history's own pointers, masked function
// responses are copies with their text replaced, and a summary is a new
// user content. The report's FirstChanged is where the context cache
// breaks. When nothing ran or changed, or on error, history itself is
// returned.
func Compact(ctx context.Context, history []*genai.Content, window int, o headroom.CompactOptions) ([]*genai.Content, headroom.CompactReport, bool, error) {
	out, rep, ran, err := adapt.Compact(ctx, codec{}, history, window, o)
	if err != nil {
		return history, rep, ran, fmt.Errorf("hrgenai: %w", err)
	}
	return out, rep, ran, nil
}

// ToNeutral converts contents to headroom messages, naming each function
// response after its call. Opaque parts are [Part] values and attachments
// [ResponsePart] values.
func ToNeutral(contents []*genai.Content) ([]headroom.Message, error) {
	out, err := adapt.ToNeutral(codec{}, contents)
	if err != nil {
		return nil, fmt.Errorf("hrgenai: %w", err)
	}
	return out, nil
}

// FromNeutral builds new contents from headroom messages. Text becomes
// text parts, tool calls function calls, tool results function responses
// (see [ResponseText] for the map they get), opaque [Part] values the
// parts they hold. An assistant message becomes a "model" content, any
// other a "user" one. To keep the caller's own values, use [CompressNew]
// and [Compact], which call it only for contents headroom wrote.
func FromNeutral(msgs []headroom.Message) ([]*genai.Content, error) {
	out := make([]*genai.Content, len(msgs))
	for i := range msgs {
		c, err := codec{}.FromNeutral(msgs[i])
		if err != nil {
			return nil, fmt.Errorf("hrgenai: message %d: %w", i, err)
		}
		out[i] = c
	}
	return out, nil
}

// Part is a part headroom does not model — a thought, an image, a file,
// executable code — carried as an opaque part, the caller's pointer
// untouched.
type Part struct {
	P *genai.Part
}

// TokenCount estimates what the part costs: a thought its text, an image
// Gemini's 258 tokens a 768-pixel tile (258 in all up to 384 × 384), a PDF
// 258 tokens a page, anything else the size of its JSON, at four bytes a
// token. The signature bytes are counted too: they are sent back.
func (p Part) TokenCount() int {
	q := p.P
	if q == nil {
		return 0
	}
	n := adapt.TextTokens(string(q.ThoughtSignature))
	switch {
	case q.InlineData != nil:
		return n + blobTokens(q.InlineData.MIMEType, q.InlineData.Data)
	case q.FileData != nil && strings.HasPrefix(q.FileData.MIMEType, "image/"):
		return n + geminiTileTokens
	case q.Text != "":
		return n + adapt.TextTokens(q.Text)
	}
	return adapt.JSONTokens(q)
}

// ResponsePart is a piece of a function response that is not its
// response map — an image, a document — carried in
// [headroom.ToolResult].Attachments.
type ResponsePart struct {
	P *genai.FunctionResponsePart
}

// TokenCount estimates what the piece costs, as [Part.TokenCount] does.
func (p ResponsePart) TokenCount() int {
	q := p.P
	switch {
	case q == nil:
		return 0
	case q.InlineData != nil:
		return blobTokens(q.InlineData.MIMEType, q.InlineData.Data)
	case q.FileData != nil && strings.HasPrefix(q.FileData.MIMEType, "image/"):
		return geminiTileTokens
	}
	return adapt.JSONTokens(q)
}

// geminiTileTokens is what Gemini documents for an image up to 384 × 384
// pixels, and for each 768 × 768 tile of a larger one; a PDF page costs
// the same.
const geminiTileTokens = 258

func blobTokens(mime string, data []byte) int {
	switch {
	case strings.HasPrefix(mime, "image/"):
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
			return geminiTileTokens * 4
		}
		if cfg.Width <= 384 && cfg.Height <= 384 {
			return geminiTileTokens
		}
		tiles := int(math.Ceil(float64(cfg.Width)/768)) * int(math.Ceil(float64(cfg.Height)/768))
		return geminiTileTokens * tiles
	case mime == "application/pdf":
		s := string(data)
		if pages := strings.Count(s, "/Type /Page") - strings.Count(s, "/Type /Pages") +
			strings.Count(s, "/Type/Page") - strings.Count(s, "/Type/Pages"); pages > 0 {
			return pages * geminiTileTokens
		}
	case strings.HasPrefix(mime, "text/") || mime == "application/json":
		return adapt.TextTokens(string(data))
	}
	// Audio, video and unknown media: the size of their base64 on the wire.
	return adapt.TextTokens(string(data)) * 4 / 3
}

// ResponseText is the text headroom reads from a function response's map,
// and the map a new text makes: a response of one string field "output"
// (or "error", which sets IsError) is that string; any other response is
// its JSON, keys sorted as encoding/json writes a map, HTML characters
// unescaped — headroom then compresses its top-level string fields one by
// one when they are most of it.
func ResponseText(resp map[string]any) (text string, isError bool) {
	if len(resp) == 1 {
		for k, v := range resp {
			if s, ok := v.(string); ok && (k == "output" || k == "error") {
				return s, k == "error"
			}
		}
	}
	_, isError = resp["error"]
	if isError && resp["error"] == nil {
		isError = false
	}
	if len(resp) == 0 {
		return "", isError
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp); err != nil {
		return fmt.Sprint(resp), isError
	}
	return strings.TrimSuffix(b.String(), "\n"), isError
}

// withText returns a copy of resp whose text (see [ResponseText]) is
// text. A single "output" or "error" string gets text in its place; a
// JSON response gets each top-level string field that text changed,
// every other value staying the caller's own. When text is no longer a
// JSON object with resp's keys (headroom compressed or masked it as one
// document, which then stands for all of it), the copy is text alone,
// under "error" when isError, else "output".
func withText(resp map[string]any, text string, isError bool) map[string]any {
	if len(resp) == 1 {
		for k, v := range resp {
			if _, ok := v.(string); ok && (k == "output" || k == "error") {
				return map[string]any{k: text}
			}
		}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &fields); err == nil && len(fields) == len(resp) {
		out := make(map[string]any, len(resp))
		ok := true
		for k, raw := range fields {
			v, had := resp[k]
			if !had {
				ok = false
				break
			}
			out[k] = v
			if _, isString := v.(string); !isString {
				continue // headroom rewrites string fields alone
			}
			var now string
			if json.Unmarshal(raw, &now) != nil {
				ok = false
				break
			}
			out[k] = now
		}
		if ok {
			return out
		}
	}
	if isError {
		return map[string]any{"error": text}
	}
	return map[string]any{"output": text}
}

type codec struct{}

func (codec) ToNeutral(c *genai.Content) (headroom.Message, error) {
	if c == nil {
		return headroom.Message{Role: headroom.RoleUser}, nil
	}
	n := headroom.Message{Role: role(c.Role), Parts: make([]headroom.Part, 0, len(c.Parts))}
	for _, p := range c.Parts {
		var q headroom.Part
		switch {
		case isText(p):
			q.Text = p.Text
		case isCall(p):
			args, err := json.Marshal(p.FunctionCall.Args)
			if err != nil {
				return headroom.Message{}, fmt.Errorf("function call %s: %w", p.FunctionCall.Name, err)
			}
			if p.FunctionCall.Args == nil {
				args = nil
			}
			q.ToolCall = &headroom.ToolCall{ID: p.FunctionCall.ID, Name: p.FunctionCall.Name, Args: args}
		case isResponse(p):
			q.ToolResult = toolResult(p.FunctionResponse)
		default:
			q.Opaque = Part{p}
		}
		n.Parts = append(n.Parts, q)
	}
	return n, nil
}

// isText reports whether p is a plain text part: text and nothing but
// metadata (a signature, part metadata) that a copy keeps.
func isText(p *genai.Part) bool {
	return p != nil && !p.Thought && p.FunctionCall == nil && p.FunctionResponse == nil &&
		p.InlineData == nil && p.FileData == nil && p.ExecutableCode == nil &&
		p.CodeExecutionResult == nil && p.ToolCall == nil && p.ToolResponse == nil
}

func isCall(p *genai.Part) bool {
	return p != nil && p.FunctionCall != nil && !p.Thought && p.Text == "" && p.FunctionResponse == nil &&
		p.InlineData == nil && p.FileData == nil && p.ExecutableCode == nil &&
		p.CodeExecutionResult == nil && p.ToolCall == nil && p.ToolResponse == nil
}

func isResponse(p *genai.Part) bool {
	return p != nil && p.FunctionResponse != nil && !p.Thought && p.Text == "" && p.FunctionCall == nil &&
		p.InlineData == nil && p.FileData == nil && p.ExecutableCode == nil &&
		p.CodeExecutionResult == nil && p.ToolCall == nil && p.ToolResponse == nil
}

func toolResult(r *genai.FunctionResponse) *headroom.ToolResult {
	text, isErr := ResponseText(r.Response)
	tr := &headroom.ToolResult{CallID: r.ID, Name: r.Name, Content: text, IsError: isErr}
	for _, p := range r.Parts {
		tr.Attachments = append(tr.Attachments, ResponsePart{p})
	}
	return tr
}

func role(r string) headroom.Role {
	if r == genai.RoleModel {
		return headroom.RoleAssistant
	}
	return headroom.RoleUser
}

func (codec) Patch(orig *genai.Content, was, now headroom.Message) (*genai.Content, bool) {
	ch, ok := adapt.Diff(was, now)
	if orig == nil || !ok || len(ch) != len(orig.Parts) {
		return orig, false
	}
	var parts []*genai.Part
	for i, c := range ch {
		switch c {
		case adapt.Same:
			continue
		case adapt.Other:
			return orig, false
		}
		if parts == nil {
			parts = append([]*genai.Part(nil), orig.Parts...)
		}
		p := *orig.Parts[i]
		switch {
		case isText(&p):
			p.Text = now.Parts[i].Text
		case isResponse(&p):
			r := *p.FunctionResponse
			r.Response = withText(r.Response, now.Parts[i].ToolResult.Content, now.Parts[i].ToolResult.IsError)
			p.FunctionResponse = &r
		default:
			return orig, false
		}
		parts[i] = &p
	}
	if parts == nil {
		return orig, true
	}
	c := *orig
	c.Parts = parts
	return &c, true
}

func (codec) FromNeutral(n headroom.Message) (*genai.Content, error) {
	c := &genai.Content{Role: genai.RoleUser, Parts: make([]*genai.Part, 0, len(n.Parts))}
	if n.Role == headroom.RoleAssistant {
		c.Role = genai.RoleModel
	}
	for i, p := range n.Parts {
		switch {
		case p.ToolCall != nil:
			var args map[string]any
			if len(p.ToolCall.Args) > 0 {
				if err := json.Unmarshal(p.ToolCall.Args, &args); err != nil {
					return nil, fmt.Errorf("part %d: tool call args: %w", i, err)
				}
			}
			c.Parts = append(c.Parts, &genai.Part{FunctionCall: &genai.FunctionCall{ID: p.ToolCall.ID, Name: p.ToolCall.Name, Args: args}})
		case p.ToolResult != nil:
			key := "output"
			if p.ToolResult.IsError {
				key = "error"
			}
			r := &genai.FunctionResponse{ID: p.ToolResult.CallID, Name: p.ToolResult.Name, Response: map[string]any{key: p.ToolResult.Content}}
			for _, a := range p.ToolResult.Attachments {
				rp, ok := a.(ResponsePart)
				if !ok {
					return nil, fmt.Errorf("part %d: a tool result attachment of type %T is not an hrgenai.ResponsePart", i, a)
				}
				r.Parts = append(r.Parts, rp.P)
			}
			c.Parts = append(c.Parts, &genai.Part{FunctionResponse: r})
		case p.Opaque != nil:
			o, ok := p.Opaque.(Part)
			if !ok {
				return nil, fmt.Errorf("part %d: an opaque part of type %T is not an hrgenai.Part", i, p.Opaque)
			}
			c.Parts = append(c.Parts, o.P)
		default:
			c.Parts = append(c.Parts, &genai.Part{Text: p.Text})
		}
	}
	return c, nil
}
