package headroom

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Every line of scanLog is the text between two line breaks: joined with
// them, the lines give the text back.
func TestScanLogLinesGiveTheTextBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringMatching(`(([a-z ]{0,6}|FAIL|error: x|\t\^)\r?\n){0,20}[a-z]{0,3}`).Draw(t, "text")
		lines := scanLog(text)
		var got strings.Builder
		for i := range lines.len() {
			got.WriteString(lines.line(i))
			if _, end := lines.span(i); end < len(text) {
				got.WriteByte('\n')
			}
		}
		if got.String() != text {
			t.Fatalf("lines give back %q, want %q", got.String(), text)
		}
		if want := strings.Count(text, "\n") + 1; strings.HasSuffix(text, "\n") && lines.len() != want-1 || !strings.HasSuffix(text, "\n") && text != "" && lines.len() != want {
			t.Fatalf("%d lines, want %d", lines.len(), want)
		}
	})
}

// A line's flags byte holds its class, the block it opens and its repeat
// mark without one spilling into another, for every class and block kind
// a rule can give (a new kind beyond the packing fails here).
func TestLogLinesPackEveryRuleKind(t *testing.T) {
	type kind struct{ class, open uint8 }
	kinds := []kind{{lineOther, 0}, {lineBlank, 0}, {lineError, blockTrace}, {lineError, blockGeneric}, {lineTrace, blockFailDetail},
		{lineSummary, blockGeneric}, {linePassed, 0}, {lineWarning, 0}, {lineTrace, 0}}
	for _, r := range append(append([]logRule{}, logRules...), infixRules...) {
		kinds = append(kinds, kind{r.class, r.block})
	}
	lines := newLogLines(strings.Repeat("\n", len(kinds)))
	for i, k := range kinds {
		lines.add(i, k.class, k.open)
	}
	lines.finish()
	for i := range kinds {
		lines.setRepeat(i, i%2 == 0)
	}
	for i, k := range kinds {
		if lines.class(i) != k.class || lines.open(i) != k.open || lines.repeat(i) != (i%2 == 0) {
			t.Errorf("kind %d: packed (%d, %d) reads back (%d, %d, repeat %v)", i, k.class, k.open, lines.class(i), lines.open(i), lines.repeat(i))
		}
	}
}

// scanLog keeps for every line what classifyFull says of it: the class
// and the block it opens.
func TestScanLogKeepsClassAndBlock(t *testing.T) {
	for _, c := range loadCorpus(t) {
		lines := scanLog(c.input)
		hasInfo := strings.Contains(c.input, summaryInfo)
		for i := range lines.len() {
			view := strings.TrimSuffix(lines.line(i), "\r")
			if strings.IndexByte(view, 0x1b) >= 0 || hasInfo {
				continue // checkScanLog covers escapes and the summary heading
			}
			if class, open := classifyFull(view, false); lines.class(i) != class || lines.open(i) != open {
				t.Fatalf("%s line %d %q: scanLog kept (%d, %d), classifyFull says (%d, %d)", c.name, i+1, view, lines.class(i), lines.open(i), class, open)
			}
		}
	}
}

// blockAt finds the block holding a line as a walk over every block does.
func TestBlockAtFindsTheHoldingBlock(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var blocks []logBlock
		at := 0
		for range rapid.IntRange(0, 8).Draw(t, "blocks") {
			first := at + rapid.IntRange(0, 3).Draw(t, "gap")
			last := first + rapid.IntRange(0, 3).Draw(t, "len")
			blocks = append(blocks, logBlock{head: int32(first), first: int32(first), last: int32(last), dup: -1})
			at = last + 1
		}
		for i := range at + 2 {
			want := -1
			for k, b := range blocks {
				if int(b.first) <= i && i <= int(b.last) {
					want = k
				}
			}
			if got := blockAt(blocks, i); got != want {
				t.Fatalf("blockAt(%d) = %d, want %d in %v", i, got, want, blocks)
			}
		}
	})
}

