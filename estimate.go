package headroom

import "unicode/utf8"

// Estimate is the default [TokenCounter]: standard library only, one pass,
// no allocation, and calibrated to err high. It classifies byte runs —
// ASCII letters, digits, punctuation, white space, line breaks, CJK,
// Cyrillic, other scripts — and prices each class; the prices were fitted
// against OpenAI's o200k_base on the real tool outputs and translated
// manual pages in testdata, then raised so that the estimate lands at or
// above the exact count. (chars/4, what most tools use, undercounts build
// logs by a third and CJK text by more than half.)
//
// Measured by TestAccuracyTable in package tiktoken: on every sample it is
// at least 2 % above the exact o200k count, and on average 13 % above it.
var Estimate TokenCounter = estimator{}

type estimator struct{}

// Prices in thousandths of a token.
const (
	priceLetter      = 217  // each ASCII letter
	priceLetterRun   = 125  // each run of ASCII letters (a word, an identifier)
	priceDigitGroup  = 1574 // each group of up to three digits: tokenizers split numbers so
	pricePunct       = 325  // each ASCII punctuation or control byte
	pricePunctRun    = 429  // each run of them
	priceNewline     = 469  // each line break
	priceSpaceRun    = 1222 // each run of two or more spaces, tabs or CRs (indentation)
	priceCJK         = 900  // each Han, Hiragana, Katakana or Hangul character
	priceCyrillic    = 400  // each Cyrillic character
	priceOtherScript = 2758 // each other non-ASCII character: accents, symbols, emoji
	priceInvalid     = 1000 // each byte that is not UTF-8
)

// byte classes of ASCII.
const (
	classLetter = iota + 1
	classDigit
	classPunct
	classSpace
	classNewline
	classWide // a non-ASCII rune, priced by script
)

var asciiClass = func() (t [128]uint8) {
	for i := range t {
		switch c := byte(i); {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			t[i] = classLetter
		case c >= '0' && c <= '9':
			t[i] = classDigit
		case c == ' ', c == '\t', c == '\r':
			t[i] = classSpace
		case c == '\n':
			t[i] = classNewline
		default:
			t[i] = classPunct
		}
	}
	return t
}()

// CountTokens estimates the tokens of s; it never exceeds len(s).
func (estimator) CountTokens(s string) int {
	var milli int64
	var prev uint8
	digits, spaces := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		var cls uint8
		if c < utf8.RuneSelf {
			cls = asciiClass[c]
			i++
		} else {
			r, w := utf8.DecodeRuneInString(s[i:])
			i += w
			cls = classWide
			switch {
			case r == utf8.RuneError && w == 1:
				milli += priceInvalid
			case isCJK(r):
				milli += priceCJK
			case r >= 0x0400 && r <= 0x052F:
				milli += priceCyrillic
			default:
				milli += priceOtherScript
			}
		}
		if cls != classDigit && digits > 0 {
			milli += int64((digits+2)/3) * priceDigitGroup
			digits = 0
		}
		if cls != classSpace && spaces > 0 {
			if spaces > 1 {
				milli += priceSpaceRun
			}
			spaces = 0
		}
		switch cls {
		case classLetter:
			milli += priceLetter
			if prev != classLetter {
				milli += priceLetterRun
			}
		case classDigit:
			digits++
		case classPunct:
			milli += pricePunct
			if prev != classPunct {
				milli += pricePunctRun
			}
		case classSpace:
			spaces++
		case classNewline:
			milli += priceNewline
		}
		prev = cls
	}
	milli += int64((digits+2)/3) * priceDigitGroup
	if spaces > 1 {
		milli += priceSpaceRun
	}
	n := int((milli + 999) / 1000)
	if n == 0 && len(s) > 0 {
		n = 1 // white space alone is still a token
	}
	return min(n, len(s))
}

// isCJK reports whether r is Han, Hiragana, Katakana, Hangul or CJK
// punctuation and full-width forms.
func isCJK(r rune) bool {
	switch {
	case r >= 0x3000 && r <= 0x30FF, // CJK punctuation, Hiragana, Katakana
		r >= 0x3400 && r <= 0x4DBF, r >= 0x4E00 && r <= 0x9FFF, r >= 0xF900 && r <= 0xFAFF, r >= 0x20000 && r <= 0x2FA1F, // Han
		r >= 0x1100 && r <= 0x11FF, r >= 0x3130 && r <= 0x318F, r >= 0xAC00 && r <= 0xD7AF, // Hangul
		r >= 0xFF00 && r <= 0xFFEF: // full-width forms
		return true
	}
	return false
}
