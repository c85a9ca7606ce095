package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlanLinesKeepsAlignedColumnPeaks: a zip listing whose rows share
// one timestamp, its size the only numeric field, keeps the rows of its
// largest files wherever they sit, as a listing of two numeric columns
// does.
func TestPlanLinesKeepsAlignedColumnPeaks(t *testing.T) {
	var b strings.Builder
	b.WriteString("File Name                                             Modified             Size\n")
	big := map[int]bool{131: true, 262: true, 377: true}
	for i := range 500 {
		size := 100 + (i*7919)%9000
		if big[i] {
			size = 200000 + i
		}
		fmt.Fprintf(&b, "%-46s 2023-02-19 14:19:32 %12d\n", fmt.Sprintf("pkg/mod%d/file%d.py", i%13, i), size)
	}
	text := b.String()
	p, ok := planLines(text, 4000)
	require.True(t, ok)
	out := render(text, p, marker{})
	for i := range big {
		assert.Contains(t, out, fmt.Sprintf("%-46s 2023-02-19 14:19:32 %12d\n", fmt.Sprintf("pkg/mod%d/file%d.py", i%13, i), 200000+i))
	}
}

// TestAlignedPeaksReadsPastAlikeRows: a symbol table whose first rows
// are all alike (nm's undefined symbols, size 0, no address) finds its
// size column by where its numbers end, the rows after them telling its
// widths apart; the largest symbol is the first peak.
func TestAlignedPeaksReadsPastAlikeRows(t *testing.T) {
	var b strings.Builder
	for range 300 {
		b.WriteString("                  0 U \n")
	}
	for i := range 200 {
		size := 16 + (i*i*7919+13*i)%997
		if i == 120 {
			size = 1745
		}
		fmt.Fprintf(&b, "   %5x %10d T pkg.fn%d\n", 0x2b000+i*64, size, i)
	}
	s := newLineSel(b.String(), 4000, lineGaps(500))
	peaks := alignedPeaks(s, 5)
	require.NotEmpty(t, peaks)
	assert.Equal(t, 420, peaks[0])
	assert.Len(t, peaks, 5)
}

// TestAlignedPeaksNone: text whose numbers are not padded to a column
// gives no peaks: a `key = value` dump (values after keys of different
// lengths), numbers at one end but all of one width (a constant) or of
// two widths a digit apart (zdump's day of the month), and a column in
// order down the text (cat -n's line numbers) or block by block (python
// -m dis's offsets).
func TestAlignedPeaksNone(t *testing.T) {
	var kv, same, numbered, days, offsets strings.Builder
	for i := range 300 {
		fmt.Fprintf(&days, "Europe/London  Sun Oct %2d 02:00:00 %d UT\n", 1+(i*7)%31, 1900+i)
		fmt.Fprintf(&kv, "net.core.param_%d = %d\n", i, (i*7919)%9000)
		fmt.Fprintf(&same, "  %d x%d\n", i%10, i)
		fmt.Fprintf(&numbered, "%6d\tline %d of the file\n", i+1, (i*7919)%9000)
		fmt.Fprintf(&offsets, "  %3d        %4d LOAD_CONST  %d\n", i/25+1, (i%25)*50, i%7)
	}
	for name, text := range map[string]string{"kv": kv.String(), "same width": same.String(), "numbered": numbered.String(), "days": days.String(), "offsets": offsets.String()} {
		s := newLineSel(text, 4000, lineGaps(300))
		assert.Nil(t, alignedPeaks(s, 10), name)
	}
}

// TestNumberEndingAt reads the field that ends at a byte, a number after
// a separator, and nothing else.
func TestNumberEndingAt(t *testing.T) {
	for _, c := range []struct {
		line  string
		end   int
		v     float64
		start int
		ok    bool
	}{
		{"   2b69f       1745 T path/filepath.Rel", 19, 1745, 15, true},
		{"a.py  2023-02-19 14:19:32   275233", 34, 275233, 28, true},
		{"1745", 4, 1745, 0, true},
		{"   12 T x", 4, 0, 0, false},  // ends inside the field
		{"   12 T x", 9, 0, 0, false},  // a word, no number
		{"   12 T x", 40, 0, 0, false}, // past the line
		{"   12 T x", 0, 0, 0, false},
		{"  1.5K a", 6, 1536, 2, true},
	} {
		v, start, ok := numberEndingAt(c.line, c.end)
		assert.Equal(t, c.ok, ok, c.line)
		if c.ok {
			assert.Equal(t, c.v, v, c.line)
			assert.Equal(t, c.start, start, c.line)
		}
	}
}

// FuzzAlignedPeaks: any text gives peaks that are lines of it, each once,
// at most k of them, without a panic.
func FuzzAlignedPeaks(f *testing.F) {
	f.Add("   0 U \n  12 T a\n 345 T b\n   6 D c\n", 3)
	f.Add("a  1\nb 22\nc333\n\n", 2)
	f.Add("x", 1)
	f.Fuzz(func(t *testing.T, text string, k int) {
		k = k%64 + 1
		if k <= 0 {
			k = 1
		}
		n := lineCount(text)
		s := newLineSel(text, 4000, lineGaps(n))
		peaks := alignedPeaks(s, k)
		if len(peaks) > k {
			t.Fatalf("%d peaks, k %d", len(peaks), k)
		}
		seen := map[int]bool{}
		for _, i := range peaks {
			if i < 0 || i >= s.n() || seen[i] {
				t.Fatalf("peak %d of %d lines (%v)", i, s.n(), peaks)
			}
			seen[i] = true
		}
	})
}
