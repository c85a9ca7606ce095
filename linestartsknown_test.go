package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The line index route shares, made after a sample of long lines was
// taken, is the index of the input read whole: the sample's runs of lines
// copied (knownLines) give the same starts, in the same form, as reading
// every line break.
func TestLineIndexCopyingTheSampleIsTheInputsIndex(t *testing.T) {
	s := sampling{minInput: 1 << 10, pieces: 4, piece: 64, minLines: 8}
	copied, compact := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		// A first line longer than a piece makes a sample of long lines;
		// runs of tiny lines after it make the index's compact form.
		first := rapid.IntRange(0, 2*s.piece).Draw(t, "first")
		b.WriteString(strings.Repeat("x", first) + "\n")
		most := rapid.SampledFrom([]int{4, 3 * s.piece}).Draw(t, "most")
		for b.Len() < 256*s.piece || rapid.IntRange(0, 3).Draw(t, "more") > 0 {
			b.WriteString(strings.Repeat("x", rapid.IntRange(0, most).Draw(t, "len")))
			b.WriteByte('\n')
		}
		if rapid.Bool().Draw(t, "unterminated") {
			b.WriteString("tail")
		}
		text := b.String()
		var sh routeShared
		sh.take(text, s)
		lines := sh.linesOf(text)
		if len(lines.known.runs) > 0 {
			copied++
		}
		got, want := lines.index().starts, newLineIndex(text).starts
		if (got.dense == nil) != (want.dense == nil) {
			t.Fatalf("the index is dense: %v, read whole: %v", got.dense != nil, want.dense != nil)
		}
		if want.dense == nil {
			compact++
		}
		if got.len() != want.len() {
			t.Fatalf("%d line starts, read whole %d", got.len(), want.len())
		}
		for i := range want.len() {
			if want.get(i) != got.get(i) {
				t.Fatalf("line %d starts at %d, read whole at %d", i, got.get(i), want.get(i))
			}
		}
	})
	if copied == 0 || compact == 0 {
		t.Fatalf("%d indexes copied a sample's runs, %d were compact: the property missed a side", copied, compact)
	}
}

// knownLines keeps its runs in order and apart, each starting where its
// first line does, and counts a text's line breaks as strings.Count does.
func TestKnownLinesCountsLineBreaks(t *testing.T) {
	text := "ab\ncd\nef\ngh"
	var k knownLines
	k.add(3, 9, []int{3, 6})
	k.add(6, 9, []int{6})    // overlaps the run before: left out
	k.add(9, 11, []int{10})  // does not start at its first line: left out
	k.add(9, 11, []int{9})   // the last line, with no line break
	k.add(11, 11, []int{11}) // empty: left out
	if len(k.runs) != 2 {
		t.Fatalf("runs %v, want the two that start at their lines and follow each other", k.runs)
	}
	if got, want := k.lineBreaks(text), strings.Count(text, "\n"); got != want {
		t.Errorf("lineBreaks = %d, want %d", got, want)
	}
	if got, want := (knownLines{}).lineBreaks(text+"\n"), strings.Count(text, "\n")+1; got != want {
		t.Errorf("lineBreaks with no runs = %d, want %d", got, want) // lineStartsKnown counts by it
	}
	got := appendLineStartsKnown(nil, text, k)
	want := appendLineStarts(nil, text)
	if len(got) != len(want) {
		t.Fatalf("starts %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("starts %v, want %v", got, want)
		}
	}
}
