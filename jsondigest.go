package headroom

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
)

// A digest shows an object too large to keep whole by the members that
// name it: its opening line with its index, the lines of its naming
// members (a name, a version, a location — identityKey's), and theirs in
// the objects it holds, each hidden run of members counted in a note; its
// closing line. Forty installed distributions of 7 KB each do not fit in
// 16 KB whole, nor do five of them, but forty digests of 300 bytes do:
// the reader sees which distributions there are and where each lives.
// With room to spare, a full digest adds every other short scalar member
// (a summary, a license, a status), still one line each.
//
// Pretty-printed, every kept byte is an input line: the object and each
// nested one it opens must be lined. Minified, a digest's members are
// verbatim slices of the one line, joined where they touch (joinRuns).

// digestDepth is how many levels of nested objects a digest opens below
// the element itself.
const digestDepth = 2

// digestNestedMax bounds the nested objects a digest opens: naming
// members sit in small ones (a distribution's metadata), and opening the
// bulk of a document (an OpenAPI components map) to find none would read
// it again at each level.
const digestNestedMax = 64 << 10

// digestMin is fewer bytes than any digest costs (an opening with its
// index note, a member, a closing): room/digestMin bounds the picks a
// spread of digests tries, so a million small objects are not all
// digested to learn that a few hundred fit.
const digestMin = 24

// digest returns the display of elems[index], the index-th element (or,
// unless isElem, member) of a value at depth depth-1, when it is an
// object: a tree of outline nodes, the root first, children's indices
// into the tree. An element's opening line notes its index (the array's
// gap notes tell sizes); a member's key names it, so its digest opens no
// nested object. full adds every short scalar member to the
// naming ones. It returns nil when the object is not lined or shows no
// member.
func (o *outliner) digest(elems [][2]int, index, depth int, isElem, full bool) []onode {
	level := 0
	if !isElem {
		level = digestDepth // a member's key names it: its own members only
	}
	return o.digestFrom(elems, index, depth, isElem, full, level)
}

// digestFrom is digest with the nesting level its object counts as: a
// member of a map the sequence plan reads as a sequence (rustc's target
// specs by name) opens its nested objects as an element does, as what
// names it beyond its key (a description) sits in them.
func (o *outliner) digestFrom(elems [][2]int, index, depth int, isElem, full bool, level int) []onode {
	e := elems[index]
	n := onode{key: e[0], val: e[0], end: e[1], depth: depth}
	if !isElem {
		n.val = skipSpace(o.text, skipSpace(o.text, stringEnd(o.text, e[0]))+1)
	}
	if o.text[n.val] != '{' {
		return nil
	}
	var tree []onode
	hidden := 0
	if isElem { // a map's member is named by its key
		o.naming = o.namingFor(elems)
		defer func() { o.naming = nil }()
	}
	if !o.digestObject(&tree, n, full, level, &hidden) {
		// No member names it: a one-line description does.
		o.describe = true
		hidden = 0
		ok := o.digestObject(&tree, n, full, level, &hidden)
		o.describe = false
		if !ok && o.naming != nil && o.naming.varied != "" {
			// Nor a description: the member whose values tell the
			// elements apart does (jsondigestnaming.go).
			o.unnamed = true
			hidden = 0
			ok = o.digestObject(&tree, n, full, level, &hidden)
			o.unnamed = false
		}
		if !ok && o.naming != nil {
			// Nor that: its shared naming members, as before.
			o.naming = nil
			hidden = 0
			ok = o.digestObject(&tree, n, full, level, &hidden)
		}
		if !ok {
			return nil
		}
	}
	root := &tree[0]
	root.digested = true
	start, _ := o.opening(*root)
	if isElem {
		root.head = "[…index " + txt.Commas(index) + "…]"
		grow := root.val + 1 - start + len(root.head) + 2 - o.size(o.opening(*root))
		root.cost += grow
		root.loose += grow
	}
	// Compact, the members it hides, its nested objects' too, are counted
	// once, before its closing line, rather than in a note for each hidden
	// run: a digest is its naming lines, and a note for a run costs about
	// as much as one.
	if hidden > 0 && o.compact {
		root.more = o.memberNote(root.elems[0][0], hidden)
		root.cost += len(root.more) + 2
		// A count with more digits than each run's can cost a byte more:
		// the picks are chosen at the dearer of the two layouts.
		root.loose = max(root.loose, root.cost)
	}
	return tree
}

