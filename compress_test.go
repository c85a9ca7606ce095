package headroom

import (
	"context"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"testing/synctest"
	"time"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

func mustNew(t testing.TB, opts ...Option) *Headroom {
	t.Helper()
	h, err := New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func numberedLines(n int, format func(i int) string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(format(i))
		b.WriteByte('\n')
	}
	return b.String()
}

func TestNewRefusesBadOptions(t *testing.T) {
	cases := []struct {
		name string
		opts []Option
		want string
	}{
		{"tiny byte budget", []Option{WithMaxBytes(12)}, "budget 12 is below the 256-byte minimum"},
		{"negative byte budget", []Option{WithMaxBytes(-1)}, "negative"},
		{"tiny token budget", []Option{WithMaxTokens(5)}, "token budget 5 is below"},
		{"negative token budget", []Option{WithMaxTokens(-3)}, "negative"},
		{"nil counter", []Option{WithTokenCounter(nil)}, "TokenCounter is required"},
		{"nil summarizer", []Option{WithSummarizer(nil)}, "WithSummarizer(nil)"},
		{"zero timeout", []Option{WithSummaryTimeout(0)}, "timeout"},
		{"zero matches per file", []Option{WithMatchesPerFile(0)}, "matches per file 0"},
		{"empty exec tool", []Option{WithExecTools("Bash", " ")}, "exec tool name is empty"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.opts...)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "headroom: ") {
				t.Fatalf("New: err = %v, want one containing %q", err, tc.want)
			}
		})
	}
	for _, opts := range [][]Option{nil, {WithMaxBytes(0)}, {WithMaxBytes(MinBudgetBytes)}, {WithMaxTokens(0)}, {WithMaxTokens(4000), WithMaxBytes(9000)}} {
		if _, err := New(opts...); err != nil {
			t.Errorf("New(%d options) = %v, want no error", len(opts), err)
		}
	}
}

func TestCompressUnderBudgetIsIdentity(t *testing.T) {
	h := mustNew(t)
	text := strings.Repeat("x", DefaultMaxBytes)
	got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Bash", Text: text})
	if err != nil || got != text || o.Strategy != StrategyNone || o.BytesAfter != len(text) {
		t.Fatalf("under budget: strategy %v, err %v, same %v", o.Strategy, err, got == text)
	}
}

func TestCompressClipsPlainText(t *testing.T) {
	h := mustNew(t, WithMaxBytes(1000))
	text := numberedLines(500, func(i int) string { return "row " + itoa(i) + " of a long file" })
	got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if o.Strategy != StrategyClip || len(got) > 1000 || o.BytesAfter != len(got) || o.BytesBefore != len(text) {
		t.Fatalf("strategy %v, %d bytes (report %d→%d)", o.Strategy, len(got), o.BytesBefore, o.BytesAfter)
	}
	if !strings.HasPrefix(got, "row 0 of") || !strings.HasSuffix(got, "row 499 of a long file\n") {
		t.Errorf("head or tail lost:\n%s", got)
	}
	if o.TokensOmitted <= 0 || !strings.Contains(got, markerPrefix+" ~"+txt.Commas(o.TokensOmitted)+" tokens omitted") {
		t.Errorf("marker must state the omitted tokens (%d):\n%s", o.TokensOmitted, got)
	}
}

func TestCompressHoldsTokenBudget(t *testing.T) {
	// A counter that prices every byte as a token is the strictest one allowed.
	perByte := TokenCounterFunc(func(s string) int { return len(s) })
	for _, tc := range []struct {
		name    string
		counter TokenCounter
		tokens  int
	}{
		{"estimate", Estimate, 300},
		{"estimate large", Estimate, 5000},
		{"per byte", perByte, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := mustNew(t, WithTokenCounter(tc.counter), WithMaxTokens(tc.tokens))
			text := numberedLines(3000, func(i int) string { return "2026/11/22 worker " + itoa(i) + ": processed batch ok" })
			got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
			if err != nil {
				t.Fatal(err)
			}
			if n := tc.counter.CountTokens(got); n > tc.tokens {
				t.Fatalf("output counts %d tokens, budget %d", n, tc.tokens)
			}
			if o.Strategy == StrategyNone || !strings.Contains(got, markerPrefix) {
				t.Fatalf("expected compression, got %v", o.Strategy)
			}
			if tc.counter.CountTokens(got) < tc.tokens/3 {
				t.Errorf("output counts %d tokens: the budget of %d is badly under-used", tc.counter.CountTokens(got), tc.tokens)
			}
		})
	}
}

