package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// Line-oriented text is often a run of sections, each under a heading of
// its own: a column-0 line that ends in ':' after a blank line, with its
// block right under it — `python -m dis`'s `Disassembly of <code object
// f at 0x…, file "…", line 188>:`, objdump -d's `0000000000001139
// <main>:`, ls -R's `./src/net:`. The headings are the text's table of
// contents: which function, which directory, where each starts. No word
// of any tool is involved, only where a line starts and ends and what is
// around it.

// sectionHeadsMin is the fewest headings that make text sectioned (two:
// gcc -Q --help=warnings --help=optimizers is two tables, each under its
// heading, and the second heading is where a reader looks for the
// optimizers);
// sectionHeadsShare bounds them to one line in that many: a heading heads a
// block.
const (
	sectionHeadsMin   = 2
	sectionHeadsShare = 4
)

// sectionHeads returns the lines of s that head a section, in order: a
// line that starts at column 0 with neither a space nor a mark of a
// comment or a list and ends in ':' (or is an equalsHeading), follows a
// blank line (or opens the text) and is followed by its block's first
// line (see blockOpening), or a framedHeading after a blank line (or
// opening the text); of alike headings
// (openssl's `Certificate:` over each record) only the first, as the rest
// name nothing new. Nil when there are
// fewer than sectionHeadsMin of them, or more than one in
// sectionHeadsShare lines.
func sectionHeads(s *lineSel) []int {
	n := s.n()
	var heads []int
	seen := map[string]bool{}
	// Most lines neither end in ':' nor open with "==": a line is read
	// whole, and the one before it for its blankness, only when it does.
	// The test reads the line's bounds from the index here, each start
	// the end of the line before, not through a call a line.
	prev := "" // the line before, read as l was
	for i, start := 0, s.at(0); i < n; i++ {
		end := s.at(i + 1)
		l := s.text[start:end]
		start = end
		if endsInColon(l) || opensWithEquals(l) {
			h := trimBlankRight(s.line(i))
			if len(h) >= 2 && (h[len(h)-1] == ':' && sectionHeadStart(h[0]) || equalsHeading(h)) && (i == 0 || trimBlankRight(s.line(i-1)) == "") &&
				i+1 < n && blockOpening(s.line(i+1)) && !seen[h] {
				heads = append(heads, i)
				seen[h] = true
			}
		}
		// A line opened by spaces after a blank line is read whole, with
		// the line under it, for a centred title (see centredTitle).
		if len(l) > centredTitleIndent && l[0] == ' ' && i+1 < n && (i == 0 || blankLine(prev)) {
			if h := trimBlankRight(s.line(i)); centredTitle(h, s.line(i+1)) && !seen[h] {
				heads = append(heads, i)
				seen[h] = true
			}
		}
		// A line a mark opens is read whole, for a title wrapped in
		// alike runs of it (see wrappedTitle).
		if len(l) > 0 && ruleByte(l[0]) {
			if h := trimBlankRight(s.line(i)); wrappedTitle(h) && !seen[h] {
				heads = append(heads, i)
				seen[h] = true
			}
		}
		// A rule line is read whole, with the lines around it, only when
		// it opens with a mark.
		if len(l) > 0 && ruleByte(l[0]) && i+2 < n && (i == 0 || trimBlankRight(s.line(i-1)) == "") {
			if h := trimBlankRight(s.line(i + 1)); framedHeading(trimBlankRight(s.line(i)), h, trimBlankRight(s.line(i+2))) && !seen[h] {
				heads = append(heads, i+1)
				seen[h] = true
			}
		}
		prev = l
	}
	if len(heads) < sectionHeadsMin || len(heads)*sectionHeadsShare > n {
		return nil
	}
	return heads
}

// centredTitleIndent is the least indentation of a centred title, and
// centredTitleMax the longest title: a short phrase over a wider row.
const (
	centredTitleIndent = 4
	centredTitleMax    = 100
)

