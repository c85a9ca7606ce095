package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A head that a long indented list fills keeps the line in the first
// column after the list (the build's first step), as a clip's head would;
// a head whose own lines fit in order is kept in order.
func TestPickHeadPassesOverList(t *testing.T) {
	var b strings.Builder
	b.WriteString("<no location info>: warning: [-Wmissing-home-modules]\n    Modules are not listed in command line but needed for compilation:\n")
	for i := range 15 {
		fmt.Fprintf(&b, "        Data.Module.Number%d\n", i)
	}
	b.WriteString("[ 1 of 40] Compiling Data.First ( Data/First.hs, out/Data/First.o )\n\n")
	for i := range 60 {
		fmt.Fprintf(&b, "Data/M%d.hs:%d:1: warning: [-Wkind%d]\n    something about M%d is off here\n\n", i, i+1, i%7, i)
	}
	b.WriteString("Data/Last.hs:280:10: error:\n    • Couldn't match type ‘n’ with ‘Int’\n")
	text := b.String()
	p, ok := planLog(text, 4000, logOptions{})
	if !ok {
		t.Fatal("planLog declined")
	}
	out := render(text, p, marker{})
	for _, want := range []string{"[ 1 of 40] Compiling Data.First", "<no location info>: warning: [-Wmissing-home-modules]", "Data/Last.hs:280:10: error:"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q not kept:\n%s", want, out)
		}
	}

	lines := scanLog(text)
	sel := newLogSelection(text, lines, nil, nil, nil, 4000, 500)
	if !sel.headStopsInList(250) {
		t.Fatal("a head stopping inside its list is not seen")
	}
	if sel.headStopsInList(40) {
		t.Fatal("a head stopping at its first line is taken for a list")
	}
}

// A head whose share holds the whole list but not the line in the first
// column after it (GHC's `[ 1 of 17] Compiling` line at 12,000 bytes)
// stops there too, and keeps that line.
func TestPickHeadStopsAfterList(t *testing.T) {
	var b strings.Builder
	b.WriteString("<no location info>: warning: [-Wmissing-home-modules]\n    Modules are not listed in command line but needed for compilation:\n")
	for i := range 15 {
		fmt.Fprintf(&b, "        Data.Module.Number%d\n", i)
	}
	b.WriteString("[ 1 of 40] Compiling Data.First ( Data/First.hs, /home/dev/build/output/directory/Data/First.o )\n\n")
	text := b.String()
	lines := scanLog(text)
	listEnd := strings.Index(text, "[ 1 of 40]")
	sel := newLogSelection(text, lines, nil, nil, nil, 12000, 500)
	require.True(t, sel.headStopsInList(listEnd+20), "a head stopping at the line after its list")
	require.False(t, sel.headStopsInList(len(text)+100), "a head that holds it all")
	sel.pickHead(listEnd + 20)
	require.True(t, sel.kept(17), "the line after the list")
}
