package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A tree whose nodes nest in arrays under one key — a query plan's
// "Plans" in "Plans", findmnt -J's "children" — loses its named nodes to
// an outline: every node holds the same members, most of them
// the same in every node (a buffer counter at 0, "Parallel Aware": false),
// and the outline opens the top levels and summarises the rest, so the
// scans and joins deep in the tree, where the tables are named, fall in
// summaries. What tells one node from another is the few one-line members
// whose values differ between nodes ("Relation Name": "pg_constraint",
// "Hash Cond": …): the tree roll keeps those lines of every node, in
// input order and indented as the input has them (so the indentation
// shows the nesting), without brackets or the members all nodes share.
// It is the sequence roll (planSequenceRoll) of a tree's nodes.

// treeRollMin is the fewest nodes a tree needs for its roll: with fewer,
// an outline shows them.
const treeRollMin = 8

// treeNode is a node of a tree: an object that holds the tree's nesting
// key or sits in such a key's value, by its span and the lines the roll
// may keep of it, by rank (treeRanks), each rank's in member order.
type treeNode struct {
	start, end int
	lines      [treeRanks][][2]int
}

// A node's lines by rank: its key line and naming members (identityKey);
// strings whose commonest value at most half the nodes with the key
// share ("Node Type", "Alias", "Hash Cond"); other strings (an "Outer" or
// "Inner" "Parent Relationship"); the other scalars (costs, counts).
const (
	rankNaming = iota
	rankRareString
	rankString
	rankScalar
	treeRanks
)

// treeMember is a one-line scalar member of a node, or a node's own key
// line (a map member's name: `"node-gyp": {`, with key == -1).
type treeMember struct {
	line       [2]int
	key, value [2]int
}

// planTreeRoll plans the pretty-printed document text[root:top.end], a
// tree (selfNested) nested by key (quotes included) in arrays, of
// treeRollMin nodes or more, however much it is cut, as the lines that
// tell its nodes apart: the text before the first node, each node's key
// line (`"Plan": {`) and its one-line members of a value that differs
// between nodes, by rank (treeRanks) — one line of each node before a
// second of any, spread evenly over the nodes when a round does not fit —
// and the document's end after the tree as a clip's tail. It declines a
// tree of maps (npm ls --json's packages by name: the outline's summaries
// name them), a roll that would leave a quarter of limit unused, and any
// other document.
func planTreeRoll(text string, top jsonTop, key string, limit int) (plan, bool) {
	root, end := skipSpace(text, 0), top.end
	if top.kind == "document" {
		return plan{}, false
	}
	nodes, maps := treeNodes(text, root, end, key)
	if maps || len(nodes) < treeRollMin {
		return plan{}, false
	}
	// The head runs to the end of the first node's opening line; the tail
	// from the line that closes the last top-level node.
	first := nodes[0]
	headEnd := lineEnd(text, first.start, end)
	treeEnd := first.end
	for _, n := range nodes {
		treeEnd = max(treeEnd, n.end)
	}
	tailStart := txt.LineStart(text, treeEnd-1)
	if tailStart < headEnd {
		return plan{}, false
	}
	room := limit - sequenceNoteRoom
	if headEnd > room/8 {
		return plan{}, false // a tree buried under a long preamble
	}
	// The tail is a clip's, the last eighth of the room, however short
	// the document's end after the tree: where the tree is the whole
	// document (npm explain's one root), the root's own closing members,
	// its flags, sit there.
	if clipTail := lineEnd(text, len(text)-room/8, len(text)); clipTail > headEnd {
		tailStart = clipTail
	}
	note := treeRollNote(len(nodes)-1, len(nodes), key) // the longer form
	room -= len(text) - tailStart + len(note) + 2
	if room <= headEnd {
		return plan{}, false // the ends and the note leave the roll no room
	}
	lines, named := treeRollLines(nodes, headEnd, tailStart, room-headEnd)
	// A roll too thin to name a third of the nodes (npm explain's 167 at
	// 4,000 bytes, the same few package names over and over) says less
	// than a clip's head, which reads the first nodes whole: the head
	// grows to three quarters of the room, as a clip's, and the roll
	// takes the rest.
	if clipHead := lineEnd(text, min(root+room*3/4, tailStart), tailStart); 3*named < len(nodes) && clipHead > headEnd {
		headEnd = clipHead
		lines, named = treeRollLines(nodes, headEnd, tailStart, room-headEnd)
	}
	if named < 2 {
		return plan{}, false
	}
	items := []item{keepRange(0, headEnd)}
	next := headEnd // where the input next to what is kept goes on
	noted := false
	for _, l := range append(lines, [2]int{tailStart, len(text)}) {
		if l[0] != next && !noted {
			items = append(items, noteLine(treeRollNote(named, len(nodes), key)))
			noted = true
		}
		if last := &items[len(items)-1]; last.note == "" && last.end == l[0] {
			last.end = l[1]
		} else {
			items = append(items, keepRange(l[0], l[1]))
		}
		next = l[1]
	}
	// A roll that leaves a quarter of the limit unused has shown every
	// line it could: the tree is cut by little, and the outline, which
	// keeps a clip's head of it verbatim, brackets and all, keeps more.
	if size := itemsSize(items); size > limit || 4*size < 3*limit {
		return plan{}, false
	}
	p := plan{strategy: StrategyJSON, items: items, markerAt: len(items), digest: true}
	p.what = "kept " + txt.Commas(named) + " of the " + txt.Plural(len(nodes), "node") + " of a tree nested by " +
		treeKeyShown(key) + ", each by its one-line members that differ between nodes, brackets and shared members left out"
	p.hint = "To see a node whole, re-run with a jq path to it (jq -c 'paths(objects)' lists their paths)."
	return p, true
}

