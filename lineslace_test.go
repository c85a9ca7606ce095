package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// laceText is 400 alike lines of 40 bytes each.
func laceText() string {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "row %04d %s\n", i, strings.Repeat("x", 30))
	}
	return b.String()
}

// headLaced tells a lace (a third or more of the stretch a clip's head shows past
// the plan's head, in eight runs or more) from a plan's few finds, from a
// sparse spread, and from picks past the clip's reach.
func TestHeadLaced(t *testing.T) {
	text := laceText()
	const limit = 4000 // a clip's head reaches 3,000 bytes: line 75
	sel := func(picks ...int) *lineSel {
		s := newLineSel(text, limit, lineGaps(400))
		for i := range 10 {
			s.pick(i)
		}
		for _, i := range picks {
			s.pick(i)
		}
		return s
	}
	every := func(from, to, step int) []int {
		var out []int
		for i := from; i < to; i += step {
			out = append(out, i)
		}
		return out
	}
	for _, c := range []struct {
		name  string
		picks []int
		want  bool
	}{
		{"every other line to the clip's reach", every(12, 75, 2), true},
		{"every sixth line: too sparse", every(12, 75, 6), false},
		{"every other line, five runs", every(12, 22, 2), false},
		{"every other line past the reach", every(90, 300, 2), false},
		{"the head alone", nil, false},
	} {
		if got := headLaced(sel(c.picks...), limit); got != c.want {
			t.Errorf("%s: headLaced = %v, want %v", c.name, got, c.want)
		}
	}
}

// pahole's layouts cut by less than three times at 16,000 bytes: the
// lines of a rare type lace the stretch a clip's head shows, so the plan
// is made again with its head first, and that head reaches the first
// struct's size line past the old head's end, as a clip's does.
func TestPlanLinesHeadFirstOverALace(t *testing.T) {
	text := corpusInput(t, "plain_pahole_libasan_so_8_gcc_12_struct_layouts")
	const limit = 15600
	if !cutLittle(len(text), limit) || len(text) < 2*limit {
		t.Fatalf("%d bytes at %d: not in the band headLaced guards", len(text), limit)
	}
	p, ok := planLines(text, limit)
	if !ok {
		t.Fatal("declined")
	}
	q, ok := planLinesHead(text, limit, nil, true)
	if !ok {
		t.Fatal("head first: declined")
	}
	if render(text, p, marker{}) != render(text, q, marker{}) {
		t.Fatal("the plan over a lace is not the head-first one")
	}
	if out := render(text, p, marker{}); !strings.Contains(out, "\t/* size: 968, cachelines: 16, members: 7 */\n") {
		t.Fatal("the head stops short of the size line a clip's head shows")
	}
}

// A head-first lines plan keeps within its limit, and every kept line is
// an input line, verbatim, at the number the gap notes give it, its
// first and last among them.
func TestPlanLinesHeadFirstProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in, text, limit := drawTrace(t)
		n := len(in)
		p, ok := planLinesHead(text, limit, nil, true)
		if !ok {
			return
		}
		kept := keptWithin(t, text, p, limit, in)
		if len(kept) == 0 || kept[0] != 0 || kept[len(kept)-1] != n-1 {
			t.Fatalf("head or tail lost: kept %v", kept)
		}
	})
}

// A text of blocks planned head first keeps the whole stretch a clip's
// head shows before its block openers take their share: picked ahead of
// it, they would each cost a gap note and stop the head short of a
// clip's.
func TestPlanLinesHeadFirstBlocksAfterClipHead(t *testing.T) {
	var b strings.Builder
	for k := range 120 {
		fmt.Fprintf(&b, "struct s%03d {\n", k)
		for m := range 6 {
			fmt.Fprintf(&b, "\tint member_%d_of_%d; /* %4d 4 */\n", m, k, 4*m)
		}
		b.WriteString("};\n")
	}
	text := b.String()
	limit := len(text) * 2 / 5
	require.NotEmpty(t, blockLevels(newLineSel(text, limit, lineGaps(lineCount(text))), recordLevels(newLineSel(text, limit, lineGaps(lineCount(text))))))
	p, ok := planLinesHead(text, limit, nil, true)
	require.True(t, ok)
	out := render(text, p, marker{})
	head := text[:strings.LastIndexByte(text[:clipHeadReach(limit)], '\n')+1]
	require.True(t, strings.HasPrefix(out, head), "the head stops short of a clip's")
}
