package headroom

import (
	"strings"
	"unicode/utf8"
)

// A document whose headings are underlined — a title over a line of one
// repeated mark as long as it, `5 Performance` over `*************` — is
// the shape of an info manual as `info -o -` renders it, of
// reStructuredText and of setext markdown. Its outline is its headings
// by level (the marks rank in the order they first appear, as RST
// decides), then the first line under each heading, then the terms of
// its tables: short column-0 lines whose prose follows indented
// (`‘GREP_COLORS’` over `     This variable controls …`). A heading comes
// with its underline and with the line that names its section above it
// when most headings have one alike (info's `File: grep.info,  Node: …`),
// a term with its first line of prose: each is kept whole or not at all.

// underlineMarks are the bytes an underline repeats.
const underlineMarks = "*=-.~^+#"

// Shape limits of an underlined document.
const (
	underlineTitleMax = 80 // a title is a short line (in runes)
	underlineTermMax  = 60 // and so is a term
	underlineTermRun  = 4  // lines of one term (`‘-E’`, `‘-r’`, `‘--regexp-extended’`)
	underlineProbe    = 80 // the first lines the probe reads
)

// underlineOf returns the mark of an underline (three or more of one
// mark of underlineMarks and nothing else) and its length, or 0.
func underlineOf(l string) (byte, int) {
	l = strings.TrimRight(l, "\r")
	if len(l) < 3 || strings.IndexByte(underlineMarks, l[0]) < 0 {
		return 0, 0
	}
	for i := 1; i < len(l); i++ {
		if l[i] != l[0] {
			return 0, 0
		}
	}
	return l[0], len(l)
}

// underlinedTitle reports whether l, the line over an underline of width
// w, is a title: at column 0, with a letter, short, and about as wide as
// its underline (a title of wide runes takes up to two columns each).
func underlinedTitle(l string, w int) bool {
	l = strings.TrimRight(l, "\r")
	if l == "" || l[0] == ' ' || l[0] == '\t' || !hasLetter(l) {
		return false
	}
	if _, n := underlineOf(l); n > 0 {
		return false
	}
	r := utf8.RuneCountInString(l)
	return r <= underlineTitleMax && w >= max(3, r-1) && w <= 2*r+2
}

// headingAt reports whether lines i and i+1 of s are a heading: a title
// after a blank line (or an overline, or the start), then its underline;
// it returns the underline's mark.
func headingAt(s *lineSel, i int) (byte, bool) {
	if i+1 >= s.n() {
		return 0, false
	}
	c, w := underlineOf(s.line(i + 1))
	if w == 0 || !underlinedTitle(s.line(i), w) {
		return 0, false
	}
	if i > 0 {
		if p := strings.TrimRight(s.line(i-1), "\r"); p != "" {
			if _, o := underlineOf(p); o == 0 {
				return 0, false // a paragraph's last line over a rule
			}
		}
	}
	return c, true
}

// underlinedProbe is the cheap first test of an underlined document: a
// heading among the first lines of text.
func underlinedProbe(text string) bool {
	prev, prevBlank := "", true
	for rest, k := text, 0; rest != "" && k < underlineProbe; k++ {
		l, after, _ := strings.Cut(rest, "\n")
		rest = after
		if _, w := underlineOf(l); w > 0 && prev != "" && underlinedTitle(prev, w) && prevBlank {
			return true
		}
		prevBlank = prev == "" || prev == "\r"
		prev = l
	}
	return false
}

