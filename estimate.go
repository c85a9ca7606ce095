package headroom

import (
	"encoding/base64"
	"encoding/binary"
	"unicode/utf8"
)

// Estimate is the default [TokenCounter]: standard library only, one pass,
// no allocation, and built never to count below OpenAI's o200k_base or
// cl100k_base encodings on any kind of text.
//
// It follows the encodings' own first step — the split of text into
// pieces (a word with the space before it, up to three digits, a run of
// punctuation, a run of white space) that no token crosses — and prices
// each piece by what it holds:
//
//   - a word costs one token plus a share for each letter, more for each
//     pair of letters that is rare inside the vocabularies' words, so that
//     "information" costs about one token and base64 or random letters
//     about one every two letters;
//   - every group of up to three digits is one token, as in both
//     encodings;
//   - a control byte (NUL, ESC) is a token of its own, and a lone tab
//     inside a line most of one (no word nor mark takes it), more
//     before a mark, which is then a token whole;
//   - a lone hyphen joining a letter or digit to a letter (command-line
//     flags, kebab-case) costs more than other punctuation;
//   - two capitals side by side cost more than the same letters in lower
//     case, which the vocabularies merge more often;
//   - every other rune costs, from a generated table, the larger of its
//     o200k and cl100k counts when it stands alone (Han, Hangul, kana,
//     emoji, symbols), four for runes beyond the tables (Han extension
//     planes); an invalid byte costs one.
//
// The prices are fitted so that the estimate is at least both exact counts
// on every generated class of text (every CJK plane, Hangul, kana,
// emoji with ZWJ sequences, base64, hex, UUIDs, digit runs, one-token
// lines, NUL and punctuation runs, minified JS, source maps, od/xxd dumps,
// ANSI) and on every real sample in testdata, while staying as low as that
// allows on ordinary code, logs and prose. On text it was not fitted on it
// has read as low as 0.97 of exact o200k (a Fortran build log), which is
// why a token budget aims a little under (see [WithMaxTokens]).
// TestEstimateClassTable and
// TestAccuracyTable in package tiktoken hold it to that and print the
// ratios. Text built from rare runes is priced at its worst case, so
// ordinary CJK prose counts about twice what it costs.
var Estimate TokenCounter = estimator{}

type estimator struct{}

// The features the estimate prices, counted in one pass.
const (
	fLetter     = iota // ASCII letters
	fWord              // runs of letters, split where a lower-case letter meets an upper-case one
	fRarePair          // adjacent letters of a word whose pair is not common in the vocabularies
	fDigitGroup        // groups of up to three digits
	fPunct             // ASCII punctuation bytes
	fPunctRun          // runs of them
	fControl           // control bytes other than tab, CR and LF, and DEL
	fControlRun        // runs of them
	fSpaceRun          // runs of two or more spaces or tabs
	fLoneSpace         // the last space before a digit: a piece of its own
	fLineBreak         // runs of white space holding a line break
	fNewline           // line breaks
	fBlank             // spaces and tabs
	fRuneCost          // table cost of non-ASCII runes
	fInvalid           // bytes that are not UTF-8
	fJoin              // a lone '-' between a letter or digit and a letter: flags, kebab-case
	fUpperPair         // adjacent upper-case letters whose pair is common: capitals merge less
	fInnerTab          // lone tabs inside a line: no word nor mark takes one before it
	nFeatures
)

