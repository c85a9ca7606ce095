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
// lists as exported, in one pass; nil when it lists none. A line is read
// again only for the words of a list that closes, which the pass then
// skips: lines a list's closer was sought in without it (dry) are not
// sought in again by a later opener of that list, so a text of openers
// that never close (`module M : sig` lines) stays linear.
func exportedNames(content func(int) string, n int) map[string]bool {
	var names map[string]bool
	dry := make([]int, len(exportLists))
	for i := 0; i < n; i++ {
		t := strings.TrimLeft(content(i), " \t")
		if t == "" || !strings.ContainsRune("-_em@o", rune(t[0])) {
			continue
		}
		for k, e := range exportLists {
			if !strings.HasPrefix(t, e.open) || e.open == "module " && strings.Contains(t, "=") {
				continue
			}
			rest := t[len(e.open):]
			if c, ok := listEnd(content, n, i, rest, e, &dry[k]); ok {
				names = addListNames(names, content, i, c, rest, e)
				i = c
			}
			break
		}
	}
	return names
}

// listCloses returns where in s the list e closes: the index of its
// closer, or 0 for a Haskell header's `where` alone on its line.
func listCloses(s string, e exportList) (int, bool) {
	if k := strings.Index(s, e.close); k >= 0 {
		return k, true
	}
	return 0, e.close == " where" && strings.TrimSpace(s) == "where"
}

// listEnd returns the line, at most exportListLines below line i, where
// the list e opened on line i (rest, the line after its opener) closes.
// Lines up to *dry are known to hold no closer; a search that fails
// moves *dry to the last line it read.
func listEnd(content func(int) string, n, i int, rest string, e exportList, dry *int) (int, bool) {
	if _, ok := listCloses(rest, e); ok {
		return i, true
	}
	j := max(i+1, *dry+1)
	for ; j < n && j-i <= exportListLines; j++ {
		if _, ok := listCloses(content(j), e); ok {
			return j, true
		}
	}
	*dry = max(*dry, j-1)
	return 0, false
}

// addListNames adds to names the words of the list e that opens on line
// i (rest, the line after its opener) and closes on line c.
func addListNames(names map[string]bool, content func(int) string, i, c int, rest string, e exportList) map[string]bool {
	if names == nil {
		names = map[string]bool{}
	}
	var words []string
	for j := i; j <= c; j++ {
		body := rest
		if j > i {
			body = content(j)
		}
		if j == c {
			k, _ := listCloses(body, e)
			body = body[:k]
		}
		words = appendWords(words[:0], body)
		for _, w := range words {
			names[w] = true
		}
	}
	return names
}

// appendWords appends the identifiers of s that hold a letter.
func appendWords(words []string, s string) []string {
	for w, i := nextWord(s, 0); w != ""; w, i = nextWord(s, i) {
		words = append(words, w)
	}
	return words
}

// nextWord returns the first identifier of s at or after i that holds a
// letter, and where the search for the next goes on; "" when none is.
func nextWord(s string, i int) (string, int) {
	for i < len(s) {
		if !isIdentByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isIdentByte(s[j]) {
			j++
		}
		if hasLetter(s[i:j]) {
			return s[i:j], j
		}
		i = j
	}
	return "", i
}

// exported reports a declaration line l whose head — its words before a
// parameter list, a type or a value (`(`, `:`, `=`, `{`) — holds a name
// of names or a word of publicWords.
func exported(l string, names map[string]bool) bool {
	t := strings.TrimSpace(l)
	if k := strings.IndexAny(t, "(:={"); k >= 0 {
		t = t[:k]
	}
	for w, i := nextWord(t, 0); w != ""; w, i = nextWord(t, i) {
		if names[w] || publicWords[w] {
			return true
		}
	}
	return false
}
