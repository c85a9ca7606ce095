package headroom

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/headroom-go/headroom/internal/memshapes"
)

// shortLineShapes are texts of n bytes (or a few more) of the short lines
// that cost a planner most memory per byte (issue 12 §5): every line a
// distinct value (CJK lines, whose lead field is the whole line; one
// random word a line, shorter still), every line a failure (distinct
// one-line errors), blank lines closing on a failure (the log planner's
// per-line flags).
func shortLineShapes(n int) []struct{ name, text string } {
	var errs strings.Builder
	for i := 0; errs.Len() < n; i++ {
		fmt.Fprintf(&errs, "error: e%d\n", i)
	}
	return []struct{ name, text string }{
		{"cjk", randomCJKLines(n)},
		{"words", randomWordLines(n)},
		{"errors", errs.String()},
		{"blank-fail", strings.Repeat("\n", n) + "error: boom\nFAIL\n"},
	}
}

// randomCJKLines returns n bytes or a few more of lines of 1–12 Han
// characters drawn from 2,000 by a seeded generator: nearly every line is
// a distinct lead, as in real CJK prose split into short lines.
func randomCJKLines(n int) string {
	var b strings.Builder
	r := rand.New(rand.NewPCG(1, 2))
	for b.Len() < n {
		for range 1 + r.IntN(12) {
			b.WriteRune(rune(0x4e00 + r.IntN(2000)))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestShortLinesAllocate bounds the bytes Compress allocates on the
// short-line shapes, per byte of input: what a planner holds at its peak
// is part of what it allocates, and the CLI's peak RSS follows (README,
// peak memory). Each bound sits between what this build allocates and
// what the build before the chunked tables, the bounded key stages and
// the log's flags by block did (in brackets): CJK lines 1.8–2.0 (5.7–5.9),
// one random word a line 2.7–2.9 (5.0–5.2, before leads were counted
// sparsely past a bound), one-line errors read with -tool Read 2.3 (4.2),
// blank lines closing on a failure through the log planner 3.7 (4.6);
// one-line errors through the log planner 4.0 (4.05) are bounded against
// growth only.
func TestShortLinesAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip("2 MB inputs")
	}
	h := mustNew(t)
	bounds := map[string]float64{
		"cjk/Bash": 3, "cjk/Read": 3,
		"words/Bash": 3.5, "words/Read": 3.5,
		"errors/Bash": 4.5, "errors/Read": 3.2,
		"blank-fail/Bash": 4.1, "blank-fail/Read": 1.5,
	}
	for _, shape := range shortLineShapes(2 << 20) {
		for _, tool := range []string{"Bash", "Read"} {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, _, err := h.Compress(context.Background(), ToolOutput{Tool: tool, Text: shape.text})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(shape.text))
			t.Logf("%s -tool %s: %.2f bytes allocated a byte", shape.name, tool, perByte)
			if bound := bounds[shape.name+"/"+tool]; perByte > bound {
				t.Errorf("%s -tool %s: %.2f bytes allocated a byte of input, want at most %.1f", shape.name, tool, perByte, bound)
			}
		}
	}
}

// memShapeInput returns the memshapes input called name, n bytes or a
// little more.
func memShapeInput(tb testing.TB, name string, n int) string {
	s, ok := memshapes.ByName(name)
	if !ok {
		tb.Fatalf("no shape %q", name)
	}
	return string(s.Text(n))
}

// allocPerByte returns the bytes Compress allocates a byte of text.
func allocPerByte(tb testing.TB, h *Headroom, tool, text string) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err := h.Compress(context.Background(), ToolOutput{Tool: tool, Text: text})
	runtime.ReadMemStats(&after)
	if err != nil {
		tb.Fatal(err)
	}
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(len(text))
}

// auditShapes are the memaudit shapes (internal/memshapes) that once went
// over 4× the input at 10 MB, with the bytes Compress may allocate a byte
// of a 2 MB input of each: what a planner holds at its peak is part of
// what it allocates. Each bound sits between what this build allocates
// and what the build before its fix did (docs/speed-history.md, peak memory): on the
// diff of one-line hunks, 2.5 against 20. The search flood (a file a
// match line or two) allocates 3.5 bytes a byte, 5.4 before its file
// record went from 144 to 96 bytes, its map of paths was keyed by hash
// and its index priced without an []int a file, and 11.4 before the
// records were first slimmed.
var auditShapes = []struct {
	name  string
	bound float64
}{
	{"testjson-x", 3}, {"testjson-short", 3}, {"testjson-tests", 3}, {"diff", 3}, {"search", 4},
}

// TestAuditShapesAllocate bounds the bytes Compress allocates a byte of
// input on the shapes the memory audit found over 4× (issue 12 §5),
// through each tool.
func TestAuditShapesAllocate(t *testing.T) {
	h := mustNew(t)
	for _, shape := range auditShapes {
		text := memShapeInput(t, shape.name, 2<<20)
		for _, tool := range []string{"Bash", "Read", "Grep"} {
			perByte := allocPerByte(t, h, tool, text)
			t.Logf("%s -tool %s: %.2f bytes allocated a byte", shape.name, tool, perByte)
			if perByte > shape.bound {
				t.Errorf("%s -tool %s: %.2f bytes allocated a byte of input, want at most %.1f", shape.name, tool, perByte, shape.bound)
			}
		}
	}
}

// BenchmarkCompressAuditShapes measures Compress on the memory audit's
// shapes at 1 and 10 MB through each tool; run it with -benchmem: B/op
// over the input's bytes is what compressing adds to the input.
func BenchmarkCompressAuditShapes(b *testing.B) {
	h := mustNew(b)
	for _, shape := range auditShapes {
		for _, size := range benchSizes {
			benchCompressTools(b, h, shape.name, size.name, memShapeInput(b, shape.name, size.n))
		}
	}
}

// A search flood holds a searchFile a match line or two: the record stays
// within the 96-byte size class (its directories are one id into the
// planner's dirTree, its picks a pointer, its counters int32).
func TestSearchFileRecordSize(t *testing.T) {
	if n := unsafe.Sizeof(searchFile{}); n > 96 {
		t.Errorf("searchFile is %d bytes, want at most 96", n)
	}
}
