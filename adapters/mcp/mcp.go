// Package hrmcp connects headroom to the Model Context Protocol Go SDK
// (github.com/modelcontextprotocol/go-sdk): it compresses the text of a
// tool's CallToolResult before an agent puts it in front of a model.
//
// Three ways in, one rule: [CompressResult] on a result in hand, [CallTool]
// for a ClientSession.CallTool that compresses what it returns, and
// [Middleware] for a client (AddSendingMiddleware: every tools/call result
// it receives) or a server (AddReceivingMiddleware: every result it sends).
//
// Only the text content is compressed — joined, when a result has several
// text items, and carried by the first. StructuredContent, which must
// match the tool's output schema, is never touched, nor the images, audio,
// resource links and embedded resources, nor Meta and IsError. A result
// with nothing to compress comes back as the caller's own pointer; one
// that changed is a copy whose Content is a new slice, its text item a
// copy with the new text. Nothing the caller holds is written.
package hrmcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

// Attachment is a content item of a result that is not text, carried in
// [headroom.ToolResult].Attachments.
type Attachment struct {
	Content mcp.Content
}

// TokenCount estimates the item: an image by its size (width × height /
// 750, at most 1,600), an embedded text resource its text at four bytes a
// token, a resource link its JSON, anything else [headroom.OpaqueTokens].
func (a Attachment) TokenCount() int {
	switch c := a.Content.(type) {
	case *mcp.ImageContent:
		if w, h, ok := adapt.ImageSizeRaw(c.Data); ok {
			return max(1, min(adapt.ImageTokens, w*h/750))
		}
		return adapt.ImageTokens
	case *mcp.EmbeddedResource:
		if c.Resource != nil && c.Resource.Text != "" {
			return adapt.TextTokens(c.Resource.Text)
		}
	case *mcp.ResourceLink:
		return adapt.JSONTokens(c)
	}
	return headroom.OpaqueTokens
}

// ToolResult returns res as a headroom tool result of the tool named
// tool: Content its text items joined by newlines, Attachments its other
// items, IsError its IsError.
func ToolResult(tool string, res *mcp.CallToolResult) *headroom.ToolResult {
	tr := &headroom.ToolResult{Name: tool, IsError: res.IsError}
	var texts []string
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			texts = append(texts, t.Text)
			continue
		}
		tr.Attachments = append(tr.Attachments, Attachment{c})
	}
	tr.Content = strings.Join(texts, "\n")
	return tr
}

// CompressResult compresses the text of res, the result of the tool named
// tool, with c. It returns res itself when nothing was over budget, and
// otherwise a copy of res whose text alone is replaced. A nil res comes
// back as nil. opts are those of [headroom.CompressToolResults].
func CompressResult(ctx context.Context, c headroom.Compressor, tool string, res *mcp.CallToolResult, opts ...headroom.ResultsOption) (*mcp.CallToolResult, headroom.Report, error) {
	if res == nil {
		return nil, headroom.Report{}, nil
	}
	tr := ToolResult(tool, res)
	msgs := []headroom.Message{{Role: headroom.RoleTool, Parts: []headroom.Part{{ToolResult: tr}}}}
	out, rep, err := headroom.CompressToolResults(ctx, c, msgs, opts...)
	if err != nil {
		return nil, headroom.Report{}, fmt.Errorf("hrmcp: %w", err)
	}
	got := out[0].Parts[0].ToolResult
	if got == tr || got.Content == tr.Content {
		return res, rep, nil
	}
	cp := *res
	cp.Content = withText(res.Content, got.Content)
	return &cp, rep, nil
}

// withText returns content with its text replaced: the first text item,
// copied, holds text; the other text items go; the rest stay in place.
func withText(content []mcp.Content, text string) []mcp.Content {
	out := make([]mcp.Content, 0, len(content))
	placed := false
	for _, c := range content {
		if t, ok := c.(*mcp.TextContent); ok {
			if !placed {
				nt := *t
				nt.Text = text
				out = append(out, &nt)
				placed = true
			}
			continue
		}
		out = append(out, c)
	}
	return out
}

// CallTool calls the tool on cs and compresses the result's text with c.
// The report says what was compressed; the error is the call's, or c's.
func CallTool(ctx context.Context, cs *mcp.ClientSession, c headroom.Compressor, params *mcp.CallToolParams, opts ...headroom.ResultsOption) (*mcp.CallToolResult, headroom.Report, error) {
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		return res, headroom.Report{}, err
	}
	return CompressResult(ctx, c, params.Name, res, opts...)
}

// Middleware compresses the text of every tools/call result that passes
// through it with c; every other method passes untouched. Use it on a
// client with AddSendingMiddleware (the results it receives) or on a
// server with AddReceivingMiddleware (the results it sends). When c fails
// (ctx cancelled) the result passes uncompressed and the error is
// returned with it; onReport, when not nil, is told what was compressed.
func Middleware(c headroom.Compressor, onReport func(tool string, r headroom.Report)) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if err != nil || method != "tools/call" {
				return res, err
			}
			ctr, ok := res.(*mcp.CallToolResult)
			if !ok || ctr == nil {
				return res, err
			}
			var tool string
			switch p := req.GetParams().(type) {
			case *mcp.CallToolParams:
				tool = p.Name
			case *mcp.CallToolParamsRaw:
				tool = p.Name
			}
			out, rep, cerr := CompressResult(ctx, c, tool, ctr)
			if cerr != nil {
				return res, cerr
			}
			if onReport != nil && len(rep.Strings) > 0 {
				onReport(tool, rep)
			}
			return out, nil
		}
	}
}
