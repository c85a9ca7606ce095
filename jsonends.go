package headroom

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
)

// minEndsShare is the fewest bytes an element of a sequence gets in an
// every-element plan: enough for the lines that open it (its id, name,
// version) and the few that close it (its counts).
const minEndsShare = 640

// planSequenceEnds plans a sequence of few large elements (five package
// reports, a handful of API objects): every element's opening lines —
// where its identity sits — and its closing lines, the middle of each cut
// with a note, within shares of the room; an element smaller than its
// share is kept whole and what it leaves goes to the others. It declines
// when the elements are too many for every one to get minEndsShare bytes.
// A plan of whole elements omits some of them outright, their identity
// with them; this one shows every element's identity (its opening lines
// and naming members).
func planSequenceEnds(text string, elems [][2]int, kind string, limit int) ([]item, string, bool) {
	n := len(elems)
	room := limit - sequenceNoteRoom - elems[0][0]
	if n < 2 || room < n*minEndsShare {
		return nil, "", false
	}
	ends := func(i int) int {
		if i+1 < n {
			return elems[i+1][0]
		}
		return len(text)
	}
	// Shares by water-filling: the small elements whole, the others an
	// equal share of what is left.
	whole := make([]bool, n)
	left, open := room, n
	for changed := true; changed && open > 0; {
		changed = false
		each := left / open
		for i := range n {
			if !whole[i] && ends(i)-elems[i][0] <= each {
				whole[i] = true
				left -= ends(i) - elems[i][0]
				open--
				changed = true
			}
		}
	}
	if open == 0 {
		return nil, "", false // everything fits: not this plan's case
	}
	each := left / open // the share of every element not kept whole
	items := []item{keepRange(0, elems[0][0])}
	for i := range n {
		if whole[i] {
			items = append(items, keepRange(elems[i][0], ends(i)))
			continue
		}
		v := elems[i][0]
		if kind == "object member" {
			v = skipSpace(text, skipSpace(text, stringEnd(text, v))+1)
		}
		items = append(items, keepEndsAndMemberLines(text, elems[i][0], ends(i), each, scalarMemberLines(text, v, ends(i)))...)
	}
	if itemsSize(items) > limit {
		return nil, "", false
	}
	what := "the middle of " + txt.Commas(open) + " of " + txt.Plural(n, kind) + " (every one kept with its opening and closing lines)"
	return items, what, true
}

// keepEndsAndMembers keeps the first and last lines of an element, as
// keepEnds does, and between them the lines of its own one-line scalar
// members (an arborist _id, a location, a path), those that name or
// describe it first, and the one-line descriptions of the objects it
// holds (scalarMemberLines): what names an element
// often sits past its opening lines, after its nested bulk. Up to two
// fifths of room goes to them, spread over them when not all fit; a note
// stands for each run of lines dropped.
func keepEndsAndMembers(text string, start, end, room int) []item {
	return keepEndsAndMemberLines(text, start, end, room, scalarMemberLines(text, start, end))
}

// keepEndsAndMemberLines is keepEndsAndMembers with the member lines
// given: a map's member, text[start:end] from its key, has those of its
// value (planSequenceEnds).
func keepEndsAndMemberLines(text string, start, end, room int, members [][2]int) []item {
	const noteMax = 40
	if len(members) == 0 {
		return keepEnds(text, start, end, room)
	}
	// between returns the ends keepEnds keeps in room (head: where the
	// kept opening stops, tail: where the kept closing starts) and the
	// members between them, with what they cost kept with their notes.
	between := func(room int) (its []item, head, tail int, mid [][2]int, cost int) {
		its = keepEnds(text, start, end, room)
		head, tail = start, end
		if its[0].note == "" && its[0].start == start {
			head = its[0].end
		}
		if last := its[len(its)-1]; last.note == "" && last.end == end && last.start > head {
			tail = last.start
		}
		for _, m := range members {
			if m[0] >= head && m[1] <= tail {
				mid = append(mid, m)
				cost += m[1] - m[0] + noteMax
			}
		}
		return its, head, tail, mid, cost
	}
	its, _, _, mid, cost := between(room)
	if len(mid) == 0 {
		return its
	}
	reserve := min(cost, room*2/5)
	_, head, tail, mid, _ := between(room - reserve)
	// Members that name the element first (an id, a name, a path), then
	// a spread of the others with what they leave.
	var chosen, others []int
	left := reserve
	for j, m := range mid {
		if c := m[1] - m[0] + noteMax; (identityKey(text, skipSpace(text, m[0])) || describingKey(text, skipSpace(text, m[0]))) && c <= left {
			chosen = append(chosen, j)
			left -= c
		} else {
			others = append(others, j)
		}
	}
	oc := 0
	for _, j := range others {
		oc += mid[j][1] - mid[j][0] + noteMax
	}
	k := len(others)
	if oc > left {
		k = len(others) * left / max(oc, 1)
	}
	for _, j := range spread(0, len(others), k) {
		chosen = append(chosen, others[j])
	}
	slices.Sort(chosen)
	// What the chosen lines leave of the reserve goes back to the ends;
	// a chosen line they now reach is kept with them.
	spent := 0
	for _, j := range chosen {
		spent += mid[j][1] - mid[j][0] + noteMax
	}
	if spent < reserve {
		var h, t int
		_, h, t, _, _ = between(room - spent)
		chosen = slices.DeleteFunc(chosen, func(j int) bool { return mid[j][0] < h || mid[j][1] > t })
		head, tail = h, t
	}
	var out []item
	if head > start {
		out = append(out, keepRange(start, head))
	}
	at := head
	for _, j := range chosen {
		m := mid[j]
		if m[0] > at {
			out = append(out, noteLine(gapNote(strings.Count(text[at:m[0]], "\n"))))
		}
		out = append(out, keepRange(m[0], m[1]))
		at = m[1]
	}
	if tail > at {
		out = append(out, noteLine(gapNote(strings.Count(text[at:tail], "\n"))))
	}
	if end > tail {
		out = append(out, keepRange(tail, end))
	}
	if itemsSize(out) > room+noteMax {
		return keepEnds(text, start, end, room)
	}
	return out
}

