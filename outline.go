package headroom

import (
	"maps"
	"math/bits"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// planOutlineRead plans a read of source code or a document: its head,
// its tail, and between them the lines that declare what is there — top
// level and one level in (func, type, class, def, fn, impl, struct, enum,
// trait, const/var blocks, export, public/private/protected members,
// decorators and annotations, C-style function heads, shell functions,
// TOML/INI sections), or for markdown and HTML its headings. Every kept
// line is an input line verbatim (a very long one cut short, and said so);
// the gap notes name the line numbers they stand for, so each kept line's
// number is known and the model can ask for a range. Room left over goes
// to a longer head and tail.
//
// It takes the output of a read tool that has at least three such lines,
// or any text that opens like source (a shebang, package, import,
// #include, a comment, <!DOCTYPE) and has at least eight; anything else
// it declines. There is no parser: the rules are line shapes, as data.
func planOutlineRead(out ToolOutput, limit int) (plan, bool) {
	return planOutlineReadIndexed(out, limit, &lineIndexer{text: out.Text})
}

// planOutlineReadIndexed is planOutlineRead with out's lines indexed by
// lines.
func planOutlineReadIndexed(out ToolOutput, limit int, lines *lineIndexer) (plan, bool) {
	text := out.Text
	if limit < 200 || len(text) < 64 {
		return plan{}, false
	}
	read := readTool(out.Tool)
	source := opensLikeSource(text) || !read && (codeBlocksShaped(text) || declsShaped(text))
	if !read && !source && !sectionedProbe(text) && !underlinedProbe(text) && !roffProbe(text) && !permalinkProbe(text) {
		return plan{}, false
	}
	// The notes are worded for the lines strings.Count(text, "\n")+1
	// would give, counted from the index rather than by another scan.
	s := newLineSelOn(text, lines.index(), limit, gapWording{})
	n := s.n()
	if text[len(text)-1] == '\n' {
		n++
	}
	s.setGap(outlineGaps(n))
	numbered := readNumbered(s)
	if numbered {
		// The kept lines carry their numbers: a gap note need only mark
		// the cut (the bytes go to more declarations).
		s.setGap(numberedGaps())
	}
	var ranks [outlineRanks][]int
	var leads declLeads
	doc, yaml, ok := false, false, false
	preamble := 0 // where a document's body starts, after its definitions
	if !source && !numbered {
		// A man page or a plain-text manual: its headings are its outline;
		// an info manual's or an RST document's are underlined; a man
		// page's source has them in its requests.
		ranks, preamble, ok = roffDoc(s)
		if !ok {
			ranks, ok = sectionedDoc(s)
		}
		if !ok {
			ranks, leads, ok = underlinedDoc(s)
		}
		if !ok {
			ranks, ok = permalinkDoc(s)
		}
		doc = ok
	}
	if !ok && (read || source) {
		// A YAML document: its keys are its outline, as headings are a
		// manual's.
		ranks, ok = yamlOutline(s, lineContent(s, numbered))
		doc, yaml = ok, ok
	}
	if !ok {
		if !read && !source {
			return plan{}, false
		}
		ranks, doc, ok = outlineLines(s, numbered)
	}
	content := lineContent(s, numbered)
	if !doc {
		names := findClauseNames(ranks, content, s.n())
		ranks = foldClauses(ranks, content, names)
		ranks, leads = signatureLeads(ranks, content, names)
		leads = lispDocLeads(ranks, content, leads)
		leads = wrapLeads(ranks, content, s.n(), leads)
	}
	if yaml {
		// A key's first line tells it (a flag's spec by its arg_name);
		// a type of code is told by its name.
		leads = firstChildLeads(ranks[0], content, s.n(), leads)
	}
	var all []int
	for _, r := range ranks {
		all = append(all, r...)
	}
	need := 8
	if read {
		need = 3
	}
	if !ok || len(all) < need {
		return plan{}, false
	}
	pickOutline(s, ranks, leads, content, doc, preamble)
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	kept := 0
	for _, i := range all {
		if s.isKept(i) {
			kept++
		}
	}
	what := txt.Commas(s.n()-s.kept()) + " of " + txt.Plural(s.n(), "line") + ": kept the head, the tail and " +
		txt.Commas(kept) + " of " + txt.Commas(len(all)) + " declarations or headings verbatim; gap notes name their lines"
	return plan{strategy: StrategyOutline, items: items, markerAt: markerAt, what: what,
		hint: "To read more, ask for a line range (offset and limit, or sed -n 'A,Bp').", digest: true}, true
}

// An outline is mostly gaps: a declaration line costs some 30 bytes, and
// so did the note before it. Its notes are the shortest that still say
// which lines they stand for, so a small budget shows more declarations.

// outlineGaps words a gap by the numbers of its lines without the word
// "omitted" ("[…lines 3-9…]"), for a text of at most n lines.
func outlineGaps(n int) gapWording {
	return gapWording{outlineGap, outlineGapLen, len(outlineGap(n, 2*n+1))}
}

// outlineGap words a gap of lines [from, to) by their 1-based numbers.
func outlineGap(from, to int) string {
	if to-from == 1 {
		return "[…line " + txt.Commas(from+1) + "…]"
	}
	return "[…lines " + txt.Commas(from+1) + "-" + txt.Commas(to) + "…]"
}

// outlineGapLen is len(outlineGap(from, to)).
func outlineGapLen(from, to int) int { return lineRangeLen(from, to) - len(" omitted") }

// lineRangeLen is len(lineGap(from, to)).
var lineRangeLen = rangeGapLen("line", 0)

// numberedGaps words the gaps between lines that carry their numbers:
// the numbers either side say what is missing, so a note only marks the
// cut ("[…]").
func numberedGaps() gapWording {
	return gapWording{numberedGap, func(int, int) int { return len(numberedGapNote) }, len(numberedGapNote)}
}

// numberedGapNote is the note for a gap between numbered lines.
const numberedGapNote = "[…]"

// numberedGap words a gap between lines that carry their numbers.
func numberedGap(int, int) string { return numberedGapNote }

// readTool reports a tool that reads files.
func readTool(tool string) bool {
	t := strings.ToLower(tool)
	return strings.Contains(t, "read") || t == "view" || t == "cat" || t == "open_file"
}

// sourceOpenings start the first line of a file that is source or markup.
var sourceOpenings = []string{"#!", "package ", "import ", "from ", "#include", "#pragma", "#ifndef", "// ", "//go:", "/*", "/**",
	"<!DOCTYPE", "<!doctype", "<html", "<?xml", "<?php", "\"use strict\"", "'use strict'", "use ", "mod ", "module ",
	"# -*-", "# Copyright", "# SPDX", "// SPDX", "---\n", "%YAML", "<!--", "namespace "}

// opensLikeSource reports whether the first non-blank line of text opens
// source code or a document.
func opensLikeSource(text string) bool {
	i := 0
	for i < len(text) && (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t') {
		i++
	}
	rest := text[i:]
	for _, p := range sourceOpenings {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// readNumbered reports whether the lines carry a read tool's line
// numbers ("   12\t…" as cat -n writes, or "12→…").
func readNumbered(s *lineSel) bool {
	n := min(s.n(), 20)
	hits := 0
	for i := 0; i < n; i++ {
		if _, ok := numberPrefix(s.line(i)); ok {
			hits++
		}
	}
	return n > 0 && hits*10 >= n*9
}

// numberPrefix returns the length of a "   12\t" or "12→" prefix.
func numberPrefix(l string) (int, bool) {
	if len(l) >= 8 {
		if i, ok := numberPrefix8(l); ok {
			if l[i] == '\t' {
				return i + 1, true
			}
			if strings.HasPrefix(l[i:], "→") {
				return i + len("→"), true
			}
			return 0, false
		}
	}
	i := 0
	for i < len(l) && l[i] == ' ' {
		i++
	}
	d := i
	for i < len(l) && l[i]-'0' <= 9 {
		i++
	}
	if i == d {
		return 0, false
	}
	if i < len(l) && l[i] == '\t' {
		return i + 1, true
	}
	if strings.HasPrefix(l[i:], "→") {
		return i + len("→"), true
	}
	if i == len(l) {
		return i, true // a numbered empty line
	}
	return 0, false
}

// numberPrefix8 reads the first eight bytes of l, which has eight or
// more, eight at a time: when they open with spaces, then one digit or
// more, then a byte that is neither, it returns where that byte is. A
// read tool writes every line so (cat -n's "     1\t"), and the planner
// asks for a line's number more often than for anything else of it.
func numberPrefix8(l string) (int, bool) {
	x := load64(l, 0)
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	// A byte's high bit is set in notSpace where it is no space, in
	// notDigit where it is no digit: exact a byte at a time, as no sum
	// carries into the next byte.
	sp := x ^ 0x2020202020202020
	notSpace := ((sp & lo7) + lo7 | sp) & hi
	dg := x ^ 0x3030303030303030
	notDigit := ((dg & lo7) + 0x7676767676767676 | dg) & hi
	start := bits.TrailingZeros64(notSpace) / 8 // the first byte no space
	if start == 8 {
		return 0, false
	}
	end := bits.TrailingZeros64(notDigit&^(1<<(8*start)-1)) / 8 // the first no digit from there
	if end == start || end == 8 {
		return 0, false
	}
	return end, true
}

// lineContent returns a function that gives line i of s without a read
// tool's line number.
func lineContent(s *lineSel, numbered bool) func(i int) string {
	return func(i int) string {
		l := s.line(i)
		if numbered {
			if p, ok := numberPrefix(l); ok {
				return l[p:]
			}
		}
		return l
	}
}

// commentOpenings open a comment line in the languages outlined (a
// docstring is not one: it says what the module is).
var commentOpenings = []string{"//", "/*", "*", "# ", "#\t", "##", "#-", "#=", "-- ", "--[[", "---", ";", "<!--", "%%", "% "}

// commentFirstBytes marks the bytes a comment line can start with: those
// of commentOpenings, "/*" and the bare markers.
var commentFirstBytes = func() (t [256]bool) {
	for _, p := range commentOpenings {
		t[p[0]] = true
	}
	for _, c := range []byte("/-#%") { // "/*", "--", "#", "%"
		t[c] = true
	}
	return t
}()

// bareComment reports a comment marker alone on its line (t trimmed), the
// blank line of a comment block: `--` in Haskell's, `%` in Erlang's.
func bareComment(t string) bool { return t == "--" || t == "#" || t == "%" }

// headRunKept is how many lines of a long indented block the head of
// code keeps before it moves on to the next top-level line.
const headRunKept = 4

// indentedRunEnd returns the line after the run of indented (or blank)
// lines that starts at i, when the run ends within 200 lines on a
// top-level line; else i.
func indentedRunEnd(s *lineSel, content func(int) string, i int) int {
	j := i
	for ; j < s.n() && j-i <= 200; j++ {
		l := content(j)
		if l != "" && l[0] != ' ' && l[0] != '\t' && l[0] != '\r' {
			return j
		}
	}
	return i
}

// commentLine reports whether l is a comment line, given whether a /*
// block comment is open before it, and whether one is open after it.
func commentLine(l string, inBlock bool) (comment, open bool) {
	t := strings.TrimSpace(l)
	if inBlock {
		return true, !strings.Contains(t, "*/")
	}
	if t == "" || !commentFirstBytes[t[0]] {
		return false, false // most lines: no opening is tried
	}
	if strings.HasPrefix(t, "/*") {
		return true, !strings.Contains(t[2:], "*/")
	}
	if bareComment(t) {
		return true, false
	}
	for _, p := range commentOpenings {
		if strings.HasPrefix(t, p) {
			return true, false
		}
	}
	return false, false
}

// leadComment returns the first line after the comment block that opens
// the text (a licence, a banner: a shebang or a `<?php` line before it and
// blank lines in it included), or 0 when the text does not open with one.
func leadComment(s *lineSel, content func(int) string) int {
	i := 0
	if s.n() > 0 && opensFile(content(0)) {
		i++
	}
	start := i
	for ; i < s.n(); i++ {
		t := strings.TrimSpace(content(i))
		if t == "" || bareComment(t) || t == "*/" {
			continue
		}
		comment := false
		for _, p := range commentOpenings {
			if strings.HasPrefix(t, p) {
				comment = true
				break
			}
		}
		if !comment {
			break
		}
	}
	if i == start {
		return 0
	}
	return i
}

// fileOpeners open the first line of a file that says only which
// language follows: the licence under it is still the file's lead.
var fileOpeners = []string{"#!", "<?php", "<?xml"}

// opensFile reports a first line that opens with one of fileOpeners.
func opensFile(l string) bool {
	for _, p := range fileOpeners {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// outlineRanks is how many ranks of declaration lines there are. In
// code: types, functions, the other top-level declarations, the members
// one level in. In a document: its headings by level (title, h1, h2 and
// #, ##; then h3; then h4; deeper).
const outlineRanks = 4

// outlineLines returns the declaration (or heading) lines of s by rank,
// and whether s is a document (HTML or markdown: its headings are its
// outline, and code inside it — <pre> and <code> blocks, markdown fences —
// declares nothing). ok is false when the text has none.
func outlineLines(s *lineSel, numbered bool) (ranks [outlineRanks][]int, doc, ok bool) {
	return outlineLinesBlocks(s, numbered, false)
}

// outlineLinesBlocks is outlineLines, reading each line for the HTML
// code blocks it opens or closes as it passes it when eager is set, and
// otherwise only once a line asks whether it is inside one (codeBlocks):
// the answers are the same.
func outlineLinesBlocks(s *lineSel, numbered, eager bool) (ranks [outlineRanks][]int, doc, ok bool) {
	n := s.n()
	content := lineContent(s, numbered)
	// Headings (markdown outside fences, HTML outside <pre>) and code
	// declarations, in one pass; which of the two outlines the text is
	// decided after.
	var heads, htmlRanks [outlineRanks][]int
	fence, pod := false, false
	pre := codeBlocks{content: content, eager: eager, lines: n}
	nheads, mdDeep, fences, htmlHeads, codeTop := 0, 0, 0, 0, 0
	mdPaired, prevMD, prevPaired := 0, -2, false // ATX lines next to another: comment blocks
	for i := 0; i < n; i++ {
		l := s.line(i) // content(i), without a call through the closure a line
		if numbered {
			if p, ok := numberPrefix(l); ok {
				l = l[p:]
			}
		}
		if len(l) == 0 {
			continue
		}
		if strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			fence = !fence
			fences++
			continue
		}
		if l[0] == '=' && len(l) > 1 && isLetter(l[1]) {
			// Perl's POD: documentation from an =word line to =cut; only
			// its =head lines outline it (declRank ranks them). Ruby's
			// =begin … =end comment ends at =end: it has no =cut.
			pod = !strings.HasPrefix(l, "=cut") && !strings.HasPrefix(l, "=end")
		} else if pod {
			continue
		}
		pre.after(i, l)
		if h := mdHeading(l); h > 0 && !fence && !pre.openBefore(i) {
			r := min(max(h-1, 1), outlineRanks) - 1 // # and ## first
			heads[r] = append(heads[r], i)
			nheads++
			if h >= 2 {
				mdDeep++
			}
			if prevMD == i-1 {
				mdPaired++ // this line, and the one before when it starts the run
				if !prevPaired {
					mdPaired++
				}
			}
			prevPaired, prevMD = prevMD == i-1, i
		}
		if leadsWithTag(l) && !fence && !pre.openBefore(i) {
			if h := htmlHeadingRank(l); h > 0 {
				heads[h-1] = append(heads[h-1], i)
				htmlRanks[min(h, 3)-1] = append(htmlRanks[min(h, 3)-1], i)
				nheads++
				htmlHeads++
				continue
			}
		}
		r := declRank(l)
		if r == 0 && i+1 < n && cFunctionSplitHead(l) && strings.TrimSpace(content(i+1)) == "{" {
			r = 2
		}
		if r == 0 && clauseHead(l) && clauseHeadSplit(content, i, n) {
			r = 2 // an Erlang clause whose head goes on over the next lines
		}
		if r > 0 {
			ranks[r-1] = append(ranks[r-1], i)
			if r < 4 && !fence && !pre.openBefore(i) {
				codeTop++ // code samples in a document do not make it code
			}
		}
	}
	if missed := missedOpeners(blockOpeners(content, n), ranks); len(missed) >= blockOpenersMin {
		// Block openers the declaration words missed (see
		// blockOpeners) join the top rank.
		ranks[0] = append(ranks[0], missed...)
		slices.Sort(ranks[0])
		codeTop += len(missed)
	}
	markup := htmlHeads >= 2 || opensLikeHTML(s.text)
	// A markdown heading stands alone; `# ` lines that come in runs are the
	// comments of a script, a Makefile or a config file.
	comments := !markup && fences < 2 && 4*mdPaired >= nheads
	if ((mdDeep >= 2 || fences >= 2) || markup) && !comments && nheads > 0 && nheads >= codeTop {
		return heads, true, true
	}
	for r, hs := range htmlRanks { // headings of a template among code
		if len(hs) > 0 {
			ranks[r] = append(ranks[r], hs...)
			slices.Sort(ranks[r])
		}
	}
	return ranks, false, len(ranks[0])+len(ranks[1])+len(ranks[2])+len(ranks[3]) > 0
}

// codeBlocks follows the HTML code blocks (codeTags) of outlineLines'
// lines. A minified bundle that opens a `<script>` in a string never
// closes it, and reading each of its lines of many kilobytes for
// `</script` cost most of what the outline row spends to decline it; yet
// only a heading or a declaration asks whether it stands in a block. So
// a line over lazyLineBytes, and every line after it, is marked as it
// passes and read for its tags only when a later line asks, all of those
// before it at once, in order; a shorter line with none marked before it
// is read as it passes, which costs less than marking it.
type codeBlocks struct {
	content func(int) string
	lines   int // the lines of the text
	// eager reads each line as it passes, as outlineLines once did: the
	// tests' reference for the lazy reading.
	eager      bool
	openedThen bool     // whether a block was open before the line last read as it passed
	pending    []uint64 // a bit for each line passed and not yet read, once one is
	npending   int
	from       int    // no line before from is pending
	open       string // the block open after the lines read, "" for none
}

// lazyLineBytes is the length from which codeBlocks leaves a line unread
// until asked.
const lazyLineBytes = 4 << 10

// after passes line i, whose content is l: the block open after it is
// the one open before it, changed by the tags it holds.
func (b *codeBlocks) after(i int, l string) {
	if b.eager || b.npending == 0 && len(l) <= lazyLineBytes {
		b.openedThen = b.open != ""
		if b.open != "" || strings.IndexByte(l, '<') >= 0 {
			b.read(l)
		}
		b.from = i + 1
		return
	}
	b.mark(i)
}

// mark leaves line i unread until asked; apart, so that after inlines.
func (b *codeBlocks) mark(i int) {
	if b.pending == nil {
		b.pending = make([]uint64, (b.lines+63)/64)
	}
	b.pending[i/64] |= 1 << (i % 64)
	b.npending++
}

// openBefore reports whether a code block is open before line i, the
// line last passed with after.
func (b *codeBlocks) openBefore(i int) bool {
	if b.from == i+1 {
		return b.openedThen // line i was read as it passed
	}
	return b.readBefore(i)
}

// readBefore reads the lines left unread before line i, and reports
// whether a block is open after them; apart, so that openBefore inlines.
func (b *codeBlocks) readBefore(i int) bool {
	for ; b.npending > 0 && b.from < i; b.from++ {
		if b.pending[b.from/64]>>(b.from%64)&1 != 0 {
			b.pending[b.from/64] &^= 1 << (b.from % 64)
			b.npending--
			b.read(b.content(b.from))
		}
	}
	return b.open != ""
}

// read updates the open block with line l.
func (b *codeBlocks) read(l string) {
	if b.open != "" {
		b.open = preBlockAfter(l, b.open)
	} else if strings.IndexByte(l, '<') >= 0 {
		b.open = preBlockAfter(l, "")
	}
}

// opensLikeHTML reports text that opens as an HTML or XML document.
func opensLikeHTML(text string) bool {
	t := strings.TrimLeft(text[:min(len(text), 256)], " \t\r\n")
	if len(t) < 5 || t[0] != '<' {
		return false
	}
	h := strings.ToLower(t[:5])
	return h == "<!doc" || h == "<html" || h == "<?xml"
}

// codeTags open the blocks of an HTML document that hold code, not its
// outline.
var codeTags = []string{"pre", "code", "script", "style", "textarea"}

// preBlockAfter returns the code block (a tag of codeTags) still open
// after line l, given the one open before it ("" for none): a block opens
// at "<pre" and closes at "</pre>", in any case. A tag quoted as markdown
// code (`<pre>`) opens none.
func preBlockAfter(l, open string) string {
	if !mayChangeBlock(l, open) {
		return open
	}
	return readBlocks(l, open)
}

// readBlocks is preBlockAfter reading the whole line, with no first look
// (mayChangeBlock) to skip it.
func readBlocks(l, open string) string {
	if strings.Contains(l, "\u0130") || strings.Contains(l, "\u212a") {
		// The two runes whose lower case is an ASCII letter (İ is i, the
		// Kelvin sign k): a tag may be spelled with them.
		l = strings.ToLower(l)
	}
	for {
		if open != "" {
			j := indexFoldASCII(l, "</"+open)
			if j < 0 {
				return open
			}
			l, open = l[j+2+len(open):], ""
			continue
		}
		j := strings.IndexByte(l, '<')
		if j < 0 {
			return ""
		}
		quoted := j > 0 && l[j-1] == '`'
		l = l[j+1:]
		for _, tag := range codeTags {
			if !quoted && len(l) > len(tag) && strings.EqualFold(l[:len(tag)], tag) && (l[len(tag)] == '>' || l[len(tag)] == ' ') {
				open = tag
				break
			}
		}
	}
}

// mayChangeBlock reports whether line l may open a code block (open is
// "") or close the block open: whether a '<' not quoted as markdown code
// is followed by a tag of codeTags and a '>' or a space, or a '<' by '/'
// and open, in either case of their ASCII letters or with a byte that
// may start İ or the Kelvin sign (preBlockAfter lowers those two runes
// to ASCII letters first). When it reports false, preBlockAfter's answer
// is open: a minified line holds a '<' in a hundred bytes, and each is
// told apart here by a few bytes after it, not by a call for every tag,
// after two reads of the whole line for the two runes.
func mayChangeBlock(l, open string) bool {
	for i := 0; ; {
		j := strings.IndexByte(l[i:], '<')
		if j < 0 {
			return false
		}
		j += i
		i = j + 1
		if open != "" {
			if j+1 < len(l) && l[j+1] == '/' && maySpell(l[j+2:], open) >= 0 {
				return true
			}
			continue
		}
		if j > 0 && l[j-1] == '`' {
			continue // quoted: opens nothing, lowered or not
		}
		for _, tag := range codeTags {
			switch n := maySpell(l[j+1:], tag); {
			case n == 0:
				return true
			case n > 0 && len(l) > j+1+n && (l[j+1+n] == '>' || l[j+1+n] == ' '):
				return true
			}
		}
	}
}

// maySpell reports how s may start with tag, whose letters are lower-case
// ASCII: len(tag) when its first bytes are tag in either case, 0 when a
// byte that may start İ or the Kelvin sign stands before they differ (a
// match of the lowered s, perhaps), and -1 when s does not start with tag.
func maySpell(s, tag string) int {
	for k := 0; k < len(tag); k++ {
		switch {
		case k >= len(s):
			return -1
		case s[k] == 0xc4 || s[k] == 0xe2:
			return 0
		case s[k]|0x20 != tag[k]:
			return -1
		}
	}
	return len(tag)
}

// indexFoldASCII returns where s first holds pat, which starts with '<',
// with ASCII letters compared in either case, or -1.
func indexFoldASCII(s, pat string) int {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], pat[0])
		if j < 0 {
			return -1
		}
		i += j
		if len(s)-i >= len(pat) && strings.EqualFold(s[i:i+len(pat)], pat) {
			return i
		}
		i++
	}
}

// mdHeading returns the level of an ATX heading (1-6 '#', a space, a
// word), or 0.
func mdHeading(l string) int {
	h := 0
	for h < len(l) && h < 7 && l[h] == '#' {
		h++
	}
	if h >= 1 && h <= 6 && h+1 < len(l) && l[h] == ' ' && l[h+1] != ' ' {
		return h
	}
	return 0
}

// leadsWithTag reports a line whose first non-blank byte opens a tag:
// HTML headings lead their line, and the test is cheaper than a search.
func leadsWithTag(l string) bool {
	j := 0
	for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
		j++
	}
	return j < len(l) && l[j] == '<'
}

