// Package txt holds the text helpers every planner and the cascade share:
// line scanning, terminal escapes, rune boundaries, marker-safe text and
// number formatting. Each is a small pure function over strings; none
// allocates unless it returns a new string.
package txt

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LineAt returns the end of the line that starts at start, its '\n'
// excluded, and where the next line starts: len(text) after the last.
func LineAt(text string, start int) (end, next int) {
	if nl := strings.IndexByte(text[start:], '\n'); nl >= 0 {
		return start + nl, start + nl + 1
	}
	return len(text), len(text)
}

// LineStart returns the index of the start of the line holding text[i].
func LineStart(text string, i int) int {
	return LastIndexByte(text[:i], '\n') + 1
}

// LastIndexByte is strings.LastIndexByte, which reads a byte a step: the
// standard library searches backwards by no vector. The last lastNear
// bytes are read so, as a short line ends near; further back, blocks of
// lastBlock bytes are each tested by strings.IndexByte, which reads by
// vector, and only the block that holds c is read a byte a step. A long
// line is then read back at the speed a forward search reads it.
func LastIndexByte(s string, c byte) int {
	const lastNear, lastBlock = 64, 1024
	lo := max(0, len(s)-lastNear)
	if i := strings.LastIndexByte(s[lo:], c); i >= 0 {
		return lo + i
	}
	for end := lo; end > 0; end = lo {
		lo = max(0, end-lastBlock)
		if strings.IndexByte(s[lo:end], c) >= 0 {
			return lo + strings.LastIndexByte(s[lo:end], c)
		}
	}
	return -1
}

// NextLineStart returns where the line after the one ending at end (before
// its line break, "\n" or "\r\n") starts.
func NextLineStart(text string, end int) int {
	if end < len(text) && text[end] == '\r' {
		end++
	}
	if end < len(text) && text[end] == '\n' {
		end++
	}
	return end
}

// StripANSI appends s to dst without its CSI escape sequences
// (ESC '[' … final byte).
func StripANSI(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		dst = append(dst, s[i])
	}
	return dst
}

// RuneStartAtOrBefore moves i back to the start of the rune it falls in.
func RuneStartAtOrBefore(s string, i int) int {
	for k := 0; k < utf8.UTFMax-1 && i > 0 && i < len(s) && !utf8.RuneStart(s[i]); k++ {
		i--
	}
	return i
}

// RuneStartAtOrAfter moves i forward, not past end, to the next rune start.
func RuneStartAtOrAfter(s string, i, end int) int {
	for k := 0; k < utf8.UTFMax-1 && i < end && !utf8.RuneStart(s[i]); k++ {
		i++
	}
	return i
}

// SanitizeLine makes model-written text safe inside a marker: valid UTF-8,
// one line, white space and control characters folded to single spaces,
// and square brackets turned round, so it can neither close the marker nor
// forge a new one.
func SanitizeLine(s string) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == '[':
			r = '('
		case r == ']':
			r = ')'
		case unicode.IsSpace(r) || unicode.IsControl(r):
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// TruncateRunes cuts s to at most n bytes on a rune boundary.
func TruncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:RuneStartAtOrBefore(s, max(0, n))]
}

// ShortenWords cuts s to at most n bytes, at a word boundary when one is
// near, ending in "…". It returns "" when n is too small for a useful
// digest.
func ShortenWords(s string, n int) string {
	const ellipsis, least = "…", 24
	if len(s) <= n {
		return s
	}
	if n < least {
		return ""
	}
	cut := TruncateRunes(s, n-len(ellipsis))
	if i := strings.LastIndexByte(cut, ' '); i >= len(cut)*3/4 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ") + ellipsis
}

// Commas formats n with thousands separators: 80412 → "80,412".
func Commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	if len(s) <= 3 {
		if neg {
			return "-" + s
		}
		return s
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	lead := len(s) % 3
	if lead == 0 {
		lead = 3
	}
	b.WriteString(s[:lead])
	for i := lead; i < len(s); i += 3 {
		b.WriteByte(',')
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// ParseCommas reads a non-negative number written by [Commas].
func ParseCommas(s string) (int, bool) {
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	return n, err == nil && n >= 0
}

// Plural writes n and word in the number n calls for: "1 file",
// "2 files", "3 matches", "4 directories".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	switch {
	case strings.HasSuffix(word, "ch"), strings.HasSuffix(word, "sh"), strings.HasSuffix(word, "s"), strings.HasSuffix(word, "x"):
		word += "es"
	case len(word) >= 2 && strings.HasSuffix(word, "y") && !strings.ContainsRune("aeiou", rune(word[len(word)-2])):
		word = word[:len(word)-1] + "ies"
	default:
		word += "s"
	}
	return Commas(n) + " " + word
}
