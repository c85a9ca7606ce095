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

// keywordWindow is how far either side of a code keywordNear looks for
// its key's other values: a record's siblings, not the whole document.
const keywordWindow = 1024

// keywordNear reports whether text[lo:hi] holds a member of key whose
// value is a word in capitals and not an errno-style code ("MIN",
// "COUNT", "NX": redis' tokens, an enum's words): under such a key a
// code is one more keyword ("ENTRIESADDED"), not a failure. It reads
// the window only, whatever the walk has met.
func keywordNear(text, key string, lo, hi int) bool {
	w := text[lo:hi]
	q := `"` + key + `"`
	for at := 0; ; {
		k := strings.Index(w[at:], q)
		if k < 0 {
			return false
		}
		j := skipBlanks(w, at+k+len(q))
		at += k + len(q)
		if j >= len(w) || w[j] != ':' {
			continue
		}
		j = skipBlanks(w, j+1)
		if j >= len(w) || w[j] != '"' {
			continue
		}
		e := jsonStringEnd(w, j)
		if e < 0 || e-j > errCodeValueMax {
			continue
		}
		if v := w[j:e]; capitalWord(v) && !errnoCodeValue(v) {
			return true
		}
	}
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
