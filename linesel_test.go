package headroom

import (
	"slices"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

// The wordings the line planners give lineSel each measure a note
// without writing it, and that length is the note's; no note is longer
// than the wording's bound.
func TestGapWordingsMeasureTheirNotes(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 5_000_000).Draw(rt, "n")
		first := rapid.IntRange(0, min(5, n-1)).Draw(rt, "first")
		from := rapid.IntRange(first, n-1).Draw(rt, "from")
		to := rapid.IntRange(from+1, n).Draw(rt, "to")
		for name, w := range map[string]gapWording{"line": lineGaps(n), "row": rowGaps(first, n-first),
			"count": countGaps(n), "numbered": numberedGaps(), "outline": outlineGaps(n)} {
			if w.size == nil {
				rt.Fatalf("%s: no length function: every pick would write three notes to price them", name)
			}
			note := w.note(from, to)
			if got := w.size(from, to); got != len(note) {
				rt.Fatalf("%s [%d,%d): length %d, note %q is %d", name, from, to, got, note, len(note))
			}
			if len(note) > w.max {
				rt.Fatalf("%s [%d,%d): note %q over the bound %d", name, from, to, note, w.max)
			}
		}
	})
}

// Whatever is picked, in whatever order, the selection's bill is exactly
// what it renders to, and never over its limit.
func TestLineSelBillIsExact(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		lines := rapid.SliceOfN(rapid.StringMatching(`[a-z ]{0,40}`), 1, 300).Draw(rt, "lines")
		text := strings.Join(lines, "\n")
		if rapid.Bool().Draw(rt, "eol") {
			text += "\n"
		}
		limit := rapid.IntRange(0, len(text)+200).Draw(rt, "limit")
		gaps := lineGaps(len(lines))
		if rapid.Bool().Draw(rt, "slow") {
			gaps.size = nil // every note written to be measured
		}
		s := newLineSel(text, limit, gaps)
		for _, i := range rapid.SliceOf(rapid.IntRange(0, len(lines)-1)).Draw(rt, "picks") {
			switch rapid.IntRange(0, 2).Draw(rt, "how") {
			case 0:
				s.pick(i)
			case 1:
				s.pickCapped(i, rapid.IntRange(0, 30).Draw(rt, "cap"))
			default:
				s.pickEnds(i, 5, 5)
			}
			items, _ := s.items()
			if got := itemsSize(items); got != s.used {
				rt.Fatalf("bill %d, renders to %d", s.used, got)
			}
			if s.kept() > 0 && s.used > limit {
				rt.Fatalf("bill %d over limit %d", s.used, limit)
			}
		}
	})
}

// isKept, prevKept and nextKept find what a plain scan of the kept lines
// finds, across the summary words of long texts.
func TestKeptNeighboursMatchScan(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 20000).Draw(rt, "n")
		s := newLineSel(strings.Repeat("x\n", n), 1<<30, lineGaps(n))
		kept := make([]bool, n)
		for _, i := range rapid.SliceOfN(rapid.IntRange(0, n-1), 0, 20).Draw(rt, "kept") {
			if !kept[i] {
				s.setKept(i)
				kept[i] = true
			}
		}
		for _, i := range rapid.SliceOfN(rapid.IntRange(0, n-1), 1, 20).Draw(rt, "probes") {
			if s.isKept(i) != kept[i] {
				rt.Fatalf("isKept(%d) = %v, want %v", i, s.isKept(i), kept[i])
			}
			prev, next := -1, n
			for j := i - 1; j >= 0; j-- {
				if kept[j] {
					prev = j
					break
				}
			}
			for j := i + 1; j < n; j++ {
				if kept[j] {
					next = j
					break
				}
			}
			if got := s.prevKept(i); got != prev {
				rt.Fatalf("prevKept(%d) = %d, want %d", i, got, prev)
			}
			if got := s.nextKept(i); got != next {
				rt.Fatalf("nextKept(%d) = %d, want %d", i, got, next)
			}
		}
	})
}

func TestCommasLen(t *testing.T) {
	for _, n := range []int{0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 9999999, 10000000, 123456789, 1 << 40} {
		if got, want := commasLen(n), len(txt.Commas(n)); got != want {
			t.Errorf("commasLen(%d) = %d, want %d", n, got, want)
		}
	}
}

