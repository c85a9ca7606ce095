package headroom

import (
	"encoding/json"
	"math/bits"
	"slices"
	"strings"
)

// The JSON planner needs, for a text of many megabytes, whether it is
// valid JSON, where its top-level elements start and end, and which of
// them share a shape (the same keys in the same order). One pass finds
// all three: a validator that accepts exactly what encoding/json's Valid
// accepts (the fuzz target FuzzJSONScan holds it to that), recording the
// root's direct children and their keys as it goes. Scanning with
// json.Valid, then splitting, then reading each element's keys cost three
// passes and a string per element.

// jsonTop is the top level of a JSON text.
type jsonTop struct {
	elems [][2]int // the elements, members (from the key) or documents
	kind  string   // "array element", "object member" or "document"
	// shapes holds, per element, a small number naming its shape: the
	// keys of an object element in order, written as they are; 0 for any
	// other value and for {}. Equal numbers, equal shapes.
	shapes []int32
	end    int // the index just past the first document
	values int // the values inside the first document at any depth
	// For an object, inner[innerAt[k]:innerAt[k+1]] are the elements or
	// members of its k-th member's value, as sequence finds them: the
	// outline places every member it shows, and would scan each again.
	inner   [][2]int
	innerAt []int
}

// jsonMaxDepth is encoding/json's limit on nesting: a text nested deeper
// is not valid to it, so not to the planner either.
const jsonMaxDepth = 10000

// scanJSONTop returns the top level of text, or false when text is not a
// sequence the JSON planner takes: a valid array or object, or a stream of
// valid documents opening with one.
func scanJSONTop(text string) (jsonTop, bool) {
	i := skipSpace(text, 0)
	if i >= len(text) || (text[i] != '[' && text[i] != '{') {
		return jsonTop{}, false
	}
	sc := jsonScanner{text: text, children: true}
	end := sc.value(i)
	if end < 0 {
		return jsonTop{}, false
	}
	top := jsonTop{elems: sc.elems, shapes: sc.shapes, end: end, values: sc.values - 1, inner: sc.inner, innerAt: sc.innerAt}
	first := sc.rootShape
	j := skipSpace(text, end)
	if j == len(text) {
		if text[i] == '[' {
			top.kind = "array element"
		} else {
			top.kind = "object member"
			top.shapes = make([]int32, len(top.elems)) // members are not objects
		}
		return top, true
	}
	// A stream: documents one after another, each valid on its own.
	top.kind = "document"
	top.elems, top.shapes, top.inner, top.innerAt = [][2]int{{i, end}}, []int32{first}, nil, nil
	sc.children = false
	for ; j < len(text); j = skipSpace(text, j) {
		var end int
		if c := text[j]; c == '{' || c == '[' {
			end = sc.value(j)
		} else {
			// A scalar document ends where valueEnd says, as
			// before the scanner: "1x" is one invalid document.
			end = valueEnd(text, j)
			if end <= j || !json.Valid([]byte(text[j:end])) {
				end = -1
			}
			sc.rootShape = 0
		}
		if end < 0 {
			return jsonTop{}, false
		}
		top.elems = append(top.elems, [2]int{j, end})
		top.shapes = append(top.shapes, sc.rootShape)
		j = end
	}
	return top, true
}

// jsonElements returns the byte ranges of the top-level elements of text
// and what they are: "array element", "object member" or "document".
func jsonElements(text string) (elems [][2]int, kind string, ok bool) {
	top, ok := scanJSONTop(text)
	return top.elems, top.kind, ok
}

// jsonScanner validates JSON values and, while it does, records the
// direct children of the value it scans and the shapes of objects at the
// top two levels.
type jsonScanner struct {
	text     string
	children bool // record elems and shapes for the value scanned

	elems     [][2]int // the root's children: elements, or members from their key
	shapes    []int32  // each child's shape
	values    int      // values scanned, the root included
	rootShape int32    // the last root's shape, 0 when it is an array
	inner     [][2]int // an object root's members' children (see jsonTop)
	innerAt   []int

	stack []byte    // the open containers' closing brackets
	keys  [2][]byte // the keys so far of the root (0) and of the child being scanned (1), each followed by a 0
	last  []byte    // the keys of the last shape numbered…
	lastN int32     // …and its number
	ids   map[string]int32
}

