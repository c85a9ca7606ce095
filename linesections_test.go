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

// disassembly builds a bytecode listing of k sections, each under a
// `Disassembly of <code object fN …>:` heading after a blank line, with
// body lines of instructions.
func disassembly(k, body int) string {
	var b strings.Builder
	for i := range body {
		fmt.Fprintf(&b, "%3d %11d LOAD_CONST %15d (%d)\n", i+1, 2*i, i, i)
	}
	for f := range k {
		fmt.Fprintf(&b, "\nDisassembly of <code object f%d at 0x7f%08x, file \"m.py\", line %d>:\n", f, f*4096, 100+f*10)
		for i := range body {
			fmt.Fprintf(&b, "%3d %11d LOAD_FAST %16d (x%d)\n", 100+f*10, 2*i, i, i)
			if i%7 == 6 {
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

func TestSectionHeads(t *testing.T) {
	cases := []struct {
		name, text string
		want       []int
	}{
		{"headings after blank lines over their blocks",
			"body\n\nfirst:\n  a\n\nsecond:\n  b\n\nthird:\n  c\n  d\n  e\n  f\n", []int{2, 5, 8}},
		{"two tables under a heading each (gcc -Q --help=warnings --help=optimizers)",
			"Warnings:\n  -Wall  [enabled]\n  -Wabi  [disabled]\n  -Wcast  [disabled]\n\nOptimizers:\n  -O2  [enabled]\n  -Os  [disabled]\n  -Og  [disabled]\n", []int{0, 5}},
		{"a line followed by a comment is a record's note, no heading",
			"body\n\nzips:\n# Phony\n\nclean:\n# Phony\n\nall:\n# Phony\n  x\n  y\n  z\n", nil},
		{"alike headings name nothing new: only the first counts",
			"\nCertificate:\n  Data:\n\nCertificate:\n  Data:\n\nCertificate:\n  Data:\n  a\n  b\n  c\n  d\n", nil},
		{"no blank line before: a line of code that ends in ':'",
			"x\nif a:\n  b\nelse:\n  c\nfor x:\n  d\n  e\n  f\n  g\n  h\n  i\n", nil},
		{"too dense to be headings",
			"\na:\nb\n\nc:\nd\n\ne:\nf\n", nil},
		{"a run of '=' and a space opens a heading whatever it ends with (ruby --dump=insns)",
			"== disasm: #<ISeq:<main>@a.rb:1>\n0000 putnil\n\n== disasm: #<ISeq:f@a.rb:3>\nlocal table (size: 1)\n0000 leave\n0001 leave\n\n== disasm: #<ISeq:g@a.rb:9>\n0000 putself\n0001 leave\n0002 leave\n", []int{0, 3, 8}},
		{"'=' alone, a rule or an assignment opens no heading",
			"t\n\n=\n  a\n\n==========\n  b\n\n== = x\n  c\n\n=x y\n  d\n  e\n  f\n  g\n", nil},
		{"a comment or list mark opens no heading",
			"t\n\n# one:\n  a\n\n- two:\n  b\n\n; three:\n  c\n  d\n  e\n  f\n  g\n", nil},
		{"a line framed by two alike rule lines after a blank (go build -n's package banners)",
			"mkdir a\n\n#\n# pkg/one\n#\n\ncd x\ncompile one\n\n#\n# pkg/two\n#\n\ncompile two\nbuildid\n\n=====\nThree\n=====\nbody\n", []int{3, 10, 17}},
		{"unlike rules, no blank above, or a rule between rules frame no heading",
			"t\n\n#\n# one\n##\n\nx\n#\n# two\n#\n\n--\n--\n--\na\nb\nc\nd\ne\nf\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testLineSel(c.text)
			assert.Equal(t, c.want, sectionHeads(s))
		})
	}
}

// TestPlanLinesKeepsSectionHeadings: a bytecode listing too long for its
// budget keeps every section's heading, the middle ones included, each
// whole and in order.
func TestPlanLinesKeepsSectionHeadings(t *testing.T) {
	text := disassembly(30, 60)
	p, ok := planLines(text, 8000)
	require.True(t, ok)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	assert.LessOrEqual(t, itemsSize(p.items), 8000)
	last := -1
	for f := range 30 {
		h := fmt.Sprintf("\nDisassembly of <code object f%d at 0x7f%08x, file \"m.py\", line %d>:\n", f, f*4096, 100+f*10)
		at := strings.Index(out, h)
		require.GreaterOrEqual(t, at, 0, "heading %d lost", f)
		assert.Greater(t, at, last)
		last = at
	}
	assert.Contains(t, out, "of 30 section headings")
}

// TestPickSectionOpenings: the line under each kept heading is kept,
// none under a heading that is not, and when not all fit, those kept are
// spread over the headings, the first and the last included.
func TestPickSectionOpenings(t *testing.T) {
	text := disassembly(9, 20)
	s := newLineSel(text, len(text), lineGaps(lineCount(text)))
	heads := sectionHeads(s)
	require.Len(t, heads, 9)
	for k, i := range heads {
		if k != 4 {
			require.True(t, s.pick(i))
		}
	}
	assert.Equal(t, 8, pickSectionOpenings(s, heads, s.pick, s.limit))
	for k, i := range heads {
		assert.Equal(t, k != 4, s.isKept(i+1), "heading %d", k)
	}

	s = newLineSel(text, len(text), lineGaps(lineCount(text)))
	for _, i := range heads {
		require.True(t, s.pick(i))
	}
	to := s.used + 3*(s.cost(heads[0]+1)+s.gapCost)
	got := pickSectionOpenings(s, heads, s.pick, to)
	assert.GreaterOrEqual(t, got, 2)
	assert.Less(t, got, 9)
	assert.True(t, s.isKept(heads[0]+1), "the first heading's line")
	assert.True(t, s.isKept(heads[8]+1), "the last heading's line")
}

// TestPickSectionOpeningsSkipsColumnRows: a heading that is a row of
// columns (diff -y's `def f():` on both sides) keeps no line under it —
// that line is a row like it — while a heading of one phrase does.
func TestPickSectionOpeningsSkipsColumnRows(t *testing.T) {
	var b strings.Builder
	for f := range 6 {
		fmt.Fprintf(&b, "\ndef f%d():\t\t\t\tdef f%d():\n", f, f)
		for k := range 8 {
			fmt.Fprintf(&b, "    x = %d\t\t\t\t    x = %d\n", k, k)
		}
	}
	text := b.String()
	s := newLineSel(text, len(text), lineGaps(lineCount(text)))
	heads := sectionHeads(s)
	require.Len(t, heads, 6)
	for _, i := range heads {
		require.True(t, s.pick(i))
	}
	assert.Equal(t, 0, pickSectionOpenings(s, heads, s.pick, s.limit))
	for _, i := range heads {
		assert.False(t, s.isKept(i+1))
	}

	assert.True(t, columnRow("def f():\t\tdef f():"))
	assert.False(t, columnRow(`Disassembly of <code object f at 0x1, file "a.py", line 3>:`))
}

// TestPlanLinesKeepsSectionOpenings: where every heading fits with room
// to spare, each keeps the first line of its block (which source line
// the code object starts at), not only its name.
func TestPlanLinesKeepsSectionOpenings(t *testing.T) {
	text := disassembly(12, 60)
	p, ok := planLines(text, 8000)
	require.True(t, ok)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	for f := range 12 {
		h := fmt.Sprintf("line %d>:\n%3d %11d LOAD_FAST", 100+f*10, 100+f*10, 0)
		assert.Contains(t, out, h, "section %d's first line", f)
	}
}

// TestPlanLinesShortensTheHeadForManyHeadings: where a sectioned text's
// headings would cost more than half the room, the head takes a tenth of
// it, not a fifth — its first section is one of many, which the
// headings stand for — and the room goes to more headings; where they
// are cheap, the head keeps its fifth.
func TestPlanLinesShortensTheHeadForManyHeadings(t *testing.T) {
	headLines := func(text string, limit int) (lines, headings int) {
		p, ok := planLines(text, limit)
		require.True(t, ok)
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		return strings.Count(out[:strings.Index(out, "[…")], "\n"), strings.Count(out, "Disassembly of")
	}
	many := disassembly(40, 30)
	s := newLineSel(many, 6000, lineGaps(lineCount(many)))
	require.Greater(t, sectionHeadsCost(s, sectionHeads(s)), s.room()/2)
	lines, headings := headLines(many, 6000)
	assert.LessOrEqual(t, lines, 16, "a tenth of the room is some 600 bytes, 16 lines of 37")
	assert.Equal(t, 40, headings, "every heading fits in the room the head left")

	few := disassembly(4, 200)
	s = newLineSel(few, 6000, lineGaps(lineCount(few)))
	require.Less(t, sectionHeadsCost(s, sectionHeads(s)), s.room()/2)
	lines, _ = headLines(few, 6000)
	assert.Greater(t, lines, 24, "a fifth of the room")
}

// sectionHeads finds the headings that reading every line finds: on every
// corpus input and on texts drawn from the pieces that make or break one
// (a ':' before blanks, '\r', a blank line of spaces, a second ':', a
// line opened by "==").
func TestSectionHeadsMatchesEveryLineRead(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, text string) {
		s := newLineSel(text, len(text)+1, gapWording{})
		if got, want := sectionHeads(s), sectionHeadsReadingEveryLine(s); !slices.Equal(got, want) {
			t.Fatalf("%q: %v, want %v", text, got, want)
		}
	}
	for _, c := range loadCorpus(t) {
		check(t, c.input)
	}
	pieces := []string{"\n", " \n", "\r\n", "A:\n", "B:\r\n", "C: \n", "D:\t\n", "A:", "  body\n", "body\n", "x: y\n", "10:00:00 a\n", "# c:\n", ":", "== disasm: a\n", "==\n", "== b:\n", "=\n", "#\n", "# pkg\n", "----\n", "# a:\n",
		"    Title t\n", "      List\n", "  x  | y  \n", " a | b | c | d \n", "--+--\n", "**** T ****\n", "== W ==\r\n", "** x *\n"}
	rapid.Check(t, func(t *rapid.T) {
		check(t, strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 40).Draw(t, "pieces"), ""))
	})
}