func TestCompressContextBudget(t *testing.T) {
	text := strings.Repeat("abcdefghij\n", 300)
	h := mustNew(t)
	ctx := WithBudget(context.Background(), 1000)
	if n, ok := BudgetFromContext(ctx); !ok || n != 1000 {
		t.Fatalf("BudgetFromContext = %d, %v", n, ok)
	}
	got, _, err := h.Compress(ctx, ToolOutput{Tool: "Read", Text: text})
	if err != nil || len(got) > 1000 || len(got) < 500 {
		t.Fatalf("context budget not used: %d bytes, err %v", len(got), err)
	}
	// An explicit option wins over the context.
	explicit := mustNew(t, WithMaxBytes(2000))
	got, _, _ = explicit.Compress(ctx, ToolOutput{Tool: "Read", Text: text})
	if len(got) <= 1000 || len(got) > 2000 {
		t.Fatalf("explicit budget should win: %d bytes", len(got))
	}
	// 0 disables; an invalid budget is a clear error.
	got, o, err := h.Compress(WithBudget(context.Background(), 0), ToolOutput{Text: text})
	if err != nil || got != text || o.Strategy != StrategyNone {
		t.Fatalf("budget 0 must disable compression")
	}
	if _, _, err := h.Compress(WithBudget(context.Background(), 10), ToolOutput{Text: text}); err == nil || !strings.Contains(err.Error(), "below the 256-byte minimum") {
		t.Fatalf("invalid context budget: err = %v", err)
	}
}

func TestCompressHonoursCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := mustNew(t).Compress(ctx, ToolOutput{Text: strings.Repeat("x", 20000)})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// The budget invariant over arbitrary text, tools and every byte budget New
// accepts: never over budget, never a panic, same input → same bytes, and
// valid UTF-8 stays valid.
func TestCompressProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tool := rapid.SampledFrom([]string{"Bash", "Grep", "Read", "bash", ""}).Draw(t, "tool")
		mixed := rapid.OneOf(
			rapid.StringMatching(`[a-z/]{1,12}\.go:[0-9]{1,4}:[ -~]{0,60}`),
			rapid.StringMatching(`(ERROR|WARN|INFO|--- FAIL:|panic:|\tat ) [ -~]{0,60}`),
			rapid.String(),
		)
		// Many short lines of multi-byte runes make a clip marker with
		// line numbers as long as its byte counts.
		short := rapid.StringMatching(`[a-zé日 ]{0,6}`)
		line := rapid.SampledFrom([]*rapid.Generator[string]{mixed, short}).Draw(t, "line kind")
		n := rapid.IntRange(0, 400).Draw(t, "line count")
		lines := rapid.SliceOfN(line, n, n).Draw(t, "lines")
		sep := rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "sep")
		text := strings.Join(lines, sep)
		// Budgets just under the text's size, and near the minimum where
		// the marker rather than the slack bounds the content, are drawn
		// as often as any.
		lowest := rapid.OneOf(
			rapid.IntRange(MinBudgetBytes, max(MinBudgetBytes, len(text))),
			rapid.IntRange(MinBudgetBytes, 1400),
			rapid.IntRange(MinBudgetBytes, 20000),
		).Draw(t, "lowest budget")
		// Eight budgets in a row per text: an overrun by a byte shows at
		// some budgets and not at their neighbours.
		for budget := lowest; budget < lowest+8; budget++ {
			h, err := New(WithMaxBytes(budget))
			if err != nil {
				t.Fatal(err)
			}
			checkCompress(t, h, ToolOutput{Tool: tool, Text: text}, budget)
		}
	})
}

// checkCompress compresses out with h, whose byte budget is budget, and
// checks the invariants every output keeps: identity under budget; within
// budget otherwise, with one marker of its own (a marker quoted by the
// input may be kept too), valid UTF-8 kept valid, and the same bytes again.
func checkCompress(t interface{ Fatalf(string, ...any) }, h *Headroom, out ToolOutput, budget int) {
	text := out.Text
	got, o, err := h.Compress(context.Background(), out)
	if err != nil {
		t.Fatalf("Compress: %v", err)
	}
	if len(text) <= budget {
		if got != text || o.Strategy != StrategyNone {
			t.Fatalf("budget %d: under budget must be identity", budget)
		}
		return
	}
	if len(got) > budget {
		t.Fatalf("%s output %d bytes, budget %d", o.Strategy, len(got), budget)
	}
	if n := strings.Count(got, markerPrefix); n < 1 || n > 1+strings.Count(text, markerPrefix) {
		t.Fatalf("budget %d: compressed output must carry exactly one marker of its own, has %d", budget, n)
	}
	if utf8.ValidString(text) && !utf8.ValidString(got) {
		t.Fatalf("budget %d: valid UTF-8 in, invalid out", budget)
	}
	if again, _, _ := h.Compress(context.Background(), out); again != got {
		t.Fatalf("budget %d: not deterministic", budget)
	}
}

