package headroom

import (
	"testing"

	"pgregory.net/rapid"
)

// No way of keeping a signal costs less than signalCostFloor: below it,
// signalSpan's early false is what trying every way gives, on every
// signal of the corpus's JSON cases and of drawn pieces of them, and
// every way that does fit (its object, its member, a cut) costs at least
// the floor.
func TestSignalCostFloorIsBelowEveryWay(t *testing.T) {
	_, texts := jsonCorpusTexts(t)
	check := func(t interface{ Fatalf(string, ...any) }, text string, s jsonSignal, below int) {
		floor := signalCostFloor(s)
		for _, whole := range []int{0, s.end - s.start, len(text)} {
			if k, ok := signalSpanIn(text, s, floor-below, whole); ok {
				t.Fatalf("signal %q at %d kept in %d bytes, below its floor %d: %+v", s.why, s.start, floor-below, floor, k)
			}
			if k, ok := signalSpanIn(text, s, len(text)+1000, whole); ok && k.cost() < floor {
				t.Fatalf("signal %q at %d costs %d, below its floor %d", s.why, s.start, k.cost(), floor)
			}
		}
		if k, ok := cutSignal(text, s, len(text)+1000); ok && k.cost() < floor {
			t.Fatalf("signal %q cut costs %d, below its floor %d", s.why, k.cost(), floor)
		}
		if k, ok := cutObject(text, s, len(text)+1000); ok && k.cost() < floor {
			t.Fatalf("signal %q cut object costs %d, below its floor %d", s.why, k.cost(), floor)
		}
	}
	signals := 0
	for _, text := range texts {
		for _, s := range jsonSignals(text) {
			signals++
			check(t, text, s, 1)
		}
	}
	if signals < 100 {
		t.Fatalf("only %d signals in the corpus's JSON cases: the floor is hardly tested", signals)
	}
	rapid.Check(t, func(t *rapid.T) {
		c := texts[rapid.IntRange(0, len(texts)-1).Draw(t, "case")]
		from := rapid.IntRange(0, len(c)).Draw(t, "from")
		text := c[from:rapid.IntRange(from, min(len(c), from+20000)).Draw(t, "to")]
		below := rapid.IntRange(1, 200).Draw(t, "below")
		for _, s := range jsonSignals(text) {
			check(t, text, s, below)
		}
	})
}
