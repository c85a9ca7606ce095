package headroom

import (
	"strings"
	"unicode/utf8"
)

// A page of HTML documentation rendered as text — by w3m -dump, lynx
// -dump, html2text or pandoc -t plain — keeps each heading's permalink as
// a mark beside its title: Node's `#` after it (`Readline#`,
// `rl.getCursorPos()#`), Sphinx's and MkDocs' `¶` (`3.5.2. Interpreter
// Location¶`), rustdoc's `§` before a section's title (`§Usage`) and
// after an item table's (`Structs§`). The page's headings are the lines
// of their own — a blank line above and below, at column 0, short, with a
// letter — that carry one such mark, the same for the page; which mark is
// read from the text. When there are enough of them, they are the page's
// outline, as a markdown document's `#` lines are: the headings, then the
// lines that stand alone in the navigation above the first (the page's
// title and version, among lists of links), then the first line under
// each heading. No words of any renderer are involved, only the marks, a
// table of them (none of them ends a sentence).

// A permalinkMark is a mark a renderer leaves beside a heading, and the
// ends of the title it may sit at, written against the title (no blank
// between).
type permalinkMark struct {
	mark          string
	after, before bool
}

// permalinkMarks are the marks of permalinks. `#` only after a title: a
// line that opens with it is a directive (`#endif`) or a comment.
var permalinkMarks = []permalinkMark{
	{mark: "#", after: true},
	{mark: "¶", after: true},
	{mark: "§", after: true, before: true},
}

// Shape limits of a permalinked document.
const (
	permalinkTitleMax = 100 // a heading is a short line (in runes)
	permalinkMinHeads = 4   // and a document has at least this many
)

// permalinkTitle returns which of permalinkMarks line l carries as a
// heading — column 0, short, a letter besides the mark — or -1. It reads
// the line only, not the lines around it.
func permalinkTitle(l string) int {
	l = strings.TrimRight(l, "\r")
	if l == "" || l[0] == ' ' || l[0] == '\t' || len(l) > 4*permalinkTitleMax {
		return -1
	}
	for k, m := range permalinkMarks {
		var rest string
		switch {
		case m.after && strings.HasSuffix(l, m.mark):
			rest = l[:len(l)-len(m.mark)]
			if rest == "" || rest[len(rest)-1] == ' ' || rest[len(rest)-1] == '\t' {
				continue
			}
		case m.before && strings.HasPrefix(l, m.mark):
			rest = l[len(m.mark):]
			if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
				continue
			}
		default:
			continue
		}
		if hasLetter(rest) && utf8.RuneCountInString(rest) <= permalinkTitleMax {
			return k
		}
	}
	return -1
}

// permalinkProbe is the cheap first test of a permalinked document: at
// least permalinkMinHeads headings that carry one mark of permalinkMarks,
// the headings permalinkDoc counts. It reads only the lines a mark is on,
// found by indexByLast, each once.
func permalinkProbe(text string) bool {
	for k, m := range permalinkMarks {
		count := 0
		for from := 0; from < len(text) && count < permalinkMinHeads; {
			at := indexByLast(text[from:], m.mark)
			if at < 0 {
				break
			}
			at += from
			ls := strings.LastIndexByte(text[:at], '\n') + 1
			le := len(text)
			if nl := strings.IndexByte(text[at:], '\n'); nl >= 0 {
				le = at + nl
			}
			from = le + 1
			if permalinkHeadingAt(text, ls, le, k) {
				count++
			}
		}
		if count >= permalinkMinHeads {
			return true
		}
	}
	return false
}

// indexByLast is strings.Index(s, mark), found by mark's last byte: a
// two-byte mark's lead byte (0xC2 of `¶` and `§`) is also a no-break
// space's, which tree writes on every line, and strings.Index stopped at
// each of them read a 10 MB tree at a fifth of the speed of the rest of
// its plan.
func indexByLast(s, mark string) int {
	n := len(mark) - 1
	for from := n; from < len(s); {
		k := strings.IndexByte(s[from:], mark[n])
		if k < 0 {
			return -1
		}
		if at := from + k - n; s[at:at+n] == mark[:n] {
			return at
		}
		from += k + 1
	}
	return -1
}

// permalinkHeadingAt reports whether the line text[ls:le] is a heading
// that carries mark k of permalinkMarks and stands alone.
func permalinkHeadingAt(text string, ls, le, k int) bool {
	return permalinkTitle(text[ls:le]) == k && standsAlone(text, ls, le)
}

// standsAlone reports whether the line text[ls:le] has a blank line (or
// the text's end) above and below it.
func standsAlone(text string, ls, le int) bool {
	if ls > 0 {
		p := strings.LastIndexByte(text[:ls-1], '\n') + 1
		if !blankLine(text[p : ls-1]) {
			return false
		}
	}
	if le < len(text) {
		rest := text[le+1:]
		next, _, _ := strings.Cut(rest, "\n")
		if !blankLine(next) && rest != "" {
			return false
		}
	}
	return true
}

// permalinkDoc returns the outline of s by rank when s is a permalinked
// document: at least permalinkMinHeads headings that carry the mark most
// of its headings carry. Ranks: the headings; the lines that stand alone
// above the first heading; the first line under each heading.
func permalinkDoc(s *lineSel) (ranks [outlineRanks][]int, ok bool) {
	n := s.n()
	heads := make([][]int, len(permalinkMarks))
	for i := 0; i < n; i++ {
		k := permalinkTitle(s.line(i))
		if k < 0 || i > 0 && !blankLine(s.line(i-1)) || i+1 < n && !blankLine(s.line(i+1)) {
			continue
		}
		heads[k] = append(heads[k], i)
	}
	best := 0
	for k := range heads {
		if len(heads[k]) > len(heads[best]) {
			best = k
		}
	}
	if len(heads[best]) < permalinkMinHeads {
		return ranks, false
	}
	ranks[0] = heads[best]
	// Above the first heading, the page's frame — its navigation, its
	// table of contents — is lists; what stands alone there titles the
	// page (`Node.js v20.20.2 documentation`, `std1.95.0`).
	for i := 1; i < heads[best][0]; i++ {
		l := s.line(i)
		if blankLine(l) || !blankLine(s.line(i-1)) || !blankLine(s.line(i+1)) || l[0] == ' ' || l[0] == '\t' ||
			!hasLetter(l) || utf8.RuneCountInString(l) > permalinkTitleMax {
			continue
		}
		ranks[1] = append(ranks[1], i)
	}
	for _, i := range heads[best] {
		if j := nextNonBlank(s, i+1); j < n && permalinkTitle(s.line(j)) != best {
			ranks[2] = append(ranks[2], j)
		}
	}
	return ranks, true
}
