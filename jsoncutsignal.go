package headroom

// cutSignal returns, for a failure too large to keep whole or by its
// field (cargo's 2.8 KB compiler message, whose `rendered` text and code
// explanation fill it), the member that says failure with the members of
// one-line values that follow it (`"level":"error","message":"mismatched
// types"`), verbatim, within room: what the failure is, not dropped with
// the bytes around it. ok is false when s is no such failure or that
// does not fit. A member that ends its line is kept with the line's end,
// its comma too: every line the cut writes is an input line.
func cutSignal(text string, s jsonSignal, room int) (keptSignal, bool) {
	if !s.failure || s.wend <= s.wstart || s.wend > len(text) {
		return keptSignal{}, false
	}
	note := signalNote(s, s.line)
	note = note[:len(note)-len("…]")] + ", cut to what it says…]"
	k := keptSignal{start: s.wstart, end: memberLineEnd(text, s.wend), failure: true, note: note, eol: true}
	if k.cost() > room {
		return keptSignal{}, false
	}
	for end := s.wend; ; {
		next, ok := nextScalarMember(text, end)
		if !ok || k.cost()+memberLineEnd(text, next)-k.end > room {
			break
		}
		k.end, end = memberLineEnd(text, next), next
	}
	k.eol = k.end < len(text) && text[k.end-1] != '\n'
	return k, true
}

// nextScalarMember returns the end of the member that follows an object's
// member ending at i when its value is a string, a number, true, false or
// null (not an object or an array), and whether there is one.
func nextScalarMember(text string, i int) (int, bool) {
	i = skipSpace(text, i)
	if i >= len(text) || text[i] != ',' {
		return 0, false
	}
	i = skipSpace(text, i+1)
	if i >= len(text) || text[i] != '"' {
		return 0, false
	}
	if i = jsonStringEnd(text, i); i < 0 {
		return 0, false
	}
	i = skipSpace(text, i)
	if i >= len(text) || text[i] != ':' {
		return 0, false
	}
	i = skipSpace(text, i+1)
	if i >= len(text) {
		return 0, false
	}
	switch c := text[i]; {
	case c == '"':
		end := jsonStringEnd(text, i)
		return end, end > 0
	case c == '-' || c >= '0' && c <= '9' || c == 't' || c == 'f' || c == 'n':
		j := i
		for j < len(text) && text[j] != ',' && text[j] != '}' && text[j] != ']' && text[j] != ' ' && text[j] != '\n' && text[j] != '\r' && text[j] != '\t' {
			j++
		}
		return j, j > i
	}
	return 0, false
}

// memberLineEnd returns end, or where its line ends, before the line
// break, when nothing but a comma and blanks follow end on it (an
// indented document's member): a kept member's line is the input's,
// comma and all, and the line end stays headroom's own (eol).
func memberLineEnd(text string, end int) int {
	if le, ok := lineEndAfter(text, end); ok && le > end && text[le-1] == '\n' {
		return le - 1
	}
	return end
}
