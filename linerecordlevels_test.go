package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// flagRecords builds a `node --v8-options`-like help of k flags: a
// banner, then each flag a `  --name (description)` line over its
// 8-space `type: … default: …` line, no blank line between records.
func flagRecords(k int) string {
	var b strings.Builder
	b.WriteString("SSE3=1 SSSE3=1 AVX=1\nThe following syntax for options is accepted:\n  --flag        (bool flags only)\n  --no-flag     (bool flags only)\n\nOptions:\n")
	for f := range k {
		fmt.Fprintf(&b, "  --flag-%03d (what flag %d does, described at some length so that a record costs bytes)\n", f, f)
		fmt.Fprintf(&b, "        type: bool  default: --no-flag-%03d\n", f)
	}
	return b.String()
}

func TestRecordLevels(t *testing.T) {
	cases := []struct {
		name, text string
		want       [][]int
	}{
		{"margin lines over indented lines, no blank line between",
			"a\n  1\nb\n  2\nc\n  3\nd\n  4\n  5\n  6\n", [][]int{{0, 2, 4, 6}}},
		{"openers indented under a title (V8's flags)",
			"Options:\n  --a (x)\n      type: bool\n  --b (y)\n      type: int\n  --c (z)\n      type: bool\n  --d (w)\n      type: bool\n",
			[][]int{{1, 3, 5, 7}}},
		{"tab-indented rows under `path:` lines (ldd)",
			"/bin/a:\n\tlibc.so\n/bin/b:\n\tlibc.so\n\tlibm.so\n/bin/c:\n\tstatically linked\n/bin/d:\n\tlibc.so\n",
			[][]int{{0, 2, 5, 7}}},
		{"two levels: files over subroutines over rows (perl -MO=Xref)",
			"File a\n  Sub a1\n    $x 1\n  Sub a2\n    $y 2\nFile b\n  Sub b1\n    $x 3\n  Sub b2\n    $z 4\nFile c\n  Sub c1\n    $x 5\nFile d\n  Sub d1\n    $w 6\n",
			[][]int{{0, 5, 10, 13}, {1, 3, 6, 8, 11, 14}}},
		{"blocks closed by a bracket at the margin (pahole's `};`): the closers stand at no level",
			"struct a {\n\tint x;\n\tint y;\n};\nstruct b {\n\tint x;\n};\nstruct c {\n\tlong z;\n} __attribute__((packed));\nstruct d {\n\tchar *p;\n};\n",
			[][]int{{0, 4, 7, 10}}},
		{"short openers indented by a tab, eight columns in one byte",
			"x\n\ta\n\t\t1\n\tb\n\t\t2\n\tc\n\t\t3\n\td\n\t\t4\n", [][]int{{1, 3, 5, 7}}},
		{"alike openers name nothing new",
			"Certificate:\n  1\nCertificate:\n  2\nCertificate:\n  3\nCertificate:\n  4\n", nil},
		{"most lines at the level open nothing (code)",
			"if a {\n  x\n}\ny\nz\nw\nif b {\n  x\n}\nv\nu\nt\nif c {\n  x\n}\ns\nr\nif d {\n  x\n}\n", nil},
		{"more lines above the level than openers: not records",
			"t1\nt2\nt3\nt4\nt5\n  a\n    1\n  b\n    2\n  c\n    3\n  d\n    4\n", nil},
		{"a definition list after paragraphs of prose at its indentation (lynx -dump)",
			"Title\n\n   Prose that runs on\n   over three lines\n   of the paragraph.\n\n   A second paragraph\n   of prose.\n\n" +
				"   root\n          The superuser.\n\n   daemon\n          Daemons run as it.\n\n   bin\n          Legacy.\n\n   sys\n          Legacy too.\n\n" +
				"   sync\n          Syncs.\n\n   games\n          High scores.\n",
			[][]int{{9, 12, 15, 18, 21, 24}}},
		{"a nesting step of two columns is no definition's hanging indent (javap's methods)",
			"  A paragraph\n  of prose\n  over three lines.\n\n" +
				"  void a();\n    x1\n\n  void b();\n    x2\n\n  void c();\n    x3\n\n  void d();\n    x4\n\n  void e();\n    x5\n\n  void f();\n    x6\n",
			nil},
		{"a term parted from its definition by a blank line opens none (a heading over its section)",
			"   A paragraph\n   of prose\n   over three lines.\n\n" +
				"   root\n\n          The superuser.\n\n   daemon\n\n          Daemons.\n\n   bin\n\n          Legacy.\n\n" +
				"   sys\n\n          Legacy too.\n\n   sync\n\n          Syncs.\n\n   games\n\n          Scores.\n",
			nil},
		{"paragraphs of prose open nothing however many lines they hold",
			"   One paragraph\n   of prose.\n\n   Another\n   of prose.\n\n   A third\n   of prose.\n\n   A fourth\n   of prose.\n", nil},
		{"too few", "a\n  1\nb\n  2\nc\n  3\n", nil},
		{"a comment opens no record", "# a\n  1\n# b\n  2\n# c\n  3\n# d\n  4\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testLineSel(c.text)
			assert.Equal(t, c.want, recordLevels(s))
		})
	}
}

