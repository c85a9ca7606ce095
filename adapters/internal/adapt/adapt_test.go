package adapt

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
)

func call(id, name string) headroom.Part {
	return headroom.Part{ToolCall: &headroom.ToolCall{ID: id, Name: name}}
}

func result(id, content string) headroom.Part {
	return headroom.Part{ToolResult: &headroom.ToolResult{CallID: id, Content: content}}
}

func TestResolveNames(t *testing.T) {
	tests := []struct {
		name  string
		msgs  []headroom.Message
		names []string // of the results, in order
	}{
		{"by id, out of order", []headroom.Message{
			{Role: headroom.RoleAssistant, Parts: []headroom.Part{call("a", "Grep"), call("b", "Bash")}},
			{Role: headroom.RoleUser, Parts: []headroom.Part{result("b", ""), result("a", "")}},
		}, []string{"Bash", "Grep"}},
		{"empty ids by position", []headroom.Message{
			{Role: headroom.RoleAssistant, Parts: []headroom.Part{call("", "Grep"), call("", "Bash")}},
			{Role: headroom.RoleTool, Parts: []headroom.Part{result("", "")}},
			{Role: headroom.RoleTool, Parts: []headroom.Part{result("", "")}},
		}, []string{"Grep", "Bash"}},
		{"repeated ids by position", []headroom.Message{
			{Role: headroom.RoleAssistant, Parts: []headroom.Part{call("x", "Read"), call("x", "Bash")}},
			{Role: headroom.RoleTool, Parts: []headroom.Part{result("x", ""), result("x", "")}},
			{Role: headroom.RoleAssistant, Parts: []headroom.Part{call("x", "Grep")}},
			{Role: headroom.RoleTool, Parts: []headroom.Part{result("x", "")}},
		}, []string{"Read", "Bash", "Grep"}},
		{"unknown id takes the oldest waiting call", []headroom.Message{
			{Role: headroom.RoleAssistant, Parts: []headroom.Part{call("a", "Grep"), call("b", "Bash")}},
			{Role: headroom.RoleTool, Parts: []headroom.Part{result("b", ""), result("zzz", "")}},
		}, []string{"Bash", "Grep"}},
		{"a result with no call stays unnamed", []headroom.Message{
			{Role: headroom.RoleTool, Parts: []headroom.Part{result("a", "")}},
		}, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ResolveNames(tt.msgs)
			var got []string
			for _, m := range tt.msgs {
				for _, p := range m.Parts {
					if p.ToolResult != nil {
						got = append(got, p.ToolResult.Name)
					}
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.names, ",") {
				t.Fatalf("names %q, want %q", got, tt.names)
			}
		})
	}
}

// sdkMsg is a toy SDK message: text blocks, with "call:" and "result:"
// prefixes for tool calls and results, and "img:" for opaque blocks.
type sdkMsg struct {
	role   string
	blocks []string
	built  bool // made by FromNeutral
}

type toyCodec struct{}

func (toyCodec) ToNeutral(m sdkMsg) (headroom.Message, error) {
	n := headroom.Message{Role: headroom.Role(m.role)}
	for _, b := range m.blocks {
		switch {
		case strings.HasPrefix(b, "call:"):
			n.Parts = append(n.Parts, call(strings.TrimPrefix(b, "call:"), "Bash"))
		case strings.HasPrefix(b, "result:"):
			id, content, _ := strings.Cut(strings.TrimPrefix(b, "result:"), "=")
			n.Parts = append(n.Parts, result(id, content))
		case strings.HasPrefix(b, "img:"):
			n.Parts = append(n.Parts, headroom.Part{Opaque: b})
		case b == "bad":
			return n, errors.New("bad block")
		default:
			n.Parts = append(n.Parts, headroom.Part{Text: b})
		}
	}
	return n, nil
}

func (toyCodec) Patch(orig sdkMsg, was, now headroom.Message) (sdkMsg, bool) {
	ch, ok := Diff(was, now)
	if !ok {
		return orig, false
	}
	out := sdkMsg{role: orig.role, blocks: append([]string(nil), orig.blocks...)}
	for i, c := range ch {
		switch c {
		case Other:
			return orig, false
		case TextChanged:
			if r := now.Parts[i].ToolResult; r != nil {
				out.blocks[i] = "result:" + r.CallID + "=" + r.Content
			} else {
				out.blocks[i] = now.Parts[i].Text
			}
		}
	}
	return out, true
}

func (toyCodec) FromNeutral(n headroom.Message) (sdkMsg, error) {
	m := sdkMsg{role: string(n.Role), built: true}
	for _, p := range n.Parts {
		m.blocks = append(m.blocks, p.Text)
	}
	return m, nil
}