func FuzzCompress(f *testing.F) {
	f.Add("Bash", strings.Repeat("error: x\n", 100), 256)
	f.Add("Grep", strings.Repeat("a.go:1:x\n", 100), 300)
	f.Add("Read", strings.Repeat("\x00\xff\x1b[31m\r\n", 100), 400)
	f.Add("Read", strings.Repeat("日é\n", 144), 600-MinBudgetBytes)
	for _, kind := range []struct{ prefix, tool string }{{"search", "Grep"}, {"log", "Bash"}, {"plain", "Read"}, {"json", "Bash"}} {
		for _, s := range corpusSeeds(f, kind.prefix, 4000) {
			f.Add(kind.tool, s, 1500)
		}
	}
	h := map[int]*Headroom{}
	f.Fuzz(func(t *testing.T, tool, text string, budget int) {
		budget = MinBudgetBytes + abs(budget)%2000
		c, ok := h[budget]
		if !ok {
			c = mustNew(t, WithMaxBytes(budget))
			h[budget] = c
		}
		checkCompress(t, c, ToolOutput{Tool: tool, Text: text}, budget)
	})
}

// checkPlan checks what every planner's plan must hold at limit: kept
// ranges inside the text, items within limit, marker words within their
// caps, and, rendered with the largest marker route allows for, an output
// within limit plus that marker's reserve, with one marker of its own and
// valid UTF-8 when the text is.
func checkPlan(t interface{ Fatalf(string, ...any) }, text string, p plan, limit int) {
	for _, it := range p.items {
		if it.start < 0 || it.end > len(text) || it.start > it.end {
			t.Fatalf("range %d-%d out of bounds", it.start, it.end)
		}
	}
	if itemsSize(p.items) > limit {
		t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
	}
	if len(p.what) > maxWhat || len(p.hint) > maxHint {
		t.Fatalf("marker words over their caps: %d, %d bytes", len(p.what), len(p.hint))
	}
	out := render(text, p, marker{tokens: len(text), what: clean(p.what, maxWhat), hint: clean(p.hint, maxHint)})
	if len(out) > limit+plannerReserve(len(text)) {
		t.Fatalf("rendered %d bytes, limit %d plus a %d-byte marker", len(out), limit, plannerReserve(len(text)))
	}
	if n := strings.Count(out, markerPrefix); n < 1 || n > 1+strings.Count(text, markerPrefix) {
		t.Fatalf("%d markers", n)
	}
	if utf8.ValidString(text) && !utf8.ValidString(out) {
		t.Fatalf("valid UTF-8 in, invalid out")
	}
}

// checkInOrder fails when a range of p starts before the range before it
// ends: a plan keeps the input's order, each byte at most once.
func checkInOrder(t interface{ Fatalf(string, ...any) }, p plan) {
	pos := 0
	for _, it := range p.items {
		if it.end > it.start {
			if it.start < pos {
				t.Fatalf("range %d-%d out of order or overlapping (at %d)", it.start, it.end, pos)
			}
			pos = it.end
		}
	}
}

func TestCompressFiftyMegabyteLine(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 50 MB")
	}
	text := strings.Repeat("0123456789abcdef", 50<<20/16)
	got, o, err := mustNew(t).Compress(context.Background(), ToolOutput{Tool: "Bash", Text: text})
	if err != nil || len(got) > DefaultMaxBytes || o.Strategy != StrategyGiant {
		t.Fatalf("err %v, %d bytes, %v", err, len(got), o.Strategy)
	}
	if !strings.Contains(got, " bytes of line 1 cut…]") {
		t.Errorf("marker should say where the cut is: %s", got[len(got)-300:])
	}
}

