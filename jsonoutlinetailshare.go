package headroom

import "slices"

// tailOpening is a value keepTail opened on its last children alone
// (the document's last large member: a service model's "shapes" after
// its "operations"), with what undoes that: the value as it was, how
// many nodes the outline had and the room it used before.
//
// keepTail runs before grow, and a value opened on its last children is
// no longer one grow shares the room among: the first large sibling
// took every byte grow had while the last, often the larger, showed its
// final child only. So grow undoes that opening and samples the value
// as it samples any other, by its size, its last child kept among its
// picks; it keeps the tail's opening when the sample opens nothing.
type tailOpening struct {
	at     int   // the value's node, 0 for none
	saved  onode // the value before keepTail opened it
	nodes  int   // len(o.nodes) before
	used   int   // o.used before
	opened onode // the value as keepTail opened it
	kids   []onode
	cost   int // o.used after
}

// reopenTail undoes keepTail's opening of its value, if it made one
// that nothing has opened further, and returns what restores it
// (a zero tailOpening when there is none). The outline's nodes past
// those it had before are the opening's own: keepTail runs right
// before grow.
func (o *outliner) reopenTail() tailOpening {
	t := o.tailOpen
	o.tailOpen = tailOpening{}
	if t.at <= 0 || t.at >= t.nodes || t.nodes > len(o.nodes) || o.nodes[t.at].state != asOpen || t.saved.state != asElided {
		return tailOpening{}
	}
	t.opened, t.kids, t.cost = o.nodes[t.at], slices.Clone(o.nodes[t.nodes:]), o.used
	o.nodes = o.nodes[:t.nodes]
	o.nodes[t.at] = t.saved
	o.used = t.used
	return t
}

// restore puts back the opening reopenTail undid, when the outline has
// not grown since.
func (t tailOpening) restore(o *outliner) {
	if t.at <= 0 || len(o.nodes) != t.nodes {
		return
	}
	o.nodes = append(o.nodes, t.kids...)
	o.nodes[t.at] = t.opened
	o.used = t.cost
}

// share is the least room the value is given beyond its summary: what
// its tail's opening took.
func (t tailOpening) share() int { return t.cost - t.used }

// first returns cands with the value first, so that it is sampled, or
// its opening restored, before any other value adds nodes.
func (t tailOpening) first(cands []int) []int {
	k := slices.Index(cands, t.at)
	if t.at <= 0 || k <= 0 {
		return cands
	}
	out := append([]int{t.at}, cands[:k]...)
	return append(out, cands[k+1:]...)
}
