package headroom

import "strings"

// A document laid out as column-0 headings over indented bodies — a man
// page as `man -P cat` renders it, an RFC, a `--help` page, a plain-text
// manual — has the same outline as a markdown document: its headings,
// then the first line under each (what the section is about), then the
// items one level in (an option name alone on its line with its prose
// indented deeper). No words of any format are involved: only where lines
// start.

// Shape limits of a sectioned document.
const (
	sectionHeadMax     = 60 // a heading is a short line
	sectionMinHeads    = 3
	sectionProbeLines  = 400 // the first lines tested before the whole text is
	sectionIndentShare = 75  // % of the non-blank lines indented, at least
)

// sectionedDoc returns the outline of s by rank when s is a sectioned
// document: every column-0 line but the first and the last (a man page's
// header and footer) is a heading — a short line that starts with a
// letter, followed (after at most one blank line) by an indented line —
// there are at least sectionMinHeads of them, and most non-blank lines are
// indented. Ranks: the headings; the first line under each; the items at
// the body's indentation that lead a deeper-indented block; deeper items.
func sectionedDoc(s *lineSel) (ranks [outlineRanks][]int, ok bool) {
	n := s.n()
	first, last := -1, -1
	for i := 0; i < n; i++ {
		if s.line(i) != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return ranks, false
	}
	if !sectionedShape(s, first, last, min(n, first+sectionProbeLines), false) ||
		!sectionedShape(s, first, last, n, true) {
		return ranks, false
	}
	body := -1 // the indentation of the first line under the first heading
	for i := first + 1; i < last; i++ {
		l := s.line(i)
		if l == "" {
			continue
		}
		w, _ := indentOf(l)
		if w == 0 {
			ranks[0] = append(ranks[0], i)
			if j := nextNonBlank(s, i+1); j < n {
				ranks[1] = append(ranks[1], j)
				if body < 0 {
					body, _ = indentOf(s.line(j))
				}
			}
			continue
		}
		// An item: an indented line whose next line is indented deeper.
		if i+1 < n {
			if nw, _ := indentOf(s.line(i + 1)); nw > w && s.line(i+1) != "" && len(l)-w <= sectionHeadMax {
				switch {
				case w < body: // a sub-heading, outdented from the body
					ranks[1] = append(ranks[1], i)
				case w == body:
					ranks[2] = append(ranks[2], i)
				default:
					ranks[3] = append(ranks[3], i)
				}
			}
		}
	}
	return ranks, len(ranks[0]) >= sectionMinHeads
}

// sectionedShape tests lines [first, to) of s for a sectioned document's
// shape; whole says they are all the lines (a probe of the first ones
// only needs to see no line that breaks it).
func sectionedShape(s *lineSel, first, last, to int, whole bool) bool {
	heads, other, nonBlank, indented := 0, 0, 0, 0
	for i := first + 1; i < to && i < last; i++ {
		l := s.line(i)
		if l == "" || l == "\r" {
			continue
		}
		nonBlank++
		if l[0] == ' ' || l[0] == '\t' {
			indented++
			continue
		}
		if sectionHeading(s, i) {
			heads++
		} else {
			other++
		}
	}
	if other > 0 || nonBlank == 0 || indented*100 < nonBlank*sectionIndentShare {
		return false
	}
	return !whole || heads >= sectionMinHeads
}

// sectionHeading reports whether the column-0 line i of s heads a
// section: short, opening with a letter, a title and not a message, and followed (after at most one
// blank line) by an indented line.
func sectionHeading(s *lineSel, i int) bool {
	l := s.line(i)
	if len(l) > sectionHeadMax || !isLetter(l[0]) || strings.Contains(l, ": ") {
		return false // a message (`error[E0308]: mismatched types`) heads no section
	}
	j := i + 1
	if j < s.n() && (s.line(j) == "" || s.line(j) == "\r") {
		j++
	}
	if j >= s.n() {
		return false
	}
	next := s.line(j)
	return next != "" && (next[0] == ' ' || next[0] == '\t')
}

// nextNonBlank returns the first non-blank line of s from i, or s.n().
func nextNonBlank(s *lineSel, i int) int {
	for ; i < s.n(); i++ {
		if l := s.line(i); l != "" && l != "\r" {
			return i
		}
	}
	return s.n()
}

// sectionedProbe is the cheap first test of a sectioned document, on the
// text's first lines: a column-0 line that starts with a letter, then an
// indented line within the next two. Most outputs fail it at once.
func sectionedProbe(text string) bool {
	lines := 0
	for rest := text; rest != "" && lines < 40; lines++ {
		l, after, _ := strings.Cut(rest, "\n")
		rest = after
		if l == "" || !isLetter(l[0]) || lines == 0 {
			continue
		}
		for k := 0; k < 2 && rest != ""; k++ {
			next, more, _ := strings.Cut(rest, "\n")
			if next != "" && (next[0] == ' ' || next[0] == '\t') {
				return true
			}
			if next != "" {
				break
			}
			rest = more
		}
	}
	return false
}
