package headroom

import "strings"

// A run may close with its statistics rather than a verdict word: a
// block of count lines after its last finding (perlcritic --statistics'
// `20 files.`, `1,150 violations.`, `115 severity 5 violations.`, then a
// count per policy). No failure word marks it, and the last lines alone,
// the counts of the rarest policies, are its least telling part: the
// block is kept from its first line down, in a closingShare of the limit,
// after the verdict and before any finding. A tally of findings by kind
// is such a block too (golangci-lint's `105 issues:` then `* govet: 1`
// per linter): its count lines name the kind first and give the count
// last.

// closingShare is the share of the limit a closing block of counts may
// take: a quarter.
const closingShare = 4

// closingMax bounds how many lines from the end a closing block of counts
// is sought in.
const closingMax = 200

// closingCounts returns the first line of the block of count lines that
// closes a log, or -1: the lines after its last finding (a warning or an
// error), at most closingMax of them, of which at least
// closingMin and half of those not blank are count lines.
func closingCounts(lines logLines) int {
	n := lines.len()
	start, counts, nonBlank := n, 0, 0
	for i := n - 1; i >= 0 && i >= n-closingMax; i-- {
		c := lines.class(i)
		if c == lineWarning || c == lineError {
			break
		}
		start = i
		if c == lineBlank {
			continue
		}
		nonBlank++
		if l := lines.line(i); isCountLine(l) || isTallyLine(l) {
			counts++
		}
	}
	if counts < closingMin || counts*2 < nonBlank {
		return -1
	}
	return start
}

// closingMin is the least count lines a closing block holds.
const closingMin = 3

// isCountLine reports whether l opens with a count and the noun it
// counts: `  249 subroutines/methods.`, `1,150 violations.`.
func isCountLine(l string) bool {
	i := indentEnd(l)
	n := 0
	for i+n < len(l) && (l[i+n] >= '0' && l[i+n] <= '9' || n > 0 && l[i+n] == ',') {
		n++
	}
	return n > 0 && i+n+1 < len(l) && l[i+n] == ' ' && isLetter(l[i+n+1])
}

// tallyKeyMax bounds the length of a tally line's key.
const tallyKeyMax = 60

// isTallyLine reports whether l gives a count under a key, the count
// ending the line: `* govet: 1`, `  unconvert: 3`, `E501: 12`. A bullet
// (`*`, `-`, `•`) may open it; the key starts with a letter.
func isTallyLine(l string) bool {
	l = strings.TrimSpace(l)
	for _, b := range [...]string{"* ", "- ", "• "} {
		l = strings.TrimPrefix(l, b)
	}
	colon := strings.LastIndexByte(l, ':')
	if colon < 1 || colon > tallyKeyMax || !isLetter(l[0]) {
		return false
	}
	n := strings.TrimLeft(l[colon+1:], " \t")
	if n == "" || len(n) == len(l)-colon-1 {
		return false // no space after the colon: a time, a port, a position
	}
	for i := 0; i < len(n); i++ {
		if (n[i] < '0' || n[i] > '9') && (i == 0 || n[i] != ',') {
			return false
		}
	}
	return true
}

// pickClosingCounts keeps the closing block of counts of a log, from its
// first line down, while it fits in a closingShare of limit more.
func pickClosingCounts(sel *logSelection, lines logLines, limit int) {
	start := closingCounts(lines)
	if start < 0 {
		return
	}
	bound := sel.cost + limit/closingShare
	for i := start; i < lines.len(); i++ {
		if lines.class(i) != lineBlank && !sel.pickWithin(i, bound) {
			return
		}
	}
}
