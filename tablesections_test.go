package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// unitTables writes units tables of rows rows each, as systemd-analyze
// security does: a header, rows padded into columns, and a line of prose
// closing each table with its unit's verdict.
func unitTables(units, rows int) string {
	var b strings.Builder
	for u := range units {
		b.WriteString("  NAME                      DESCRIPTION                         EXPOSURE\n")
		for r := range rows {
			fmt.Fprintf(&b, "✗ Setting%03d=               Service may do thing %03d              0.%d\n", r, r, r%10)
		}
		fmt.Fprintf(&b, "→ Overall exposure level for unit%d.service: 9.%d UNSAFE\n", u, u)
	}
	return b.String()
}

func TestTableSectionLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want []string // the lines found, trimmed
	}{
		{"closing verdicts", unitTables(3, 30), []string{
			"→ Overall exposure level for unit0.service: 9.0 UNSAFE",
			"→ Overall exposure level for unit1.service: 9.1 UNSAFE",
			"→ Overall exposure level for unit2.service: 9.2 UNSAFE",
		}},
		// a header is padded as its rows are: it repeats, it is a row
		// a row whose first cell fills its column: its next cell starts
		// where the header's column does
		{"full cell", "  NAME      DESCRIPTION\n" + strings.Repeat("✓ Short=    does a thing\n", 30) + "✓ LongName= does a thing\nthe end of it all\n", []string{"the end of it all"}},
		{"psql's count", "  id | name\n----+------\n" + strings.Repeat("  1  | alpha\n", 30) + "(30 rows)\n", []string{"(30 rows)"}},
		// CSV has no column gaps to tell a row by
		{"csv", "a,b,c\n" + strings.Repeat("1,2,3\n", 30) + "the end of it\n", nil},
		// a text of prose with a few aligned lines is no table of sections
		{"mostly prose", strings.Repeat("  a  b  c\nsome words here\n", 20), nil},
		{"no section lines", strings.Repeat("  a  b  c\n", 30), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newLineSel(tc.text, 100, gapWording{})
			var got []string
			for _, i := range tableSectionLines(s, 1, s.n()) {
				got = append(got, strings.TrimSpace(s.line(i)))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestColumnGap(t *testing.T) {
	for l, want := range map[string]bool{
		"✗ User=/DynamicUser=      Service runs as root user": true,
		"name\tvalue": true,
		"→ Overall exposure level for dbus.service: 9.6 UNSAFE": false,
		"(42 rows)": false,
	} {
		if got := columnGap(l); got != want {
			t.Errorf("columnGap(%q) = %v, want %v", l, got, want)
		}
	}
}

// TestPlanTableKeepsSectionLines: four tables read as one keep every
// unit's closing line, which an even sample of the rows would skip.
func TestPlanTableKeepsSectionLines(t *testing.T) {
	text := unitTables(4, 80)
	for _, limit := range []int{4000, 16000} {
		p, ok := planTable(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{})
		for u := range 4 {
			if want := fmt.Sprintf("→ Overall exposure level for unit%d.service: 9.%d UNSAFE\n", u, u); !strings.Contains(out, want) {
				t.Errorf("limit %d: %q lost", limit, want)
			}
		}
		if size := itemsSize(p.items); size > limit {
			t.Errorf("limit %d: %d bytes planned", limit, size)
		}
	}
}

// TestColumnGapAsTrimmedContains: the one reading agrees with the simple
// definition: l with its indentation (spaces, tabs) and its end (spaces,
// tabs, '\r') trimmed holds two spaces or a tab.
func TestColumnGapAsTrimmedContains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.StringMatching(`[ \t\r]{0,3}([a-z\r→]{0,4}[ \t\r]{0,3}){0,6}`).Draw(t, "line")
		trimmed := strings.TrimLeft(strings.TrimRight(l, " \t\r"), " \t")
		want := strings.Contains(trimmed, "  ") || strings.Contains(trimmed, "\t")
		if got := columnGap(l); got != want {
			t.Fatalf("columnGap(%q) = %v, want %v", l, got, want)
		}
	})
}

// TestFirstByteOpensFirstWord: a line's first word, when it has one,
// opens with firstByte's byte, so a row whose byte opens no lead holds
// none of them.
func TestFirstByteOpensFirstWord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.StringMatching(`[ \t\r]{0,3}([a-z\r→]{0,4}[ \t\r]{0,3}){0,4}`).Draw(t, "line")
		if w := firstWord(l); w != "" && w[0] != firstByte(l) {
			t.Fatalf("firstByte(%q) = %q, first word %q", l, firstByte(l), w)
		}
		if strings.Trim(l, " \t") == "" && firstByte(l) != 0 {
			t.Fatalf("firstByte(%q) = %q, want 0 on a blank line", l, firstByte(l))
		}
	})
}