// membersOf returns the members of the object or array that opens at
// val and closes with close, read once and kept in o.members.
func (o *outliner) membersOf(val int, close byte) [][2]int {
	if elems, ok := o.members[val]; ok {
		return elems
	}
	if o.members == nil {
		o.members = map[int][][2]int{}
	}
	elems := sequence(o.text, val, close)
	o.members[val] = elems
	return elems
}

// digestObject appends to tree the digest node of the object n and those
// of its shown members, adds the members it hides to hidden, and reports
// whether any member is shown.
func (o *outliner) digestObject(tree *[]onode, n onode, full bool, level int, hidden *int) bool {
	n.elems = o.membersOf(n.val, '}')
	if !o.lined(n) {
		return false
	}
	at := len(*tree)
	*tree = append(*tree, n)
	// Each member: shown (a line, or a nested digest at the tree's
	// index), or a line that could be.
	const none, line = -1, -2
	shown := make([]int, len(n.elems))
	lines := make([]int, len(n.elems)) // a line's cost
	for k, m := range n.elems {
		shown[k] = none
		c := onode{key: m[0], end: m[1], depth: n.depth + 1}
		c.val = skipSpace(o.text, skipSpace(o.text, stringEnd(o.text, m[0]))+1)
		switch ch := o.text[c.val]; {
		case ch == '{' && level < digestDepth && c.end-c.val > 2 && c.end-c.val <= digestNestedMax:
			if kid := len(*tree); o.digestObject(tree, c, full, level+1, hidden) {
				shown[k] = kid
			}
		case ch == '[' && o.arrayEnds && level < digestDepth && c.end-c.val > 2 && c.end-c.val <= digestNestedMax:
			if kid := len(*tree); o.digestArrayEnds(tree, c) {
				shown[k] = kid
			}
		case ch != '{' && ch != '[' || c.end-c.val == 2:
			if ls, le := o.span(c); le-ls <= memberLineMax && strings.IndexByte(o.text[c.val:c.end], '\n') < 0 {
				c.state, c.cost = asLine, o.size(ls, le)
				c.loose = c.cost
				lines[k] = c.cost
				shown[k] = line
				names := identityKey(o.text, m[0])
				if o.naming != nil {
					names = o.naming.names(o.text, m, level, o.unnamed)
				}
				if full || names || o.describe && le-ls <= describingLineMax && describingKey(o.text, m[0]) ||
					level == 0 && o.rareKey != nil && o.rareKey(o.text[m[0]:stringEnd(o.text, m[0])]) {
					shown[k] = len(*tree)
					*tree = append(*tree, c)
				}
			}
		}
	}
	named := false // a member shown for itself, not for its cheapness
	for _, t := range shown {
		named = named || t >= 0
	}
	if !named {
		*tree = (*tree)[:at]
		return false
	}
	// A member alone between shown ones is shown when it costs no more
	// than a note counting it would.
	for k := range shown {
		alone := (k == 0 || shown[k-1] >= 0) && (k+1 == len(shown) || shown[k+1] >= 0)
		if shown[k] == line && alone && lines[k] <= len(o.memberNote(n.elems[k][0], 1))+2 {
			c := onode{key: n.elems[k][0], end: n.elems[k][1], depth: n.depth + 1, state: asLine, cost: lines[k], loose: lines[k]}
			c.val = skipSpace(o.text, skipSpace(o.text, stringEnd(o.text, c.key))+1)
			shown[k] = len(*tree)
			*tree = append(*tree, c)
		}
	}
	// A note counts each hidden run where it is; compact, the runs are
	// counted once, on the digest's opening line (digestFrom), and loose
	// is what the notes would have cost.
	note := func(from, to int) string {
		if from == to {
			return ""
		}
		return o.memberNote(n.elems[from][0], to-from)
	}
	r := &(*tree)[at]
	r.state = asOpen
	r.cost = o.size(o.opening(n)) + o.size(o.closing(n))
	r.loose = r.cost
	from := 0 // the first member hidden since the last shown one
	add := func(b string) {
		if b == "" {
			return
		}
		r.loose += len(b) + 2
		if !o.compact {
			r.cost += len(b) + 2
		}
	}
	for k, t := range shown {
		if t < 0 {
			*hidden++
			continue
		}
		b := note(from, k)
		add(b)
		if !o.compact {
			r.before = append(r.before, b)
		}
		r.kids = append(r.kids, t)
		r.cost += (*tree)[t].cost
		r.loose += (*tree)[t].loose
		from = k + 1
	}
	b := note(from, len(shown))
	add(b)
	if !o.compact {
		r.more = b
	}
	return true
}

