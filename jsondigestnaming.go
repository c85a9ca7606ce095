package headroom

import "strings"

// A digest names an element by its naming members (identityKey's), but a
// naming member whose value most of the element's siblings hold too names
// nothing: gcc's `"kind": "warning"` on 63 warnings, a schema's
// `"type": "object"` in each test group. A digest shown by such lines
// alone tells the reader that there are elements, not which; its bytes
// are better spent on the member whose values tell the elements apart
// (gcc's `"message"`, a dependency cruiser module's `"source"`).

// digestNamingSample bounds how many elements digestNamingOf reads, spread
// evenly over the sequence, and digestNamingMembers how many members of
// each (at any of the levels a digest opens), so the reading is bounded
// however long the sequence and its elements.
const (
	digestNamingSample  = 64
	digestNamingMembers = 256
)

// digestNaming is what a sample of a sequence's object elements tells a
// digest about their naming members.
type digestNaming struct {
	// shared holds the one-line members, as written from key to value,
	// that more than half of the sampled elements hold: they name none.
	shared map[string]bool
	// varied is the key, quoted, of the elements' own one-line string
	// member whose values differ the most among the sample (three at
	// least), "" when none does: it
	// names an element whose naming members are all shared.
	varied string
	// variedNames is set when varied names each element where the
	// naming members do not (namesEach): its line joins every digest.
	variedNames bool
}

// digestNamingOf reads up to digestNamingSample of elems (objects of
// text), spread evenly, and returns which naming members they share and
// which key tells them apart. It returns nil for fewer than four
// elements, where no value is shared by most.
func digestNamingOf(o *outliner, elems [][2]int) *digestNaming {
	n := len(elems)
	if n < 4 {
		return nil
	}
	k := min(n, digestNamingSample)
	held := map[string]int{}    // a member line: how many sampled elements hold it
	values := map[string]int{}  // a level-0 string member line: how many hold it
	keys := map[string]int{}    // a level-0 string key: how many elements hold it
	var order []string          // the level-0 string keys in the order first seen
	idLines := map[string]int{} // a level-0 naming member line: how many hold it
	idHeld := map[string]int{}  // a level-0 naming key: how many elements hold it
	seen := map[string]bool{}   // the member lines of the element being read
	for s := range k {
		e := elems[s*n/k]
		v := skipSpace(o.text, e[0])
		if v < len(o.text) && o.text[v] == '"' { // a map's member: its value
			v = skipSpace(o.text, skipSpace(o.text, stringEnd(o.text, v))+1)
		}
		if v >= len(o.text) || o.text[v] != '{' {
			continue
		}
		clear(seen)
		budget := digestNamingMembers
		o.namingMembers(v, 0, &budget, func(m [2]int, level int) {
			line := o.text[m[0]:m[1]]
			if !seen[line] {
				seen[line] = true
				held[line]++
			}
			if level == 0 && identityKey(o.text, m[0]) {
				idLines[line]++
				idHeld[o.text[m[0]:stringEnd(o.text, m[0])]]++
			}
			if level == 0 {
				val := skipSpace(o.text, skipSpace(o.text, stringEnd(o.text, m[0]))+1)
				if val < m[1] && o.text[val] == '"' {
					key := o.text[m[0]:stringEnd(o.text, m[0])]
					if keys[key] == 0 {
						order = append(order, key)
					}
					keys[key]++
					values[line]++
				}
			}
		})
	}
	d := &digestNaming{shared: map[string]bool{}}
	for line, c := range held {
		if 2*c > k {
			d.shared[line] = true
		}
	}
	// The distinct values of each key: its lines held once count one each,
	// the others one per line.
	distinct := map[string]int{}
	for line := range values {
		distinct[line[:stringEnd(line, 0)]]++
	}
	best := 0
	for _, key := range order {
		if c := distinct[key]; c >= 3 && c > best {
			d.varied, best = key, c
		}
	}
	idDistinct := map[string]int{}
	for line := range idLines {
		idDistinct[line[:stringEnd(line, 0)]]++
	}
	d.variedNames = namesEach(d.varied, distinct, keys, idDistinct, idHeld)
	return d
}

// namingMembers calls f on each one-line scalar member of the object that
// opens at val and of the objects it holds, as deep as a digest opens
// them (digestDepth), with its level, while budget lasts.
func (o *outliner) namingMembers(val, level int, budget *int, f func(m [2]int, level int)) {
	for _, m := range o.membersOf(val, '}') {
		if *budget <= 0 {
			return
		}
		*budget--
		c := skipSpace(o.text, skipSpace(o.text, stringEnd(o.text, m[0]))+1)
		if c >= m[1] {
			continue
		}
		switch ch := o.text[c]; {
		case ch == '{':
			if level < digestDepth && m[1]-c > 2 && m[1]-c <= digestNestedMax {
				o.namingMembers(c, level+1, budget, f)
			}
		case ch == '[':
		default:
			if m[1]-m[0] <= memberLineMax && strings.IndexByte(o.text[m[0]:m[1]], '\n') < 0 {
				f(m, level)
			}
		}
	}
}

// names reports whether the one-line member m (from its key to its
// value's end) names its object in a digest at level: a naming member
// whose line the elements do not mostly share, or, for an element none
// of whose naming members tells apart (unnamed), the member of the key
// whose values differ most.
func (d *digestNaming) names(text string, m [2]int, level int, unnamed bool) bool {
	if unnamed {
		return level == 0 && d.varied != "" && text[m[0]:stringEnd(text, m[0])] == d.varied
	}
	if d.variedNames && level == 0 && text[m[0]:stringEnd(text, m[0])] == d.varied {
		return true
	}
	return identityKey(text, m[0]) && !d.shared[text[m[0]:m[1]]]
}

// namingFor returns digestNamingOf elems, read once per sequence.
func (o *outliner) namingFor(elems [][2]int) *digestNaming {
	if len(elems) == 0 {
		return nil
	}
	if d, ok := o.namings[elems[0][0]]; ok {
		return d
	}
	if o.namings == nil {
		o.namings = map[int]*digestNaming{}
	}
	d := digestNamingOf(o, elems)
	o.namings[elems[0][0]] = d
	return d
}
