package headroom

import "strings"

// A roff document — a man page's source, as pod2man, help2man or an
// author writes it — is lines of text among request lines (`.` or `'`,
// then a request name). Its outline is in its requests, as a markdown
// document's is in its `#` lines: the title (`.TH`, mdoc's `.Dt`), the
// sections (`.SH`, `.Sh`), the subsections (`.SS`, `.Ss`), then the items
// of its lists (`.IP "tag"`, `.TP` over its tag line, mdoc's `.It tag`).
// An item that an index entry (`.IX`, pod2man's) follows is told by that
// entry: the item's name in plain words, without the font escapes and
// the indent of the request. Before the title, a page may define its own
// macros and strings (`.de`, `.ds`, `.if`: pod2man's 130-line standard
// preamble): that says nothing about the page, so the head keeps its
// opening comment's first lines and goes on from the first section (the
// title is a heading of its own), as it skips a licence in code.

// roffHeading is a request that heads a part of a roff document, and the
// outline rank of what it heads.
type roffHeading struct {
	name string
	rank int
	// tag says where the heading's words are: 0 on the request line
	// (which must have an argument), 1 on the next line (`.TP`'s tag).
	tag int
}

// roffHeadings are the requests of man(7) and mdoc(7) that head a part
// of a page.
var roffHeadings = []roffHeading{
	{"TH", 0, 0}, {"Dt", 0, 0}, {"SH", 0, 0}, {"Sh", 0, 0},
	{"SS", 1, 0}, {"Ss", 1, 0},
	{"IP", 2, 0}, {"It", 2, 0}, {"TP", 2, 1},
}

// roffIndexRequest is the request of an index entry.
const roffIndexRequest = "IX"

// roffProbeLines is how many of its first lines a roff document's probe
// reads.
const roffProbeLines = 8

// roffRequest returns the request name and argument of a request line
// (`.SH "NAME"` → "SH", `"NAME"`), or ok false for a line of text. A
// comment (`.\"`) is a request of no name.
func roffRequest(l string) (name, arg string, ok bool) {
	if len(l) < 2 || l[0] != '.' && l[0] != '\'' {
		return "", "", false
	}
	r := strings.TrimLeft(l[1:], " \t")
	if strings.HasPrefix(r, `\"`) {
		return "", "", true
	}
	end := 0
	for end < len(r) && isLetter(r[end]) {
		end++
	}
	if end == 0 || end < len(r) && r[end] != ' ' && r[end] != '\t' && r[end] != '\r' {
		return "", "", false // `..`, `.5`, `.e.g.`: text or a macro's end
	}
	return r[:end], strings.TrimSpace(r[end:]), true
}

// roffProbe is the cheap first test of a roff document: its first
// non-blank line is a comment request or a title, among its first lines.
func roffProbe(text string) bool {
	for rest, k := text, 0; rest != "" && k < roffProbeLines; k++ {
		l, after, _ := strings.Cut(rest, "\n")
		rest = after
		if strings.TrimSpace(l) == "" {
			continue
		}
		name, _, ok := roffRequest(l)
		return ok && (name == "" || name == "TH" || name == "Dd" || name == "Dt")
	}
	return false
}

// roffDoc returns the outline of s by rank when s is a roff document with
// a title and at least sectionMinHeads sections, and the line its first
// section is on (where its body starts: what comes between the title and
// it defines more macros, or is a licence in comments). Ranks: the title
// and the sections; the subsections; the items (each by its index entry
// when one follows it).
func roffDoc(s *lineSel) (ranks [outlineRanks][]int, body int, ok bool) {
	n := s.n()
	if n == 0 || !roffProbe(s.text[:min(len(s.text), 4096)]) {
		return ranks, 0, false
	}
	title, sections := -1, 0
	body = -1
	for i := 0; i < n; i++ {
		name, arg, ok := roffRequest(s.line(i))
		if !ok || name == "" {
			continue
		}
		h, found := roffHeadingOf(name)
		if !found {
			continue
		}
		at := i + h.tag
		if at >= n || h.tag == 0 && arg == "" {
			continue // `.IP` alone is a paragraph; `.SH` over its line is rare
		}
		if h.rank == 0 {
			if name == "TH" || name == "Dt" {
				if title < 0 {
					title = i
				}
			} else {
				if sections == 0 {
					body = i
				}
				sections++
			}
		}
		if h.rank == 2 && at+1 < n {
			if next, _, ok := roffRequest(s.line(at + 1)); ok && next == roffIndexRequest {
				at++
			}
		}
		ranks[h.rank] = append(ranks[h.rank], at)
		i = at
	}
	if title < 0 || sections < sectionMinHeads {
		return [outlineRanks][]int{}, 0, false
	}
	return ranks, body, true
}

// roffHeadingOf returns the heading request named name.
func roffHeadingOf(name string) (roffHeading, bool) {
	for _, h := range roffHeadings {
		if h.name == name {
			return h, true
		}
	}
	return roffHeading{}, false
}