// The four-byte line index and the wide one a text over 4 GiB gets agree
// with each other and with a plain split, for any text.
func TestLineStartsAgree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringOf(rapid.SampledFrom([]rune{'a', '\n', 'é', '\r'})).Draw(t, "text")
		starts, wide := lineStarts(text)
		if wide != nil {
			t.Fatal("a small text got the wide index")
		}
		// Either form of the index: the text's own (its lines are short),
		// and the other.
		other := newStartIndex(starts.len(), 0)
		if starts.dense == nil {
			other = newStartIndex(starts.len(), 1<<30)
		}
		for i := range starts.len() {
			other.push(uint32(starts.get(i)))
		}
		other.finish()
		want := []int{0}
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' && i+1 < len(text) {
				want = append(want, i+1)
			}
		}
		if text != "" {
			want = append(want, len(text))
		}
		got, gotOther := make([]int, starts.len()), make([]int, other.len())
		for i := range got {
			got[i] = starts.get(i)
		}
		for i := range gotOther {
			gotOther[i] = other.get(i)
		}
		if !slices.Equal(got, want) || !slices.Equal(gotOther, want) || !slices.Equal(wideLineStarts(text), want) {
			t.Fatalf("starts %v, wide %v, want %v", got, wideLineStarts(text), want)
		}
	})
}

// Widening the first line's ends past its length keeps it whole: its
// tail cannot reach back before the text's start (a rare first event
// given a share of a large budget used to index the text at -1).
func TestWidenEndsPastTheFirstLineKeepsItWhole(t *testing.T) {
	text := strings.Repeat("a", 3000) + "\n" + strings.Repeat("b", 10) + "\n"
	s := newLineSel(text, 2*len(text), lineGaps(2))
	if !s.pickEnds(0, 400, 200) {
		t.Fatal("first line not kept at its ends")
	}
	if !s.widenEnds(0, 20000, 10000) {
		t.Fatal("first line not widened")
	}
	if _, cut := s.tailAt[0]; cut {
		t.Errorf("first line still cut at %d after ends longer than it", s.cutAt[0])
	}
}

// A run of dropped lines that shows in fewer bytes than its gap note is
// shown: the `};` between two kept struct rows, a blank line; a longer
// run keeps its note.
func TestShowCheapGapsShowsWhatCostsLessThanItsNote(t *testing.T) {
	lines := []string{"struct a {", "\tint x;", "};", "struct b {", "\tlong y;", "", "\tchar z;", "\tchar *name; /* a member row longer than its note */", "};"}
	text := strings.Join(lines, "\n") + "\n"
	s := newLineSel(text, 2*len(text), lineGaps(len(lines)))
	for _, i := range []int{1, 3, 4, 6, 8} {
		if !s.pick(i) {
			t.Fatalf("line %d not picked", i)
		}
	}
	before := s.used
	if got := s.showCheapGaps(); got != 3 {
		t.Fatalf("showCheapGaps kept %d lines, want 3 (lines 0, 2 and 5; not 7)", got)
	}
	for i, want := range []bool{true, true, true, true, true, true, true, false, true} {
		if s.isKept(i) != want {
			t.Errorf("line %d %q kept %v, want %v", i, lines[i], s.isKept(i), want)
		}
	}
	items, _ := s.items()
	if got := itemsSize(items); got != s.used || s.used >= before {
		t.Fatalf("bill %d (was %d), renders to %d: want exact and smaller", s.used, before, got)
	}
}

// Whatever was picked, showing the cheap gaps keeps every kept line, bills
// exactly what it renders, never makes the output longer, and leaves no
// run of dropped lines that would show in fewer bytes than its note.
func TestShowCheapGapsNeverLengthens(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		lines := rapid.SliceOfN(rapid.StringMatching(`[a-z };]{0,30}`), 1, 200).Draw(rt, "lines")
		text := strings.Join(lines, "\n")
		if rapid.Bool().Draw(rt, "eol") {
			text += "\n"
		}
		limit := rapid.IntRange(0, len(text)+200).Draw(rt, "limit")
		s := newLineSel(text, limit, lineGaps(len(lines)))
		for _, i := range rapid.SliceOf(rapid.IntRange(0, len(lines)-1)).Draw(rt, "picks") {
			s.pick(i)
		}
		n := s.n() // a last empty line after a final '\n' is none
		was := make([]bool, n)
		for i := range n {
			was[i] = s.isKept(i)
		}
		before := s.used
		s.showCheapGaps()
		items, _ := s.items()
		if got := itemsSize(items); got != s.used {
			rt.Fatalf("bill %d, renders to %d", s.used, got)
		}
		if before > 0 && s.used > before {
			rt.Fatalf("bill grew from %d to %d", before, s.used)
		}
		for i := range n {
			if was[i] && !s.isKept(i) {
				rt.Fatalf("line %d was kept and is not", i)
			}
		}
		for i := 0; i < n; {
			if s.isKept(i) {
				i++
				continue
			}
			j, shown := s.nextKept(i), 0
			for k := i; k < j; k++ {
				shown += s.size(k)
			}
			if shown < s.gapSize(i, j) {
				rt.Fatalf("lines [%d,%d) show in %d bytes, under their note's %d, and are dropped", i, j, shown, s.gapSize(i, j))
			}
			i = j
		}
	})
}
