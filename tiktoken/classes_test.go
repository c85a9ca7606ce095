package tiktoken

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// textClass is a kind of text that tool outputs carry, generated with a
// fixed seed so that the table below is reproducible offline.
type textClass struct {
	name string
	gen  func(r *rand.Rand, n int) string // about n bytes
}

// runesFrom draws random runes from the inclusive ranges lo..hi.
func runesFrom(r *rand.Rand, n int, ranges ...[2]rune) string {
	var b strings.Builder
	for b.Len() < n {
		g := ranges[r.IntN(len(ranges))]
		b.WriteRune(g[0] + rune(r.IntN(int(g[1]-g[0]+1))))
	}
	return b.String()
}

func randBytes(r *rand.Rand, n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(r.UintN(256))
	}
	return p
}

// linesOf repeats line(i) until n bytes.
func linesOf(n int, line func(i int) string) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(line(i))
	}
	return b.String()
}

const punctASCII = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

var textClasses = []textClass{
	{"han common (U+4E00-9FFF)", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x4E00, 0x9FFF}) }},
	{"han ext A", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x3400, 0x4DBF}) }},
	{"han ext B (plane 2)", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x20000, 0x2A6DF}) }},
	{"han ext C-F (plane 2)", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x2A700, 0x2EBE0}) }},
	{"han ext G (plane 3)", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x30000, 0x3134A}) }},
	{"han compatibility", func(r *rand.Rand, n int) string {
		return runesFrom(r, n, [2]rune{0xF900, 0xFAD9}, [2]rune{0x2F800, 0x2FA1D})
	}},
	{"han with CJK punctuation", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string {
			return runesFrom(r, 30, [2]rune{0x4E00, 0x9FFF}) + "，" + runesFrom(r, 12, [2]rune{0x4E00, 0x9FFF}) + "。\n"
		})
	}},
	{"hangul syllables", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0xAC00, 0xD7A3}) }},
	{"hangul words", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return runesFrom(r, 1+r.IntN(6), [2]rune{0xAC00, 0xD7A3}) + " " })
	}},
	{"hangul jamo", func(r *rand.Rand, n int) string {
		return runesFrom(r, n, [2]rune{0x1100, 0x11FF}, [2]rune{0x3131, 0x318E})
	}},
	{"hiragana", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x3041, 0x3096}) }},
	{"katakana", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x30A1, 0x30FA}) }},
	{"half-width katakana", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0xFF66, 0xFF9D}) }},
	{"emoji", func(r *rand.Rand, n int) string {
		return runesFrom(r, n, [2]rune{0x1F300, 0x1F64F}, [2]rune{0x1F680, 0x1F6FF}, [2]rune{0x1F900, 0x1FAFF})
	}},
	{"emoji ZWJ families", func(r *rand.Rand, n int) string {
		zwj := []string{"👨‍👩‍👧‍👦", "👩‍❤️‍💋‍👨", "🏳️‍🌈", "🧑🏽‍💻", "👨🏿‍🚀", "🏴‍☠️", "👁️‍🗨️", "🧔🏻‍♀️"}
		return linesOf(n, func(int) string { return zwj[r.IntN(len(zwj))] })
	}},
	{"emoji skin tones and flags", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string {
			return runesFrom(r, 4, [2]rune{0x1F466, 0x1F469}) + runesFrom(r, 4, [2]rune{0x1F3FB, 0x1F3FF}) +
				runesFrom(r, 4, [2]rune{0x1F1E6, 0x1F1FF}) + runesFrom(r, 4, [2]rune{0x1F1E6, 0x1F1FF})
		})
	}},
	{"symbols and accents", func(r *rand.Rand, n int) string {
		return runesFrom(r, n, [2]rune{0x00A1, 0x024F}, [2]rune{0x2190, 0x23FF}, [2]rune{0x2500, 0x27BF})
	}},
	{"base64 one line", func(r *rand.Rand, n int) string { return base64.StdEncoding.EncodeToString(randBytes(r, n*3/4)) }},
	{"base64 wrapped at 76", func(r *rand.Rand, n int) string {
		s := base64.StdEncoding.EncodeToString(randBytes(r, n*3/4))
		return linesOf(n, func(i int) string { return s[min(i*76, len(s)):min(i*76+76, len(s))] + "\n" })
	}},
	{"base64url", func(r *rand.Rand, n int) string { return base64.RawURLEncoding.EncodeToString(randBytes(r, n*3/4)) }},
	{"hex lowercase", func(r *rand.Rand, n int) string { return hex.EncodeToString(randBytes(r, n/2)) }},
	{"hex uppercase", func(r *rand.Rand, n int) string { return strings.ToUpper(hex.EncodeToString(randBytes(r, n/2))) }},
	{"hex hashes per line", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return hex.EncodeToString(randBytes(r, 20)) + "\n" })
	}},
	{"uuids", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string {
			h := hex.EncodeToString(randBytes(r, 16))
			return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] + "\n"
		})
	}},
	{"digit run", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return string(rune('0' + r.IntN(10))) })
	}},
	{"numbers", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return fmt.Sprint(r.IntN(1e9)) + " " })
	}},
	{"one-letter lines", func(r *rand.Rand, n int) string { return strings.Repeat("x\n", n/2) }},
	{"one-token lines", func(r *rand.Rand, n int) string {
		toks := []string{"}", "a", "ok", "0", "-", "{", ")", "x", "end", "*", "#"}
		return linesOf(n, func(int) string { return toks[r.IntN(len(toks))] + "\n" })
	}},
	{"blank lines", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return strings.Repeat("\n", 1+r.IntN(3)) + strings.Repeat(" ", r.IntN(3)) })
	}},
	{"NUL bytes", func(r *rand.Rand, n int) string { return strings.Repeat("\x00", n) }},
	{"control bytes", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return string(rune(r.IntN(32))) })
	}},
	{"punctuation run", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return string(punctASCII[r.IntN(len(punctASCII))]) })
	}},
	{"bracket runs", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return strings.Repeat("[{(<", 1+r.IntN(4)) + strings.Repeat(">)}]", 1+r.IntN(4)) })
	}},
	{"invalid UTF-8", func(r *rand.Rand, n int) string { return string(randBytes(r, n)) }},
	{"stray continuation bytes", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return string([]byte{byte(0x80 + r.IntN(64))}) })
	}},
	{"Latin-1 text read as UTF-8", func(r *rand.Rand, n int) string {
		words := []string{"caf\xe9", "na\xefve", "\xfcber", "se\xf1or", "gar\xe7on", "stra\xdfe", "d\xe9j\xe0"}
		return linesOf(n, func(int) string { return words[r.IntN(len(words))] + " " })
	}},
	{"minified JS", func(r *rand.Rand, n int) string {
		ids := func() string {
			var b strings.Builder
			for range 1 + r.IntN(3) {
				b.WriteByte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$"[r.IntN(54)])
			}
			return b.String()
		}
		return linesOf(n, func(int) string {
			switch r.IntN(6) {
			case 0:
				return "function " + ids() + "(" + ids() + "," + ids() + "){return " + ids() + "&&" + ids() + "}"
			case 1:
				return "var " + ids() + "=" + ids() + "." + ids() + "(" + fmt.Sprint(r.IntN(1000)) + ");"
			case 2:
				return ids() + "?" + ids() + ":" + ids() + "[" + ids() + "]=!0,"
			case 3:
				return "if(" + ids() + "<" + fmt.Sprint(r.IntN(99)) + ")" + ids() + "++;else{" + ids() + "=\"" + ids() + "\"}"
			case 4:
				return ids() + ".prototype." + ids() + "=function(){}"
			default:
				return "}," + ids() + "=" + ids() + "||{};"
			}
		})
	}},
	{"source map mappings", func(r *rand.Rand, n int) string {
		const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
		return `{"version":3,"sources":["a.js"],"mappings":"` + linesOf(n, func(int) string {
			seg := make([]byte, 4+r.IntN(3))
			for i := range seg {
				seg[i] = b64[r.IntN(len(b64))]
			}
			return string(seg) + ",;"[r.IntN(8)/7:][:1]
		}) + `"}`
	}},
	{"xxd dump", func(r *rand.Rand, n int) string {
		return linesOf(n, func(i int) string {
			p := randBytes(r, 16)
			var b strings.Builder
			fmt.Fprintf(&b, "%08x: ", i*16)
			for j := 0; j < 16; j += 2 {
				fmt.Fprintf(&b, "%02x%02x ", p[j], p[j+1])
			}
			b.WriteByte(' ')
			for _, c := range p {
				if c < 32 || c > 126 {
					c = '.'
				}
				b.WriteByte(c)
			}
			b.WriteByte('\n')
			return b.String()
		})
	}},
	{"od -c dump", func(r *rand.Rand, n int) string {
		return linesOf(n, func(i int) string {
			var b strings.Builder
			fmt.Fprintf(&b, "%07o", i*16)
			for range 16 {
				c := byte(r.UintN(256))
				switch {
				case c == 0:
					b.WriteString("  \\0")
				case c == '\n':
					b.WriteString("  \\n")
				case c >= 32 && c < 127:
					fmt.Fprintf(&b, "   %c", c)
				default:
					fmt.Fprintf(&b, " %03o", c)
				}
			}
			b.WriteByte('\n')
			return b.String()
		})
	}},
	// strings -t x over a binary's tables: an offset, then one mark or
	// letter repeated, each after a lone tab.
	{"strings -t x of tables", func(r *rand.Rand, n int) string {
		const marks = "()<>[]{}$%,./;:'+-=@\\^_|~XYZqsw"
		return linesOf(n, func(i int) string {
			var b strings.Builder
			fmt.Fprintf(&b, "  %x %c", 0x2a000+i*48, marks[r.IntN(len(marks))])
			for range 20 + r.IntN(60) {
				b.WriteByte('\t')
				b.WriteByte(marks[r.IntN(len(marks))])
			}
			b.WriteByte('\n')
			return b.String()
		})
	}},
	{"od -x dump", func(r *rand.Rand, n int) string {
		return linesOf(n, func(i int) string {
			var b strings.Builder
			fmt.Fprintf(&b, "%07o", i*16)
			for range 8 {
				fmt.Fprintf(&b, " %04x", r.IntN(1<<16))
			}
			b.WriteByte('\n')
			return b.String()
		})
	}},
	{"objdump", func(r *rand.Rand, n int) string {
		ops := []string{"mov    %rax,%rdi", "lea    0x8(%rsp),%rsi", "call   401020 <memcpy@plt>", "xor    %eax,%eax", "jmp    4011f6 <main+0x46>", "push   %rbp", "ret"}
		return linesOf(n, func(i int) string {
			var b strings.Builder
			fmt.Fprintf(&b, "  %x:\t", 0x401000+i*3)
			for range 1 + r.IntN(7) {
				fmt.Fprintf(&b, "%02x ", r.IntN(256))
			}
			b.WriteString("\t" + ops[r.IntN(len(ops))] + "\n")
			return b.String()
		})
	}},
	{"ANSI coloured diff", func(r *rand.Rand, n int) string {
		words := []string{"func", "return", "err", "nil", "if", "uuid", "Parse", "string", "0x1f", "=", ":=", "{", "}"}
		return linesOf(n, func(int) string {
			col := []string{"\x1b[32m+", "\x1b[31m-", "\x1b[36m@@ ", "\x1b[1m "}[r.IntN(4)]
			var b strings.Builder
			b.WriteString(col)
			for range 2 + r.IntN(6) {
				b.WriteString("\x1b[" + fmt.Sprint(r.IntN(50)) + "m" + words[r.IntN(len(words))] + " ")
			}
			b.WriteString("\x1b[m\n")
			return b.String()
		})
	}},
	{"ANSI progress bars", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string {
			k := r.IntN(40)
			return "\r\x1b[2K\x1b[36m" + strings.Repeat("█", k) + strings.Repeat("░", 40-k) + "\x1b[0m " + fmt.Sprint(r.IntN(100)) + "%"
		})
	}},
	{"random printable ASCII", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return string(rune(33 + r.IntN(94))) })
	}},
	{"random letters", func(r *rand.Rand, n int) string {
		return linesOf(n, func(int) string { return string("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[r.IntN(52)]) })
	}},
	{"cyrillic random", func(r *rand.Rand, n int) string { return runesFrom(r, n, [2]rune{0x0410, 0x044F}) }},
	{"greek, arabic, hebrew, devanagari, thai random", func(r *rand.Rand, n int) string {
		return runesFrom(r, n, [2]rune{0x0391, 0x03C9}, [2]rune{0x0621, 0x064A}, [2]rune{0x05D0, 0x05EA}, [2]rune{0x0905, 0x0939}, [2]rune{0x0E01, 0x0E30})
	}},
}

// TestEstimateClassTable generates every class of text that tool outputs
// carry — the worst cases included — and holds [headroom.Estimate] to at
// least 0.95 of the exact o200k and cl100k counts on each.
//
//	go test ./tiktoken -run TestEstimateClassTable -v
func TestEstimateClassTable(t *testing.T) {
	o, c := mustNew(t, O200kBase), mustNew(t, CL100kBase)
	size := 16 << 10
	if testing.Short() {
		size = 4 << 10
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| class | bytes | o200k | cl100k | Estimate | est/o200k | est/cl100k |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for i, tc := range textClasses {
		r := rand.New(rand.NewPCG(uint64(i), 12))
		s := tc.gen(r, size)
		exactO, exactC, est := o.CountTokens(s), c.CountTokens(s), headroom.Estimate.CountTokens(s)
		ro, rc := float64(est)/float64(exactO), float64(est)/float64(exactC)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %.2f | %.2f |\n", tc.name, len(s), exactO, exactC, est, ro, rc)
		if ro < 0.95 || rc < 0.95 {
			t.Errorf("%s: estimate %d is under 0.95 of the exact count (o200k %d, cl100k %d)", tc.name, est, exactO, exactC)
		}
	}
	t.Log("\n" + b.String())
}

// TestMaxTokensHoldsExactly: with the default estimator, WithMaxTokens(N)
// never gives an output over N tokens as o200k or cl100k count it, on any
// class of text, real samples and mixtures of classes included.
func TestMaxTokensHoldsExactly(t *testing.T) {
	o, c := mustNew(t, O200kBase), mustNew(t, CL100kBase)
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "*", "input.txt"))
	rapid.Check(t, func(rt *rapid.T) {
		var text string
		switch rapid.IntRange(0, 2).Draw(rt, "source") {
		case 0: // one generated class
			i := rapid.IntRange(0, len(textClasses)-1).Draw(rt, "class")
			text = textClasses[i].gen(rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 1)), rapid.IntRange(1<<10, 96<<10).Draw(rt, "size"))
		case 1: // several classes, one after the other
			var b strings.Builder
			r := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 2))
			for range rapid.IntRange(2, 6).Draw(rt, "parts") {
				b.WriteString(textClasses[r.IntN(len(textClasses))].gen(r, 1+r.IntN(16<<10)))
				b.WriteString("\n")
			}
			text = b.String()
		default: // a real sample
			raw, err := os.ReadFile(files[rapid.IntRange(0, len(files)-1).Draw(rt, "file")])
			if err != nil {
				rt.Fatal(err)
			}
			text = string(raw)
		}
		n := rapid.IntRange(120, 6000).Draw(rt, "max tokens")
		h, err := headroom.New(headroom.WithMaxTokens(n))
		if err != nil {
			rt.Skip(err) // a budget below the marker's minimum is refused by New
		}
		tool := rapid.SampledFrom([]string{"Bash", "Grep", "Read", "fetch"}).Draw(rt, "tool")
		got, _, err := h.Compress(context.Background(), headroom.ToolOutput{Tool: tool, Text: text})
		if err != nil {
			rt.Fatal(err)
		}
		if eo, ec := o.CountTokens(got), c.CountTokens(got); eo > n || ec > n {
			rt.Fatalf("budget %d tokens, output counts %d (o200k) and %d (cl100k), estimate %d", n, eo, ec, headroom.Estimate.CountTokens(got))
		}
	})
}

