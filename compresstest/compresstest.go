// Package compresstest checks that a [headroom.Compressor] keeps the
// contract every caller of [headroom.CompressToolResults] relies on, the way
// testing/slogtest checks a slog.Handler. Run it from a test of your own
// compressor (or of a configured *headroom.Headroom):
//
//	func TestMyCompressor(t *testing.T) {
//		compresstest.Run(t, myCompressor, compresstest.Options{})
//	}
//
// The budget every output is held to is the one the compressor reports
// from its Budget method, and the tighter one a [headroom.ToolOutput]
// carries; the suite also runs the compressor behind a plain wrapper
// through [headroom.CompressToolResults], so a budget that only the
// concrete type knows is caught.
package compresstest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/headroom-go/headroom"
)

// Options configures the suite. The zero value runs it on the suite's own
// inputs.
type Options struct {
	// Inputs are checked besides the suite's own odd inputs (empty text,
	// NUL bytes, invalid UTF-8, CRLF, ANSI escapes, one long line, search,
	// log and JSON shapes).
	Inputs []headroom.ToolOutput
}

// Run checks c with [Check] and reports each problem through t.
func Run(t testing.TB, c headroom.Compressor, opts Options) {
	t.Helper()
	for _, err := range Check(c, opts) {
		t.Error(err)
	}
}

// Check runs c on every input and returns the contract violations it finds:
// a panic, or an error under a live context; a Budget that errs or is
// negative; text not returned unchanged exactly when the outcome says
// StrategyNone; a StrategyClean text (terminal noise removed, nothing
// cut) with a marker or an escape left; a compressed text over the budget — c's own, or the
// tighter one a ToolOutput carries — or without exactly one "[…headroom:"
// marker; byte counts that do not match; other bytes on a second call or
// under concurrent use; valid UTF-8 made invalid; a small input not passed
// through; a cancelled context not answered with an error; and, with c
// behind a wrapper that only passes calls on, a [headroom.CompressToolResults]
// result, plain or structured, over the budget.
func Check(c headroom.Compressor, opts Options) []error {
	var errs []error
	fail := func(in headroom.ToolOutput, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", name(in), fmt.Sprintf(format, args...)))
	}
	b, err := budget(c)
	if err != nil {
		return []error{err}
	}
	inputs := append(oddInputs(), opts.Inputs...)
	first := make([]string, len(inputs))
	for i, in := range inputs {
		first[i] = checkOne(c, b, in, fail)
	}
	for _, in := range inputs {
		tight := in
		tight.MaxBytes = max(headroom.MinBudgetBytes, min(b.MaxBytes, 4000)/2)
		if b.MaxBytes == 0 {
			tight.MaxBytes = 2000
		}
		checkOne(c, headroom.Budget{MaxBytes: tight.MaxBytes, MaxTokens: b.MaxTokens, Counter: b.Counter}, tight, fail)
	}
	small := headroom.ToolOutput{Tool: "Bash", Text: "ok\n"}
	if got, o, err := call(c, context.Background(), small); err != nil || got != small.Text || o.Strategy != headroom.StrategyNone {
		fail(small, "got %q, strategy %q, err %v; want it unchanged with StrategyNone", got, o.Strategy, err)
	}
	var wg sync.WaitGroup
	again := make([]string, len(inputs))
	for i, in := range inputs {
		wg.Go(func() { again[i], _, _ = call(c, context.Background(), in) })
	}
	wg.Wait()
	for i, in := range inputs {
		if again[i] != first[i] {
			fail(in, "a concurrent call gave other bytes than the sequential one")
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	long := headroom.ToolOutput{Tool: "Read", Text: strings.Repeat("a line of a long file\n", 40000)}
	if _, _, err := call(c, ctx, long); !errors.Is(err, context.Canceled) {
		fail(long, "with a cancelled context: err = %v, want context.Canceled", err)
	}
	return append(errs, checkWrapped(c, b, inputs)...)
}

// wrapper passes every call on, as a user's logging wrapper does.
type wrapper struct{ headroom.Compressor }

// checkWrapped runs c behind a wrapper through CompressToolResults, with
// each input as a plain result and as an exec wrapper's stdout and
// stderr, and checks every result against the budget.
func checkWrapped(c headroom.Compressor, b headroom.Budget, inputs []headroom.ToolOutput) []error {
	var msgs []headroom.Message
	for i, in := range inputs {
		next := inputs[(i+1)%len(inputs)].Text
		structured := fmt.Sprintf(`{"stdout": %s, "stderr": %s, "exit_code": 1}`, quote(in.Text), quote(next))
		msgs = append(msgs, headroom.Message{Role: headroom.RoleTool, Parts: []headroom.Part{
			{ToolResult: &headroom.ToolResult{CallID: name(in), Name: in.Tool, Content: in.Text}},
			{ToolResult: &headroom.ToolResult{CallID: name(in) + "-json", Name: in.Tool, Content: structured}},
		}})
	}
	out, _, err := headroom.CompressToolResults(context.Background(), wrapper{c}, msgs)
	if err != nil {
		return []error{fmt.Errorf("CompressToolResults through a wrapper: %v", err)}
	}
	var errs []error
	for i, m := range out {
		for k, p := range m.Parts {
			got, was := p.ToolResult.Content, msgs[i].Parts[k].ToolResult.Content
			if got == was && (b.MaxBytes == 0 || len(was) <= b.MaxBytes) {
				continue // under budget, and left alone
			}
			if b.MaxBytes > 0 && len(got) > b.MaxBytes {
				errs = append(errs, fmt.Errorf("%s through a wrapper: %d bytes, over the %d-byte budget", p.ToolResult.CallID, len(got), b.MaxBytes))
			}
			if n := b.Counter.CountTokens(got); b.MaxTokens > 0 && n > b.MaxTokens {
				errs = append(errs, fmt.Errorf("%s through a wrapper: %d tokens, over the %d-token budget", p.ToolResult.CallID, n, b.MaxTokens))
			}
		}
	}
	return errs
}

// budget asks c for its budget, turning a panic into an error.
func budget(c headroom.Compressor) (b headroom.Budget, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("budget panicked: %v", r)
		}
	}()
	b, err = c.Budget(context.Background())
	if err != nil {
		return b, fmt.Errorf("budget: %v", err)
	}
	if b.MaxBytes < 0 || b.MaxTokens < 0 {
		return b, fmt.Errorf("budget is negative: %+v", b)
	}
	if b.Counter == nil {
		b.Counter = headroom.Estimate
	}
	return b, nil
}

