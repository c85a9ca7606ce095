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
// kinds are told first.

// kindWindow is how much of a line its kind is read from.
const kindWindow = 200

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
	s = strings.TrimRight(s[:min(len(s), kindWindow)], " \t\r")
	s = strings.TrimLeft(s, " \t")
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
	out := make([]int, len(heads))
	rareOrder(lines, len(heads), func(k int) int { return heads[k] }, func(k, at int) { out[at] = heads[k] })
	return out
}

// rareOrder places n lines, the k-th at line head(k), in rareFirst's
// order: by the count of their kind, ascending, in input order within a
// count. It calls head(k), then place(k, at), for k from 0 to n-1, at
// being where the k-th goes. Kinds are numbered as they come, by hash (see
// firstSeen), so a line's kind costs no copy of its key, and the lines
// are placed by a counting sort, stable, with no comparisons.
func rareOrder(lines logLines, n int, head func(k int) int, place func(k, at int)) {
	kind := make([]int32, n) // each line's kind's number
	var count []int32        // by kind
	var first []int          // by kind: the line of its first
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
		kind[k] = int32(id)
		count[id]++
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
	for _, id := range kind {
		at[count[id]+1]++
	}
	for r := 1; r < len(at); r++ {
		at[r] += at[r-1]
	}
	for k, id := range kind {
		r := count[id]
		place(k, int(at[r]))
		at[r]++
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
	out := make([]int32, n) // four bytes a block: a log of a million distinct errors tells a million
	// The distinct blocks in order, met twice: as heads, then as placed.
	heads, placed := 0, 0
	next := func(at *int) int {
		for blocks[*at].dupOf() >= 0 {
			*at++
		}
		*at++
		return *at - 1
	}
	if n < 3 {
		for k := range out {
			out[k] = int32(next(&placed))
		}
		return out
	}
	rareOrder(lines, n, func(int) int { return int(blocks[next(&heads)].head) }, func(_, at int) { out[at] = int32(next(&placed)) })
	return out
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
