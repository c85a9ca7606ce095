package headroom

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A reserve for the output's tail is for lines after the last file's
// first: it never leaves a first line out that the plan without it shows.
// Two draws of TestPlanSearchContextProperties (seed
// 14708723807245676081), each at a limit of 64: a plain grep whose last
// file's first line did not fit after the last-match reserve (every
// match line was left out, the room unused), and a -C search whose last
// file has one match, which the tail reserve counted twice (src/f2.go's
// first line was left out).
func TestSearchReserveLeavesNoFirstLineOut(t *testing.T) {
	f0 := "src/f0.go:1:\nsrc/f0.go:3:\nsrc/f0.go:5:\nsrc/f0.go:7:\nsrc/f0.go:9:\nsrc/f0.go:11:\nsrc/f0.go:13:\n" +
		"src/f0.go:15:\nsrc/f0.go:17:\nsrc/f0.go:19:\nsrc/f0.go:21:\nsrc/f0.go:23:\nsrc/f0.go:24:\nsrc/f0.go:25:\nsrc/f0.go:27:\n"
	for _, c := range []struct{ name, text string }{
		{"plain grep", f0 + "src/f1.go:1:\nsrc/f1.go:2:\nf5.go:1:\nf5.go:2:\nf5.go:3:\n"},
		{"-C context", f0 + "src/f1.go:1:\nsrc/f1.go:2:\nsrc/f1.go-3-\nsrc/f1.go:4:\nsrc/f2.go:1:\nsrc/f3.go:1:\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			with, ok := planSearch(c.text, 64, searchOptions{})
			require.True(t, ok)
			without, ok := planSearch(c.text, 64, searchOptions{noLastReserve: true})
			require.True(t, ok)
			assert.NotEmpty(t, firstLines(c.text, with.items), "no match line shown: %q", with.what)
			assert.Equal(t, firstLines(c.text, without.items), firstLines(c.text, with.items))
		})
	}
}
