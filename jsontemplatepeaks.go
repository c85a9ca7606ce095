package headroom

import (
	"strconv"
	"strings"
)

// A size or a cost is often not a member of its own but a number inside
// a message that many objects carry in one wording: fieldalignment's
// "struct with 504 pointer bytes could be 488" among forty-nine "struct
// with N pointer bytes could be M", the compiler's "function too
// complex: cost 625 exceeds budget 80" among nine. No key says it is a
// size (peakSignals), yet the wording says the messages are alike but for
// their numbers, and the one whose number is the greatest is the one a
// reader asks for first, as the largest of a size member is.
// templatePeaks keeps it as an answer: the object that carries it.

// templateValueMax is the longest string value read as a message with
// numbers: longer ones are prose, source or a blob, whose numbers are not
// one quantity.
const templateValueMax = 200

// templateNumbersMax is how many numbers of a message are compared: a
// wording with more is a record in a string, not a message about one
// quantity.
const templateNumbersMax = 4

// templateFamiliesMax bounds the wordings tracked: a document of
// countless distinct messages is read for none of them this way.
const templateFamiliesMax = 4096

// templateWordsMin is how many words with a letter a wording holds at
// least: "cost 625 exceeds budget 80" is a message; "v1.2.3", "CWE-829",
// a path with its line ("/src/api.go:23:14") or a date are names,
// places and times, whose greatest says nothing.
const templateWordsMin = 3

// A templateValue is the object carrying one message of a wording, and
// the numbers the message holds.
type templateValue struct {
	nums         [templateNumbersMax]float64
	raw          [templateNumbersMax]string
	from         int // where the object is kept from: its key when a member, else its brace
	mstart, mend int // the message's member, key to value
}

// A templateFamily is the messages of one key that read alike but for
// their numbers: how many there are, and per number's place the two
// greatest values met (the first met of equal ones first).
type templateFamily struct {
	key   string
	count int
	n     int // numbers each message holds
	top   [templateNumbersMax][2]*templateValue
}

// templatePeaks gathers, as jsonSignals' walk meets them, the string
// members of the text's objects read as messages with numbers, by key
// and wording: the walk that finds the failures meets every member, and
// a walk of its own would read the text once more.
type templatePeaks struct {
	families map[string]*templateFamily
	order    []*templateFamily // as first met, for a stable output
	buf      []byte            // the key and wording of the message read last
}

// meet reads the string member text[key:kend] (the key, quotes included)
// to text[val:vend] (its value, just after the key's colon), of the
// object kept from text[from], its key when its brace follows the key's
// colon, else its brace: a message of a wording is counted in its
// family, among the greatest at each number's place where it is.
func (t *templatePeaks) meet(text string, key, kend, val, vend, from int) {
	if vend-val-2 > templateValueMax {
		return
	}
	msg := text[val+1 : max(val+1, vend-1)]
	if templateRefused(msg) { // most members: before their key is copied
		return
	}
	t.buf = append(append(t.buf[:0], text[key+1:max(key+1, kend-1)]...), 0)
	buf, v, n, ok := readTemplate(t.buf, msg)
	t.buf = buf
	if !ok {
		return
	}
	f := t.families[string(buf)]
	if f == nil {
		if len(t.families) >= templateFamiliesMax {
			return
		}
		if t.families == nil {
			t.families = map[string]*templateFamily{}
		}
		f = &templateFamily{key: text[key+1 : max(key+1, kend-1)], n: n}
		t.families[string(buf)] = f
		t.order = append(t.order, f)
	}
	v.from, v.mstart, v.mend = from, key, vend
	f.add(v)
}

