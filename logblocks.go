package headroom

import (
	"strings"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
)

// scanLog splits text into classified lines. Classification looks at a
// view without ANSI escapes and trailing '\r'; the bytes stay verbatim.
// Escapes, pytest's summary heading and the first bytes of the infix
// rules are searched for a window of lines at a time, not line by line:
// most lines have none.
func scanLog(text string) logLines {
	lines := newLogLines(text)
	var scratch []byte
	esc := textFinder{index: indexEscape}
	info := textFinder{index: indexSummaryInfo, overlap: len(summaryInfo) - 1}
	lead := textFinder{index: indexInfixLead}
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		view := text[start:end]
		if end > start && view[len(view)-1] == '\r' {
			view = view[:len(view)-1]
		}
		var class, open uint8
		if esc.in(text, start, end) {
			scratch = txt.StripANSI(scratch[:0], view)
			class, open = classifyFull(string(scratch), strings.Contains(string(scratch), summaryInfo))
		} else {
			class, open = classifyHinted(view, info.in(text, start, end), lead.in(text, start, end))
		}
		lines.add(end, class, open)
		start = next
	}
	lines.finish()
	return lines
}

// A textFinder tells, line after line, whether a line holds a string that
// most lines do not (an escape, pytest's summary heading), searching the
// text ahead of the lines a window at a time: each byte is searched about
// once, while it is still in the cache for the lines that read it next,
// not in a pass over the whole text first.
type textFinder struct {
	index   func(string) int // where the string first starts in a text, or -1
	overlap int              // the string's length less one: a search stopped at a window's end goes on that far back
	at      int              // where the string starts next if found, else where the search goes on
	found   bool
	window  int // how far ahead of a line it searches at once, above overlap; 0 means findWindow
}

// findWindow is how far ahead of a line a textFinder searches at once.
const findWindow = 16 << 10

// in reports whether the string starts in text[start:end], a line that
// follows the one asked about before (the string holds no line break).
// Most lines end before where the string starts next, or where the search
// goes on: one comparison, inlined, says so.
func (f *textFinder) in(text string, start, end int) bool {
	return f.at < end && f.search(text, start, end)
}

// search is in past its first comparison.
func (f *textFinder) search(text string, start, end int) bool {
	for f.at < end && (!f.found || f.at < start) {
		from := max(f.at, start)
		window := f.window
		if window == 0 {
			window = findWindow
		}
		stop := min(len(text), max(end, from+window))
		switch i := f.index(text[from:stop]); {
		case i >= 0:
			f.at, f.found = from+i, true
		case stop == len(text):
			f.at, f.found = stop, false
		default:
			f.at, f.found = stop-f.overlap, false
		}
	}
	return f.found && f.at >= start && f.at < end
}

// nextAt returns where index next finds its string in text at or after
// start, given where it was last found (at, -1 at first), or len(text) if
// it does not. Each byte of text is searched at most once.
func nextAt(text string, start, at int, index func(string) int) int {
	if at >= start {
		return at
	}
	if i := index(text[start:]); i >= 0 {
		return start + i
	}
	return len(text)
}

func indexEscape(text string) int { return strings.IndexByte(text, 0x1b) }

// indexSummaryInfo returns where summaryInfo first occurs in text, or -1.
// It looks for the heading's rarest letter in logs, the 'y' of "summary",
// and checks the heading around it: strings.Index would stop at every
// 's', one byte in thirty.
func indexSummaryInfo(text string) int {
	const at = len("short test summar")
	for from := at; from < len(text); {
		k := strings.IndexByte(text[from:], 'y')
		if k < 0 {
			return -1
		}
		// The bytes after the 'y' first ("summary info"): most 'y's end
		// a word that no " i" follows, and are turned away in two loads.
		if y := from + k; y+2 < len(text) && text[y+1] == ' ' && text[y+2] == 'i' && strings.HasPrefix(text[y-at:], summaryInfo) {
			return y - at
		}
		from += k + 1
	}
	return -1
}