// underlinedDoc returns the outline of s by rank when s is an underlined
// document with at least sectionMinHeads headings, and the lines each
// outline line is kept with. Ranks: the headings of the first two marks;
// deeper headings; the first line under each heading; the terms.
func underlinedDoc(s *lineSel) (ranks [outlineRanks][]int, units declLeads, ok bool) {
	n := s.n()
	var heads []int
	var level []int
	var marks []byte
	for i := 0; i+1 < n; i++ {
		c, ok := headingAt(s, i)
		if !ok {
			continue
		}
		k := strings.IndexByte(string(marks), c)
		if k < 0 {
			k = len(marks)
			marks = append(marks, c)
		}
		heads = append(heads, i)
		level = append(level, k)
		i++ // the underline
	}
	if len(heads) < sectionMinHeads {
		return ranks, nil, false
	}
	units = declLeads{}
	leads := sectionLeads(s, heads)
	leadLines := make(map[int]bool, len(leads))
	for _, j := range leads {
		leadLines[j] = true
	}
	isHead := make(map[int]bool, 3*len(heads))
	for x, i := range heads {
		r := 0 // the first two marks, then deeper
		if level[x] >= 2 {
			r = 1
		}
		ranks[r] = append(ranks[r], i)
		var with []int
		if j, ok := leads[i]; ok {
			for k := j; k < i; k++ {
				with = append(with, k)
				isHead[k] = true
			}
		}
		units[i] = append(with, i+1)
		isHead[i], isHead[i+1] = true, true
		if j := nextNonBlank(s, i+2); j < n && !isHead[j] {
			if _, ok := headingAt(s, j); !ok && !leadLines[j] {
				ranks[2] = append(ranks[2], j)
			}
		}
	}
	for i := 0; i < n; i++ {
		if isHead[i] {
			continue
		}
		if end, ok := termAt(s, i); ok {
			ranks[3] = append(ranks[3], end-1)
			var with []int
			for k := i; k <= end; k++ {
				if k != end-1 {
					with = append(with, k)
				}
			}
			units[end-1] = with
			i = end
		}
	}
	return ranks, units, true
}

// sectionLeads returns, for the headings of s, the line that names each
// section above its heading — the nearest non-blank line at most two
// lines up, after a blank line — when most headings have one and they
// open alike (their first two fields: `File: grep.info,`); else none.
func sectionLeads(s *lineSel, heads []int) map[int]int {
	above := map[int]int{}
	keys := map[string]int{}
	for _, i := range heads {
		for j := i - 1; j >= max(0, i-2); j-- {
			l := strings.TrimRight(s.line(j), "\r")
			if l == "" {
				continue
			}
			if _, w := underlineOf(l); w > 0 || l[0] == ' ' || l[0] == '\t' {
				break
			}
			if j > 0 && strings.TrimRight(s.line(j-1), "\r") != "" {
				break // a paragraph's last line
			}
			above[i] = j
			keys[leadKey(l)]++
			break
		}
	}
	best, count := "", 0
	for k, c := range keys {
		if c > count || c == count && k < best {
			best, count = k, c
		}
	}
	if 2*count < len(heads) {
		return nil
	}
	leads := map[int]int{}
	for i, j := range above {
		if leadKey(s.line(j)) == best {
			leads[i] = j
		}
	}
	return leads
}

// leadKey is the first two white-space separated fields of l.
func leadKey(l string) string {
	f := strings.Fields(l)
	if len(f) > 2 {
		f = f[:2]
	}
	return strings.Join(f, " ")
}

// termAt reports whether a term starts at line i of s: after a blank
// line, up to underlineTermRun short column-0 lines that do not end a
// sentence, then at once a line indented deeper, its prose. It returns
// the line of that prose.
func termAt(s *lineSel, i int) (int, bool) {
	if i > 0 && strings.TrimRight(s.line(i-1), "\r") != "" {
		return 0, false
	}
	for j := i; j < s.n() && j < i+underlineTermRun+1; j++ {
		l := strings.TrimRight(s.line(j), "\r")
		if l == "" {
			return 0, false
		}
		if l[0] == ' ' || l[0] == '\t' {
			w, _ := indentOf(l)
			return j, j > i && w >= 3 && w < len(l)
		}
		if utf8.RuneCountInString(l) > underlineTermMax || strings.ContainsAny(l[len(l)-1:], ".,:;") {
			return 0, false
		}
	}
	return 0, false
}