// centredTitle reports a title h (a line, white space on its right
// trimmed) centred over the row under it, as psql centres a relation's
// `Table "pg_catalog.pg_class"` over its column header and `List of
// relations` over a listing: h opens with at least centredTitleIndent
// spaces, holds one phrase (no tab, no run of spaces: not a row of
// cells) opening with neither a mark nor a digit, and its margins over
// the row under it, which starts at its left margin and runs past its
// end, differ by at most one byte (the odd byte of centring). Where
// a line starts and ends is all it reads.
func centredTitle(h, under string) bool {
	w := 0
	for w < len(h) && h[w] == ' ' {
		w++
	}
	t := h[w:]
	if w < centredTitleIndent || t == "" || len(t) > centredTitleMax || !isLetter(t[0]) ||
		strings.Contains(t, "  ") || strings.IndexByte(t, '\t') >= 0 {
		return false
	}
	under = strings.TrimRight(under, "\r\n")
	if uw, _ := indentOf(under); uw >= w || len(under) <= len(h) {
		return false
	}
	right := len(under) - len(h)
	return right == w || right == w+1
}

// endsInColon reports whether line l, its '\n' included or not, ends in
// ':' before any trailing white space, reading it from its end.
func endsInColon(l string) bool {
	for k := len(l) - 1; k >= 0; k-- {
		switch l[k] {
		case '\n', ' ', '\t', '\r':
			continue
		case ':':
			return true
		}
		return false
	}
	return false
}

// opensWithEquals reports whether line l opens with "==", as an
// equalsHeading does.
func opensWithEquals(l string) bool { return len(l) >= 2 && l[0] == '=' && l[1] == '=' }

// equalsHeading reports a line that a run of two or more '=' and a
// space open, as AsciiDoc's and MediaWiki's headings and ruby
// --dump=insns's `== disasm: #<ISeq:…>` open: a heading whatever it ends
// with.
func equalsHeading(l string) bool {
	k := 0
	for k < len(l) && l[k] == '=' {
		k++
	}
	return k >= 2 && k+1 < len(l) && l[k] == ' ' && l[k+1] != ' ' && l[k+1] != '='
}

// framedHeading reports a heading line h framed by two alike rule lines,
// above and below it (see ruleLine): `#`, `# syscall`, `#` over each
// package of go build -n's script, `=====` over and under a title. The
// frame says heading, whatever the line opens or ends with.
func framedHeading(above, h, below string) bool {
	return above == below && ruleLine(above) && h != "" && !ruleLine(h)
}

// maxRuleLine bounds a rule line's length.
const maxRuleLine = 80

// ruleLine reports a line of 1 to maxRuleLine marks and nothing else (no
// letter, digit or space): `#`, `----`, `=====`, `/*****/`.
func ruleLine(l string) bool {
	if l == "" || len(l) > maxRuleLine {
		return false
	}
	for i := 0; i < len(l); i++ {
		if !ruleByte(l[i]) {
			return false
		}
	}
	return true
}

// ruleByte reports an ASCII mark: neither a letter, a digit, white space
// nor a control byte.
func ruleByte(c byte) bool {
	return c > ' ' && c < 0x7f && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}

// sectionHeadStart reports a byte that may open a heading: not white
// space, and none of the marks that open a comment, a list item or a
// quotation (`#`, `-`, `*`, `>`, `;`, `/`… a heading names something).
func sectionHeadStart(c byte) bool {
	switch c {
	case ' ', '\t', '#', '-', '*', '+', '>', ';', '/', '|', '=', '[', '{', '(', '<', '"', '\'':
		return false
	}
	return c >= 0x21
}

// pickSectionHeads keeps the headings of heads not kept yet while the
// output stays within to bytes: all of them when they fit, else as many
// as fit spread evenly over them (the first and the last included), then
// what the spread left room for. It returns how many it kept.
func pickSectionHeads(s *lineSel, heads []int, pick func(i int) bool, to int) int {
	var todo []int
	cost := 0
	for _, i := range heads {
		if !s.isKept(i) {
			todo = append(todo, i)
			cost += min(s.size(i), sectionHeadCost) + s.gapCost
		}
	}
	return pickSpreadThenFill(s, todo, cost, pick, to)
}