// mayOpenBlock marks the flags (see logLines) of the lines that may open
// a block: an error line, or an indented line with a failure word. One
// read of the flags turns away the trace lines that make most of a log.
var mayOpenBlock = func() (t [256]bool) {
	for f := range t {
		c, open := uint8(f)&classMask, uint8(f)&openMask>>classBits
		t[f] = c == lineError || c == lineTrace && open == openCodeFailDetail
	}
	return t
}()

// countFlags returns how many lines have flags that t marks: one read of
// the flags, for a count by class and block.
func (ls logLines) countFlags(t *[256]bool) int {
	return ls.flags.count(t)
}

// opensBlock reports whether line i starts an error block: an error line,
// or an indented line with a failure word right under a header that is
// no one's detail (eslint's path line above its `12:5  error …` entries).
// blocks are the blocks formed so far, in order: a line the last does not
// reach is in none, so that one is compared, not searched for.
func opensBlock(lines logLines, blocks []logBlock, i int) bool {
	c := lines.class(i)
	if c != lineError && (c != lineTrace || lines.open(i) != blockFailDetail) || len(blocks) > 0 && int(blocks[len(blocks)-1].last) >= i && blockAt(blocks, i) >= 0 {
		return false
	}
	if c == lineError {
		return !inWarningBody(lines, i)
	}
	p := i - 1
	for p >= 0 && lines.class(p) == lineBlank && i-p < 3 {
		p--
	}
	return p >= 0 && lines.class(p) == lineOther && blockAt(blocks, p) < 0 || p < 0
}

// inWarningBody reports whether line i, indented, is told inside the
// body of a warning: the indented lines above it, with no blank line
// between, go up to a warning in its first column. GHC's -Wunsafe
// warning gives its reasons as `file:L:C: error:` lines indented under
// `Reason:`; they are what the warning says, not failures of their own.
func inWarningBody(lines logLines, i int) bool {
	if !isIndented(lines.line(i)) {
		return false
	}
	for p := i - 1; p >= 0 && i-p <= warningBodyMax; p-- {
		c := lines.class(p)
		if c == lineBlank {
			return false
		}
		// A line not blank holds more than white space: its first byte
		// says whether it is indented, without reading the rest.
		if l := lines.line(p); l[0] != ' ' && l[0] != '\t' {
			return c == lineWarning
		}
	}
	return false
}

// warningBodyMax bounds how far up inWarningBody looks for a warning.
const warningBodyMax = 64

// formBlocks groups each error line with the lines its block holds: its
// trace (the shape of the block is its rule's: a Go panic runs until the
// runner's next word, a pytest section until the next section, a race
// report to its closing rule, anything else while lines are trace-shaped),
// and the lines above it that belong to it (go test's report before its
// --- FAIL line, the rule that opens a race report).
func formBlocks(lines logLines, text string) []logBlock {
	// The lines that may open a block: room for the blocks at once, not a
	// slice grown by doubling.
	blocks := make([]logBlock, 0, lines.countFlags(&mayOpenBlock))
	line := func(i int) string { return trimCR(lines.line(i)) } // a CRLF log's lines end as an LF log's do
	n := lines.len()
	for i := lines.flags.next(0, &mayOpenBlock); i < n; i = lines.flags.next(i+1, &mayOpenBlock) {
		if !opensBlock(lines, blocks, i) {
			continue
		}
		head := line(i)
		j := i + 1
		switch lines.open(i) {
		case blockGoDump:
			for j < n && !endsGoDump(line(j)) {
				j++
			}
		case blockUntilBlank, blockStatusOf:
			for j < n && lines.class(j) != lineBlank {
				j++
			}
		case blockSection:
			for j < n {
				l := line(j)
				if isPytestSection(l) || strings.HasPrefix(l, "===") {
					break
				}
				j++
			}
		case blockRuled:
			own := valgrindOwn(head)
			for j < n && j-i < ruledMax {
				if own && !valgrindOwn(line(j)) {
					break // the program speaks again: helgrind's last record has no rule below it
				}
				if isRuleLine(line(j)) {
					j++
					break
				}
				j++
			}
		case blockBullet:
			for j < n && lines.class(j) != lineSummary {
				if t := strings.TrimLeft(line(j), " "); strings.HasPrefix(t, "● ") {
					break
				}
				if l := line(j); l != "" && l[0] != ' ' && l[0] != '\t' && lines.class(j) != lineBlank {
					break
				}
				j++
			}
		case blockNumbered:
			j = numberedEnd(lines, i)
		case blockEchoed:
			j = echoedEnd(lines, line, i)
		case blockEntries:
			for j < n && isIndented(line(j)) && lines.class(j) != lineWarning && (lines.class(j) != lineError || lines.open(j) == blockEntries) {
				j++ // the file's next errors; its warnings, and an error of another block (a syntax error), are told apart
			}
		default:
			if end := framedEnd(lines, line, i); end > 0 {
				j = end
				break
			}
			for j < n && continuesBlock(lines, j) {
				j++
			}
		}
		for j > i+1 && lines.class(j-1) == lineBlank {
			j-- // trailing blank lines belong to no block
		}
		first := i
		switch {
		case strings.HasPrefix(strings.TrimLeft(head, " "), "--- FAIL: "):
			for first > 0 && lines.class(first-1) == lineTrace && blockAt(blocks, first-1) < 0 {
				first--
			}
		case lines.open(i) == blockRuled:
			if first > 0 && isRuleLine(line(first-1)) && blockAt(blocks, first-1) < 0 {
				first--
			}
		case lines.open(i) == blockStatusOf:
			if first > 0 && lines.class(first-1) != lineBlank && blockAt(blocks, first-1) < 0 {
				first--
			}
		}
		blocks = append(blocks, logBlock{head: int32(i), first: int32(first), last: int32(j - 1), dup: -1})
		i = j - 1
	}
	markDuplicateBlocks(blocks, lines, text)
	return blocks
}

