package headroom

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

func TestPlanClipKeepsHeadAndTail(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		b.WriteString("line ")
		b.WriteString(itoa(i))
		b.WriteString(" of the build output\n")
	}
	text := b.String()
	p := planClip(text, 2000, clipReserve(len(text)))
	if len(p.items) != 2 || p.markerAt != 1 {
		t.Fatalf("want head, marker, tail; got %d items, marker at %d", len(p.items), p.markerAt)
	}
	head, tail := p.items[0], p.items[1]
	if head.start != 0 || tail.end != len(text) {
		t.Fatalf("head must start the text and tail end it: %+v %+v", head, tail)
	}
	if text[head.end-1] != '\n' || text[tail.start-1] != '\n' {
		t.Errorf("cuts should snap to line boundaries: head ends %q, tail starts after %q",
			text[head.end-8:head.end], text[tail.start-8:tail.start])
	}
	if head.end-head.start < 6*(2000-clipReserve(len(text)))/7-snapWindow(2000) {
		t.Errorf("head too short: %d bytes", head.end-head.start)
	}
	if !strings.Contains(p.what, "lines ") || !strings.Contains(p.hint, "sed -n '") {
		t.Errorf("marker words should name the cut lines: what=%q hint=%q", p.what, p.hint)
	}
}

func TestPlanClipSingleLineIsRuneSafe(t *testing.T) {
	text := strings.Repeat("日本語のテキスト", 4000) // no newline, 3-byte runes
	p := planClip(text, 1000, clipReserve(len(text)))
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	if !utf8.ValidString(out) {
		t.Fatal("clip split a UTF-8 sequence")
	}
	if len(out) > 1000 {
		t.Fatalf("output %d bytes over the 1000-byte budget", len(out))
	}
	if !strings.Contains(p.what, "bytes from the middle of line 1 of 1") {
		t.Errorf("what = %q", p.what)
	}
}

// The clip invariants: head + dropped + tail is the input byte for byte, the
// rendered output fits, and valid UTF-8 stays valid. Short lines of
// multi-byte runes at budgets near the minimum are where the marker, not
// the 1/8 slack, bounds the content; every budget from the minimum up is
// checked for each drawn text.
func TestPlanClipProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		line := rapid.SampledFrom([]*rapid.Generator[string]{
			rapid.StringMatching(`[a-zé日 ]{0,80}`),
			rapid.StringMatching(`[a-zé日 ]{0,6}`),
			rapid.StringMatching(`[é日]{1,3}`),
		}).Draw(t, "line kind")
		n := rapid.IntRange(0, 400).Draw(t, "line count")
		lines := rapid.SliceOfN(line, n, n).Draw(t, "lines")
		text := rapid.String().Draw(t, "prefix") + strings.Join(lines, "\n")
		lo := rapid.IntRange(MinBudgetBytes, 4000).Draw(t, "lowest budget")
		lo = min(lo, MinBudgetBytes+len(text)/2)
		for budget := lo; budget < min(len(text), lo+1000); budget++ {
			checkClip(t, text, budget)
		}
	})
}

func checkClip(t interface{ Fatalf(string, ...any) }, text string, budget int) {
	p := planClip(text, budget, clipReserve(len(text)))
	var kept strings.Builder
	for _, it := range p.items {
		kept.WriteString(text[it.start:it.end])
	}
	dropped := p.dropped(len(text))
	if len(dropped) != 1 || len(p.items) == 0 {
		t.Fatalf("budget %d: clip must drop exactly one middle range, got %v", budget, dropped)
	}
	d := dropped[0]
	if text[:d[0]]+text[d[0]:d[1]]+text[d[1]:] != text || kept.String() != text[:d[0]]+text[d[1]:] {
		t.Fatalf("budget %d: head + dropped + tail != input", budget)
	}
	out := render(text, p, marker{tokens: len(text), what: p.what, hint: p.hint})
	if len(out) > budget {
		t.Fatalf("rendered %d bytes, budget %d (%s)", len(out), budget, p.what)
	}
	if utf8.ValidString(text) && !utf8.ValidString(out) {
		t.Fatalf("budget %d: valid UTF-8 in, invalid out", budget)
	}
	// One marker of its own: the head and the tail may quote markers, each
	// on its own side of the cut.
	quoted := 0
	for _, it := range p.items {
		quoted += strings.Count(text[it.start:it.end], markerPrefix)
	}
	if n := strings.Count(out, markerPrefix); n != 1+quoted {
		t.Fatalf("budget %d: %d markers, want one of its own and %d quoted", budget, n, quoted)
	}
}

// clipReserve must price the longer of clip's two wordings: a cut over
// several lines ("lines F-L of T (N bytes) from the middle") has one number
// more than a cut inside one line. Priced on the one-line wording, 864
// bytes of short lines at a 600-byte budget rendered 601 bytes.
func TestClipReserveCoversTheLongerWording(t *testing.T) {
	for _, n := range []int{1, 9, 99, 864, 1000, 99999, 1 << 40} {
		several := marker{tokens: n, what: clipWhatLines(n, n, n, n), hint: clipHint(n, n)}
		if need := len(several.String()) + 2; clipReserve(n) < need {
			t.Errorf("clipReserve(%d) = %d, the several-lines marker needs %d", n, clipReserve(n), need)
		}
	}
	perByte := TokenCounterFunc(func(s string) int { return len(s) })
	huge := 1 << 40
	several := marker{tokens: huge, what: clipWhatLines(huge, huge, huge, huge), hint: clipHint(huge, huge)}
	if least := minTokenBudget(perByte); least < len(several.String()) {
		t.Errorf("minTokenBudget = %d, below the %d bytes of the several-lines marker", least, len(several.String()))
	}
	for _, line := range []string{"日é\n", "é\n", "ab日\n", "x\n", "日本語 é\n"} {
		for k := 40; k < 400; k += 7 {
			text := strings.Repeat(line, k)
			for budget := MinBudgetBytes; budget < min(len(text), 1400); budget += 3 {
				checkClip(t, text, budget)
			}
		}
	}
	text := strings.Repeat("日é\n", 144) // 864 bytes
	checkClip(t, text, 600)
}

// FuzzPlanClip checks every clip invariant (see checkClip) on any text at
// any budget New accepts, up to a little over the text's size.
func FuzzPlanClip(f *testing.F) {
	f.Add("a\nb\nc\n", 256)
	f.Add(strings.Repeat("x", 5000), 300)
	f.Add(strings.Repeat("\xff\xfe日\r\n", 900), 700)
	f.Add(strings.Repeat("日é\n", 144), 600)
	f.Add(strings.Repeat("log "+markerPrefix+" ~1 tokens omitted.]\n", 200), 400)
	for _, s := range corpusSeeds(f, "", 3000) {
		f.Add(s, 1000)
	}
	f.Fuzz(func(t *testing.T, text string, budget int) {
		budget = MinBudgetBytes + abs(budget)%5000
		if len(text) <= budget {
			return
		}
		checkClip(t, text, budget)
	})
}

func abs(n int) int {
	if n < 0 {
		if n == -n { // math.MinInt
			return 0
		}
		return -n
	}
	return n
}

func TestCommas(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 80412: "80,412", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := txt.Commas(n); got != want {
			t.Errorf("txt.Commas(%d) = %q, want %q", n, got, want)
		}
	}
}
