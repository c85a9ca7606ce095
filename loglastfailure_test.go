package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docutilsReport writes n errors of a few kinds, each with the directive
// it could not read under it, the last one a repeat of an earlier kind.
func docutilsReport(n int) string {
	var b strings.Builder
	kinds := []string{"automodule", "autoclass", "toctree"}
	for k := range n {
		name := string(rune('a'+k%26)) + string(rune('a'+k/26%26))
		fmt.Fprintf(&b, "./docs/%s.rst:%d: (ERROR/3) Unknown directive type \"%s\".\n\n.. %s:: pkg.%s\n   :members:\n", name, 4+k, kinds[k%len(kinds)], kinds[k%len(kinds)], name)
		fmt.Fprintf(&b, "./docs/%s.rst:%d: (ERROR/3) Unknown interpreted text role \"r%s\".\n", name, 9+k, name)
	}
	b.WriteString("./docs/zz_last.rst:4: (ERROR/3) Unknown directive type \"automodule\".\n\n.. automodule:: pkg.last\n   :members:\n   :inherited-members:\n   :show-inheritance:\n")
	return b.String()
}

// The run's last error line, a repeat of an earlier one, is kept with
// the last lines that are its detail.
func TestLastFailureKeptWithTheEnd(t *testing.T) {
	text := docutilsReport(200)
	for _, limit := range []int{3000, 4000} {
		p, ok := planLog(text, limit, logOptions{})
		require.True(t, ok)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		assert.Contains(t, out, "./docs/zz_last.rst:4: (ERROR/3) Unknown directive type \"automodule\".", "limit %d", limit)
	}
}

// lastFailureLine looks only among the last defaultLogTail lines.
func TestLastFailureLine(t *testing.T) {
	lines := scanLog("a.c:1: error: boom\n" + strings.Repeat("plain line\n", defaultLogTail+2))
	assert.Equal(t, -1, lastFailureLine(lines))
	lines = scanLog("plain\na.c:1: error: boom\nplain\n")
	assert.Equal(t, 1, lastFailureLine(lines))
}
