package headroom

import (
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
)

// A failure may be told twice: first as a one-line status while the run
// goes (`test_x (mod.Class.test_x) ... FAIL`, `✖ name (2ms)`, `not ok 3
// name`, `tests/a.py::test_x FAILED`), then, later, as a block under a
// header that names it again (unittest's `FAIL: test_x (mod.Class.test_x)`
// section with its Traceback, a pytest `____ test_x ____` section, node's
// recap). The block is the failure's whole; the status line is merely its
// first line. No runner is named here: a status line is a one-line error
// block that says little besides its names; its identity, those names and
// numbers; its whole, the section that starts at the first later block
// whose head (or a line right under it) holds every one of them and is
// not a failure of the status line's kind.

// richWhole is where the detail of a failure told first as a one-line
// status stands: the section from the header that names it again to the
// next such header, rule, summary or verdict line.
type richWhole struct {
	status int      // the block of the one-line status
	whole  logBlock // the section that tells it whole
}

// richNear is how many lines under a block's head may hold the identity
// of a status line for the block to be its whole (unittest prints a
// test's docstring under its FAIL: header).
const richNear = 2

// richScan bounds the status lines one of a header's words is compared
// with (per word, per line of the header).
const richScan = 64

// richMaxStatus bounds the status lines paired with their sections: the
// first failures are the ones told whole, and a log of a million one-line
// errors must not cost a million map entries to learn that none has a
// section (past the bound a status line stays a failure's first line).
const richMaxStatus = 4096

// richWholes returns, for each one-line status block that a later block
// tells whole, that section, in the order of the status lines. Other
// blocks are left as they are.
func richWholes(lines logLines, blocks []logBlock) []richWhole {
	view := func(i int) string { l := lines.view(i); return l[:min(len(l), kindWindow)] }
	// The status lines: one-line blocks, each keyed by its longest name.
	var status []int
	var held []string           // the status lines' identity words, one after another: one slice, not one a line
	names := map[int][]string{} // status block → its identity words
	byKey := map[string][]int{} // its longest identity word → the status blocks
	kinds := map[int]string{}   // status block → its failure kind
	var key []byte
	for k, b := range blocks {
		if len(status) == richMaxStatus {
			break
		}
		if int(b.first) != int(b.last) || b.dupOf() >= 0 {
			continue
		}
		if statusMarksOver(view(int(b.head))) {
			continue // more than a name and its status: a diagnostic, a system log's record
		}
		start := len(held)
		held = identityWords(held, view(int(b.head)))
		words := held[start:len(held):len(held)]
		if len(words) == 0 {
			continue
		}
		status = append(status, k)
		names[k] = words
		byKey[longestWord(words)] = append(byKey[longestWord(words)], k)
		key = failureKind(key[:0], view(int(b.head)))
		kinds[k] = string(key)
	}
	if len(status) == 0 {
		return nil
	}
	// The headers that name a status line again, below it: a block's head,
	// or a line right under it, that holds every identity word of the
	// status line and is not a line of its kind (mypy's next finding in
	// the same file names the same file and words: it is another failure).
	header := map[int]int{}    // status block → the line its section starts at
	isHeader := map[int]bool{} // a block that heads a section is no status line
	var starts []int
	var keyLen [kindWindow + 1]bool // the lengths of the keys: most words are of none
	var scratch []string            // a header's identity words
	for w := range byKey {
		keyLen[min(len(w), kindWindow)] = true
	}
	keyed := func(w string) bool { return keyLen[min(len(w), kindWindow)] && len(byKey[w]) > 0 }
	for k, b := range blocks {
		if len(header) == len(status) {
			break // every status line has its section
		}
		if b.dupOf() >= 0 {
			continue // the same failure as an earlier block, numbers aside: its head names what that one's does
		}
		for i := int(b.head); i <= min(int(b.head)+richNear, lines.len()-1); i++ {
			if i > int(b.head) && (blockAt(blocks, i) >= 0 && blockAt(blocks, i) != k || lines.class(i) == lineBlank) {
				break
			}
			l := view(i)
			if !anyField(l, keyed) {
				continue
			}
			scratch = identityWords(scratch[:0], l)
			words := scratch
			found, kind := -1, ""
			for _, w := range words {
				tried := 0
				for _, s := range byKey[w] {
					if s == k || isHeader[s] || int(blocks[s].head) >= int(b.head) {
						continue
					}
					if _, done := header[s]; done {
						continue
					}
					if tried++; tried > richScan {
						break // a name many status lines share tells none of them apart
					}
					if !holdsAll(words, names[s]) || repeatsStatus(view(int(blocks[s].head)), l) {
						continue
					}
					if kind == "" {
						kind = string(failureKind(key[:0], l))
					}
					if kind != kinds[s] {
						found = s
						break
					}
				}
				if found >= 0 {
					break
				}
			}
			if found >= 0 {
				header[found] = int(b.first)
				longest := longestWord(names[found])
				for q := byKey[longest]; len(q) > 0; q = q[1:] {
					if _, paired := header[q[0]]; !paired {
						break
					}
					byKey[longest] = q[1:] // paired in order: the next ones are compared first
				}
				isHeader[k] = true
				starts = append(starts, int(b.first))
				break
			}
		}
	}
	// The status lines run before the sections: a line inside a section
	// that looks like a status (its `AssertionError: 0 != 1`) is part of it.
	firstStart := lines.len()
	for _, s := range starts {
		firstStart = min(firstStart, s)
	}
	for k := range header {
		if int(blocks[k].head) >= firstStart {
			delete(header, k)
		}
	}
	if len(header) == 0 {
		return nil
	}
	// A section ends where another begins, or at the next status line
	// that has a section of its own.
	isStart := make(map[int]bool, 2*len(header))
	for k, s := range header {
		isStart[s] = true
		isStart[int(blocks[k].head)] = true
	}
	verdict := map[int]bool{}
	for _, i := range verdictLines(lines) {
		verdict[i] = true
	}
	var out []richWhole
	for _, k := range status {
		s, ok := header[k]
		if !ok {
			continue
		}
		e := s + 1
		for ; e < lines.len() && e-s < ruledMax; e++ {
			if isStart[e] || verdict[e] || lines.class(e) == lineSummary || strings.HasPrefix(view(e), "=====") {
				break
			}
		}
		for e > s+1 && (lines.class(e-1) == lineBlank || isRuleOnly(view(e-1))) {
			e-- // the rule or blank lines that close it belong to no failure
		}
		if e-s < 2 {
			continue // a line, no richer than the status line
		}
		out = append(out, richWhole{status: k, whole: logBlock{head: int32(s), first: int32(s), last: int32(e - 1), dup: -1}})
	}
	return out
}

