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

// rareTable is a header and rows of open files, one REG row a line,
// with the rows named in odd (row number to line) put in their place.
func rareTable(rows int, odd map[int]string) string {
	lines := []string{"COMMAND PID FD TYPE NAME"}
	for i := 1; i <= rows; i++ {
		if l, ok := odd[i]; ok {
			lines = append(lines, l)
			continue
		}
		lines = append(lines, fmt.Sprintf("server %d mem REG /usr/lib/lib%d.so", 100+i%3, i))
	}
	return strings.Join(lines, "\n")
}

// A category column's rare values name their rows, the rarest first;
// a column of names (every value its own) and a column of common
// values give none.
func TestRareCategoryRows(t *testing.T) {
	text := rareTable(120, map[int]string{
		90: "server 101 5u IPv4 127.0.0.1:5432 (LISTEN)",
		30: "server 100 6u unix /run/sock (LISTEN)",
		60: "server 102 7u unix /run/sock2",
	})
	s := newLineSel(text, 100000, gapWording{})
	// FD 5u, 6u, 7u are held by one row each, and their column comes
	// before TYPE (IPv4 by one row, unix by two), values in the order
	// first met: 30's 6u, 60's 7u, 90's 5u.
	assert.Equal(t, []int{30, 60, 90}, rareCategories(s, 1, s.n(), 10, tableCategories))
	assert.Equal(t, []int{30}, rareCategories(s, 1, s.n(), 1, tableCategories))
	assert.Empty(t, rareCategories(s, 1, s.n(), 0, tableCategories))
}

// The rarest value comes first, whichever its column.
func TestRareCategoryRowsRarestFirst(t *testing.T) {
	text := rareTable(200, map[int]string{
		150: "server 101 mem FIFO pipe",
		20:  "server 101 mem DIR /a",
		40:  "server 101 mem DIR /b",
	})
	s := newLineSel(text, 100000, gapWording{})
	assert.Equal(t, []int{150, 20, 40}, rareCategories(s, 1, s.n(), 3, tableCategories))
}

// A value held by more than one row in tableCategories.rareShare is not rare, and
// a table of fewer rows than tableCategories.rareShare has no rare value.
func TestRareCategoryRowsNeedRarity(t *testing.T) {
	odd := map[int]string{}
	for i := 1; i <= 10; i++ {
		odd[i*10] = "server 101 mem DIR /d" // 10 of 100: common
	}
	s := newLineSel(rareTable(100, odd), 100000, gapWording{})
	assert.Empty(t, rareCategories(s, 1, s.n(), 10, tableCategories))
	small := rareTable(tableCategories.rareShare-2, map[int]string{5: "server 101 mem DIR /d"})
	s = newLineSel(small, 100000, gapWording{})
	assert.Empty(t, rareCategories(s, 1, s.n(), 10, tableCategories))
}

// A value one row in thirty holds is rare in a table (nm's seven D
// data symbols among 276 rows).
func TestRareCategoryRowsOneInThirty(t *testing.T) {
	odd := map[int]string{}
	for i := 1; i <= 10; i++ {
		odd[i*30] = fmt.Sprintf("server 101 mem DIR /d%d", i)
	}
	s := newLineSel(rareTable(300, odd), 100000, gapWording{})
	assert.Equal(t, []int{30, 60, 90, 120, 150, 180, 210, 240, 270, 300},
		rareCategories(s, 1, s.n(), 10, tableCategories))
}

// A value few rows hold is rare only in a column one value holds a
// third of the rows of: where eight values share the rows out (ls -l's
// months), a ninth held by two rows is one more, no exception.
func TestRareCategoryRowsNeedADominantValue(t *testing.T) {
	table := func(kind func(i int) string) string {
		lines := []string{"NAME TYPE SIZE"}
		for i := 1; i <= 400; i++ {
			k := kind(i)
			if i == 100 || i == 300 {
				k = "odd"
			}
			lines = append(lines, fmt.Sprintf("file%d %s 4096", i, k))
		}
		return strings.Join(lines, "\n")
	}
	shared := newLineSel(table(func(i int) string { return fmt.Sprintf("t%d", i%8) }), 100000, gapWording{})
	assert.Empty(t, rareCategories(shared, 1, shared.n(), 10, tableCategories))
	ruled := newLineSel(table(func(i int) string {
		if i%2 == 0 {
			return "reg"
		}
		return fmt.Sprintf("t%d", i%8)
	}), 100000, gapWording{})
	assert.Equal(t, []int{100, 300}, rareCategories(ruled, 1, ruled.n(), 10, tableCategories))
}