// sectionHeadsReadingEveryLine is sectionHeads as first written, every
// line read in turn: the specification the one led by ':' is held to.
func sectionHeadsReadingEveryLine(s *lineSel) []int {
	n := s.n()
	var heads []int
	seen := map[string]bool{}
	prevBlank := true
	for i := 0; i < n; i++ {
		l := trimBlankRight(s.line(i))
		blank := l == ""
		if !blank && prevBlank && len(l) >= 2 && (l[len(l)-1] == ':' && sectionHeadStart(l[0]) || equalsHeading(l)) &&
			i+1 < n && blockOpening(s.line(i+1)) && !seen[l] {
			heads = append(heads, i)
			seen[l] = true
		}
		if prevBlank && i+1 < n && centredTitle(l, s.line(i+1)) && !seen[l] {
			heads = append(heads, i)
			seen[l] = true
		}
		if wrappedTitle(l) && !seen[l] {
			heads = append(heads, i)
			seen[l] = true
		}
		if prevBlank && i+2 < n {
			if h := trimBlankRight(s.line(i + 1)); framedHeading(l, h, trimBlankRight(s.line(i+2))) && !seen[h] {
				heads = append(heads, i+1)
				seen[h] = true
			}
		}
		prevBlank = blank
	}
	if len(heads) < sectionHeadsMin || len(heads)*sectionHeadsShare > n {
		return nil
	}
	return heads
}

// TestPickSectionOpeningsRunsToATablesFirstRow: under a heading whose
// next line is a table's header over its rule (psql's \d+), the opening
// kept is the header, the rule and the table's first row; the second row
// is not part of it.
func TestPickSectionOpeningsRunsToATablesFirstRow(t *testing.T) {
	var b strings.Builder
	for k := range 5 {
		describeSection(&b, "Index", fmt.Sprintf("pg_index_%d", k), []string{"first", "second"})
	}
	text := b.String()
	s := newLineSel(text, len(text), lineGaps(lineCount(text)))
	heads := sectionHeads(s)
	require.Len(t, heads, 5)
	for _, i := range heads {
		require.True(t, s.pick(i))
	}
	assert.Equal(t, 5, pickSectionOpenings(s, heads, s.pick, s.limit))
	for k, i := range heads {
		for j := i + 1; j <= i+3; j++ {
			assert.True(t, s.isKept(j), "heading %d: line %d %q", k, j, s.line(j))
		}
		assert.Contains(t, s.line(i+3), "first")
		assert.False(t, s.isKept(i+4), "heading %d: the second row", k)
	}
}
