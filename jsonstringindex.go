package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// The string index: a document whose bulk is a tree of alike nodes (an
// ESTree AST from acorn, a parser's JSON) holds what it says in a few
// string leaves — the literals 'Unsupported engine', 'EBADENGINE',
// './current-env' — among thousands of lines of scaffolding (`"type":
// "Identifier"`, `"start": 805`) that the outline opens breadth first
// and the leaves sit ten levels under. Its facts are the string values
// the document holds once, of a key whose values mostly differ: a
// slot of names or messages, not an enum of node kinds (`"type"`,
// `"kind"`, `"operator"`). An index of them, each with its line, shows
// what the tree says where the outline shows its shape.

// stringIndexShare is the share of the limit the index may take, as a
// divisor: an eighth.
const stringIndexShare = 8

// stringIndexSparse is how many times the document's size the whole
// index may be, at most: an AST's dozen literals cost under 1 % of its
// 100 KB, where a package list's or an API model's names, each held
// once, cost an eighth of it or more — there a list of some of them is
// a sample the outline's own picks outdo.
const stringIndexSparse = 20

// stringSlotMin is how many string members a key must hold to be a
// slot of names or messages: an AST's "value" holds a dozen or more,
// where a lockfile's `"bin"` map names each command once or twice.
const stringSlotMin = 4

// stringIndexMin is how many strings the outline must leave out for the
// index to take room from it: one or two are not worth its picks.
const stringIndexMin = 3

// stringIndexValueMax bounds the values the index lists, quotes included:
// a longer one is prose (a description) the outline's summaries name.
const stringIndexValueMax = 80

// A stringLeaf is a member of an object whose value is a string:
// text[start:end] from its key's quote to its value's closing quote.
type stringLeaf struct {
	start, end int
	line       int // from 1
	keyCount   int // how many string members its key has in the document
	prose      int // 0 for a value of words (`"Unsupported engine"`), else 1
}

// rareStringLeaves returns the string members of text[root:end] whose
// value is short, holds a letter and is the only one of its key with
// that value, where the key is a slot: it recurs (stringSlotMin), and
// its values mostly differ (distinct values at least half its members),
// each once by
// its value's letters and digits, by the member whose value says it
// shortest
// (acorn's `"raw": "'EBADENGINE'"` says what `"value": "EBADENGINE"`
// says). They come ordered by how
// few members their key has, then those of words before the others (a
// message before a module's path), then in input order: a rare key's
// values (`"replaced_by"`) before a common one's.
func rareStringLeaves(text string, root, end int) []stringLeaf {
	type tally struct {
		n    int
		vals map[string]int
		long map[string]int // values over stringIndexValueMax, by their first bytes: counted distinct, never listed
	}
	keys := map[string]*tally{}
	var leaves []stringLeaf
	var keyOf []string
	line := 1 + strings.Count(text[:root], "\n")
	for i := root; i < end; {
		c := text[i]
		if c == '\n' {
			line++
		}
		if c != '"' {
			i++
			continue
		}
		ke := jsonStringEnd(text, i)
		if ke < 0 || ke > end {
			break
		}
		j := skipBlanks(text, ke)
		if j >= end || text[j] != ':' {
			i = ke // a string that is no key: an element or a value
			continue
		}
		colon := j
		j = skipSpace(text, j+1)
		line += strings.Count(text[colon:min(j, end)], "\n")
		if j >= end || text[j] != '"' {
			i = j
			continue
		}
		ve := jsonStringEnd(text, j)
		if ve < 0 || ve > end {
			break
		}
		key := text[i+1 : ke-1]
		t := keys[key]
		if t == nil {
			t = &tally{vals: map[string]int{}, long: map[string]int{}}
			keys[key] = t
		}
		t.n++
		if v := text[j:ve]; len(v) <= stringIndexValueMax {
			t.vals[v]++
			if t.vals[v] == 1 && hasLetter(v) {
				leaves = append(leaves, stringLeaf{start: i, end: ve, line: line})
				keyOf = append(keyOf, key)
			}
		} else {
			t.long[v[:stringIndexValueMax]]++
		}
		i = ve
	}
	seen := map[string]int{} // a core's leaf in out
	out := leaves[:0]
	for k, l := range leaves {
		t := keys[keyOf[k]]
		v := text[valueStart(text, l.start):l.end]
		if t.vals[v] != 1 || 2*(len(t.vals)+len(t.long)) < t.n || t.n < stringSlotMin {
			continue
		}
		l.keyCount = t.n
		if !strings.Contains(v, " ") {
			l.prose = 1
		}
		core := strings.TrimFunc(v, func(r rune) bool { return !isWordRune(r) })
		if at, ok := seen[core]; ok {
			if o := out[at]; l.end-valueStart(text, l.start) < o.end-valueStart(text, o.start) {
				out[at] = l // the plainer spelling: its value without the quotes around it
			}
			continue
		}
		seen[core] = len(out)
		out = append(out, l)
	}
	slices.SortStableFunc(out, func(a, b stringLeaf) int {
		if a.keyCount != b.keyCount {
			return a.keyCount - b.keyCount
		}
		return a.prose - b.prose
	})
	return out
}