// A column of more than tableCategories.maxValues values is names, not a category:
// its values are each rare, and none counts.
func TestRareCategoryRowsSkipNames(t *testing.T) {
	odd := map[int]string{}
	for i := 1; i <= tableCategories.maxValues+1; i++ {
		odd[i*5] = fmt.Sprintf("server 101 mem T%d /x", i)
	}
	s := newLineSel(rareTable(200, odd), 100000, gapWording{})
	assert.Empty(t, rareCategories(s, 1, s.n(), 10, tableCategories))
}

// The table planner keeps the rare rows of a long table its even
// sample would miss.
func TestPlanTableKeepsRareRows(t *testing.T) {
	text := rareTable(600, map[int]string{
		77:  "server 101 5u IPv4 127.0.0.1:5432 (LISTEN)",
		311: "server 102 9u IPv4 127.0.0.1:5432->127.0.0.1:40000 (ESTABLISHED)",
	})
	p, ok := planTable(text, 4000)
	require.True(t, ok)
	out := render(text, p, marker{})
	assert.Contains(t, out, "127.0.0.1:5432 (LISTEN)")
	assert.Contains(t, out, "(ESTABLISHED)")
	assert.LessOrEqual(t, len(out), 4000)
}

// The rare rows take the share of the picks that no numeric column's
// peaks take: 12 rare rows of a symbol table, whose addresses are no
// numbers, are all kept where an eighth of the picks kept four.
func TestPlanTableRareRowsTakeThePeaksShare(t *testing.T) {
	odd := map[int]string{}
	for i := 0; i < 12; i++ {
		odd[250+i*25] = []string{"B", "D", "R"}[i%3]
	}
	text := "ADDRESS TYPE NAME\n" + nmTable(600, nil, odd)
	p, ok := planTable(text, 4000)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), 4000)
	out := render(text, p, marker{})
	kept := 0
	for i := range odd {
		if strings.Contains(out, fmt.Sprintf("%016x %s data%d\n", i*16, odd[i], i)) {
			kept++
		}
	}
	assert.Equal(t, len(odd), kept)
}

// The rare rows take up to half of the picks: the 24 data symbols of a
// 1,200-row symbol table are all kept at 4,000 bytes, where an eighth
// of the picks and the peaks' quarter kept about a dozen and spread
// the rest of the room over functions.
func TestPlanTableRareRowsTakeHalfThePicks(t *testing.T) {
	odd := map[int]string{}
	for i := 0; i < 24; i++ {
		odd[100+i*45] = []string{"B", "D", "R"}[i%3]
	}
	text := "ADDRESS TYPE NAME\n" + nmTable(1200, nil, odd)
	p, ok := planTable(text, 4000)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), 4000)
	out := render(text, p, marker{})
	var lost []int
	for i := range odd {
		if !strings.Contains(out, fmt.Sprintf("%016x %s data%d\n", i*16, odd[i], i)) {
			lost = append(lost, i)
		}
	}
	assert.Empty(t, lost, "rare rows not kept")
	// The spread still has rows of the common value between them.
	assert.GreaterOrEqual(t, strings.Count(out, " T func"), 8)
}

func TestLeadingFields(t *testing.T) {
	var f [maxPeakColumns]string
	n := leadingFields("  a\tb   c ", &f, maxPeakColumns)
	assert.Equal(t, 3, n)
	assert.Equal(t, []string{"a", "b", "c"}, f[:n])
	assert.Equal(t, 0, leadingFields(" \t ", &f, maxPeakColumns))
	n = leadingFields("1 2 3 4 5 6 7 8 9 10", &f, maxPeakColumns)
	assert.Equal(t, maxPeakColumns, n)
	assert.Equal(t, "8", f[n-1])
	assert.Equal(t, 2, leadingFields("1 2 3 4", &f, 2))
}