// htmlHeadingRank ranks a line holding <title> or <h1>…<h6>: title, h1
// and h2 first, h3 next, h4 third, deeper ones last; 0 for none.
func htmlHeadingRank(l string) int {
	for i := strings.IndexByte(l, '<'); i >= 0 && i+2 < len(l); {
		c, d := l[i+1]|0x20, l[i+2]
		if c == 'h' && d >= '1' && d <= '6' && (i+3 == len(l) || l[i+3] == '>' || l[i+3] == ' ') {
			return min(outlineRanks, max(1, int(d-'0')-1))
		}
		if c == 't' && strings.HasPrefix(strings.ToLower(l[i+1:min(len(l), i+7)]), "title>") {
			return 1
		}
		j := strings.IndexByte(l[i+1:], '<')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return 0
}

// decorator matches what follows the @ of a decorator or annotation
// line: a dotted name, then nothing, its arguments, or a declaration on
// the same line (@Override public void run()). A Perl array (@names =
// split …) or a mail address is none.
func decorator(t string) bool {
	w := identEnd(t)
	for w > 0 && w < len(t) && t[w] == '.' {
		e := identEnd(t[w+1:])
		if e == 0 {
			break
		}
		w += 1 + e
	}
	if w == 0 {
		return false
	}
	rest := trimBlankRight(t[w:])
	return rest == "" || rest[0] == '(' || rest[0] == ' ' && isIdentByte(rest[1])
}

// podHeading reports a Perl POD heading, `=head1 NAME` to `=head4`.
func podHeading(t string) bool {
	return len(t) > 7 && strings.HasPrefix(t, "=head") && t[5] >= '1' && t[5] <= '4' && t[6] == ' '
}

// declModifiers may open a declaration before its keyword.
var declModifiers = []string{"export ", "default ", "pub ", "pub(crate) ", "pub(super) ", "async ", "static ", "public ", "private ",
	"protected ", "internal ", "abstract ", "final ", "override ", "virtual ", "inline ", "extern ", "unsafe ", "open ",
	"sealed ", "data ", "suspend ", "declare ", "readonly ", "synchronized "}

// declKeywords open a declaration.
var declKeywords = []string{"func ", "func(", "function ", "function*", "type ", "class ", "def ", "fn ", "impl ", "impl<", "struct ",
	"interface ", "enum ", "trait ", "const ", "var ", "let ", "mod ", "module ", "namespace ", "package ", "union ",
	"typedef ", "template<", "template <", "macro_rules!", "object ", "record ", "protocol ", "extension ", "sub ",
	"CREATE ", "create ", "local ", "instance ", "defstruct ", "defexception "}

// controlWords open statements, never declarations.
var controlWords = []string{"if", "for", "while", "switch", "catch", "return", "else", "do", "try", "with", "elif",
	"except", "case", "foreach", "until", "unless", "when", "match", "loop", "throw", "new", "delete", "await", "yield", "echo", "print"}

// sqlClauseWords open the clauses and statements of SQL, never a
// declaration: under `CREATE VIEW v AS`, `SELECT CAST(x AS t) AS c,` and
// `WHERE pg_has_role(o, 'USAGE')` are shaped as a C head (a type, a name,
// its parenthesis) but are the view's body; at the top level, `REVOKE …
// ON FUNCTION f() FROM PUBLIC;` names no new thing. Upper case only, as
// scripts write them: a C type or macro is never one of these words.
var sqlClauseWords = []string{"SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "CASE", "WHEN", "THEN", "ELSE", "END",
	"JOIN", "LEFT", "RIGHT", "INNER", "OUTER", "CROSS", "FULL", "ON", "USING", "GROUP", "ORDER", "HAVING", "UNION",
	"LIMIT", "OFFSET", "RETURNING", "VALUES", "SET", "INSERT", "UPDATE", "DELETE", "GRANT", "REVOKE", "AS", "WITH",
	"LATERAL", "EXISTS", "IN", "RETURN", "RETURNS", "LANGUAGE", "DEFAULT", "CHECK", "COMMENT"}

// sqlClauseWord reports a word of sqlClauseWords.
func sqlClauseWord(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	switch w { // a switch, as controlWord's: this runs on most lines of code
	case "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "CASE", "WHEN", "THEN", "ELSE", "END",
		"JOIN", "LEFT", "RIGHT", "INNER", "OUTER", "CROSS", "FULL", "ON", "USING", "GROUP", "ORDER", "HAVING", "UNION",
		"LIMIT", "OFFSET", "RETURNING", "VALUES", "SET", "INSERT", "UPDATE", "DELETE", "GRANT", "REVOKE", "AS", "WITH",
		"LATERAL", "EXISTS", "IN", "RETURN", "RETURNS", "LANGUAGE", "DEFAULT", "CHECK", "COMMENT":
		return true
	}
	return false
}

// typeKeywords declare types: their lines rank first.
var typeKeywords = []string{"class ", "struct ", "typedef ", "interface ", "trait ", "impl ", "impl<", "enum ", "namespace ",
	"module ", "object ", "record ", "protocol ", "union ", "extension ", "defmodule ", "defprotocol ", "defimpl ",
	"datatype "}

// namedTypeKeywords declare a type when a capitalised name follows them
// (Haskell's `data HashMap k v`, `newtype Parser a`); `data = load()`
// assigns, and Kotlin's `data class` is a modifier before a keyword.
var namedTypeKeywords = []string{"data ", "newtype "}

// funcKeywords declare functions: their lines rank second.
var funcKeywords = []string{"func ", "func(", "function ", "function*", "def ", "fn ", "sub ", "macro_rules!", "local function ", "proc ", "TEXT ", "TEXT\t",
	"defmacro ", "defguard ", "defdelegate ", "val ", "external ", "fun "}

// privateFuncKeywords declare functions private to their module (Elixir's
// defp): one level in they rank with the rest, after the public members.
var privateFuncKeywords = []string{"defp ", "defmacrop ", "defguardp "}

// declRank ranks a declaration line: 1 a type, 2 a function, 3 another
// top-level declaration, 4 a declaration one level in; 0 for none.
func declRank(l string) int {
	ind, level := indentOf(l)
	if level > 1 {
		return 0
	}
	t := l[ind:]
	if t == "" {
		return 0
	}
	in := func(r int) int {
		if level > 0 {
			return 4
		}
		return r
	}
	c := t[0]
	if c == '@' && decorator(t[1:]) || strings.HasPrefix(t, "#[") {
		return in(3) // a decorator, annotation or attribute
	}
	if level == 0 && c == '[' && iniSection(t) {
		return 3 // a TOML or INI section
	}
	if level == 0 && c == '#' && macroDefinition(t) {
		return 3 // a C macro with a value: a constant
	}
	if level == 0 && c == '=' && podHeading(t) {
		return 3 // a section of the Perl documentation inside the code
	}
	if level == 0 && c == '}' && typedefCloser(t) {
		return 3 // `} Elf64_Sym;`: a C typedef is named where it closes
	}
	if level == 0 && c == '-' {
		return attributeRank(t) // Erlang's -module(x). -record(state, {…}). -spec f(…) -> …
	}
	if level == 0 && c == '(' {
		if r := lispDefinitionRank(t); r > 0 {
			return r // (defun f (x) …), (defcustom v 4 …), (define (f x) …)
		}
	}
	if c == '(' && signature(t) {
		return in(2) // a Haskell operator's type signature: (.:) :: …
	}
	if !isIdentByte(c) {
		return 0
	}
	mods := 0
	for {
		k, n := declWord(t)
		switch k {
		case wordModifier:
			t = t[n:]
			mods++
			continue
		case wordType, wordNamedType:
			return in(1)
		case wordPrivateFunc:
			if level > 0 {
				return 3 // after the public members
			}
			return 2
		case wordFunc:
			if strings.HasPrefix(t, "fn ") && !strings.ContainsAny(t, "(<") {
				return 0 // a field named fn (fn  unsafe.Pointer), not a Rust function
			}
			return in(2)
		case wordGoType:
			if !strings.Contains(t, "=") {
				return in(1) // a Go type; a TypeScript alias (type X = …) ranks with constants
			}
			return in(3)
		case wordLocal:
			if level > 0 && mods == 0 {
				return 0 // a local variable
			}
			return in(3)
		case wordOther:
			return in(3)
		}
		break
	}
	w := identEnd(t)
	if w == 0 || controlWord(t[:w]) || sqlClauseWord(t[:w]) {
		return 0
	}
	rest := trimBlankRight(t[w:])
	switch {
	case signature(t):
		return in(2) // a Haskell type signature: insert :: k -> v -> …
	case level == 0 && clauseHead(t) && clauseArrow(rest):
		return 2 // an Erlang function clause: call(ServerRef, Request) ->
	case level == 0 && (rest == "()" || rest == " ()" || rest == "() {" || rest == " () {" || rest == "(){"):
		return 2 // a shell function: name() {
	case strings.HasPrefix(rest, "(") && level == 1 && strings.HasSuffix(rest, "{"):
		if callWithClosure(rest) {
			return 0 // a call taking a closure: systemstack(func() {, it('works', () => {
		}
		return 4 // a method: name(args) {
	case mods > 0:
		return in(3) // public/private/protected/static members
	}
	if cFunctionHead(t) && (level == 0 || !strings.HasSuffix(trimBlankRight(t), "(")) {
		return in(2) // a head whose parameters follow on the next lines only at the top level
	}
	return 0
}

// Kinds of the words that open declaration lines.
const (
	wordNone = iota
	wordModifier
	wordType
	wordFunc
	wordGoType
	wordLocal
	wordOther
	wordNamedType
	wordPrivateFunc
)

// A declPrefix is one entry of the word lists: what follows the word, and
// its kind.
type declPrefix struct {
	rest string
	kind int
}

// declWords indexes the word lists by their leading word, in precedence
// order, so a line costs one lookup (in declWordTable), not a hundred prefix
// tests.
var declWords = func() map[string][]declPrefix {
	m := map[string][]declPrefix{}
	add := func(list []string, kind func(string) int) {
		for _, e := range list {
			w := identEnd(e)
			m[e[:w]] = append(m[e[:w]], declPrefix{rest: e[w:], kind: kind(e)})
		}
	}
	add(namedTypeKeywords, func(string) int { return wordNamedType })
	add(declModifiers, func(string) int { return wordModifier })
	add(typeKeywords, func(string) int { return wordType })
	add(funcKeywords, func(string) int { return wordFunc })
	add(privateFuncKeywords, func(string) int { return wordPrivateFunc })
	add(declKeywords, func(e string) int {
		switch e {
		case "type ":
			return wordGoType
		case "let ", "var ", "const ", "local ":
			return wordLocal
		}
		return wordOther
	})
	return m
}()

// declFirstBytes marks the bytes a word of the lists starts with: most
// lines start with another, and skip the table.
var declFirstBytes = func() (b [256]bool) {
	for w := range declWords {
		if w != "" {
			b[w[0]] = true
		}
	}
	return b
}()

// declWordTable holds the words of declWords open-addressed by
// declWordHash, and declWordPrefixes each one's entries at its slot: a
// line's word is found with a hash of three of its bytes and a compare or
// two, not a map lookup hashing the whole word.
var declWordTable, declWordPrefixes = func() (t wordSlots, p [256][]declPrefix) {
	for _, w := range slices.Sorted(maps.Keys(declWords)) {
		if w != "" {
			p[t.place(w, declWordHash(w))] = declWords[w]
		}
	}
	return t, p
}()

// declWordHash places a non-empty word in declWordTable.
func declWordHash(w string) int {
	return (int(w[0])*31 + int(w[len(w)-1])*7 + len(w)) & 255
}

// declPrefixes returns declWords[w] from declWordTable.
func declPrefixes(w string) []declPrefix {
	if w == "" {
		return nil
	}
	if k := declWordTable.find(w, declWordHash(w)); k >= 0 {
		return declWordPrefixes[k]
	}
	return nil
}

// declWord returns the kind of the word list entry t starts with, and its
// length.
func declWord(t string) (kind, n int) {
	if t == "" || !declFirstBytes[t[0]] {
		return wordNone, 0
	}
	w := identEnd(t)
	for _, p := range declPrefixes(t[:w]) {
		n := w + len(p.rest)
		switch {
		case strings.HasPrefix(t[w:], p.rest):
		case bangDecl(t[w:], p.rest):
			n++ // Vim script's `function! Name(…)`: the word, forced
		default:
			continue
		}
		if n < len(t) && (t[n] == '=' || strings.HasPrefix(t[n:], ":=")) {
			continue // a variable named like the word: instance = Foo(), val := x
		}
		if p.kind == wordNamedType && (n == len(t) || t[n] < 'A' || t[n] > 'Z') {
			continue
		}
		return p.kind, n
	}
	return wordNone, 0
}

// bangDecl reports whether rest, what follows a declaration word, is
// the `!` that forces it and then what the word's list entry wants after
// it, a space: Vim script's `function!` and `command!` redefine what
// they declare. A bare `!` after a word is no declaration (`fn!(…)`, a
// macro call), nor is one that a word's entry has no space after.
func bangDecl(rest, want string) bool {
	return len(rest) > 1 && rest[0] == '!' && strings.HasPrefix(want, " ") && strings.HasPrefix(rest[1:], want)
}

// attributeRanks rank the module attributes that open a line with a dash
// at column 0 (Erlang's): the module and its types first, the callbacks
// a behaviour asks for with them, then exports, specs and macros.
var attributeRanks = map[string]int{"module": 1, "record": 1, "type": 1, "opaque": 1, "callback": 1,
	"export": 3, "export_type": 3, "spec": 3, "define": 3, "behaviour": 3, "behavior": 3}

// attributeRank ranks t, a line that opens with '-', by attributeRanks
// when a word of it and '(' or a space follow the dash; else 0.
func attributeRank(t string) int {
	w := identEnd(t[1:])
	if w == 0 || 1+w == len(t) || t[1+w] != '(' && t[1+w] != ' ' {
		return 0
	}
	return attributeRanks[t[1:1+w]]
}

// lispDefinitionRank ranks t, a line that opens with '(' in the first
// column: a Lisp family's top-level definition is a form whose head word
// is a definer (defun, defmacro, defvar, defcustom, defn, define,
// define-derived-mode, cl-defun, defclass…: lispDefinitions), a name after
// it. Classes, records, modes and user options rank as types, forms that
// define functions as functions, the rest (variables, constants, groups)
// as other declarations. 0 for any other form.
func lispDefinitionRank(t string) int {
	w := 1
	for w < len(t) && (isIdentByte(t[w]) || t[w] == '-' || t[w] == ':' || t[w] == '*' || t[w] == '!') {
		w++
	}
	head := t[1:w]
	if _, after, ok := strings.Cut(head, ":"); ok {
		head = after // a package's prefix: (cl:defun …)
	}
	head = strings.TrimPrefix(head, "cl-")
	if w+1 >= len(t) || t[w] != ' ' || t[w+1] == ' ' || t[w+1] == ')' {
		return 0
	}
	if r, ok := lispDefinitions[head]; ok {
		return r
	}
	if head == "define" || head == "define-syntax" {
		return 2
	}
	if strings.HasPrefix(head, "define-") {
		if strings.HasSuffix(head, "-mode") {
			return 1 // define-derived-mode, define-minor-mode, define-compilation-mode…
		}
		return 3 // define-key, define-abbrev-table…
	}
	return 0
}

// lispDefinitions rank the heads of Lisp definitions besides define and
// define-syntax (functions), define-…-mode (a mode, as a type) and the
// other define-… (the rest): 1 for what a package is made of as a type
// is — its classes and records, and the options a user sets
// (defcustom) —, 2 for functions, 3 for the rest; a head not listed
// ((default-value …), (defer …)) is no definition.
var lispDefinitions = map[string]int{
	"defclass": 1, "defstruct": 1, "deftype": 1, "defrecord": 1, "defprotocol": 1, "define-record-type": 1,
	"defcustom": 1,
	"defun":     2, "defmacro": 2, "defsubst": 2, "defmethod": 2, "defgeneric": 2, "defn": 2, "defn-": 2, "defadvice": 2, "defalias": 2,
	"defvar": 3, "defvar-local": 3, "defconst": 3, "defconstant": 3, "defparameter": 3, "defface": 3, "defgroup": 3,
	"defpackage": 3, "defmulti": 3, "defonce": 3, "deftest": 3, "defsystem": 3, "defimage": 3, "defkeymap": 3,
}

// signature matches a type signature on its own line, a name (or names,
// or an operator in parentheses) before " :: " — Haskell's
// `insert :: (Eq k, Hashable k) => k -> v -> HashMap k v -> HashMap k v`,
// `(.:) :: …`. A name that starts with a capital is a constructor's
// field, not a signature.
func signature(t string) bool {
	for {
		switch {
		case t != "" && t[0] == '(':
			e := strings.IndexByte(t, ')')
			if e < 2 || strings.ContainsAny(t[1:e], " \t\"'") {
				return false
			}
			t = t[e+1:]
		case t != "" && (t[0] == '_' || t[0] >= 'a' && t[0] <= 'z'):
			w := identEnd(t)
			for w < len(t) && t[w] == '\'' {
				w++
			}
			t = t[w:]
		default:
			return false
		}
		if rest, ok := strings.CutPrefix(t, ", "); ok {
			t = rest // foo, bar :: Int
			continue
		}
		return strings.HasPrefix(t, " ::") && (strings.HasPrefix(t, " :: ") || trimBlankRight(t) == " ::")
	}
}

// clauseHead matches the start of an Erlang function clause: a name in
// lower case, then its arguments.
func clauseHead(t string) bool {
	w := identEnd(t)
	return w > 0 && t[0] >= 'a' && t[0] <= 'z' && w < len(t) && t[w] == '('
}

// clauseHeadSplit reports whether the clause head that starts line i
// closes on one of the next few lines, each indented: `loop_receive(` over
// its arguments and `) ->`, or `call_clean(ServerRef, Request, Timeout, T)`
// over its guard `when …  ->`.
func clauseHeadSplit(content func(int) string, i, n int) bool {
	if l := trimBlankRight(content(i)); strings.HasSuffix(l, ".") || strings.HasSuffix(l, ";") {
		return false // a statement
	}
	for j := i + 1; j < n && j <= i+8; j++ {
		l := trimBlankRight(content(j))
		if l == "" || l[0] != ' ' && l[0] != '\t' || strings.HasSuffix(l, ".") || strings.HasSuffix(l, ";") {
			return false
		}
		if clauseArrow(l) {
			return true
		}
	}
	return false
}

// clauseArrow reports the rest of a clause head's line that closes the
// head: `) ->`, a guard's `) when`, or an arrow ending the line. A call
// (`setup(`, `main()`) has none.
func clauseArrow(rest string) bool {
	return strings.HasSuffix(rest, "->") || strings.Contains(rest, ") ->") || strings.Contains(rest, ") when ")
}

// controlWord reports a word that opens a statement, never a declaration.
func controlWord(w string) bool {
	switch w { // a switch, not a loop over controlWords: this runs on every line
	case "if", "for", "while", "switch", "catch", "return", "else", "do", "try", "with", "elif",
		"except", "case", "foreach", "until", "unless", "when", "match", "loop", "throw", "new", "delete", "await", "yield", "echo", "print":
		return true
	}
	return false
}

// cFunctionSplitHead matches the first line of a C function head written
// GNU style, its name at the start of the line and its type on the line
// before, or K&R style: "name(args)" at most one level in. The head is
// one when the next line is "{".
func cFunctionSplitHead(l string) bool {
	if len(l) == 0 || l[len(l)-1] != ')' && l[len(l)-1] != ' ' && l[len(l)-1] != '\t' && l[len(l)-1] != '\r' {
		return false
	}
	ind, level := indentOf(l)
	if level > 1 {
		return false
	}
	t := l[ind:]
	w := identEnd(t)
	if w == 0 || controlWord(t[:w]) {
		return false
	}
	rest := t[w:]
	if strings.HasPrefix(rest, " (") {
		rest = rest[1:]
	}
	if !strings.HasPrefix(rest, "(") {
		return false
	}
	return strings.HasSuffix(trimBlankRight(rest), ")")
}

// cFunctionHead matches a C-style function head at the top level: a type
// and a name, then '(', with only type characters before it, and the line
// ending as a head or prototype does.
func cFunctionHead(t string) bool {
	p := strings.IndexByte(t, '(')
	if p <= 0 || !isIdentByte(t[p-1]) || strings.IndexByte(t[:p], ' ') < 0 {
		return false
	}
	if w := t[:identEnd(t)]; w == "defer" || w == "go" || strings.HasSuffix(t[:p], " func") || strings.HasSuffix(t[:p], " function") {
		return false // a statement running a closure: defer func() {, go func() {
	}
	for i := 0; i < p; i++ {
		if c := t[i]; !isIdentByte(c) && !strings.ContainsRune(" *&:<>,~", rune(c)) {
			return false
		}
	}
	if strings.Count(t[:p], " ") > 5 {
		return false
	}
	e := trimBlankRight(t)
	last := e[len(e)-1]
	return last == '{' || last == ')' || last == ';' || last == ',' || last == '('
}

// typedefCloser matches the line that closes a C typedef and names it:
// `} Name;`, `} Name, *PName;`.
func typedefCloser(t string) bool {
	rest, ok := strings.CutPrefix(t, "} ")
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, " \t")
	w := identEnd(rest)
	if w == 0 {
		return false
	}
	rest = trimBlankRight(rest[w:])
	return rest == ";" || strings.HasPrefix(rest, ", ") && strings.HasSuffix(rest, ";")
}

