package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// grepCarryFurther writes a grep -rn -C1 output of files matches each
// of n matches, every file's first match ending unfinished on `,` with
// its subject on the context line after it, the others finished.
func grepCarryFurther(files, n int) string {
	var b strings.Builder
	for i := range files {
		f := fmt.Sprintf("internal/pkg%d/file.go", i)
		for k := range n {
			if b.Len() > 0 {
				b.WriteString("--\n")
			}
			line := 10 + 20*k
			fmt.Fprintf(&b, "%s-%d-\tif err != nil {\n", f, line-1)
			if k == 0 {
				fmt.Fprintf(&b, "%s:%d:\t\treturn fmt.Errorf(\"could not locate file %d: %%s\",\n", f, line, i)
				fmt.Fprintf(&b, "%s-%d-\t\t\tsubject%d)\n", f, line+1, i)
				continue
			}
			fmt.Fprintf(&b, "%s:%d:\t\treturn fmt.Errorf(\"step %d of file %d failed: %%w\", err)\n", f, line, k, i)
			fmt.Fprintf(&b, "%s-%d-\t}\n", f, line+1)
		}
	}
	return b.String()
}

// When every file's first match fits but further matches do not, a first
// match that ends unfinished shows with the line it carries (cmd/go's
// `return fmt.Errorf("…: %s",` over `cfg.GoPathError)`): further matches
// took that room before.
func TestSearchCarryFurther(t *testing.T) {
	text := grepCarryFurther(12, 8)
	for _, limit := range []int{3000, 4000, 6000} {
		p, ok := planSearch(text, limit, searchOptions{})
		require.True(t, ok, "limit %d", limit)
		out := render(text, p, marker{})
		require.LessOrEqual(t, len(out), limit+plannerReserve(len(text)))
		shownFirst := 0
		for i := range 12 {
			first := fmt.Sprintf("internal/pkg%d/file.go:10:", i)
			if !strings.Contains(out, first) {
				continue
			}
			shownFirst++
			require.Contains(t, out, fmt.Sprintf("internal/pkg%d/file.go-11-\t\t\tsubject%d)\n", i, i), "limit %d", limit)
		}
		require.Equal(t, 12, shownFirst, "limit %d: every file's first match shown", limit)
	}
}