// The verbatim cache forgets lines when slots collide, but never answers
// for a line what another line stored.
func TestVerbatimCacheAnswersOnlyForItsLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.StringMatching(`[a-c]{0,3}`), 1, 300).Draw(t, "lines")
		c := newVerbatimCache(0)
		last := map[string]int{}
		for i, l := range lines {
			if first, ok := c.get(l); ok && first != last[l] {
				t.Fatalf("get(%q) = %d, last put %d", l, first, last[l])
			}
			c.put(l, i)
			last[l] = i
			if first, ok := c.get(l); !ok || first != i {
				t.Fatalf("get(%q) right after put = %d, %v", l, first, ok)
			}
		}
	})
}

// dupsByRawMap is markDuplicateBlocks with an unbounded map of the blocks'
// bytes in place of its bounded cache: what the cache must not change.
func dupsByRawMap(blocks []logBlock, lines logLines, text string) []logBlock {
	out := slices.Clone(blocks)
	for i := range out {
		out[i].dup = -1
	}
	seen, seenRaw := map[string]int{}, map[string]int{}
	var key []byte
	for i := range out {
		lead := leadIn(lines, out[i])
		head := int(out[i].head)
		lo, hi := int(out[i].first), min(int(out[i].last), head+dupKeyLines)
		for _, k := range lead {
			lo = min(lo, k)
		}
		start, _ := lines.span(lo)
		_, end := lines.span(hi)
		raw := text[start:end]
		first, ok := seenRaw[raw]
		if !ok {
			key = normalizeLogLine(key[:0], lines.line(head))
			if lines.open(head) == blockNumbered {
				key = append(append(key, 0), lines.line(head)...)
			}
			for _, k := range lead {
				key = append(append(key, 0), lines.line(k)...)
			}
			for k := head + 1; k <= hi; k++ {
				key = normalizeLogLine(append(key, 0), lines.line(k))
			}
			if first, ok = seen[string(key)]; !ok {
				first = i
				seen[string(key)] = i
			}
		}
		seenRaw[raw] = first
		if first != i {
			out[i].dup = int32(first)
			out[first].dup--
		}
	}
	return out
}

func checkDupsAsByRawMap(t interface{ Fatalf(string, ...any) }, name, text string) {
	lines := scanLog(text)
	blocks := formBlocks(lines, text)
	if want := dupsByRawMap(blocks, lines, text); !slices.Equal(blocks, want) {
		t.Fatalf("%s: markDuplicateBlocks folds %v, an unbounded map of their bytes %v", name, blocks, want)
	}
}

// markDuplicateBlocks' bounded cache of the blocks' bytes folds every
// block as a map of all of them would: on the corpus, and on logs of
// more distinct blocks than the cache holds.
func TestDuplicateBlocksCacheChangesNothing(t *testing.T) {
	for _, c := range loadCorpus(t) {
		checkDupsAsByRawMap(t, c.name, c.input)
	}
	rapid.Check(t, func(t *rapid.T) {
		heads := []string{"error: e%d", "FAIL: t%d", "panic: x", "a.c:%d:2: error: y", "--- FAIL: TestA%d (0.0s)"}
		trace := []string{"    at f%d", "\tb.go:%d", "    note: z", ""}
		var b strings.Builder
		for range rapid.IntRange(1, 600).Draw(t, "lines") {
			pool := trace
			if rapid.Bool().Draw(t, "head") {
				pool = heads
			}
			l := pool[rapid.IntRange(0, len(pool)-1).Draw(t, "line")]
			b.WriteString(strings.ReplaceAll(l, "%d", strconv.Itoa(rapid.IntRange(0, 90).Draw(t, "n"))) + "\n")
		}
		checkDupsAsByRawMap(t, "generated", b.String())
	})
}

// BenchmarkScanLog measures the classification of planLog's benchmark
// input alone: splitting it into lines and classing each.
func BenchmarkScanLog(b *testing.B) {
	var src strings.Builder
	for _, name := range []string{"log_go_test_prometheus_all_packages", "log_cargo_test_compile_errors_many_warnings", "log_pytest_click_injected_failures", "log_loghub_hadoop_mapreduce"} {
		src.WriteString(corpusInput(b, name))
	}
	text := repeatTo(src.String(), 10<<20)
	b.SetBytes(int64(len(text)))
	reportCPUThroughput(b, len(text), func() { _ = scanLog(text) })
}
