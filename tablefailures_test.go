package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// tableWithFailures returns a column table of 300 rows whose rows listed
// in failed say FAILED, the others ok.
func tableWithFailures(failed map[int]bool) string {
	var b strings.Builder
	b.WriteString("STEP   FILE                 RESULT\n")
	b.WriteString("----   ----                 ------\n")
	for i := range 300 {
		status := "ok at line " + fmt.Sprint(10*i)
		if failed[i] {
			status = "FAILED at line " + fmt.Sprint(10*i)
		}
		fmt.Fprintf(&b, "%-6d pkg/dir%02d/file%03d.go  %s\n", i, i/10, i, status)
	}
	return b.String()
}

// A table's rare rows that say a failure are kept, with the rows above
// them that say what failed, however the sample falls.
func TestTableKeepsRareFailureRows(t *testing.T) {
	text := tableWithFailures(map[int]bool{137: true})
	// At 1,500 bytes a quarter of the room holds the nearest rows above.
	for limit, above := range map[int]int{1500: 3, 4000: tableFailureContext} {
		p, ok := planTable(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		for i := 137 - above; i <= 138; i++ {
			if !strings.Contains(out, fmt.Sprintf("file%03d.go", i)) {
				t.Errorf("limit %d: lost row %d near the failure", limit, i)
			}
		}
		if !strings.Contains(out, "FAILED at line 1370") {
			t.Errorf("limit %d: lost the failure row", limit)
		}
		if !strings.Contains(p.what, "1 row that say a failure") {
			t.Errorf("limit %d: the marker does not say it: %s", limit, p.what)
		}
	}
}

// A table whose rows fail more than one in ten is sampled as any other.
func TestTableSamplesCommonFailureRows(t *testing.T) {
	failed := map[int]bool{}
	for i := 0; i < 300; i += 5 {
		failed[i] = true
	}
	text := tableWithFailures(failed)
	p, ok := planTable(text, 1500)
	if !ok {
		t.Fatal("declined")
	}
	if strings.Contains(p.what, "say a failure") {
		t.Errorf("kept common failure rows as rare ones: %s", p.what)
	}
	s := newLineSelOn(text, (&lineIndexer{text: text}).index(), 1500, gapWording{})
	if got := tableFailureRows(s, 2, s.n()); got != nil {
		t.Errorf("tableFailureRows = %v, want none", got)
	}
}

func TestFailsInProse(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Hunk #2 FAILED at 244.", true},
		{"1 out of 6 hunks FAILED -- saving rejects to file a/b.go.rej", true},
		{"step 3 failed", true},
		{"build error: no such file", true},
		{"There was 1 error:", true},
		{"a/errors.go:32:\t\t\tError\t\t\t\t100.0%", false},        // a function's name, a cell of its own
		{"        1    0.000    0.000 shutil.py:61(Error)", false}, // a name in brackets
		{"pod-a   0/1   Error   3   5m", false},                    // a status cell padded to its column
		{"Hunk #1 succeeded at 142.", false},
		{"FAILED", false},
	} {
		if got := failsInProse(c.line); got != c.want {
			t.Errorf("failsInProse(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}
