package headroom

import (
	"fmt"
	"math"
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

// A column only the wider rows have — git verify-pack -v's delta depth,
// after the offset of its delta rows — peaks among the rows that reach
// it, when 16 or more do; fewer make no column.
func TestColumnPeaksOfWiderRows(t *testing.T) {
	table := func(deltas int) string {
		var rows []string
		for i := range 200 {
			row := fmt.Sprintf("%040x blob   %d %d %d", i, 100+i%37*13, 90+i%29*7, 12+i*100)
			if i%(200/deltas) == 1 && deltas > 0 {
				row += fmt.Sprintf(" %d %040x", 1+i%3, i-1)
			}
			rows = append(rows, row)
		}
		rows[150] += " 9 " + strings.Repeat("f", 40) // the deepest delta
		return strings.Join(rows, "\n")
	}
	s := newLineSel(table(20), 1<<20, gapWording{})
	assert.Contains(t, columnPeaks(s, 0, s.n(), 1), 150, "the deepest delta row")
	// Two delta rows besides it: no column.
	s = newLineSel(table(2), 1<<20, gapWording{})
	assert.NotContains(t, columnPeaks(s, 0, s.n(), 1), 150)
}

// du -ah's sizes compare in bytes: the 1.6M directory is the column's
// peak above the 900K one, which a number read before its unit would
// rank first.
func TestColumnPeaksReadSizes(t *testing.T) {
	text := strings.Join([]string{
		"4.0K\tsphinx/parsers.py",
		"900K\tsphinx/domains/__pycache__",
		"1.6M\tsphinx/domains",
		"60K\tsphinx/builders/html/__init__.py",
		"8.0K\tsphinx/versioning.py",
	}, "\n")
	s := newLineSel(text, 1000, gapWording{})
	assert.Equal(t, []int{2, 1}, columnPeaks(s, 0, s.n(), 2))
}

// Numbers are digits with one dot and a trailing percent, or a size or
// a time with its unit; dates, hex and versions are not.
func TestFieldNumber(t *testing.T) {
	for f, want := range map[string]float64{"0": 0, "62943": 62943, "56%": 56, "97.5": 97.5,
		"60K": 60 << 10, "1.5M": 1.5 * (1 << 20), "2GiB": 2 << 30, "512MB": 512 << 20, "4kB": 4 << 10, "3k": 3 << 10,
		"2.42s": 2.42, "120ms": 0.12, "35ns": 35e-9, "7us": 7e-6, "7µs": 7e-6, "3min": 180, "1.5h": 5400} {
		v, ok := fieldNumber(f)
		require.True(t, ok, f)
		assert.InDelta(t, want, v, 1e-9, f)
	}
	for _, f := range []string{"", "%", "2025-10-01", "3d7a6c67", "1.2.3", "01:48", "Defl:N", "-1", "K", "1.2.3K", "12KK", "5B", "7x", "5m", "s", "ms", "1.2.3s", "5sec", "0x1fs"} {
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

// fieldNumberRef is fieldNumber as first written: every number summed in
// floats.
func fieldNumberRef(f string) (float64, bool) {
	// A size's unit, each 1,024 times the one before: du -h's 60K, 1.6M.
	for i, u := range []string{"K", "M", "G", "T", "P", "E"} {
		for _, suffix := range []string{u, u + "i", u + "B", u + "iB", strings.ToLower(u) + "B", strings.ToLower(u)} {
			if suffix[0] != 'k' && suffix[0] >= 'a' {
				continue // of the lower-case prefixes, k alone
			}
			if n := len(f) - len(suffix); n > 0 && f[n:] == suffix && f[n-1] >= '0' && f[n-1] <= '9' {
				v, ok := fieldNumberRef(f[:n])
				return v * math.Pow(1024, float64(i+1)), ok
			}
		}
	}
	// A time's unit, in seconds: pprof's 2.42s, 120ms.
	for _, u := range []struct {
		suffix  string
		seconds float64
	}{{"ns", 1e-9}, {"us", 1e-6}, {"µs", 1e-6}, {"ms", 1e-3}, {"min", 60}, {"s", 1}, {"h", 3600}} {
		if n := len(f) - len(u.suffix); n > 0 && f[n:] == u.suffix && f[n-1] >= '0' && f[n-1] <= '9' {
			v, ok := fieldNumberRef(f[:n])
			return v * u.seconds, ok
		}
	}
	if len(f) > 1 && f[len(f)-1] == '%' {
		f = f[:len(f)-1]
	}
	if f == "" || len(f) > 18 {
		return 0, false
	}
	v, frac, dot, digits := 0.0, 1.0, false, 0
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c >= '0' && c <= '9':
			digits++
			if dot {
				frac /= 10
				v += float64(c-'0') * frac
			} else {
				v = v*10 + float64(c-'0')
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	return v, digits > 0
}

// fieldNumber, which adds digits alone in an integer, reads every field
// to the same float as fieldNumberRef, to the bit: the 16 to 18 digit
// numbers whose float sums round are left to the floats.
func TestFieldNumberMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.StringOfN(rapid.SampledFrom([]rune("0123456789999.%a/KMGikBsmnuµh")), 0, 20, -1).Draw(t, "f")
		if rapid.Bool().Draw(t, "long") {
			f = rapid.StringMatching(`[1-9][0-9]{14,17}%?`).Draw(t, "digits")
		}
		v, ok := fieldNumber(f)
		w, okRef := fieldNumberRef(f)
		if ok != okRef || math.Float64bits(v) != math.Float64bits(w) {
			t.Fatalf("fieldNumber(%q) = %v, %v; the reference %v, %v", f, v, ok, w, okRef)
		}
	})
}

// columnPeaksRef is columnPeaks as first written, a field read whole
// before fieldNumberRef reads it.
func columnPeaksRef(s *lineSel, from, to, k int) []int {
	for r := to - 1; r >= max(from, to-3); r-- {
		if tableRule(s.line(r)) {
			to = r
			break
		}
	}
	if to-from < 2 || k <= 0 {
		return nil
	}
	var cols [maxPeakColumns]peakColumn
	var reach [maxPeakColumns]int // rows with field c
	for i := from; i < to; i++ {
		l := s.line(i)
		c := 0
		for p := 0; p < len(l) && c < maxPeakColumns; c++ {
			for p < len(l) && (l[p] == ' ' || l[p] == '\t') {
				p++
			}
			if p == len(l) {
				break
			}
			reach[c]++
			q := p
			for q < len(l) && l[q] != ' ' && l[q] != '\t' {
				q++
			}
			if v, ok := fieldNumberRef(l[p:q]); ok {
				cols[c].add(v, i, k)
			}
			p = q
		}
	}
	var ranked [][]peak
	full := 0
	for c := range cols {
		col := &cols[c]
		whole := col.numeric*10 >= (to-from)*9
		sparse := reach[c] >= sparseColumnRows && reach[c]*10 < (to-from)*9 && col.numeric*10 >= reach[c]*9
		if (whole || sparse) && !col.sorted() {
			if whole {
				full++
			}
			ranked = append(ranked, col.largest())
		}
	}
	if full == 0 {
		return nil
	}
	var peaks []int
	seen := map[int]bool{}
	for r := 0; r < k; r++ {
		for _, col := range ranked {
			if r < len(col) && !seen[col[r].row] {
				seen[col[r].row] = true
				peaks = append(peaks, col[r].row)
			}
		}
	}
	return peaks
}

// columnPeaks, which reads blanks and fields eight bytes at a time, finds
// the rows columnPeaksRef finds, on rows of any spacing, width and
// number of fields.
func TestColumnPeaksMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		field := rapid.SampledFrom([]string{"-rw-r--r--", "1", "12", "4096", "97.5", "56%", "root", "Apr", "12:00", "0.0", "123456789012", "x.y", "----", "60K", "1.6M", "2GiB", "K"})
		blank := rapid.SampledFrom([]string{" ", "  ", "\t", "        ", "   \t  ", "            "})
		rows := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
			var b strings.Builder
			if rapid.Bool().Draw(t, "indented") {
				b.WriteString(blank.Draw(t, "indent"))
			}
			for k := range rapid.IntRange(0, 11).Draw(t, "fields") {
				if k > 0 {
					b.WriteString(blank.Draw(t, "blank"))
				}
				b.WriteString(field.Draw(t, "field"))
			}
			return b.String()
		}), 2, 40).Draw(t, "rows")
		k := rapid.IntRange(0, 6).Draw(t, "k")
		s := newLineSel(strings.Join(rows, "\n"), 1000, gapWording{})
		if got, want := columnPeaks(s, 0, s.n(), k), columnPeaksRef(s, 0, s.n(), k); !slices.Equal(got, want) {
			t.Fatalf("columnPeaks %v, the reference %v", got, want)
		}
	})
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
	first, ok := tableRows(s, false)
	require.True(t, ok)
	assert.Equal(t, 6, first, "rows start under the header")

	uniq := strings.Repeat("    123 some line of text\n", 40)
	prose := "Name  Of  Things\n" + strings.Repeat("It was a dark and stormy night.\n", 40)
	for name, text := range map[string]string{"uniq -c": uniq, "prose": prose} {
		s := newLineSel(text, 1<<20, gapWording{})
		assert.Zero(t, numericHeader(s, 0), name)
	}
}