// isRuleOnly reports whether a line is a rule: ten or more of one
// punctuation byte (`-----`, `=====`, `_____`), and nothing else.
func isRuleOnly(l string) bool {
	l = strings.TrimSpace(l)
	if len(l) < 10 || isWordByte(l[0]) || l[0] >= 0x80 {
		return false
	}
	return strings.Trim(l, l[:1]) == ""
}

// identityWords appends to dst the words of a status line that may name
// what failed: split at white space, parentheses, quotes, commas and colons
// (`tests/a.py::test_x` names test_x), with the status and failure words,
// and durations left out (`FAIL`, `ERROR`, `0.00s`, `AssertionError`); a bare
// number (a TAP test's) is kept.
func identityWords(dst []string, l string) []string {
	anyNameWord(l, func(w string) bool {
		dst = append(dst, w)
		return false
	})
	return dst
}

// anyNameWord reports whether some identity word of l satisfies f,
// calling it on each in turn until one does.
func anyNameWord(l string, f func(w string) bool) bool {
	return anyField(l, func(w string) bool { return isNameWord(w) && f(w) })
}

// anyField reports whether some word of l, split as identityWords splits
// it, satisfies f, calling it on each in turn until one does.
func anyField(l string, f func(w string) bool) bool {
	word := 0
	for i := 0; i < len(l); {
		sep, size := identitySepASCII[l[i]], 1
		if l[i] >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRuneInString(l[i:])
			sep = isIdentitySep(r)
		}
		if sep {
			if i > word && f(l[word:i]) {
				return true
			}
			word = i + size
		}
		i += size
	}
	return len(l) > word && f(l[word:])
}

// identitySepASCII marks the ASCII bytes isIdentitySep accepts: a
// table read for each byte, not a switch.
var identitySepASCII = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = isIdentitySep(rune(c))
	}
	return t
}()

// statusMarkMax bounds what a status line says besides its names: `...
// FAIL`, `✖ (1.2ms)`, `not ok 12 -`, `--- FAIL: (0.00s)`.
const statusMarkMax = 20

// statusMarksOver reports whether more than statusMarkMax bytes of l,
// white space left out, are not its identity words. It stops reading at
// the word that takes the count over: a diagnostic's line is one long
// message.
func statusMarksOver(l string) bool {
	n, word := 0, 0
	for i, r := range l {
		if isIdentitySep(r) {
			if w := l[word:i]; !isNameWord(w) {
				n += len(w)
			}
			if r != ' ' && r != '\t' {
				n += utf8.RuneLen(r)
			}
			if n > statusMarkMax {
				return true
			}
			word = i + utf8.RuneLen(r)
		}
	}
	if w := l[word:]; !isNameWord(w) {
		n += len(w)
	}
	return n > statusMarkMax
}

