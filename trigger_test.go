package headroom

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestShouldCompact(t *testing.T) {
	conv := autonomousRun(10)
	n := CountMessages(conv, nil)
	for _, tc := range []struct {
		window   int
		fraction float64
		want     bool
	}{
		{n, 0, true},        // n > 0.85 n
		{n * 2, 0, false},   // n < 0.85 · 2n
		{n * 2, 0.4, true},  // n > 0.8 n
		{n * 2, 0.5, false}, // n is not more than n
		{n, 1, false},       // exactly full is not over
		{n * 4, -3, true},   // invalid fraction: compact now
		{n * 2, 7, true},    // invalid fraction: compact now
		{0, 0.5, false},     // no window
		{-1, 0.5, false},    // no window
	} {
		if got := ShouldCompact(conv, tc.window, tc.fraction, nil); got != tc.want {
			t.Errorf("ShouldCompact(%d tokens, window %d, %v) = %v", n, tc.window, tc.fraction, got)
		}
	}
}

func TestIsContextOverflow(t *testing.T) {
	for _, msg := range []string{
		"prompt is too long: 208310 tokens > 200000 maximum",
		`POST "https://api.openai.com/v1/chat/completions": 400 Bad Request {"code": "context_length_exceeded"}`,
		"This model's maximum context length is 128000 tokens. However, your messages resulted in 130210 tokens.",
		"Request too large for gpt-4o in organization org-x on tokens per min (TPM)",
		"request_too_large",
		"Too Many Tokens",
		"ValidationException: Input is too long for requested model.",
		"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
	} {
		if !IsContextOverflow(errors.New(msg)) {
			t.Errorf("not recognised: %q", msg)
		}
		if !IsContextOverflow(fmt.Errorf("calling the model: %w", errors.New(msg))) {
			t.Errorf("not recognised when wrapped: %q", msg)
		}
	}
	for _, err := range []error{nil, errors.New("rate limit exceeded"), errors.New("overloaded_error"), context.DeadlineExceeded} {
		if IsContextOverflow(err) {
			t.Errorf("recognised: %v", err)
		}
	}
}

// overflowingModel fails while the conversation is over limit tokens.
func overflowingModel(limit int, calls *int) func(context.Context, []Message) (string, error) {
	return func(_ context.Context, msgs []Message) (string, error) {
		*calls++
		if n := CountMessages(msgs, nil); n > limit {
			return "", fmt.Errorf("prompt is too long: %d tokens > %d maximum", n, limit)
		}
		return "answer", nil
	}
}

func TestRetryOnOverflow(t *testing.T) {
	conv := []Message{sysMsg("s"), userMsg("one")}
	conv = append(conv, toolRun("a", "grep", 20, 100)...)
	conv = append(conv, userMsg("two"), userMsg("three"))
	n := CountMessages(conv, nil)
	ctx := context.Background()

	calls := 0
	got, out, err := RetryOnOverflow(ctx, conv, overflowingModel(n*7/10, &calls), RetryOptions{})
	if err != nil || got != "answer" || calls < 2 || calls > 3 || CountMessages(out, nil) > n*7/10 {
		t.Fatalf("got %q, %d calls, err %v", got, calls, err)
	}
	checkRules(t, "retry", conv, out)

	calls = 0
	_, out, err = RetryOnOverflow(ctx, conv, overflowingModel(10, &calls), RetryOptions{})
	if err == nil || !IsContextOverflow(err) || !strings.HasPrefix(err.Error(), "headroom: ") || calls > DefaultRetryAttempts {
		t.Fatalf("%d calls, err %v", calls, err)
	}
	checkRules(t, "retry", conv, out)

	calls = 0
	other := errors.New("invalid api key")
	_, _, err = RetryOnOverflow(ctx, conv, func(context.Context, []Message) (int, error) { calls++; return 0, other }, RetryOptions{})
	if err != other || calls != 1 {
		t.Fatalf("%d calls, err %v", calls, err)
	}

}