// digestArrayEnds appends to tree the node of the array n, open on the
// digests of its first and last elements (their own naming members: an
// element's index is its place), each hidden run of elements counted in
// a note and, compact, each digest's hidden members counted before its
// closing line; it reports whether any element is shown. A package's
// functions, a module's dependencies: the array is what the object
// holds, and its ends name the range of it as a sequence's ends name
// the sequence.
func (o *outliner) digestArrayEnds(tree *[]onode, n onode) bool {
	elems := o.membersOf(n.val, ']')
	n.elems = elems
	if !o.lined(n) {
		return false
	}
	at := len(*tree)
	*tree = append(*tree, n)
	cost := o.size(o.opening(n)) + o.size(o.closing(n))
	loose := cost
	var kids []int
	var before []string
	note := func(from, to int) string {
		if from == to {
			return ""
		}
		return o.elementNote(elems[from][0], to-from)
	}
	next := 0 // the first element hidden since the last shown one
	for _, k := range []int{0, len(elems) - 1} {
		e := elems[k]
		if k < next || o.text[e[0]] != '{' {
			continue
		}
		kid, h := len(*tree), 0
		if !o.digestObject(tree, onode{key: e[0], val: e[0], end: e[1], depth: n.depth + 1}, false, digestDepth, &h) {
			continue
		}
		if d := &(*tree)[kid]; h > 0 && o.compact {
			// Its own count: one at the digest's root would read as
			// members of the object that holds the array.
			d.more = o.memberNote(d.elems[0][0], h)
			d.cost += len(d.more) + 2
			d.loose = max(d.loose, d.cost)
		}
		b := note(next, k)
		if b != "" {
			cost += len(b) + 2
			loose += len(b) + 2
		}
		before = append(before, b)
		kids = append(kids, kid)
		cost += (*tree)[kid].cost
		loose += (*tree)[kid].loose
		next = k + 1
	}
	if len(kids) == 0 {
		*tree = (*tree)[:at]
		return false
	}
	r := &(*tree)[at]
	r.state, r.kids, r.before = asOpen, kids, before
	if r.more = note(next, len(elems)); r.more != "" {
		cost += len(r.more) + 2
		loose += len(r.more) + 2
	}
	r.cost, r.loose = cost, loose
	return true
}

// elementNote returns the note counting k hidden array elements from the
// one that starts at i, indented as that element is.
func (o *outliner) elementNote(i, k int) string {
	indent := ""
	if !o.minified {
		indent = lineIndent(o.text, i)
	}
	return indent[:min(len(indent), 80)] + "[…" + txt.Plural(k, "array element") + "…]"
}

// memberNote returns the note counting k hidden members from the one
// that starts at i, indented as that member is.
func (o *outliner) memberNote(i, k int) string {
	indent := ""
	if !o.minified {
		indent = lineIndent(o.text, i)
	}
	return indent[:min(len(indent), 80)] + "[…" + txt.Plural(k, "member") + "…]"
}

// describingLineMax bounds the line of a describing member a digest
// shows: a one-line description names an element as a name would
// ("MIPS (LE) Sony PlayStation 1 (PSX)"); a paragraph does not.
const describingLineMax = 100

// describingKey reports whether the member whose key opens at text[i]
// describes its object in words: a "description" or a "summary" that is
// a string (a null one describes nothing).
func describingKey(text string, i int) bool {
	e := stringEnd(text, i)
	if k := text[i:e]; k != `"description"` && k != `"summary"` {
		return false
	}
	v := skipSpace(text, skipSpace(text, e)+1)
	return v < len(text) && text[v] == '"'
}

