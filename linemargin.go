package headroom

import "github.com/headroom-go/headroom/internal/txt"

// An outline printed by a tool, one declaration a line (python -m
// pyclbr's `class NAME [BASES] LINE` over its two-space-indented
// `def NAME LINE` methods, a symbol tree of two levels), holds its names
// at the margin and their members one step in. The members outnumber
// the names many times, so a head and a few lines of a rare shape show
// the first names and lose the rest; the names at the margin, spread
// over the whole text, say what it holds and where each sits.
// marginLines finds them by where lines start, no word of any tool.

// marginLinesMin is the fewest lines at the margin that make such an
// outline; marginLinesShare bounds them to one line in that many (each
// name holds members); marginDeepShare bounds the lines indented deeper
// than the first step to one in that many (a nested class's methods).
const (
	marginLinesMin   = 16
	marginLinesShare = 3
	marginDeepShare  = 32
)

// marginLines returns the lines at the margin of a text of two levels,
// in input order: every line not blank starts at the margin or one
// step in (the indent the first indented line has), save one in
// marginDeepShare deeper; the lines at the margin are marginLinesMin or
// more, at most one in marginLinesShare, and a quarter of them or more
// open a run of indented lines. Nil otherwise: a trace or a listing
// starts every line at the margin, an indented dump nests deeper.
func marginLines(s *lineSel) []int {
	n := s.n()
	// A first pass counts, allocating nothing: most texts (a trace, a
	// listing) start most lines at the margin and are left early.
	step, deep, lines, margins, opens := 0, 0, 0, 0, 0
	last := -2 // the last line at the margin
	for i := range n {
		l := trimNL(s.line(i))
		w := 0
		for w < len(l) && l[w] == ' ' {
			w++
		}
		if w == len(l) {
			continue // blank
		}
		if l[w] == '\t' {
			return nil
		}
		lines++
		switch {
		case w == 0:
			if margins++; margins*marginLinesShare > n {
				return nil
			}
			last = i
		case step == 0:
			step = w
		case w < step:
			return nil
		case w > step:
			deep++
		}
		if w > 0 && last == i-1 {
			opens++
		}
	}
	if margins < marginLinesMin || margins*marginLinesShare > lines ||
		deep*marginDeepShare > lines || opens*4 < margins {
		return nil
	}
	margin := make([]int, 0, margins)
	for i := range n {
		if l := s.line(i); len(l) > 0 && l[0] != ' ' && trimBlankRight(l) != "" {
			margin = append(margin, i)
		}
	}
	return margin
}

// marginLinesKept words the lines at the margin kept, of m; nothing for
// a text that is no such outline.
func marginLinesKept(kept, m int) string {
	if m == 0 {
		return ""
	}
	return txt.Commas(kept) + " of " + txt.Plural(m, "line") + " at the margin, "
}

// marginOpeners splits margin, lines at the margin in input order, into
// those a run of indented lines follows (a class over its methods) and
// the rest (a function of the module), each in input order: a name that
// holds members says more of the text than one that holds none.
func marginOpeners(s *lineSel, margin []int) (openers, rest []int) {
	for _, i := range margin {
		if i+1 < s.n() {
			if l := s.line(i + 1); len(l) > 0 && l[0] == ' ' && trimBlankRight(l) != "" {
				openers = append(openers, i)
				continue
			}
		}
		rest = append(rest, i)
	}
	return openers, rest
}
