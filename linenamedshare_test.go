package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordsWithLongHead builds record-shaped text: k records between blank
// lines, each opening with its name, the first with a long description
// a head would grow into.
func recordsWithLongHead(k int) string {
	var b strings.Builder
	for r := range k {
		fmt.Fprintf(&b, "Package: pkg%c%c%c\nStatus: install ok installed\nVersion: 1.%d\nDescription: a package\n", 'a'+r%26, 'a'+r/26%26, 'a'+r/676%26, r)
		lines := 6
		if r == 0 {
			lines = 80
		}
		for i := range lines {
			fmt.Fprintf(&b, " line %d of the description of this package, long enough to cost some room\n", i)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestPlanLinesNamesMoreBeforeTheHeadGrows: 300 records at 4,000 bytes,
// far more than fit: the records' opening lines take a second round
// (namedShare) before the head grows into the first record's long
// description, so more records are named than with the head grown first,
// and the head still holds the first record's opening.
func TestPlanLinesNamesMoreBeforeTheHeadGrows(t *testing.T) {
	text := recordsWithLongHead(300)
	p, ok := planLines(text, 4000)
	require.True(t, ok)
	require.LessOrEqual(t, itemsSize(p.items), 4000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	// 36 with the head grown first, 48 with the second round.
	assert.GreaterOrEqual(t, strings.Count(out, "Package: "), 44)
	assert.True(t, strings.HasPrefix(out, "Package: pkgaaa\nStatus: install ok installed\n"))
}