// quote writes s as a JSON string.
func quote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

// checkOne checks one input and returns the output for the concurrency check.
func checkOne(c headroom.Compressor, b headroom.Budget, in headroom.ToolOutput, fail func(headroom.ToolOutput, string, ...any)) string {
	got, o, err := call(c, context.Background(), in)
	if err != nil {
		fail(in, "Compress: %v", err)
		return got
	}
	if o.BytesBefore != len(in.Text) || o.BytesAfter != len(got) {
		fail(in, "outcome says %d → %d bytes; the strings are %d → %d", o.BytesBefore, o.BytesAfter, len(in.Text), len(got))
	}
	switch o.Strategy {
	case headroom.StrategyNone:
		if got != in.Text {
			fail(in, "StrategyNone but the text changed")
		}
		if b.MaxBytes > 0 && len(got) > b.MaxBytes {
			fail(in, "returned unchanged at %d bytes, over the %d-byte budget", len(got), b.MaxBytes)
		}
	case headroom.StrategyClean:
		// Cleaned of terminal noise, nothing cut: no marker, and nothing
		// left to clean.
		if strings.Contains(got, "[…headroom:") || strings.IndexByte(got, 0x1b) >= 0 {
			fail(in, "StrategyClean output carries a marker or an escape: %q", got)
		}
		if b.MaxBytes > 0 && len(got) > b.MaxBytes {
			fail(in, "cleaned output is %d bytes, over the %d-byte budget", len(got), b.MaxBytes)
		}
	default:
		if n := strings.Count(got, "[…headroom:"); n != 1 {
			fail(in, "compressed text carries %d markers, want 1", n)
		}
		if b.MaxBytes > 0 && len(got) > b.MaxBytes {
			fail(in, "%s output is %d bytes, over the %d-byte budget", o.Strategy, len(got), b.MaxBytes)
		}
		if n := b.Counter.CountTokens(got); b.MaxTokens > 0 && n > b.MaxTokens {
			fail(in, "%s output counts %d tokens, over the %d-token budget", o.Strategy, n, b.MaxTokens)
		}
	}
	if utf8.ValidString(in.Text) && !utf8.ValidString(got) {
		fail(in, "valid UTF-8 in, invalid UTF-8 out")
	}
	if again, _, _ := call(c, context.Background(), in); again != got {
		fail(in, "not deterministic: a second call gave other bytes")
	}
	return got
}

// call runs Compress, turning a panic into an error.
func call(c headroom.Compressor, ctx context.Context, in headroom.ToolOutput) (s string, o headroom.Outcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("compress panicked: %v", r)
		}
	}()
	return c.Compress(ctx, in)
}

func name(in headroom.ToolOutput) string {
	if in.MaxBytes > 0 {
		return fmt.Sprintf("%s-%dB-max%d", in.Tool, len(in.Text), in.MaxBytes)
	}
	return fmt.Sprintf("%s-%dB", in.Tool, len(in.Text))
}

// oddInputs are the inputs every compressor meets sooner or later.
func oddInputs() []headroom.ToolOutput {
	lines := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	return []headroom.ToolOutput{
		{Tool: "Bash", Text: ""},
		{Tool: "Read", Text: lines(3000, func(i int) string { return fmt.Sprintf("line %d\x00with NUL\n", i) })},
		{Tool: "Read", Text: lines(3000, func(i int) string { return fmt.Sprintf("bad \xff\xfe utf-8 %d\n", i) })},
		{Tool: "Bash", Text: lines(3000, func(i int) string { return fmt.Sprintf("step %d done\r\n", i) })},
		{Tool: "Bash", Text: lines(3000, func(i int) string { return fmt.Sprintf("\x1b[32mok\x1b[0m  pkg/%d\t0.01s\n", i) })},
		{Tool: "Read", Text: strings.Repeat("日本語のテキスト", 1<<20/24)},
		{Tool: "Grep", Text: lines(3000, func(i int) string { return fmt.Sprintf("src/pkg%d/file.go:%d:\tctx context.Context\n", i%40, i) })},
		{Tool: "Bash", Text: lines(2000, func(i int) string {
			if i%500 == 7 {
				return "--- FAIL: TestThing (0.00s)\n    thing_test.go:12: got 1, want 2\n"
			}
			return fmt.Sprintf("=== RUN   TestCase%d\n--- PASS: TestCase%d (0.00s)\n", i, i)
		}) + "FAIL\tgithub.com/x/y\t0.5s\n"},
		{Tool: "Bash", Text: `{"stdout": "` + strings.Repeat(`x\n`, 20000) + `"}`},
	}
}
