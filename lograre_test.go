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

// classLoadRun is a JVM's -Xlog:class+load trace of n class loads with a
// program's own report (a first line and thirty settings) at load at and
// an exception a few loads later.
func classLoadRun(n, at int) string {
	var b strings.Builder
	for i := range n {
		if i == at {
			b.WriteString("Widget cache is warm\n")
			for k := range 30 { // the rest of its report
				fmt.Fprintf(&b, "setting%c%c= on\n", 'a'+k%26, 'a'+k/26)
			}
		}
		if i == at+20 {
			b.WriteString("java.lang.IllegalStateException: cache not ready\n\tat com.example.Cache.get(Cache.java:42)\n\tat com.example.Main.main(Main.java:7)\n")
		}
		fmt.Fprintf(&b, "[0.%03ds][info][class,load] com.example.pkg%c.Type%c source: shared objects file\n", i, 'a'+i%26, 'a'+i/26%26)
	}
	return b.String()
}

// A failed run keeps the lines of a shape seen once among its trace's
// alike lines (dotted names masked), beside the failure it keeps whole.
func TestFailedRunKeepsRareShapes(t *testing.T) {
	text := classLoadRun(600, 300)
	lines := scanLog(text)
	var got []string
	for _, i := range rareShapeLines(lines) {
		got = append(got, lines.line(i))
	}
	at := slices.Index(got, "Widget cache is warm")
	if at < 0 {
		t.Fatalf("rare lines %q miss the program's line", got)
	}
	sel := newLogSelection(text, lines, nil, nil, nil, 4000, defaultLogLineCap)
	before := sel.cost
	pickRareShapes(sel, lines, 4000)
	if i := rareShapeLines(lines)[at]; !sel.kept(i) || sel.cost-before > 4000/rareShapeFailShare {
		t.Errorf("pickRareShapes kept the program's line: %v, at a cost of %d", sel.kept(i), sel.cost-before)
	}
	one := 1
	for _, limit := range []int{4000, 16000} {
		p, ok := planLog(text, limit, logOptions{exitCode: &one})
		if !ok {
			t.Fatal("declined a failed run")
		}
		out := render(text, p, marker{what: p.what})
		for _, w := range []string{"Widget cache is warm", "java.lang.IllegalStateException: cache not ready"} {
			if !strings.Contains(out, w) {
				t.Errorf("at %d lost %q", limit, w)
			}
		}
	}
}

// A log whose failures are many (a harness's alike failed tests) is not
// quiet, and keeps no rare line as a failed run's; a trace with one
// failure in it is.
func TestQuietLogNeedsFewFailures(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "not ok %d - case %d\n#   Failed test 'case %d'\n", i, i, i)
		if i == 100 {
			b.WriteString("Widget cache is warm\n")
		}
	}
	lines := scanLog(b.String())
	if quietLog(lines) {
		t.Error("200 failed tests read as a quiet log")
	}
	sel := newLogSelection(b.String(), lines, nil, nil, nil, 4000, defaultLogLineCap)
	pickRareShapes(sel, lines, 4000)
	if n := sel.keptCount(); n != 0 {
		t.Errorf("kept %d rare lines among 200 failures", n)
	}
	if !quietLog(scanLog(classLoadRun(600, 300))) {
		t.Error("a class-load trace with one exception is not quiet")
	}
}

// A dotted name is masked as a path is, and only when asked: a sentence's
// last word and an ellipsis are words.
func TestAppendMaskedDots(t *testing.T) {
	l := "[0.1s] java.lang.Object loaded... done."
	if got, want := string(appendMaskedDots(nil, l, true)), "# # loaded... done."; got != want {
		t.Errorf("with dots %q, want %q", got, want)
	}
	if got, want := string(appendMaskedDots(nil, l, false)), "# java.lang.Object loaded... done."; got != want {
		t.Errorf("without dots %q, want %q", got, want)
	}
}