// planSequenceDigests plans a pretty-printed sequence (an array, a stream
// of documents, a map of alike members keyed by name) of objects too large for a spread of whole ones to name
// many of them: npm view's 95 manifests of 22 KB, 249 test vectors of
// 640 bytes where whole ones would show 30. It keeps the opening; the
// first element whole, or its ends and naming members, in a third of the
// room, and the last in a fifth; between them first the elements of a
// rare shape (shapes as planJSON's: an error among successes), whole when
// they fit a quarter of the room left, else by their full digest; then
// the digests of as many others as fit, spread evenly, each gap counted.
// Room left buys full digests, in the order of the picks, then opens
// their arrays of objects on their first and last elements' digests (a
// package's first and last unreachable functions, digestArrayEnds), then
// grows the first and last elements' room, as a clip's head and tail
// would. It returns the items, the items without what that room left
// bought (bare, nil when it bought nothing: the layout signals may take
// it back from), and how many elements they name, or false when no
// digest fits.
func planSequenceDigests(text string, elems [][2]int, shapes []int32, kind string, limit int) (items, bare []item, named int, ok bool) {
	n, last := len(elems), len(elems)-1
	room := limit - sequenceNoteRoom
	if n < 3 || elems[0][0] > room/8 {
		return nil, nil, 0, false
	}
	next := func(i int) int { return elementEnd(text, elems, i) }
	head, tail, tailFrom := sequenceEndsKept(text, elems, room)
	mid := room - itemsSize(head) - itemsSize(tail)

	// show returns how element j shows at detail d (0: its digest by
	// naming members, 1: its full digest, 2: whole, 3: its full digest
	// with its arrays' ends, digestArrayEnds, 4: its digest by naming
	// members and its rarest keys', rareMembers), nil for none.
	o := &outliner{text: text, compact: true}
	var rareKey func(j int) func(string) bool // rareMembers, read once when wanted
	type view struct{ j, d int }
	shown := map[view][]item{}
	saved := map[view]int{} // what a digest saves on its former layout (loose)
	detail := map[int]int{}
	show := func(j, d int) []item {
		v := view{j, d}
		its, ok := shown[v]
		if !ok {
			if d == 2 {
				its = []item{keepRange(elems[j][0], next(j))}
			} else {
				o.arrayEnds = d == 3
				if d == 4 {
					if rareKey == nil {
						rareKey = rareMembers(o, elems, 1, last)
					}
					o.rareKey = rareKey(j)
				}
				if t := o.digestFrom(elems, j, 1, kind != "object member", d != 0 && d != 4, 0); t != nil {
					its = (&outliner{text: text, nodes: t}).items()
					saved[v] = t[0].loose - t[0].cost
				}
				o.arrayEnds, o.rareKey = false, nil
			}
			shown[v] = its
		}
		return its
	}
	// size is what element j costs at detail d, in the former layout
	// when loose.
	size := func(j, d int, loose bool) int {
		n := itemsSize(show(j, d))
		if loose {
			n += saved[view{j, d}]
		}
		return n
	}
	costOf := func(sel []int, loose bool) int {
		c, prev := 0, 0
		for _, j := range sel {
			if its := show(j, detail[j]); its != nil {
				if j > prev+1 {
					c += len(omittedNote(j-prev-1, kind)) + 2
				}
				c += size(j, detail[j], loose)
				prev = j
			}
		}
		if prev < last-1 {
			c += len(omittedNote(last-1-prev, kind)) + 2
		}
		return c
	}
	// The picks and their detail are chosen as in the digests' former
	// layout, which counted each hidden run in place: what the layout
	// saves then buys more picks, so a digest's cheaper layout only adds
	// to what is named.
	cost := func(sel []int) int { return costOf(sel, true) }
	if show(last/2, 0) == nil && show(1, 0) == nil {
		return nil, nil, 0, false // not objects of lines: no digests
	}
	count := make([]int, slices.Max(shapes)+1) // shapes are numbered from 1 as they appear
	for _, s := range shapes[1:last] {
		count[s]++
	}
	var rare, rarest []int // the elements of a rare shape
	for j := 1; j < last; j++ {
		if s := shapes[j]; s != 0 && count[s] <= max(1, (last-1)/10) {
			rarest = append(rarest, j)
			detail[j] = 1
			if next(j)-elems[j][0] <= mid/4 {
				detail[j] = 2
			}
		}
	}
	if cost(rarest) <= mid/2 {
		rare = rarest
	} else {
		for _, j := range rarest {
			delete(detail, j)
		}
	}
	var rest []int
	for j := 1; j < last; j++ {
		if _, ok := slices.BinarySearch(rare, j); !ok {
			rest = append(rest, j)
		}
	}
	pick := func(k int) []int {
		sel := slices.Clone(rare)
		for _, at := range spread(0, len(rest), k) {
			sel = append(sel, rest[at])
		}
		slices.Sort(sel)
		return sel
	}
	lo := largestFitting(0, min(len(rest), mid/digestMin), func(k int) bool { return cost(pick(k)) <= mid })
	sel := pick(lo)
	used := cost(sel)
	for _, j := range sel {
		if d := detail[j]; d == 0 && show(j, 0) != nil && show(j, 1) != nil {
			if c := used - size(j, 0, true) + size(j, 1, true); c <= mid {
				used, detail[j] = c, 1
			}
		}
	}
	sel = morePicks(sel, 0, last, mid, func(sel []int) int { return costOf(sel, false) })
	used = costOf(sel, false)
	if rare == nil && 2*len(rarest) < last-1 {
		// Too many of a rare shape to keep all, they are no picks of their
		// own; where most elements share shapes that are not rare, those
		// the spread picked show, rarest first, the members of their
		// rarest keys before room left buys any full digest: exiftool's
		// gnus.svg its SvgDocbase, which no other file has, among 48 PNGs
		// of one key set, though its 21 records of shapes six share or
		// fewer do not all fit. Where most are of rare shapes (npm query's
		// nine packages, each its own key set), none is a signal.
		rareKey = rareMembers(o, elems, 1, last)
		used = showRareKeys(sel, rarest, func(j int) int { return count[shapes[j]] }, used, mid, func(j int) (int, bool) {
			if rareKey(j) == nil || show(j, 0) == nil || show(j, 4) == nil {
				return 0, false
			}
			return size(j, 4, false) - size(j, 0, false), true
		}, func(j int) { detail[j] = 4 })
	}
	for _, j := range sel { // room still left: full digests, in the order of the picks
		if d := detail[j]; d == 0 && show(j, 0) != nil && show(j, 1) != nil {
			if c := used - size(j, 0, false) + size(j, 1, false); c <= mid {
				used, detail[j] = c, 1
			}
		}
	}
	// Room left still: full digests open their arrays of objects by their
	// ends (what a package holds, not only its name), in the order of the
	// picks. That and the ends grown below are fill: bought by room
	// nothing else wanted, they yield to signals (bare).
	plainDetail := maps.Clone(detail)
	for _, j := range sel {
		if detail[j] == 1 && show(j, 3) != nil {
			if c := used - size(j, 1, false) + size(j, 3, false); c > used && c <= mid {
				used, detail[j] = c, 3
			}
		}
	}
	// build lays the picks out between the ends, each at its detail.
	build := func(head, tail []item, tailFrom int, detail map[int]int) ([]item, int) {
		items := head
		named, prev := 2, 0
		for _, j := range sel {
			its := show(j, detail[j])
			if its == nil {
				continue
			}
			if j > prev+1 {
				items = append(items, noteLine(omittedNote(j-prev-1, kind)))
			}
			// After a whole element, the next one's indentation is kept (a
			// range's: a note of the element's own has none to keep).
			if last := items[len(items)-1]; last.note == "" && its[0].end > its[0].start && last.end > its[0].start && last.end <= elems[j][0] {
				its = slices.Clone(its)
				its[0].start = last.end
			}
			items = append(items, its...)
			named++
			prev = j
		}
		if named == 2 {
			return nil, 0
		}
		if prev < last-1 {
			items = append(items, noteLine(omittedNote(last-1-prev, kind)))
		}
		if prev := items[len(items)-1]; prev.note == "" && tail[0].end > tail[0].start && prev.end > tailFrom && prev.end <= elems[last][0] {
			tail = slices.Clone(tail)
			tail[0].start = prev.end
		}
		items = append(slices.Clone(items), tail...)
		if itemsSize(items) > limit {
			return nil, 0
		}
		return items, named
	}
	plain, k := build(head, tail, tailFrom, plainDetail)
	if k == 0 {
		return nil, nil, 0, false
	}
	named = k
	items, _ = build(head, tail, tailFrom, detail)
	if items == nil {
		items = plain
	}
	// Room the middle leaves goes to the ends, as a clip's head and tail
	// would have it: a last package's last functions, not nothing.
	if slack := room - itemsSize(items); slack > 0 {
		h, t, from := sequenceEndsKeptIn(text, elems, room/3+slack*5/8, room/5+slack*3/8)
		if grown, k := build(h, t, from, detail); k == named && itemsSize(grown) <= room && itemsSize(grown) > itemsSize(items) {
			items = grown
		}
	}
	if itemsSize(items) == itemsSize(plain) {
		plain = nil // no fill
	}
	return items, plain, named, true
}