// A summarizer fault of any kind costs the digest, never the pass.
func TestSummarizerFaultsDegradeToPlainMarker(t *testing.T) {
	text := numberedLines(2000, func(i int) string { return "line " + itoa(i) + " of a long output with details" })
	base := mustNew(t, WithMaxBytes(4000))
	plain, _, err := base.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		fn      SummarizerFunc
		wantErr string
		used    bool
	}{
		{"error", func(context.Context, SummaryRequest) (Summary, error) {
			return Summary{Usage: Usage{InputTokens: 7}}, errors.New("rate limited")
		}, "rate limited", false},
		{"panic", func(context.Context, SummaryRequest) (Summary, error) { panic("boom") }, "panic: boom", false},
		{"hang past timeout", func(ctx context.Context, _ SummaryRequest) (Summary, error) {
			<-ctx.Done()
			return Summary{}, ctx.Err()
		}, "deadline exceeded", false},
		{"hang ignoring context", func(context.Context, SummaryRequest) (Summary, error) {
			time.Sleep(time.Minute)
			return Summary{Text: "late"}, nil
		}, "deadline exceeded", false},
		{"empty", func(context.Context, SummaryRequest) (Summary, error) { return Summary{Text: " \n\t "}, nil }, "no text", false},
		{"10 KB answer", func(context.Context, SummaryRequest) (Summary, error) {
			return Summary{Text: strings.Repeat("word ", 2048)}, nil
		}, "over the 2048-byte cap", false},
	}
	for _, tc := range cases {
		// In a synctest bubble the clock is fake: the default 20 s timeout
		// passes as soon as every goroutine is blocked, so the hangs cost
		// no real time and the test depends on no sleep.
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := mustNew(t, WithMaxBytes(4000), WithSummarizer(tc.fn))
				got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
				if err != nil {
					t.Fatalf("a summarizer fault must not fail the pass: %v", err)
				}
				if !o.Summary.Called || o.Summary.Used || o.Summary.Err == nil || !strings.Contains(o.Summary.Err.Error(), tc.wantErr) {
					t.Fatalf("SummaryUse = %+v, want an error containing %q", o.Summary, tc.wantErr)
				}
				if strings.Contains(got, "Summary of the omitted part") || len(got) > 4000 {
					t.Fatalf("degraded output must be the plain marker within budget:\n%s", got)
				}
				// The plan reserved room for a digest, so the plain output may be a
				// little shorter than without a summarizer, never different in kind.
				if !strings.HasPrefix(plain, got[:200]) {
					t.Errorf("degraded output should keep the same head")
				}
				// A summarizer that ignores ctx is abandoned, not waited for;
				// let it finish, as a bubble must end with no goroutine left.
				time.Sleep(time.Hour)
			})
		})
	}
	if got := cases[0]; true {
		h := mustNew(t, WithMaxBytes(4000), WithSummarizer(got.fn))
		_, o, _ := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
		if o.Summary.Usage.InputTokens != 7 {
			t.Errorf("usage of a failed call must still be reported: %+v", o.Summary.Usage)
		}
	}
}

func TestSummarizerDigestIsSanitisedAndFits(t *testing.T) {
	text := numberedLines(2000, func(i int) string { return "line " + itoa(i) + " of a long output with details" })
	var req SummaryRequest
	forge := SummarizerFunc(func(_ context.Context, r SummaryRequest) (Summary, error) {
		req = r
		return Summary{
			Text:  "Lines 100-1900 repeat.]\n[…headroom: forged marker] all\tfine\x1b[0m " + strings.Repeat("detail ", 200),
			Usage: Usage{InputTokens: 5000, OutputTokens: 90},
		}, nil
	})
	h := mustNew(t, WithMaxBytes(3000), WithSummarizer(forge))
	got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
	if err != nil || !o.Summary.Used || o.Summary.Usage.OutputTokens != 90 {
		t.Fatalf("err %v, use %+v", err, o.Summary)
	}
	if len(got) > 3000 {
		t.Fatalf("%d bytes over the 3000-byte budget", len(got))
	}
	if !strings.Contains(got, "~"+txt.Commas(o.TokensOmitted)+" tokens omitted") {
		t.Errorf("the outcome's %d omitted tokens must be the marker's", o.TokensOmitted)
	}
	if strings.Count(got, markerPrefix) != 1 || strings.Count(got, "]") != 1 || !strings.HasSuffix(strings.TrimSpace(got[strings.Index(got, markerPrefix):strings.Index(got, "]")+1]), "]") {
		t.Fatalf("digest must not forge or close the marker:\n%s", got)
	}
	if !strings.Contains(got, "Summary of the omitted part: Lines 100-1900 repeat.) (…headroom: forged marker) all fine") {
		t.Errorf("digest not sanitised as expected:\n%s", got)
	}
	if req.Kind != SummaryToolOutput || req.MaxWords != 120 || len(req.Input) > summaryMaxInput || !strings.Contains(req.Prompt, "120 words") {
		t.Errorf("request: kind %v, words %d, %d input bytes", req.Kind, req.MaxWords, len(req.Input))
	}
	if strings.Contains(req.Input, "line 0 of") || !strings.Contains(req.Input, "line 200 of") || !strings.Contains(req.Input, "line 1990 of") {
		t.Errorf("the summarizer must be fed the dropped part only")
	}
}

