package headroom

import (
	"bytes"
	"reflect"
)

// sameMessage reports whether a and b are identical, cheaply when they
// share their parts.
func sameMessage(a, b *Message) bool {
	if a.Role != b.Role || len(a.Parts) != len(b.Parts) {
		return false
	}
	if len(a.Parts) == 0 || &a.Parts[0] == &b.Parts[0] {
		return true
	}
	for i := range a.Parts {
		if !samePart(&a.Parts[i], &b.Parts[i]) {
			return false
		}
	}
	return true
}

func samePart(a, b *Part) bool {
	if a.Text != b.Text {
		return false
	}
	if a.ToolCall != b.ToolCall {
		x, y := a.ToolCall, b.ToolCall
		if x == nil || y == nil || x.ID != y.ID || x.Name != y.Name || !bytes.Equal(x.Args, y.Args) {
			return false
		}
	}
	if a.ToolResult != b.ToolResult {
		x, y := a.ToolResult, b.ToolResult
		if x == nil || y == nil || x.CallID != y.CallID || x.Name != y.Name || x.Content != y.Content ||
			x.IsError != y.IsError || (x.ExitCode == nil) != (y.ExitCode == nil) ||
			(x.ExitCode != nil && *x.ExitCode != *y.ExitCode) || !reflect.DeepEqual(x.Attachments, y.Attachments) {
			return false
		}
	}
	return reflect.DeepEqual(a.Opaque, b.Opaque)
}

// firstChanged returns the index of the first message of out that differs
// from in, or -1 when out is in.
func firstChanged(in, out []Message) int {
	n := min(len(in), len(out))
	for i := range n {
		if !sameMessage(&in[i], &out[i]) {
			return i
		}
	}
	if len(in) != len(out) {
		return n
	}
	return -1
}