// value scans the value at text[i] and returns the index just past it, or
// -1 when it is not valid JSON (as encoding/json judges it). What follows
// the value is not looked at.
func (sc *jsonScanner) value(i int) int {
	s := sc.text
	stack := sc.stack[:0]
	defer func() { sc.stack = stack[:0] }()
	sc.rootShape = 0
	root := skipSpace(s, i)
	child, childVal := 0, 0 // where the root's child being scanned starts, and its value
	inner := 0              // where the child's child being scanned starts
	innerOn := sc.children && root < len(s) && s[root] == '{'
	if innerOn {
		sc.inner, sc.innerAt = sc.inner[:0], append(sc.innerAt[:0], 0)
	}
value:
	i = skipSpace(s, i)
	if i >= len(s) {
		return -1
	}
	sc.values++
	switch len(stack) {
	case 1:
		childVal = i
		if stack[0] == ']' {
			child = i
		}
	case 2:
		if stack[1] == ']' {
			inner = i
		}
	}
	switch c := s[i]; c {
	case '{', '[':
		if len(stack) >= jsonMaxDepth {
			return -1
		}
		closing := byte(']')
		if c == '{' {
			closing = '}'
			if len(stack) < 2 {
				sc.keys[len(stack)] = sc.keys[len(stack)][:0]
			}
		}
		stack = append(stack, closing)
		i = skipSpace(s, i+1)
		if i < len(s) && s[i] == closing {
			i++
			stack = stack[:len(stack)-1]
			goto after
		}
		if c == '{' {
			goto key
		}
		goto value
	case '"':
		i = jsonStringEnd(s, i)
	case 't':
		i = jsonLiteralEnd(s, i, "true")
	case 'f':
		i = jsonLiteralEnd(s, i, "false")
	case 'n':
		i = jsonLiteralEnd(s, i, "null")
	default:
		i = jsonNumberEnd(s, i)
	}
	if i < 0 {
		return -1
	}
after: // a value ended at i; it is a child of the container on top of stack
	switch len(stack) {
	case 0:
		if s[root] == '{' {
			sc.rootShape = sc.shape(0)
		}
		return i
	case 1:
		if sc.children {
			if len(sc.elems) == cap(sc.elems) {
				sc.grow(i-root, len(s)-i)
			}
			sc.elems = append(sc.elems, [2]int{child, i})
			var n int32
			if s[childVal] == '{' {
				n = sc.shape(1)
			}
			sc.shapes = append(sc.shapes, n)
			if innerOn {
				sc.innerAt = append(sc.innerAt, len(sc.inner))
			}
		}
	case 2:
		if innerOn {
			sc.inner = append(sc.inner, [2]int{inner, i})
		}
	}
	i = skipSpace(s, i)
	if i >= len(s) {
		return -1
	}
	if s[i] == ',' {
		i++
		if stack[len(stack)-1] == '}' {
			goto key
		}
		goto value
	}
	if s[i] != stack[len(stack)-1] {
		return -1
	}
	i++
	stack = stack[:len(stack)-1]
	goto after
key:
	i = skipSpace(s, i)
	if i >= len(s) || s[i] != '"' {
		return -1
	}
	{
		end := jsonStringEnd(s, i)
		if end < 0 {
			return -1
		}
		switch len(stack) {
		case 1:
			child = i
			sc.keys[0] = append(append(sc.keys[0], s[i:end]...), 0)
		case 2:
			inner = i
			if sc.children {
				sc.keys[1] = append(append(sc.keys[1], s[i:end]...), 0)
			}
		}
		i = skipSpace(s, end)
	}
	if i >= len(s) || s[i] != ':' {
		return -1
	}
	i++
	goto value
}

// grow makes room for more children of the root, scanned bytes of which
// hold those so far: as many as their average size predicts for the rest
// of the text, with a sixteenth more, between as many again and eight
// times as many. A list of a hundred thousand short elements is allocated
// about twice, not thirty times as append's growth would; and a stream's
// first document, whose children are not all the rest, wastes little.
func (sc *jsonScanner) grow(scanned, rest int) {
	n := max(len(sc.elems), 16)
	more := n
	if len(sc.elems) >= 64 && scanned > 0 {
		average := max(scanned/n, 1)
		more = min(max(n, rest/average*17/16), 8*n)
	}
	sc.elems = slices.Grow(sc.elems, more)
	sc.shapes = slices.Grow(sc.shapes, more)
}

// shape returns the number of the shape whose keys are in sc.keys[k]:
// 0 for none; otherwise the same number for the same keys, numbered in
// the order they first appear.
func (sc *jsonScanner) shape(k int) int32 {
	keys := sc.keys[k]
	if len(keys) == 0 {
		return 0
	}
	if sc.lastN != 0 && string(keys) == string(sc.last) {
		return sc.lastN
	}
	if sc.ids == nil {
		sc.ids = map[string]int32{}
	}
	n, ok := sc.ids[string(keys)]
	if !ok {
		n = int32(len(sc.ids) + 1)
		sc.ids[string(keys)] = n
	}
	sc.last, sc.lastN = append(sc.last[:0], keys...), n
	return n
}