// memberLineMax bounds a member line worth keeping: a long string (a
// README in a description) names nothing.
const memberLineMax = 160

// scalarMemberLines returns the whole lines, in order, of the members of
// the pretty-printed object text[start:end] whose value is a scalar or an
// empty container on the member's own line, and of the describing members
// (describingKey) of the objects among them; none when the element is no
// object.
func scalarMemberLines(text string, start, end int) [][2]int {
	i := skipSpace(text, start)
	if i >= end || text[i] != '{' {
		return nil
	}
	var out [][2]int
	line := func(m [2]int) ([2]int, bool) {
		ls := txt.LineStart(text, m[0])
		le := lineEnd(text, m[1], end)
		return [2]int{ls, le}, skipSpace(text, ls) == m[0] && strings.IndexByte(text[m[0]:m[1]], '\n') < 0 && le-ls <= memberLineMax
	}
	for _, m := range sequence(text, i, '}') {
		v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1)
		if v < m[1] && text[v] == '{' && m[1]-v > 2 && m[1]-v <= digestNestedMax {
			// A nested object's one-line description names the element
			// as a digest's does (rustc's target specs: metadata's).
			for _, d := range sequence(text, v, '}') {
				if l, ok := line(d); ok && describingKey(text, d[0]) {
					out = append(out, l)
				}
			}
			continue
		}
		if v >= m[1] || (text[v] == '{' || text[v] == '[') && m[1]-v > 2 {
			continue
		}
		if l, ok := line(m); ok {
			out = append(out, l)
		}
	}
	return out
}

// memberIdentityKeys are the member keys that name an element, compared in
// lower case without a leading _, @ or $: an id, a name, where it lives.
var memberIdentityKeys = []string{"id", "uid", "uuid", "guid", "key", "name", "title", "version", "kind", "type", "path",
	"location", "url", "ref", "sha", "digest", "status", "code"}

// memberIdentityWords are the last words of compound keys that name an
// element as the word alone does: metadata_location, ImportPath,
// source-file, package.version.
var memberIdentityWords = []string{"id", "name", "path", "location", "file", "version"}

// identityKey reports whether the member whose key opens at text[i]
// names its element: a key of memberIdentityKeys, one ending in id or name
// (ImportPath's kin: pkgid, packageName, node_id), or one whose last word
// is of memberIdentityWords.
func identityKey(text string, i int) bool {
	e := stringEnd(text, i)
	if e-i < 3 {
		return false
	}
	return identityName(text[i+1 : e-1])
}

// identityName is identityKey of a key's text, without its quotes.
func identityName(key string) bool {
	raw := strings.TrimLeft(key, "_@$")
	k := strings.ToLower(raw)
	return slices.Contains(memberIdentityKeys, k) || strings.HasSuffix(k, "id") && len(k) > 2 || strings.HasSuffix(k, "name") ||
		identityWord(raw, k)
}

// identityWord reports whether the last word of raw, lower-cased, is of
// memberIdentityWords, k being all of raw lower-cased. ToLower maps rune
// for rune, so that word lower-cased is k's last as many runes; a word of
// the list (lower-case ASCII, a byte a rune) is it when k ends in it and
// the two are as many runes.
func identityWord(raw, k string) bool {
	n := utf8.RuneCountInString(lastWord(raw))
	for _, w := range memberIdentityWords {
		if len(w) == n && strings.HasSuffix(k, w) {
			return true
		}
	}
	return false
}

// lastWord returns the last word of a compound key: after its last _, -,
// . or space, or from its last upper-case letter after a lower-case one
// (ImportPath: Path).
func lastWord(k string) string {
	for j := len(k) - 1; j > 0; j-- {
		switch c := k[j]; {
		case c == '_' || c == '-' || c == '.' || c == ' ':
			return k[j+1:]
		case 'A' <= c && c <= 'Z' && 'a' <= k[j-1] && k[j-1] <= 'z':
			return k[j:]
		}
	}
	return k
}