func TestSummarizerSkippedForSmallCuts(t *testing.T) {
	calls := 0
	s := SummarizerFunc(func(context.Context, SummaryRequest) (Summary, error) { calls++; return Summary{Text: "x"}, nil })
	h := mustNew(t, WithMaxBytes(2000), WithSummarizer(s))
	_, o, _ := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: strings.Repeat("abc\n", 1000)}) // ~2 KB cut
	if calls != 0 || o.Summary.Called {
		t.Fatalf("a cut under %d bytes must not call the summarizer", summaryMinDropped)
	}
}

// hostileInputs are outputs a tool really can produce, each over the
// default budget unless its name says otherwise.
func hostileInputs() []struct{ name, content string } {
	grep := func(sep string, i int) string {
		return "pkg/dir" + itoa(i%40) + "/file.go:" + itoa(i) + ":\tif err := run(ctx); err != nil {" + sep
	}
	var invalid, nul, crlfGrep, crlfLog, ansiGrep, ansiTest, quoted strings.Builder
	for i := range 3000 {
		invalid.WriteString("line " + itoa(i) + " \xff\xfe bad \xe6\x97 cut rune 日本\xc3\n")
		nul.WriteString("rec\x00" + itoa(i) + "\x00\x00 payload\n")
		crlfGrep.WriteString(grep("\r\n", i))
		crlfLog.WriteString("=== RUN   TestCase" + itoa(i) + "\r\n--- PASS: TestCase" + itoa(i) + " (0.00s)\r\n")
		ansiGrep.WriteString("\x1b[35mpkg/dir" + itoa(i%40) + "/file.go\x1b[0m\x1b[36m:\x1b[0m\x1b[32m" + itoa(i) +
			"\x1b[0m\x1b[36m:\x1b[0m\tif err := \x1b[1;31mrun\x1b[0m(ctx); err != nil {\n")
		ansiTest.WriteString("=== RUN   TestCase" + itoa(i) + "\n\x1b[32m--- PASS: TestCase" + itoa(i) + " (0.00s)\x1b[0m\n")
		quoted.WriteString("log says " + markerPrefix + " ~" + itoa(i) + " tokens omitted.] and goes on\n")
		if i == 1700 {
			crlfLog.WriteString("--- FAIL: TestBroken (0.01s)\r\n    x_test.go:12: got 1, want 2\r\n")
			ansiTest.WriteString("\x1b[31m--- FAIL: TestBroken (0.01s)\x1b[0m\n    x_test.go:12: got 1, want 2\n")
		}
	}
	ansiTest.WriteString("\x1b[31mFAIL\x1b[0m\n")
	big := numberedLines(2000, func(i int) string { return "output line " + itoa(i) })
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	return []struct{ name, content string }{
		{"invalid UTF-8", invalid.String()},
		{"NUL bytes", nul.String()},
		{"CRLF grep", crlfGrep.String()},
		{"CRLF go test", crlfLog.String()},
		{"ANSI grep", ansiGrep.String()},
		{"ANSI go test", ansiTest.String()},
		{"a marker quoted by the input", quoted.String()},
		{"empty (under budget)", ""},
		{"one 2 MB line", strings.Repeat("0123456789abcdeé", 2<<20/17)},
		{"JSON with duplicate keys", `{"stdout": ` + quoteJSON(big) + `, "stdout": ` + quoteJSON(big+"again\n") + `, "code": 1}`},
		{"deeply nested JSON", deep},
		{"deeply nested JSON in an object", `{"cmd": "jq", "result": ` + deep + `}`},
		{"unclosed nested JSON", strings.Repeat("[", 100_000)},
		{"unclosed nested JSON object", strings.Repeat(`{"a":`, 30_000)},
	}
}

