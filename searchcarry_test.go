package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestUnfinished(t *testing.T) {
	for s, want := range map[string]bool{
		"    assert_raise ArgumentError,":        true,
		"  assert_raise ArgumentError, m, fn ->": true,
		"raise ValueError(":                      true,
		"x = [":                                  true,
		"  if ok do":                             true,
		"  foo \\":                               true,
		"a = b +":                                true,
		"x =":                                    true,
		"if a ==":                                false,
		"raise ArgumentError, \"done\"":          false,
		"undo":                                   false,
		"return nil":                             false,
		"":                                       false,
		"   ":                                    false,
	} {
		if got := unfinished(s); got != want {
			t.Errorf("unfinished(%q) = %v, want %v", s, got, want)
		}
	}
}

// Over generated grep -C outputs whose match lines often end unfinished:
// the plan holds its limit, and when the matches' costs counted the lines
// they carry (the files' first lines do not all fit), every shown match line that ends unfinished is followed, in the plan, by its next
// input line, verbatim, when that line is one of its file's context lines.
func TestSearchCarryProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		sep := rapid.Bool().Draw(t, "separators")
		files := rapid.IntRange(1, 40).Draw(t, "files")
		for i := range files {
			f := fmt.Sprintf("lib/f%d.ex", i)
			n := 1
			for g := range rapid.IntRange(1, 6).Draw(t, "groups") {
				if sep && (i > 0 || g > 0) {
					b.WriteString("--\n")
				}
				fmt.Fprintf(&b, "%s-%d-  before %d\n", f, n, n)
				n++
				end := rapid.SampledFrom([]string{",", " fn ->", "(", " do", "", ")"}).Draw(t, "end")
				fmt.Fprintf(&b, "%s:%d:    assert_raise ArgumentError %s%s\n", f, n, strings.Repeat("x", rapid.IntRange(0, 90).Draw(t, "len")), end)
				n++
				for range rapid.IntRange(0, 2).Draw(t, "after") {
					fmt.Fprintf(&b, "%s-%d-      subject %d %s\n", f, n, n, strings.Repeat("y", rapid.IntRange(0, 60).Draw(t, "alen")))
					n++
				}
				n += 3
			}
		}
		text := b.String()
		limit := rapid.IntRange(200, 12000).Draw(t, "limit")
		p, ok := planSearch(text, limit, searchOptions{})
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		// The planner as planSearch runs it, to see whether it carried.
		sc := scanSearch(text, max(DefaultMatchesPerFile, limit/16))
		sp := newSearchPlanner(text, &sc, limit, defaultSearchLineCap)
		items, ok := sp.plan()
		if !ok || fmt.Sprint(items) != fmt.Sprint(p.items) {
			t.Fatal("the planner run again planned otherwise")
		}
		if !sp.carrying {
			return
		}
		for k, it := range items {
			if it.end == it.start || it.note != "" {
				continue
			}
			line := strings.TrimSuffix(text[it.start:it.end], "\n")
			if !strings.Contains(line, ":    assert_raise") || !unfinished(line) {
				continue
			}
			next := text[it.end:]
			next = next[:strings.IndexByte(next, '\n')+1]
			if !strings.Contains(next, "-      subject ") {
				continue
			}
			if k+1 >= len(items) || text[items[k+1].start:items[k+1].end] != next {
				t.Fatalf("match %q shown without the line it carries, %q", line, next)
			}
		}
	})
}
