package headroom

import (
	"os"
	"strings"
	"testing"
)

// A split keeps more of a clip's elements when the tail it gains holds
// more of them than the run's end it gives up.
func TestSplitKeepsMoreOfClip(t *testing.T) {
	size := func(int) int { return 10 }
	run := func(from, n int) []int {
		var out []int
		for i := from; i < from+n; i++ {
			out = append(out, i)
		}
		return out
	}
	// Elements 5..104; the clip's tail shows the last 8 (80 bytes), its
	// head the first 30 (floor 38).
	best := run(5, 40)
	split := append(run(5, 28), run(97, 8)...)
	if !splitKeepsMoreOfClip(split, best, 5, 105, 38, 80, size) {
		t.Error("a split losing 2 head elements for 8 tail ones not taken")
	}
	short := append(run(5, 20), run(103, 2)...)
	if splitKeepsMoreOfClip(short, best, 5, 105, 38, 80, size) {
		t.Error("a split losing 10 head elements for 2 tail ones taken")
	}
	if splitKeepsMoreOfClip(split, best, 5, 105, 0, 80, size) {
		t.Error("taken with no floor")
	}
	if got := clipTailFrom(5, 105, 85, size); got != 97 {
		t.Errorf("clipTailFrom = %d, want 97", got)
	}
}

// A stream of short alike one-line documents (jq -c --stream's leaves of
// ISO 15924) whose one run after the head keeps more whole documents than
// a clip, by the note a tail would cost, keeps the clip's tail instead:
// the run's extra documents are past the clip's head, the tail's are the
// clip's.
func TestMinifiedStreamKeepsClipTailOverLongerRun(t *testing.T) {
	b, err := os.ReadFile("testdata/corpus/json_jq_c_stream_leaves_iso_15924_scripts/input.txt")
	if err != nil {
		t.Skip(err)
	}
	text := string(b)
	p, ok := planJSON(text, 2554)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if want := `[["15924",181,"name"],"Code for uncoded script"]`; !strings.Contains(out, want) {
		t.Errorf("%s, in the clip's tail, not kept:\n%s", want, out)
	}
}
