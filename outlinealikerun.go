package headroom

import "strings"

// alikeRunEnd returns the line after the run of margin lines that open
// with the word line i opens with — an import list written a statement a
// line (`import os`, `#include <a.h>`, `use std::fmt;`, twelve `{-#
// LANGUAGE …#-}` pragmas) — when the run holds more than headRunKept such
// lines within 200; else i. Blank lines, lines indented under a line of
// the run (a parenthesised `from a import (` list) and lines of closing
// brackets alone are part of it. The head keeps the run's first lines, as
// it does a long indented block's: the room goes to the declarations.
func alikeRunEnd(s *lineSel, content func(int) string, i int) int {
	w := openingWord(content(i))
	if len(w) < 2 {
		return i
	}
	alike, j := 0, i
	for ; j < s.n() && j-i <= 200; j++ {
		l := content(j)
		t := strings.TrimSpace(l)
		if t == "" || l[0] == ' ' || l[0] == '\t' || strings.Trim(t, ")]};") == "" {
			continue
		}
		if openingWord(l) != w {
			break
		}
		alike++
	}
	if alike <= headRunKept {
		return i
	}
	return j
}

// openingWord returns l's text up to its first blank.
func openingWord(l string) string {
	if k := strings.IndexAny(l, " \t"); k >= 0 {
		return l[:k]
	}
	return trimBlankRight(l)
}
