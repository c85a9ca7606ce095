package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// wholeLines counts the lines of text that out holds whole, each on a
// line of its own (the lines of text are all distinct).
func wholeLines(text, out string) int {
	in := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if l != "" {
			in[l] = true
		}
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if in[l] {
			n++
			in[l] = false
		}
	}
	return n
}

// namedLines counts the lines of text that out holds whole or by their
// naming prefix (see namingPrefixEnd), each on a line of its own, the
// prefix followed by its cut note.
func namedLines(text, out string) int {
	in := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if l != "" {
			in[l] = true
			if end := namingPrefixEnd(l); end > 0 {
				in[l[:end]] = true
			}
		}
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if head, _, cut := strings.Cut(l, " […"); cut && strings.HasSuffix(l, " cut…]") {
			l = head
		}
		if in[l] {
			n++
			in[l] = false
		}
	}
	return n
}

// For a stream of alike one-line objects, each with its own name and no
// key that sorts them into kinds, the JSON-lines plan names at least as
// many events, whole or by their naming prefix (a run of prefixes shows
// more events than a run of whole ones: pickNamingPrefix), as a
// head/tail clip of the same limit keeps whole lines, minus one,
// where its even sample would be thin: the text is four times the limit
// or more. (A denser sample, one event in five or more, is kept: its gap
// notes can cost it a few lines against the clip.)
func TestJSONLinesKeepsAsManyLinesAsTheClip(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(60, 600).Draw(rt, "events")
		pad := rapid.IntRange(20, 300).Draw(rt, "pad")
		var b strings.Builder
		for k := range n {
			fmt.Fprintf(&b, `{"group":"org.example","name":"component-%d","version":"1.0.%d","scope":"required","sha":"%s"}`+"\n",
				k, rapid.IntRange(0, 9).Draw(rt, "patch"), strings.Repeat("ab", pad/2))
		}
		text := b.String()
		limit := rapid.IntRange(2000, max(2000, len(text)/4)).Draw(rt, "limit")
		if len(text) < 4*limit {
			return
		}
		p, ok := planJSONLines(text, limit)
		if !ok {
			rt.Fatalf("declined %d events at limit %d", n, limit)
		}
		m := marker{tokens: len(text), what: clean(p.what, maxWhat), hint: clean(p.hint, maxHint)}
		got := namedLines(text, render(text, p, m))
		c := planClip(text, limit, 0)
		clip := wholeLines(text, render(text, c, marker{tokens: len(text)}))
		if got < clip-1 {
			rt.Fatalf("named %d events of %d, the clip %d whole, at limit %d", got, n, clip, limit)
		}
	})
}
