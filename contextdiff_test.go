package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// contextDiff builds a diff -c -r of files, each with hunks changed
// lines, the way GNU diff writes it.
func contextDiff(files, hunks int) string {
	var b strings.Builder
	for f := range files {
		fmt.Fprintf(&b, "diff -c -r a/f%d.go b/f%d.go\n*** a/f%d.go\t2026-01-01 00:00:00 +0000\n--- b/f%d.go\t2026-01-02 00:00:00 +0000\n", f, f, f, f)
		for h := range hunks {
			at := 10 + 20*h
			fmt.Fprintf(&b, "***************\n*** %d,%d ****\n  ctx %d\n! old %d.%d\n  ctx\n--- %d,%d ----\n  ctx %d\n! new %d.%d\n+ added %d.%d\n  ctx\n", at, at+2, h, f, h, at, at+3, h, f, h, f, h)
		}
	}
	return b.String()
}

// A context diff (diff -c) is planned as a diff: every file named with
// its counts (a changed line counts on both sides), hunks breadth first.
func TestDiffPlansContextDiff(t *testing.T) {
	text := contextDiff(6, 12)
	p, ok := planDiff(text, 4000)
	if !ok {
		t.Fatal("declined a context diff")
	}
	if p.strategy != StrategyDiff {
		t.Fatalf("strategy %s", p.strategy)
	}
	out := render(text, p, marker{tokens: 1, what: p.what})
	for f := range 6 {
		name := fmt.Sprintf("diff -c -r a/f%d.go b/f%d.go  [+24 -12]", f, f)
		if !strings.Contains(out, name) {
			t.Errorf("lost %q", name)
		}
		if first := fmt.Sprintf("! new %d.0\n", f); !strings.Contains(out, first) {
			t.Errorf("file %d lost its first hunk", f)
		}
	}
	// A hunk whose side holds fewer lines than its range says is no hunk.
	bad := strings.Replace(text, "*** 10,12 ****", "*** 10,14 ****", 1)
	s := newLineSel(bad, 4000, countGaps(len(bad)))
	if end, _, _, ok := contextHunkEnd(s, 3); ok {
		t.Errorf("a miscounted hunk checked out (end %d)", end)
	}
	s = newLineSel(text, 4000, countGaps(len(text)))
	if end, minus, plus, ok := contextHunkEnd(s, 3); !ok || end != 13 || minus != 1 || plus != 2 {
		t.Errorf("first hunk: end %d, -%d +%d, ok %v; want 13, -1 +2, true", end, minus, plus, ok)
	}
}