// estimatePrices are the prices of the features in thousandths of a token.
var estimatePrices = [nFeatures]int64{
	fLetter:     0,
	fWord:       1135,
	fRarePair:   1117,
	fDigitGroup: 1164,
	fPunct:      687,
	fPunctRun:   0,
	fControl:    1184,
	fControlRun: 1113,
	fSpaceRun:   1157,
	fLoneSpace:  1003,
	fLineBreak:  281,
	fNewline:    644,
	fBlank:      0,
	fRuneCost:   1292,
	fInvalid:    1336,
	// A command line of gcc flags (-Wfatal-errors -Wredundant-decls …)
	// split at every joining hyphen and read 0.94 of cl100k without it.
	fJoin: 600,
	// MakeMaker's DESTINSTALLVENDORSCRIPT and Fortran's EQUIVALENCE read
	// 0.96 of o200k without it: the vocabularies merge capitals far less
	// often than the same letters in lower case.
	fUpperPair: 350,
	// strings -t x of a binary's tables (`(\t)\t)\t)…`, `Y\tY\tY…`)
	// read 0.85 of o200k without it: a space before a word or a mark is
	// part of its piece, a lone tab inside a line mostly a piece of its
	// own, and a mark after it a whole token, no space in its piece: the
	// tab is counted once more before a mark. Less than a token: at a
	// whole one, the tab-separated tables among ordinary text read 1.249
	// of o200k on average, at the edge of the 1.25 goal; at 0.6 with the
	// mark's share, 1.248 in the first 8 KB of each, the strings dump
	// 1.12 and a generated table of tab-separated marks 1.04.
	fInnerTab: 600,
}

// byte classes of ASCII.
const (
	classLetter = iota + 1
	classDigit
	classPunct
	classControl
	classSpace
	classNewline
	classWide // a non-ASCII rune, priced by table
)

// byteClass classes every byte; those of non-ASCII are classWide.
var byteClass = func() (t [256]uint8) {
	for i := range t {
		switch c := byte(i); {
		case c >= utf8.RuneSelf:
			t[i] = classWide
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			t[i] = classLetter
		case c >= '0' && c <= '9':
			t[i] = classDigit
		case c == ' ', c == '\t', c == '\r', c == '\v', c == '\f':
			t[i] = classSpace
		case c == '\n':
			t[i] = classNewline
		case c < ' ', c == 0x7f:
			t[i] = classControl
		default:
			t[i] = classPunct
		}
	}
	return t
}()

// letterPairs is commonPairs indexed by five bits, so that no bound is
// checked in the letter loop.
var letterPairs = func() (t [32]uint32) {
	copy(t[:], commonPairs[:])
	return t
}()

// runeCost is the decoded runeCostRLE: two bits a rune (cost 1 to 3) for
// U+0000 to U+FFFF, then U+1F000 to U+1FAFF from index 0x10000.
var runeCost = func() (t [(0x10000 + 0xB00) / 4]uint8) {
	rle, err := base64.StdEncoding.DecodeString(runeCostRLE)
	if err != nil {
		panic("headroom: corrupt rune cost table: " + err.Error())
	}
	i := 0x80
	for len(rle) > 0 {
		n, w := binary.Uvarint(rle)
		if w <= 0 || w >= len(rle) {
			panic("headroom: corrupt rune cost table")
		}
		v := min(rle[w], 3)
		rle = rle[w+1:]
		for range n {
			if i < len(t)*4 {
				t[i/4] |= v << (i % 4 * 2)
			}
			i++
		}
	}
	return t
}()

// costOfRune is what a non-ASCII rune costs alone, in tokens.
func costOfRune(r rune) int64 {
	switch {
	case r < 0x10000:
		return int64(runeCost[r/4] >> (r % 4 * 2) & 3)
	case r >= 0x1F000 && r < 0x1FB00:
		i := r - 0x1F000 + 0x10000
		return int64(runeCost[i/4] >> (i % 4 * 2) & 3)
	}
	return 4 // Han extension planes and the rest: one token a byte at worst
}

// CountTokens estimates the tokens of s; it never exceeds len(s).
func (estimator) CountTokens(s string) int {
	f := estimateFeatures(s)
	var milli int64
	for i, n := range f {
		milli += n * estimatePrices[i]
	}
	n := int((milli + 999) / 1000)
	if n == 0 && len(s) > 0 {
		n = 1 // white space alone is still a token
	}
	return min(n, len(s))
}