// numberedEnd returns the end (exclusive) of the block a numbered
// heading opens: the lines more indented than the heading (its title);
// then, if a blank line follows them, the detail up to the next numbered
// heading no more indented than this one, a summary, or two blank lines.
// A heading that a sibling line follows at once (mocha's inline `1) name`
// among its `✔` lines) is a block of one line.
func numberedEnd(lines logLines, i int) int {
	view := lines.view
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
	n := lines.len()
	ind := indent(view(i))
	j := i + 1
	for j < n && lines.class(j) != lineBlank && indent(view(j)) > ind {
		j++
	}
	if j == i+1 || j >= n || lines.class(j) != lineBlank {
		return j
	}
	for ; j < n && j-i < ruledMax; j++ {
		if lines.class(j) == lineBlank {
			if j+1 < n && lines.class(j+1) == lineBlank {
				break
			}
			continue
		}
		if l := view(j); lines.class(j) == lineSummary || isNumberedHeading(strings.TrimLeft(l, " \t")) && indent(l) <= ind {
			break
		}
	}
	return j
}

// echoedEnd returns the end (exclusive) of the report error line i
// heads when a line within ruledMax opens with its first two words again
// (tcltest's `==== name FAILED` under `==== name description FAILED`):
// the line after that one. Else the report is its head and the trace
// below it.
func echoedEnd(lines logLines, line func(int) string, i int) int {
	head := line(i)
	sp := strings.IndexByte(head, ' ')
	if sp < 0 {
		return i + 1
	}
	name, _, _ := strings.Cut(strings.TrimLeft(head[sp:], " "), " ")
	key := head[:len(head)-len(strings.TrimLeft(head[sp:], " "))] + name + " "
	n := lines.len()
	for j := i + 1; j < n && j-i < ruledMax; j++ {
		if strings.HasPrefix(line(j), key) {
			return j + 1
		}
	}
	j := i + 1
	for j < n && continuesBlock(lines, j) {
		j++
	}
	return j
}

// framedEnd returns the end (exclusive: the closing rule) of the report
// error line i heads when a rule line frames it on both sides (test-unit's
// `====` above `Failure: name` and below its expected/was lines), or 0.
// The report then holds every line between, indented or not: its frames,
// its source excerpt, its expected and actual values. A rule that the
// next report's error line follows opens that report (unittest's `====`
// between failures), so it frames nothing here.
func framedEnd(lines logLines, line func(int) string, i int) int {
	if i == 0 || !isRuleLine(lines.line(i-1)) { // isRuleLine trims the CR itself
		return 0
	}
	n := lines.len()
	for j := i + 1; j < n && j-i < ruledMax; j++ {
		switch {
		case lines.class(j) == lineSummary:
			return 0
		case isRuleLine(line(j)):
			if j+1 < n && lines.class(j+1) == lineError {
				return 0
			}
			return j
		}
	}
	return 0
}