// rareMembers returns, for an element j of elems[from:to], the keys of
// its own members that are its rarest among those elements: held by as
// few of them as any key of j, and by at most a tenth (at least one).
// A record of a rare key set is told by them, not by the keys all its
// siblings share: gnus.svg's SvgDocbase, which no PNG and no other SVG
// has. It is nil for an element with no key held by a tenth or fewer.
func rareMembers(o *outliner, elems [][2]int, from, to int) func(j int) func(string) bool {
	count := map[string]int{}
	keys := func(j int) []string {
		if o.text[elems[j][0]] != '{' {
			return nil
		}
		var ks []string
		for _, m := range o.membersOf(elems[j][0], '}') {
			ks = append(ks, o.text[m[0]:stringEnd(o.text, m[0])])
		}
		return ks
	}
	for j := from; j < to; j++ {
		for _, k := range keys(j) {
			count[k]++
		}
	}
	most := max(1, (to-from)/10)
	return func(j int) func(string) bool {
		least := to - from + 1
		for _, k := range keys(j) {
			least = min(least, count[k])
		}
		if least > most {
			return nil
		}
		return func(k string) bool { return count[k] == least }
	}
}

// showRareKeys has the picks in sel (sorted) that are of rarest show
// the members of their rarest keys, the rarest first (by shared, how many
// elements share a pick's shape), the cheapest first among as rare,
// each while what it adds (grow, false for a pick with no such view)
// keeps used within room; show records a pick shown so. It returns used
// with what they added.
func showRareKeys(sel, rarest []int, shared func(int) int, used, room int, grow func(int) (int, bool), show func(int)) int {
	type pick struct{ j, shared, grow int }
	var order []pick
	for _, j := range rarest {
		if _, picked := slices.BinarySearch(sel, j); picked {
			if c, ok := grow(j); ok {
				order = append(order, pick{j, shared(j), c})
			}
		}
	}
	slices.SortStableFunc(order, func(a, b pick) int { return cmp.Or(a.shared-b.shared, a.grow-b.grow) })
	for _, p := range order {
		if used+p.grow <= room {
			used += p.grow
			show(p.j)
		}
	}
	return used
}