// macroDefinition matches "#define NAME value" or "#define NAME(args)
// body": a macro that defines something, not an include guard or a flag.
func macroDefinition(t string) bool {
	rest, ok := strings.CutPrefix(t, "#define ")
	if !ok {
		return false
	}
	w := identEnd(rest)
	if w == 0 || w == len(rest) {
		return false
	}
	if rest[w] == '(' {
		return true
	}
	return strings.TrimSpace(rest[w:]) != ""
}

// callWithClosure reports a parenthesised rest of a line that passes a
// closure or a literal (func(, function(, =>, a quote): a call, not the
// parameters of a method head.
func callWithClosure(rest string) bool {
	return strings.Contains(rest, "func(") || strings.Contains(rest, "function") || strings.Contains(rest, "=>") ||
		strings.ContainsAny(rest, "\"'`")
}

// iniSection matches "[name]", "[a.b]", "[[name]]" or `[section "x"]`.
func iniSection(t string) bool {
	t = trimBlankRight(t)
	if len(t) < 3 || len(t) > 80 || t[len(t)-1] != ']' {
		return false
	}
	for i := 1; i < len(t)-1; i++ {
		c := t[i]
		if !isIdentByte(c) && c != '.' && c != '-' && c != '"' && c != ' ' && c != '[' && c != ']' {
			return false
		}
	}
	return isIdentByte(strings.TrimLeft(t, "[ ")[0]) || t[1] == '"'
}

