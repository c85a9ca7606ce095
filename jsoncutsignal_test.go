package headroom

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A failing event larger than the failures' share (cargo's error with its
// rendered text and code explanation) is kept cut to the member that says
// failure and the one-line members after it, not dropped whole.
func TestFailureTooLargeIsKeptCut(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, `{"reason":"compiler-message","message":{"rendered":"warning: unused variable: x%d\n%s","children":[],"level":"warning","message":"unused variable: x%d","spans":[{"file_name":"src/lib.rs","line_start":%d}],"code":{"code":"unused_variables","explanation":null}}}`+"\n", i, strings.Repeat("  | ", 100), i, i+3)
	}
	explanation := strings.Repeat(`Expected type did not match the received type.\n`, 60)
	fmt.Fprintf(&b, `{"reason":"compiler-message","message":{"rendered":"error[E0308]: mismatched types\n%s","children":[{"level":"help","message":"try a conversion"}],"level":"error","message":"mismatched types","spans":[{"file_name":"src/main.rs","line_start":20}],"code":{"code":"E0308","explanation":"%s"}}}`+"\n", strings.Repeat("  | ", 120), explanation)
	b.WriteString(`{"reason":"build-finished","success":false}` + "\n")
	text := b.String()
	for _, limit := range []int{4000, 8000} {
		out, _, err := mustNew(t, WithMaxBytes(limit)).Compress(context.Background(), ToolOutput{Tool: "Bash", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, `"level":"error","message":"mismatched types"`) {
			t.Errorf("at %d the error's level and message are lost:\n%s", limit, out)
		}
	}
	if _, ok := cutSignal(text, jsonSignal{failure: true}, 1000); ok {
		t.Error("a failure with no member that says so is cut")
	}
}
