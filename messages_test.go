package headroom

import "testing"

type sizedAttachment int

func (s sizedAttachment) TokenCount() int { return int(s) }

func TestCountMessagesChargesAttachments(t *testing.T) {
	plain := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "1", Name: "Read", Content: "x"}}}}}
	with := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "1", Name: "Read", Content: "x",
		Attachments: []any{sizedAttachment(120), struct{}{}}}}}}}
	got, base := CountMessages(with, nil), CountMessages(plain, nil)
	if got != base+120+OpaqueTokens {
		t.Fatalf("CountMessages with a 120-token and an unsized attachment = %d, want %d", got, base+120+OpaqueTokens)
	}
}

func TestSamePartSeesAttachments(t *testing.T) {
	a := Part{ToolResult: &ToolResult{CallID: "1", Content: "x", Attachments: []any{"img-a"}}}
	b := Part{ToolResult: &ToolResult{CallID: "1", Content: "x", Attachments: []any{"img-b"}}}
	if samePart(&a, &b) {
		t.Fatal("parts whose attachments differ compare equal")
	}
}
