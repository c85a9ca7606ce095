package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// beamBlocks builds an erlc -S-like listing of k functions, each a
// margin line over its indented, alike rows, blank lines between.
func beamBlocks(k int) string {
	var b strings.Builder
	b.WriteString("{module, m}.  %% version = 0\n\n{labels, 9}.\n\n")
	for f := range k {
		fmt.Fprintf(&b, "\n{function, fun%03d, 2, %d}.\n  {label,%d}.\n    {line,[{location,\"m.erl\",%d}]}.\n", f, 2*f+2, 2*f+1, 10*f)
		for i := range 8 {
			fmt.Fprintf(&b, "    {move,{x,%d},{y,0}}.\n", i)
		}
		b.WriteString("    return.\n")
	}
	return b.String()
}

func TestBlockHeads(t *testing.T) {
	cases := []struct {
		name, text string
		want       []int
	}{
		{"margin lines after a blank line over indented blocks",
			"a\n  1\n\nb\n  2\n\nc\n  3\n\nd\n  4\n  5\n  6\n", []int{0, 3, 6, 9}},
		{"a bare bracket names no block",
			"{\n  1\n\n{\n  2\n\n{\n  3\n\n{\n  4\n  5\n  6\n", nil},
		{"alike openers name nothing new (openssl's Certificate:)",
			"Certificate:\n  1\n\nCertificate:\n  2\n\nCertificate:\n  3\n\nCertificate:\n  4\n  5\n  6\n", nil},
		{"a margin line not after a blank line opens no block",
			"a\n  1\nb\n  2\nc\n  3\nd\n  4\n  5\n  6\n", nil},
		{"too few", "a\n  1\n\nb\n  2\n\nc\n  3\n", nil},
		{"a comment at the margin opens no block",
			"# a\n  1\n\n# b\n  2\n\n# c\n  3\n\n# d\n  4\n  5\n  6\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testLineSel(c.text)
			assert.Equal(t, c.want, blockHeads(s))
		})
	}
}

// TestPlanLinesOpensBlocksSpread: 120 alike BEAM functions at 16,000
// bytes keep openers with their label and location spread over the
// whole text, a third of them or more and some in each third, where a
// clip keeps the first and last few.
func TestPlanLinesOpensBlocksSpread(t *testing.T) {
	const k = 120
	text := beamBlocks(k)
	require.Greater(t, len(text), 2*16000)
	p, ok := planLines(text, 16000)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), 16000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	var thirds [3]int
	for f := range k {
		if strings.Contains(out, fmt.Sprintf("{function, fun%03d, 2, %d}.\n  {label,%d}.\n    {line,", f, 2*f+2, 2*f+1)) {
			thirds[3*f/k]++
		}
	}
	assert.GreaterOrEqual(t, thirds[0]+thirds[1]+thirds[2], k/3, "openers kept by third: %v", thirds)
	for i, c := range thirds {
		assert.Greater(t, c, k/12, "third %d: %v", i, thirds)
	}
}

// TestPlanLinesBlockHeadsProperties: on a text of blocks, the plan holds its limit, and every kept line is an input line,
// verbatim, at the number the gap notes give it.
func TestPlanLinesBlockHeadsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(1, 120).Draw(t, "blocks")
		text := beamBlocks(k)
		checkLinesPlanWithin(t, text)
	})
}

func FuzzBlockHeads(f *testing.F) {
	f.Add(beamBlocks(5))
	f.Add("a {\n}\n{\n\n}\nb\n c")
	f.Fuzz(func(t *testing.T, text string) {
		s := testLineSel(text)
		heads := blockHeads(s)
		for k, i := range heads {
			if i < 0 || i >= s.n() || k > 0 && i <= heads[k-1] {
				t.Fatalf("line %d out of order or range (%d lines): %v", i, s.n(), heads)
			}
		}
	})
}

// A block is priced at its lines and one gap note, not a note per line:
// the share that holds ten blocks keeps ten, spread evenly, not the four
// a note per line would allow.
func TestPickBlockHeadsPricesOneNotePerBlock(t *testing.T) {
	text := beamBlocks(60)
	s := newLineSel(text, 1<<20, lineGaps(strings.Count(text, "\n")+1))
	heads := blockHeads(s)
	require.Len(t, heads, 60)
	one := s.gapCost
	for j := heads[0]; j < blockLines(s, heads[0]); j++ {
		one += s.size(j)
	}
	kept := pickBlockHeads(s, heads, s.pick, s.used+10*one)
	assert.GreaterOrEqual(t, kept, 9, "blocks kept in the room of ten")
	assert.LessOrEqual(t, s.used, 10*one, "over the share")
}

func TestClosesBlock(t *testing.T) {
	for l, want := range map[string]bool{
		"};\n": true, "\t}\n": true, "} __attribute__((packed));\n": true, "  ]\n": true, "  ),\n": true,
		"struct a {\n": false, "\tint x; /* } */\n": false, "\n": false,
	} {
		assert.Equal(t, want, closesBlock(l, indentWidth(l)), "%q", l)
	}
}

func TestWithBlockLines(t *testing.T) {
	text := "head\nlibfoo\n  Depends: libc6\n  Depends: libbar\n  Depends: libbaz\n" +
		"plain line\nnext plain\nlibqux\n  Depends: libc6\nlast\n"
	cases := []struct {
		name   string
		blocks []int
		at     int
		want   []int
	}{
		{"an opener keeps its block's first two lines", []int{1, 7}, 1, []int{1, 2, 3}},
		{"up to the next line no deeper", []int{1, 7}, 7, []int{7, 8}},
		{"a line that opens no block is kept alone", []int{1, 7}, 5, []int{5}},
		{"no blocks: pick alone", nil, 1, []int{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newLineSel(text, 1000, lineGaps(10))
			pick := withBlockLines(s, c.blocks, func(i int) bool { return s.pick(i) })
			require.True(t, pick(c.at))
			var kept []int
			for i := range s.n() {
				if s.isKept(i) {
					kept = append(kept, i)
				}
			}
			assert.Equal(t, c.want, kept)
		})
	}
}
