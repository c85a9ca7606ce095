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

// nmSorted is nmTable sorted by name as nm prints it: its imports,
// which sort first, open the table in a run of short rows.
func nmSorted(rows, imports int, odd map[int]string) string {
	var undefined []int
	for i := 1; i <= imports; i++ {
		undefined = append(undefined, i)
	}
	return nmTable(rows, undefined, odd)
}

func TestBlankLedColumns(t *testing.T) {
	table := nmSorted(300, 100, nil)
	for _, c := range []struct {
		name string
		text string
		want bool
	}{
		{"imports first, then symbols", table, true},
		{"imports among the symbols", nmTable(300, []int{5, 50, 77, 120, 200, 260}, nil), true},
		{"no blank cell: one shape of line", nmTable(300, nil, nil), false},
		{"a blank line between the rows: sections", strings.Replace(table, "\n", "\n\n", 150), false},
		{"a title over the rows", "libfoo.o:\n" + table, false},
		{"short rows not under the columns", strings.ReplaceAll(table, "                 U", "     U"), false},
		{"more short rows than full ones", nmSorted(300, 200, nil), false},
		{"too few rows", nmSorted(19, 5, nil), false},
	} {
		s := newLineSel(c.text, 1<<20, gapWording{})
		assert.Equal(t, c.want, blankLedColumns(s, 0, false), c.name)
	}
}

// Split into fields, a third of nm -D's rows are of another shape than
// the rest, and the table planner declined it (the lines planner read
// only its last field, the names); read by column, it is a table, and
// its rare B and R rows are kept among its T rows.
func TestPlanTableKeepsBlankLedTableRareRows(t *testing.T) {
	text := nmSorted(600, 200, map[int]string{350: "B", 420: "R", 480: "B"})
	s := newLineSel(text, 1<<20, gapWording{})
	first, ok := tableRows(s, false)
	require.True(t, ok)
	assert.Equal(t, 0, first, "no header: every line a row")
	p, ok := planTable(text, 4000)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), 4000)
	out := render(text, p, marker{})
	for _, want := range []string{
		"                 U imported1@GLIBC_2.2.5\n", // the first row
		fmt.Sprintf("%016x B data350\n", 350*16),
		fmt.Sprintf("%016x R data420\n", 420*16),
		fmt.Sprintf("%016x B data480\n", 480*16),
		fmt.Sprintf("%016x T func600", 600*16), // the last
	} {
		assert.Contains(t, out, want)
	}
}

// blankLedColumns reads what fieldStarts finds: each field's first byte,
// as strings.Fields splits at spaces and tabs.
func TestFieldStartsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.StringOfN(rapid.SampledFrom([]rune{' ', '\t', 'a', '0', 'T', '@'}), 0, 40, -1).Draw(t, "line")
		var at [blankLedLeast]int
		k := fieldStarts(l, &at)
		var want []int
		for i := range l {
			if l[i] != ' ' && l[i] != '\t' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t') {
				want = append(want, i)
			}
		}
		want = want[:min(len(want), blankLedLeast)]
		if !slices.Equal(at[:k], want) {
			t.Fatalf("fieldStarts(%q) = %v, want %v", l, at[:k], want)
		}
		if got := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' }); min(len(got), blankLedLeast) != k {
			t.Fatalf("fieldStarts(%q) found %d fields of %d", l, k, len(got))
		}
	})
}

// A symbol table with its imports anywhere among its rows, in any
// number from one in twenty to two in five, is read as a table by column, and its
// rare rows are kept within the limit.
func TestBlankLedTableProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rows := rapid.IntRange(60, 500).Draw(t, "rows")
		imports := rapid.SliceOfNDistinct(rapid.IntRange(1, rows), rows/20+2, rows*2/5, rapid.ID[int]).Draw(t, "imports")
		rare := rapid.IntRange(1, rows).Filter(func(i int) bool { return !slices.Contains(imports, i) }).Draw(t, "rare")
		text := nmTable(rows, imports, map[int]string{rare: "B"})
		s := newLineSel(text, 1<<20, gapWording{})
		if !blankLedColumns(s, 0, false) {
			t.Fatalf("%d rows, %d imports: not read as a table", rows, len(imports))
		}
		limit := rapid.IntRange(2000, 6000).Draw(t, "limit")
		p, ok := planTable(text, limit)
		if !ok {
			return // the table fits the limit
		}
		if size := itemsSize(p.items); size > limit {
			t.Fatalf("%d bytes over a limit of %d", size, limit)
		}
		out := render(text, p, marker{})
		if want := fmt.Sprintf("%016x B data%d\n", rare*16, rare); !strings.Contains(out, want) && rare != rows {
			t.Fatalf("rare row %d lost", rare)
		}
	})
}

func FuzzBlankLedColumns(f *testing.F) {
	f.Add(nmSorted(40, 10, map[int]string{30: "B"}))
	f.Add("                 U a\n0 T b\n\n")
	f.Add("\t\t x\n")
	f.Fuzz(func(t *testing.T, text string) {
		s := newLineSel(text, 1<<20, gapWording{})
		got := blankLedColumns(s, 0, false)
		if got && s.n() < 20 {
			t.Fatalf("a table of %d lines", s.n())
		}
		if got && !blankLedColumns(s, 0, true) {
			t.Fatalf("a sample declines what the whole text accepts")
		}
	})
}

// nmRuns is an nm table of rows rows whose imports sit in runs of run
// rows starting at each line number in starts: nm sorts by name, and
// its U rows run together where their names do.
func nmRuns(rows, run int, starts ...int) string {
	var undefined []int
	for _, s := range starts {
		for i := s; i < s+run; i++ {
			undefined = append(undefined, i)
		}
	}
	return nmTable(rows, undefined, map[int]string{rows / 2: "B"}) + "\n"
}

// Routing samples a large input and declines it unscanned where the
// sample declines, so a sample must accept what the whole text does.
// Imports in runs between the sample's pieces are in the whole text's
// even spread and not in the sample: the sample does not count them,
// and the whole text, read as a table, routes so either way.
func TestBlankLedColumnsSampledAcceptsMore(t *testing.T) {
	text := nmRuns(18000, 300, 2000, 3500, 8000, 9500, 14000, 15500)
	s := defaultSampling
	s.piece = max(s.piece, DefaultMaxBytes)
	sample := takeSample(text, s)
	require.NotEmpty(t, sample, "an input the default sampling samples")
	whole := newLineSel(text, 1<<20, gapWording{})
	require.True(t, blankLedColumns(whole, 0, false), "the whole text is a blank-led table")
	part := newLineSel(sample, 1<<20, gapWording{})
	require.False(t, blankLedColumns(part, 0, false), "the sample misses the imports' runs")
	assert.True(t, blankLedColumns(part, 0, true), "a sample does not count them")
	out := ToolOutput{Tool: "Bash", Text: text}
	assert.Equal(t, StrategyTable, routeWith(t, sampling{}, out, DefaultMaxBytes))
	assert.Equal(t, StrategyTable, routeWith(t, defaultSampling, out, DefaultMaxBytes))
	// A table of full rows only is no blank-led table, sampled or not.
	flat := nmRuns(18000, 0)
	assert.False(t, blankLedColumns(newLineSel(flat, 1<<20, gapWording{}), 0, false))
	assert.Equal(t, routeWith(t, sampling{}, ToolOutput{Tool: "Bash", Text: flat}, DefaultMaxBytes),
		routeWith(t, defaultSampling, ToolOutput{Tool: "Bash", Text: flat}, DefaultMaxBytes))
}
