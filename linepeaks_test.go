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
