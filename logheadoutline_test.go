package headroom

import (
	"fmt"
	"strings"
	"testing"
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
