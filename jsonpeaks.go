package headroom

import (
	"math"
	"strconv"
	"strings"
)

// What a reader asks of a map of sizes (an esbuild metafile's inputs and
// their bytesInOutput, a bundle's chunks, a listing's files) is which is
// the largest, and no value says it: it is the object whose size member
// holds the greatest number among the many objects with that key.
// peakSignals finds it and keeps it as an answer, as a trace's longest
// span is kept (traceSignals).

// peakKeys are the members whose greatest value names what a document of
// sizes or durations is read for.
var peakKeys = []string{"bytes", "size", "bytesInOutput", "duration", "duration_ms", "elapsed"}

// peakMin is how many objects must carry a peak key for its greatest
// value to say something.
const peakMin = 8

// peakSignals returns, for each key of peakKeys that at least peakMin
// objects of text carry with a number, the object with the greatest
// value, as an answer, when that value is greater than all the others
// (of alike sizes none is the largest). Bytes that are not JSON are
// stepped over; an object never closed is not kept.
func peakSignals(text string) []jsonSignal {
	type peak struct {
		key        string
		count      int
		val, next  float64 // the greatest value, and the greatest below it
		raw        string
		start, end int
	}
	var peaks []*peak
	find := func(key string) *peak {
		for _, p := range peaks {
			if p.key == key {
				return p
			}
		}
		for _, k := range peakKeys {
			if k == key {
				p := &peak{key: k}
				peaks = append(peaks, p)
				return p
			}
		}
		return nil
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
							p.count++
							switch {
							case p.count == 1:
								p.val, p.next, p.raw, p.start, p.end = f, math.Inf(-1), text[v:ne], from[len(from)-1], 0
							case f > p.val:
								p.next, p.val, p.raw, p.start, p.end = p.val, f, text[v:ne], from[len(from)-1], 0
							default: // a tie keeps next at val: no largest
								p.next = max(p.next, f)
							}
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
			stack, from = stack[:len(stack)-1], from[:len(from)-1]
			for _, p := range peaks {
				if p.start == f && p.end == 0 && text[s] == '{' && text[i] == '}' {
					p.end = i + 1
				}
			}
		}
	}
	var sigs []jsonSignal
	for _, p := range peaks {
		if p.count < peakMin || p.end == 0 || p.next >= p.val { // all alike: none is the largest
			continue
		}
		sigs = append(sigs, jsonSignal{start: p.start, end: p.end, line: 1 + strings.Count(text[:p.start], "\n"),
			why: "the largest \"" + p.key + "\", " + p.raw, answer: true})
	}
	return sigs
}

// isPeakKey reports whether s, a string literal with its quotes, is one
// of peakKeys: peakSignals finds nothing in a text none of whose strings
// is one, and walkJSONSignals, which meets every string, tells.
func isPeakKey(s string) bool {
	if !peakKeyLength(len(s)) {
		return false
	}
	for _, k := range quotedPeakKeys[len(s)] {
		if k[1] == s[1] && k == s { // most strings of a peak key's length differ from it at once ("level", "bytes")
			return true
		}
	}
	return false
}

// peakKeyLength reports whether a string literal n bytes long, quotes
// included, may be one of peakKeys: most are not, told without a call.
func peakKeyLength(n int) bool {
	return n < len(quotedPeakKeys) && quotedPeakKeys[n] != nil
}

// quotedPeakKeys are peakKeys in their quotes, by their length.
var quotedPeakKeys = func() (q [32][]string) {
	for _, k := range peakKeys {
		q[len(k)+2] = append(q[len(k)+2], `"`+k+`"`)
	}
	return q
}()
