package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestCutSearchKeepsLastMatch checks that a search without context cut
// to first lines (not every file shows one) still ends on its last
// match line, where a blind clip's tail ends, not on the last file's
// first.
func TestCutSearchKeepsLastMatch(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		for j := range 4 {
			fmt.Fprintf(&b, "pkg/dir%d/file%d.go:%d:\tcall(util.Thing%d(x, y))\n", i/10, i, 10*j+1, j)
		}
	}
	b.WriteString("zz/last.go:3:\tfirst := util.First()\n")
	b.WriteString("zz/last.go:99:\tfinal := util.Final()\n")
	text := b.String()
	for _, limit := range []int{2000, 3000, 4000} {
		p, ok := planSearch(text, limit, searchOptions{})
		if !ok {
			t.Fatalf("declined at %d", limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, "zz/last.go:99:\tfinal := util.Final()\n") {
			t.Fatalf("limit %d: last match lost:\n%s", limit, out)
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("limit %d: %d bytes", limit, itemsSize(p.items))
		}
	}
}

// TestCutSearchKeepsLastMatchProperty: a grep of many files, short
// lines, cut so that not every file shows a line, keeps its last input
// line verbatim, within the limit.
func TestCutSearchKeepsLastMatchProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		nFiles := rapid.IntRange(20, 120).Draw(t, "files")
		var b strings.Builder
		for i := range nFiles {
			n := rapid.IntRange(1, 12).Draw(t, "n")
			if i == nFiles-1 {
				n = max(n, 2)
			}
			for j := range n {
				body := rapid.StringMatching(`[a-z(). ]{0,50}`).Draw(t, "body")
				fmt.Fprintf(&b, "src/d%d/f%d.go:%d:%s\n", i%7, i, j+1, body)
			}
		}
		text := b.String()
		limit := rapid.IntRange(1500, 6000).Draw(t, "limit")
		p, ok := planSearch(text, limit, searchOptions{})
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		if !strings.Contains(p.what, "every other file listed") && !strings.Contains(p.what, "rolled up") && !strings.Contains(p.what, "counted in a total") {
			return
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		last := lines[len(lines)-1]
		if !strings.Contains(out, last+"\n") {
			t.Fatalf("limit %d: last line %q lost", limit, last)
		}
	})
}
