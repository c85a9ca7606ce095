package headroom

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A minified document cut by much (a cpuprofile on one line) ends as a
// clip's tail would: the last value's end verbatim, not a sample's last
// few numbers after a gap note.
func TestMinifiedOutlineKeepsClipTail(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"nodes":[`)
	for i := range 200 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"callFrame":{"functionName":"f%d","url":"file:///a/b%d.js","lineNumber":%d},"hitCount":%d}`, i+1, i, i%7, i*3, i%5)
	}
	b.WriteString(`],"startTime":709176640,"endTime":709719003,"timeDeltas":[`)
	for i := range 3000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%d", 500+(i*7919)%60000)
	}
	b.WriteString("]}")
	text := b.String()
	h := mustNew(t, WithMaxBytes(4000))
	got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Bash", Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if o.Strategy != StrategyJSON {
		t.Fatalf("strategy %v, want json", o.Strategy)
	}
	if tail := text[len(text)-300:]; !strings.Contains(got, tail) {
		t.Errorf("the last 300 bytes are not kept verbatim:\n%s", got[max(0, len(got)-800):])
	}
}
