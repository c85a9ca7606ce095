package headroom

import (
	"slices"
	"strconv"
	"strings"
)

// What a reader asks of a map of sizes (an esbuild metafile's inputs and
// their bytesInOutput, a bundle's chunks, a listing's files) is which is
// the largest, and no value says it: it is the object whose size member
// holds the greatest number among the many objects with that key.
// peakSignals finds it and keeps it as an answer, as a trace's longest
// span is kept (traceSignals).

// peakWords are the words whose member, named by one alone or ending
// in one ("size", "selfSize", "installed_kb", "hitCount"), holds a size,
// a duration or a tally: its greatest value names what a document of
// them is read for. A word ends a name at a case change or after an
// underscore, so "items" does not end in "ms". Matched without regard
// to case; "bytesInOutput", a size that begins its name, is named whole.
var peakWords = []string{"size", "bytes", "kb", "count", "duration", "elapsed", "ms"}

// peakLeads are the words that begin a tally's name, a word of its own
// ("num_statements", "numFiles"; not "number" or "numeric").
var peakLeads = []string{"num"}

// peakNames are the size members peakWords do not end.
var peakNames = []string{"bytesInOutput"}

// peakKeyMax is the longest key, quotes included, taken for a peak key:
// longer strings are prose or paths, and are told without a look.
const peakKeyMax = 40

// peakMin is how many objects must carry a peak key for its greatest
// value to say something.
const peakMin = 8

// peakNext is how many next largest values of a peak key are offered
// after its greatest, as spare signals: kept only in the room a plan
// leaves (a heap profile's second heaviest allocation site, a bundle's
// next largest inputs), never planned for.
const peakNext = 3

// peakOrdinals name the next largest values in their notes.
var peakOrdinals = [peakNext]string{"second", "third", "fourth"}

// A peakValue is one of the greatest values of a peak key, and the
// object that carries it: text[start:end], end 0 while it is open.
type peakValue struct {
	val        float64
	raw        string
	start, end int
	// mstart, mend are its member, key to value.
	mstart, mend int
	sec          peakSection // where it sits
	// within is where the containers around it open (from the key of
	// each that is a member), outermost first: its path.
	within []int
}

