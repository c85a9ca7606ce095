package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// tabnannyRun is a checker's run that exits 0: n `'path': Clean bill of
// health.` lines, the directory lines between, and at line at a three-line
// complaint with no failure word.
func tabnannyRun(n, at int) string {
	var b strings.Builder
	for i := range n {
		if i%20 == 0 {
			fmt.Fprintf(&b, "'Lib/pkg%d': listing directory\n", i/20)
		}
		if i == at {
			b.WriteString("'Lib/urllib/robotparser.py': *** Line 156: trouble in tab city! ***\n")
			b.WriteString("offending line: '\\tif self.disallow_all:\\n'\n")
			b.WriteString("indent not equal e.g. at tab sizes 1, 2, 3, 4, 5, 6, 7, 9\n")
		}
		fmt.Fprintf(&b, "'Lib/pkg%d/mod%d.py': Clean bill of health.\n", i/20, i)
	}
	b.WriteString("exit status 0\n")
	return b.String()
}

// The lines of a shape seen once among hundreds of alike ones are kept
// by a success view, in its room, and the marker says so.
func TestSuccessViewKeepsRareShapes(t *testing.T) {
	text := tabnannyRun(400, 200)
	lines := scanLog(text)
	var got []string
	for _, i := range rareShapeLines(lines) {
		got = append(got, lines.line(i))
	}
	want := []string{
		"'Lib/urllib/robotparser.py': *** Line 156: trouble in tab city! ***",
		"offending line: '\\tif self.disallow_all:\\n'",
		"indent not equal e.g. at tab sizes 1, 2, 3, 4, 5, 6, 7, 9",
		"exit status 0",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("rare lines %q, want %q", got, want)
	}
	zero := 0
	for _, limit := range []int{4000, 16000} {
		p, ok := planLog(text, limit, logOptions{exitCode: &zero})
		if !ok {
			t.Fatal("declined a run that exited 0")
		}
		out := render(text, p, marker{what: p.what})
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("at %d lost %q", limit, w)
			}
		}
		if !strings.Contains(p.what, "3 lines of a shape seen once") {
			t.Errorf("at %d the marker says %q", limit, p.what)
		}
	}
}

// No rare line where no shape dominates (a build naming each step), where
// the dominant shape is short of rareShapeLeast lines, or where lines of
// a shape seen once are more than one in rareShapeShare.
func TestRareShapeLinesNeedADominantShape(t *testing.T) {
	var steps strings.Builder
	for i := range 300 {
		fmt.Fprintf(&steps, "Compiling crate%c%c v1.0\n", 'a'+i%26, 'a'+i/26)
	}
	if got := rareShapeLines(scanLog(steps.String())); got != nil {
		t.Errorf("a build of distinct steps has rare lines %v", got)
	}
	if got := rareShapeLines(scanLog(tabnannyRun(rareShapeLeast-10, 20))); got != nil {
		t.Errorf("a short run has rare lines %v", got)
	}
	var mixed strings.Builder
	for i := range 200 {
		fmt.Fprintf(&mixed, "'a/%d.py': Clean bill of health.\n", i)
		if i%5 == 0 {
			fmt.Fprintf(&mixed, "note %c%c said something\n", 'a'+i%26, 'a'+i/26)
		}
	}
	if got := rareShapeLines(scanLog(mixed.String())); got != nil {
		t.Errorf("a run where one line in six is of its own shape has rare lines %v", got)
	}
}