// ruledMax bounds a race or sanitizer report whose closing rule never
// comes.
const ruledMax = 400

// isRuleLine matches a line of ten or more '=' (a race report's frame),
// after a valgrind-style ==PID== prefix too; after that prefix, ten or
// more '-' too (helgrind's frame around each record).
func isRuleLine(l string) bool {
	if len(l) < 10 || l[0] != '=' {
		return false // a rule, with a valgrind prefix or not, starts with '=': most lines are turned away unread
	}
	l = strings.TrimRight(l, " \r")
	if rest, ok := cutValgrindPrefix(l); ok {
		return len(rest) >= 10 && (strings.Trim(rest, "=") == "" || strings.Trim(rest, "-") == "")
	}
	return len(l) >= 10 && strings.Trim(l, "=") == ""
}

// valgrindOwn reports whether l is a line of valgrind's own, which it
// prefixes with `==PID== ` (a blank after the prefix, or nothing: a blank
// line of its own), every line of a record included. A sanitizer's
// `==PID==ERROR: …` is not: the lines of its report go unprefixed.
func valgrindOwn(l string) bool {
	if len(l) < 5 || l[0] != '=' || l[1] != '=' {
		return false
	}
	n := digitRun(l, 2)
	rest, ok := strings.CutPrefix(l[2+n:], "==")
	return n > 0 && ok && (rest == "" || rest[0] == ' ')
}

// continuesBlock reports whether line j continues the error block above:
// trace-shaped, or up to two blank lines inside a trace that goes on.
func continuesBlock(lines logLines, j int) bool {
	switch lines.class(j) {
	case lineTrace:
		return true
	case lineOther:
		// A label alone in the first column over the indented lines it
		// names (hlint's `Found:` above the code a finding quotes).
		return isLabelLine(lines.line(j)) && j+1 < lines.len() && lines.class(j+1) == lineTrace
	case lineBlank:
		for k := j + 1; k < lines.len() && k <= j+2; k++ {
			switch lines.class(k) {
			case lineTrace:
				return true
			case lineBlank:
				continue
			}
			return false
		}
	}
	return false
}

// endsGoDump reports whether a line is the runner speaking again after a
// panic's goroutine dump.
func endsGoDump(l string) bool {
	return strings.HasPrefix(l, "FAIL") || strings.HasPrefix(l, "ok  ") || strings.HasPrefix(l, "=== RUN") ||
		strings.HasPrefix(l, "--- ") || l == "PASS" || strings.HasPrefix(l, "exit status ")
}

// markDuplicateBlocks folds blocks whose first lines are the same once
// numbers and hex are normalised and whose identifiers are equal, in the
// head, the lines that lead it in and the first dupKeyLines of its trace
// (a Hadoop ERROR repeated 148 times; not javac's `cannot find symbol` in
// forty files, nor one valgrind error at four places).
func markDuplicateBlocks(blocks []logBlock, lines logLines, text string) {
	// While the blocks are compared, a first block's dup field holds its
	// key's hash for seen (its copies are counted at the end) and a bit
	// tells the copies apart: a million distinct blocks lend their field
	// rather than cost a table of a million hashes more.
	copies := make([]uint64, (len(blocks)+63)/64)
	seen := newFirstSeenIn(blockHashes(blocks), len(blocks), func(dst []byte, i int) []byte {
		return blockKey(dst, lines, blocks[i], leadIn(lines, blocks[i]))
	})
	// A block whose bytes, lead-in to the end of its key lines, are the
	// same as an earlier one's has the same key: no need to normalise.
	// The cache is bounded (a million distinct one-line errors must not
	// build a second map of a million keys); a block it has forgotten is
	// normalised, to the same key.
	verbatim := newVerbatimCache(len(blocks))
	var key []byte
	for i := range blocks {
		lo, hi := int(blocks[i].first), min(int(blocks[i].last), int(blocks[i].head)+dupKeyLines)
		lead := leadIn(lines, blocks[i])
		for _, k := range lead {
			lo = min(lo, k)
		}
		start, _ := lines.span(lo)
		_, end := lines.span(hi)
		raw := text[start:end]
		first, ok := verbatim.get(raw)
		if !ok {
			key = blockKey(key[:0], lines, blocks[i], lead)
			first = seen.first(key, i)
			verbatim.put(raw, first)
		}
		if first != i {
			blocks[i].dup = int32(first)
			copies[i/64] |= 1 << (i % 64)
		}
	}
	isCopy := func(i int) bool { return copies[i/64]&(1<<(i%64)) != 0 }
	for i := range blocks {
		if !isCopy(i) {
			blocks[i].dup = -1 // no longer a hash: no copies yet
		}
	}
	for i := range blocks {
		if isCopy(i) {
			blocks[blocks[i].dup].dup-- // one more copy
		}
	}
}

