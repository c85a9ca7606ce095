// Package compresstest checks that a [headroom.Compressor] keeps the
// contract every caller of [headroom.CompressToolResults] relies on, the way
// testing/slogtest checks a slog.Handler. Run it from a test of your own
// compressor (or of a configured *headroom.Headroom):
//
//	func TestMyCompressor(t *testing.T) {
//		compresstest.Run(t, myCompressor, compresstest.Options{MaxBytes: 8000})
//	}
package compresstest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/headroom-go/headroom"
)

// Options describes the compressor under test.
type Options struct {
	// MaxBytes is the byte budget the compressor was built with; outputs
	// that were compressed must fit it. 0 skips the byte check.
	MaxBytes int
	// MaxTokens is the token budget, counted by Counter; 0 skips the check.
	MaxTokens int
	// Counter counts tokens for MaxTokens. If nil, headroom.Estimate is used.
	Counter headroom.TokenCounter
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
// a panic, or an error under a live context; text not returned unchanged
// exactly when the outcome says StrategyNone; a compressed text over budget
// or without exactly one "[…headroom:" marker; byte counts that do not
// match; other bytes on a second call or under concurrent use; valid UTF-8
// made invalid; a small input not passed through; a cancelled context not
// answered with an error.
func Check(c headroom.Compressor, opts Options) []error {
	if opts.Counter == nil {
		opts.Counter = headroom.Estimate
	}
	var errs []error
	fail := func(in headroom.ToolOutput, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", name(in), fmt.Sprintf(format, args...)))
	}
	inputs := append(oddInputs(), opts.Inputs...)
	first := make([]string, len(inputs))
	for i, in := range inputs {
		first[i] = checkOne(c, opts, in, fail)
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
	return errs
}

// checkOne checks one input and returns the output for the concurrency check.
func checkOne(c headroom.Compressor, opts Options, in headroom.ToolOutput, fail func(headroom.ToolOutput, string, ...any)) string {
	got, o, err := call(c, context.Background(), in)
	if err != nil {
		fail(in, "Compress: %v", err)
		return got
	}
	if o.BytesBefore != len(in.Text) || o.BytesAfter != len(got) {
		fail(in, "outcome says %d → %d bytes; the strings are %d → %d", o.BytesBefore, o.BytesAfter, len(in.Text), len(got))
	}
	if o.Strategy == headroom.StrategyNone {
		if got != in.Text {
			fail(in, "StrategyNone but the text changed")
		}
	} else {
		if n := strings.Count(got, "[…headroom:"); n != 1 {
			fail(in, "compressed text carries %d markers, want 1", n)
		}
		if opts.MaxBytes > 0 && len(got) > opts.MaxBytes {
			fail(in, "%s output is %d bytes, over the %d-byte budget", o.Strategy, len(got), opts.MaxBytes)
		}
		if n := opts.Counter.CountTokens(got); opts.MaxTokens > 0 && n > opts.MaxTokens {
			fail(in, "%s output counts %d tokens, over the %d-token budget", o.Strategy, n, opts.MaxTokens)
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
			err = fmt.Errorf("Compress panicked: %v", r)
		}
	}()
	return c.Compress(ctx, in)
}

func name(in headroom.ToolOutput) string {
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