// elementEnd returns where elems[i] ends with what follows it up to the
// next element, or the text's end for the last.
func elementEnd(text string, elems [][2]int, i int) int {
	if i < len(elems)-1 {
		return elems[i+1][0]
	}
	return len(text)
}

// sequenceEndsKept returns how a plan of digests keeps a sequence's ends
// in room bytes: its opening with the first element, whole or by its
// ends and naming members in a third of room; the last element, from
// the start of its line (its indentation is part of it after a gap note:
// a map member's key line), in a fifth; and where the last one's kept
// bytes start.
func sequenceEndsKept(text string, elems [][2]int, room int) (head, tail []item, tailFrom int) {
	return sequenceEndsKeptIn(text, elems, room/3, room/5)
}

// sequenceEndsKeptIn is sequenceEndsKept with the first element in
// headRoom bytes and the last in tailRoom.
func sequenceEndsKeptIn(text string, elems [][2]int, headRoom, tailRoom int) (head, tail []item, tailFrom int) {
	last := len(elems) - 1
	end := func(from, i, room int) []item {
		if to := elementEnd(text, elems, i); to-from > room {
			return keepEndsAndMembers(text, from, to, room)
		}
		return []item{keepRange(from, elementEnd(text, elems, i))}
	}
	head = append([]item{keepRange(0, elems[0][0])}, end(elems[0][0], 0, headRoom)...)
	tailFrom = blankLineStart(text, elems[last][0])
	return head, end(tailFrom, last, tailRoom), tailFrom
}

