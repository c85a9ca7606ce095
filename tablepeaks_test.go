package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// A numeric column's largest value names its row; a totals row after a
// closing rule is no row, a column of words has no peak, and a column in
// order down the table (the PIDs) peaks at an end, so it gives none.
func TestColumnPeaks(t *testing.T) {
	text := strings.Join([]string{
		"USER  PID %CPU  RSS COMMAND",
		"root    1  0.0  900 init",
		"dev   733 97.5  120 busy-loop",
		"dev   812  1.2 8800 big-heap",
		"dev   901  0.1   10 sleeper",
		"----  --- ----  ---",
		"       4 98.8 9830 total",
	}, "\n")
	s := newLineSel(text, 1000, gapWording{})
	// %CPU peaks at row 2, RSS at row 3; the PIDs are sorted.
	assert.Equal(t, []int{2, 3}, columnPeaks(s, 1, s.n(), 1))
}

// Peaks come in rounds: every column's largest, then every column's
// second largest, and so on, no row twice.
func TestColumnPeaksInRounds(t *testing.T) {
	text := strings.Join([]string{
		"import time: self [us] | cumulative | imported package",
		"import time:       224 |        224 |   _io",
		"import time:      9000 |      9100 |   big_self",
		"import time:       551 |    2874940 | sphinx.cmd.build",
		"import time:        30 |     500000 |   sphinx.util",
		"import time:      8270 |     353101 |     sphinx.search",
		"import time:        12 |         12 |   tiny",
	}, "\n")
	s := newLineSel(text, 1000, gapWording{})
	// self: rows 2, 5, 3; cumulative: rows 3, 4, 5.
	assert.Equal(t, []int{2, 3, 5, 4}, columnPeaks(s, 1, s.n(), 2))
	assert.Equal(t, []int{2, 3, 5, 4}, columnPeaks(s, 1, s.n(), 3)[:4])
	assert.Len(t, columnPeaks(s, 1, s.n(), 6), 6)
}

// Numbers are digits with one dot and a trailing percent; dates, hex
// and versions are not.
func TestFieldNumber(t *testing.T) {
	for f, want := range map[string]float64{"0": 0, "62943": 62943, "56%": 56, "97.5": 97.5} {
		v, ok := fieldNumber(f)
		require.True(t, ok, f)
		assert.InDelta(t, want, v, 1e-9, f)
	}
	for _, f := range []string{"", "%", "2025-10-01", "3d7a6c67", "1.2.3", "01:48", "Defl:N", "-1"} {
		_, ok := fieldNumber(f)
		assert.False(t, ok, f)
	}
}

// withPeaks keeps the spread's count (a peak takes its nearest pick's
// place), holds every peak, and returns rows ascending, none twice.
func TestWithPeaksProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 500).Draw(t, "n")
		picks := spread(0, n, rapid.IntRange(1, n).Draw(t, "k"))
		peaks := slices.Compact(slices.Sorted(slices.Values(rapid.SliceOfN(rapid.IntRange(0, n-1), 0, 8).Draw(t, "peaks"))))
		got := withPeaks(picks, peaks)
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("not ascending and distinct: %v", got)
		}
		if len(got) > len(picks) {
			t.Fatalf("%d rows from %d picks", len(got), len(picks))
		}
		if len(peaks) <= len(picks) {
			for _, p := range peaks {
				if !slices.Contains(got, p) {
					t.Fatalf("peak %d lost: picks %v peaks %v got %v", p, picks, peaks, got)
				}
			}
		}
	})
}

// A title line above a header and its rule (unzip -v's Archive: line)
// does not keep a table from the table planner, and the largest member
// is kept wherever it sits.
func TestTableTitleAndPeak(t *testing.T) {
	var b strings.Builder
	b.WriteString("Archive:  lib.jar\n Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n--------  ------  ------- ---- ---------- ----- --------  ----\n")
	for i := range 400 {
		size := 1000 + i%37
		if i == 211 {
			size = 99999
		}
		fmt.Fprintf(&b, "%8d  Defl:N  %7d  50%% 2025-10-01 01:48 %08x  org/x/Class%03d.class\n", size, size/2, i, i)
	}
	b.WriteString("--------          -------  ---                            -------\n  500000           250000  50%                            400 files\n")
	p, ok := planTable(b.String(), 4000)
	require.True(t, ok, "declined")
	out := render(b.String(), p, marker{})
	assert.Contains(t, out, "org/x/Class211.class")
	assert.Contains(t, out, "400 files")
}

// A profile is a table: lines of totals, a header of words, then rows
// that open with numbers; the header is found below its preamble. Counts
// of one number (uniq -c) and a header over prose are none.
func TestNumericHeader(t *testing.T) {
	var b strings.Builder
	b.WriteString("x.rst:821: (ERROR/3) Unknown target name: \"tag\".\n         631991 function calls (577790 primitive calls) in 2.165 seconds\n\n   Ordered by: internal time\n\n")
	b.WriteString("   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%9s    0.%03d    0.000    0.146    0.001 nodes.py:%d(f%d)\n", itoa(i+1)+"/2", i, 200+i, i)
	}
	b.WriteString("\n\n")
	s := newLineSel(b.String(), 1<<20, gapWording{})
	first, ok := tableRows(s)
	require.True(t, ok)
	assert.Equal(t, 6, first, "rows start under the header")

	uniq := strings.Repeat("    123 some line of text\n", 40)
	prose := "Name  Of  Things\n" + strings.Repeat("It was a dark and stormy night.\n", 40)
	for name, text := range map[string]string{"uniq -c": uniq, "prose": prose} {
		s := newLineSel(text, 1<<20, gapWording{})
		assert.Zero(t, numericHeader(s, 0), name)
	}
}
