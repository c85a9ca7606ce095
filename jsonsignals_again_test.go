package headroom

import (
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// jsonSignalsTwoWalks is jsonSignals as it was before it walked again
// only the documents that hold a rare value: the whole text walked twice,
// and once more for the template peaks (templatePeakSignalsOwnWalk).
func jsonSignalsTwoWalks(text string) []jsonSignal {
	counts := map[string]map[string]int{}
	sigs, peaky, _ := walkJSONSignals(text, func(key, val string, _ jsonDoc) int {
		m := counts[key]
		if m == nil {
			m = map[string]int{}
			counts[key] = m
		}
		if len(m) < 256 || m[val] > 0 {
			m[val]++
		}
		return 0
	})
	rare := map[string]int{}
	for key, m := range counts {
		total := 0
		for _, c := range m {
			total += c
		}
		if total < 8 || len(m) > total/4 || len(m) >= 256 {
			continue
		}
		for v, c := range m {
			if c <= max(1, total/20) {
				rare[key+"\x00"+v] = 0
			}
		}
	}
	var peaks []jsonSignal
	if peaky {
		peaks = peakSignals(text)
	}
	if len(rare) == 0 {
		return append(append(append(sigs, traceSignals(text)...), peaks...), templatePeakSignalsOwnWalk(text)...)
	}
	groups := 0
	ranks := map[int]int{}
	kindCount := map[int]int{}
	all, _, _ := walkJSONSignals(text, func(key, val string, _ jsonDoc) int {
		g, ok := rare[key+"\x00"+val]
		if !ok {
			return 0
		}
		if g == 0 {
			groups++
			g = groups
			rare[key+"\x00"+val] = g
			kindCount[g] = counts[key][val]
		}
		return g
	})
	for i := range all {
		if s := &all[i]; !s.failure {
			s.rank = ranks[s.group]
			ranks[s.group]++
		} else if s.rareKind {
			s.kindCount = kindCount[s.group]
		}
	}
	return append(append(append(all, traceSignals(text)...), peaks...), templatePeakSignalsOwnWalk(text)...)
}

// Walking again only the documents with a rare value gives what walking
// the whole text twice gives, on every JSON case of the corpus, whole
// and cut at any byte.
func TestJSONSignalsWalkAgainOnlyRareDocuments(t *testing.T) {
	dirs, texts := jsonCorpusTexts(t)
	for i, text := range texts {
		if got, want := jsonSignals(text), jsonSignalsTwoWalks(text); !sameSignals(got, want) {
			t.Errorf("%s: %d signals, want %d", dirs[i], len(got), len(want))
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		text := texts[rapid.IntRange(0, len(texts)-1).Draw(t, "case")]
		from := rapid.IntRange(0, len(text)).Draw(t, "from")
		to := rapid.IntRange(from, len(text)).Draw(t, "to")
		cut := text[from:to] + strings.Repeat(text[from:to], rapid.IntRange(0, 2).Draw(t, "repeat"))
		if got, want := jsonSignals(cut), jsonSignalsTwoWalks(cut); !sameSignals(got, want) {
			t.Fatalf("%d signals, want %d", len(got), len(want))
		}
	})
}

// sameSignals reports whether a and b hold the same signals; no signals
// is no signals, whether the slice is nil or empty.
func sameSignals(a, b []jsonSignal) bool {
	return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)
}
