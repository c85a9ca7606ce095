package headroom

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A lines plan of a struct dump (pahole's layouts: member rows of rare
// types among common ones, each block closed by `};`) writes no gap note
// for a run of lines that would show in fewer bytes: the `};` between a
// kept member row and the next kept struct's opener is shown, not priced
// at a 24-byte note.
func TestPlanLinesShowsGapsCheaperThanTheirNotes(t *testing.T) {
	in, err := os.ReadFile("testdata/corpus/plain_pahole_libasan_so_8_gcc_12_struct_layouts/input.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(in)
	lines := strings.SplitAfter(text, "\n")
	note := regexp.MustCompile(`^\[…lines? ([\d,]+)(?:-([\d,]+))? omitted…\]$`)
	for _, limit := range []int{4000, 8000, 16000} {
		p, ok := planLines(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{})
		for _, l := range strings.Split(out, "\n") {
			m := note.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			from, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
			to := from
			if m[2] != "" {
				to, _ = strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
			}
			shown := 0
			for k := from; k <= to; k++ {
				shown += len(lines[k-1])
			}
			if shown <= len(l)+1 {
				t.Errorf("limit %d: %q stands for %d bytes of lines, no more than its own %d", limit, l, shown, len(l)+1)
			}
		}
	}
}