// indentOf returns the width of l's leading white space and its level: 0
// for none, 1 for one tab or 1-4 spaces, 2 for more.
func indentOf(l string) (width, level int) {
	tabs, spaces := 0, 0
	for width < len(l) && (l[width] == ' ' || l[width] == '\t') {
		if l[width] == '\t' {
			tabs++
		} else {
			spaces++
		}
		width++
	}
	switch {
	case width == 0:
		return 0, 0
	case tabs+spaces/4 <= 1 && spaces <= 4 && !(tabs == 1 && spaces > 0):
		return width, 1
	}
	return width, 2
}

// isIdentByte reports a byte of an identifier: an ASCII letter or digit,
// '_' or '$'.
func isIdentByte(c byte) bool { return identBytes[c] }

// identBytes marks the bytes of identifiers: one load, where five range
// tests cost a tenth of the outline planner (identEnd runs on every line).
var identBytes = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	return t
}()

// identEnd returns the length of the identifier that starts t.
func identEnd(t string) int {
	i := 0
	for i < len(t) && isIdentByte(t[i]) {
		i++
	}
	return i
}

// Shares of the room (in %) the head and the tail get before the
// declarations; what the declarations leave goes to both after.
const (
	outlineHeadShare = 15
	outlineTailShare = 7
)