// pickSectionOpenings keeps, under each heading of heads that is kept,
// the line right under it — its block's first line (python -m dis's
// first instruction with its source line number, a reflection block's
// first member) — while the output stays within to bytes: all of them
// when they fit, else as many as fit spread evenly over the headings.
// A heading names a section; with its first line it also says where the
// section starts and what it holds. Where that line is a table's header
// over its rule (psql's `Column | Type | …` under a relation's title),
// the header holds no row: the opening runs to the table's first row,
// which does. A heading that is a row of columns
// (see columnRow: diff -y's `def f():` row, both sides of it) heads no
// section of another shape: the line under it is one more row like it,
// and its room goes to the rows spread over the text. It returns how
// many it kept.
func pickSectionOpenings(s *lineSel, heads []int, pick func(i int) bool, to int) int {
	var todo []int
	cost := 0
	for _, i := range heads {
		if s.isKept(i) && i+1 < s.n() && !s.isKept(i+1) && !columnRow(s.line(i)) {
			todo = append(todo, i+1)
			for j := i + 1; j <= sectionOpeningEnd(s, i); j++ {
				cost += min(s.size(j), sectionHeadCost)
			}
			cost += s.gapCost
		}
	}
	return pickSpreadWithin(s, todo, cost, func(j int) bool {
		if !pick(j) {
			return false
		}
		for k, end := j+1, sectionOpeningEnd(s, j-1); k <= end; k++ {
			if !s.isKept(k) && !pick(k) {
				break
			}
		}
		return true
	}, to)
}

// sectionOpeningEnd returns the last line of the opening under heading
// i of s: the line under it, or, when that is a table's header over a
// rule (see tableRule), the table's first row under the rule.
func sectionOpeningEnd(s *lineSel, i int) int {
	if i+3 < s.n() && tableRule(s.line(i+2)) && !tableRule(s.line(i+1)) && !blankLine(s.line(i+3)) && !tableRule(s.line(i+3)) {
		return i + 3
	}
	return i + 1
}

// pickSpreadThenFill picks an even spread of todo within to bytes (see
// pickSpreadWithin), then, in order, those of todo the spread passed over
// while room is left, the estimate having been high. It returns how many
// it kept.
func pickSpreadThenFill(s *lineSel, todo []int, cost int, pick func(i int) bool, to int) int {
	kept := pickSpreadWithin(s, todo, cost, pick, to)
	for _, i := range todo {
		if s.used >= to {
			break
		}
		if !s.isKept(i) && pick(i) {
			kept++
		}
	}
	return kept
}

// pickSpreadWithin picks the lines of todo, which cost cost in all,
// while the output stays within to bytes: all of them when they fit,
// else as many as fit spread evenly over them (the first and the last
// included), made coarse to fine (see coarseToFine), so that an estimate
// that fell short still leaves them spread. It returns how many it kept.
func pickSpreadWithin(s *lineSel, todo []int, cost int, pick func(i int) bool, to int) int {
	if len(todo) == 0 || to <= s.used {
		return 0
	}
	k := len(todo)
	if cost > to-s.used {
		k = len(todo) * (to - s.used) / cost
	}
	kept := 0
	for _, j := range coarseToFine(spread(0, len(todo), k)) {
		if s.used < to && pick(todo[j]) {
			kept++
		}
	}
	return kept
}

// columnRow reports a line that holds a tab: its text stands in columns
// (diff -y's two sides, a table's cells), where a heading of a section
// is one phrase.
func columnRow(l string) bool { return strings.IndexByte(l, '\t') >= 0 }

// sectionHeadsCost is what keeping every heading of heads would cost, as
// pickSectionHeads prices them.
func sectionHeadsCost(s *lineSel, heads []int) int {
	cost := 0
	for _, i := range heads {
		cost += min(s.size(i), sectionHeadCost) + s.gapCost
	}
	return cost
}

// sectionHeadCost is what pickSectionHeads prices a heading at, at most:
// a longer one is kept cut in its middle.
const sectionHeadCost = 200

// headingsKept words the section headings kept besides the head and the
// tail, of m; nothing for text that is not sectioned.
func headingsKept(kept, m int) string {
	if m == 0 {
		return ""
	}
	return txt.Commas(kept) + " more of " + txt.Plural(m, "section heading") + ", "
}

// blockOpening reports a line that may open a heading's block: not blank,
// and not a comment (make -p's database notes `#  Phony target` under a
// target that names nothing: a note on a record, not a section's lines).
func blockOpening(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && t[0] != '#' && t[0] != ';' && !strings.HasPrefix(t, "//")
}
