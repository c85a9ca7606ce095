package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestCountsStep(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"  1% [ 1/66]  irb.rb", true},
		{"100% [66/66]  reline/windows.rb", true},
		{"[12/40] Building CXX object a.o", true},
		{"0:00:05 load avg: 21.16 [4/7] test_fractions", true},
		{"[ 45%] Building C object", false},
		{"tests/test_x.py::test_a PASSED [ 70%]", false},
		{"a[i/2] = b", false},
		{"[/66]", false},
		{"[1/]", false},
	} {
		if got := countsStep(c.line); got != c.want {
			t.Errorf("countsStep(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestTotalLabel(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"  Total:      783 (522 undocumented)", true},
		{"TOTAL: 12", true},
		{"total 48", false}, // ls -l opens a listing with it
		{"Total: none", false},
		{"Total:", false},
		{"Subtotal: 5", false},
	} {
		if got := totalLabel(c.line); got != c.want {
			t.Errorf("totalLabel(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// A passing run's view shows a run of progress steps by its first and
// last steps, and grows its head past them to what the run printed
// next, never past a line it cannot fit; the view holds its budget and
// its verdict.
func TestPlanSuccessShowsProgressRunByItsEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		steps := rapid.IntRange(3, 200).Draw(t, "steps")
		body := rapid.IntRange(1, 300).Draw(t, "body")
		var b strings.Builder
		b.WriteString("Parsing sources...\n")
		for i := 1; i <= steps; i++ {
			fmt.Fprintf(&b, "%3d%% [%*d/%d]  lib/file%d.rb\n", i*100/steps, len(fmt.Sprint(steps)), i, steps, i)
		}
		for i := range body {
			fmt.Fprintf(&b, "  class Item%d\n    # in file lib/file%d.rb:%d\n", i, i%steps, i+10)
		}
		b.WriteString("\n  Total:      783 (522 undocumented)\n   33.33% documented\n")
		text := b.String()
		limit := rapid.SampledFrom([]int{1000, 4000, 16000}).Draw(t, "limit")
		if len(text) <= limit {
			return
		}
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatal("declined a run with a labelled total")
		}
		checkLogPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, "  Total:      783 (522 undocumented)\n") {
			t.Fatalf("verdict lost:\n%s", out)
		}
		first := fmt.Sprintf("[%*d/%d]", len(fmt.Sprint(steps)), 1, steps)
		last := fmt.Sprintf("[%d/%d]", steps, steps)
		if !strings.Contains(out, first) || !strings.Contains(out, last+"  lib/file") {
			t.Fatalf("the run's ends not shown:\n%s", out)
		}
		// In a run cut by less than three times, what a blind clip's head
		// and tail show comes first (see pickClipRuns and
		// TestSuccessClipRuns): the steps the clip's head holds may take
		// the room the head would grow into past the run.
		// (No exit code: the view is planned in the whole limit.)
		if cutLittle(len(text), limit) {
			return
		}
		if !strings.Contains(out, fmt.Sprintf("%s  lib/file%d.rb\n  class Item0\n    # in file lib/file0.rb:10\n", last, steps)) {
			t.Fatalf("the head does not grow past the run's end:\n%s", out)
		}
	})
}

// countsStep and totalLabel read any line without a panic, and
// countsStep reads no further than a line's first 80 bytes.
func FuzzCountsStepTotalLabel(f *testing.F) {
	for _, s := range []string{"  1% [ 1/66]  irb.rb", "[12/40] x", "  Total:      783 (522 undocumented)", "total 48", "[", "Total:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) {
		if countsStep(l) != countsStep(l[:min(len(l), 80)]) {
			t.Fatalf("countsStep reads past 80 bytes of %q", l)
		}
		totalLabel(l)
	})
}