// A compaction that frees less than 5 % stops the retries: no loops.
func TestRetryOnOverflowFreesTooLittle(t *testing.T) {
	conv := autonomousRun(40)
	calls := 0
	_, out, err := RetryOnOverflow(context.Background(), conv, overflowingModel(10, &calls), RetryOptions{
		Compact: CompactOptions{Steps: []Step{TrimStep(TrimOptions{})}}, Shrink: 0.97, Attempts: 10})
	if err == nil || !strings.Contains(err.Error(), "freed only") || !IsContextOverflow(err) || calls != 1 || len(out) != len(conv) {
		t.Fatalf("%d calls, err %v", calls, err)
	}
	// And a compaction that cannot fit stops them too, wrapping both errors.
	calls = 0
	_, _, err = RetryOnOverflow(context.Background(), conv, overflowingModel(10, &calls), RetryOptions{
		Compact: CompactOptions{Steps: []Step{}}, Attempts: 10})
	if !errors.Is(err, ErrCannotFit) || !IsContextOverflow(err) || calls != 1 {
		t.Fatalf("%d calls, err %v", calls, err)
	}
}

// OnOverflow is told of each overflow a retry follows, before the
// compaction; a panic in it does not stop the retries.
func TestRetryOnOverflowHook(t *testing.T) {
	conv := []Message{sysMsg("s"), userMsg("one")}
	conv = append(conv, toolRun("a", "grep", 20, 100)...)
	conv = append(conv, userMsg("two"), userMsg("three"))
	n := CountMessages(conv, nil)

	var seen []int
	calls := 0
	_, _, err := RetryOnOverflow(context.Background(), conv, overflowingModel(10, &calls), RetryOptions{
		OnOverflow: func(attempt int, err error) {
			if !IsContextOverflow(err) {
				t.Errorf("attempt %d: hook got %v", attempt, err)
			}
			if attempt != calls {
				t.Errorf("hook called with attempt %d after %d calls", attempt, calls)
			}
			seen = append(seen, attempt)
			panic("a broken hook")
		},
		Compact: CompactOptions{Steps: []Step{NewStep("halve", func(_ context.Context, msgs []Message, _ StepEnv) ([]Message, error) {
			if len(seen) != calls { // the hook ran before the compaction
				t.Errorf("compacting before the hook: %d hooks, %d calls", len(seen), calls)
			}
			return Trim(msgs, TrimOptions{Budget: CountMessages(msgs, nil) * 3 / 4, KeepRecent: -1}), nil
		})}},
	})
	// Three calls, all overflowing: the hook before the second and the
	// third, not after the last.
	if err == nil || calls != DefaultRetryAttempts || !reflect.DeepEqual(seen, []int{1, 2}) {
		t.Fatalf("%d calls, hooks %v, err %v", calls, seen, err)
	}

	// No overflow, no hook.
	calls, seen = 0, nil
	if _, _, err := RetryOnOverflow(context.Background(), conv, overflowingModel(n, &calls), RetryOptions{
		OnOverflow: func(int, error) { seen = append(seen, 0) }}); err != nil || seen != nil {
		t.Fatalf("hooks %v, err %v", seen, err)
	}
}

func TestCompactIfNeeded(t *testing.T) {
	conv := autonomousRun(20)
	n := CountMessages(conv, nil)
	ctx := context.Background()

	// Under 85 % of the window: nothing runs.
	out, rep, ran, err := CompactIfNeeded(ctx, conv, n*2, CompactOptions{})
	if ran || err != nil || &out[0] != &conv[0] || rep.FirstChanged != -1 || len(rep.Steps) != 0 || rep.MessagesAfter != len(conv) || rep.TokensAfter != n {
		t.Fatalf("ran %v, err %v, report %v", ran, err, rep)
	}

	// Over it: compacted to 60 % of the window.
	window := n
	out, rep, ran, err = CompactIfNeeded(ctx, conv, window, CompactOptions{})
	if !ran || err != nil || rep.Budget != int(DefaultCompactTarget*float64(window)) || CountMessages(out, nil) > rep.Budget {
		t.Fatalf("ran %v, err %v, report %v", ran, err, rep)
	}
	checkRules(t, "CompactIfNeeded", conv, out)

	// A budget of the caller's own wins, and Compact's errors come through.
	_, rep, ran, err = CompactIfNeeded(ctx, conv, window, CompactOptions{Budget: 1})
	if !ran || rep.Budget != 1 || !errors.Is(err, ErrCannotFit) {
		t.Fatalf("ran %v, err %v, report %v", ran, err, rep)
	}

	// No window, never full.
	if _, _, ran, err := CompactIfNeeded(ctx, conv, 0, CompactOptions{}); ran || err != nil {
		t.Fatalf("ran %v, err %v", ran, err)
	}
}
