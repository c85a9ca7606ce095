package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Every line of scanLog is the text between two line breaks: joined with
// them, the lines give the text back.
func TestScanLogLinesGiveTheTextBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringMatching(`(([a-z ]{0,6}|FAIL|error: x|\t\^)\r?\n){0,20}[a-z]{0,3}`).Draw(t, "text")
		lines := scanLog(text)
		var got strings.Builder
		for i := range lines.len() {
			got.WriteString(lines.line(i))
			if _, end := lines.span(i); end < len(text) {
				got.WriteByte('\n')
			}
		}
		if got.String() != text {
			t.Fatalf("lines give back %q, want %q", got.String(), text)
		}
		if want := strings.Count(text, "\n") + 1; strings.HasSuffix(text, "\n") && lines.len() != want-1 || !strings.HasSuffix(text, "\n") && text != "" && lines.len() != want {
			t.Fatalf("%d lines, want %d", lines.len(), want)
		}
	})
}

// A line's flags byte holds its class, the block it opens and its repeat
// mark without one spilling into another, for every class and block kind
// a rule can give (a new kind beyond the packing fails here).
func TestLogLinesPackEveryRuleKind(t *testing.T) {
	type kind struct{ class, open uint8 }
	kinds := []kind{{lineOther, 0}, {lineBlank, 0}, {lineError, blockTrace}, {lineError, blockGeneric}, {lineTrace, blockFailDetail},
		{lineSummary, blockGeneric}, {linePassed, 0}, {lineWarning, 0}, {lineTrace, 0}}
	for _, r := range append(append([]logRule{}, logRules...), infixRules...) {
		kinds = append(kinds, kind{r.class, r.block})
	}
	var lines logLines
	for i, k := range kinds {
		lines.add(i, i, k.class, k.open)
	}
	for i := range kinds {
		lines.setRepeat(i, i%2 == 0)
	}
	for i, k := range kinds {
		if lines.class(i) != k.class || lines.open(i) != k.open || lines.repeat(i) != (i%2 == 0) {
			t.Errorf("kind %d: packed (%d, %d) reads back (%d, %d, repeat %v)", i, k.class, k.open, lines.class(i), lines.open(i), lines.repeat(i))
		}
	}
}

// scanLog keeps for every line what classifyFull says of it: the class
// and the block it opens.
func TestScanLogKeepsClassAndBlock(t *testing.T) {
	for _, c := range loadCorpus(t) {
		lines := scanLog(c.input)
		hasInfo := strings.Contains(c.input, summaryInfo)
		for i := range lines.len() {
			view := strings.TrimSuffix(lines.line(i), "\r")
			if strings.IndexByte(view, 0x1b) >= 0 || hasInfo {
				continue // checkScanLog covers escapes and the summary heading
			}
			if class, open := classifyFull(view, false); lines.class(i) != class || lines.open(i) != open {
				t.Fatalf("%s line %d %q: scanLog kept (%d, %d), classifyFull says (%d, %d)", c.name, i+1, view, lines.class(i), lines.open(i), class, open)
			}
		}
	}
}

// blockAt finds the block holding a line as a walk over every block does.
func TestBlockAtFindsTheHoldingBlock(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var blocks []logBlock
		at := 0
		for range rapid.IntRange(0, 8).Draw(t, "blocks") {
			first := at + rapid.IntRange(0, 3).Draw(t, "gap")
			last := first + rapid.IntRange(0, 3).Draw(t, "len")
			blocks = append(blocks, logBlock{head: first, first: first, last: last, dupOf: -1})
			at = last + 1
		}
		for i := range at + 2 {
			want := -1
			for k, b := range blocks {
				if b.first <= i && i <= b.last {
					want = k
				}
			}
			if got := blockAt(blocks, i); got != want {
				t.Fatalf("blockAt(%d) = %d, want %d in %v", i, got, want, blocks)
			}
		}
	})
}

// The verbatim cache forgets lines when slots collide, but never answers
// for a line what another line stored.
func TestVerbatimCacheAnswersOnlyForItsLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.StringMatching(`[a-c]{0,3}`), 1, 300).Draw(t, "lines")
		c := newVerbatimCache(0)
		last := map[string]int{}
		for i, l := range lines {
			if first, ok := c.get(l); ok && first != last[l] {
				t.Fatalf("get(%q) = %d, last put %d", l, first, last[l])
			}
			c.put(l, i)
			last[l] = i
			if first, ok := c.get(l); !ok || first != i {
				t.Fatalf("get(%q) right after put = %d, %v", l, first, ok)
			}
		}
	})
}
