package headroom

import "strings"

// Error codes as values: a program's source read as a tree (an ESTree
// AST from acorn, a parser's JSON) or a document of settings holds the
// codes it fails with as plain string literals, among thousands of
// identifiers — npm's 'EBADENGINE', 'ENOTASHIM', Node's 'EEXIST: file
// already exists'. No key says failure there (the literal's key is
// "value"), so the value's own shape does: the errno style of code, a
// capital E and four or more capitals, alone or opening a message after
// a colon.

// errCodeMin is how many capitals an errno-style code has after its E:
// EPERM, EEXIST and ENOENT have four or five; EOF, EXAT and EX, three or
// fewer, are as often keywords.
const errCodeMin = 4

// errCodeValueMax bounds the string values read as a code or a coded
// message, quotes included: a description that mentions one is prose.
const errCodeValueMax = 80

// errnoCodeValue reports whether v, a JSON string with its quotes, is
// an errno-style code ("EBADENGINE") or a message that opens with one
// and a colon ("EEXIST: file already exists").
func errnoCodeValue(v string) bool {
	if len(v) < 2+1+errCodeMin || len(v) > errCodeValueMax || v[0] != '"' || v[1] != 'E' || v[len(v)-1] != '"' {
		return false
	}
	n := 0
	for _, c := range []byte(v[2 : len(v)-1]) {
		if 'A' <= c && c <= 'Z' {
			n++
			continue
		}
		return n >= errCodeMin && c == ':' && 2+n+2 < len(v)-1 && v[2+n+1] == ' '
	}
	return n >= errCodeMin
}

// keyWindow is how far either side of a code codeFails looks for its
// key's other values, and keyPeers how many of them it reads each way at
// most: a record's siblings or a tree's nearby slots of the same key,
// not the whole document — and on a stream of one enum value, a few
// dozen bytes a code, not the window.
const (
	keyWindow = 4096
	keyPeers  = 2
)

// codeFails reports whether v = text[start:end], an errno-style code
// under key, says a failure, reading its key's other values in
// text[lo:hi] (keyValuesNear). A message that opens with the code, or a
// name errnoNames knows (ENOENT), says it by itself; a bare code only
// where its key holds prose nearby — a slot of a program's tree that
// holds strings, objects and literals alike ("value": "utf8", "value":
// {…}, "value": true) — for a key whose values are all words in capitals
// is an enum ("State": "ENABLED", one record or three hundred alike) and
// ENABLED, EXPIRED or ERROR one of its states. Either way a key that
// holds a word in capitals that is no code nearby ("MIN", "COUNT":
// redis' tokens) makes the code one more keyword ("ENTRIESADDED"), not a
// failure.
func codeFails(text, key string, lo, start, end, hi int) bool {
	keyword, prose := keyValuesNear(text, key, lo, start, end, hi)
	switch {
	case keyword:
		return false
	case prose:
		return true
	}
	v := text[start:end]
	return strings.Contains(v, ": ") || isErrnoName(v[1:len(v)-1])
}

// keyValuesNear reads the members of key nearest a value text[start:end]
// — at most keyPeers after it in text[end:hi] and keyPeers before it in
// text[lo:start] — and reports whether one's value is a word in capitals
// and not an errno-style code (keyword), and whether one's value is
// anything but a word in capitals (prose: a string in lower case or with
// spaces, an object, an array, a number, true, false or null). It reads
// the text only, whatever the walk has met.
func keyValuesNear(text, key string, lo, start, end, hi int) (keyword, prose bool) {
	q := `"` + key + `"`
	read := func(i int) {
		if kw, pr := keyValueAt(text[:hi], i+len(q)); kw {
			keyword = true
		} else if pr {
			prose = true
		}
	}
	for at, n := end, 0; n < keyPeers && !keyword; n++ {
		k := strings.Index(text[at:hi], q)
		if k < 0 {
			break
		}
		read(at + k)
		at += k + len(q)
	}
	for at, n := start, 0; n < keyPeers && !keyword; n++ {
		k := strings.LastIndex(text[lo:at], q)
		if k < 0 {
			break
		}
		read(lo + k)
		at = lo + k
	}
	return keyword, prose
}

// keyValueAt reads the value after a quoted key that ends at text[i]:
// keyword when it is a word in capitals and no errno-style code, prose
// when it is anything but a word in capitals, neither when it is a code,
// cut off by the end of text, or no member's value (the key's name
// quoted as a string, not followed by a colon).
func keyValueAt(text string, i int) (keyword, prose bool) {
	j := skipBlanks(text, i)
	if j >= len(text) || text[j] != ':' {
		return false, false
	}
	j = skipBlanks(text, j+1)
	if j >= len(text) {
		return false, false
	}
	if text[j] != '"' {
		return false, true
	}
	e := jsonStringEnd(text, j)
	if e < 0 {
		return false, false
	}
	switch v := text[j:e]; {
	case e-j <= errCodeValueMax && capitalWord(v) && !errnoCodeValue(v):
		return true, false
	case !capitalWord(v):
		return false, true
	}
	return false, false
}

// capitalWord reports whether v, a JSON string with its quotes, is a
// word in capitals (digits, '_' and '-' allowed after the first).
func capitalWord(v string) bool {
	if len(v) < 3 || v[0] != '"' || v[len(v)-1] != '"' || v[1] < 'A' || v[1] > 'Z' {
		return false
	}
	for _, c := range []byte(v[2 : len(v)-1]) {
		if !('A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// inFailure reports whether a frame of stack already reports a failure:
// a code inside a failing record (pino's err object, npm's error) is
// part of that failure, not one more.
func inFailure(stack []sigFrame) bool {
	for i := range stack {
		if stack[i].failure {
			return true
		}
	}
	return false
}
