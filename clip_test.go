package headroom

import (
	"strings"
	"testing"
	"unicode/utf8"

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
// rendered output fits, and valid UTF-8 stays valid.
func TestPlanClipProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.StringMatching(`[a-zé日 ]{0,80}`), 0, 200).Draw(t, "lines")
		text := rapid.String().Draw(t, "prefix") + strings.Join(lines, "\n")
		budget := rapid.IntRange(MinBudgetBytes, 4000).Draw(t, "budget")
		if len(text) <= budget {
			return
		}
		p := planClip(text, budget, clipReserve(len(text)))
		var kept strings.Builder
		for _, it := range p.items {
			kept.WriteString(text[it.start:it.end])
		}
		dropped := p.dropped(len(text))
		if len(dropped) != 1 || len(p.items) == 0 {
			t.Fatalf("clip must drop exactly one middle range, got %v", dropped)
		}
		d := dropped[0]
		if text[:d[0]]+text[d[0]:d[1]]+text[d[1]:] != text || kept.String() != text[:d[0]]+text[d[1]:] {
			t.Fatal("head + dropped + tail != input")
		}
		out := render(text, p, marker{tokens: len(text), what: p.what, hint: p.hint})
		if len(out) > budget {
			t.Fatalf("rendered %d bytes, budget %d", len(out), budget)
		}
		if utf8.ValidString(text) && !utf8.ValidString(out) {
			t.Fatal("valid UTF-8 in, invalid out")
		}
		if !strings.Contains(out, markerPrefix) {
			t.Fatal("no marker")
		}
	})
}

func FuzzPlanClip(f *testing.F) {
	f.Add("a\nb\nc\n", 256)
	f.Add(strings.Repeat("x", 5000), 300)
	f.Add(strings.Repeat("\xff\xfe日\r\n", 900), 700)
	f.Fuzz(func(t *testing.T, text string, budget int) {
		budget = MinBudgetBytes + abs(budget)%5000
		if len(text) <= budget {
			return
		}
		p := planClip(text, budget, clipReserve(len(text)))
		out := render(text, p, marker{tokens: len(text), what: p.what, hint: p.hint})
		if len(out) > budget {
			t.Fatalf("rendered %d bytes, budget %d", len(out), budget)
		}
		if utf8.ValidString(text) && !utf8.ValidString(out) {
			t.Fatal("valid UTF-8 in, invalid out")
		}
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
		if got := commas(n); got != want {
			t.Errorf("commas(%d) = %q, want %q", n, got, want)
		}
	}
}
