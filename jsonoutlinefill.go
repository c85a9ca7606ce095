package headroom

import "container/heap"

// The room an outline leaves: the breadth-first outline and grow stop
// when no depth opens further and no array's sample grows, and what they
// hold back for the notes of the values they summarise can be a quarter
// of the budget and more — a pretty-printed AST whose statements are
// shown by digests, their names alone, leaves 7 KB of 16 KB unspent,
// while the error strings 34 levels down in one of them go unseen.
// deepen spends that room opening the largest values still closed — a
// value summarised in place, or an element shown by its digest —
// largest first at any depth, each opened as the outline opens any value
// (expand), its children then candidates in turn: a document's bulk is
// where what is sought most often sits, and a value opened shows every
// key it holds where a digest names it.

// deepenRoom is the share of the budget, as a divisor, an outline must
// leave for deepen to spend it.
const deepenRoom = 5

// deepen opens the outline's largest closed values, largest first, while
// each fits in the room left, and reports whether it opened any. A
// digest opened becomes the value's own opening line, members and
// closing line; one that does not fit stays a digest. It does so only
// when a fifth of the budget is left (deepenRoom): less is what the
// plan's later steps spend — the rare members and failures kept at their
// places, a blind clip's tail — and an outline that took it would have
// them plan it again in less.
func (o *outliner) deepen() bool {
	if o.budget-o.used < o.budget/deepenRoom {
		return false
	}
	q := &closedValues{o: o, nodes: o.closedUnder(nil, 0)}
	heap.Init(q)
	opened := false
	for q.Len() > 0 {
		i := heap.Pop(q).(int)
		if o.open(i) {
			opened = true
			for _, k := range o.closedUnder(nil, i) {
				heap.Push(q, k)
			}
		}
	}
	return opened
}

// open opens the closed node i (a summary or a digest) within the room
// left and reports whether it did; a digest that does not open is left
// as it was.
func (o *outliner) open(i int) bool {
	n := o.nodes[i]
	if n.depth >= maxOutlineDepth && o.ends == nil {
		o.ends = newContainerEnds(o.text, o.nodes[0].val, o.nodes[0].end)
	}
	if !n.digested {
		return n.state == asElided && o.expand(i, o.budget-o.used+n.cost)
	}
	c := o.place([2]int{n.key, n.end}, n.depth, n.key == n.val, nil)
	if c.state != asElided {
		return false // kept whole it would have been, were it small enough
	}
	used := o.used
	o.nodes[i] = c
	o.used += c.cost - n.cost
	if o.used <= o.budget && o.expand(i, o.budget-o.used+c.cost) {
		return true
	}
	o.nodes[i], o.used = n, used
	return false
}

// closedValues is a heap of outline nodes, the largest value first,
// equal sizes in input order.
type closedValues struct {
	o     *outliner
	nodes []int
}

func (q *closedValues) Len() int { return len(q.nodes) }
func (q *closedValues) Less(a, b int) bool {
	na, nb := q.o.nodes[q.nodes[a]], q.o.nodes[q.nodes[b]]
	if sa, sb := na.end-na.val, nb.end-nb.val; sa != sb {
		return sa > sb
	}
	return na.val < nb.val
}
func (q *closedValues) Swap(a, b int) { q.nodes[a], q.nodes[b] = q.nodes[b], q.nodes[a] }
func (q *closedValues) Push(x any)    { q.nodes = append(q.nodes, x.(int)) }
func (q *closedValues) Pop() any {
	i := q.nodes[len(q.nodes)-1]
	q.nodes = q.nodes[:len(q.nodes)-1]
	return i
}

// closedUnder appends to list the closed nodes of the subtree at node i,
// itself when it is closed: summaries and digests.
func (o *outliner) closedUnder(list []int, i int) []int {
	n := o.nodes[i]
	switch {
	case n.digested || n.state == asElided && len(n.elems) > 0:
		list = append(list, i)
	case n.state == asOpen:
		for _, k := range n.kids {
			list = o.closedUnder(list, k)
		}
	}
	return list
}
