package headroom

import (
	"fmt"
	"strings"
	"testing"
	"text/tabwriter"
)

// Columns a tab-padding writer lined up are a table even without a header
// and behind `path:NN:` first fields; a grep of tab-indented code, TSV of
// single tabs and a grep over TSV files are not.
func TestTabAligned(t *testing.T) {
	var aligned, grepCode, tsv, grepTSV strings.Builder
	w := tabwriter.NewWriter(&aligned, 1, 8, 1, '\t', 0)
	for i := range 200 {
		file := []string{"a.go", "flag_generic.go", "zz_generated.flags.go"}[i%3]
		name := []string{"Run", "VisibleFlagCategories", "Set"}[i/3%3]
		fmt.Fprintf(w, "example.com/m/%s:%d:\t%s\t%d.%d%%\n", file, 10+i*7, name, i%101, i%10)
		fmt.Fprintf(&grepCode, "x/%s:%d:\t\tif err := f%d(); err != nil {\n", file, i, i)
		fmt.Fprintf(&tsv, "row%d\t%d\tv%d\n", i, i*7, i)
		fmt.Fprintf(&grepTSV, "data/%s.tsv:%d:row%d\t\t%d\n", file, i, i, i*7)
	}
	fmt.Fprintf(w, "total:\t(statements)\t91.1%%\n")
	w.Flush()
	for name, c := range map[string]struct {
		text string
		want bool
	}{"tabwriter": {aligned.String(), true}, "grep code": {grepCode.String(), false},
		"tsv": {tsv.String(), false}, "grep tsv": {grepTSV.String(), false}} {
		s := newLineSel(c.text, 4000, gapWording{})
		if got := tabAligned(s, 0); got != c.want {
			t.Errorf("%s: tabAligned %v, want %v", name, got, c.want)
		}
	}
	text := aligned.String()
	p, ok := planDelimitedTable(text, 4000)
	if !ok {
		t.Fatal("tab-aligned columns: declined")
	}
	out := render(text, p, marker{})
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for _, l := range []string{lines[0], lines[len(lines)-2], lines[len(lines)-1]} {
		if !strings.Contains(out, l+"\n") {
			t.Errorf("lost %q:\n%s", l, out)
		}
	}
	if strings.Contains(p.what, "header") {
		t.Errorf("what claims a header: %s", p.what)
	}
}
