package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// longLineBits are the pieces drawn heads and bodies of long lines are
// made of: what makes a line a match, a context line, a notice or an rg
// --json event, at any place, and what makes it none.
var longLineBits = []string{
	"src/app.min.js", ":12:", ":7", "-3-", "=4=", "-", "=", ":", ": ", "1", "42",
	": Permission denied", ": binary file matches", " (os error 13)", " (", "Binary file ", " matches",
	`{"type":"match","data":{}}`, `,"type":"summary"}`, "{", "[", " ", "\t", "\r", "\x1b[31m", "\x1b[0m",
	"function(e,t){", "return a?b:c;", "é", "\u00a0", "\"", "rg: ", "grep: ",
}

// drawLongLine draws a line of about n bytes from longLineBits.
func drawLongLine(t *rapid.T, n int, label string) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(rapid.SampledFrom(longLineBits).Draw(t, label))
		if b.Len() < n && rapid.Bool().Draw(t, label+"-fill") {
			b.WriteString(strings.Repeat("x", rapid.IntRange(1, n).Draw(t, label+"-x")))
		}
	}
	return b.String()
}

// searchDeclinesLongLines never declines a sample the search shapes
// accept: samples of long lines drawn from what each shape reads, among
// short search lines, with heads on either side of longLineHead.
func TestSearchDeclinesLongLinesOnlyWhatSearchDeclines(t *testing.T) {
	var declined, accepted int
	short := []string{"src/a.go:12:\tx := 1", "src/a.go-13-\ty := 2", "--", "", "rg: src/b: Permission denied (os error 13)",
		"src/c.go", "src/c.go:4", "/*! jQuery v3.7.1 */", "plain words here"}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "lines")
		var b strings.Builder
		var starts []int
		for i := range n {
			starts = append(starts, b.Len())
			switch rapid.IntRange(0, 3).Draw(t, "kind") {
			case 0:
				b.WriteString(rapid.SampledFrom(short).Draw(t, "short"))
			case 1:
				// A line of no search shape at all (a minified
				// bundle's), so that declined samples are common, not
				// left to chance.
				b.WriteString(strings.Repeat("x", rapid.IntRange(longLineHead+1, 3*longLineHead).Draw(t, "plain")))
			default:
				size := rapid.IntRange(longLineHead-40, 3*longLineHead).Draw(t, "size")
				head := drawLongLine(t, rapid.IntRange(0, longLineHead+40).Draw(t, "head"), "head")
				b.WriteString(head + drawLongLine(t, size-len(head), "body"))
			}
			_ = i
			b.WriteByte('\n')
		}
		sample := b.String()
		if !searchDeclinesLongLines(sample, starts) {
			return
		}
		declined++
		for _, limit := range []int{64, 2000, 16000} {
			if _, ok := planSearchShapes(sample, limit, searchOptions{sampled: true}); ok {
				accepted++
				t.Fatalf("declined from heads, but planSearchShapes accepts it at %d:\n%q", limit, sample)
			}
		}
	})
	if declined == 0 {
		t.Fatal("no sample was declined: the property tested nothing")
	}
}

// The search rows decline unread the long lines of the giant row's
// bundle, at both budgets: a Read of jquery.min.js's 87 KB line.
func TestSurelyNoSearchLineOnMinifiedRead(t *testing.T) {
	src := corpusInput(t, "plain_read_minified_jquery_min_js")
	long := ""
	for _, l := range strings.Split(src, "\n") {
		if len(l) > len(long) {
			long = l
		}
	}
	if !surelyNoSearchLine(long) {
		t.Errorf("jquery.min.js's %d-byte line: surelyNoSearchLine false", len(long))
	}
	for _, l := range []string{"src/x.min.js:2:" + long, "src/x.min.js-2-" + long, "2:" + long, long[:longLineHead]} {
		if surelyNoSearchLine(l) {
			t.Errorf("surelyNoSearchLine(%.40q…) is true", l)
		}
	}
}