// typeShare caps (in %) the room types take before functions: a file of
// a hundred types still shows its functions.
const typeShare = 40

// leadKept is how many lines with words of an opening comment block (a
// licence, a file banner: its first lines name the file's project) the
// head keeps before it skips to the first code line.
const leadKept = 2

// hasLetter reports whether l holds a letter.
func hasLetter(l string) bool {
	for i := 0; i < len(l); i++ {
		if c := l[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// pickOutline keeps a head (an opening comment block's first lines, then
// the first lines of code), a tail, the declarations rank by rank, each
// spread evenly over the whole text when not all of it fits, and then
// grows the head and the tail. In code, the top-level declarations come
// first — types (at most typeShare of the room), functions, then the rest
// of the types — so an even spread of them over the whole file always
// shows; members one level in and const/var blocks get what they leave.
// In a document, headings by level: h1/h2 (# and ##) over the whole
// document first, then h3, and so on.
func pickOutline(s *lineSel, ranks [outlineRanks][]int, leads declLeads, content func(int) string, doc bool, preamble int) {
	const lineCap, declCap = 300, 200
	n := s.n()
	limit := s.room()
	lead := max(leadComment(s, content), preamble)
	head, tail := 0, n-1
	if lead > leadKept+2 && lead < n {
		for worded := 0; head < lead && worded < leadKept; head++ {
			if hasLetter(s.line(head)) {
				worded++
			}
			s.pickCapped(head, lineCap)
		}
		head = lead
	}
	// The head is the first lines of code: in code, the comment blocks
	// between them are skipped (a header's version macros sit under a
	// page of documentation).
	inBlock := false
	// In a text cut by three times or more, a run of alike statements
	// (an import list a statement a line) keeps its first lines, as a
	// long indented block does; cut by less, the head shows them as a
	// clip would.
	cutMuch := len(s.text) >= 3*s.limit
	freed := 0 // what the alike runs the head cut would have taken
	// In code the head ends at the first type or function (the spread
	// shows them) after the one that opens the file, if one does: the
	// lines under `defprotocol Enumerable do` say what it is.
	firstDecl := n
	for _, r := range ranks[:2] {
		if k, _ := slices.BinarySearch(r, head+1); k < len(r) && !doc {
			firstDecl = min(firstDecl, r[k])
		}
	}
	for head <= firstDecl && head < n && s.used+min(s.size(head), lineCap) <= s.limit-limit*(100-outlineHeadShare)/100 {
		if !doc && head >= lead {
			var comment bool
			if comment, inBlock = commentLine(content(head), inBlock); comment {
				head++
				continue
			}
			end := indentedRunEnd(s, content, head)
			if end == head && cutMuch {
				end = min(alikeRunEnd(s, content, head), max(firstDecl, head))
				for j := head + headRunKept; j < end; j++ {
					freed += min(s.size(j), lineCap) + s.gapCost
				}
			}
			if end-head > headRunKept {
				// A long indented block (an import list, a var block):
				// its first lines, then on to the next top-level line.
				for k := 0; k < headRunKept && s.pickCapped(head, lineCap); k++ {
					head++
				}
				head = end
				continue
			}
		}
		if !s.pickCapped(head, lineCap) {
			break
		}
		head++
	}
	if firstDecl < n && s.isKept(firstDecl) && firstChild(content, firstDecl, n) {
		s.pickCapped(firstDecl+1, lineCap) // what the type the head ends at holds first
	}
	tailTo := s.used + limit*outlineTailShare/100
	for tail > head && s.used+min(s.size(tail), lineCap) <= tailTo {
		if !s.pickCapped(tail, lineCap) {
			break
		}
		tail--
	}
	w := declWeights(s, ranks, leads, content)
	if doc {
		for _, r := range ranks {
			pickHeaviest(s, r, w, leads, nil, 0, declCap, s.limit)
		}
	} else {
		alike := alikeDecls(ranks, w, content)
		later := make(map[int]bool, len(alike))
		for _, i := range alike {
			later[i] = true
		}
		pickHeaviest(s, ranks[0], w, leads, later, freed, declCap, s.used+s.room()*typeShare/100)
		pickHeaviest(s, ranks[1], w, leads, later, freed, declCap, s.limit)
		for _, r := range []int{0, 3, 2} { // the types left, then members, then the rest
			pickHeaviest(s, ranks[r], w, leads, later, freed, declCap, s.limit)
		}
		pickWhileRoom(s, alike, leads, declCap, s.limit)
		pickContinuations(s, ranks, content, declCap)
	}
	pickFirstChildren(s, ranks, content, declCap)
	// Room left: the head grows to the next gap, then head and tail take
	// turns.
	for head <= tail {
		grew := false
		if s.pickCapped(head, lineCap) {
			head++
			grew = true
		}
		if tail >= head && s.room() > s.limit/3 && s.pickCapped(tail, lineCap) {
			tail--
			grew = true
		}
		if !grew {
			break
		}
	}
}

// continuationOpenings open an indented line that goes on with the
// declaration above it: a Haskell data type's constructors (`= Empty`,
// `| Leaf !Hash !(Leaf k v)`), the rest of a signature (`=> Options ->
// Value -> Parser a`), a return type on its own line.
var continuationOpenings = []string{"= ", "| ", "=> ", "-> ", ":: "}

// opensParameters reports a declaration whose parameter list goes on
// below it (`function execute(`, `func New(`): the lines up to the one
// that closes it say what it takes.
func opensParameters(l string) bool {
	l = trimBlankRight(l)
	return strings.HasSuffix(l, "(")
}

// continuationMax bounds the lines that continue one declaration.
const continuationMax = 8

// pickContinuations keeps, while there is room, the lines that continue
// each kept declaration (see continuationOpenings), types first: a type
// that fits whole says more than a longer head.
func pickContinuations(s *lineSel, ranks [outlineRanks][]int, content func(int) string, lineCap int) {
	for _, r := range []int{0, 1, 3, 2} {
		for _, i := range ranks[r] {
			if !s.isKept(i) {
				continue
			}
			open := opensParameters(content(i))
			for j := i + 1; j < s.n() && j <= i+continuationMax && (open || continues(content(j))); j++ {
				if !s.pickCapped(j, lineCap) {
					return
				}
				if open && strings.Contains(content(j), ")") {
					break // the parameter list closes here
				}
			}
		}
	}
}

// pickFirstChildren keeps, while there is room, the first line inside
// each kept declaration that opens a block (`defmodule Enum do`, a YAML
// key with nothing after its colon): what the block holds first (an
// import, a key's first field or item) says what it is, where the
// declaration alone names it. Types first, as pickContinuations.
func pickFirstChildren(s *lineSel, ranks [outlineRanks][]int, content func(int) string, lineCap int) {
	for _, r := range []int{0, 1, 3, 2} {
		for _, i := range ranks[r] {
			if !s.isKept(i) || i+1 >= s.n() || s.isKept(i+1) {
				continue // the last line has no child, nor a bit past it
			}
			if !firstChild(content, i, s.n()) {
				continue
			}
			if !s.pickCapped(i+1, lineCap) {
				return
			}
		}
	}
}

// firstChildLeads makes each declaration of types (the first rank) that
// opens a block go with the block's first line (see pickFirstChildren):
// a YAML key's first line under it is kept when the key is.
func firstChildLeads(types []int, content func(int) string, n int, leads declLeads) declLeads {
	for _, i := range types {
		if !firstChild(content, i, n) {
			continue
		}
		if leads == nil {
			leads = declLeads{}
		}
		leads[i] = append(leads[i], i+1)
	}
	return leads
}

// firstChild reports a declaration line i that opens a block whose first
// line, the next, is indented deeper.
func firstChild(content func(int) string, i, n int) bool {
	if i+1 >= n {
		return false
	}
	l, next := content(i), content(i+1)
	w, _ := indentOf(l)
	wn, _ := indentOf(next)
	return declOpensBlock(l) && wn > w && wn < len(trimBlankRight(next))
}

// declOpensBlock reports a declaration line that ends by opening a block:
// a colon, `do` or a brace.
func declOpensBlock(l string) bool {
	t := trimBlankRight(l)
	return strings.HasSuffix(t, ":") || strings.HasSuffix(t, " do") || strings.HasSuffix(t, "{")
}

// continues reports an indented line that opens with a continuation.
func continues(l string) bool {
	w, _ := indentOf(l)
	if w == 0 {
		return false
	}
	for _, p := range continuationOpenings {
		if strings.HasPrefix(l[w:], p) {
			return true
		}
	}
	return false
}

// pickSpread keeps the lines of idx while the output stays within to
// bytes: all of them when they fit, else as many as fit spread evenly
// over them.
func pickSpread(s *lineSel, idx []int, lineCap, to int) {
	to = min(to, s.limit)
	var todo []int
	cost := 0
	for _, i := range idx {
		if !s.isKept(i) {
			todo = append(todo, i)
			cost += min(s.size(i), lineCap+cutNoteMax) + s.gapCost
		}
	}
	if len(todo) == 0 || to <= s.used {
		return
	}
	k := len(todo)
	if cost > to-s.used {
		k = len(todo) * (to - s.used) / cost
	}
	for _, j := range spread(0, len(todo), k) {
		if to < s.limit && s.used+min(s.size(todo[j]), lineCap+cutNoteMax)+s.gapCost > to {
			continue
		}
		s.pickCapped(todo[j], lineCap)
	}
	// What the spread left room for.
	pickWhileRoom(s, todo, nil, lineCap, to)
}

// spreadShare is the share (in %) of the declarations that fit which
// pickHeaviest spreads evenly before it takes the heaviest.
const spreadShare = 25

// declWeights weighs each declaration line of ranks by how much of the
// file it stands for: its body (the lines up to the next declaration
// indented no deeper) and the comment lines right above it (its
// documentation), or above its signature, and the signature's lines. The
// big declarations are what a file is about; a budget too small for all
// of them shows those first.
func declWeights(s *lineSel, ranks [outlineRanks][]int, leads declLeads, content func(int) string) declWeightsOf {
	all := slices.Compact(mergedDecls(ranks))
	w := declWeightsOf{lines: all, weights: make([]int, len(all))}
	type open struct{ at, width int } // at: the declaration's index in all
	var stack []open                  // declarations whose body has not ended yet
	for k := 0; k <= len(all); k++ {
		i, width := s.n(), 0
		if k < len(all) {
			i = all[k]
			width, _ = indentOf(content(i))
		}
		for len(stack) > 0 && stack[len(stack)-1].width >= width {
			top := stack[len(stack)-1]
			w.weights[top.at] += i - all[top.at]
			stack = stack[:len(stack)-1]
		}
		if k < len(all) {
			stack = append(stack, open{k, width})
			if js := leads[i]; len(js) > 0 && js[0] < i {
				w.weights[k] += i - js[0] + docLines(content, js[0])
			} else {
				w.weights[k] += docLines(content, i)
			}
		}
	}
	names := exportedNames(content, s.n())
	for k, i := range all {
		l := content(i)
		if p := privateLevel(l); p > 0 {
			w.weights[k] /= 1 + 1*p
		}
		if exported(l, names) {
			w.weights[k] += exportedWeight
		}
	}
	return w
}

// exportedWeight is added to the weight of a declaration the file
// exports (see exportedNames and publicWords): what a reader of the file
// calls comes before its private helpers, however big they are.
const exportedWeight = 1 << 20

// declWeightsOf holds the weights of declWeights: weights[k] is the weight
// of declaration line lines[k], lines sorted and without duplicates (a
// slice, not a map: pickHeaviest reads it once a line, not once a
// comparison of its sort).
type declWeightsOf struct {
	lines, weights []int
}

// of returns the weight of line i, 0 when it is no declaration.
func (w declWeightsOf) of(i int) int {
	if k, ok := slices.BinarySearch(w.lines, i); ok {
		return w.weights[k]
	}
	return 0
}

// body returns the weight of line i without exportedWeight: what its
// body and documentation weigh.
func (w declWeightsOf) body(i int) int { return w.of(i) % exportedWeight }

// docLines counts the comment lines right above line i.
func docLines(content func(int) string, i int) int {
	k := 0
	for j := i - 1; j >= 0 && i-j <= 200; j-- {
		l := content(j)
		if c, _ := commentLine(l, false); !c && strings.TrimSpace(l) != "*/" {
			break
		}
		k++
	}
	return k
}

// pickHeaviest keeps the lines of idx while the output stays within to
// bytes: all of them when they fit, else the heaviest first (by w), each
// where it fits, each with its lead.
func pickHeaviest(s *lineSel, idx []int, w declWeightsOf, leads declLeads, later map[int]bool, freed, lineCap, to int) {
	to = min(to, s.limit)
	var todo []int
	for _, i := range idx {
		if !s.isKept(i) {
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 || to <= s.used {
		return
	}
	cost := 0
	for _, i := range todo {
		cost += leads.cost(s, i, lineCap)
	}
	if cost > to-s.used {
		// A quarter of the lines that fit spread evenly over the file, so
		// each part of it shows; the heaviest of the rest after.
		k := len(todo) * max(to-s.used-freed, 0) / cost * spreadShare / 100
		for _, j := range spread(0, len(todo), k) {
			if later[todo[j]] {
				continue
			}
			if to < s.limit && s.used+leads.cost(s, todo[j], lineCap) > to {
				continue
			}
			leads.pick(s, todo[j], lineCap)
		}
	}
	if len(later) > 0 {
		todo = slices.DeleteFunc(todo, func(i int) bool { return later[i] })
	}
	heaviestFirst(todo, w)
	pickWhileRoom(s, todo, leads, lineCap, to)
}

// heaviestFirst orders the declaration lines of todo by weight, the
// heaviest first, as a stable sort would: two of one weight in todo's
// order. When todo is in input order, as it most often is, the sort is
// of one integer each — the weight's complement over the line — not a
// stable sort's merges of pairs (a fifth of the planner on a 10 MB file).
func heaviestFirst(todo []int, w declWeightsOf) {
	keys := make([]uint64, len(todo))
	for k, i := range todo {
		wi := w.of(i)
		if i >= 1<<32 || wi >= 1<<32 || k > 0 && i <= todo[k-1] {
			keys = nil
			break
		}
		keys[k] = uint64(^uint32(wi))<<32 | uint64(i)
	}
	if keys != nil {
		slices.Sort(keys)
		for k, key := range keys {
			todo[k] = int(uint32(key))
		}
		return
	}
	type weighed struct{ line, w int }
	byWeight := make([]weighed, len(todo))
	for k, i := range todo {
		byWeight[k] = weighed{i, w.of(i)}
	}
	slices.SortStableFunc(byWeight, func(a, b weighed) int { return b.w - a.w })
	for k, e := range byWeight {
		todo[k] = e.line
	}
}

// pickWhileRoom keeps the lines of todo in its order while they fit under
// to (the limit when to is it), each cut at lineCap and with its lead; 64
// misses in a row mean the room is spent (each try prices its gap notes,
// and a 10 MB file has 100,000 declarations).
func pickWhileRoom(s *lineSel, todo []int, leads declLeads, lineCap, to int) {
	misses := 0
	for _, i := range todo {
		if misses >= 64 {
			break
		}
		if s.isKept(i) {
			continue
		}
		if to < s.limit && s.used+leads.cost(s, i, lineCap) > to || !leads.pick(s, i, lineCap) {
			misses++
			continue
		}
		misses = 0
	}
}