// blockHashes lends the dup fields of blocks to a firstSeen, as the
// hashes of the first blocks (see markDuplicateBlocks).
type blockHashes []logBlock

func (b blockHashes) hash(i int) uint32       { return uint32(b[i].dup) }
func (b blockHashes) setHash(i int, h uint32) { b[i].dup = int32(h) }

// blockKey appends to dst what a block is, for markDuplicateBlocks: its
// head normalised, the lines that lead it in, and its first dupKeyLines
// trace lines normalised; lead is its leadIn.
func blockKey(dst []byte, lines logLines, b logBlock, lead []int) []byte {
	h := int(b.head)
	head := lines.line(h)
	hi := min(int(b.last), h+dupKeyLines)
	dst = normalizeLogLine(dst, head)
	if lines.open(h) == blockNumbered {
		// The runner numbered its failures: each number is one.
		dst = append(append(dst, 0), head...)
	}
	for _, k := range lead {
		// The same error reached through another include chain, or
		// under another file's header, is another error.
		dst = append(append(dst, 0), lines.line(k)...)
	}
	for k := h + 1; k <= hi; k++ {
		// Its trace is part of what it is: valgrind's four `Invalid
		// write of size 1` records at four places are four errors.
		dst = normalizeLogLine(append(dst, 0), lines.line(k))
	}
	return dst
}

// dupKeyLines is how many lines of a block's trace its identity takes in.
const dupKeyLines = 8

// leadInWindow bounds how far back leadIn looks for a failing test's
// `=== RUN` line: its subtests' own lines may stand between.
const leadInWindow = 8

// leadInRun bounds how far back leadIn walks over a run of findings to
// their header.
const leadInRun = 400