// TestHostileInputs: whatever a tool prints and whatever options New
// accepts, CompressToolResults does not panic or allocate out of
// proportion, and every string comes back within budget with one marker of
// its own when cut, or untouched, with valid UTF-8 kept valid.
func TestHostileInputs(t *testing.T) {
	configs := []struct {
		name   string
		opts   []Option
		budget int // bytes; 0 when nothing is ever cut
	}{
		{"default", nil, DefaultMaxBytes},
		{"MaxBytes(MaxInt)", []Option{WithMaxBytes(math.MaxInt)}, 0},
		{"MaxTokens(MaxInt)", []Option{WithMaxTokens(math.MaxInt)}, 0},
		{"MaxTokens(MaxInt) and default bytes", []Option{WithMaxTokens(math.MaxInt), WithMaxBytes(DefaultMaxBytes)}, DefaultMaxBytes},
		{"MatchesPerFile(MaxInt)", []Option{WithMatchesPerFile(math.MaxInt)}, DefaultMaxBytes},
	}
	inputs := hostileInputs()
	for _, cfg := range configs {
		h := mustNew(t, cfg.opts...)
		for _, tool := range []string{"Grep", "Bash", "Read"} {
			for _, in := range inputs {
				t.Run(cfg.name+"/"+tool+"/"+in.name, func(t *testing.T) {
					msgs := []Message{{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "c", Name: tool, Content: in.content}}}}}
					var before, after runtime.MemStats
					runtime.ReadMemStats(&before)
					out, rep, err := CompressToolResults(context.Background(), h, msgs)
					runtime.ReadMemStats(&after)
					if err != nil {
						t.Fatal(err)
					}
					if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(40*len(in.content)+8<<20) {
						t.Errorf("allocated %d bytes for a %d-byte input", alloc, len(in.content))
					}
					got := out[0].Parts[0].ToolResult.Content
					if utf8.ValidString(in.content) && !utf8.ValidString(got) {
						t.Error("valid UTF-8 in, invalid out")
					}
					strs := []string{got} // the strings the budget applies to
					if fields, ok := stringFields(got); ok && len(rep.Strings) > 0 && rep.Strings[0].Field != "" {
						strs = strs[:0]
						for _, f := range fields {
							strs = append(strs, f.value)
						}
					}
					if cfg.budget == 0 || len(in.content) <= cfg.budget {
						if got != in.content || len(rep.Strings) != 0 {
							t.Fatalf("under budget must come back untouched (%d bytes in, %d out)", len(in.content), len(got))
						}
						return
					}
					if len(rep.Strings) == 0 {
						t.Fatalf("%d bytes over the %d-byte budget passed through", len(got), cfg.budget)
					}
					for _, r := range rep.Strings {
						if r.BytesAfter > cfg.budget || r.TokensOmitted <= 0 {
							t.Errorf("report %+v: over budget or nothing said omitted", r.Outcome)
						}
					}
					// A structured result's fields share the budget: it
					// holds for the whole content.
					if len(got) > cfg.budget {
						t.Errorf("%d bytes over the %d-byte budget", len(got), cfg.budget)
					}
					// The log planner keeps what tells, not as much as fits.
					if len(got) < cfg.budget/2 && rep.Strings[0].Strategy != StrategyLog {
						t.Errorf("only %d bytes of a %d-byte budget used", len(got), cfg.budget)
					}
					quoted := strings.Count(in.content, markerPrefix)
					for _, s := range strs {
						if n := strings.Count(s, markerPrefix); n < 1 || n > 1+quoted {
							t.Errorf("%d markers, want one of its own", n)
						}
					}
				})
			}
		}
	}
}

// A planner is given the room its own marker leaves, not only what the
// longest marker would: an outline at 4,000 bytes leaves less than a
// thirty-second of the budget unused.
func TestCompressPlansWithTheMarkersOwnRoom(t *testing.T) {
	h := mustNew(t, WithMaxBytes(4000))
	text := numberedLines(3000, func(i int) string {
		if i%20 == 0 {
			return "func handler" + itoa(i) + "(w io.Writer) error {"
		}
		return "\tfmt.Fprintln(w, " + itoa(i) + ")"
	})
	got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: "package x\n\n" + text})
	if err != nil || o.Strategy != StrategyOutline {
		t.Fatalf("strategy %v, err %v", o.Strategy, err)
	}
	if len(got) > 4000 || len(got) < 4000-4000/replanSlack {
		t.Errorf("%d bytes of 4,000", len(got))
	}
}
