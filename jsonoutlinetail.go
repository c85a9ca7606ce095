package headroom

// A JSON document's last bytes close it: a command tree's last global
// flag, rustdoc's last target feature before "format_version". A blind
// clip keeps them verbatim, a seventh of what it keeps; an outline that
// reaches them only through a summary of the value that holds them
// (`"flags": {[…35 members…]`) keeps less than the clip there. So the
// clip's tail is the outline's floor: when the outline does not keep it
// verbatim, the outline is made again in the room that tail leaves, cut
// where the tail starts, and the tail follows it, as a clip's would.

// clipTailStart returns where a blind clip of about limit bytes of
// content would start its tail in text: a seventh of limit from the end,
// moved to a line start as planClip moves it. A tail that starts inside
// a line (minified JSON) starts instead at the next member or element,
// after a ',', '{' or '[' outside the strings; len(text) when none
// follows, as only closing brackets are left to keep.
func clipTailStart(text string, limit int) int {
	tail := limit * clipTailEighths / (clipHeadEighths + clipTailEighths)
	t := snapTailStart(text, len(text)-tail)
	if t <= 0 || t >= len(text) || text[t-1] == '\n' {
		return t
	}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '"':
			i = stringEnd(text, i) - 1
		case ',', '{', '[':
			if i >= t {
				return i + 1
			}
		}
	}
	return len(text)
}

// keepsEnd reports whether the outline shows the document's end as a
// clip's tail would: the root's last members whole, as many as an eighth
// of the budget holds, or past its short last ones the value that holds
// the end open down to a last child shown whole (keepTail's aim). In a
// document cut by little (headEnd), a value on that way down must also
// show every child past where the clip's tail starts (hidesAfter): a
// sample's last child alone keeps less than the clip's tail there
// (lefthook's vcs.revision before its last two settings at 4,000 B).
// Nor does a last child of one line (a schema's closing "type") when a
// sibling before it, pretty-printed, hides what the clip's tail shows
// (hidesClipTail): a last record shown whole stands for the tail, a
// last scalar does not.
func (o *outliner) keepsEnd() bool {
	whole := func(i int) bool {
		n := o.nodes[i]
		return n.state == asWhole || n.state == asLine && (n.cut == 0 || n.tail > 0)
	}
	n := o.nodes[0]
	if n.state != asOpen || n.more != "" {
		return false
	}
	after := o.size(o.closing(n))
	k := len(n.kids) - 1
	for ; k >= 0 && whole(n.kids[k]); k-- {
		after += o.nodes[n.kids[k]].cost
		if after > o.budget/8 {
			return true
		}
	}
	if k < 0 {
		return true
	}
	i := n.kids[k]
	// Cut by much, an outline's last children stand for the tail, but
	// not on one minified line: there a clip's tail is a run of the last
	// value's end (a cpuprofile's timeDeltas), which a sample's last
	// numbers alone keep less of.
	t := len(o.text)
	if o.headEnd > 0 || o.minified {
		t = clipTailStart(o.text, o.budget)
	}
	for range maxOutlineDepth {
		n := o.nodes[i]
		if n.state != asOpen || n.more != "" || len(n.kids) == 0 || hidesAfter(o, n, t) {
			return false
		}
		i = n.kids[len(n.kids)-1]
		if whole(i) {
			return o.minified || o.nodes[i].state != asLine || !o.hidesClipTail(n, clipTailStart(o.text, o.budget))
		}
	}
	return false
}

// hidesAfter reports whether the open node n, sampled, hides children
// after t, where a clip's tail starts: its last children shown are then
// fewer than the clip's tail keeps.
func hidesAfter(o *outliner, n onode, t int) bool {
	for k := len(n.before) - 1; k >= 0; k-- {
		if n.before[k] != "" {
			return k < len(n.kids) && o.nodes[n.kids[k]].key > t
		}
	}
	return false
}

// withClipTail returns items, an outline of text within limit bytes,
// when it keeps the document's end (keepsEnd); else the outline that at
// makes in the room the clip's tail leaves (clipTailStart), cut at the
// tail's start, then a note and the tail. It returns items when that
// outline does not fit.
func withClipTail(text string, items []item, keepsEnd bool, limit int, at func(limit int) ([]item, bool)) []item {
	t := clipTailStart(text, limit)
	if keepsEnd || t <= 0 || t >= len(text) {
		return items
	}
	tail := keepRange(t, len(text))
	gap := noteLine("[…skipped to the last " + sizeText(len(text)-t) + "…]")
	fits := limit - tail.size() - gap.size()
	// What the outline keeps past t gives way to the tail: made again
	// with that room added, it comes closer to filling the limit.
	var best []item
	room := fits
	for range 2 {
		head, ok := at(room)
		if !ok {
			break
		}
		cut := cutItemsAt(head, t)
		if len(cut) == 0 || itemsSize(cut) > fits {
			break
		}
		best = cut
		dropped := itemsSize(head) - itemsSize(cut)
		if dropped == 0 {
			break
		}
		room += dropped
	}
	if best == nil {
		return items
	}
	if last := &best[len(best)-1]; last.end > last.start && last.note == "" && skipSpace(text, last.end) >= t {
		last.eol = false // the outline reaches the tail: nothing skipped
		return append(best, tail)
	}
	return append(best, gap, tail)
}

// cutItemsAt returns the items, in input order, that keep text before t:
// a range that crosses t is cut there, and loses its note, which speaks
// of what follows it.
func cutItemsAt(items []item, t int) []item {
	var out []item
	for _, it := range items {
		if it.end > it.start && it.start >= t {
			break
		}
		if it.end > t {
			it.end, it.note, it.glue, it.eol = t, "", false, false
		}
		out = append(out, it)
	}
	return out
}

// headRuns reports whether node n, in a document cut by little
// (headEnd), is a value a blind clip shows only in its head — it ends
// before where the clip's tail starts — and hides a child, not its last,
// that the clip's head holds: its sample goes on with its head run as far
// as the clip's head reaches, before its last children, its spread or a
// later sibling.
func (o *outliner) headRuns(n onode) bool {
	if o.headEnd == 0 {
		return false
	}
	if o.clipTail == 0 { // read once: a minified line is read up to it
		o.clipTail = clipTailStart(o.text, o.limit) + 1
	}
	if n.end > o.clipTail-1 {
		return false
	}
	shown := 0
	if n.state == asOpen {
		shown = len(n.kids)
	}
	return shown < len(n.elems)-1 && n.elems[shown][1] <= o.headEnd
}
