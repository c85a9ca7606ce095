package hropenai

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/adapters/internal/adapt"
)

// Item is an input item headroom does not model — a reasoning item with
// its encrypted content, a built-in tool's call or output, an item
// reference — carried whole as the only part of a message.
type Item struct {
	Param responses.ResponseInputItemUnionParam
}

// TokenCount estimates the item: a reasoning item its summary and
// reasoning text at four bytes a token (its encrypted content is not
// counted: the model reads its own reasoning, not the ciphertext), any
// other item its JSON size at four bytes a token.
func (it Item) TokenCount() int {
	if raw := overridden(it.Param); raw != nil {
		var r struct {
			Type             string
			Summary, Content []struct{ Text string }
		}
		if json.Unmarshal(raw, &r) == nil && r.Type == "reasoning" {
			n := 0
			for _, s := range append(r.Summary, r.Content...) {
				n += adapt.TextTokens(s.Text)
			}
			return n
		}
		return adapt.TextTokens(string(raw))
	}
	if r := it.Param.OfReasoning; r != nil {
		n := 0
		for _, s := range r.Summary {
			n += adapt.TextTokens(s.Text)
		}
		for _, c := range r.Content {
			n += adapt.TextTokens(c.Text)
		}
		return n
	}
	return adapt.JSONTokens(it.Param)
}

// InputContent is a part of an input message that is not text — an image,
// a file — carried as an opaque part.
type InputContent struct {
	Param responses.ResponseInputContentUnionParam
}

// TokenCount estimates the part: an image by OpenAI's tile formula,
// anything else [headroom.OpaqueTokens].
func (c InputContent) TokenCount() int {
	if im := c.Param.OfInputImage; im != nil {
		return adapt.OpenAIImageTokens(string(im.Detail), im.ImageURL.Value)
	}
	return headroom.OpaqueTokens
}

// OutputContent is a part of an output message that is not text: a
// refusal.
type OutputContent struct {
	Param responses.ResponseOutputMessageContentUnionParam
}

// TokenCount is the part's JSON size at four bytes a token.
func (c OutputContent) TokenCount() int { return adapt.JSONTokens(c.Param) }

// OutputAttachment is a piece of a function_call_output that is not text
// (an image, a file), carried in [headroom.ToolResult].Attachments.
type OutputAttachment struct {
	Param responses.ResponseFunctionCallOutputItemUnionParam
}

// TokenCount estimates the piece as [InputContent.TokenCount] does.
func (a OutputAttachment) TokenCount() int {
	if im := a.Param.OfInputImage; im != nil {
		return adapt.OpenAIImageTokens(string(im.Detail), im.ImageURL.Value)
	}
	return headroom.OpaqueTokens
}

// CustomOutputAttachment is a piece of a custom_tool_call_output that is
// not text.
type CustomOutputAttachment struct {
	Param responses.ResponseCustomToolCallOutputOutputOutputContentListItemUnionParam
}

// TokenCount estimates the piece as [InputContent.TokenCount] does.
func (a CustomOutputAttachment) TokenCount() int {
	if im := a.Param.OfInputImage; im != nil {
		return adapt.OpenAIImageTokens(string(im.Detail), im.ImageURL.Value)
	}
	return headroom.OpaqueTokens
}

// The tool names of the Responses API's shell tools, which their calls do
// not carry.
const (
	ShellTool      = "shell"
	LocalShellTool = "local_shell"
)

// CompressNewItems compresses the tool outputs in batch — the input items
// about to be appended to history: function_call_output,
// custom_tool_call_output, shell_call_output (stdout and stderr compressed
// as the fields of one JSON object, the exit code passed to the
// compressor) and local_shell_call_output — with c, naming each after the
// call with its call_id in history or batch. It returns a slice as long
// as batch: items with nothing compressed are batch's own values, the
// others copies whose output alone is replaced. opts are those of
// [headroom.CompressToolResults].
func CompressNewItems(ctx context.Context, c headroom.Compressor, history, batch []responses.ResponseInputItemUnionParam, opts ...headroom.ResultsOption) ([]responses.ResponseInputItemUnionParam, headroom.Report, error) {
	out, rep, err := adapt.CompressNew(ctx, itemCodec{}, c, history, batch, opts...)
	if err != nil {
		return nil, rep, fmt.Errorf("hropenai: %w", err)
	}
	return out, rep, nil
}

