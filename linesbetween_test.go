package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// TestLinesKeepTheItemRowsAroundAFailure: a failure among 600 alike item
// rows that names its item only by a shortened suffix keeps the rows
// either side, which say which item it was.
func TestLinesKeepTheItemRowsAroundAFailure(t *testing.T) {
	var b strings.Builder
	for i := range 600 {
		if i == 290 {
			b.WriteString("ata_0290.dat : Decoding error (36) : Data corruption detected\n")
		}
		fmt.Fprintf(&b, "pkg/d%02d/data_%04d.dat: %d bytes\n", i/40, i, 1000+i*37%900)
	}
	text := b.String()
	above, below := "pkg/d07/data_0289.dat: ", "pkg/d07/data_0290.dat: "
	for _, limit := range []int{4000, 8000} {
		p, ok := planLines(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{})
		i := strings.Index(out, "ata_0290.dat : Decoding error")
		if i < 0 {
			t.Fatalf("limit %d: the failure lost:\n%s", limit, out)
		}
		_, after, _ := strings.Cut(out[i:], "\n")
		if !strings.HasPrefix(after, below) {
			t.Errorf("limit %d: the row below the failure lost:\n%s", limit, out)
		}
		if prev := out[strings.LastIndex(out[:i-1], "\n")+1 : i]; !strings.HasPrefix(prev, above) {
			t.Errorf("limit %d: the row above the failure lost:\n%s", limit, out)
		}
		if !strings.Contains(p.what, "2 item rows around them") {
			t.Errorf("limit %d: the marker does not count the item rows: %s", limit, p.what)
		}
	}
}

func TestBetweenItemRows(t *testing.T) {
	text := "a/b.txt: 12 bytes\nb.txt : Decoding error\na/c.txt: 9 bytes\n" +
		"header\nerror: x\na/d.txt: 3 bytes\n" +
		"a/e.txt: error reading\nerror: y\na/f.txt: 4 bytes\n"
	s := newLineSel(text, 1000, gapWording{})
	for i, want := range []bool{false, true, false, false, false, false, false, false, false} {
		if got := betweenItemRows(s, i); got != want {
			t.Errorf("betweenItemRows(line %d %q) = %v, want %v", i, s.line(i), got, want)
		}
	}
}