// leadIn returns the lines above block b that name what failed, which its
// telling lines do not: for go test, the failing test's `=== RUN   TestX`
// line and the `x_test.go:NN: ` line that opens its report (go test prints
// a failure's detail before its --- FAIL line); for gcc and clang, the
// `file.c: In function 'f':` line and the `In file included from` chain
// above the error; for an indented entry (eslint), the path header above;
// for any failure in the first column, the line right above it that
// introduces it (see introducesFailure).
func leadIn(lines logLines, b logBlock) []int {
	line := func(i int) string { return trimCR(lines.line(i)) }
	bHead, bFirst, bLast := int(b.head), int(b.first), int(b.last)
	headLine := line(bHead)
	head := headLine
	if head != "" && (head[0] == ' ' || head[0] == '\t') {
		head = head[indentEnd(head):]
	}
	open := lines.open(bHead)
	if open == blockStatusOf && bFirst < bHead {
		return []int{bFirst} // the line the status is of: the test's name
	}
	if open == blockNumbered {
		// A numbered heading's title: the lines under it, to the blank.
		var out []int
		for i := bHead + 1; i <= bLast && i <= bHead+3 && lines.class(i) != lineBlank; i++ {
			out = append(out, i)
		}
		return out
	}
	if name, ok := strings.CutPrefix(head, "--- FAIL: "); ok {
		name, _, _ = strings.Cut(name, " ")
		var out []int
		for i := bFirst - 1; i >= max(0, bFirst-leadInWindow); i-- {
			if t, ok := strings.CutPrefix(line(i), "=== RUN "); ok && strings.TrimLeft(t, " ") == name {
				out = append(out, i)
				break
			}
		}
		if bFirst < bHead {
			out = append(out, bFirst)
		}
		return out
	}
	var out []int
	indented := len(headLine) > len(head)
	top := bFirst // where the block starts, with the line that introduces it
	if !indented && bFirst > 0 && introducesFailure(lines, bFirst-1) {
		out = append(out, bFirst-1)
		top = bFirst - 1
	}
	if indented { // a caret is indented
		if q := quotedAbove(lines, bFirst, bHead, headLine); q >= 0 {
			// A caret finding: the source line it points into. Its file's
			// header is found once for all its findings (caretHeaders).
			out = append(out, q)
			return out
		}
	}
	if bFirst > 0 && indented {
		// An indented entry: the header it sits under, above the blank
		// line after it and the entries before this one.
		p := bFirst - 1
		for p > 0 && lines.class(p) == lineBlank && bFirst-p < 3 {
			p--
		}
		for p > 0 && bFirst-p < leadInRun && isIndented(lines.line(p)) { // a CR at its end changes nothing here
			p--
		}
		if l := line(p); l != "" && l[0] != ' ' && l[0] != '\t' && lines.class(p) != lineBlank {
			out = append(out, p)
		}
		return out
	}
	if top == bFirst && bFirst > 0 && positionLine(head) != diagNone {
		// A linter's findings under a header (pylint's `************* Module
		// x`): the header above the run of findings the error is in.
		p := bFirst - 1
		for p > 0 && bFirst-p < leadInRun && isPositionLine(line(p)) {
			p--
		}
		if l := line(p); p < bFirst-1 && lines.class(p) == lineOther && l != "" && l[0] != ' ' && l[0] != '\t' && !isPositionLine(l) {
			out = append(out, p)
		}
	}
	if top > 0 && compilerDiagnostic(head) == "error" {
		p := top - 1
		above := line(p)
		if up, ok := instantiationLeadIn(lines, p, above); top == bFirst && ok {
			// A template's error: where the user's code asked for it
			// (`required from here`), and what was being instantiated
			// (`In instantiation of`) at the top of the chain, the
			// `required from` lines between left out.
			out = append(out, up...)
			return out
		}
		if top == bFirst && strings.HasSuffix(above, ":") && strings.Contains(above, ": In ") {
			out = append(out, p)
			p--
		}
		for ; p >= 0 && top-p <= leadInWindow*2; p-- {
			l := line(p)
			if strings.HasPrefix(l, "In file included from ") {
				for k := p; k < top; k++ {
					if k != p && !strings.HasPrefix(strings.TrimLeft(line(k), " "), "from ") {
						break
					}
					out = append(out, k)
				}
				break
			}
			if !strings.HasPrefix(strings.TrimLeft(l, " "), "from ") {
				break
			}
		}
	}
	return out
}

// introducesFailure reports whether line p introduces the failure right
// below it: it ends in a colon, in its first column, and is neither blank
// nor a finding of its own (Guile's `ice-9/boot-9.scm:1685:16: In
// procedure raise-exception:` above the reader's `srfi-19.scm:608:55:
// unexpected ")"`, gcc's `a.c: In function 'f':`, a `Traceback …:` or an
// `error: in file X:` line). What it says belongs to the failure's block,
// and a repeat of the failure repeats it too.
func introducesFailure(lines logLines, p int) bool {
	if lines.class(p) != lineOther {
		return false
	}
	l := strings.TrimRight(lines.line(p), " \t\r")
	return len(l) > 1 && l[len(l)-1] == ':' && l[0] != ' ' && l[0] != '\t'
}

