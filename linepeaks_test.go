package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlanLinesKeepsLargestEntries: a find -ls listing too long for its
// budget keeps the rows of its largest files wherever they sit; a
// `key = value` dump, one numeric column, gets no such rows.
func TestPlanLinesKeepsLargestEntries(t *testing.T) {
	var b strings.Builder
	big := map[int]bool{37: true, 151: true, 262: true}
	for i := range 300 {
		size := 1000 + (i*7919)%9000
		if big[i] {
			size = 500000 + i
		}
		fmt.Fprintf(&b, "  %7d %6d -rw-r--r--   1 root     root     %8d Jul 24  2006 src/dir%d/file%d.rs\n", 1115000+(i*37)%300, (size+1023)/1024, size, i%9, i)
	}
	text := b.String()
	p, ok := planLines(text, 4000)
	require.True(t, ok)
	out := render(text, p, marker{})
	for i := range big {
		assert.Contains(t, out, fmt.Sprintf(" %8d Jul 24  2006 src/dir%d/file%d.rs\n", 500000+i, i%9, i))
	}
	var kv strings.Builder
	for i := range 300 {
		fmt.Fprintf(&kv, "net.core.param_%d = %d\n", i, (i*7919)%9000)
	}
	s := newLineSel(kv.String(), 4000, lineGaps(300))
	assert.Nil(t, linePeaks(s, 250))
}

// TestPlanLinesKeepsEachSectionsLargestRows: in a sectioned dump whose
// sections do not line up as one table (readelf -aW: relocations, then
// the symbol table), a section of many rows keeps the rows of its
// numeric column's largest values; a short section gives none.
func TestPlanLinesKeepsEachSectionsLargestRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("ELF Header:\n  Class: ELF64\n\nRelocation section '.rela.dyn' contains 300 entries:\n")
	for i := range 300 {
		fmt.Fprintf(&b, "%012x  %012x R_X86_64_RELATIVE  %x\n", 0x4c000+8*i, 8+i%3, 0x1a0e0+i*16)
	}
	b.WriteString("\nSymbol table '.dynsym' contains 300 entries:\n")
	big := map[int]bool{189: true, 275: true}
	for i := range 300 {
		size := 40 + (i*7919)%900
		if big[i] {
			size = 6000 + i
		}
		fmt.Fprintf(&b, "%6d: 00000000000%05x %5d FUNC    GLOBAL DEFAULT   12 jq_fn%d\n", i, 0x17800+i*64, size, i)
	}
	b.WriteString("\nVersion needs section '.gnu.version_r' contains 2 entries:\n  0x0000: Version: 1  File: libc.so.6  Cnt: 2\n  0x0010: Name: GLIBC_2.14\n")
	text := b.String()
	p, ok := planLines(text, 6000)
	require.True(t, ok)
	out := render(text, p, marker{})
	for i := range big {
		assert.Contains(t, out, fmt.Sprintf("%5d FUNC    GLOBAL DEFAULT   12 jq_fn%d\n", 6000+i, i))
	}
	s := newLineSel(text, 6000, lineGaps(lineCount(text)))
	heads := sectionHeads(s)
	require.Len(t, heads, 4)
	for _, i := range sectionPeaks(s, heads, sectionPeakK) {
		assert.True(t, i > heads[2] && i < heads[3], "line %d: %q", i, s.line(i))
	}
}
