package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestEstimateBounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		n := Estimate.CountTokens(s)
		if n < 0 || n > len(s) || (len(s) > 0 && n == 0) {
			t.Fatalf("estimate %d for %d bytes", n, len(s))
		}
		if Estimate.CountTokens(s) != n {
			t.Fatal("not deterministic")
		}
	})
}

func TestEstimateTable(t *testing.T) {
	cases := []struct {
		s        string
		min, max int
	}{
		{"", 0, 0},
		{"a", 1, 1},
		{"hello world", 2, 4},
		{"1234567", 3, 5},                      // three digit groups
		{strings.Repeat("漢字", 50), 100, 300},   // priced as each rune counts alone, at worst
		{"𠀀", 4, 4},                            // Han extension B: a token a byte at worst
		{strings.Repeat("x\n", 100), 195, 200}, // a letter and a line break: two pieces, two tokens
		{strings.Repeat("\x00", 10), 10, 10},   // a control byte is a token
		{"\xff\xfe", 2, 2},
	}
	for _, tc := range cases {
		if n := Estimate.CountTokens(tc.s); n < tc.min || n > tc.max {
			t.Errorf("Estimate(%q) = %d, want %d..%d", tc.s, n, tc.min, tc.max)
		}
	}
}

func TestEstimateAllocatesNothing(t *testing.T) {
	text := corpusInput(t, "log_go_test_prometheus_all_packages") + "日本語 текст"
	if a := testing.AllocsPerRun(10, func() { Estimate.CountTokens(text) }); a != 0 {
		t.Fatalf("%v allocations per call", a)
	}
}

func BenchmarkEstimate(b *testing.B) {
	for _, name := range []string{"log_go_test_prometheus_all_packages", "search_rg_context_ctx_prometheus", "json_go_list_prometheus_stream"} {
		text := repeatTo(corpusInput(b, name), 1<<20)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				Estimate.CountTokens(text)
			}
		})
	}
}

// FuzzEstimate: any string, valid UTF-8 or not, counts within [0, len(s)],
// at least one token when non-empty, and the same twice.
func FuzzEstimate(f *testing.F) {
	f.Add("")
	f.Add("\xff\xfe\x00\r\n\t  1234567 日本語 текст é 🙂")
	for _, s := range corpusSeeds(f, "", 2000) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Estimate.CountTokens(s)
		if n < 0 || n > len(s) || (len(s) > 0 && n == 0) {
			t.Fatalf("estimate %d for %d bytes", n, len(s))
		}
		if Estimate.CountTokens(s) != n {
			t.Fatal("not deterministic")
		}
	})
}
