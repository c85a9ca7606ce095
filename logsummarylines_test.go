package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// leakLog writes n distinct memory errors with their stacks, then a leak
// summary whose counts stand under its heading, as valgrind prints them.
func leakLog(n int) string {
	var b strings.Builder
	b.WriteString("==42== Memcheck, a memory error detector\n==42== Command: ./demo\n==42== \n")
	for k := range n {
		fmt.Fprintf(&b, "==42== %d bytes in 1 blocks are definitely lost in loss record %d of %d\n", 8*k+3, k+1, n)
		fmt.Fprintf(&b, "==42==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)\n")
		fmt.Fprintf(&b, "==42==    by 0x1092E0: step%d (demo.c:%d)\n==42==    by 0x109203: main (demo.c:5)\n==42== \n", k, 10+k)
	}
	b.WriteString("==42== LEAK SUMMARY:\n")
	b.WriteString("==42==    definitely lost: 8,325 bytes in 30 blocks\n")
	b.WriteString("==42==    indirectly lost: 44,060 bytes in 15 blocks\n")
	b.WriteString("==42==      possibly lost: 135,233 bytes in 688 blocks\n")
	b.WriteString("==42==    still reachable: 0 bytes in 0 blocks\n")
	b.WriteString("==42==         suppressed: 0 bytes in 0 blocks\n")
	b.WriteString("==42== \n==42== For lists of detected and suppressed errors, rerun with: -s\n")
	b.WriteString("==42== ERROR SUMMARY: 92 errors from 92 contexts (suppressed: 0 from 0)\n")
	return b.String()
}

// A summary heading that ends in ':' is kept with the counts under it,
// however many failures compete for the limit: without them it says
// nothing.
func TestSummaryKeptWithItsLines(t *testing.T) {
	text := leakLog(90)
	for _, limit := range []int{3000, 4000, 8000} {
		p, ok := planLog(text, limit, logOptions{})
		require.True(t, ok)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		assert.Contains(t, out, "==42== LEAK SUMMARY:\n==42==    definitely lost: 8,325 bytes in 30 blocks\n==42==    indirectly lost: 44,060 bytes in 15 blocks\n==42==      possibly lost: 135,233 bytes in 688 blocks\n", "limit %d", limit)
	}
}

// summaryLines gives a summary's body only when it announces one, and
// stops at the first line that does not continue it.
func TestSummaryLines(t *testing.T) {
	text := "ERROR SUMMARY: 3 errors\nTotals:\n   a: 1\n   b: 2\nplain\n   c: 3\n"
	lines := scanLog(text)
	from, to := summaryLines(lines, 0)
	assert.Equal(t, 1, from)
	assert.Equal(t, 1, to, "a summary that announces nothing has no body")
	from, to = summaryLines(lines, 1)
	assert.Equal(t, 2, from)
	assert.LessOrEqual(t, to, 4, "the body ends at the first line in the first column")
}

// The lines summaryLines gives are right under the summary, at most
// summaryBodyMax of them, inside the log.
func TestSummaryLinesProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 30).Draw(t, "n")
		var b strings.Builder
		for range n {
			b.WriteString(rapid.SampledFrom([]string{"LEAK SUMMARY:", "   lost: 3 bytes", "", "x", "error: boom", "Summary:"}).Draw(t, "line") + "\n")
		}
		text := b.String()
		lines := scanLog(text)
		for i := range lines.len() {
			from, to := summaryLines(lines, i)
			if from != i+1 || to < from || to-from > summaryBodyMax || to > lines.len() {
				t.Fatalf("line %d: body [%d,%d) of %d lines", i, from, to, lines.len())
			}
		}
	})
}
