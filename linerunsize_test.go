package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A six-line record in a long gap costs its lines and one more note, not
// a note per line.
func TestRunCostPricesOneNote(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "line %03d\n", i)
	}
	text := b.String()
	s := newLineSel(text, 1<<20, lineGaps(300))
	s.pick(0)
	s.pick(299)
	lines := 6 * len("line 100\n")
	// Before: one note for lines 2-299. After: notes for 2-100 and 107-299.
	want := lines + s.gapSize(1, 100) + s.gapSize(106, 299) - s.gapSize(1, 299)
	if got := s.runCost(100, 106); got != want {
		t.Errorf("runCost = %d, want %d", got, want)
	}
	perLine := 0
	for j := 100; j < 106; j++ {
		perLine += s.cost(j)
	}
	if got := s.runCost(100, 106); got >= perLine {
		t.Errorf("runCost %d is no less than the per-line sum %d", got, perLine)
	}
}

// Whatever is kept already, runCost is exactly what picking the run's
// lines one by one adds to the output.
func TestRunCostIsWhatPickingAdds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 400).Draw(t, "n")
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat("x", rapid.IntRange(0, 30).Draw(t, fmt.Sprint("len", i))))
			b.WriteByte('\n')
		}
		text := b.String()
		gaps := lineGaps(n + 1)
		if rapid.Bool().Draw(t, "countGaps") {
			gaps = countGaps(len(text))
		}
		s := newLineSel(text, 1<<30, gaps)
		for _, i := range rapid.SliceOfN(rapid.IntRange(0, s.n()-1), 0, 40).Draw(t, "kept") {
			s.pick(i)
		}
		from := rapid.IntRange(0, s.n()-1).Draw(t, "from")
		to := rapid.IntRange(from, min(s.n(), from+20)).Draw(t, "to")
		want := s.runCost(from, to)
		before := s.used
		for j := from; j < to; j++ {
			if !s.pick(j) {
				t.Fatalf("line %d not kept", j)
			}
		}
		if got := s.used - before; got != want {
			t.Fatalf("runCost(%d, %d) = %d, picking added %d", from, to, want, got)
		}
	})
}

// A record of rare field values is kept whole when its lines fit the
// share, though the per-line sum of their costs would not.
func TestPickRareRecordsPricesRecordsWhole(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		owner := "root"
		if i == 150 {
			owner = "polkitd"
		}
		fmt.Fprintf(&b, "# file: /var/lib/d%03d\n# owner: %s\n# group: root\nuser::rwx\ngroup::r-x\nother::r-x\n\n", i, owner)
	}
	text := b.String()
	s := newLineSel(text, 1<<20, lineGaps(1401))
	s.pick(0)
	s.pick(s.n() - 1)
	recs := []record{}
	for i := range 200 {
		recs = append(recs, record{start: i * 7, end: i*7 + 6})
	}
	start := 150 * 7
	cost := s.runCost(start, start+6)
	perLine := 0
	for j := start; j < start+6; j++ {
		perLine += s.cost(j)
	}
	if cost >= perLine {
		t.Fatalf("the record's cost %d is no less than its per-line sum %d", cost, perLine)
	}
	if k := pickRareRecords(s, recs, s.pick, s.used+cost); k != 1 {
		t.Fatalf("kept %d records, want the polkitd one", k)
	}
	for j := start; j < start+6; j++ {
		if !s.isKept(j) {
			t.Errorf("line %d of the rare record dropped", j)
		}
	}
}