// instantiationLeadIn returns, when line p (l, without its CR) is gcc's
// `file:L:C:   required from here`, that line and the `In instantiation
// of` line that opens its chain of `required from` lines (within
// leadInRun lines).
func instantiationLeadIn(lines logLines, p int, l string) ([]int, bool) {
	if !mayBeRequiredHere(l) {
		return nil, false // most lines, told before the closure below is made
	}
	isRequired := func(i int) (here, ok bool) {
		msg, ok := positionMessage(lines.line(i))
		if !ok {
			return false, false
		}
		msg = strings.TrimSpace(msg)
		return msg == "required from here", strings.HasPrefix(msg, "required from ")
	}
	if here, _ := isRequired(p); !here {
		return nil, false
	}
	out := []int{p}
	for k := p - 1; k >= 0 && p-k < leadInRun; k-- {
		if _, ok := isRequired(k); ok {
			continue
		}
		if l := strings.TrimRight(lines.line(k), "\r"); strings.HasSuffix(l, ":") && strings.Contains(l, ": In instantiation of ") {
			out = append(out, k)
		}
		break
	}
	return out, true
}

// mayBeRequiredHere reports whether l may be gcc's `…: required from
// here`: it says no, without reading the position, to a line whose last
// byte but white space is ASCII and that does not end so, which is most
// lines above an error (isRequired trims Unicode white space too, so a
// line ending in a byte above ASCII is left to it).
func mayBeRequiredHere(l string) bool {
	end := len(l)
	for end > 0 && (l[end-1] == ' ' || l[end-1] >= '\t' && l[end-1] <= '\r') {
		end--
	}
	return end == 0 || l[end-1] >= utf8.RuneSelf || strings.HasSuffix(l[:end], "required from here")
}

// isIndented reports whether l starts with a space or a tab and holds
// more than white space.
func isIndented(l string) bool {
	if l == "" || l[0] != ' ' && l[0] != '\t' {
		return false
	}
	// Most indented lines have a printable ASCII byte after their
	// blanks: it says they hold more, without trimming the whole line.
	if k := indentEnd(l); k < len(l) && l[k] > ' ' && l[k] < utf8.RuneSelf {
		return true
	}
	return strings.TrimSpace(l) != ""
}

// quotedAbove returns the line above a caret finding that the caret
// points into (htmlhint's `      L396 |…` above `          ^ Tag must be
// paired, … (tag-pair)`), or -1: the block's head is a caret padded to
// its column, the line right above it is less indented and neither blank
// nor a finding of its own.
func quotedAbove(lines logLines, bFirst, bHead int, headLine string) int {
	k := indentEnd(headLine)
	if bFirst != bHead || bHead == 0 || k == 0 || k >= len(headLine) || headLine[k] != '^' {
		return -1
	}
	q := bHead - 1
	if c := lines.class(q); c == lineBlank || c == lineError || c == lineSummary {
		return -1
	}
	if indentEnd(lines.line(q)) >= k {
		return -1
	}
	return q
}

// isLabelLine reports whether l is a word of letters and a colon alone in
// its first column (`Found:`, `Perhaps:`).
func isLabelLine(l string) bool {
	l = strings.TrimRight(l, " \r")
	if len(l) < 2 || len(l) > 24 || l[len(l)-1] != ':' {
		return false
	}
	for i := 0; i < len(l)-1; i++ {
		if !isLetter(l[i]) {
			return false
		}
	}
	return true
}

// caretHeaders returns, for each of the quoted lines qs (see quotedAbove;
// in ascending order), the header of the file its finding is under, or
// -1: the nearest line above it, not blank and no finding, less indented
// than it (htmlhint's `   /src/api/url.html` over its `      L396 |…`
// lines). A walk up that meets the quoted line before stops there and
// takes its header, so the walks together read each line once.
func caretHeaders(lines logLines, qs []int) []int {
	out := make([]int, len(qs))
	prevQ, prevIndent, prevHeader := -1, -1, -1
	for k, q := range qs {
		indent := indentEnd(lines.line(q))
		stop := -1
		if indent == prevIndent {
			stop = prevQ
		}
		p := q - 1
		for p > stop && q-p < leadInRun && isIndented(lines.line(p)) && indentEnd(lines.line(p)) >= indent {
			p--
		}
		switch {
		case p >= 0 && p == stop:
			out[k] = prevHeader
		case p >= 0 && lines.class(p) != lineBlank && lines.class(p) != lineError && indentEnd(lines.line(p)) < indent:
			out[k] = p
		default:
			out[k] = -1
		}
		prevQ, prevIndent, prevHeader = q, indent, out[k]
	}
	return out
}