// spreadDigests returns the digests of as many elements of [from, to) as
// fit in room bytes, spread evenly, full ones while room is left, then,
// when all fit, each cut to what it says (cutElement) in its share of
// what room is still left, with note(i, j) for each run i..j-1 hidden; how many it
// shows, and how many of them cut. minified lays them out as the
// minified outline does.
func spreadDigests(text string, elems [][2]int, from, to, room int, minified bool, note func(i, j int) string) ([]item, int, int) {
	o := &outliner{text: text, minified: minified}
	type view struct {
		j    int
		full bool
	}
	shown := map[view][]item{}
	full := map[int]bool{}
	show := func(j int) []item {
		v := view{j, full[j]}
		its, ok := shown[v]
		if !ok {
			if t := o.digest(elems, j, 1, true, v.full); t != nil {
				its = (&outliner{text: text, minified: minified, nodes: t}).items()
			}
			shown[v] = its
		}
		return its
	}
	build := func(sel []int) ([]item, int) {
		var items []item
		prev, k := from, 0
		for _, j := range sel {
			its := show(j)
			if its == nil {
				continue
			}
			if j > prev {
				items = append(items, noteLine(note(prev, j)))
			}
			items = append(items, its...)
			prev, k = j+1, k+1
		}
		if k > 0 && prev < to {
			items = append(items, noteLine(note(prev, to)))
		}
		return items, k
	}
	size := func(sel []int) int {
		its, _ := build(sel)
		return itemsSize(its)
	}
	lo := largestFitting(0, min(to-from, room/digestMin), func(k int) bool { return size(spread(from, to, k)) <= room })
	sel := spread(from, to, lo)
	// The elements of a rare value first, in place of the picks nearest
	// them (jsondigestspreadrare.go), while the whole still fits.
	gap := 0
	if to > from {
		gap = len(note(from, from+1)) + 2
	}
	if r := digestRarePicks(text, elems, sel, from, to, room, size(sel), func(j int) int {
		if its := show(j); its != nil {
			return itemsSize(its) + gap
		}
		return 0
	}); size(r) <= room {
		sel = r
	}
	// Each pick made full while it fits, priced by what it adds to the
	// digest it replaces: the gap notes stay as they are, unless the
	// digest was nothing and the pick comes in.
	cur := size(sel)
	for _, j := range sel {
		digest := show(j)
		full[j] = true
		switch whole := show(j); {
		case whole == nil:
			full[j] = false
		case digest == nil:
			if c := size(sel); c <= room {
				cur = c
			} else {
				full[j] = false
			}
		case cur-itemsSize(digest)+itemsSize(whole) <= room:
			cur += itemsSize(whole) - itemsSize(digest)
		default:
			full[j] = false
		}
	}
	// Once every element between is named, the room the digests leave
	// goes to their elements cut (an html-validate result of 9 KB, its
	// diagnostics among its page's source): a digest shows what names an
	// element, a cut what it says too, and a few large elements leave
	// most of the room to it.
	// A spread, which names only some, keeps its picks alike.
	cut := 0
	if len(sel) == to-from {
		for n, j := range sel {
			digest := show(j)
			share := (room-cur)/(len(sel)-n) + itemsSize(digest)
			// The cut replaces the digest when it shows more of the
			// element: a small object's full digest, already all of it,
			// stays.
			if its := cutElement(text, elems[j], j, share); its != nil && keptBytes(its) > keptBytes(digest) {
				cur += itemsSize(its) - itemsSize(digest)
				shown[view{j, full[j]}] = its
				cut++
			}
		}
	}
	items, k := build(sel)
	return items, k, cut
}

// keptBytes is how many bytes of the input items keep verbatim.
func keptBytes(items []item) int {
	n := 0
	for _, it := range items {
		n += it.end - it.start
	}
	return n
}

// cutElement returns the items that keep the object text[e[0]:e[1]], the
// index-th element of its array, cut to what it says within room bytes
// (cutMembers), or whole when it fits: a note with its index, then its
// bytes on a line of their own, each value left out written as its note. It is nil when the
// object is not one or no cut of it fits.
func cutElement(text string, e [2]int, index, room int) []item {
	if text[e[0]] != '{' {
		return nil
	}
	members, closing, ok := objectMembers(text, e[0], e[1])
	if !ok || closing != e[1]-1 {
		return nil
	}
	note := noteLine("[…index " + txt.Commas(index) + ", cut…]")
	whole := note.size() + e[1] - e[0] + 1
	if whole <= room {
		return []item{note, {start: e[0], end: e[1], eol: true}}
	}
	cuts, ok := cutMembers(text, members, -1, func(int, int) int { return 0 }, room-whole, cutOpenings, true)
	if !ok {
		return nil
	}
	k := keptSignal{start: e[0], end: e[1], cuts: cuts, eol: true}
	its := append([]item{note}, signalItems(k)[1:]...)
	if itemsSize(its) > room {
		return nil
	}
	return its
}

