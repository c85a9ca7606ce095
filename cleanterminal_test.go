package headroom

import (
	"context"
	"strings"
	"testing"
)

// WithCleanTerminal writes an exec tool's output as the terminal showed
// it, within budget too; other tools' outputs, and every output without
// the option, come back byte for byte.
func TestWithCleanTerminal(t *testing.T) {
	noisy := "\x1b[32m✔\x1b[0m parses\r\n" + // CRLF line end stays
		"\x1b[J  [....]\r\x1b[J  [▬▬..]\r\x1b[J  [▬▬▬▬]\n" +
		"\x1b[1;31merror:\x1b[0m missing.h\n" +
		"\x1b]8;;http://x\x07link\x1b]8;;\x07 done"
	want := "✔ parses\r\n  [▬▬▬▬]\nerror: missing.h\nlink done"
	ctx := context.Background()

	h := mustNew(t, WithCleanTerminal(true))
	got, o, err := h.Compress(ctx, ToolOutput{Tool: "bash", Text: noisy})
	if err != nil || got != want {
		t.Fatalf("cleaned to %q (%v), want %q", got, err, want)
	}
	if o.Strategy != StrategyClean || o.BytesBefore != len(noisy) || o.BytesAfter != len(want) {
		t.Errorf("outcome %+v", o)
	}
	if got, o, _ := h.Compress(ctx, ToolOutput{Tool: "Grep", Text: noisy}); got != noisy || o.Strategy != StrategyNone {
		t.Errorf("a search tool's output was changed: %q, %v", got, o.Strategy)
	}
	plain := "ok  \texample.com/x\t0.1s\r\n"
	if got, o, _ := h.Compress(ctx, ToolOutput{Tool: "Bash", Text: plain}); got != plain || o.Strategy != StrategyNone {
		t.Errorf("an output with no noise was changed: %q, %v", got, o.Strategy)
	}
	if got, o, _ := mustNew(t).Compress(ctx, ToolOutput{Tool: "Bash", Text: noisy}); got != noisy || o.Strategy != StrategyNone {
		t.Errorf("without the option an output within budget must stay as it is: %q, %v", got, o.Strategy)
	}

	// Over budget: planned from the clean text.
	var b strings.Builder
	for i := range 400 {
		b.WriteString("\x1b[90mstep\x1b[0m " + strings.Repeat("x", i%50) + "\r\x1b[Kstep done\n")
	}
	b.WriteString("\x1b[31merror:\x1b[0m build failed\nmake: *** [all] Error 1\n")
	got, o, err = mustNew(t, WithCleanTerminal(true), WithMaxBytes(2000)).Compress(ctx, ToolOutput{Tool: "Bash", Text: b.String()})
	if err != nil || strings.ContainsAny(got, "\x1b\r") || !strings.Contains(got, "error: build failed\n") || len(got) > 2000 {
		t.Errorf("over budget (%v, %v): %q", o.Strategy, err, got)
	}

	// CompressToolResults replaces a cleaned result within budget.
	msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "1", Name: "Bash", Content: noisy}}}}}
	out, rep, err := CompressToolResults(ctx, h, msgs)
	if err != nil || out[0].Parts[0].ToolResult.Content != want || len(rep.Strings) != 1 || msgs[0].Parts[0].ToolResult.Content != noisy {
		t.Errorf("CompressToolResults: %v, %+v, %q", err, rep, out[0].Parts[0].ToolResult.Content)
	}
}

// Cleaning never panics, leaves no escape, keeps every line, and a
// second pass changes nothing.
func FuzzCleanTerminalText(f *testing.F) {
	for _, seed := range []string{"", "a\r\n", "\x1b[31mx\x1b[0m\n", "10%\r50%\r100%\n", "\x1b", "x\r", "\x1b]8;;u\x07l\x1b]8;;\x1b\\", "\r\r\n\x1b[J"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		clean, changed := cleanTerminalText(text)
		if changed == (clean == text) {
			t.Fatalf("changed=%v for %q -> %q", changed, text, clean)
		}
		if strings.IndexByte(clean, 0x1b) >= 0 {
			t.Fatalf("an escape left in %q", clean)
		}
		if strings.Count(clean, "\n") != strings.Count(text, "\n") {
			t.Fatalf("lines changed: %q -> %q", text, clean)
		}
		if again, changed := cleanTerminalText(clean); changed || again != clean {
			t.Fatalf("not idempotent: %q -> %q", clean, again)
		}
	})
}
