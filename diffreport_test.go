package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// toolLogWithDiffs returns a tool's log that prints the diffs it would
// write (2to3 -v, black --diff): per file a line or two of its own, a
// unified diff, and a closing report after the last.
func toolLogWithDiffs() string {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, "Tool: Adding transformation: fix%d\n", i)
	}
	for i := range 40 {
		if i == 21 {
			b.WriteString("Tool: Can't parse pkg/bad.py: ParseError: bad input: type=4\n")
			b.WriteString("Tool: No changes in pkg/bad.py\n")
		}
		fmt.Fprintf(&b, "Tool: Refactoring pkg/f%d.py\n", i)
		fmt.Fprintf(&b, "--- pkg/f%d.py\t(original)\n+++ pkg/f%d.py\t(refactored)\n", i, i)
		b.WriteString("@@ -1,5 +1,5 @@\n context one\n context two\n-print 'x'\n+print('x')\n context three\n context four\n")
		fmt.Fprintf(&b, "Tool: Not writing changes to pkg/f%d.py\n", i)
	}
	b.WriteString("Tool: Files that need to be modified:\n")
	for i := range 40 {
		fmt.Fprintf(&b, "Tool: pkg/f%d.py\n", i)
	}
	b.WriteString("Tool: There was 1 error:\n")
	b.WriteString("Tool: Can't parse pkg/bad.py: ParseError: bad input: type=4\n")
	return b.String()
}

// A diff inside a tool's log keeps what the log says around it first:
// its failure with the lines beside it, its closing report's headings
// and its last lines, which no hunk says.
func TestDiffKeepsTheRunsReport(t *testing.T) {
	text := toolLogWithDiffs()
	for _, limit := range []int{2000, 4000} {
		p, ok := planDiff(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		for _, w := range []string{
			"Tool: Not writing changes to pkg/f20.py\nTool: Can't parse pkg/bad.py: ParseError",
			"Tool: No changes in pkg/bad.py",
			"Tool: Files that need to be modified:",
			"Tool: There was 1 error:\nTool: Can't parse pkg/bad.py",
		} {
			if !strings.Contains(out, w) {
				t.Errorf("limit %d: lost %q", limit, w)
			}
		}
		if !strings.Contains(p.what, "of the run around it (failures, verdict) kept first") {
			t.Errorf("limit %d: the marker does not say it: %s", limit, p.what)
		}
	}
}

// A commit log's lines are its messages, kept by their own rules: a
// message that says a failure is no run's report.
func TestDiffReportLeavesCommitLogs(t *testing.T) {
	var b strings.Builder
	for i := range 5 {
		fmt.Fprintf(&b, "commit %040d\nAuthor: A <a@b>\nDate:   Mon Jan 1 00:00:00 2024\n\n    Fix the failure in f%d\n\n", i, i)
		fmt.Fprintf(&b, "diff --git a/f%d.go b/f%d.go\n--- a/f%d.go\n+++ b/f%d.go\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n", i, i, i, i)
	}
	text := b.String()
	s := newLineSel(text, 4000, countGaps(len(text)))
	d, ok := parseDiff(s, false)
	if !ok {
		t.Fatal("not parsed as a diff")
	}
	if got := d.reportLines(s); got != nil {
		t.Errorf("reportLines = %v, want none in a commit log", got)
	}
}
