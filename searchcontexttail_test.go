package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// grepManyFiles writes a grep -rn -C1 output of files files of n
// matches each, long enough that not every file's first match fits a
// small limit.
func grepManyFiles(files, n int) string {
	var b strings.Builder
	for i := range files {
		f := fmt.Sprintf("crypto/internal/mod%d/impl_%d.go", i, i)
		for k := range n {
			if b.Len() > 0 {
				b.WriteString("--\n")
			}
			line := 20 + 30*k
			fmt.Fprintf(&b, "%s-%d-\tif len(src) < blockSize%d {\n", f, line-1, k)
			fmt.Fprintf(&b, "%s:%d:\t\tpanic(\"mod%d: input %d not full block\")\n", f, line, i, k)
			fmt.Fprintf(&b, "%s-%d-\t}\n", f, line+1)
		}
	}
	return b.String()
}

// A search with -C context cut by three times or more that cannot show
// every file's first match keeps what a blind clip's tail shows: the
// output's last match and the context line above it (FIPS 140's last
// `panic("crypto/aes: invalid buffer overlap")` under its condition).
// The files' first lines took that room before.
func TestSearchContextTailReserve(t *testing.T) {
	text := grepManyFiles(60, 3)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	last, above := lines[len(lines)-2], lines[len(lines)-3]
	for _, limit := range []int{2000, 3000, 4000} {
		require.Greater(t, len(text), 3*limit)
		p, ok := planSearch(text, limit, searchOptions{})
		require.True(t, ok, "limit %d", limit)
		out := render(text, p, marker{})
		require.Contains(t, out, "[also:", "limit %d: some files only listed", limit)
		require.Contains(t, out, above+"\n"+last+"\n", "limit %d", limit)
	}
}
