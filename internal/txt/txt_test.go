package txt

import (
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

func TestLineAt(t *testing.T) {
	text := "ab\ncd\n\nef"
	var got []string
	for start := 0; start < len(text); {
		end, next := LineAt(text, start)
		got = append(got, text[start:end])
		start = next
	}
	if want := []string{"ab", "cd", "", "ef"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("lines = %q, want %q", got, want)
	}
	if s := LineStart(text, 4); s != 3 {
		t.Fatalf("LineStart(4) = %d, want 3", s)
	}
	if n := NextLineStart("a\r\nb", 1); n != 3 {
		t.Fatalf("NextLineStart over CRLF = %d, want 3", n)
	}
}

func TestStripANSI(t *testing.T) {
	got := string(StripANSI(nil, "\x1b[1;31mFAIL\x1b[0m x"))
	if got != "FAIL x" {
		t.Fatalf("StripANSI = %q", got)
	}
}

func TestSanitizeLine(t *testing.T) {
	got := SanitizeLine("a\n\tb [x] \xff]")
	if got != "a b (x) )" {
		t.Fatalf("SanitizeLine = %q", got)
	}
}

func TestTruncateRunesKeepsUTF8(t *testing.T) {
	s := "héllo wörld"
	for n := 0; n <= len(s); n++ {
		got := TruncateRunes(s, n)
		if len(got) > n || !utf8.ValidString(got) || !strings.HasPrefix(s, got) {
			t.Fatalf("TruncateRunes(%q, %d) = %q", s, n, got)
		}
	}
	if got := ShortenWords("the quick brown fox jumps over the lazy dog", 30); len(got) > 30 || !strings.HasSuffix(got, "…") {
		t.Fatalf("ShortenWords = %q", got)
	}
}

func TestCommasRoundTrip(t *testing.T) {
	for _, n := range []int{0, 7, 999, 1000, 80412, 1234567, -1234} {
		s := Commas(n)
		if n >= 0 {
			back, ok := ParseCommas(s)
			if !ok || back != n {
				t.Fatalf("ParseCommas(Commas(%d)=%q) = %d, %v", n, s, back, ok)
			}
		}
	}
	if got := Commas(-1234); got != "-1,234" {
		t.Fatalf("Commas(-1234) = %q", got)
	}
	for in, want := range map[string]string{"file": "2 files", "match": "2 matches", "directory": "2 directories", "day": "2 days", "y": "2 ys"} {
		if got := Plural(2, in); got != want {
			t.Errorf("Plural(2, %q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzLineAt(f *testing.F) {
	f.Add("a\nb\r\n\nc", 0)
	f.Fuzz(func(t *testing.T, text string, start int) {
		if start < 0 || start > len(text) {
			return
		}
		end, next := LineAt(text, start)
		if end < start || next < end || next > len(text) || strings.Contains(text[start:end], "\n") {
			t.Fatalf("LineAt(%q, %d) = %d, %d", text, start, end, next)
		}
	})
}

func TestCleanTerminal(t *testing.T) {
	cases := map[string]string{
		"\x1b[31mFAIL\x1b[0m": "FAIL",
		"10%\r50%\r100% done": "100% done",
		"error: x\r   \r":     "error: x\r", // a CRLF end stays; the blank overwrite does not hide the line
		"\x1b]0;title\x07ok":  "ok",
		"plain":               "plain",
		"a\x1b":               "a",
		"\x1b[1m\x1b[32m✓\x1b[39m\x1b[22m passes": "✓ passes",
	}
	for in, want := range cases {
		if got := CleanTerminal(in); got != want {
			t.Errorf("CleanTerminal(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzCleanTerminal(f *testing.F) {
	f.Add("\x1b[31mFAIL\x1b[0m\r50%\r")
	f.Fuzz(func(t *testing.T, s string) {
		got := CleanTerminal(s)
		if len(got) > len(s) || strings.IndexByte(got, 0x1b) >= 0 || utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("CleanTerminal(%q) = %q", s, got)
		}
		if HasTerminalNoise(got) {
			t.Fatalf("CleanTerminal(%q) = %q keeps a carriage return", s, got)
		}
	})
}

// TestLastIndexByteAgreesWithStrings checks LastIndexByte against
// strings.LastIndexByte on texts of lines from empty to longer than
// several of its blocks, the byte sought anywhere or nowhere.
func TestLastIndexByteAgreesWithStrings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for _, n := range rapid.SliceOfN(rapid.IntRange(0, 5000), 0, 6).Draw(t, "lines") {
			b.WriteString(strings.Repeat("x", n))
			b.WriteByte('\n')
		}
		s := b.String()
		s = s[:rapid.IntRange(0, len(s)).Draw(t, "cut")]
		for _, c := range []byte{'\n', 'x', 'y'} {
			if got, want := LastIndexByte(s, c), strings.LastIndexByte(s, c); got != want {
				t.Fatalf("LastIndexByte(%d bytes, %q) = %d, want %d", len(s), c, got, want)
			}
		}
	})
}
