package headroom_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/compresstest"
	"pgregory.net/rapid"
)

// corpusCase reads a real output of the corpus and its tool.
func corpusCase(t testing.TB, name string) (tool, text string) {
	t.Helper()
	in, err := os.ReadFile(filepath.Join("testdata/corpus", name, "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tl, err := os.ReadFile(filepath.Join("testdata/corpus", name, "tool.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(tl)), string(in)
}

var storeCases = []string{
	"search_rg_context_ctx_prometheus",
	"log_go_test_v_gin_two_failures",
	"log_loghub_zookeeper",
	"json_docker_swarm_tasks_array",
}

func mustNew(t testing.TB, opts ...headroom.Option) *headroom.Headroom {
	t.Helper()
	h, err := headroom.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestCompressNamesTheStoredOriginal(t *testing.T) {
	ctx := context.Background()
	for _, name := range storeCases {
		tool, text := corpusCase(t, name)
		for _, budget := range []int{headroom.MinBudgetBytes, 1000, 4000} {
			s := headroom.NewMemoryStore(0)
			h := mustNew(t, headroom.WithMaxBytes(budget), headroom.WithStore(s))
			out, o, err := h.Compress(ctx, headroom.ToolOutput{Tool: tool, Text: text})
			if err != nil {
				t.Fatalf("%s/%d: %v", name, budget, err)
			}
			id := headroom.StoreID(text)
			if len(out) > budget {
				t.Errorf("%s/%d: %d bytes, over the budget with the longer marker", name, budget, len(out))
			}
			if o.StoredID != id || o.StoreErr != nil {
				t.Errorf("%s/%d: StoredID %q, StoreErr %v; want %s", name, budget, o.StoredID, o.StoreErr, id)
			}
			if want := `call headroom_retrieve with {"id":"` + id + `"}`; !strings.Contains(out, want) {
				t.Errorf("%s/%d: the marker does not name the id and the tool:\n%s", name, budget, out)
			}
			if got, err := s.Get(ctx, id); err != nil || got != text {
				t.Errorf("%s/%d: the store holds %d bytes, %v", name, budget, len(got), err)
			}
			again, _, _ := h.Compress(ctx, headroom.ToolOutput{Tool: tool, Text: text})
			if again != out {
				t.Errorf("%s/%d: a second compression differs", name, budget)
			}
			// Another store with the same text gives the same bytes: the
			// id is the content's, not the store's.
			other := mustNew(t, headroom.WithMaxBytes(budget), headroom.WithStore(headroom.NewMemoryStore(0)))
			if third, _, _ := other.Compress(ctx, headroom.ToolOutput{Tool: tool, Text: text}); third != out {
				t.Errorf("%s/%d: another store gives other bytes", name, budget)
			}
		}
	}
}

func TestUnderBudgetIsNotStored(t *testing.T) {
	s := headroom.NewMemoryStore(0)
	h := mustNew(t, headroom.WithStore(s))
	out, o, err := h.Compress(context.Background(), headroom.ToolOutput{Tool: "Bash", Text: "ok\n"})
	if err != nil || out != "ok\n" || o.StoredID != "" {
		t.Fatalf("%q, %+v, %v", out, o, err)
	}
	if n, _ := s.Len(); n != 0 {
		t.Errorf("a string under budget was stored")
	}
}

// Stores that go wrong in each way a store can.
type (
	failingStore struct{}
	panickyStore struct{}
	hangingStore struct{}                  // blocks until its context is done
	deafStore    struct{ c chan struct{} } // ignores its context altogether
	wrongIDStore struct{}
)

func (failingStore) Put(context.Context, string) (string, error) {
	return "", errors.New("disk full")
}
func (failingStore) Get(context.Context, string) (string, error) { return "", errors.New("disk gone") }
func (panickyStore) Put(context.Context, string) (string, error) { panic("store bug") }
func (panickyStore) Get(context.Context, string) (string, error) { panic("store bug") }
func (hangingStore) Put(ctx context.Context, _ string) (string, error) {
	<-ctx.Done()
	return "", ctx.Err()
}
func (hangingStore) Get(ctx context.Context, _ string) (string, error) {
	<-ctx.Done()
	return "", ctx.Err()
}
func (s deafStore) Put(context.Context, string) (string, error) { <-s.c; return "", nil }
func (s deafStore) Get(context.Context, string) (string, error) { <-s.c; return "", nil }
func (wrongIDStore) Put(context.Context, string) (string, error) {
	return headroom.StoreID("something else"), nil
}
func (wrongIDStore) Get(context.Context, string) (string, error) { return "", nil }

func TestBrokenStoresNeverFailCompression(t *testing.T) {
	ctx := context.Background()
	deaf := deafStore{make(chan struct{})}
	defer close(deaf.c)
	stores := map[string]headroom.Store{
		"failing": failingStore{}, "panicking": panickyStore{}, "hanging": hangingStore{},
		"deaf": deaf, "wrong id": wrongIDStore{},
	}
	tool, text := corpusCase(t, "log_go_test_v_gin_two_failures")
	msgs := []headroom.Message{{Role: headroom.RoleTool, Parts: []headroom.Part{
		{ToolResult: &headroom.ToolResult{CallID: "c1", Name: tool, Content: text}},
		{ToolResult: &headroom.ToolResult{CallID: "c2", Name: "Grep", Content: `{"stdout":` + quote(text) + `,"exit_code":1}`}},
	}}}
	plain, _, err := headroom.CompressToolResults(ctx, mustNew(t, headroom.WithMaxBytes(2000)), msgs)
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range stores {
		h := mustNew(t, headroom.WithMaxBytes(2000), headroom.WithStore(s), headroom.WithStoreTimeout(50*time.Millisecond))
		start := time.Now()
		got, rep, err := headroom.CompressToolResults(ctx, h, msgs)
		if err != nil {
			t.Errorf("%s store: %v", name, err)
			continue
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s store: took %v; the store timeout is 50ms", name, took)
		}
		for i, p := range got[0].Parts {
			if want := plain[0].Parts[i].ToolResult.Content; p.ToolResult.Content != want {
				t.Errorf("%s store, result %d: not the plain marker's output:\n%s", name, i, p.ToolResult.Content)
			}
		}
		for _, sr := range rep.Strings {
			if sr.StoreErr == nil || sr.StoredID != "" {
				t.Errorf("%s store: report %+v should carry the store's error and no id", name, sr.Outcome)
			}
		}
	}
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// The longer marker is priced into every budget: bytes and tokens, every
// planner, texts of any shape.
func TestStoredOutputWithinBudget(t *testing.T) {
	s := headroom.NewMemoryStore(0)
	rapid.Check(t, func(t *rapid.T) {
		line := rapid.SampledFrom([]string{
			"src/app/main.go:12:\tctx := context.Background()\n",
			"--- FAIL: TestThing (0.01s)\n",
			"    thing_test.go:40: got 3, want 4\n",
			"ok  \tgithub.com/x/y\t0.1s\n",
			`{"level":"error","msg":"boom","n":12}` + "\n",
			"日本語のログ行です\n",
			"\xff\xfe broken bytes\x00\n",
			strings.Repeat("x", 700) + "\n",
		})
		n := rapid.IntRange(1, 3000).Draw(t, "lines")
		var b strings.Builder
		for i := range n {
			b.WriteString(line.Draw(t, "line"))
			_ = i
		}
		text := b.String()
		tool := rapid.SampledFrom([]string{"Bash", "Grep", "Read", "WebFetch"}).Draw(t, "tool")
		var opts []headroom.Option
		byteBudget := rapid.IntRange(headroom.MinBudgetBytes, 6000).Draw(t, "bytes")
		tokenBudget := 0
		if rapid.Bool().Draw(t, "tokens") {
			tokenBudget = rapid.IntRange(150, 2000).Draw(t, "token budget")
			opts = append(opts, headroom.WithMaxTokens(tokenBudget))
			if rapid.Bool().Draw(t, "bytes too") {
				opts = append(opts, headroom.WithMaxBytes(byteBudget))
			} else {
				byteBudget = 0
			}
		} else {
			opts = append(opts, headroom.WithMaxBytes(byteBudget))
		}
		h, err := headroom.New(append(opts, headroom.WithStore(s))...)
		if err != nil {
			t.Skip(err) // a token budget below the counter's minimum is refused by New, as it should be
		}
		out, o, err := h.Compress(context.Background(), headroom.ToolOutput{Tool: tool, Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if byteBudget > 0 && len(out) > byteBudget {
			t.Fatalf("%d bytes > budget %d (%s)", len(out), byteBudget, o.Strategy)
		}
		if tokenBudget > 0 && headroom.Estimate.CountTokens(out) > tokenBudget {
			t.Fatalf("%d tokens > budget %d (%s)", headroom.Estimate.CountTokens(out), tokenBudget, o.Strategy)
		}
		if o.Strategy != headroom.StrategyNone && (o.StoredID == "" || !strings.Contains(out, o.StoredID)) {
			t.Fatalf("compressed (%s) but the marker names no id: %v", o.Strategy, o.StoreErr)
		}
		again, _, _ := h.Compress(context.Background(), headroom.ToolOutput{Tool: tool, Text: text})
		if again != out {
			t.Fatal("the same input gave different bytes")
		}
	})
}

func TestWithStoreValidation(t *testing.T) {
	if _, err := headroom.New(headroom.WithStore(nil)); err == nil {
		t.Error("WithStore(nil) accepted")
	}
	if _, err := headroom.New(headroom.WithStoreTimeout(0)); err == nil {
		t.Error("a zero store timeout accepted")
	}
}

// Many goroutines compressing the same and different outputs into one
// store (run under -race in CI).
func TestStoreConcurrentCompression(t *testing.T) {
	s := newDirStore(t)
	h := mustNew(t, headroom.WithMaxBytes(1000), headroom.WithStore(s))
	tool, text := corpusCase(t, "log_go_test_v_gin_two_failures")
	var wg sync.WaitGroup
	outs := make([]string, 16)
	for i := range outs {
		wg.Go(func() {
			txt := text
			if i%2 == 1 {
				txt = text + "one more line\n"
			}
			out, o, err := h.Compress(context.Background(), headroom.ToolOutput{Tool: tool, Text: txt})
			if err != nil || o.StoredID == "" {
				t.Errorf("%d: %v %v", i, err, o.StoreErr)
			}
			outs[i] = out
		})
	}
	wg.Wait()
	for i := 2; i < len(outs); i++ {
		if outs[i] != outs[i%2] {
			t.Errorf("output %d differs from output %d of the same input", i, i%2)
		}
	}
}

// A Headroom with a store keeps the whole Compressor contract.
func TestCompresstestWithStore(t *testing.T) {
	compresstest.Run(t, mustNew(t, headroom.WithMaxBytes(1000), headroom.WithStore(headroom.NewMemoryStore(0))), compresstest.Options{})
}
