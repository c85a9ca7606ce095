package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A tail layout keeps as many as the run alone, or at least the floor.
func TestTailKeepsFloor(t *testing.T) {
	for _, c := range []struct {
		split, head, floor int
		want               bool
	}{
		{10, 10, 0, true},
		{9, 10, 0, false},
		{9, 10, 9, true},
		{8, 10, 9, false},
		{0, 10, -3, false},
	} {
		if got := tailKeepsFloor(c.split, c.head, c.floor); got != c.want {
			t.Errorf("tailKeepsFloor(%d, %d, %d) = %v, want %v", c.split, c.head, c.floor, got, c.want)
		}
	}
}

// gronStream is a stream of one-line arrays as `gron --json` prints them:
// many short alike lines, then longer ones at the end.
func gronStream(short, long int) string {
	var b strings.Builder
	for i := range short {
		fmt.Fprintf(&b, "[[\"simpleMap\",\"name%03d\"],\"name%03d\"]\n", i, i)
	}
	for i := range long {
		fmt.Fprintf(&b, "[[\"typesMap\",\"Entry %02d\",\"match\"],\"^(.*\\\\/entry\\\\/%02d)\\\\/file-\\\\d+\\\\.debug\\\\.js$\"]\n", i, i)
	}
	return b.String()
}

// A minified stream whose short elements cannot be picked one by one keeps
// its end as a clip does (the elements before the last, longer ones, at
// least as many as the pipeline's clip keeps) rather than one longer run
// after the head; and its marker says what it kept: a head and a tail,
// nothing "spread between".
func TestMinifiedSequenceKeepsAClipsTail(t *testing.T) {
	text := gronStream(460, 50)
	p, ok := planJSON(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if !strings.Contains(out, `"Entry 48","match"`) {
		t.Errorf("the element before the last is not kept:\n%s", out)
	}
	if strings.Contains(p.what, "spread between") {
		t.Errorf("marker says spread for a head and a tail: %s", p.what)
	}
}

// Over random gron-like streams and budgets, the minified sequence plan
// holds its budget and keeps input lines verbatim (every kept line of
// the output that is no note is a line of the input).
func TestMinifiedSequenceTailProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := gronStream(rapid.IntRange(2, 600).Draw(t, "short"), rapid.IntRange(1, 80).Draw(t, "long"))
		limit := rapid.IntRange(800, 12000).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		lines := map[string]bool{}
		for _, l := range strings.Split(text, "\n") {
			lines[l] = true
		}
		for _, l := range strings.Split(render(text, p, marker{what: p.what, hint: p.hint}), "\n") {
			if l == "" || strings.HasPrefix(l, "[…") {
				continue
			}
			if !lines[l] {
				t.Fatalf("line not in the input: %q", l)
			}
		}
	})
}