// rowNumbersRef is rowNumbers as columnPeaks first read a row: a byte at
// a time, a field's leading digits summed as they were read.
func rowNumbersRef(l string, nums *[maxPeakColumns]float64) (has uint8, fields int) {
	c := 0
	for p := 0; p < len(l) && c < maxPeakColumns; c++ {
		for p < len(l) && (l[p] == ' ' || l[p] == '\t') {
			p++
		}
		if p == len(l) {
			break
		}
		q, n := p, uint64(0)
		for ; q < len(l) && l[q]-'0' <= 9; q++ {
			n = n*10 + uint64(l[q]-'0')
		}
		v, ok := float64(n), q > p && q-p <= 15
		if q < len(l) && l[q] != ' ' && l[q] != '\t' || !ok {
			ok = q > p || q == len(l) || l[q] == '.' || l[q] == '%' || l[q] == ' ' || l[q] == '\t'
			for q < len(l) && l[q] != ' ' && l[q] != '\t' {
				q++
			}
			if ok {
				v, ok = fieldNumber(l[p:q])
			}
		}
		if ok {
			nums[c] = v
			has |= 1 << c
		} else if scale := sizeWord(l[p:q]); scale > 0 && c > 0 && has>>(c-1)&1 != 0 {
			nums[c-1] *= scale
		}
		p = q
	}
	return has, c
}