// treeRollLines returns the lines of nodes the roll keeps between
// headEnd and tailStart in room bytes — rank by rank, round r keeps each
// node's r-th line of the rank, the nodes taken in an even spread, the
// first node's naming lines first — in input order, and how many nodes
// show a line, in the head and the tail too.
func treeRollLines(nodes []treeNode, headEnd, tailStart, room int) ([][2]int, int) {
	if room <= 0 {
		return nil, 0
	}
	// A node whose line does not fit keeps no later one of that rank.
	var kept [treeRanks][]int
	order := evenOrder(len(nodes))
	used := 0
	for rank := range kept {
		kept[rank] = make([]int, len(nodes))
		// The first node, the tree's root, is named whole first, as a
		// clip's head would show it: npm explain's package and version.
		for _, l := range nodes[0].lines[rank] {
			inner := l[0] >= headEnd && l[1] <= tailStart
			if rank != rankNaming || inner && used+l[1]-l[0] > room {
				break
			}
			if inner {
				used += l[1] - l[0]
			}
			kept[rank][0]++
		}
		for r := 0; ; r++ {
			added := false
			for _, i := range order {
				ls := nodes[i].lines[rank]
				if kept[rank][i] != r || r >= len(ls) {
					continue
				}
				l := ls[r]
				if inner := l[0] >= headEnd && l[1] <= tailStart; inner && used+l[1]-l[0] > room {
					continue
				} else if inner {
					used += l[1] - l[0]
				}
				kept[rank][i]++
				added = true
			}
			if !added {
				break
			}
		}
	}
	var lines [][2]int
	named := 0
	for i, n := range nodes {
		shown := false
		for rank, ls := range n.lines {
			for _, l := range ls[:kept[rank][i]] {
				shown = true
				if l[0] >= headEnd && l[1] <= tailStart {
					lines = append(lines, l)
				}
			}
		}
		if shown {
			named++
		}
	}
	slices.SortFunc(lines, func(a, b [2]int) int { return a[0] - b[0] })
	return lines, named
}

// treeRollNote returns the note that opens the roll of k of a tree's m
// nodes.
func treeRollNote(k, m int, key string) string {
	of := "the " + txt.Plural(m, "node")
	if k < m {
		of = txt.Commas(k) + " of the " + txt.Plural(m, "node") + ", spread evenly,"
	}
	return "[…" + of + " of the tree nested by " + treeKeyShown(key) + ", by the lines that tell them apart alone…]"
}

// treeKeyShown returns the nesting key, quotes and all, as a note shows
// it: cut when long, never holding a ']' that would close the note.
func treeKeyShown(key string) string {
	if len(key) > outlineKeyMax {
		key = strings.ToValidUTF8(key[:outlineKeyMax], "") + "…"
	}
	return strings.ReplaceAll(key, "]", ")")
}

// evenOrder returns 0…n-1 in the order an even spread reaches them: the
// first, the last, the middle, the quarters, and so on.
func evenOrder(n int) []int {
	order := make([]int, 0, n)
	seen := make([]bool, n)
	for k := 1; len(order) < n; k = max(2, 2*k-1) { // 1, 2, 3, 5, 9, …
		for _, i := range spread(0, n, k) {
			if !seen[i] {
				seen[i] = true
				order = append(order, i)
			}
		}
	}
	return order
}