// TestBlockLinesStopAtNextOpener: an opener is kept with the lines under
// it, not with the next record's opener when no blank line parts them.
func TestBlockLinesStopAtNextOpener(t *testing.T) {
	text := "a\n  1\nb\n  2\n  3\n  4\n"
	s := testLineSel(text)
	assert.Equal(t, 2, blockLines(s, 0))
	assert.Equal(t, 5, blockLines(s, 2))
}

// TestPlanLinesFlagRecordsSpread: 600 V8-like flag records at 16,000
// bytes keep flags with their type line spread over the whole text,
// some in each third, where the lines planner kept only the head, the
// tail and lines of a rare shape.
func TestPlanLinesFlagRecordsSpread(t *testing.T) {
	const k = 600
	text := flagRecords(k)
	p, ok := planLines(text, 16000)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), 16000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	var thirds [3]int
	for f := range k {
		if strings.Contains(out, fmt.Sprintf("  --flag-%03d (what flag %d does, described at some length so that a record costs bytes)\n        type: bool  default: --no-flag-%03d\n", f, f, f)) {
			thirds[3*f/k]++
		}
	}
	for i, c := range thirds {
		assert.Greater(t, c, 4, "third %d: %v", i, thirds)
	}
	assert.Contains(t, p.what, "block openers")
}

// TestPlanLinesRecordLevelsProperties: on records with no blank line
// between them, the plan holds its limit, and every kept line is an
// input line, verbatim, at the number the gap notes give it.
func TestPlanLinesRecordLevelsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(1, 400).Draw(t, "records")
		text := flagRecords(k)
		checkLinesPlanWithin(t, text)
	})
}

func FuzzRecordLevels(f *testing.F) {
	f.Add(flagRecords(6))
	f.Add("File a\n  Sub a1\n    $x 1\n\tb\n \t c\n")
	f.Fuzz(func(t *testing.T, text string) {
		s := testLineSel(text)
		levels := recordLevels(s)
		if len(levels) > recordLevelsMax {
			t.Fatalf("%d levels", len(levels))
		}
		for _, heads := range levels {
			if len(heads) < blockHeadsMin {
				t.Fatalf("a level of %d openers: %v", len(heads), levels)
			}
			for k, i := range heads {
				if i < 0 || i >= s.n() || k > 0 && i <= heads[k-1] {
					t.Fatalf("line %d out of order or range (%d lines): %v", i, s.n(), heads)
				}
				if e := blockLines(s, i); e <= i || e > s.n() {
					t.Fatalf("block of line %d ends at %d (%d lines)", i, e, s.n())
				}
			}
		}
	})
}