// Two held-out outputs the estimate was not fitted on read under exact
// o200k (a Fortran build log at 0.96, a MakeMaker Makefile at 0.97, before
// capitals were priced): at these budgets their outputs counted up to
// 3.8 % over. The default estimate's aim (a twenty-fifth under) and the
// price of capitals hold them.
func TestMaxTokensHoldsOnHeldOutSamples(t *testing.T) {
	o, c := mustNew(t, O200kBase), mustNew(t, CL100kBase)
	for _, tc := range []struct {
		name, tool string
		budget     int
	}{
		{"log_gfortran_minpack_obsolescent_warnings_label_error", "Bash", 3591},
		{"log_gfortran_minpack_obsolescent_warnings_label_error", "Read", 11361},
		{"plain_read_makefile_makemaker_text_csv", "Read", 2962},
		{"plain_read_makefile_makemaker_text_csv", "Bash", 9363},
	} {
		raw, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", tc.name, "input.txt"))
		require.NoError(t, err)
		h, err := headroom.New(headroom.WithMaxTokens(tc.budget))
		require.NoError(t, err)
		got, _, err := h.Compress(context.Background(), headroom.ToolOutput{Tool: tc.tool, Text: string(raw)})
		require.NoError(t, err)
		assert.LessOrEqual(t, o.CountTokens(got), tc.budget, "%s via %s: o200k", tc.name, tc.tool)
		assert.LessOrEqual(t, c.CountTokens(got), tc.budget, "%s via %s: cl100k", tc.name, tc.tool)
	}
}
