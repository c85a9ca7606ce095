package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// alikeFindings writes a linter's report of n findings that differ only
// by path and position (go-errorlint's every line), and its verdict.
func alikeFindings(n int, seed func(i int) int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "/home/dev/x/pkg%d/file%d_test.go:%d:%d: comparing with != will fail on wrapped errors. Use errors.Is to check for a specific error\n",
			seed(i)%40, seed(i)%7, 10+seed(i)%900, 1+seed(i)%30)
	}
	b.WriteString("[exit status 3]\n")
	return b.String()
}

// clipTailLines returns the lines of text that start an eighth of limit
// and slack bytes before its end, or later: what a blind clip's tail shows.
func clipTailLines(text string, limit, slack int) []string {
	var tail []string
	from := clipTailReach(len(text), limit) + slack
	for at := 0; at < len(text); {
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text) - at
		}
		if at >= from {
			tail = append(tail, text[at:at+end])
		}
		at += end + 1
	}
	return tail
}

// A lint report of alike findings cut by less than three times shows the
// findings a blind clip's tail shows: told in turn, spread over the
// report, they dropped the one above the last few (errorlint's
// websocket_test.go:305 finding at 94 %).
func TestLogClipTail(t *testing.T) {
	text := alikeFindings(230, func(i int) int { return i * 7919 })
	limit := len(text) / 2
	p, ok := planLog(text, limit, logOptions{})
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	for _, l := range clipTailLines(text, limit, 0) {
		if !strings.Contains(out, l+"\n") {
			t.Errorf("%q, in a clip's tail, not shown", l)
		}
	}
}

// A report cut by a single byte, whose findings all fit as told (not
// crowded), still drops its lines before a blind clip's tail, not in it:
// the fill that ends the plan once reached only the findings above the
// tail's first ten (TestLogClipTailProperty, 400 findings at 52,084 of
// 52,085 bytes, and at 49,451 of 51,839).
func TestLogClipTailUncrowded(t *testing.T) {
	for _, c := range []struct{ k, cut int }{{527744, 1}, {40, 2388}} {
		text := alikeFindings(400, func(i int) int { return (i + 1) * c.k })
		limit := len(text) - c.cut
		p, ok := planLog(text, limit, logOptions{})
		require.True(t, ok, "declined")
		out := render(text, p, marker{})
		for _, l := range clipTailLines(text, limit, 2*len(gapNote(400))) {
			assert.Contains(t, out, l+"\n", "cut by %d: in a clip's tail, not shown", c.cut)
		}
	}
}

// Property: a lint report of alike findings cut by less than three times
// shows every finding that lies in a blind clip's tail (a gap note's
// bytes in).
func TestLogClipTailProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(30, 400).Draw(t, "findings")
		k := rapid.IntRange(1, 1<<20).Draw(t, "seed")
		text := alikeFindings(n, func(i int) int { return (i + 1) * k })
		limit := rapid.IntRange(len(text)/3+1, len(text)-1).Draw(t, "limit")
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			return
		}
		out := render(text, p, marker{})
		for _, l := range clipTailLines(text, limit, 2*len(gapNote(n))) {
			if !strings.Contains(out, l+"\n") && !strings.HasSuffix(out, l) {
				t.Fatalf("limit %d of %d bytes: %q, in a clip's tail, not shown", limit, len(text), l)
			}
		}
	})
}
