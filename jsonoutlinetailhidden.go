package headroom

// An outline's end may look kept (keepsEnd: the root's last value open
// down to a last child shown whole) while a value beside that last child
// is summarised in place, though it ends inside what a blind clip keeps
// verbatim as its tail: a schema's last definition shows its closing
// "type" member whole, and its properties, the document's last bytes,
// only as `{[…14 members…]`. The clip keeps those members; so must the
// outline, or it gives way to the clip's tail (withClipTail).

// hidesClipTail reports whether the open node n, whose last child is
// shown whole, hides bytes at or after t, where a blind clip's tail
// starts, in a child before its last: one that ends past t shown by a
// summary in place, cut on its line where the tail would show it, or
// open with children hidden by a note past t. Only the values that end
// past t are visited.
func (o *outliner) hidesClipTail(n onode, t int) bool {
	if t <= 0 || t >= len(o.text) || len(n.kids) < 2 {
		return false
	}
	for k, c := range n.kids[:len(n.kids)-1] {
		kid := o.nodes[c]
		if kid.end <= t {
			continue
		}
		if k < len(n.before) && n.before[k] != "" && kid.key > t {
			return true // the children hidden before kid lie past t
		}
		if o.hidesAfterIn(c, t, n.depth+1) {
			return true
		}
	}
	return false
}

// hidesAfterIn reports whether node i, depth levels down, hides bytes
// at or after t as hidesClipTail tells.
func (o *outliner) hidesAfterIn(i, t, depth int) bool {
	n := o.nodes[i]
	if n.end <= t || depth > maxOutlineDepth {
		return false
	}
	switch n.state {
	case asWhole:
		return false
	case asElided:
		return true
	case asLine:
		if n.cut <= 0 || n.cut >= n.end {
			return false
		}
		hidden := n.end
		if n.tail > 0 {
			hidden = n.tail
		}
		return max(n.cut, t) < hidden
	}
	if n.more != "" || n.digested {
		return true
	}
	for k, c := range n.kids {
		kid := o.nodes[c]
		if kid.end <= t {
			continue
		}
		if k < len(n.before) && n.before[k] != "" && kid.key > t {
			return true // the children hidden before kid lie past t
		}
		if o.hidesAfterIn(c, t, depth+1) {
			return true
		}
	}
	return false
}