// jsonPlain holds the bytes a JSON string holds as they are: not the
// quote, not the backslash, not a control character.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// jsonStringEnd returns the index just past the valid string literal at
// s[i] (a '"'), or -1. Like encoding/json, it accepts any byte from 0x20
// up, valid UTF-8 or not.
func jsonStringEnd(s string, i int) int {
	j := i + 1
	for {
		j = jsonPlainEnd(s, j)
		if j >= len(s) {
			return -1
		}
		switch s[j] {
		case '"':
			return j + 1
		case '\\':
			if j+1 >= len(s) {
				return -1
			}
			switch s[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(s) {
					return -1
				}
				for _, h := range []byte(s[j+2 : j+6]) {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return -1
					}
				}
				j += 6
			default:
				return -1
			}
		default:
			return -1 // a control character
		}
	}
}

// jsonPlainEnd returns the index of the first byte from s[j] on that is
// not jsonPlain, or len(s). It tests eight bytes at a time: a byte below
// 0x20, or equal to '"' or '\\', makes a lane of x-0x20…, x^'"'-1… or
// x^'\\'-1… borrow into its top bit, where x has it clear (a byte from
// 0x80 up has it set, and the xors keep it). Lanes above a match may be
// flagged falsely; the lowest flagged one is a match.
func jsonPlainEnd(s string, j int) int {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	for j+8 <= len(s) {
		b := s[j : j+8]
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		borrows := (x - ones*0x20) | ((x ^ (ones * '"')) - ones) | ((x ^ (ones * '\\')) - ones)
		if m := borrows &^ x & tops; m != 0 {
			// A borrow runs up from a lane that matches, so the lowest
			// flagged lane matches: the byte to stop at.
			return j + bits.TrailingZeros64(m)/8
		}
		j += 8
	}
	for j < len(s) && jsonPlain[s[j]] {
		j++
	}
	return j
}

// jsonSkip returns the index just past the JSON value at s[i], which is
// valid: as valueEnd does, but a string's end is found by searching for
// its quotes, and a container's by stepping from one of "[]{} to the
// next. On valid JSON the two agree (TestJSONSkip).
func jsonSkip(s string, i int) int {
	switch s[i] {
	case '"':
		return jsonSkipString(s, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(s); j++ {
			for j < len(s) && !jsonStructural[s[j]] {
				j++
			}
			if j == len(s) {
				break
			}
			switch s[j] {
			case '"':
				j = jsonSkipString(s, j) - 1
			case '{', '[':
				depth++
			default:
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(s)
	}
	return valueEnd(s, i)
}

// jsonStructural holds the bytes jsonSkip stops at in a container.
var jsonStructural = [256]bool{'"': true, '[': true, ']': true, '{': true, '}': true}

// jsonSkipString returns the index just past the string literal at
// s[i], valid or not, as stringEnd ends it: past the first quote after it
// that no backslash escapes, or len(s). A short string (a key, a level)
// is stepped over eight bytes at a time to its next quote or backslash,
// a long one by IndexByte to its next quote, then the backslashes before
// it counted: an even run, or none, does not escape it.
func jsonSkipString(s string, i int) int {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	j := i + 1
	for words := 0; words < 2 && j+8 <= len(s); words++ {
		b := s[j : j+8]
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		q, e := x^(ones*'"'), x^(ones*'\\')
		// A zero lane (a quote or a backslash) borrows into its top bit;
		// the lowest lane flagged is one (see jsonPlainEnd).
		if m := ((q-ones)&^q | (e-ones)&^e) & tops; m != 0 {
			j += bits.TrailingZeros64(m) / 8
			if s[j] == '"' {
				return j + 1
			}
			break // a backslash: the quote is found as a long string's
		}
		j += 8
	}
	for {
		q := strings.IndexByte(s[j:], '"')
		if q < 0 {
			return len(s)
		}
		q += j
		k := q
		for s[k-1] == '\\' {
			k--
		}
		if (q-k)%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
}

// jsonLiteralEnd returns the index just past lit at s[i], or -1.
func jsonLiteralEnd(s string, i int, lit string) int {
	if strings.HasPrefix(s[i:], lit) {
		return i + len(lit)
	}
	return -1
}

// jsonNumberEnd returns the index just past the number at s[i], or -1:
// an optional minus, an integer without leading zeros, then optionally
// a fraction and an exponent, each with at least one digit.
func jsonNumberEnd(s string, i int) int {
	digits := func(j int) int {
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		return j
	}
	j := i
	if j < len(s) && s[j] == '-' {
		j++
	}
	switch {
	case j >= len(s): // a text may end at the colon before the number
		return -1
	case s[j] == '0':
		j++
	case '1' <= s[j] && s[j] <= '9':
		j = digits(j + 1)
	default:
		return -1
	}
	if j < len(s) && s[j] == '.' {
		k := digits(j + 1)
		if k == j+1 {
			return -1
		}
		j = k
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		j++
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := digits(j)
		if k == j {
			return -1
		}
		j = k
	}
	return j
}