func FuzzLeadingFields(f *testing.F) {
	f.Add("postgres 31054 postgres    5u     IPv4  2851426 0t0 TCP 127.0.0.1:5499 (LISTEN)")
	f.Add(" \t")
	f.Fuzz(func(t *testing.T, l string) {
		var fs [maxPeakColumns]string
		upto := len(l) % (maxPeakColumns + 2)
		n := leadingFields(l, &fs, upto)
		want := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' })
		want = want[:min(len(want), maxPeakColumns, upto)]
		if !slices.Equal(fs[:n], want) {
			t.Fatalf("fields %q of %q, want %q", fs[:n], l, want)
		}
	})
}

// A row holding rare values in two columns comes back once, under the
// rarer value; each value's rows are capped by the reading's perValue;
// every value's first row comes before any value's second.
func TestRareCategoriesRowOnceAndPerValue(t *testing.T) {
	text := rareTable(200, map[int]string{
		70:  "server 101 9u FIFO pipe",
		120: "server 101 mem FIFO pipe2",
		10:  "server 101 mem DIR /a",
		20:  "server 101 mem DIR /b",
		30:  "server 101 mem DIR /c",
	})
	s := newLineSel(text, 100000, gapWording{})
	// 9u (one row) first, then FIFO's first (70 again) and DIR's first,
	// then FIFO's second and DIR's second, then DIR's third.
	assert.Equal(t, []int{70, 10, 120, 20, 30}, rareCategories(s, 1, s.n(), 10, tableCategories))
	capped := tableCategories
	capped.perValue = 2
	assert.Equal(t, []int{70, 10, 120, 20}, rareCategories(s, 1, s.n(), 10, capped))
	// Three picks: each value's first row before a second of any.
	assert.Equal(t, []int{70, 10, 120}, rareCategories(s, 1, s.n(), 3, tableCategories))
}

// nmTable is nm -D's rows: an address, a type and a name, most of type
// T, with undefined symbols (no address, so two fields) at each line
// number in undefined and the types named in odd at their line numbers.
func nmTable(rows int, undefined []int, odd map[int]string) string {
	var lines []string
	for i := 1; i <= rows; i++ {
		switch {
		case slices.Contains(undefined, i):
			lines = append(lines, fmt.Sprintf("                 U imported%d@GLIBC_2.2.5", i))
		case odd[i] != "":
			lines = append(lines, fmt.Sprintf("%016x %s data%d", i*16, odd[i], i))
		default:
			lines = append(lines, fmt.Sprintf("%016x T func%d", i*16, i))
		}
	}
	return strings.Join(lines, "\n")
}

// A row of fewer fields than most rows have is missing one: nm's
// undefined symbols put their names under the types, which would make
// the type column one of names. Such rows are not read, and the type
// column's rare D and B rows still name themselves.
func TestRareCategoryRowsSkipShortRows(t *testing.T) {
	var undefined []int
	for i := 3; i <= 300; i += 7 {
		undefined = append(undefined, i) // 43 imports, more than maxValues names
	}
	text := nmTable(300, undefined, map[int]string{100: "D", 200: "B", 250: "D"})
	s := newLineSel(text, 100000, gapWording{})
	// 0-based: line 100 is row 99. B (one row) first, then D's two.
	assert.Equal(t, []int{199, 99, 249}, rareCategories(s, 0, s.n(), 10, tableCategories))
	// Read with the short rows as rows, the type column holds the 43
	// import names and is no category: the rule is what finds them.
	require.Greater(t, len(undefined), tableCategories.maxValues)
	assert.Equal(t, 3, usualFieldCount(s, 0, s.n(), maxPeakColumns))
}

// The usual field count is read over the whole range, not its first
// lines: a table sorted by name may open with hundreds of short rows.
func TestUsualFieldCountSpread(t *testing.T) {
	var lines []string
	for i := 0; i < 400; i++ {
		lines = append(lines, fmt.Sprintf("   U import%d", i))
	}
	for i := 0; i < 600; i++ {
		lines = append(lines, fmt.Sprintf("%016x T func%d", i, i))
	}
	s := newLineSel(strings.Join(lines, "\n"), 1000000, gapWording{})
	assert.Equal(t, 3, usualFieldCount(s, 0, s.n(), maxPeakColumns))
	assert.Equal(t, 2, usualFieldCount(s, 0, 300, maxPeakColumns))
	assert.Equal(t, 2, usualFieldCount(s, 0, s.n(), 2), "capped at cols")
	assert.Equal(t, 0, usualFieldCount(s, 5, 5, maxPeakColumns), "no lines")
}

