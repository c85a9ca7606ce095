package headroom

import "strings"

// Among a listing's alike rows, the one a reader looks up is often the
// root of a family of the others' names: aeson's src/Data/Aeson.hs over
// the thirty modules of src/Data/Aeson/, mix's tasks/compile.ex over its
// compile.app.ex and compile.elixir.ex, a library's __gmpz_powm over
// __gmpz_powm_sec and __gmpz_powm_ui. The table planner reads its rows'
// names for such roots as the JSON planners read records' names
// (familyRoots): by the names alone, no list of tools or formats.

// tableFamilyRoots returns up to familyPicksMax rows of s in [from, to)
// whose name (rowName) two others' or more extend after a separator,
// the heads of the most names first. Of more than familyRead rows, that
// many spread evenly are read.
func tableFamilyRoots(s *lineSel, from, to int) []int {
	n := to - from
	if n < rareElementsMin {
		return nil
	}
	read := min(n, familyRead)
	names := make([]string, read)
	for p := range read {
		names[p] = rowName(s.line(from + p*n/read))
	}
	roots := familyRoots(names)
	roots = roots[:min(len(roots), familyPicksMax)]
	for k, p := range roots {
		roots[k] = from + p*n/read
	}
	return roots
}

// rowName returns the name a table row ends with, as a family of names
// shares it: the last field (of a row of three or more), without a
// symbol version (`xmlFreeDoc@@LIBXML2_2.4.30`; a module path's version,
// a '/' after it, stays) and without the short
// extension of its last path element (`Aeson.hs` heads `Aeson/Types.hs`,
// `compile.ex` heads `compile.app.ex`); "" for a row with none, or a
// directory (`lib/`), whose files extend every directory and say less.
func rowName(l string) string {
	v, ok := lastField(l)
	if !ok || v == "" || v[len(v)-1] == '/' {
		return ""
	}
	if at := strings.IndexByte(v, '@'); at > 0 && strings.IndexByte(v[at:], '/') < 0 {
		v = v[:at] // not a module path's version: golang.org/x/exp@v0.1.0/slog
	}
	slash := strings.LastIndexByte(v, '/')
	if dot := strings.LastIndexByte(v, '.'); dot > slash+1 && len(v)-dot <= maxExtensionLen && extensionLike(v[dot+1:]) {
		v = v[:dot]
	}
	return v
}

// extensionLike reports whether e, the text after a name's last dot, is
// a file name's extension: lower-case letters and digits, a letter
// first (`hs`, `mp3`, not a Go symbol's `.Rel` nor a version's `.14`).
func extensionLike(e string) bool {
	if e == "" || e[0] < 'a' || e[0] > 'z' {
		return false
	}
	for i := 0; i < len(e); i++ {
		if c := e[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// maxExtensionLen bounds a file name's extension, its dot included
// (`.class`, `.json`): a longer tail after a dot is part of the name
// (`org.apache.maven.internal`).
const maxExtensionLen = 8
