package headroom

import (
	"slices"
	"strings"
)

// A failure's kind is what its first line says once every identity in it
// is blanked: positions, paths, quoted names, numbers and a parametrized
// test's arguments. `a.py:12: error: Name "x" is not defined` and `b.py:7:
// error: Name "y" is not defined` are one kind; `--- FAIL: TestA` and
// `--- FAIL: TestB` are two. A strict type checker's 1,300 findings are a
// handful of kinds repeated hundreds of times, and the one bug among them
// is the kind seen once: when not every failure can be told, the rare
// kinds are told first. Before them all go the kinds that say the input
// did not parse (saysSyntaxError): a validator's hundreds of findings on
// files it read are worth less than the one file it could not read, and
// a parser's error is often told several times over as it recovers.

// kindWindow is how much of a line its kind is read from; a quoted name
// that opens within it is blanked whole when it closes within
// kindQuoteWindow.
const (
	kindWindow      = 200
	kindQuoteWindow = 2048
)

// failureKind appends to dst the kind of line s. A linter's finding that
// ends in its check's code (`(SA4006)`, `[arg-type]`, `[-Wconversion]`,
// `(unused-argument)`) is of that code's kind, whatever its message names.
func failureKind(dst []byte, s string) []byte {
	if code := trailingCode(s); code != "" {
		return append(append(dst, "code "...), code...)
	}
	if _, i := levelWord(s); i >= 0 {
		s = s[i:] // a system log's timestamp, host and thread are no part of its kind
	}
	s = strings.TrimLeft(s, " \t")
	full := s[:min(len(s), kindQuoteWindow)]
	s = strings.TrimRight(s[:min(len(s), kindWindow)], " \t\r")
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == 0 || s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '(' {
			end := i
			for end < len(s) && s[end] != ' ' && s[end] != '\t' {
				end++
			}
			if w := s[i:end]; isIdentityToken(w) {
				if k := strings.IndexByte(w, '['); k > 0 && w[len(w)-1] == ']' && strings.IndexByte(w[:k], '/') < 0 {
					dst = append(dst, w[:k]...) // test_x[args0-1]: the test, not its arguments
				}
				dst = append(dst, '@')
				i = end - 1
				continue
			}
		}
		if c == '"' || c == '`' || c == '\'' || c == 0xe2 {
			if q := closingQuote(s, i); q > i {
				dst = append(dst, '\'', '\'')
				i = q - 1
				continue
			}
			if closingQuote(full, i) > i {
				// A quoted name the window cuts (g++'s template
				// signatures run to hundreds of bytes) is still a name.
				return append(dst, '\'', '\'')
			}
		}
		switch {
		case c >= '0' && c <= '9':
			for i+1 < len(s) && (isHexDigit(s[i+1]) || s[i+1] == 'x' || s[i+1] == '.' || s[i+1] == ',') {
				i++
			}
			dst = append(dst, '#')
		case c == '[' && i > 0 && isWordByte(s[i-1]):
			if k := strings.IndexByte(s[i:], ']'); k > 0 {
				i += k
			}
			dst = append(dst, '[', ']')
		case !isWordByte(c) && c < 0x80 && len(dst) > 0 && dst[len(dst)-1] == c:
			// a run of rule or padding characters: `____ name ____`
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// rareFirst returns the given line indices ordered by how often their
// kind occurs among them, the rarest first, in input order within a
// count: the order in which failures (or warnings) are told when not
// all fit.
func rareFirst(lines logLines, heads []int) []int {
	if len(heads) < 3 {
		return heads
	}
	order := rareOrder(lines, len(heads), func(k int) int { return heads[k] })
	out := make([]int, len(heads))
	for at, k := range order {
		out[at] = heads[k]
	}
	return out
}

// rareOrder orders n lines, the k-th at line head(k), as rareFirst does:
// by the count of their kind, ascending, in input order within a count,
// the kinds that say syntax error first of all.
// It calls head(k) for k from 0 to n-1 and returns, at each place, the k
// that goes there. Kinds are numbered as they come, by hash (see
// firstSeen), so a line's kind costs no copy of its key, and the lines
// are placed by a counting sort, stable, with no comparisons, in one
// slice of n: each line's kind, then its place, then, the places
// inverted where they stand, the order.
func rareOrder(lines logLines, n int, head func(k int) int) []int32 {
	return rareOrderKinds(lines, n, head, nil)
}

// rareOrderKinds is rareOrder that also writes, when kinds is not nil (it
// then holds n), the number of each line's kind, numbered as they come.
func rareOrderKinds(lines logLines, n int, head func(k int) int, kinds []int32) []int32 {
	order := make([]int32, n) // each line's kind's number, then its place, then the order
	var count []int32         // by kind
	var first []int           // by kind: the line of its first
	var key []byte
	seen := newFirstSeen(0, 0, func(dst []byte, id int) []byte { return failureKind(dst, lines.line(first[id])) })
	for k := range n {
		i := head(k)
		key = failureKind(key[:0], lines.line(i))
		id := seen.first(key, len(count))
		if id == len(count) {
			count = append(count, 0)
			first = append(first, i)
		}
		order[k] = int32(id)
		count[id]++
	}
	copy(kinds, order)
	for id, i := range first {
		if saysSyntaxError(lines.line(i)) {
			count[id] = 0 // below every count: told first
		}
	}
	// Each kind's count becomes its rank among the counts that occur, so
	// that the sort's table is as long as there are counts, not as long as
	// the largest: a log of one kind n times must not cost another n slots.
	counts := slices.Clone(count)
	slices.Sort(counts)
	counts = slices.Compact(counts)
	for id, c := range count {
		r, _ := slices.BinarySearch(counts, c)
		count[id] = int32(r)
	}
	// at[r] is where the lines whose kind's count has rank r start.
	at := make([]int32, len(counts)+1)
	for _, id := range order {
		at[count[id]+1]++
	}
	for r := 1; r < len(at); r++ {
		at[r] += at[r-1]
	}
	for k, id := range order {
		r := count[id]
		order[k] = at[r]
		at[r]++
	}
	invertInPlace(order)
	return order
}

// invertInPlace turns a permutation p (k goes to p[k]) into its inverse
// (p[at] is the k that goes to at), following each cycle once; a place
// written is marked by its bits flipped, negative, until the end.
func invertInPlace(p []int32) {
	for i := range p {
		if p[i] < 0 {
			continue
		}
		k, at := int32(i), p[i]
		for {
			next := p[at]
			p[at] = ^k
			if int(at) == i {
				break
			}
			k, at = at, next
		}
	}
	for i := range p {
		p[i] = ^p[i]
	}
}

// toldOrder returns the indices of the distinct blocks in the order they
// are told: the rarest kinds first.
func toldOrder(lines logLines, blocks []logBlock) []int32 {
	n := 0
	for _, b := range blocks {
		if b.dupOf() < 0 {
			n++
		}
	}
	if n < 3 {
		out := make([]int32, 0, n)
		for k, b := range blocks {
			if b.dupOf() < 0 {
				out = append(out, int32(k))
			}
		}
		return out
	}
	// The distinct blocks in order, met as heads.
	heads := 0
	next := func(at *int) int {
		for blocks[*at].dupOf() >= 0 {
			*at++
		}
		*at++
		return *at - 1
	}
	order := rareOrder(lines, n, func(int) int { return int(blocks[next(&heads)].head) })
	// The k-th distinct block, in place of k: four bytes a block, one
	// slice (a log of a million distinct errors tells a million).
	nth := nthDistinct(blocks, n)
	for at, k := range order {
		order[at] = int32(nth(int(k)))
	}
	return order
}

// nthDistinct returns a function that gives the index of the k-th of the
// n distinct blocks (the first of their kind) of blocks, asked in any
// order: a count of the distinct blocks before every 64th block, and a
// walk of at most 64 blocks from there.
func nthDistinct(blocks []logBlock, n int) func(k int) int {
	if n == len(blocks) {
		return func(k int) int { return k }
	}
	before := make([]int32, 0, len(blocks)/64+1) // distinct blocks before block 64c
	d := int32(0)
	for i, b := range blocks {
		if i%64 == 0 {
			before = append(before, d)
		}
		if b.dupOf() < 0 {
			d++
		}
	}
	return func(k int) int {
		c, _ := slices.BinarySearch(before, int32(k)+1) // the first chunk with more than k before it
		c--
		d := int(before[c])
		for i := c * 64; ; i++ {
			if blocks[i].dupOf() < 0 {
				if d == k {
					return i
				}
				d++
			}
		}
	}
}

// trailingCode returns the check code a line ends with, in parentheses
// or brackets: `(SA4006)`, `[no-untyped-def]`, `[-Wsign-conversion]`; or "".
// A code is one word of letters, digits, '-' and '_' that holds a letter.
func trailingCode(s string) string {
	s = strings.TrimRight(s, " \t\r")
	if len(s) < 4 {
		return ""
	}
	var open byte
	switch s[len(s)-1] {
	case ')':
		open = '('
	case ']':
		open = '['
	default:
		return ""
	}
	i := strings.LastIndexByte(s, open)
	if i < 1 || s[i-1] != ' ' || len(s)-i-2 < 2 {
		return ""
	}
	code, letter := s[i+1:len(s)-1], false
	for k := 0; k < len(code); k++ {
		c := code[k]
		switch {
		case isLetter(c):
			letter = true
		case c >= '0' && c <= '9', c == '-', c == '_':
		default:
			return ""
		}
	}
	if !letter {
		return ""
	}
	return code
}

// syntaxPhrases are what a parser's failure says of itself, in any case:
// perl's, bash's and yamllint's `syntax error`, PHP's `Parse error`,
// xmllint's `parser error`, eslint's `Parsing error`, Python's
// `SyntaxError`.
var syntaxPhrases = [...]string{"syntax error", "syntaxerror", "parse error", "parseerror", "parser error", "parsing error"}

// saysSyntaxError reports whether one of syntaxPhrases stands in the
// first kindWindow bytes of line, or line is a finding at a position
// whose message is what a parser expected (Python's and pyflakes' `a.py:
// 158:16: expected ':'`, luacheck's `expected 'then' near 'than'`, gcc's
// `error: expected ';' before '}' token`).
func saysSyntaxError(line string) bool {
	if msg, ok := positionMessage(strings.TrimLeft(line, " \t")); ok && strings.HasPrefix(strings.TrimPrefix(msg, "error: "), "expected ") {
		return true
	}
	s := line[:min(len(line), kindWindow)]
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c != 's' && c != 'p' || i > 0 && isLetter(s[i-1]) {
			continue
		}
		for _, p := range syntaxPhrases {
			if len(s)-i >= len(p) && strings.EqualFold(s[i:i+len(p)], p) {
				return true
			}
		}
	}
	return false
}

// pickSyntaxWhole keeps the first told failure whole, as the first
// failure is, within a firstBlockShare of limit more, when its kind says
// syntax error: a parser's error shows the source it could not read
// (xmllint's line and caret, perl's `near "…"`) below its first line.
func pickSyntaxWhole(sel *logSelection, lines logLines, blocks []logBlock, told []int32, limit int) {
	if len(told) == 0 {
		return
	}
	b := blocks[told[0]]
	if !saysSyntaxError(lines.line(int(b.head))) {
		return
	}
	sel.pickWithin(int(b.head), limit/2)
	sel.pickBlock(b, sel.cost+limit/firstBlockShare)
}
