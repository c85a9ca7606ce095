package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// Delimited text whose header names its columns is a table: header, rows
// sampled with their numbers, the row count; a grep over CSV files, a log
// with commas and a CSV of giant cells are not.
func TestPlanDelimitedTable(t *testing.T) {
	var csv, tsv, grep, log, giant strings.Builder
	csv.WriteString("module,version,hash\n")
	tsv.WriteString("name\tcount\n")
	giant.WriteString("package,version,files\n")
	for i := range 300 {
		fmt.Fprintf(&csv, "example.com/m%03d,v1.%d.0,h1:abcdefghijklmnop%03d=\n", i, i, i)
		fmt.Fprintf(&tsv, "row%03d of the table\t%d\n", i, i*7)
		fmt.Fprintf(&grep, "data/x.csv:%d:m%03d,v1,h1\n", i+1, i)
		fmt.Fprintf(&log, "2026-11-23 18:00:%02d,%03d INFO request %d handled, status=200\n", i%60, i, i)
		fmt.Fprintf(&giant, "pkg%d,1.0,\"%s\"\n", i, strings.Repeat("/usr/lib/x ", 300))
	}
	for name, c := range map[string]struct {
		text string
		want bool
	}{"csv": {csv.String(), true}, "tsv": {tsv.String(), true}, "grep": {grep.String(), false},
		"log": {log.String(), false}, "giant": {giant.String(), false}} {
		p, ok := planDelimitedTable(c.text, 2000)
		if ok != c.want {
			t.Errorf("%s: table %v, want %v", name, ok, c.want)
			continue
		}
		if !ok {
			continue
		}
		if itemsSize(p.items) > 2000 {
			t.Errorf("%s: %d bytes over the limit", name, itemsSize(p.items))
		}
		out := render(c.text, p, marker{})
		header := c.text[:strings.IndexByte(c.text, '\n')+1]
		if !strings.HasPrefix(out, header) || !strings.Contains(out, "rows ") || !strings.Contains(p.what, "of 300 rows") {
			t.Errorf("%s: want the header, row-numbered gaps and the row count:\n%s\n%s", name, out, p.what)
		}
	}
}