// valueStart returns where the value of the member whose key's quote is
// text[i] starts.
func valueStart(text string, i int) int {
	ke := jsonStringEnd(text, i)
	return skipSpace(text, skipBlanks(text, ke)+1)
}

// isWordRune reports a letter or a digit.
func isWordRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r >= 0x80
}

// stringIndexNote returns the note that lists those of leaves that items
// do not keep verbatim, in at most room bytes (the item's size), the
// rarest keys' first, written in input order, each by its line when
// lined (a one-line document's lines say nothing), and how many it
// lists: `[…strings held once, by line: 582 "value": "ENOREDIRECT"; …]`.
func stringIndexNote(text string, leaves []stringLeaf, items []item, room int, lined bool) (string, int) {
	kept := verbatimRanges(items)
	const head, tail = "[…strings held once, by line: ", "…]"
	h := head
	if !lined {
		h = "[…strings held once: "
	}
	size := len(h) + len(tail) + 2
	var picked []stringLeaf
	for _, l := range leaves {
		if inRanges(kept, l.start, l.end) {
			continue
		}
		n := l.end - l.start + 2
		if lined {
			n += len(txt.Commas(l.line)) + 1
		}
		if size+n > room {
			continue
		}
		size += n
		picked = append(picked, l)
	}
	if len(picked) == 0 {
		return "", 0
	}
	slices.SortFunc(picked, func(a, b stringLeaf) int { return a.start - b.start })
	var b strings.Builder
	b.WriteString(h)
	for k, l := range picked {
		if k > 0 {
			b.WriteString("; ")
		}
		if lined {
			b.WriteString(txt.Commas(l.line))
			b.WriteByte(' ')
		}
		b.WriteString(text[l.start:l.end])
	}
	b.WriteString(tail)
	return b.String(), len(picked)
}

// verbatimRanges returns the input ranges items keep, sorted and merged
// where they touch.
func verbatimRanges(items []item) [][2]int {
	var rs [][2]int
	for _, it := range items {
		if it.end > it.start {
			rs = append(rs, [2]int{it.start, it.end})
		}
	}
	slices.SortFunc(rs, func(a, b [2]int) int { return a[0] - b[0] })
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// inRanges reports whether [start, end) lies inside one of the sorted,
// disjoint ranges rs.
func inRanges(rs [][2]int, start, end int) bool {
	k, _ := slices.BinarySearchFunc(rs, start, func(r [2]int, t int) int {
		if r[1] <= t {
			return -1
		}
		if r[0] > t {
			return 1
		}
		return 0
	})
	return k < len(rs) && rs[k][0] <= start && end <= rs[k][1]
}

// withStringIndex returns the outline plan of text with its string index (rareStringLeaves) after it: the
// outline planned in the limit less the index's room, the leaves it
// does not show listed in that room. It returns p itself when the
// document's leaves are not sparse in it (stringIndexSparse), or when
// the outline leaves out fewer than stringIndexMin of them.
func withStringIndex(text string, top jsonTop, p plan, limit int, plan func(limit int) (plan, bool)) plan {
	root, end := skipSpace(text, 0), top.end
	if end-root <= limit {
		return p
	}
	leaves := rareStringLeaves(text, root, end)
	whole := 0
	for _, l := range leaves {
		whole += l.end - l.start + 2
	}
	if len(leaves) == 0 || whole*stringIndexSparse > end-root {
		return p
	}
	lined := strings.IndexByte(text[root:end], '\n') >= 0
	room := limit / stringIndexShare
	want, n := stringIndexNote(text, leaves, p.items, room, lined)
	if n < stringIndexMin {
		return p
	}
	q, ok := plan(limit - (len(want) + 2))
	if !ok {
		return p
	}
	var note string
	note, n = stringIndexNote(text, leaves, q.items, min(room, limit-itemsSize(q.items)), lined)
	if n == 0 {
		return p
	}
	at := 0
	if k := len(q.items); k > 0 {
		at = q.items[k-1].end
	}
	q.items = append(q.items, item{start: at, end: at, note: note})
	q.markerAt = len(q.items)
	return q
}
