package headroom

// A flat document is an object on one line whose members' values are
// strings, numbers or literals: most events of a JSON-lines stream (slog,
// zap, a linter's findings). walkJSONFrom reads one member by member
// (flatMembers) rather than byte by byte: its tokens are found in one
// tight loop, and only then are its keys classed and its members judged,
// as the byte walk would have done at each.

// A flatMember is a member of a flat document: its key text[key:kend]
// and its value text[val:vend], quotes included.
type flatMember struct{ key, kend, val, vend int }

// flatMembers appends to out the members of the object that opens at
// text[open] and returns them with the index of its closing brace, when
// the object is flat: its tokens are strings, numbers and literals,
// between them nothing but its colons, its commas and blanks (spaces,
// tabs, carriage returns; no line end). When it is not, it returns
// false, having read nothing the walk would count, and out emptied for
// reuse. The walk's byte loop reads a flat object's tokens as this does:
// a string to the quote no odd run of backslashes escapes (jsonSkipString),
// any other value to the next jsonDelimiter.
func flatMembers(text string, open int, out []flatMember) ([]flatMember, int, bool) {
	out = out[:0]
	j := skipBlanks(text, open+1)
	if j < len(text) && text[j] == '}' {
		return out, j, true
	}
	for j < len(text) && text[j] == '"' {
		// Blanks are rare between an event's tokens: each is looked for
		// only where the byte expected is not there.
		kend := jsonSkipString(text, j)
		c := kend
		if c < len(text) && text[c] != ':' {
			c = skipBlanks(text, c)
		}
		if c >= len(text) || text[c] != ':' {
			return out[:0], 0, false
		}
		v := c + 1
		if v < len(text) && tokenGap(text[v]) {
			v = skipBlanks(text, v)
		}
		if v >= len(text) {
			return out[:0], 0, false
		}
		var vend int
		switch text[v] {
		case '"':
			vend = jsonSkipString(text, v)
		case '{', '[', '}', ']', ',', ':', '\n':
			return out[:0], 0, false // a nested value, or none
		default:
			vend = v + 1
			for vend < len(text) && !jsonDelimiter[text[vend]] {
				vend++
			}
		}
		out = append(out, flatMember{key: j, kend: kend, val: v, vend: vend})
		j = vend
		if j < len(text) && tokenGap(text[j]) {
			j = skipBlanks(text, j)
		}
		if j >= len(text) {
			break
		}
		switch text[j] {
		case '}':
			return out, j, true
		case ',':
			if j++; j < len(text) && tokenGap(text[j]) {
				j = skipBlanks(text, j)
			}
			continue
		}
		break
	}
	return out[:0], 0, false
}

// tokenGap reports a space, a tab or a carriage return.
func tokenGap(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// skipBlanks returns the index of the first byte of text from i on that
// is not a space, a tab or a carriage return.
func skipBlanks(text string, i int) int {
	for i < len(text) && tokenGap(text[i]) {
		i++
	}
	return i
}

// A flatKey is the key met last at one place of the flat documents and
// its class: the next event has
// the same keys in the same order, each classed by one comparison.
type flatKey struct {
	key   string
	class keyClass
}