// CompactItems is [Compact] for a Responses API input: one item is one
// message to the cascade, so the report's FirstChanged is an item index.
func CompactItems(ctx context.Context, history []responses.ResponseInputItemUnionParam, window int, o headroom.CompactOptions) ([]responses.ResponseInputItemUnionParam, headroom.CompactReport, bool, error) {
	out, rep, ran, err := adapt.Compact(ctx, itemCodec{}, history, window, o)
	if err != nil {
		return history, rep, ran, fmt.Errorf("hropenai: %w", err)
	}
	return out, rep, ran, nil
}

// ItemsToNeutral converts input items to headroom messages, one each.
func ItemsToNeutral(items []responses.ResponseInputItemUnionParam) ([]headroom.Message, error) {
	out, err := adapt.ToNeutral(itemCodec{}, items)
	if err != nil {
		return nil, fmt.Errorf("hropenai: %w", err)
	}
	return out, nil
}

// ItemsFromNeutral builds new input items from headroom messages: text as
// easy input messages, a tool call as a function_call, a tool result as a
// function_call_output, an [Item] as itself.
func ItemsFromNeutral(msgs []headroom.Message) ([]responses.ResponseInputItemUnionParam, error) {
	out := make([]responses.ResponseInputItemUnionParam, len(msgs))
	for i := range msgs {
		it, err := itemCodec{}.FromNeutral(msgs[i])
		if err != nil {
			return nil, fmt.Errorf("hropenai: message %d: %w", i, err)
		}
		out[i] = it
	}
	return out, nil
}

// OutputItems turns a response's output into the input items that replay
// it on the next turn: messages, function calls, custom tool calls and
// reasoning items through the SDK's ToParam; any other item as the exact
// JSON the API sent.
func OutputItems(resp *responses.Response) []responses.ResponseInputItemUnionParam {
	out := make([]responses.ResponseInputItemUnionParam, 0, len(resp.Output))
	for _, o := range resp.Output {
		var it responses.ResponseInputItemUnionParam
		switch o.Type {
		case "message":
			p := o.AsMessage().ToParam()
			it.OfOutputMessage = &p
		case "function_call":
			p := o.AsFunctionCall().ToParam()
			it.OfFunctionCall = &p
		case "custom_tool_call":
			p := o.AsCustomToolCall().ToParam()
			it.OfCustomToolCall = &p
		case "reasoning":
			p := o.AsReasoning().ToParam()
			it.OfReasoning = &p
		default:
			it = param.Override[responses.ResponseInputItemUnionParam](json.RawMessage(o.RawJSON()))
		}
		out = append(out, it)
	}
	return out
}

type itemCodec struct{}

func itemRole(r string) headroom.Role {
	switch r {
	case "assistant":
		return headroom.RoleAssistant
	case "system", "developer":
		return headroom.RoleSystem
	}
	return headroom.RoleUser
}

func inputList(m *headroom.Message, list responses.ResponseInputMessageContentListParam) {
	for _, c := range list {
		if c.OfInputText != nil {
			m.Parts = append(m.Parts, text(c.OfInputText.Text))
		} else {
			m.Parts = append(m.Parts, headroom.Part{Opaque: InputContent{c}})
		}
	}
}

// shellOutput is how a shell_call_output's output reads to the
// compressor: one JSON object whose two strings it compresses field by
// field.
type shellOutput struct {
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
}