// estimateFeatures counts the features of s in one pass, a run of one
// class at a time.
func estimateFeatures(s string) (f [nFeatures]int64) {
	// Counted in locals, which stay in registers, and stored at the end.
	var nLetter, nWord, nRarePair, nDigitGroup, nPunct, nPunctRun, nControl, nControlRun, nSpaceRun, nLoneSpace, nLineBreak, nNewline, nBlank, nRuneCost, nInvalid, nJoin, nUpperPair, nInnerTab int64
	for i := 0; i < len(s); {
		c := s[i]
		switch byteClass[c] {
		case classLetter:
			j, words, rare, upperPairs := i+1, int64(1), int64(0), int64(0)
			prev, prevUpper := c|0x20, c < 'a'
			for ; j < len(s) && byteClass[s[j]] == classLetter; j++ {
				lower, upper := s[j]|0x20, s[j] < 'a'
				if upper && !prevUpper {
					words++ // o200k starts a piece where a lower-case letter meets an upper-case one
				} else if letterPairs[(prev-'a')&31]>>((lower-'a')&31)&1 == 0 {
					rare++
				} else if upper && prevUpper {
					upperPairs++
				}
				prev, prevUpper = lower, upper
			}
			nLetter += int64(j - i)
			nWord += words
			nRarePair += rare
			nUpperPair += upperPairs
			i = j
		case classDigit:
			j := i + 1
			for j < len(s) && byteClass[s[j]] == classDigit {
				j++
			}
			nDigitGroup += int64((j - i + 2) / 3)
			i = j
		case classPunct:
			j := i + 1
			for j < len(s) && byteClass[s[j]] == classPunct {
				j++
			}
			nPunct += int64(j - i)
			nPunctRun++
			if j == i+1 && c == '-' && i > 0 && j < len(s) && byteClass[s[j]] == classLetter && (byteClass[s[i-1]] == classLetter || byteClass[s[i-1]] == classDigit) {
				nJoin++
			}
			i = j
		case classControl:
			j := i + 1
			for j < len(s) && byteClass[s[j]] == classControl {
				j++
			}
			nControl += int64(j - i)
			nControlRun++
			i = j
		case classSpace, classNewline:
			if c == ' ' && i+1 < len(s) && byteClass[s[i+1]] == classLetter {
				nBlank++ // a space that starts a word: the commonest case
				i++
				continue
			}
			// A run of white space: one piece if it holds a line break
			// (spaces before a break join it), one more for the spaces
			// after the last break when they are two or more, and one
			// more for the last space before a digit.
			spaces, lineBreak := 0, false
			j := i
			for ; j < len(s); j++ {
				switch byteClass[s[j]] {
				case classSpace:
					spaces++
					nBlank++
					continue
				case classNewline:
					nNewline++
					lineBreak, spaces = true, 0
					continue
				}
				break
			}
			if lineBreak {
				nLineBreak++
			} else if i > 0 && j == i+1 && c == '\t' {
				nInnerTab++ // a lone tab inside a line, after a word, a mark or a digit
				if j < len(s) && byteClass[s[j]] == classPunct {
					nInnerTab++ // and the mark after it is a piece alone, no space in it
				}
			}
			if spaces > 1 {
				nSpaceRun++
			}
			if spaces > 0 && j < len(s) && byteClass[s[j]] == classDigit {
				// A digit takes no space before it: the run's last space
				// is a piece of its own (a right-aligned column's numbers).
				nLoneSpace++
			}
			i = j
		default: // a non-ASCII rune, or a byte that is not UTF-8
			r, w := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && w == 1 {
				nInvalid++
			} else {
				nRuneCost += costOfRune(r)
			}
			i += w
		}
	}
	return [nFeatures]int64{fLetter: nLetter, fWord: nWord, fRarePair: nRarePair, fDigitGroup: nDigitGroup, fPunct: nPunct, fPunctRun: nPunctRun, fControl: nControl, fControlRun: nControlRun, fSpaceRun: nSpaceRun, fLoneSpace: nLoneSpace, fLineBreak: nLineBreak, fNewline: nNewline, fBlank: nBlank, fRuneCost: nRuneCost, fInvalid: nInvalid, fJoin: nJoin, fUpperPair: nUpperPair, fInnerTab: nInnerTab}
}
