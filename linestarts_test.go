package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A startIndex gives back every offset pushed, the last as setLast left
// it, in either form and across blocks of short and long lines.
func TestStartIndexGivesBackItsOffsets(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Runs of gaps from one byte (blank lines) to past a bitmap's
		// span, so that blocks of each kind and mixed ones occur.
		var gaps []int
		for _, r := range rapid.SliceOfN(rapid.IntRange(0, 3*130-1), 0, 12).Draw(t, "runs") {
			size, count := [3]int{1, 20, 3000}[r%3], r/3+1
			for range count {
				gaps = append(gaps, size-size/3+(len(gaps)*7)%(size/3+1))
			}
		}
		textLen := rapid.SampledFrom([]int{0, 1 << 30}).Draw(t, "textLen") // the compact form, or the dense one
		x := newStartIndex(len(gaps)+1, textLen)
		var want []int
		v := rapid.IntRange(0, 1<<30).Draw(t, "first")
		x.push(uint32(v))
		want = append(want, v)
		for k, g := range gaps {
			v += g
			if k%7 == 3 && len(want) > 1 && want[len(want)-1]+1 < want[len(want)-2]+g {
				// setLast moves the last offset, staying above the one before.
				last := want[len(want)-2] + g
				x.setLast(uint32(last))
				want[len(want)-1] = last
				v = last + g
			}
			x.push(uint32(v))
			want = append(want, v)
		}
		x.finish()
		if x.len() != len(want) {
			t.Fatalf("len %d, want %d", x.len(), len(want))
		}
		for j, w := range want {
			if got := x.get(j); got != w {
				t.Fatalf("offset %d = %d, want %d (dense %v)", j, got, w, x.dense != nil)
			}
			if j+1 < len(want) {
				if a, b := x.pair(j); a != w || b != want[j+1] {
					t.Fatalf("pair %d = %d, %d, want %d, %d (dense %v)", j, a, b, w, want[j+1], x.dense != nil)
				}
			}
		}
	})
}

// The lines scanLog reports start and end where a plain split of the text
// puts them, for texts of blank and tiny lines (the compact index) as for
// long ones, and a mix.
func TestScanLogSpansEqualASplit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		line := rapid.OneOf(rapid.SampledFrom([]string{"", "", "x", "  ab", "error: e1"}),
			rapid.StringMatching(`[a-z ]{20,80}`), rapid.StringMatching(`[a-z]{300,900}`))
		var all []string
		for _, l := range rapid.SliceOfN(line, 0, 8).Draw(t, "lines") {
			for range rapid.IntRange(1, 130).Draw(t, "copies") {
				all = append(all, l)
			}
		}
		text := strings.Join(all, "\n") + rapid.SampledFrom([]string{"", "\n"}).Draw(t, "end")
		lines := scanLog(text)
		parts := strings.Split(text, "\n")
		if strings.HasSuffix(text, "\n") || text == "" {
			parts = parts[:len(parts)-1]
		}
		if lines.len() != len(parts) {
			t.Fatalf("%d lines, want %d", lines.len(), len(parts))
		}
		start := 0
		for i, p := range parts {
			s, e := lines.span(i)
			if s != start || e != start+len(p) || lines.line(i) != p {
				t.Fatalf("line %d spans [%d, %d), want [%d, %d)", i, s, e, start, start+len(p))
			}
			start += len(p) + 1
		}
	})
}

func TestSelectBit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		word := rapid.Uint64().Draw(t, "word")
		var want []int
		for b := range 64 {
			if word>>b&1 != 0 {
				want = append(want, b)
			}
		}
		for k, w := range want {
			if got := selectBit(word, k); got != w {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", word, k, got, w)
			}
		}
	})
}