// rareCategories returns at most k rows, each once, all in [from, to),
// and fewer picks are a prefix of more: the order does not depend on k.
func TestRareCategoriesProperties(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		rows := rapid.IntRange(50, 300).Draw(rt, "rows")
		kinds := rapid.SampledFrom([][]string{{"REG"}, {"REG", "DIR"}, {"REG", "REG", "REG", "DIR", "FIFO"}}).Draw(rt, "kinds")
		odd := map[int]string{}
		for _, i := range rapid.SliceOfN(rapid.IntRange(1, rows), 0, 12).Draw(rt, "odd") {
			fd := rapid.SampledFrom([]string{"mem", "txt", "5u"}).Draw(rt, "fd")
			odd[i] = fmt.Sprintf("server %d %s %s /x%d", 100+i%2, fd, kinds[i%len(kinds)], i)
		}
		s := newLineSel(rareTable(rows, odd), 1<<20, gapWording{})
		from := rapid.IntRange(0, 10).Draw(rt, "from")
		k := rapid.IntRange(0, 20).Draw(rt, "k")
		got := rareCategories(s, from, s.n(), k, tableCategories)
		if len(got) > k {
			rt.Fatalf("%d rows for k=%d", len(got), k)
		}
		seen := map[int]bool{}
		for _, i := range got {
			if i < from || i >= s.n() || seen[i] {
				rt.Fatalf("row %d out of [%d, %d) or twice: %v", i, from, s.n(), got)
			}
			seen[i] = true
		}
		more := rareCategories(s, from, s.n(), k+5, tableCategories)
		if !slices.Equal(got, more[:min(len(more), len(got))]) || len(more) < len(got) {
			rt.Fatalf("k=%d gives %v, k=%d gives %v: not a prefix", k, got, k+5, more)
		}
	})
}

// TestLeadingFieldsSplitsAsFieldsFunc: the eight-bytes-at-a-time split
// agrees with the simple definition, strings.FieldsFunc at ' ' and '\t'
// cut to upto fields, on lines of words, runs of separators, '\r' and
// bytes over 0x7f, of every length around a word's eight bytes.
func TestLeadingFieldsSplitsAsFieldsFunc(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.StringMatching(`[ \t]{0,3}([a-z0-9é\r]{0,11}[ \t]{1,4}){0,10}[a-z\r]{0,9}`).Draw(t, "line")
		upto := rapid.IntRange(-1, maxPeakColumns+1).Draw(t, "upto")
		var f [maxPeakColumns]string
		n := leadingFields(l, &f, upto)
		want := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' })
		want = want[:max(0, min(len(want), maxPeakColumns, upto))]
		if !slices.Equal(f[:n], want) {
			t.Fatalf("fields %q of %q (upto %d), want %q", f[:n], l, upto, want)
		}
	})
}

// TestCountCategoryAsFirstSeen: countCategory counts every value, in
// the order values first appear, with its first keep rows, as a count by
// a map and a list of first appearances does, and says where the value
// is (where rareCategories counts the next row of a run of it).
func TestCountCategoryAsFirstSeen(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vals := rapid.SliceOfN(rapid.SampledFrom([]string{"root", "roo", "rootx", "dev", "", "LISTEN"}), 1, 60).Draw(t, "values")
		keep := rapid.IntRange(1, 4).Draw(t, "keep")
		var vs []category
		counts := map[string]int{}
		rows := map[string][]int{}
		var order []string
		for i, v := range vals {
			var at int
			vs, at = countCategory(vs, v, i, keep)
			if vs[at].value != v {
				t.Fatalf("row %d: at %d holds %q, want %q", i, at, vs[at].value, v)
			}
			if counts[v] == 0 {
				order = append(order, v)
			}
			counts[v]++
			if len(rows[v]) < keep {
				rows[v] = append(rows[v], i)
			}
		}
		if len(vs) != len(order) {
			t.Fatalf("%d values, want %d", len(vs), len(order))
		}
		for j, v := range order {
			if vs[j].value != v || vs[j].count != counts[v] || !slices.Equal(vs[j].rows, rows[v]) {
				t.Fatalf("value %d: %+v, want %q ×%d rows %v", j, vs[j], v, counts[v], rows[v])
			}
		}
	})
}
