package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// describeSection writes one relation as psql's \d+ describes it: its
// title centred over the column header (the odd byte of centring on the
// right), a rule, rows named by names, and a footer.
func describeSection(b *strings.Builder, kind, name string, names []string) {
	header := " Column | Type    | Key? | Definition          | Storage | Stats target "
	title := kind + ` "pg_catalog.` + name + `"`
	pad := (len(header) - len(title)) / 2
	fmt.Fprintf(b, "%s%s\n%s\n", strings.Repeat(" ", pad), title, header)
	b.WriteString("--------+---------+------+---------------------+---------+--------------\n")
	for _, c := range names {
		fmt.Fprintf(b, " %-6s | integer | yes  | %-19s | plain   | \n", c, c)
	}
	fmt.Fprintf(b, "btree, for table \"pg_catalog.%s\"\n\n", name)
}

func TestCentredTitle(t *testing.T) {
	header := " Column | Type | Key? | Definition | Storage "
	cases := []struct {
		name, h, under string
		want           bool
	}{
		{"centred over the row under it", strings.Repeat(" ", 14) + "Index \"pg_am_oid\"", header, true},
		{"the odd byte of centring on the right", strings.Repeat(" ", 14) + "Index \"pg_am_oi\"", header, true},
		{"psql's title of a listing", "      List of relations", " Schema | Name | Type | Owner", true},
		{"off centre: an indented line of prose", strings.Repeat(" ", 12) + "Index \"pg_am_oid\"", header, false},
		{"too little indentation", "  Ab", " Col | x", false},
		{"a row of cells, not one phrase", "       x  | y  ", header, false},
		{"opens with a mark", "       \"pg_am_oid_x\"", header, false},
		{"the row under starts as far in", "       Index \"pg_am_oid\"", "       Column | Type | Key? | Definition | Storage ", false},
		{"the row under is no wider", "       Index \"pg_am_oid\"", "  short", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, centredTitle(c.h, c.under))
		})
	}
}

// TestSectionHeadsFindsCentredTitles: psql's \d+ of many relations is
// sectioned by their titles, each centred over its column header after
// a blank line; the first one opens the text.
func TestSectionHeadsFindsCentredTitles(t *testing.T) {
	var b strings.Builder
	for k := range 4 {
		describeSection(&b, "Index", fmt.Sprintf("pg_index_%d", k), []string{"a", "b"})
	}
	text := b.String()
	s := newLineSel(text, len(text), lineGaps(lineCount(text)))
	assert.Equal(t, []int{0, 7, 14, 21}, sectionHeads(s))
}

// TestPlanLinesKeepsCentredTitles: a describe listing of many relations
// keeps every relation's title, in order, the middle ones included,
// though a clip of the same budget keeps the first few.
func TestPlanLinesKeepsCentredTitles(t *testing.T) {
	var b strings.Builder
	cols := []string{"oid", "relname", "relkind", "relacl", "reltype", "relam", "relpages", "reltuples"}
	for k := range 30 {
		describeSection(&b, []string{"Table", "Index", "View"}[k%3], fmt.Sprintf("pg_rel_%02d", k), cols)
	}
	text := b.String()
	p, ok := planLines(text, 6000)
	require.True(t, ok)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	last := -1
	for k := range 30 {
		at := strings.Index(out, fmt.Sprintf("\"pg_catalog.pg_rel_%02d\"\n", k))
		require.GreaterOrEqual(t, at, 0, "title %d lost", k)
		assert.Greater(t, at, last)
		last = at
	}
	assert.Contains(t, out, "of 30 section headings")
}

// TestPlanLinesCentredTitlesProperties: over describe listings of any
// number of relations and rows, every kept line is an input line,
// verbatim, at the number the gap notes give it; and when the titles
// fit in a quarter of the limit, every one of them is kept.
func TestPlanLinesCentredTitlesProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		k := rapid.IntRange(2, 40).Draw(t, "relations")
		for r := range k {
			rows := rapid.SliceOfN(rapid.StringMatching(`[a-z]{1,6}`), 1, 12).Draw(t, "rows")
			describeSection(&b, rapid.SampledFrom([]string{"Table", "Index", "View"}).Draw(t, "kind"), fmt.Sprintf("rel%d", r), rows)
		}
		text := b.String()
		in := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		limit := rapid.IntRange(200, max(201, len(text)-1)).Draw(t, "limit")
		p, ok := planLines(text, limit)
		if !ok {
			return
		}
		require.LessOrEqual(t, itemsSize(p.items), limit)
		kept := renderedLines(t, render(text, p, marker{tokens: 1, what: p.what, hint: p.hint}), in)
		titles, cost := []int{}, 0
		for i, l := range in {
			if strings.Contains(l, `"pg_catalog.rel`) && strings.HasPrefix(l, "    ") {
				titles = append(titles, i)
				cost += len(l) + len("[…lines 9,999-9,999 omitted…]\n\n")
			}
		}
		if cost <= limit/4 {
			for _, i := range titles {
				if !slices.Contains(kept, i) {
					t.Fatalf("title %d %q lost though the titles fit", i+1, in[i])
				}
			}
		}
	})
}

// FuzzCentredTitle: any pair of lines is read without a panic, and a
// title found is indented, one phrase, and narrower than the row under
// it, which starts left of it.
func FuzzCentredTitle(f *testing.F) {
	f.Add("                   View \"pg_catalog.pg_cursors\"", " Column | Type | Collation | Nullable | Default | Storage | Description ")
	f.Add("      List of relations", " Schema | Name | Type | Owner")
	f.Add("    \t", "")
	f.Fuzz(func(t *testing.T, h, under string) {
		if !centredTitle(h, under) {
			return
		}
		w, _ := indentOf(h)
		uw, _ := indentOf(under)
		if w < centredTitleIndent || strings.Contains(h[w:], "  ") || len(strings.TrimRight(under, "\r\n")) <= len(h) || uw >= w {
			t.Fatalf("%q over %q read as a centred title", h, under)
		}
	})
}