// peakSignals returns, for each peak key (isPeakKey) that at least peakMin
// objects of text carry with a number, the object with the greatest
// value, as an answer, when that value is greater than all the others
// (of alike sizes none is the largest); then, as spare signals, the
// objects of its next largest values, up to peakNext, each while it is
// greater than all the values below it. Bytes that are not JSON are
// stepped over; an object never closed is not kept.
func peakSignals(text string) []jsonSignal {
	type peak struct {
		key   string
		count int
		// top holds the greatest values met, greatest first, equal ones
		// in input order: peakNext+2 of them, so that the last one
		// offered is known to be greater than the rest.
		top []peakValue
		// sections holds, per section (peakSection), how many values
		// it has and its two greatest.
		sections map[peakSection]*peakTally
	}
	var peaks []*peak
	find := func(key string) *peak {
		for _, p := range peaks {
			if p.key == key {
				return p
			}
		}
		if !isPeakKey(`"` + key + `"`) {
			return nil
		}
		p := &peak{key: key, top: make([]peakValue, 0, peakNext+2), sections: map[peakSection]*peakTally{}}
		peaks = append(peaks, p)
		return p
	}
	// stack holds the open containers; from, where each is kept from:
	// a member's key, else its bracket.
	var stack, from []int
	key := -1 // the key of the member whose value opens next
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '"':
			e := stringEnd(text, i)
			j := skipSpace(text, e)
			if j >= len(text) || text[j] != ':' || len(stack) == 0 || text[stack[len(stack)-1]] != '{' {
				i = e - 1
				continue
			}
			key = i
			// A record of a stream (a line of JSON lines) is found by a
			// filter: the largest is sought among a document's values.
			if len(stack) >= 2 {
				if p := find(text[i+1 : e-1]); p != nil {
					v := skipSpace(text, j+1)
					if ne := jsonNumberEnd(text, v); ne > v {
						if f, err := strconv.ParseFloat(text[v:ne], 64); err == nil {
							sec := peakSection{stack[1], len(stack)}
							pv := peakValue{val: f, raw: text[v:ne], start: from[len(from)-1], mstart: i, mend: ne, sec: sec}
							p.count++
							p.top = insertPeak(p.top, pv)
							t := p.sections[sec]
							if t == nil {
								t = &peakTally{top: make([]peakValue, 0, 2)}
								p.sections[sec] = t
							}
							t.count++
							if len(t.top) < cap(t.top) || f > t.top[len(t.top)-1].val {
								pv.within = slices.Clone(from)
							}
							t.top = insertPeak(t.top, pv)
						}
					}
				}
			}
			i = e - 1
		case '{', '[':
			f := i
			if key >= 0 && skipSpace(text, skipSpace(text, stringEnd(text, key))+1) == i {
				f = key
			}
			stack, from, key = append(stack, i), append(from, f), -1
		case '}', ']':
			if len(stack) == 0 {
				continue
			}
			s, f := stack[len(stack)-1], from[len(from)-1]
			var sec peakSection
			if len(stack) >= 2 {
				sec = peakSection{stack[1], len(stack)}
			}
			stack, from = stack[:len(stack)-1], from[:len(from)-1]
			if text[s] != '{' || text[i] != '}' {
				continue
			}
			for _, p := range peaks {
				closePeaks(p.top, f, i+1)
				if t := p.sections[sec]; t != nil {
					closePeaks(t.top, f, i+1)
				}
			}
		}
	}
	var sigs, spare []jsonSignal
	for _, p := range peaks {
		if p.count < peakMin {
			continue
		}
		// The largest of the biggest section's alike values, when the
		// largest of all is elsewhere, stands alone or nearly (a total,
		// not one of many alike), and is not kept for it: an esbuild
		// metafile's largest input, not its bundle's total bytes.
		sectionPeak := -1
		if t, n := largestSection(p.sections); n >= peakMin && t.top[0].val > t.top[1].val && t.top[0].end != 0 &&
			p.top[0].sec.under != t.top[0].sec.under && p.sections[p.top[0].sec].count < peakMin {
			v := t.top[0]
			sectionPeak = v.start
			sigs = append(sigs, jsonSignal{start: v.start, end: v.end, mstart: v.mstart, mend: v.mend, path: peakPath(text, v.within),
				line: 1 + strings.Count(text[:v.start], "\n"), mline: 1 + strings.Count(text[:v.mstart], "\n"),
				why: "the largest \"" + p.key + "\" of " + strconv.Itoa(n) + " alike, " + v.raw, answer: true})
		}
		for k := 0; k <= peakNext && k+1 < len(p.top); k++ {
			t := p.top[k]
			if p.top[k+1].val >= t.val { // alike values: none is the larger
				break
			}
			if t.end == 0 || t.start == sectionPeak {
				continue
			}
			s := jsonSignal{start: t.start, end: t.end, line: 1 + strings.Count(text[:t.start], "\n")}
			if k == 0 {
				if sectionPeak >= 0 {
					continue // a total, not what the reader asks for
				}
				s.why, s.answer = "the largest \""+p.key+"\", "+t.raw, true
				sigs = append(sigs, s)
				continue
			}
			s.why, s.spare, s.rank = "the "+peakOrdinals[k-1]+" largest \""+p.key+"\", "+t.raw, true, k
			spare = append(spare, s)
		}
	}
	// The next largest of each key before the one after of any.
	slices.SortStableFunc(spare, func(a, b jsonSignal) int { return a.rank - b.rank })
	return append(sigs, spare...)
}

// peakPath returns the jq path of the object whose containers open at
// within (outermost first, the document's own first, each member's from
// its key): "" when one is an array's element, whose index the walk does
// not count, or the path is longer than jsonPathMax.
func peakPath(text string, within []int) string {
	var path []byte
	for _, at := range within[1:] {
		if text[at] != '"' {
			return ""
		}
		e := stringEnd(text, at)
		path = appendPathSegment(path, &sigFrame{obj: true, key: text[at+1 : e-1]})
	}
	if len(path) > jsonPathMax {
		return ""
	}
	return string(path)
}

// A peakSection is where a peak key's values are compared apart from
// the rest of the document: the member of the document's outermost
// container they sit under (its opening) and how deep they sit. An
// esbuild metafile's inputs are one, its outputs, whose bundle's total
// bytes outweigh every input, another; a coverage report's files one,
// its totals another.
type peakSection struct{ under, depth int }

