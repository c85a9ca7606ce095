package headroom

import "strings"

// exportList is how a file's own list of the names it exports opens and
// closes: every word between the two is a name it exports.
type exportList struct{ open, close string }

// exportLists are the export lists read, as data: Erlang's `-export([`,
// Python's `__all__`, a JS/TS `export { a, b }`, Perl's `@EXPORT`, and a
// Haskell module header (`module Data.Map (a, b) where`).
var exportLists = []exportList{
	{"-export([", "]"},
	{"__all__ = [", "]"},
	{"__all__ = (", ")"},
	{"__all__ += [", "]"},
	{"export {", "}"},
	{"@EXPORT = qw(", ")"},
	{"@EXPORT_OK = qw(", ")"},
	{"our @EXPORT = qw(", ")"},
	{"our @EXPORT_OK = qw(", ")"},
	{"module ", " where"},
}

// exportListLines bounds the lines one export list spans: an opener
// whose closer does not come by then opened none (`module M = struct`).
const exportListLines = 2000

// publicWords mark a declaration public where its head says so.
var publicWords = map[string]bool{"pub": true, "public": true, "export": true}

// exportedNames returns the names the file of n lines (content(i) each)
// lists as exported, in one pass; nil when it lists none.
func exportedNames(content func(int) string, n int) map[string]bool {
	var names map[string]bool
	for i := 0; i < n; i++ {
		t := strings.TrimLeft(content(i), " \t")
		if t == "" || !strings.ContainsRune("-_em@o", rune(t[0])) {
			continue
		}
		for _, e := range exportLists {
			if !strings.HasPrefix(t, e.open) || e.open == "module " && strings.Contains(t, "=") {
				continue
			}
			var words []string
			rest := t[len(e.open):]
			j := i
			for {
				body, closed := rest, false
				if k := strings.Index(rest, e.close); k >= 0 || e.close == " where" && strings.TrimSpace(rest) == "where" {
					if k < 0 {
						k = 0
					}
					body, closed = rest[:k], true
				}
				words = appendWords(words, body)
				if closed || j+1 >= n || j+1-i > exportListLines {
					if closed {
						if names == nil {
							names = map[string]bool{}
						}
						for _, w := range words {
							names[w] = true
						}
						i = j
					}
					break
				}
				j++
				rest = content(j)
			}
			break
		}
	}
	return names
}

// appendWords appends the identifiers of s that hold a letter.
func appendWords(words []string, s string) []string {
	for i := 0; i < len(s); {
		if !isIdentByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isIdentByte(s[j]) {
			j++
		}
		if hasLetter(s[i:j]) {
			words = append(words, s[i:j])
		}
		i = j
	}
	return words
}

// exported reports a declaration line l whose head — its words before a
// parameter list, a type or a value (`(`, `:`, `=`, `{`) — holds a name
// of names or a word of publicWords.
func exported(l string, names map[string]bool) bool {
	t := strings.TrimSpace(l)
	if k := strings.IndexAny(t, "(:={"); k >= 0 {
		t = t[:k]
	}
	for _, w := range appendWords(nil, t) {
		if names[w] || publicWords[w] {
			return true
		}
	}
	return false
}
