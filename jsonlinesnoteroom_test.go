package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// A stream no key sorts into kinds (a list of rows, each with its own
// name) ends on a note that counts the dropped events alone; the room
// held for it is that count's, not the room of the kinds' counts it
// never writes, so the rows fill the limit: what the plan leaves unused
// is less than a few rows and their gap notes.
func TestJSONLinesUnsortedStreamFillsTheLimit(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(200, 2000).Draw(rt, "events")
		pad := rapid.IntRange(0, 40).Draw(rt, "pad")
		var b strings.Builder
		for k := range n {
			fmt.Fprintf(&b, `{"path":"example.org/mod/pkg%d%s","files":%d}`+"\n", k, strings.Repeat("x", pad), k%13)
		}
		text := b.String()
		limit := rapid.IntRange(2000, max(2000, len(text)/3)).Draw(rt, "limit")
		if len(text) < 3*limit {
			return
		}
		p, ok := planJSONLines(text, limit)
		require.True(rt, ok, "declined %d events at limit %d", n, limit)
		used := itemsSize(p.items)
		require.LessOrEqual(rt, used, limit)
		row := len(`{"path":"example.org/mod/pkg","files":12}`) + len(fmt.Sprint(n)) + pad + 1
		require.Less(rt, limit-used, 2*(row+len("[…99 lines omitted…]")+1)+16, "left unused at limit %d (row %d B)", limit, row)
	})
}

// droppedNoteRoom holds the count's room where no key sorts the events,
// and the kinds' counts' room where one does.
func TestDroppedNoteRoom(t *testing.T) {
	require.Equal(t, len("[…1,139 events dropped]")+2, droppedNoteRoom(1139, 0))
	require.Equal(t, droppedNoteMax+2, droppedNoteRoom(1139, 2))
}