// A peakTally is how many values of a peak key a section holds, and its
// two greatest.
type peakTally struct {
	count int
	top   []peakValue
}

// largestSection returns the tally of the section holding the most
// values, the first in the text of those alike in that, and its count;
// 0 when there is none or it holds fewer than two values.
func largestSection(sections map[peakSection]*peakTally) (*peakTally, int) {
	var best *peakTally
	var at peakSection
	for sec, t := range sections {
		if best == nil || t.count > best.count || t.count == best.count && (sec.under < at.under || sec.under == at.under && sec.depth < at.depth) {
			best, at = t, sec
		}
	}
	if best == nil || len(best.top) < 2 {
		return nil, 0
	}
	return best, best.count
}

// closePeaks sets the end of each open value of top whose object starts
// at from: it closes at end.
func closePeaks(top []peakValue, from, end int) {
	for k := range top {
		if t := &top[k]; t.start == from && t.end == 0 {
			t.end = end
		}
	}
}

// insertPeak returns top with v in its place, greatest first and after
// the values equal to it, holding at most cap(top) values.
func insertPeak(top []peakValue, v peakValue) []peakValue {
	n := len(top)
	if n == cap(top) && v.val <= top[n-1].val {
		return top
	}
	k := n
	for k > 0 && top[k-1].val < v.val {
		k--
	}
	if n < cap(top) {
		top = top[:n+1]
	}
	copy(top[k+1:], top[k:])
	top[k] = v
	return top
}

// isPeakKey reports whether s, a string literal with its quotes, names
// a peak member: one of peakNames, a name one of peakWords ends or one
// of peakLeads begins.
// peakSignals finds nothing in a text none of whose strings is one, and
// walkJSONSignals, which meets every string, tells; most strings are
// told by their length or their last two letters.
func isPeakKey(s string) bool {
	if !peakKeyLength(len(s)) {
		return false
	}
	name := s[1 : len(s)-1]
	for _, w := range peakLeads {
		if startsWithWord(name, w) {
			return true
		}
	}
	if i, ok := lastTwoLetters(name); !ok || !peakEnds[i] {
		return false
	}
	for _, w := range peakWords {
		if endsWithWord(name, w) {
			return true
		}
	}
	for _, k := range peakNames {
		if name == k {
			return true
		}
	}
	return false
}

// endsWithWord reports whether name is w, or ends in w after an
// underscore, a hyphen or a change to upper case, w matched in any case.
func endsWithWord(name, w string) bool {
	n := len(name) - len(w)
	if n < 0 || !strings.EqualFold(name[n:], w) {
		return false
	}
	if n == 0 {
		return true
	}
	c, prev := name[n], name[n-1]
	return prev == '_' || prev == '-' || 'A' <= c && c <= 'Z' && !('A' <= prev && prev <= 'Z')
}

// startsWithWord reports whether name begins with w, in lower case,
// followed by an underscore, a hyphen or an upper-case letter.
func startsWithWord(name, w string) bool {
	if len(name) <= len(w) || name[:len(w)] != w {
		return false
	}
	c := name[len(w)]
	return c == '_' || c == '-' || 'A' <= c && c <= 'Z'
}

// peakEnds holds the last two letters, in lower case, of peakWords and
// peakNames: a key that does not end in one of them is told by two
// lookups, as most keys a walk meets are.
var peakEnds = func() (e [26 * 26]bool) {
	for _, w := range append(append([]string(nil), peakWords...), peakNames...) {
		i, _ := lastTwoLetters(w)
		e[i] = true
	}
	return e
}()

// lastTwoLetters returns the index in peakEnds of the last two bytes of
// s in lower case, and whether both are ASCII letters.
func lastTwoLetters(s string) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	a, b := s[len(s)-2]|0x20, s[len(s)-1]|0x20
	if a < 'a' || a > 'z' || b < 'a' || b > 'z' {
		return 0, false
	}
	return int(a-'a')*26 + int(b-'a'), true
}

// peakKeyLength reports whether a string literal n bytes long, quotes
// included, may name a peak member: most long strings do not.
func peakKeyLength(n int) bool {
	return n >= 4 && n <= peakKeyMax
}