// planMinifiedEnds plans a minified array of objects too large for even
// the first to fit the head's room (eslint -f json's file results with
// their sources): what a blind clip keeps — the text's head and tail
// verbatim, each cut inside its line with a note of the bytes cut — in a
// fifth and a tenth of the room, with the beginning of the element the
// tail ends (its identity); and between them the digests of as many
// elements as fit, spread evenly, laid out in lines of their own.
// It declines when no digest fits.
func planMinifiedEnds(text string, elems [][2]int, kind string, limit int) (plan, bool) {
	return planMinifiedEndsGrown(text, elems, kind, limit, 0)
}

// planMinifiedEndsGrown is planMinifiedEnds with grow more bytes for its
// head and tail, two thirds and a third.
func planMinifiedEndsGrown(text string, elems [][2]int, kind string, limit, grow int) (plan, bool) {
	room := limit - sequenceNoteRoom
	cut := func(i int) int {
		for i > 0 && i < len(text) && !utf8.RuneStart(text[i]) {
			i--
		}
		return i
	}
	headEnd := cut(min(min(room/5, elems[0][1])+grow*2/3, len(text)))
	tailStart := cut(max(len(text)-room/10-grow/3, headEnd))
	last := len(elems)
	for o := (&outliner{text: text}); last > 0 && o.comma(elems[last-1][1]) > tailStart; {
		last-- // digests, to the comma after them, end before the tail's bytes
	}
	first := 0
	for first < last && elems[first][0] < headEnd {
		first++
	}
	head := item{start: 0, end: headEnd, note: "[…" + txt.Commas(tailStart-headEnd) + " bytes…]"}
	tail := []item{keepRange(tailStart, len(text))}
	if last < len(elems) && elems[last][0] > headEnd && elems[last][0] < tailStart {
		// The tail's element opens before it: its beginning, where its
		// identity sits, cut short.
		start := elems[last][0]
		end := cut(min(start+room/20, tailStart))
		tail = []item{{start: start, end: end, note: "[…" + txt.Commas(tailStart-end) + " bytes…]"}, tail[0]}
	}
	note := func(i, j int) string {
		return "[…" + txt.Plural(j-i, kind) + ", " + sizeText(elems[j-1][1]-elems[i][0]) + "…]"
	}
	mid, k, opened := spreadDigests(text, elems, first, last, limit-head.size()-itemsSize(tail)-sequenceNoteRoom/2, true, note)
	if k == 0 {
		return plan{}, false
	}
	items := joinRuns(append(append([]item{head}, mid...), tail...))
	if itemsSize(items) > limit {
		return plan{}, false
	}
	between := txt.Commas(k) + " between by their naming members and index)"
	if opened > 0 {
		between = txt.Commas(k) + " between by their naming members and index or cut to what they say)"
	}
	what := txt.Commas(len(elems)-k) + " of " + txt.Plural(len(elems), kind) + " (kept the head and the tail as they are, " + between
	return plan{strategy: StrategyJSON, items: items, markerAt: len(items), digest: true, what: what,
		hint: "To see more, re-run with a jq filter that selects what you need (jq length, jq keys, jq 'map(.id)')."}, true
}

// morePicks adds to sel, the sorted picks among the elements between lo
// and hi (which are kept, or bound what is) whose cost is within room,
// the middle element of the widest gap between them, while that still
// fits.
func morePicks(sel []int, lo, hi, room int, cost func([]int) int) []int {
	for {
		at, wide, prev := 0, 1, lo // the pick to add at, the widest gap, the element before it
		for k := 0; k <= len(sel); k++ {
			next := hi
			if k < len(sel) {
				next = sel[k]
			}
			if next-prev > wide {
				at, wide = k, next-prev
			}
			prev = next
		}
		if wide < 2 {
			return sel
		}
		before := lo
		if at > 0 {
			before = sel[at-1]
		}
		more := slices.Insert(slices.Clone(sel), at, before+wide/2)
		if cost(more) > room {
			return sel
		}
		sel = more
	}
}