// treeNodes returns the nodes of the tree text[root:end], a valid JSON
// value, nested by key (quotes included): the objects that hold a member
// keyed key and those in such a member's value, in input order, each
// with its lines ranked as planTreeRoll keeps them; and whether a member
// keyed key holds an object (a map of nodes by name) rather than an
// array. One pass over the text; a container's members are held until it
// closes.
func treeNodes(text string, root, end int, key string) (nodes []treeNode, maps bool) {
	type frame struct {
		open    int
		object  bool
		keyAt   int // the key of the member being read, -1 for none
		keyEnd  int
		nested  bool // holds a member keyed key
		node    bool // an element or member of such a member's value: a child node
		kids    bool // the value of a member keyed key: its objects are nodes
		members []treeMember
		keyLine [2]int // the line `"name": {` that names the object, when it opens one
	}
	var stack []frame
	var objects []struct {
		start, end int
		members    []treeMember
	}
	memberLine := func(k, ve int) ([2]int, bool) {
		ls := txt.LineStart(text, k)
		le := lineEnd(text, ve, end)
		rest := strings.TrimSpace(text[ve:le])
		return [2]int{ls, le}, skipSpace(text, ls) == k && (rest == "" || rest == ",") && le-ls <= memberLineMax
	}
	scalar := func(vs, ve int) {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		if f.object && f.keyAt >= 0 {
			if l, ok := memberLine(f.keyAt, ve); ok {
				f.members = append(f.members, treeMember{line: l, key: [2]int{f.keyAt, f.keyEnd}, value: [2]int{vs, ve}})
			}
			f.keyAt = -1
		}
	}
	for i := root; i < end; {
		switch c := text[i]; {
		case c == '"':
			j := stringEnd(text, i)
			if f := len(stack) - 1; f >= 0 && stack[f].object && stack[f].keyAt < 0 {
				if v := skipSpace(text, j); v < end && text[v] == ':' {
					stack[f].keyAt, stack[f].keyEnd = i, j
					if text[i:j] == key {
						stack[f].nested = true
					}
					i = v + 1
					continue
				}
			}
			scalar(i, j)
			i = j
		case c == '{' || c == '[':
			fr := frame{open: i, object: c == '{', keyAt: -1, keyLine: [2]int{-1, -1}}
			if f := len(stack) - 1; f >= 0 {
				fr.node = stack[f].kids
			}
			if f := len(stack) - 1; f >= 0 && stack[f].object && stack[f].keyAt >= 0 {
				k := stack[f].keyAt
				fr.kids = text[k:stack[f].keyEnd] == key
				maps = maps || fr.kids && fr.object
				if le := lineEnd(text, i, end); skipSpace(text, txt.LineStart(text, k)) == k && skipSpace(text, i+1) >= le-1 {
					fr.keyLine = [2]int{txt.LineStart(text, k), le}
				}
				stack[f].keyAt = -1
			}
			stack = append(stack, fr)
			i++
		case c == '}' || c == ']':
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f.object && (f.nested || f.node) {
				members := f.members
				if f.keyLine[0] >= 0 {
					members = append([]treeMember{{line: f.keyLine, key: [2]int{-1, -1}}}, members...)
				}
				objects = append(objects, struct {
					start, end int
					members    []treeMember
				}{f.open, i + 1, members})
			}
			i++
		case c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			j := valueEnd(text, i)
			scalar(i, j)
			i = max(j, i+1)
		}
	}
	slices.SortFunc(objects, func(a, b struct {
		start, end int
		members    []treeMember
	}) int {
		return a.start - b.start
	})
	// A key whose value is the same in every node that has it, twice or
	// more, tells no node from another; one whose commonest value more
	// than half of them share tells little.
	values := map[string]map[string]int{}
	for _, o := range objects {
		for _, m := range o.members {
			if m.key[0] < 0 {
				continue
			}
			k := text[m.key[0]:m.key[1]]
			if values[k] == nil {
				values[k] = map[string]int{}
			}
			values[k][text[m.value[0]:m.value[1]]]++
		}
	}
	common := map[string]bool{}
	for k, vs := range values {
		most, all := 0, 0
		for _, c := range vs {
			most, all = max(most, c), all+c
		}
		common[k] = 2*most > all
	}
	// So too a node's key line: `"from": {` over most of npm explain's
	// nodes names none of them.
	keyLines, withKeyLine := map[string]int{}, 0
	for _, o := range objects {
		if len(o.members) > 0 && o.members[0].key[0] < 0 {
			keyLines[keyLineKey(text, o.members[0].line)]++
			withKeyLine++
		}
	}
	nodes = make([]treeNode, len(objects))
	for i, o := range objects {
		n := &nodes[i]
		n.start, n.end = o.start, o.end
		for _, m := range o.members {
			if m.key[0] < 0 {
				rank := rankNaming
				if c := keyLines[keyLineKey(text, m.line)]; c > 1 && 2*c > withKeyLine {
					rank = rankString
				}
				n.lines[rank] = append(n.lines[rank], m.line)
				continue
			}
			k := text[m.key[0]:m.key[1]]
			vs := values[k]
			if len(vs) == 1 && vs[text[m.value[0]:m.value[1]]] > 1 {
				continue
			}
			rank := rankScalar
			switch {
			case identityKey(text, m.key[0]) && !common[k]:
				rank = rankNaming
			case text[m.value[0]] == '"' && !common[k]:
				rank = rankRareString
			case text[m.value[0]] == '"':
				rank = rankString
			}
			n.lines[rank] = append(n.lines[rank], m.line)
		}
	}
	return nodes, maps
}

// keyLineKey returns the key of a node's key line text[l[0]:l[1]]
// (`"from": {`), quotes included.
func keyLineKey(text string, l [2]int) string {
	k := skipSpace(text, l[0])
	if k >= l[1] || text[k] != '"' {
		return ""
	}
	return text[k:min(stringEnd(text, k), l[1])]
}
