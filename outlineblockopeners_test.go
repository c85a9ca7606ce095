package headroom

import (
	"fmt"
	"strings"
	"testing"
)

func TestBlockOpenerLine(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"message StringRules {", true},
		{"service Greeter {", true},
		{`resource "aws_instance" "web" {`, true},
		{"type Query {", true},
		{"if (x) {", false},     // no name
		{"server {", false},     // a word alone
		{"location / {", false}, // no name
		{"Message X {", false},  // not a lowercase word
		{"message X", false},
	} {
		if got := blockOpenerLine(c.line); got != c.want {
			t.Errorf("blockOpenerLine(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// A protobuf file read with line numbers: its `message X {` blocks,
// which no declaration word names, are its outline, kept where a read of
// it cut eight times keeps only its head and tail.
func TestOutlineKeepsBlockOpeners(t *testing.T) {
	var src []string
	src = append(src, `syntax = "proto2";`, "package validate;", "")
	for k := range 12 {
		src = append(src, fmt.Sprintf("message Rules%02d {", k))
		for f := range 12 {
			src = append(src, fmt.Sprintf("    // Const specifies that this field must be exactly the specified value %d", f))
			src = append(src, fmt.Sprintf("    optional int64 field_%d = %d;", f, f+1))
		}
		src = append(src, "}", "")
	}
	var b strings.Builder
	for i, l := range src {
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, l)
	}
	text := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, len(text)/8)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	for k := range 12 {
		if l := fmt.Sprintf("\tmessage Rules%02d {\n", k); !strings.Contains(out, l) {
			t.Errorf("%q not kept", l)
		}
	}
	if got := blockOpeners(func(i int) string { return "" }, 3); got != nil {
		t.Errorf("blank lines: %v", got)
	}
}