// overridden returns the JSON of an item built with param.Override — as
// the SDK's ToParam methods build them, their fields left empty — or nil.
func overridden(it responses.ResponseInputItemUnionParam) json.RawMessage {
	type overrider interface{ Overrides() (any, bool) }
	var o overrider = it
	switch {
	case it.OfMessage != nil:
		o = it.OfMessage
	case it.OfInputMessage != nil:
		o = it.OfInputMessage
	case it.OfOutputMessage != nil:
		o = it.OfOutputMessage
	case it.OfFunctionCall != nil:
		o = it.OfFunctionCall
	case it.OfCustomToolCall != nil:
		o = it.OfCustomToolCall
	case it.OfShellCall != nil:
		o = it.OfShellCall
	case it.OfLocalShellCall != nil:
		o = it.OfLocalShellCall
	case it.OfFunctionCallOutput != nil:
		o = it.OfFunctionCallOutput
	case it.OfCustomToolCallOutput != nil:
		o = it.OfCustomToolCallOutput
	case it.OfShellCallOutput != nil:
		o = it.OfShellCallOutput
	case it.OfLocalShellCallOutput != nil:
		o = it.OfLocalShellCallOutput
	case it.OfReasoning != nil:
		o = it.OfReasoning
	}
	v, ok := o.Overrides()
	if !ok {
		if v, ok = it.Overrides(); !ok {
			return nil
		}
	}
	if raw, ok := v.(json.RawMessage); ok {
		return raw
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(`{}`)
	}
	return raw
}

