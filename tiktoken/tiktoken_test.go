package tiktoken

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/headroom-go/headroom"
)

func mustNew(t testing.TB, name string) *Counter {
	t.Helper()
	c, err := New(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Known counts, checked against OpenAI's tiktoken.
func TestKnownCounts(t *testing.T) {
	cases := []struct {
		enc, text string
		want      int
	}{
		{O200kBase, "hello world", 2},
		{CL100kBase, "hello world", 2},
		{O200kBase, "", 0},
		{CL100kBase, "tiktoken is great!", 6},
	}
	for _, tc := range cases {
		if got := mustNew(t, tc.enc).CountTokens(tc.text); got != tc.want {
			t.Errorf("%s: CountTokens(%q) = %d, want %d", tc.enc, tc.text, got, tc.want)
		}
	}
}

func TestUnknownEncoding(t *testing.T) {
	if _, err := New("p50k_base"); err == nil || !strings.Contains(err.Error(), "unknown encoding") {
		t.Fatalf("err = %v", err)
	}
}

// Special-token strings are ordinary text: counting never panics on them.
func TestSpecialTokensAreText(t *testing.T) {
	c := mustNew(t, O200kBase)
	if n := c.CountTokens("before <|endoftext|> after <|endofprompt|>"); n < 5 {
		t.Fatalf("counted %d tokens", n)
	}
}

// Chunking at natural cuts leaves counts exactly as unchunked.
func TestChunkingIsExactOnNormalText(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		b.WriteString("The quick brown fox jumps over the lazy dog, line ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(" ok\n")
	}
	text := b.String()
	for _, name := range []string{O200kBase, CL100kBase} {
		c := mustNew(t, name)
		whole := len(c.enc.EncodeOrdinary(text))
		if got := c.CountTokens(text); got != whole {
			t.Errorf("%s: chunked %d, whole %d", name, got, whole)
		}
	}
}

// A long run with no natural cut is cut every maxRun bytes, costing at
// most one token per cut.
func TestLongRunsAreBoundedAndClose(t *testing.T) {
	c := mustNew(t, O200kBase)
	text := strings.Repeat("abcdefghij", 4000) // 40 KB of letters
	whole := len(c.enc.EncodeOrdinary(text[:8000]))
	chunked := c.CountTokens(text[:8000])
	if d := chunked - whole; d < 0 || d > 8000/maxRun+1 {
		t.Errorf("chunked %d vs whole %d", chunked, whole)
	}
	if n := c.CountTokens(text); n <= 0 || n > len(text) {
		t.Errorf("count %d", n)
	}
}

func TestInvalidUTF8(t *testing.T) {
	c := mustNew(t, CL100kBase)
	s := "\xff\xfe\xfd ok \x00"
	if n := c.CountTokens(s); n <= 0 || n > len(s) {
		t.Fatalf("count %d for %d bytes", n, len(s))
	}
}

func TestConcurrentUse(t *testing.T) {
	c := mustNew(t, O200kBase)
	want := c.CountTokens("concurrent counting is safe")
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if got := c.CountTokens("concurrent counting is safe"); got != want {
				t.Errorf("got %d, want %d", got, want)
			}
		})
	}
	wg.Wait()
}

func BenchmarkCountTokens(b *testing.B) {
	c := mustNew(b, O200kBase)
	text := strings.Repeat("func (h *Head) Appender(ctx context.Context) storage.Appender { return h.appender() }\n", 1<<20/88)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		c.CountTokens(text)
	}
}

// BenchmarkSingleWord is the 1 MB run of letters that is quadratic in
// tiktoken-go without chunking (see BenchmarkSingleWordUnchunked).
func BenchmarkSingleWord(b *testing.B) {
	c := mustNew(b, O200kBase)
	text := strings.Repeat("abcdefghijklmnopqrstuvwxyz", 1<<20/26)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		c.CountTokens(text)
	}
}

// BenchmarkSingleWordUnchunked measures the library on 40 KB of letters in
// one piece, the case chunking exists for.
func BenchmarkSingleWordUnchunked(b *testing.B) {
	c := mustNew(b, O200kBase)
	text := strings.Repeat("abcdefghijklmnopqrstuvwxyz", 40<<10/26)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		c.enc.EncodeOrdinary(text)
	}
}

// A done context stops counting between chunks.
func TestCountTokensContext(t *testing.T) {
	c := mustNew(t, O200kBase)
	text := strings.Repeat("The quick brown fox jumps over the lazy dog.\n", 1<<14)
	n, err := c.CountTokensContext(context.Background(), text)
	if err != nil || n != c.CountTokens(text) {
		t.Fatalf("CountTokensContext = %d, %v; CountTokens = %d", n, err, c.CountTokens(text))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := c.CountTokensContext(ctx, text); err != context.Canceled || n != 0 {
		t.Fatalf("on a cancelled context: %d, %v", n, err)
	}
	var _ headroom.ContextTokenCounter = c
}

// Compress with the exact counter on 5 MB honours a 200 ms deadline: it
// counts only what the budget needs, and stops between chunks. The bytes
// counted after the deadline are held, not the wall clock (logged): a
// timed bound failed under the race detector on a loaded machine, where
// the counter itself runs ten times slower.
func TestCompressHonoursDeadlineWithExactCounter(t *testing.T) {
	c := mustNew(t, O200kBase)
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "log_loghub_zookeeper", "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat(string(raw), (5<<20)/len(raw)+1)
	for i, opt := range []headroom.Option{headroom.WithMaxBytes(16000), headroom.WithMaxTokens(4000), headroom.WithMaxTokens(1 << 20)} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		// What is counted once the deadline has passed: the chunk in hand
		// (64 KB), the 32 samples of 512 bytes that price a cut and what is
		// kept, never the rest of the input.
		counter := &lateCounter{Counter: c, deadline: ctx}
		h, err := headroom.New(headroom.WithTokenCounter(counter), opt)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		got, _, err := h.Compress(ctx, headroom.ToolOutput{Tool: "Bash", Text: text})
		took := time.Since(start)
		cancel()
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatal(err)
		}
		t.Logf("option %d: Compress on %d MB with a 200 ms deadline returned after %v", i, len(text)>>20, took)
		if took < 200*time.Millisecond && ctx.Err() == nil {
			t.Logf("option %d: done before the deadline; nothing counted late", i)
		}
		if n := counter.late.Load(); n > 64<<10+32*512+2*int64(len(got)) {
			t.Errorf("option %d: %d bytes counted after the deadline (output %d bytes)", i, n, len(got))
		}
	}
}

// lateCounter is an exact counter that adds up the bytes it is asked to
// count once its deadline context is done, through both of its methods:
// Compress counts through CountTokensContext when the counter has it.
type lateCounter struct {
	*Counter
	deadline context.Context
	late     atomic.Int64
}

func (l *lateCounter) note(s string) {
	if l.deadline.Err() != nil {
		l.late.Add(int64(len(s)))
	}
}

func (l *lateCounter) CountTokens(s string) int {
	l.note(s)
	return l.Counter.CountTokens(s)
}

func (l *lateCounter) CountTokensContext(ctx context.Context, s string) (int, error) {
	l.note(s)
	return l.Counter.CountTokensContext(ctx, s)
}
