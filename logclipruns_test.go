package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// undocumentedReport writes an rdoc -C coverage report of n classes,
// each in its file's group, and its totals.
func undocumentedReport(n int) string {
	var b strings.Builder
	b.WriteString("Parsing sources...\n")
	for i := range n {
		fmt.Fprintf(&b, "%3d%% [%2d/%d]  commands/c%d_command.rb\n", 100*(i+1)/n, i+1, n, i)
	}
	b.WriteString("\nFiles:      " + fmt.Sprint(n) + "\n\n")
	for i := range n {
		fmt.Fprintf(&b, "In files:\n* commands/c%d_command.rb\n\n  class Gem::Commands::C%dCommand\n\n", i, i)
		fmt.Fprintf(&b, "    # in file commands/c%d_command.rb:%d\n    def self.new(); end\n\n  end\n\n\n", i, 10+i)
	}
	fmt.Fprintf(&b, "  Total:      %d (%d undocumented)\n   33.48%% documented\n\n  Elapsed: 0.7s\n", 3*n, n)
	return b.String()
}

// A run with no failure line cut by less than three times shows what a
// blind clip's head and tail show: told as tail and head in turns, with
// group headings and rare shapes between, it dropped classes the clip's
// head lists (rdoc's PristineCommand, past the middle of the report).
func TestSuccessClipRuns(t *testing.T) {
	text := undocumentedReport(60)
	for _, limit := range []int{len(text) * 4 / 5, len(text) * 2 / 3, len(text) / 2} {
		p, ok := planLog(text, limit, logOptions{})
		require.True(t, ok, "limit %d", limit)
		out := render(text, p, marker{})
		require.Contains(t, p.what, "from a run with no failure line", "limit %d: the success view", limit)
		for _, l := range clipHeadLines(text, limit) {
			require.Contains(t, out, l+"\n", "limit %d: in a clip's head", limit)
		}
		for _, l := range clipTailLines(text, limit, 0) {
			require.Contains(t, out, l+"\n", "limit %d: in a clip's tail", limit)
		}
	}
}

// clipHeadLines returns the lines of text that start before a blind
// clip's head of limit bytes ends, the marker's room taken out.
func clipHeadLines(text string, limit int) []string {
	var head []string
	end := clipHeadReach(limit - plannerReserve(len(text)))
	for at := 0; at < len(text) && at < end; {
		n := strings.IndexByte(text[at:], '\n')
		if n < 0 {
			n = len(text) - at
		}
		head = append(head, text[at:at+n])
		at += n + 1
	}
	return head
}
