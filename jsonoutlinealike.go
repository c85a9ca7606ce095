package headroom

// Alike siblings: an API model's operations, a schema's definitions, a
// discovery document's parameters are maps of members that all hold the
// same keys. An outline that summarises them names those keys again in
// every note (`[…3 members: "type", "description", "location", 146
// bytes…]`), saying nothing the sibling above did not; a summary whose keys
// are those of the sibling shown just before it says only how many and
// how large (`[…3 members, 146 bytes…]`), and the room it saves opens more
// of the map.

// sameKeys reports whether a and b, the members of two objects of text,
// hold the same keys in the same order.
func sameKeys(text string, a, b [][2]int) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for k := range a {
		ka := text[a[k][0]:stringEnd(text, a[k][0])]
		kb := text[b[k][0]:stringEnd(text, b[k][0])]
		if ka != kb {
			return false
		}
	}
	return true
}

// dittoSummary is the note of an object whose keys the sibling before it
// shows: how many members and how many bytes, no keys.
func dittoSummary(elems [][2]int) string {
	return valueSummaryKeys("", elems, false, false, 0)
}

// alikeNote shortens c's summary to a ditto when c, a summarised object,
// holds the keys of prev, the sibling shown just before it (prevKeys its
// members, nil when it is no object).
func (o *outliner) alikeNote(c *onode, prevKeys [][2]int) {
	if c.state != asElided || o.text[c.val] != '{' || !sameKeys(o.text, prevKeys, c.elems) {
		return
	}
	short := dittoSummary(c.elems)
	if len(short) < len(c.note) {
		c.cost -= len(c.note) - len(short)
		c.note = short
	}
}

// objectKeys returns the members of c when its value is an object whose
// keys the outline shows — summarised (its note names them), open or
// whole — else nil.
func (o *outliner) objectKeys(c onode) [][2]int {
	if o.text[c.val] != '{' {
		return nil
	}
	switch c.state {
	case asElided, asOpen:
		return c.elems
	case asWhole:
		return sequence(o.text, c.val, '}')
	}
	return nil
}