func TestCompressNewKeepsUnchangedAndPatchesChanged(t *testing.T) {
	h, err := headroom.New(headroom.WithMaxBytes(2000))
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("error: something failed at line 42\n", 400)
	history := []sdkMsg{{role: "user", blocks: []string{"fix it"}}, {role: "assistant", blocks: []string{"call:1", "call:2"}}}
	batch := []sdkMsg{{role: "tool", blocks: []string{"result:1=" + big}}, {role: "tool", blocks: []string{"result:2=ok"}}}
	out, rep, err := CompressNew(context.Background(), toyCodec{}, h, history, batch)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Strings) != 1 || rep.Strings[0].Message != 0 || rep.Strings[0].Tool != "Bash" {
		t.Fatalf("report %+v", rep.Strings)
	}
	if &out[1].blocks[0] != &batch[1].blocks[0] {
		t.Error("the unchanged message is not the caller's own value")
	}
	if &out[0].blocks[0] == &batch[0].blocks[0] || len(out[0].blocks[0]) > 2000+len("result:1=") ||
		!strings.Contains(out[0].blocks[0], "[…headroom:") {
		t.Errorf("the changed message was not patched: %d bytes", len(out[0].blocks[0]))
	}
	if batch[0].blocks[0] != "result:1="+big {
		t.Error("the caller's batch was written")
	}
	if _, _, err := CompressNew(context.Background(), toyCodec{}, h, []sdkMsg{{blocks: []string{"bad"}}}, batch); err == nil {
		t.Error("a message the codec cannot read gave no error")
	}
}

func TestRebuildMapsCompactedMessagesBack(t *testing.T) {
	orig := []sdkMsg{
		{role: "user", blocks: []string{"task"}},
		{role: "assistant", blocks: []string{"img:thinking", "call:1"}},
		{role: "tool", blocks: []string{"result:1=long output"}},
		{role: "user", blocks: []string{"next"}},
	}
	was, err := ToNeutral[sdkMsg](toyCodec{}, orig)
	if err != nil {
		t.Fatal(err)
	}
	masked := *was[2].Parts[0].ToolResult
	masked.Content = "[masked]"
	out := []headroom.Message{
		{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: "[CONVERSATION_SUMMARY]\nsummary\n[/CONVERSATION_SUMMARY]"}}},
		was[1],
		{Role: headroom.RoleTool, Parts: []headroom.Part{{ToolResult: &masked}}},
		was[3],
	}
	got, err := Rebuild[sdkMsg](toyCodec{}, orig, was, out)
	if err != nil {
		t.Fatal(err)
	}
	if !got[0].built {
		t.Error("the summary was not built anew")
	}
	if &got[1].blocks[0] != &orig[1].blocks[0] || &got[3].blocks[0] != &orig[3].blocks[0] {
		t.Error("kept messages are not the caller's own values")
	}
	if got[2].built || got[2].blocks[0] != "result:1=[masked]" || orig[2].blocks[0] != "result:1=long output" {
		t.Errorf("masked message: %+v (original %+v)", got[2], orig[2])
	}
}

func TestImageTokensBase64(t *testing.T) {
	// A 1×1 PNG.
	png := "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	if n := ImageTokensBase64(png); n != 1 {
		t.Errorf("1×1 PNG: %d tokens, want 1", n)
	}
	if n := ImageTokensBase64("data:image/png;base64," + png); n != 1 {
		t.Errorf("data URL: %d tokens, want 1", n)
	}
	if n := ImageTokensBase64("not an image"); n != ImageTokens {
		t.Errorf("garbage: %d tokens, want %d", n, ImageTokens)
	}
}

func TestOpenAIImageTokens(t *testing.T) {
	for _, tt := range []struct {
		detail, url string
		want        int
	}{
		{"low", "https://example.com/a.png", 85},
		{"auto", "https://example.com/a.png", 765},
		{"high", "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", 255},
	} {
		if got := OpenAIImageTokens(tt.detail, tt.url); got != tt.want {
			t.Errorf("OpenAIImageTokens(%q, %.30q) = %d, want %d", tt.detail, tt.url, got, tt.want)
		}
	}
}

// Between two kept messages, as many messages in as out are taken one for
// one: a text-only message whose text a step rewrote is a patch of its
// original, not a new message.
func TestRebuildPatchesOneForOne(t *testing.T) {
	orig := []sdkMsg{
		{role: "user", blocks: []string{"task"}},
		{role: "assistant", blocks: []string{"a long answer"}},
		{role: "user", blocks: []string{"next"}},
	}
	was, err := ToNeutral[sdkMsg](toyCodec{}, orig)
	if err != nil {
		t.Fatal(err)
	}
	out := []headroom.Message{was[0], {Role: headroom.RoleAssistant, Parts: []headroom.Part{{Text: "short"}}}, was[2]}
	got, err := Rebuild[sdkMsg](toyCodec{}, orig, was, out)
	if err != nil {
		t.Fatal(err)
	}
	if got[1].built || got[1].blocks[0] != "short" || orig[1].blocks[0] != "a long answer" {
		t.Fatalf("rewritten message: %+v (original %+v)", got[1], orig[1])
	}
	// A message of another role in the gap is new.
	out[1] = headroom.Message{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: "short"}}}
	got, err = Rebuild[sdkMsg](toyCodec{}, orig, was, out)
	if err != nil {
		t.Fatal(err)
	}
	if !got[1].built {
		t.Fatal("a message of another role was taken for a patch")
	}
}

func TestCompressNewPassesOptions(t *testing.T) {
	h, err := headroom.New()
	if err != nil {
		t.Fatal(err)
	}
	batch := []sdkMsg{{role: "tool", blocks: []string{"result:1=ok"}}}
	if _, _, err := CompressNew(context.Background(), toyCodec{}, h, nil, batch, headroom.Concurrency(0)); err == nil {
		t.Fatal("an invalid option was not passed to CompressToolResults")
	}
	if _, _, err := CompressNew(context.Background(), toyCodec{}, h, nil, batch, headroom.Concurrency(1)); err != nil {
		t.Fatal(err)
	}
}
