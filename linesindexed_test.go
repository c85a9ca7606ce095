package headroom

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// planLinesIndexed reads the line index another row made instead of
// finding the lines' ends itself: its plan must be planLines' own, byte
// for byte, on every text, whether the index is there or not (under
// -short, on every fourth real output).
func TestPlanLinesIndexedIsPlanLines(t *testing.T) {
	for _, c := range corpusUnlessShort(t, 4) {
		for _, limit := range []int{16000, 4000, 1000} {
			checkIndexedLines(t, c.name+"/"+strconv.Itoa(limit), c.input, limit)
		}
	}
}

// The same on drawn texts of traces, repeated lines, blank lines and a
// last line with or without its break, at limits from tight to loose.
func TestPlanLinesIndexedProperty(t *testing.T) {
	planned := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(60, 400).Draw(t, "lines")
		var b strings.Builder
		for i := range n {
			l := traceLine(t, i)
			for range rapid.IntRange(1, 3).Draw(t, "copies"+strconv.Itoa(i)) {
				b.WriteString(l)
				b.WriteByte('\n')
			}
		}
		text := b.String()
		if rapid.Bool().Draw(t, "unterminated") {
			text = strings.TrimSuffix(text, "\n")
		}
		limit := rapid.IntRange(200, max(200, len(text)/3)).Draw(t, "limit")
		if checkIndexedLines(t, "drawn", text, limit) {
			planned++
		}
	})
	if planned == 0 {
		t.Fatal("no drawn text was planned: the property tested nothing")
	}
}

// checkIndexedLines fails t when planLinesIndexed with a made line index
// plans text other than planLines does, and reports whether it planned.
func checkIndexedLines(t interface {
	Helper()
	Fatalf(string, ...any)
}, name, text string, limit int) bool {
	t.Helper()
	want, wantOK := planLines(text, limit)
	lines := &lineIndexer{text: text}
	lines.index()
	got, ok := planLinesIndexed(text, limit, lines)
	if ok != wantOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: with the index made, plan %v (%v), want %v (%v)", name, got, ok, want, wantOK)
	}
	if _, ok := planLinesIndexed(text, limit, &lineIndexer{text: text}); ok != wantOK {
		t.Fatalf("%s: with no index made, accepted %v, want %v", name, ok, wantOK)
	}
	return ok
}