// signals returns, for each wording at least peakMin string members of
// one key share (their values alike once each run of digits is read as
// one number), the object holding the message whose first varying number
// is greater than every other message's there, as an answer. Records of
// a stream count as a document's objects do; an object never closed is
// not kept.
func (t *templatePeaks) signals(text string) []jsonSignal {
	var sigs []jsonSignal
	for _, f := range t.order {
		if f.count < peakMin {
			continue
		}
		for p := range f.n {
			a, b := f.top[p][0], f.top[p][1]
			if a == nil || b == nil || a.nums[p] == b.nums[p] {
				continue // alike there: the next place may vary
			}
			open := a.from
			if text[open] == '"' { // a member: its brace follows its key's colon
				open = skipSpace(text, skipSpace(text, stringEnd(text, open))+1)
			}
			end := valueEnd(text, open)
			if end > len(text) || end <= open || text[end-1] != '}' {
				break
			}
			sigs = append(sigs, jsonSignal{start: a.from, end: end, mstart: a.mstart, mend: a.mend,
				line: 1 + strings.Count(text[:a.from], "\n"), mline: 1 + strings.Count(text[:a.mstart], "\n"),
				why: "the largest " + a.raw[p] + " of " + strconv.Itoa(f.count) + " \"" + f.key + "\" alike", answer: true})
			break
		}
	}
	return sigs
}

// add counts v, a message of the family, and keeps it among the two
// greatest at each place where it is.
func (f *templateFamily) add(v templateValue) {
	f.count++
	var p *templateValue // allocated once it is among the greatest somewhere
	for k := range f.n {
		t := &f.top[k]
		if t[1] != nil && v.nums[k] <= t[1].nums[k] {
			continue
		}
		if p == nil {
			p = &v
		}
		if t[0] == nil || v.nums[k] > t[0].nums[k] {
			t[0], t[1] = p, t[0]
		} else {
			t[1] = p
		}
	}
}

// readTemplate reads s, a string's bytes between its quotes, as a
// message with numbers: it appends its wording to dst (each number
// standing alone as '#', a number glued to a name kept as it is: see
// gluedNumber) and returns it, its numbers and how many. ok is false for
// a string with no number, more than templateNumbersMax, or fewer than
// templateWordsMin words with a letter, words parted by spaces: a path or
// an identifier is one word.
func readTemplate(dst []byte, s string) (tpl []byte, v templateValue, n int, ok bool) {
	if templateRefused(s) {
		return dst, v, 0, false
	}
	b := dst
	words, lettered := 0, false // words with a letter; whether the current one has one
	for i := 0; i < len(s); {
		c := s[i]
		if '0' <= c && c <= '9' {
			j := i
			for j < len(s) && '0' <= s[j] && s[j] <= '9' {
				j++
			}
			if gluedNumber(s, i, j) { // part of a name: as it is
				b = append(b, s[i:j]...)
				i = j
				continue
			}
			if n == templateNumbersMax || j-i > 15 {
				return b, v, 0, false
			}
			f, err := strconv.ParseFloat(s[i:j], 64)
			if err != nil {
				return b, v, 0, false
			}
			v.nums[n], v.raw[n] = f, s[i:j]
			n++
			b = append(b, '#')
			i = j
			continue
		}
		switch {
		case c == ' ' || c == '\t':
			lettered = false
		case !lettered && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'):
			lettered = true
			words++
		}
		b = append(b, c)
		i++
	}
	if n == 0 || words < templateWordsMin {
		return b, v, 0, false
	}
	return b, v, n, true
}

// templateRefused reports whether s, a string's value, is refused as a
// message before its wording is built: most strings hold too few words
// or no digit (each word with a letter after the first follows a space
// or a tab).
func templateRefused(s string) bool {
	gaps := strings.Count(s, " ")
	return gaps+1 < templateWordsMin && gaps+strings.Count(s, "\t")+1 < templateWordsMin || !hasDigit(s)
}

// gluedNumber reports whether the digits s[i:j] are part of a name rather
// than a quantity: joined to a word, a path or a mark before them ("Test17", "#11",
// "slack_14", "-9", "/v2"), or running on into letters or a dotted number
// ("4.13.17", "x86_64"). A unit after a space is not glued ("504 pointer
// bytes"), nor one a sentence's end follows ("could be 488.").
func gluedNumber(s string, i, j int) bool {
	if i > 0 {
		switch c := s[i-1]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_', c == '-', c == '.', c == '/', c == '@', c == '#':
			return true
		}
	}
	if j < len(s) {
		switch c := s[j]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_':
			return true
		case c == '.' && j+1 < len(s) && '0' <= s[j+1] && s[j+1] <= '9':
			return true
		}
	}
	return false
}