// longestWord returns the longest of words, the first of equals.
func longestWord(words []string) string {
	longest := words[0]
	for _, w := range words {
		if len(w) > len(longest) {
			longest = w
		}
	}
	return longest
}

// holdsAll reports whether every word of want is among words.
func holdsAll(words, want []string) bool {
	for _, w := range want {
		if !slices.Contains(words, w) {
			return false
		}
	}
	return true
}

func isIdentitySep(r rune) bool {
	switch r {
	case ' ', '\t', '(', ')', '{', '}', '"', '\'', '`', ',', ':', ';', '<', '>', '‘', '’', '…':
		return true
	}
	return false
}

// isNameWord reports whether w may be a name: a number alone (`input
// number 3`, which tells it from `input number 4`), or four bytes or more
// with a lower-case letter, not starting with a digit (a duration), and
// not a failure word (`AssertionError`, `failed`, `panic`).
func isNameWord(w string) bool {
	if w == "" {
		return false
	}
	if w[0] >= '0' && w[0] <= '9' {
		for k := 1; k < len(w); k++ {
			if w[k] < '0' || w[k] > '9' {
				return false // a duration, a size
			}
		}
		return true
	}
	if len(w) < 4 {
		return false
	}
	lower := false
	for k := 0; k < len(w) && !lower; k++ {
		lower = w[k] >= 'a' && w[k] <= 'z'
	}
	if !lower {
		return false
	}
	for k := 0; k < len(w); k++ {
		for m := nameFailureLeads[w[k]|0x20]; m != 0; m &= m - 1 {
			// The second letter first: most words that start one go on otherwise.
			if f := nameFailureWords[bits.TrailingZeros8(m)]; len(w)-k >= len(f) && w[k+1]|0x20 == f[1] && strings.EqualFold(w[k:k+len(f)], f) {
				return false
			}
		}
	}
	return true
}

// nameFailureWords are no part of a name: a word that holds one is a
// failure's kind or status (`AssertionError`, `FAILED`, `panicked`).
var nameFailureWords = [...]string{"error", "exception", "fail", "panic", "fatal", "assert", "traceback", "warning"}

// nameFailureLeads gives, for each byte, the nameFailureWords that start
// with it, a bit each: most bytes of a word start none, and one that does
// is compared with those alone (one or two), not with every word.
var nameFailureLeads = func() (t [256]uint8) {
	for k, f := range nameFailureWords {
		t[f[0]] |= 1 << k
	}
	return t
}()

// firstWhole returns the whole of the first failure, block first: the
// section that tells it when it was told first as a one-line status, the
// block itself otherwise.
func firstWhole(blocks []logBlock, first int, wholes []richWhole) logBlock {
	for _, w := range wholes {
		if w.status == first {
			return w.whole
		}
	}
	return blocks[first]
}

// toldWithoutStatus returns the told blocks without the one-line status
// lines that a section tells whole (its header and telling lines say
// more in the same room), and those status lines' heads, in input order:
// they come after every failure's telling lines.
func toldWithoutStatus(told []int32, blocks []logBlock, wholes []richWhole) (rest []int32, status []int) {
	if len(wholes) == 0 {
		return told, nil
	}
	paired := make(map[int32]bool, len(wholes))
	for _, w := range wholes {
		paired[int32(w.status)] = true
		status = append(status, int(blocks[w.status].head))
	}
	rest = make([]int32, 0, len(told))
	for _, k := range told {
		if !paired[k] {
			rest = append(rest, k)
		}
	}
	return rest, status
}

// namedBySummary returns the heads of the told blocks, the first failure's
// excepted, whose every identity word a summary line holds: pytest's
// `____ test_x[a-1] ____` section when `FAILED tests/a.py::test_x[a-1]`
// closes the run. The summary line tells which test failed; the head
// adds no name, and comes after every failure's telling lines.
func namedBySummary(lines logLines, blocks []logBlock, told []int32) map[int]bool {
	if len(told) < 2 {
		return nil
	}
	said := map[string]bool{}
	var words []string // a line's identity words
	for i := lines.flags.next(0, &isSummaryFlags); i < lines.len(); i = lines.flags.next(i+1, &isSummaryFlags) {
		l := lines.view(i)
		words = identityWords(words[:0], l[:min(len(l), kindWindow)])
		for _, w := range words {
			said[w] = true
		}
	}
	if len(said) == 0 {
		return nil
	}
	first := told[0]
	for _, k := range told {
		first = min(first, k)
	}
	named := map[int]bool{}
	for _, k := range told {
		l := lines.view(int(blocks[k].head))
		words = identityWords(words[:0], l[:min(len(l), kindWindow)])
		if k == first || len(words) == 0 {
			continue
		}
		all := true
		for _, w := range words {
			all = all && said[w]
		}
		if all {
			named[int(blocks[k].head)] = true
		}
	}
	return named
}