// rawCall is what headroom reads of a call item it holds only as JSON.
type rawCall struct {
	Type      string          `json:"type"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Input     string          `json:"input"`
	Action    json.RawMessage `json:"action"`
}

// rawToNeutral reads an item held as JSON: a call becomes a tool call (so
// its output is named and kept with it), anything else an opaque Item.
func rawToNeutral(it responses.ResponseInputItemUnionParam, raw json.RawMessage) headroom.Message {
	var c rawCall
	_ = json.Unmarshal(raw, &c) // a malformed item is just opaque
	tc := &headroom.ToolCall{ID: c.CallID, Name: c.Name}
	switch c.Type {
	case "function_call":
		tc.Args = json.RawMessage(c.Arguments)
	case "custom_tool_call":
		tc.Args, _ = json.Marshal(c.Input)
	case "shell_call":
		tc.Name, tc.Args = ShellTool, c.Action
	case "local_shell_call":
		tc.Name, tc.Args = LocalShellTool, c.Action
	default:
		return headroom.Message{Role: headroom.RoleAssistant, Parts: []headroom.Part{{Opaque: Item{it}}}}
	}
	if !json.Valid(tc.Args) {
		tc.Args = nil
	}
	return headroom.Message{Role: headroom.RoleAssistant, Parts: []headroom.Part{{ToolCall: tc}}}
}

func (itemCodec) ToNeutral(it responses.ResponseInputItemUnionParam) (headroom.Message, error) {
	one := func(role headroom.Role, p headroom.Part) (headroom.Message, error) {
		return headroom.Message{Role: role, Parts: []headroom.Part{p}}, nil
	}
	if raw := overridden(it); raw != nil {
		return rawToNeutral(it, raw), nil
	}
	switch {
	case it.OfMessage != nil:
		m := headroom.Message{Role: itemRole(string(it.OfMessage.Role))}
		if c := it.OfMessage.Content; c.OfString.Valid() {
			m.Parts = []headroom.Part{text(c.OfString.Value)}
		} else {
			inputList(&m, c.OfInputItemContentList)
		}
		return m, nil
	case it.OfInputMessage != nil:
		m := headroom.Message{Role: itemRole(it.OfInputMessage.Role)}
		inputList(&m, it.OfInputMessage.Content)
		return m, nil
	case it.OfOutputMessage != nil:
		m := headroom.Message{Role: headroom.RoleAssistant}
		for _, c := range it.OfOutputMessage.Content {
			if c.OfOutputText != nil {
				m.Parts = append(m.Parts, text(c.OfOutputText.Text))
			} else {
				m.Parts = append(m.Parts, headroom.Part{Opaque: OutputContent{c}})
			}
		}
		return m, nil
	case it.OfFunctionCall != nil:
		f := it.OfFunctionCall
		return one(headroom.RoleAssistant, headroom.Part{ToolCall: &headroom.ToolCall{ID: f.CallID, Name: f.Name, Args: json.RawMessage(f.Arguments)}})
	case it.OfCustomToolCall != nil:
		f := it.OfCustomToolCall
		in, _ := json.Marshal(f.Input) // a string always marshals
		return one(headroom.RoleAssistant, headroom.Part{ToolCall: &headroom.ToolCall{ID: f.CallID, Name: f.Name, Args: in}})
	case it.OfShellCall != nil:
		args, err := json.Marshal(it.OfShellCall.Action) // counted only, never sent back
		if err != nil {
			return headroom.Message{}, fmt.Errorf("shell_call %s: %w", it.OfShellCall.CallID, err)
		}
		return one(headroom.RoleAssistant, headroom.Part{ToolCall: &headroom.ToolCall{ID: it.OfShellCall.CallID, Name: ShellTool, Args: args}})
	case it.OfLocalShellCall != nil:
		args, err := json.Marshal(it.OfLocalShellCall.Action)
		if err != nil {
			return headroom.Message{}, fmt.Errorf("local_shell_call %s: %w", it.OfLocalShellCall.CallID, err)
		}
		return one(headroom.RoleAssistant, headroom.Part{ToolCall: &headroom.ToolCall{ID: it.OfLocalShellCall.CallID, Name: LocalShellTool, Args: args}})
	case it.OfFunctionCallOutput != nil:
		f := it.OfFunctionCallOutput
		r := &headroom.ToolResult{CallID: f.CallID.Value}
		if f.Output.OfString.Valid() {
			r.Content = f.Output.OfString.Value
		} else {
			var texts []string
			for _, c := range f.Output.OfResponseFunctionCallOutputItemArray {
				if c.OfInputText != nil {
					texts = append(texts, c.OfInputText.Text)
				} else {
					r.Attachments = append(r.Attachments, OutputAttachment{c})
				}
			}
			r.Content = strings.Join(texts, "\n")
		}
		return one(headroom.RoleTool, headroom.Part{ToolResult: r})
	case it.OfCustomToolCallOutput != nil:
		f := it.OfCustomToolCallOutput
		r := &headroom.ToolResult{CallID: f.CallID}
		if f.Output.OfString.Valid() {
			r.Content = f.Output.OfString.Value
		} else {
			var texts []string
			for _, c := range f.Output.OfOutputContentList {
				if c.OfInputText != nil {
					texts = append(texts, c.OfInputText.Text)
				} else {
					r.Attachments = append(r.Attachments, CustomOutputAttachment{c})
				}
			}
			r.Content = strings.Join(texts, "\n")
		}
		return one(headroom.RoleTool, headroom.Part{ToolResult: r})
	case it.OfShellCallOutput != nil:
		s := it.OfShellCallOutput
		var so shellOutput
		r := &headroom.ToolResult{CallID: s.CallID}
		for _, c := range s.Output {
			so.Stdout += c.Stdout
			so.Stderr += c.Stderr
			if e := c.Outcome.OfExit; e != nil {
				code := int(e.ExitCode)
				r.ExitCode = &code
			}
		}
		content, err := json.Marshal(so)
		if err != nil {
			return headroom.Message{}, err
		}
		r.Content = string(content)
		r.IsError = r.ExitCode != nil && *r.ExitCode != 0
		return one(headroom.RoleTool, headroom.Part{ToolResult: r})
	case it.OfLocalShellCallOutput != nil:
		return one(headroom.RoleTool, headroom.Part{ToolResult: &headroom.ToolResult{CallID: it.OfLocalShellCallOutput.ID, Content: it.OfLocalShellCallOutput.Output}})
	}
	return one(headroom.RoleAssistant, headroom.Part{Opaque: Item{it}})
}

func patchInputList(list responses.ResponseInputMessageContentListParam, ch []adapt.PartChange, now headroom.Message) (responses.ResponseInputMessageContentListParam, bool) {
	out := append(responses.ResponseInputMessageContentListParam(nil), list...)
	for i, c := range ch {
		if c != adapt.TextChanged {
			continue
		}
		if out[i].OfInputText == nil {
			return nil, false
		}
		t := *out[i].OfInputText
		t.Text = now.Parts[i].Text
		out[i] = responses.ResponseInputContentUnionParam{OfInputText: &t}
	}
	return out, true
}

func (itemCodec) Patch(orig responses.ResponseInputItemUnionParam, was, now headroom.Message) (responses.ResponseInputItemUnionParam, bool) {
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
	if overridden(orig) != nil {
		return orig, false // held as JSON: nothing to patch in place
	}
	var content string
	if r := now.Parts[0].ToolResult; r != nil {
		content = r.Content
	}
	switch {
	case orig.OfMessage != nil:
		m := *orig.OfMessage
		if m.Content.OfString.Valid() {
			m.Content = responses.EasyInputMessageContentUnionParam{OfString: param.NewOpt(now.Parts[0].Text)}
		} else {
			list, ok := patchInputList(m.Content.OfInputItemContentList, ch, now)
			if !ok {
				return orig, false
			}
			m.Content = responses.EasyInputMessageContentUnionParam{OfInputItemContentList: list}
		}
		return responses.ResponseInputItemUnionParam{OfMessage: &m}, true
	case orig.OfInputMessage != nil:
		m := *orig.OfInputMessage
		list, ok := patchInputList(m.Content, ch, now)
		if !ok {
			return orig, false
		}
		m.Content = list
		return responses.ResponseInputItemUnionParam{OfInputMessage: &m}, true
	case orig.OfOutputMessage != nil:
		m := *orig.OfOutputMessage
		m.Content = append([]responses.ResponseOutputMessageContentUnionParam(nil), m.Content...)
		for i, c := range ch {
			if c != adapt.TextChanged {
				continue
			}
			if m.Content[i].OfOutputText == nil {
				return orig, false
			}
			t := *m.Content[i].OfOutputText
			t.Text = now.Parts[i].Text
			m.Content[i] = responses.ResponseOutputMessageContentUnionParam{OfOutputText: &t}
		}
		return responses.ResponseInputItemUnionParam{OfOutputMessage: &m}, true
	case orig.OfFunctionCallOutput != nil:
		f := *orig.OfFunctionCallOutput
		if f.Output.OfString.Valid() {
			f.Output = responses.ResponseInputItemFunctionCallOutputOutputUnionParam{OfString: param.NewOpt(content)}
		} else {
			f.Output = responses.ResponseInputItemFunctionCallOutputOutputUnionParam{OfResponseFunctionCallOutputItemArray: outputWithText(f.Output.OfResponseFunctionCallOutputItemArray, content)}
		}
		return responses.ResponseInputItemUnionParam{OfFunctionCallOutput: &f}, true
	case orig.OfCustomToolCallOutput != nil:
		f := *orig.OfCustomToolCallOutput
		if f.Output.OfString.Valid() {
			f.Output = responses.ResponseCustomToolCallOutputOutputUnionParam{OfString: param.NewOpt(content)}
		} else {
			f.Output = responses.ResponseCustomToolCallOutputOutputUnionParam{OfOutputContentList: customWithText(f.Output.OfOutputContentList, content)}
		}
		return responses.ResponseInputItemUnionParam{OfCustomToolCallOutput: &f}, true
	case orig.OfShellCallOutput != nil:
		s := *orig.OfShellCallOutput
		var so shellOutput
		if err := json.Unmarshal([]byte(content), &so); err != nil {
			// Compressed as one document: the budget won over the JSON.
			so = shellOutput{Stdout: content}
		}
		chunk := responses.ResponseFunctionShellCallOutputContentParam{Stdout: so.Stdout, Stderr: so.Stderr}
		if n := len(s.Output); n > 0 {
			chunk.Outcome = s.Output[n-1].Outcome
		}
		s.Output = []responses.ResponseFunctionShellCallOutputContentParam{chunk}
		return responses.ResponseInputItemUnionParam{OfShellCallOutput: &s}, true
	case orig.OfLocalShellCallOutput != nil:
		l := *orig.OfLocalShellCallOutput
		l.Output = content
		return responses.ResponseInputItemUnionParam{OfLocalShellCallOutput: &l}, true
	}
	return orig, false
}

// outputWithText returns a function_call_output's pieces with their text
// replaced: the first text piece, copied, holds text, the other text
// pieces go, and the rest stay where they were.
func outputWithText(list responses.ResponseFunctionCallOutputItemListParam, text string) responses.ResponseFunctionCallOutputItemListParam {
	out := make(responses.ResponseFunctionCallOutputItemListParam, 0, len(list))
	placed := false
	for _, c := range list {
		if c.OfInputText != nil {
			if !placed {
				t := *c.OfInputText
				t.Text = text
				out = append(out, responses.ResponseFunctionCallOutputItemUnionParam{OfInputText: &t})
				placed = true
			}
			continue
		}
		out = append(out, c)
	}
	if !placed {
		out = append(responses.ResponseFunctionCallOutputItemListParam{responses.ResponseFunctionCallOutputItemParamOfInputText(text)}, out...)
	}
	return out
}

func customWithText(list []responses.ResponseCustomToolCallOutputOutputOutputContentListItemUnionParam, text string) []responses.ResponseCustomToolCallOutputOutputOutputContentListItemUnionParam {
	out := make([]responses.ResponseCustomToolCallOutputOutputOutputContentListItemUnionParam, 0, len(list))
	placed := false
	for _, c := range list {
		if c.OfInputText != nil {
			if !placed {
				t := *c.OfInputText
				t.Text = text
				out = append(out, responses.ResponseCustomToolCallOutputOutputOutputContentListItemUnionParam{OfInputText: &t})
				placed = true
			}
			continue
		}
		out = append(out, c)
	}
	if !placed {
		out = append([]responses.ResponseCustomToolCallOutputOutputOutputContentListItemUnionParam{{OfInputText: &responses.ResponseInputTextParam{Text: text}}}, out...)
	}
	return out
}

func (itemCodec) FromNeutral(n headroom.Message) (responses.ResponseInputItemUnionParam, error) {
	var none responses.ResponseInputItemUnionParam
	if len(n.Parts) == 1 {
		p := n.Parts[0]
		switch {
		case p.ToolCall != nil:
			return responses.ResponseInputItemParamOfFunctionCall(string(p.ToolCall.Args), p.ToolCall.ID, p.ToolCall.Name), nil
		case p.ToolResult != nil:
			f := &responses.ResponseInputItemFunctionCallOutputParam{CallID: param.NewOpt(p.ToolResult.CallID)}
			if len(p.ToolResult.Attachments) == 0 {
				f.Output.OfString = param.NewOpt(p.ToolResult.Content)
			} else {
				list := responses.ResponseFunctionCallOutputItemListParam{responses.ResponseFunctionCallOutputItemParamOfInputText(p.ToolResult.Content)}
				for i, a := range p.ToolResult.Attachments {
					oa, ok := a.(OutputAttachment)
					if !ok {
						return none, fmt.Errorf("attachment %d: type %T is not an hropenai.OutputAttachment", i, a)
					}
					list = append(list, oa.Param)
				}
				f.Output.OfResponseFunctionCallOutputItemArray = list
			}
			return responses.ResponseInputItemUnionParam{OfFunctionCallOutput: f}, nil
		case p.Opaque != nil:
			if it, ok := p.Opaque.(Item); ok {
				return it.Param, nil
			}
		}
	}
	role := responses.EasyInputMessageRoleUser
	switch n.Role {
	case headroom.RoleAssistant:
		role = responses.EasyInputMessageRoleAssistant
	case headroom.RoleSystem:
		role = responses.EasyInputMessageRoleSystem
	}
	var list responses.ResponseInputMessageContentListParam
	var texts []string
	for i, p := range n.Parts {
		switch {
		case p.ToolCall != nil || p.ToolResult != nil:
			return none, fmt.Errorf("part %d: a tool call or result must be its item's only part", i)
		case p.Opaque != nil:
			ic, ok := p.Opaque.(InputContent)
			if !ok {
				return none, fmt.Errorf("part %d: an opaque part of type %T cannot join a message item", i, p.Opaque)
			}
			list = append(list, ic.Param)
		default:
			texts = append(texts, p.Text)
			list = append(list, responses.ResponseInputContentParamOfInputText(p.Text))
		}
	}
	m := &responses.EasyInputMessageParam{Role: role}
	if len(texts) == len(list) {
		m.Content.OfString = param.NewOpt(strings.Join(texts, "\n"))
	} else {
		m.Content.OfInputItemContentList = list
	}
	return responses.ResponseInputItemUnionParam{OfMessage: m}, nil
}