// rowNumbers, which finds fields eight bytes at a time, reads the same
// numbers from every row as rowNumbersRef.
func TestRowNumbersMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var l string
		for range rapid.IntRange(0, 12).Draw(t, "fields") {
			l += rapid.SampledFrom([]string{"", " ", "  ", "\t", " \t ", "         "}).Draw(t, "sep")
			l += rapid.OneOf(
				rapid.StringOfN(rapid.SampledFrom([]rune("0123456789.%-:a\r")), 1, 24, -1),
				rapid.StringMatching(`[0-9]{1,20}(\.[0-9]{0,4})?%?`),
				rapid.SampledFrom([]string{"-rw-r--r--", "root", "4096", "Apr", "2026", "12:00", "0.0%", "99.5", ".5", "1.2.3", "B", "KB", "kB", "MiB", "kiB", "GB"}),
			).Draw(t, "field")
		}
		var got, want [maxPeakColumns]float64
		gotHas, gotFields := rowNumbers(l, &got)
		wantHas, wantFields := rowNumbersRef(l, &want)
		if gotHas != wantHas || gotFields != wantFields {
			t.Fatalf("rowNumbers(%q) finds numbers in fields %08b of %d, the reference in %08b of %d", l, gotHas, gotFields, wantHas, wantFields)
		}
		for c := range maxPeakColumns {
			if gotHas>>c&1 != 0 && got[c] != want[c] {
				t.Fatalf("rowNumbers(%q) field %d = %v, the reference %v", l, c, got[c], want[c])
			}
		}
	})
}

// TestDigitsNumberAsFieldNumber: what digitsNumber reads, fieldNumber
// reads the same (rowNumbers asks fieldNumber only for the rest), and it
// reads every field of 1 to 15 digits.
func TestDigitsNumberAsFieldNumber(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.StringMatching(`[0-9]{0,17}[.%KMi]{0,2}[0-9]{0,3}`).Draw(t, "field")
		v, ok := digitsNumber(f)
		all := f != "" && len(f) <= 15 && strings.Trim(f, "0123456789") == ""
		if ok != all {
			t.Fatalf("digitsNumber(%q) ok = %v, want %v", f, ok, all)
		}
		if w, wok := fieldNumber(f); ok && (!wok || w != v) {
			t.Fatalf("digitsNumber(%q) = %v, fieldNumber %v %v", f, v, w, wok)
		}
	})
}
