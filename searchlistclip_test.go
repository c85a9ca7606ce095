package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A file list cut little (by less than three times) shows every path a
// blind clip's head shows: there the clip's head is most of the list,
// and paths spread between, as many as the head paths they cost, would
// show no more (a module's go mod graph edges, shaped as paths, lost the
// edges a clip shows to a spread of others).
func TestSearchFileListCutLittleShowsClipHead(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "src/pkg%d/internal/sub%d/file%d.go\n", i%37, i%5, i)
	}
	text := b.String()
	for _, div := range []float64{1.5, 2, 2.5, 2.9} {
		limit := int(float64(len(text)) / div)
		p, ok := planSearchList(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		shown := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			shown[l] = true
		}
		for start := 0; start < len(text); {
			line, _, _ := strings.Cut(text[start:], "\n")
			if start+len(line) >= clipHeadReach(limit) {
				break
			}
			if !shown[line] {
				t.Fatalf("limit %d (÷%.1f): %q, in a clip's head, not shown: %s", limit, div, line, p.what)
			}
			start += len(line) + 1
		}
	}
}

// Property: a generated file list cut little shows each path that ends
// within a clip's head of the limit.
func TestSearchFileListCutLittleClipHeadProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(searchMinMatches, 800).Draw(t, "paths")
		dirs := rapid.IntRange(1, 40).Draw(t, "dirs")
		var b strings.Builder
		var paths []string
		for i := range n {
			d := rapid.IntRange(0, dirs-1).Draw(t, "dir")
			p := fmt.Sprintf("pkg%d/sub%d/%s%d.go", d, d%3, strings.Repeat("f", rapid.IntRange(1, 60).Draw(t, "name")), i)
			paths = append(paths, p)
			b.WriteString(p + "\n")
		}
		text := b.String()
		limit := rapid.IntRange(len(text)/3+1, len(text)-1).Draw(t, "limit")
		if limit < 1000 {
			return
		}
		p, ok := planSearchList(text, limit)
		if !ok {
			t.Fatalf("declined a list of %d paths at limit %d", n, limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		shown := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			shown[l] = true
		}
		at := 0
		for _, path := range paths {
			if at+len(path) >= clipHeadReach(limit) {
				break
			}
			if !shown[path] {
				t.Fatalf("limit %d of %d bytes: %q, in a clip's head, not shown: %s", limit, len(text), path, p.what)
			}
			at += len(path) + 1
		}
	})
}
