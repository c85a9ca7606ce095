package headroom

import (
	"context"
	"os"
	"testing"
)

func TestTmpCompressMem(t *testing.T) {
	b, err := os.ReadFile("/tmp/logspeed-err1m.txt")
	if err != nil {
		t.Skip()
	}
	h := mustNew(t)
	if _, _, err := h.Compress(context.Background(), ToolOutput{Tool: "Bash", Text: string(b)}); err != nil {
		t.Fatal(err)
	}
}
