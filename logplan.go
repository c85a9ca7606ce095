package headroom

import (
	"iter"
	"math/bits"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// logOptions tunes planLog; the zero value means the defaults.
type logOptions struct {
	lineCap  int  // bytes of one kept line shown; 0 means defaultLogLineCap
	exitCode *int // the command's exit status; nil when unknown
}

const (
	defaultLogLineCap = 1024
	defaultLogHead    = 5
	defaultLogTail    = 15
	defaultTraceHead  = 40
	defaultTraceTail  = 10
	// blockKeyLines and blockEnd are the lines of every error block kept
	// before any block's long trace: its telling lines, and its last lines.
	blockKeyLines = 4
	blockEnd      = 2
	// logLastLines are kept right after the summaries.
	logLastLines = 5
	// contextBefore and contextAfter are the lines around each distinct
	// error block that what the limit leaves over goes to first.
	contextBefore = 5
	contextAfter  = 3
	// logSummaryMax bounds how many runner-summary lines get top priority
	// (a go test ./... run prints one per package).
	logSummaryMax = 60
)

// Line classes.
const (
	lineOther uint8 = iota
	lineBlank
	lineError   // starts an error block
	lineWarning // a warning, deduplicated
	lineSummary // a runner's summary: counts, FAIL pkg, test result, exit status
	linePassed  // a package or test that passed: ok pkg 0.1s
	lineTrace   // continues the block above: frames, notes, carets, indented detail
)

// A logBlock is an error line and the trace lines that follow it.
// Its fields are int32, sixteen bytes a block: a log of a million one-line
// errors holds a million blocks. A block is either a copy of an earlier
// one or the first of its kind with a count of copies, never both, so one
// field tells which: dup ≥ 0 is the index of the first identical block,
// dup < 0 is a first block with -1-dup identical blocks folded into it.
type logBlock struct {
	head        int32 // the error line
	first, last int32 // line indices, inclusive; go test -v prints a failure's detail before its --- FAIL line
	dup         int32 // see above; -1 for a block with no copies
}

// dupOf returns the index of the first block identical to b, or -1 when
// b is the first of its kind.
func (b logBlock) dupOf() int { return int(max(b.dup, -1)) }

// repeats returns how many identical blocks were folded into b.
func (b logBlock) repeats() int { return int(max(-1-b.dup, 0)) }

// planLog plans the output of an exec tool: a build, a test run, an
// install, a system log. It keeps, in this order of priority while limit
// lasts: the runner's verdict (the closing lines that hold counts or say
// FAIL, ok, BUILD …); the first failure whole (its richest block: the
// section a one-line status line is told again in, see richWholes);
// runner summaries; the first line of every distinct error; the tail;
// each error block with its trace (its first 40 and last 10 lines, then
// the rest); the head; every distinct warning once, marked (×N); the
// status lines a section tells whole. What the limit leaves then goes to context:
// lines around each error block, more tail and head. It re-emits what it
// keeps in input order with `[…N lines omitted…]` gaps.
//
// A run that exited 0 with no failure line gets a short success view
// instead: the verdict, the counts, head and tail, within successShare of
// the limit. planLog declines text with no failure, fewer than two summary
// lines and no non-zero exit code; a failure that only a failure word
// found counts when the run's last lines also speak of a failure.
func planLog(text string, limit int, o logOptions) (plan, bool) {
	return planLogScanned(text, limit, o, new(logScan))
}

// logLeast is the least limit planLog plans for.
const logLeast = 200

// A logScan is what planLog reads of a text before its limit matters:
// the line index, the blocks and the warnings' repeats. A planner that
// plans one text twice (route's replanWide) passes the same logScan to
// both, and the second plan reads nothing again.
type logScan struct {
	lines              logLines
	blocks             []logBlock
	warnRep            []int
	warnCount          []int32
	scanned, formedAll bool
}

// planLogScanned is planLog with what it reads kept in scan.
func planLogScanned(text string, limit int, o logOptions, scan *logScan) (plan, bool) {
	o = o.withDefaults()
	if limit < logLeast || text == "" || len(text) > maxLogText {
		return plan{}, false
	}
	if !scan.scanned {
		scan.lines, scan.scanned = scanLog(text), true
	}
	lines := scan.lines
	var tally [tallyKinds]int
	lines.flags.tally(tally[:], &tallyOf)
	summaries, warnings, strong, generic := tally[tallySummary], tally[tallyWarning], tally[tallyStrong], tally[tallyGeneric]
	failed := o.exitCode != nil && *o.exitCode != 0
	succeeded := o.exitCode != nil && *o.exitCode == 0
	verdict, verdictFailed := verdictLines(lines), verdictFails(lines)
	// A report of findings with a verdict that counts them, and no error
	// (what logSurelyDeclines leaves to planLog): not a success.
	findings := warnings > 0 && generic == 0 && len(verdict) > 0 && !verdictFailed && findingsReport(lines)
	if succeeded && strong == 0 && generic == 0 && !findings && !verdictFailed {
		return planSuccess(text, lines, verdict, max(limit/successShare, min(limit, 800)), o)
	}
	if o.exitCode == nil && strong == 0 && generic == 0 && !findings && len(verdict) > 0 && !verdictFailed {
		// No exit code, no failure, and a verdict with counts: a run that
		// passed, told as one, in the whole budget.
		return planSuccess(text, lines, verdict, limit, o)
	}
	if strong == 0 && summaries < 2 && !failed && !findings && (generic == 0 || !verdictFailed) && !lintReport(text) {
		return plan{}, false
	}
	if !scan.formedAll {
		scan.blocks = formBlocks(lines, text)
		scan.warnRep, scan.warnCount = dedupWarnings(lines, scan.blocks)
		scan.formedAll = true
	}
	blocks, warnRep, warnCount := scan.blocks, scan.warnRep, scan.warnCount
	sel := newLogSelection(text, lines, blocks, warnRep, warnCount, limit, o.lineCap)
	sel.pickAll(verdict)
	sel.pickAll(tailListHeading(lines))
	pickClosingCounts(sel, lines, limit)
	pickRunHeader(sel, lines, blocks, limit/2)
	wholes := richWholes(lines, blocks)
	if first := firstDistinct(blocks); first >= 0 {
		whole := firstWhole(blocks, first, wholes)
		sel.pickWithin(int(whole.head), limit/2)
		sel.pickBlock(whole, sel.cost+limit/firstBlockShare)
	}
	told := toldOrder(lines, blocks)
	pickSyntaxWhole(sel, lines, blocks, told, limit)
	pickOddWhole(sel, lines, blocks, limit)
	pickSingleRules(sel, lines, blocks, limit)
	told, statusLines := toldWithoutStatus(told, blocks, wholes)
	named := namedBySummary(lines, blocks, told)
	if sel.crowded(told) {
		sel.pickEnds(limit / endsShare)
		sel.pickLastWhole(limit / tailShare)
	}
	sel.pickClipTail(len(text))
	pickCaretHeaders(sel, lines, blocks, told, limit/2)
	for _, k := range told {
		if !named[int(blocks[k].head)] {
			pickEntryHeader(sel, lines, blocks[k], limit/2)
			for i, end := int(blocks[k].head), headEnd(lines, blocks[k]); i <= end && sel.pickWithin(i, limit/2); i++ {
			}
		}
	}
	pickStylishHeaders(sel, lines, limit)
	var namedHeads []int // told after every other telling line
	tell := func(i int) {
		if named[i] {
			namedHeads = append(namedHeads, i)
		} else {
			sel.pickTelling(i)
		}
	}
	flushed := false
	flush := func() {
		if !flushed {
			flushed = true
			for _, h := range namedHeads {
				sel.pickTelling(h)
			}
			sel.pickHead(limit / headShare) // before the traces
		}
	}
	logPriorities(lines, blocks, told, warnRep, tell, func(i int) {
		flush()
		sel.pick(i)
	})
	flush()
	sel.pickAll(statusLines)
	pickFileEntries(sel, lines, blocks, told, limit/fileEntryShare)
	pickRareShapes(sel, lines, limit)
	sel.pickSpare(defaultLogHead, defaultLogTail)
	sel.fill(limit)
	items := sel.items()
	kept := sel.keptCount()
	distinctErrors := 0
	for _, b := range blocks {
		if b.dupOf() < 0 {
			distinctErrors++
		}
	}
	what := txt.Commas(lines.len()-kept) + " of " + txt.Plural(lines.len(), "line") + " omitted; kept " +
		txt.Plural(distinctErrors, "distinct error") + " with traces"
	if warnings > 0 {
		what += ", " + txt.Plural(len(warnRep), "distinct warning") + " of " + txt.Commas(warnings)
	}
	what += ", the verdict, runner summaries, head and tail"
	hint := "To see more, re-run the command filtered: grep -n -A5 error, tail -n 200, or a single failing test."
	return plan{strategy: StrategyLog, items: items, markerAt: len(items), what: what, hint: hint, digest: true}, true
}

// What planLog counts of a log's lines, by flags (see tallyOf).
const (
	tallyNone    = iota
	tallySummary // a summary, but for a count a failure word found
	tallyWarning
	tallyStrong  // an error line that alone makes a text a log
	tallyGeneric // an error line a failure word or a numbered heading found, or an indented failure detail
	tallyKinds
)

// tallyOf gives, for each flags byte (see logLines), what planLog counts
// the line as: one load a line rather than a switch on class and block.
var tallyOf = func() (t [256]uint8) {
	for f := range t {
		fl := newLineFlags(1)
		fl.push(uint8(f))
		fl.finish()
		ls := logLines{flags: fl}
		switch open := ls.open(0); ls.class(0) {
		case lineSummary:
			if open != blockGeneric {
				t[f] = tallySummary
			}
		case lineWarning:
			t[f] = tallyWarning
		case lineError:
			if weakOpen(open) {
				t[f] = tallyGeneric
			} else {
				t[f] = tallyStrong
			}
		case lineTrace:
			if open == blockFailDetail {
				t[f] = tallyGeneric
			}
		}
	}
	return t
}()

// weakOpen reports whether an error line that opens this block does not,
// alone, make a text a log: a failure word (which may be code), a
// numbered heading (which may be a list).
func weakOpen(open uint8) bool { return open == blockGeneric || open == blockNumbered }

// crowded reports whether the first lines of the told blocks, what each
// says (see headEnd), overrun the limit left: the failures cannot all be
// told, and telling them in turn would leave nothing to the log's ends.
// It stops adding as soon as they do, so it reads no more of a log of a
// million failures than the limit holds.
func (s *logSelection) crowded(told []int32) bool {
	room := s.limit - s.cost
	for _, k := range told {
		b := s.blocks[k]
		if !s.kept(int(b.head)) {
			room -= s.gapCost // the gap note that a head told alone opens
		}
		for i, end := int(b.head), headEnd(s.lines, b); i <= end; i++ {
			if room -= min(len(s.lines.line(i)), s.lineCap) + 1; room < 0 {
				return true
			}
		}
	}
	return false
}

// pickEnds keeps what of the log's first defaultLogHead lines, growing
// down, and of its last defaultLogTail lines, growing up, no failure's
// telling keeps (see strayDetail), each end within share more bytes: when
// the failures cannot all be told (see crowded), they would take it all,
// and the plan would show less of the ends than the clip it replaces
// (dialyzer's `  Proceeding with analysis...` head and its `Unknown
// functions:` entries under 288 warnings). Each end stops at the first
// such line that does not fit.
func (s *logSelection) pickEnds(share int) {
	bound := s.cost + share
	for i := 0; i < min(s.lines.len(), defaultLogHead); i++ {
		if s.strayDetail(i) && !s.pickWithin(i, bound) {
			break
		}
	}
	bound = s.cost + share
	for i := s.lines.len() - 1; i >= max(0, s.lines.len()-defaultLogTail); i-- {
		if s.strayDetail(i) && !s.pickWithin(i, bound) {
			break
		}
	}
}

// strayDetail reports whether line i is an indented detail line outside
// every failure block, or the plain line that heads one: a line shaped
// like a trace's (`  compile:file/2 (cover.erl:1719:10)`) that no block
// holds, which only the head, the tail and fill keep. A record of the
// failures' own shape (a system log's INFO lines) is not one: it competes
// with them as they are told.
func (s *logSelection) strayDetail(i int) bool {
	detail := func(i int) bool {
		c := s.lines.class(i)
		return (c == lineTrace || c == lineOther) && isIndented(s.lines.line(i)) && !s.lines.repeat(i) && blockAt(s.blocks, i) < 0
	}
	return detail(i) || i+1 < s.lines.len() && s.lines.class(i) == lineOther && detail(i+1)
}

// pickHead keeps the log's first lines, growing down, within share more
// bytes, stopping at the first that does not fit: where a run starts and
// what it says first (a linter's banner and its first findings in order,
// the PLT check above dialyzer's warnings), which a clip always shows and
// failures told rarest kind first would otherwise crowd out. A folded
// repeat is passed over, shown once with its count where it first is;
// the first test that passed ends the head, the verdict counts those.
// When the head would stop inside an indented list that a line in the
// first column follows (GHC's fifteen modules under its first warning,
// above its `[ 1 of 17] Compiling` line), the head's plain lines in the
// first column come first (see pickHeadOutline): the list's next step is
// what the head says next.
func (s *logSelection) pickHead(share int) {
	bound := s.cost + share
	if s.headStopsInList(share) {
		s.pickHeadOutline(bound)
	}
	for i := 0; i < s.lines.len() && !passedLine(s.lines, i); i++ {
		if !s.lines.repeat(i) && !s.pickWithin(i, bound) {
			return
		}
	}
}

// pickHeadOutline keeps, while the selection stays within bound, the
// plain lines in the first column among the log's first headOutlineMax
// lines, up to the first test that passed: the steps of a build (GHC's
// `[ 1 of 17] Compiling` line under a warning's list of fifteen modules).
// They say what the run did, as a clip's head shows; the indented lines
// between are their detail. It stops at the first that does not fit.
func (s *logSelection) pickHeadOutline(bound int) {
	for i := 0; i < min(s.lines.len(), headOutlineMax) && !passedLine(s.lines, i); i++ {
		if s.lines.class(i) == lineOther && !s.lines.repeat(i) && !isIndented(s.lines.line(i)) && !s.pickWithin(i, bound) {
			return
		}
	}
}

// headStopsInList reports whether the log's first lines, grown down
// within share more bytes as pickHead grows them, would stop at an
// indented line of a list (a run of headListMin indented lines or more)
// that a line in the first column follows within the first headOutlineMax
// lines, or at that line itself.
func (s *logSelection) headStopsInList(share int) bool {
	n := min(s.lines.len(), headOutlineMax)
	cost := 0
	for i := 0; i < n && !passedLine(s.lines, i); i++ {
		if s.lines.repeat(i) || s.kept(i) {
			continue
		}
		if cost += s.lineCost(i); cost <= share {
			continue
		}
		from := i
		for from > 0 && isIndented(s.lines.line(from-1)) {
			from--
		}
		if !isIndented(s.lines.line(i)) {
			// The line in the first column right after the list.
			return i-from >= headListMin && s.lines.class(i) != lineBlank
		}
		for j := i + 1; j < n; j++ {
			if l := s.lines.line(j); !isIndented(l) {
				return j-from >= headListMin && s.lines.class(j) != lineBlank
			}
		}
		return false
	}
	return false
}

// headOutlineMax bounds the lines whose first-column ones pickHeadOutline
// keeps.
const headOutlineMax = 32

// headListMin is the least run of indented lines headStopsInList takes
// for a list: a compiler's quoted source line and its caret are not one.
const headListMin = 5

// passedLine reports whether line i tells a test that passed: go test's
// ok and --- PASS lines, or a pass mark opening an indented line (jest's
// and vitest's `✓ name`, mocha's and node's `✔ name`).
func passedLine(lines logLines, i int) bool {
	if lines.class(i) == linePassed {
		return true
	}
	l := lines.line(i)
	t := l[indentEnd(l):]
	for _, m := range passMarks {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}

// passMarks open the line of a test that passed in the runners that
// mark one.
var passMarks = [...]string{"✓ ", "✔ "}

// headShare is the share of the limit the log's head may take before the
// failures after the first are told (see pickHead).
const headShare = 16

// endsShare is the share of the limit each end of a log may take before
// crowding failures are told (see pickEnds).
const endsShare = 16

// firstBlockShare bounds the first failure kept whole before every other
// failure's first line: a fifth of the limit.
const firstBlockShare = 5

// diagnosticShaped reports whether text is a toolchain's report whose
// lines look like search matches (`path:12: error: …`, pylint's `path:1:0:
// E0602: …`) and must be planned as a log, not as matches: its closing
// lines hold a runner's verdict from the rule table that says something
// failed (`Found 1339 errors in 68 files`, `make: ***`, `FAIL`, `rated
// at`), or most of its first lines are compiler diagnostics. A grep over
// source code has neither.
func diagnosticShaped(text string) bool {
	seen := 0
	for end := len(text); end > 0 && seen < verdictWindow; {
		start := txt.LineStart(text, end) // by vector: a one-line JSON array of 10 MB is one line to read back over
		line := strings.TrimRight(text[start:end], "\r")
		end = max(start-1, 0)
		if strings.TrimSpace(line) == "" {
			end = blankLinesBefore(text, start)
			continue
		}
		seen++
		if c, open := classifyFull(line, false); c == lineSummary && open != blockGeneric &&
			(strings.HasPrefix(line, "FAIL") || failureSignal(line) != sigNone || strings.Contains(line, "rated at")) {
			return true
		}
		if start == 0 {
			break
		}
	}
	diags, lines := 0, 0
	for start := 0; start < len(text) && lines < 200; {
		end, next := txt.LineAt(text, start)
		if l := text[start:end]; strings.TrimSpace(l) != "" {
			lines++
			if diagnosticLine(l) {
				diags++
			}
		}
		start = next
	}
	return lines >= 5 && diags*2 >= lines
}

// diagnosticLine reports whether l is a diagnostic: a compiler's or a
// linter's finding at a source position, or a line that carries a
// severity, an upper-case level word (`mandoc: a.1:3:2: WARNING: …`, a
// report's `  12 | ERROR | …` row) or a lower-case one after a position.
// A diff's added or removed line is none.
func diagnosticLine(l string) bool {
	d, level, _ := lineSignals(l)
	if d != diagNone || isPositionLine(l) || severityAtPosition(l) || lintFinding(l) != diagNone {
		return true
	}
	return isSeverityLevel(level) && l[0] != '+' && l[0] != '-' && l[0] != '@'
}

// severityAtPosition reports a line in the GNU form of a tool's message,
// `file:line:column: severity: message`, where file may lack an extension
// (shellcheck -f gcc over scripts) and the severity is any lower-case word
// or two (error, warning, note, fatal error): grep -n writes no column, so
// a search match does not take this form.
func severityAtPosition(line string) bool {
	colon := strings.IndexByte(line[:min(len(line), 300)], ':')
	if colon < 1 || strings.ContainsAny(line[:colon], " \t") {
		return false
	}
	rest := line[colon+1:]
	for range 2 {
		n := digitRun(rest, 0)
		if n == 0 || n >= len(rest) || rest[n] != ':' {
			return false
		}
		rest = rest[n+1:]
	}
	rest, ok := strings.CutPrefix(rest, " ")
	if !ok {
		return false
	}
	words := 0
	for i := 0; i < len(rest) && i < 24; i++ {
		switch c := rest[i]; {
		case c >= 'a' && c <= 'z':
		case c == ' ' && i > 0 && rest[i-1] != ' ' && words == 0:
			words++
		case c == ':':
			return i > 0 && rest[i-1] != ' '
		default:
			return false
		}
	}
	return false
}

// successShare is the share of the limit a success view may use: a run
// that passed is told in its verdict, its counts and its ends.
const successShare = 4 // one quarter

// planSuccess plans a run that exited 0 with no failure line: the verdict
// and every summary line, the headings of its indented groups (within a
// third of the room), the lines whose status is rare in a run of one
// status (within half), in a run cut by less than three times what a
// blind clip's head and tail show (see pickClipRuns), then the tail and
// the head growing in turns, within a quarter of the limit (at least what
// the verdict needs, up to 800 bytes when the limit allows).
func planSuccess(text string, lines logLines, verdict []int, room int, o logOptions) (plan, bool) {
	sel := newLogSelection(text, lines, nil, nil, nil, room, o.lineCap)
	sel.pickAll(verdict)
	for i := range lines.len() {
		if lines.class(i) == lineSummary {
			sel.pick(i)
		}
	}
	for i := range groupHeadings(lines) {
		sel.pickWithin(i, room/successOutlineShare)
	}
	for _, i := range exceptionLines(lines) {
		sel.pickWithin(i, room/2)
	}
	rare := 0
	for _, i := range rareShapeLines(lines) {
		if !sel.kept(i) && sel.pickWithin(i, room/rareShapeRoomShare) {
			rare++
		}
	}
	if cutLittle(len(text), room) {
		sel.pickClipRuns(len(text))
	}
	// A run of progress steps (rdoc -C's ` 1% [ 1/66]  irb.rb` … `100%
	// [66/66]  reline/windows.rb`) is shown by its ends: the head grows
	// past it to what the run did, as far as a clip's head would show.
	steps := progressRunInside(lines)
	for k, top := 0, 0; k < lines.len(); k++ {
		for top < lines.len() && steps(top) {
			top++
		}
		bottom := lines.len() - 1 - k
		if top > bottom {
			break
		}
		a, b := sel.pick(bottom), sel.pick(top)
		if !a && !b {
			break
		}
		top++
	}
	items := sel.items()
	kept := sel.keptCount()
	what := txt.Commas(lines.len()-kept) + " of " + txt.Plural(lines.len(), "line") +
		" omitted from a run with no failure line; kept the verdict, counts, "
	if rare > 0 {
		what += txt.Plural(rare, "line") + " of a shape seen once, "
	}
	what += "head and tail"
	hint := "To see more, re-run the command filtered: grep -n PATTERN, or tail -n 200."
	return plan{strategy: StrategyLog, items: items, markerAt: len(items), what: what, hint: hint, digest: true}, true
}

// successOutlineShare bounds the group headings a success view keeps
// before its head and tail: a third of its room.
const successOutlineShare = 3

// groupHeadings yields, in order, the lines that head an indented group: a line
// the next non-blank line is more indented than (mocha's `  semver`
// above its `    ✔` tests, a describe block, a package above its tests).
// They are the outline of a run that passed; a log of a million
// alternating lines has half a million, yielded, not listed.
func groupHeadings(lines logLines) iter.Seq[int] {
	indent := func(i int) int {
		l := lines.line(i)
		return len(l) - len(strings.TrimLeft(l, " \t"))
	}
	return func(yield func(int) bool) {
		prev, prevIndent := -1, 0
		for i := range lines.len() {
			if lines.class(i) == lineBlank {
				continue
			}
			in := indent(i)
			if prev >= 0 && in > prevIndent && !yield(prev) {
				return
			}
			prev, prevIndent = i, in
		}
	}
}

// exceptionLines returns, in a run where most lines carry one status
// word (pytest -v's PASSED), the lines whose status is rare beside it
// (its SKIPPED, XFAIL), the rarest status first, in input order within
// one: what a passing run has to say besides its count.
func exceptionLines(lines logLines) []int {
	// Statuses are counted, not kept by line: a run of a million tiny
	// lines must not cost a string header each. The exceptions' statuses
	// are read again.
	count := map[string]int{}
	nonBlank := 0
	for i := range lines.len() {
		if lines.class(i) == lineBlank {
			continue
		}
		nonBlank++
		count[statusWords(lines.line(i))]++
	}
	dominant, most := "", 0
	for st, n := range count {
		if n > most || n == most && st < dominant {
			dominant, most = st, n
		}
	}
	if dominant == "" || most*2 < nonBlank {
		return nil
	}
	type exception struct{ line, count int }
	var found []exception
	for i := range lines.len() {
		if lines.class(i) == lineBlank {
			continue
		}
		if st := statusWords(lines.line(i)); st != "" && st != dominant && count[st]*exceptionShare <= most {
			found = append(found, exception{i, count[st]})
		}
	}
	slices.SortStableFunc(found, func(a, b exception) int { return a.count - b.count })
	out := make([]int, len(found))
	for k, e := range found {
		out[k] = e.line
	}
	return out
}

// exceptionShare: a status is an exception when the dominant one occurs
// at least this many times as often.
const exceptionShare = 10

// statusWords returns the upper-case words of three letters or more in
// the first 200 bytes of a line, space-separated: its status (PASSED,
// SKIPPED, RUN, PASS), whatever else it names.
func statusWords(l string) string {
	l = l[:min(len(l), 200)]
	var first string // most lines hold one status word: no copy then
	var out []byte
	for i := 0; i < len(l); i++ {
		if l[i] < 'A' || l[i] > 'Z' || i > 0 && isWordByte(l[i-1]) {
			continue
		}
		j := i
		for j < len(l) && l[j] >= 'A' && l[j] <= 'Z' {
			j++
		}
		if j-i >= 3 && (j == len(l) || !isWordByte(l[j])) {
			switch {
			case first == "":
				first = l[i:j]
			case out == nil:
				out = append(append(append(out, first...), ' '), l[i:j]...)
			default:
				out = append(append(out, ' '), l[i:j]...)
			}
		}
		i = j
	}
	if out != nil {
		return string(out)
	}
	return first
}

// verdictWindow is how many of the last non-blank lines may hold the
// runner's verdict.
const verdictWindow = 12

// verdictLines returns the runner's closing verdict: among the last
// verdictWindow non-blank lines, those that are summaries, say ok or
// FAIL, or hold a count (`3 passed`, `Found 2 errors`, `rated at 5.00/10`).
func verdictLines(lines logLines) []int {
	var out []int
	seen := 0
	for i := lines.len() - 1; i >= 0 && seen < verdictWindow; i-- {
		c := lines.class(i)
		if c == lineBlank {
			continue
		}
		seen++
		if c == lineSummary || c == linePassed && strings.HasPrefix(lines.line(i), "ok") || holdsCount(lines.line(i)) {
			out = append(out, i)
		}
	}
	// What follows the last summary line is part of the verdict: tsc's
	// table of errors by file, ctest's list of failed tests.
	for i := lines.len() - 1; i >= max(0, lines.len()-verdictTail); i-- {
		if lines.class(i) == lineSummary && lines.open(i) != blockGeneric {
			for k := i + 1; k < lines.len(); k++ {
				if lines.class(k) != lineBlank {
					out = append(out, k)
				}
			}
			break
		}
	}
	return out
}

// findingsLeast is how many warnings at a source position make a run
// with a verdict a report of findings (see findingsReport).
const findingsLeast = 3

// findingsReport reports whether at least findingsLeast of the warning
// lines name the file and line they are about: a static analyser's or a
// compiler's findings (clang-tidy's `a.c:80:14: warning: Use of memory
// after it is freed [clang-analyzer-unix.Malloc]`), which a run that
// exits 0 with no error still reports, and which are its output, not a
// success to tell in a few lines. A system log's WARN lines and a package
// manager's deprecation notices name no position.
func findingsReport(lines logLines) bool {
	n := 0
	for i := 0; i < lines.len(); i++ {
		if lines.class(i) != lineWarning {
			continue
		}
		if l := lines.line(i); isPositionLine(l) || positionedFinding(l) || lintFinding(l) != diagNone {
			if n++; n >= findingsLeast {
				return true
			}
		}
	}
	return false
}

// verdictTail bounds how far from the end the last summary line may
// stand for the lines after it to count as the verdict.
const verdictTail = 30

// verdictFails reports whether the last lines speak of a failure: an
// error line, or a summary that says FAIL or counts failures.
func verdictFails(lines logLines) bool {
	seen := 0
	for i := lines.len() - 1; i >= 0 && seen < verdictWindow; i-- {
		c := lines.class(i)
		if c == lineBlank {
			continue
		}
		seen++
		switch c {
		case lineError:
			if !weakOpen(lines.open(i)) {
				return true // a failure word alone may be code: (err error)
			}
		case lineSummary:
			if t := lines.line(i); strings.HasPrefix(t, "FAIL") || failureSignal(t) != sigNone || isXtraceExit(t) || isExitStatusFailure(t) {
				return true
			}
		}
	}
	return false
}

// holdsCount reports whether a line holds a number followed by a word
// that counts a run's outcome: `12 passed`, `3 tests`, `0 errors`, or a
// rating (`rated at 5.00/10`).
func holdsCount(l string) bool {
	if len(l) > 300 {
		return false
	}
	if strings.Contains(l, "rated at ") || totalLabel(l) {
		return true
	}
	for i := 0; i < len(l); i++ {
		if l[i] < '0' || l[i] > '9' || i > 0 && isWordByte(l[i-1]) {
			continue
		}
		j := i
		for j < len(l) && (l[j] >= '0' && l[j] <= '9' || l[j] == ',') {
			j++
		}
		rest := strings.TrimLeft(l[j:], " ")
		for _, w := range countNouns {
			if len(rest) >= len(w) && strings.EqualFold(rest[:len(w)], w) {
				return true
			}
		}
		i = j
	}
	return false
}

// totalLabel reports whether a line gives a report's total under a
// label, a number after `Total:` (rdoc -C's `Total:      783 (522
// undocumented)`), as a verdict states it. The colon is what makes it a
// verdict: ls -l's `total 48` opens a listing.
func totalLabel(l string) bool {
	l = strings.TrimLeft(l, " \t")
	if len(l) < len("total:0") || !strings.EqualFold(l[:len("total:")], "total:") {
		return false
	}
	l = strings.TrimLeft(l[len("total:"):], " \t")
	return l != "" && l[0] >= '0' && l[0] <= '9'
}

// countNouns follow the numbers of a runner's closing counts.
var countNouns = [...]string{"pass", "fail", "error", "warning", "test", "skip", "ok", "problem", "broken", "todo",
	"suites", "total", "files", "succeeded", "up-to-date", "xfail", "deselected", "issue", "expected", "unexpected"}

// firstDistinct returns the index of the first block that is not a
// repeat, or -1.
func firstDistinct(blocks []logBlock) int {
	for i, b := range blocks {
		if b.dupOf() < 0 {
			return i
		}
	}
	return -1
}

func (o logOptions) withDefaults() logOptions {
	set := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&o.lineCap, defaultLogLineCap)
	o.lineCap = max(o.lineCap, 32) // room for a line's start and its cut note
	return o
}

// isTellingLine reports whether a line inside an error block says what
// went wrong.
func isTellingLine(l string) bool {
	if strings.HasPrefix(l, ">") || strings.HasPrefix(l, "E ") {
		return true // pytest: the failing source line and the exception
	}
	if strings.Contains(l, "Error Trace:") {
		return false // testify's file:line list; the Error: line says what went wrong
	}
	// One pass for the words Error, error, panic, fail, FAIL, Exception,
	// expected and assert anywhere in the line.
	for k := 0; k < len(l); k++ {
		if !tellingStart[l[k]] {
			continue
		}
		switch r := l[k:]; r[0] {
		case 'E':
			if strings.HasPrefix(r, "Error") || strings.HasPrefix(r, "Exception") {
				return true
			}
		case 'e':
			if strings.HasPrefix(r, "error") || strings.HasPrefix(r, "expected") {
				return true
			}
		case 'p':
			if strings.HasPrefix(r, "panic") {
				return true
			}
		case 'f':
			if strings.HasPrefix(r, "fail") {
				return true
			}
		case 'F':
			if strings.HasPrefix(r, "FAIL") {
				return true
			}
		case 'a':
			if strings.HasPrefix(r, "assert") {
				return true
			}
		}
	}
	return false
}

// tellingStart marks the first letters of isTellingLine's words.
var tellingStart = [256]bool{'E': true, 'e': true, 'p': true, 'f': true, 'F': true, 'a': true}

// userFrames returns the first two frames of a Go panic that are not the
// runtime's or the testing package's, each with its file line: where the
// crash is in the code under test.
func userFrames(lines logLines, b logBlock) []int {
	if !isPanicLine(lines.line(int(b.head))) {
		return nil
	}
	var out []int
	for i := int(b.head) + 1; i < int(b.last) && len(out) < 4; i++ {
		l := lines.line(i)
		if l == "" || l[0] == '\t' || l[0] == ' ' || !strings.Contains(l, "(") || strings.HasPrefix(l, "goroutine ") ||
			strings.HasPrefix(l, "runtime.") || strings.HasPrefix(l, "testing.") || strings.HasPrefix(l, "panic(") || strings.HasPrefix(l, "created by ") {
			continue
		}
		if next := lines.line(i + 1); strings.HasPrefix(next, "\t") {
			out = append(out, i, i+1)
		}
	}
	return out
}

// isPanicLine reports whether an error block is a crash: its trace matters
// more than an assertion's diff.
func isPanicLine(l string) bool {
	return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || containsPanickedAt(l) ||
		strings.HasPrefix(l, "Traceback") || strings.HasPrefix(l, "Exception in thread ")
}

// containsPanickedAt reports whether l holds " panicked at " (Rust's
// `thread 'main' panicked at src/main.rs:2:5:`). It stops at each 'k',
// rare in a line, where strings.Contains would stop at every space.
func containsPanickedAt(l string) bool {
	const word, k = " panicked at ", len(" panic")
	for from := k; from < len(l); {
		i := strings.IndexByte(l[from:], 'k')
		if i < 0 {
			return false
		}
		if at := from + i - k; strings.HasPrefix(l[at:], word) {
			return true
		}
		from += i + 1
	}
	return false
}

// dedupWarnings returns the representative (first) line of each distinct
// warning, in order, and how many times each occurs, by position in reps.
// It marks repeat on the lines of every warning folded into an earlier
// one: the warning line and the trace and blank lines that follow it
// (lines come from scanLog unmarked).
func dedupWarnings(lines logLines, blocks []logBlock) (reps []int, count []int32) {
	warnings := lines.countFlags(&isWarningFlags)
	seen := newFirstSeen(warnings, warnings, func(dst []byte, k int) []byte { return warningKey(dst, lines, reps[k]) })
	verbatim := newVerbatimCache(lines.len() / 8)
	var key []byte
	in := false // inside a repeated warning
	next := 0   // the first block that does not end before line i
	for i := 0; i < lines.len(); i++ {
		if !in {
			// Outside a repeated warning, only a warning line changes
			// anything: one read of each block's flags finds the next.
			if i = lines.flags.next(i, &isWarningFlags); i == lines.len() {
				break
			}
		}
		for next < len(blocks) && int(blocks[next].last) < i {
			next++
		}
		switch c := lines.class(i); {
		case next < len(blocks) && int(blocks[next].first) <= i:
			in = false
		case c == lineWarning:
			// The same bytes again from its level word on (a system log's
			// message repeated under another timestamp), where
			// normalizeLogLine starts: no need to normalise.
			raw := lines.line(i)
			if _, at := levelWord(raw); at > 0 {
				raw = raw[at:]
			}
			if subject := warningSubject(lines, i); subject > 0 {
				// The line below is what the warning is about: its
				// bytes are part of what is compared.
				_, end := lines.span(subject)
				at := len(lines.line(i)) - len(raw)
				start, _ := lines.span(i)
				raw = lines.text[start+at : end]
			}
			first, ok := verbatim.get(raw)
			if !ok {
				key = warningKey(key[:0], lines, i)
				first = seen.first(key, len(reps))
				verbatim.put(raw, first)
			}
			in = first < len(reps)
			if in {
				count[first]++
				break
			}
			reps = append(reps, i)
			count = append(count, 1)
		case c != lineTrace && c != lineBlank:
			in = false
		}
		lines.setRepeat(i, in)
	}
	return reps, count
}

// isWarningFlags, isPassedFlags, isSummaryFlags and isOtherFlags mark
// the flags (see logLines) of a line of their class.
var isWarningFlags, isPassedFlags, isSummaryFlags, isOtherFlags = classFlags(lineWarning), classFlags(linePassed), classFlags(lineSummary), classFlags(lineOther)

// classFlags marks the flags (see logLines) of a line of class c.
func classFlags(c uint8) (t [256]bool) {
	for f := range t {
		t[f] = uint8(f)&classMask == c
	}
	return t
}

// normalizeLogLine appends to dst s made equal to the lines that differ
// from it only in numbers, addresses, durations and timestamps: every
// standalone run of digits (with its decimals and its unit, `0.01s`) and
// every 0x… becomes '#'. Identities stay as they are: paths, `file.go:12`
// locations, quoted strings, and digits inside a name (`params0`, `test_1`,
// `Test2`). It looks at the first 200 bytes, where a message's identity
// is.
func normalizeLogLine(dst []byte, s string) []byte {
	// A system log's identity starts at its level word: what comes before
	// is a timestamp, a host, a node name.
	if _, i := levelWord(s); i >= 0 {
		s = s[i:]
	}
	s = strings.TrimSuffix(s[:min(len(s), 200)], "\r")
	if t := strings.TrimLeft(s, " \t"); len(t) < len(s) && t != "" && t[0] >= '1' && t[0] <= '9' && lintEntrySeverity(t) != "" {
		// A linter's entry under its file's header: its `line:col` is
		// its identity, as `file.js:12:5` is.
		pos, _, _ := strings.Cut(t, " ")
		dst = append(dst, pos...)
		s = t[len(pos):]
	}
	for i := 0; i < len(s); i++ {
		if i > 0 && !tokenSep[s[i-1]] && plainByte[s[i]] {
			// Inside a token, bytes that are no digit and no quote are
			// copied as they are: copy their run at once.
			j := i + 1
			for j < len(s) && plainByte[s[j]] && !tokenSep[s[j-1]] {
				j++
			}
			dst = append(dst, s[i:j]...)
			i = j - 1
			continue
		}
		c := s[i]
		tokenStart := i == 0 || s[i-1] == ' ' || s[i-1] == '(' || s[i-1] == '[' || s[i-1] == '=' || s[i-1] == '\t'
		if tokenStart {
			end, seen := i, uint8(0)
			for end < len(s) {
				f := tokenTab[s[end]]
				if f&tokenEnd != 0 {
					break
				}
				seen |= f
				end++
			}
			if seen&tokenMark != 0 && isIdentityToken(s[i:end]) || end > i && seen&(tokenMark|tokenChanges) == 0 {
				// A name kept whole; or a token of bytes no rule
				// changes, which a walk byte by byte copies as it is.
				dst = append(dst, s[i:end]...)
				i = end - 1
				continue
			}
		}
		if c == '"' || c == '`' || c == '\'' || c == 0xe2 {
			if q := closingQuote(s, i); q > i {
				dst = append(dst, s[i:q]...)
				i = q - 1
				continue
			}
		}
		switch {
		case c == '0' && i+1 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X'):
			i += 2
			for i < len(s) && isHexDigit(s[i]) {
				i++
			}
			i--
			dst = append(dst, '#')
		case c >= '0' && c <= '9' && (i == 0 || !isWordByte(s[i-1])):
			for i < len(s) && (s[i] >= '0' && s[i] <= '9' || (s[i] == '.' || s[i] == ',') && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9') {
				i++
			}
			if i < len(s) && unitStart[s[i]] {
				for _, u := range [...]string{"ms", "µs", "us", "ns", "s", "m", "h"} {
					if strings.HasPrefix(s[i:], u) && (i+len(u) == len(s) || !isLetter(s[i+len(u)])) {
						i += len(u)
						break
					}
				}
			}
			i--
			dst = append(dst, '#')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// tokenSep marks the bytes after which normalizeLogLine sees a token
// start; plainByte the bytes it copies as they are inside a token.
var tokenSep, plainByte = func() (sep, plain [256]bool) {
	for _, c := range []byte(" ([=\t") {
		sep[c] = true
	}
	for c := range plain {
		plain[c] = !(c >= '0' && c <= '9') && c != '"' && c != '`' && c != '\'' && c != 0xe2
	}
	return sep, plain
}()

// tokenTab classes the bytes of a token for normalizeLogLine: those that
// end it, the marks that may make it an identity ('/', ':', '(', ']'),
// and those a rule may change (digits, quotes).
var tokenTab = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == ' ' || c == '\t':
			t[c] = tokenEnd
		case c == '/' || c == ':' || c == '(' || c == ']':
			t[c] = tokenMark
		case !plainByte[c]:
			t[c] = tokenChanges
		}
	}
	return t
}()

const (
	tokenEnd uint8 = 1 << iota
	tokenMark
	tokenChanges
)

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// unitStart marks the first bytes of the duration units normalizeLogLine
// folds into a number: ms µs us ns s m h.
var unitStart = func() (t [256]bool) {
	for _, u := range [...]string{"ms", "µs", "us", "ns", "s", "m", "h"} {
		t[u[0]] = true
	}
	return t
}()

// isIdentityToken reports whether a word names something: a path (a '/'
// next to a letter) or a `name.ext:line` location.
func isIdentityToken(w string) bool {
	if len(w) < 3 {
		return false
	}
	if i := strings.IndexByte(w, '/'); i >= 0 && hasLetter(w) {
		return true
	}
	if w[len(w)-1] == ']' && strings.IndexByte(w, '[') > 0 {
		return true // a parametrized test's id: test_x[args0-1]
	}
	// name.ext:12 or name.ext(12,3)
	for i := 1; i+2 < len(w); i++ {
		if w[i] == '.' && isLetter(w[i+1]) && isWordByte(w[i-1]) {
			j := i + 1
			for j < len(w) && isWordByte(w[j]) {
				j++
			}
			if j+1 < len(w) && (w[j] == ':' || w[j] == '(') && w[j+1] >= '0' && w[j+1] <= '9' {
				return true
			}
		}
	}
	return false
}

// closingQuote returns the end (after the closing quote) of a quoted
// string that starts at i, or -1: '…' and ‘…’ and "…" and `…`, an
// apostrophe inside a word excepted.
func closingQuote(s string, i int) int {
	var open, closing string
	switch {
	case s[i] == '"', s[i] == '`':
		open, closing = s[i:i+1], s[i:i+1]
	case s[i] == '\'' && (i == 0 || !isWordByte(s[i-1])):
		open, closing = "'", "'"
	case strings.HasPrefix(s[i:], "‘"):
		open, closing = "‘", "’"
	default:
		return -1
	}
	j := strings.Index(s[i+len(open):], closing)
	if j < 0 {
		return -1
	}
	return i + len(open) + j + len(closing)
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// logPriorities calls tell, then rest, on line indices in the order they
// should be kept: tell on every failure's telling lines, rest on the
// traces and what follows. The order is given, not listed: a log of a
// million one-line failures must not build a list of five million.
func logPriorities(lines logLines, blocks []logBlock, told []int32, warnReps []int, tell, rest func(i int)) {
	emit := tell
	each := func(from, to int) { // lines from to to-1
		for i := from; i < to; i++ {
			emit(i)
		}
	}
	// 1. Runner summaries, the last ones first matter most: keep the last
	// logSummaryMax, in order (found forward, a block of flags at a time).
	var last [logSummaryMax]int
	sums := 0
	for i := lines.flags.next(0, &isSummaryFlags); i < lines.len(); i = lines.flags.next(i+1, &isSummaryFlags) {
		last[sums%logSummaryMax] = i
		sums++
	}
	for k := max(0, sums-logSummaryMax); k < sums; k++ {
		emit(last[k%logSummaryMax])
	}
	// What the summaries that announce a body list under them.
	for k := max(0, sums-logSummaryMax); k < sums; k++ {
		each(summaryLines(lines, last[k%logSummaryMax]))
	}
	// The very last lines: where a run ends, and says how.
	each(max(0, lines.len()-logLastLines), lines.len())
	if i := lastFailureLine(lines); i >= 0 {
		emit(i)
	}
	// 2. The error line of every distinct error, with the source line it
	// names when its block quotes it (see pointedLine).
	banners := newProgressScan()
	for _, k := range told {
		each(int(blocks[k].head), headEnd(lines, blocks[k])+1)
		if p := pointedLine(lines, blocks[k]); p >= 0 {
			emit(p)
		}
		// The banner of the unit it failed in (ansible's `TASK [Copy …]
		// ****`), which names it as a file:line would.
		if p := banners.stepAbove(lines, blocks[k]); p >= 0 && endsInBannerRule(lines.line(p)) {
			emit(p)
		}
	}
	// 3. The tail.
	each(max(0, lines.len()-defaultLogTail), lines.len())
	// 4. Every distinct error's telling lines — the ones that say error,
	// failed, panic, expected, with the line after one that ends in ':';
	// a pytest failure's E and '>' lines — and its last lines, for every block before any block's long trace,
	// shared out in rounds so that a long run of failures does not starve
	// its last ones: the first telling line of every block, then every
	// block's last lines (a pytest failure's file:line: Error), then every
	// block's next telling line, up to blockKeyLines.
	var more []toldTelling // the blocks with more than one telling line, found once for every round
	progress := newProgressScan()
	for _, k := range told {
		b := blocks[k]
		t := tellingLines(lines, b)
		for _, i := range leadIn(lines, b) {
			emit(i)
		}
		emitTelling(emit, lines, b, t, 0, 1)
		for _, i := range userFrames(lines, b) { // where a crash is in the code under test
			emit(i)
		}
		if p := progress.above(lines, b); p >= 0 {
			emit(p)
		}
		if t.n > 1 {
			more = append(more, toldTelling{int32(k), t})
		}
	}
	for _, k := range told {
		b := blocks[k]
		each(max(int(b.first), int(b.last)-blockEnd+1), int(b.last)+1)
	}
	for r := 1; r < blockKeyLines; r++ {
		for _, m := range more {
			emitTelling(emit, lines, blocks[m.block], m.t, r, r+1)
		}
	}
	emit = rest
	// 5. Each distinct block's trace, panics first: its first lines, then
	// its last ones.
	for _, panics := range [...]bool{true, false} {
		for _, k := range told {
			b := blocks[k]
			if isPanicLine(lines.line(int(b.head))) != panics {
				continue
			}
			each(int(b.first), min(int(b.last), int(b.first)+defaultTraceHead-1)+1)
			each(max(int(b.first)+defaultTraceHead, int(b.last)-defaultTraceTail+1), int(b.last)+1)
		}
	}
	// 6. The head.
	each(0, min(lines.len(), defaultLogHead))
	// The line right below each failure, and the one above what leads it
	// in: a warning next to a failure tells more than one far from any;
	// and the step it sits under, where no progress line counts it (see
	// stepAbove). Where a lead-in starts is found again, not kept: four
	// bytes a block.
	steps := newProgressScan()
	for _, k := range told {
		b := blocks[k]
		if progress.above(lines, b) < 0 {
			if p := steps.stepAbove(lines, b); p >= 0 {
				emit(p)
			}
		}
		for _, i := range [...]int{int(b.last) + 1, leadTop(lines, b) - 1} {
			if i >= 0 && i < lines.len() && lines.class(i) != lineBlank && !lines.repeat(i) {
				emit(i)
				if i > int(b.last) && headsList(lines, i) {
					emit(i + 1) // what the note below a failure lists: GHC's modules -fkeep-going removes
				}
			}
		}
	}
	// 7. Every distinct warning once, breadth first (see breadthFirst).
	for _, i := range breadthFirst(lines, warnReps) {
		emit(i)
		if s := warningSubject(lines, i); s > 0 {
			emit(s)
		}
	}
	// The outline: the headings that groups of diagnostics sit under
	// (go build's `# pkg`, pylint's `************* Module x`, gcc's `a.c:
	// In function 'f':`), which name every unit the run went through;
	// after the warnings, which a compiler's log holds more of.
	for n, i := 0, nextDiagnosticHeading(lines, 0); i >= 0 && n < outlineMax; i = nextDiagnosticHeading(lines, i+1) {
		emit(i)
		n++
	}
	// 8. Packages and tests that passed (go test's ok lines).
	for i := lines.flags.next(0, &isPassedFlags); i < lines.len(); i = lines.flags.next(i+1, &isPassedFlags) {
		if strings.HasPrefix(lines.line(i), "ok") {
			emit(i)
		}
	}
	// 9. The middles of long traces.
	for _, b := range blocks {
		if b.dupOf() < 0 {
			each(int(b.first)+defaultTraceHead, int(b.last)-defaultTraceTail+1)
		}
	}
}

// headEnd returns the last line of what block b's first line says: the
// head, and below it, within the block, the lines its message goes on in
// — a message wrapped where a line ends in a space (dialyzer breaks a
// warning's types onto indented lines, `The pattern ` / `{'error', R, _}
// can never match the type ` / `{'error', atom()}`) — and the fields that
// qualify it, indented `Key: value` lines right under it (bandit's
// `Severity: High   Confidence: High`, `Location: a.py:59`): a finding as
// a reader names it, told as one.
func headEnd(lines logLines, b logBlock) int {
	i := int(b.head)
	for i < int(b.last) && i-int(b.head) < headLinesMax {
		l := strings.TrimRight(lines.line(i), "\r")
		if l == "" || l[len(l)-1] != ' ' && l[len(l)-1] != '\t' {
			if !isFieldLine(lines.line(i + 1)) {
				break
			}
		}
		i++
	}
	return i
}

// headLinesMax bounds the lines headEnd adds to a block's head.
const headLinesMax = 4

// isFieldLine reports whether l is an indented `Key: value` line whose key
// is a word or two of letters: a field of the finding above it.
func isFieldLine(l string) bool {
	if l == "" || l[0] != ' ' && l[0] != '\t' {
		return false
	}
	t := l[indentEnd(l):]
	words := 0
	for i := 0; i < len(t) && i < 24; i++ {
		switch c := t[i]; {
		case isLetter(c):
			if i == 0 || t[i-1] == ' ' {
				words++
			}
		case c == ' ' && i > 0 && isLetter(t[i-1]) && words < 2:
		case c == ':':
			return i > 0 && isLetter(t[i-1]) && i+1 < len(t) && t[i+1] == ' '
		default:
			return false
		}
	}
	return false
}

// outlineMax bounds the diagnostic headings a failure's log keeps after
// its distinct warnings: a short line each, in input order.
const outlineMax = 32

// isDiagnosticHeading reports whether line i heads a group of
// diagnostics: a line in its first column that is no diagnostic itself,
// right above a `path:line:col: ` diagnostic, or one blank line above it
// (ghc's `[ 1 of 22] Compiling M ( M.hs, M.o )`).
func isDiagnosticHeading(lines logLines, i int) bool {
	if lines.class(i) != lineOther {
		return false
	}
	below := i + 1
	if lines.class(below) == lineBlank {
		if below+1 >= lines.len() || lines.class(below+1) == lineBlank {
			return false
		}
		below++
	}
	next := lines.line(below)
	if next == "" || next[0] == ' ' || next[0] == '\t' || !isPositionLine(next) {
		return false // most lines: the line below, read first, holds no position
	}
	l := lines.line(i)
	return l != "" && l[0] != ' ' && l[0] != '\t' && !isPositionLine(l)
}

// nextDiagnosticHeading returns the first line at or after from that
// isDiagnosticHeading accepts, or -1. It finds the lineOther lines a
// block of flags at a time.
func nextDiagnosticHeading(lines logLines, from int) int {
	n := lines.len()
	for i := lines.flags.next(from, &isOtherFlags); i+1 < n; i = lines.flags.next(i+1, &isOtherFlags) {
		if isDiagnosticHeading(lines, i) {
			return i
		}
	}
	return -1
}

// leadTop returns the first line of block b with the lines that lead it
// in (see leadIn).
func leadTop(lines logLines, b logBlock) int {
	top := int(b.first)
	for _, i := range leadIn(lines, b) {
		top = min(top, i)
	}
	return top
}

// toldTelling is a told block's telling lines.
type toldTelling struct {
	block int32
	t     telling
}

// telling holds the first blockKeyLines telling lines of a block.
type telling struct {
	at     [blockKeyLines]int32
	n      uint8
	pytest bool // a pytest section's: no line after one is added
}

// tellingLines returns the first blockKeyLines telling lines of block b:
// a pytest failure's in the order pytestTelling gives; otherwise every
// error line, the pointed and marked lines and every line isTellingLine
// accepts, in order, but the block's first.
func tellingLines(lines logLines, b logBlock) telling {
	var t telling
	if isPytestSection(lines.line(int(b.head))) {
		t.pytest = true
		for _, i := range pytestTelling(lines, b) {
			if int(t.n) == blockKeyLines {
				break
			}
			t.at[t.n] = int32(i)
			t.n++
		}
		return t
	}
	pointed, marked := pointedLine(lines, b), frameMarkedLine(lines, b)
	for i := int(b.first); i <= int(b.last) && int(t.n) < blockKeyLines; i++ {
		if i == int(b.head) || i != pointed && i != marked && !(lines.class(i) == lineError || isTellingLine(lines.line(i))) {
			continue
		}
		t.at[t.n] = int32(i)
		t.n++
	}
	return t
}

// pointedLine returns the line of block b that quotes, by its number, the
// source line b's head names (bandit's `2149\t    imgfile = …` under its
// `Location: a.py:2149`, a code frame's `  59 | …` under `a.c:59:5:
// error: …`), or the line a caret head points into (see quotedAbove):
// where the finding is, told with it. It returns -1 when b quotes no such
// line within pointedReach lines below its head.
func pointedLine(lines logLines, b logBlock) int {
	if q := quotedAbove(lines, int(b.first), int(b.head), lines.line(int(b.head))); q >= 0 {
		return q
	}
	end := headEnd(lines, b)
	n := ""
	for i := int(b.head); i <= end; i++ {
		if m := positionNumber(lines.line(i)); m != "" {
			n = m
		}
	}
	if n == "" {
		return -1
	}
	for i := end + 1; i <= min(int(b.last), end+pointedReach); i++ {
		l := lines.line(i)
		t := l[indentEnd(l):]
		if len(t) > len(n) && strings.HasPrefix(t, n) && (t[len(n)] == '\t' || t[len(n)] == ' ') {
			return i
		}
	}
	return -1
}

// frameMarkedLine returns the line of an excerpt under block b's head that
// the excerpt marks with a '>' in its margin (a code frame's `  > 22 │
// …`): what the finding is about, one of its telling lines. It returns
// -1 when no indented line within pointedReach lines below the head is
// so marked.
func frameMarkedLine(lines logLines, b logBlock) int {
	end := headEnd(lines, b)
	for i := end + 1; i <= min(int(b.last), end+pointedReach); i++ {
		l := lines.line(i)
		k := indentEnd(l)
		if t := l[k:]; k > 0 && len(t) > 2 && t[0] == '>' && t[1] == ' ' {
			return i
		}
	}
	return -1
}

// pointedReach bounds how far below a finding's head pointedLine looks:
// an excerpt shows a few lines around the one it points at.
const pointedReach = 8

// positionNumber returns the line number of the first source position in
// l, `path.ext:N`, or "": a URL's port is none.
func positionNumber(l string) string {
	l = l[:min(len(l), 300)]
	for c := strings.IndexByte(l, ':'); c >= 0; {
		k := c + 1
		for k < len(l) && l[k] >= '0' && l[k] <= '9' {
			k++
		}
		if k > c+1 && (k == len(l) || l[k] < '0' || l[k] > '9') {
			word := l[strings.LastIndexAny(l[:c], " \t")+1 : c]
			if dot := strings.LastIndexByte(word, '.'); dot >= 0 && dot < len(word)-1 && isLetter(word[dot+1]) && !strings.Contains(word, "://") {
				return l[c+1 : k]
			}
		}
		next := strings.IndexByte(l[c+1:], ':')
		if next < 0 {
			break
		}
		c += 1 + next
	}
	return ""
}

// emitTelling calls emit on block b's telling lines from its from-th to
// before its to-th, each (but a pytest failure's) with the line after it
// when it ends in ':'.
func emitTelling(emit func(int), lines logLines, b logBlock, t telling, from, to int) {
	for k := from; k < min(to, int(t.n)); k++ {
		i := int(t.at[k])
		emit(i)
		if !t.pytest && announcesNext(lines.line(i)) && i+1 <= int(b.last) {
			emit(i + 1)
		}
	}
}

// announcesNext reports whether a line ends where what it says goes on
// in the next line: on a ':' (`Expected:`), or on a word no sentence
// ends on (test-unit's `<x> expected but was` above `<y>`, `… but got`).
func announcesNext(l string) bool {
	l = strings.TrimRight(l, " \t\r")
	if strings.HasSuffix(l, ":") {
		return true
	}
	for _, w := range continuingEnds {
		if strings.HasSuffix(l, w) {
			return true
		}
	}
	return false
}

// continuingEnds are the last words of a line that announce a value on
// the next one.
var continuingEnds = [...]string{" was", " got", " but", " is", " to be", " than", " instead of"}

// pytestTelling returns the telling lines of a pytest failure in the
// order they tell: the exception's first E line, the failing source line
// (the '>' line above it), the other E lines, the other '>' lines. Source
// lines that merely mention an error or an expected value are context.
func pytestTelling(lines logLines, b logBlock) []int {
	var ex, src []int
	for i := int(b.first) + 1; i <= int(b.last); i++ {
		switch l := lines.line(i); {
		case strings.HasPrefix(l, "E "):
			ex = append(ex, i)
		case strings.HasPrefix(l, ">"):
			src = append(src, i)
		}
	}
	out := make([]int, 0, len(ex)+len(src))
	if len(ex) > 0 {
		out = append(out, ex[0])
		failing := -1
		for k, i := range src {
			if i < ex[0] {
				failing = k
			}
		}
		if failing >= 0 {
			out = append(out, src[failing])
			src = append(src[:failing:failing], src[failing+1:]...)
		}
		ex = ex[1:]
	}
	return append(append(out, ex...), src...)
}

// logSelection chooses lines within a byte limit, counting the gap notes
// that the chosen lines leave between them.
type logSelection struct {
	text      string
	lines     logLines
	blocks    []logBlock
	warnReps  []int   // the first line of each distinct warning, in order
	warnCount []int32 // occurrences of each distinct warning, by its place in warnReps
	folded    []int32 // the blocks that identical blocks were folded into, in order
	keptBits  bitSet  // the kept lines: a bit a line, for a log of a million tiny lines
	cutBits   bitSet  // kept while every failure was being told: cut at tellCap, not lineCap
	limit     int
	cost      int
	lineCap   int
	gapCost   int // an upper bound on one gap note line
}

// bitSet is a set of line indices, a bit each.
type bitSet []uint64

func newBitSet(n int) bitSet    { return make(bitSet, (n+63)/64) }
func (b bitSet) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitSet) set(i int, on bool) {
	if on {
		b[i/64] |= 1 << (i % 64)
	} else {
		b[i/64] &^= 1 << (i % 64)
	}
}

// count returns how many indices the set holds.
func (b bitSet) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

func newLogSelection(text string, lines logLines, blocks []logBlock, warnReps []int, warnCount []int32, limit, lineCap int) *logSelection {
	s := &logSelection{text: text, lines: lines, blocks: blocks, warnReps: warnReps, warnCount: warnCount, keptBits: newBitSet(lines.len()), cutBits: newBitSet(lines.len()), limit: limit, lineCap: lineCap}
	s.gapCost = len(gapNote(lines.len())) + 2
	s.cost = s.gapCost // everything omitted: one gap
	for k, b := range blocks {
		if b.repeats() > 0 {
			s.folded = append(s.folded, int32(k))
		}
	}
	return s
}

// pickTelling keeps line i, an error or summary line whole (to lineCap)
// and any other cut at tellCap: when every failure's telling lines are
// kept in turn, one failure's kilobyte-long value dump must not crowd out
// the next failures.
func (s *logSelection) pickTelling(i int) {
	if !s.kept(i) && s.lines.class(i) != lineError && s.lines.class(i) != lineSummary {
		s.cutBits.set(i, true)
	}
	if !s.pick(i) {
		s.cutBits.set(i, false)
	}
}

// kept reports whether line i is kept.
func (s *logSelection) kept(i int) bool { return s.keptBits.has(i) }

// tellCap is the cap on a telling line kept before every failure has
// been told.
const tellCap = 320

// pickBlock keeps block b whole, with its lead-in, in order, while the
// selection stays within bound.
func (s *logSelection) pickBlock(b logBlock, bound int) {
	for _, i := range leadIn(s.lines, b) {
		s.pickWithin(i, bound)
	}
	for i := int(b.first); i <= int(b.last); i++ {
		if !s.pickWithin(i, bound) {
			return
		}
	}
}

// pickWithin keeps line i if the selection stays within bound.
func (s *logSelection) pickWithin(i, bound int) bool {
	if s.kept(i) {
		return true
	}
	gaps := s.gapDelta(i) * s.gapCost
	if s.cost+gaps > bound || s.cost+s.lineCost(i)+gaps > bound {
		return false
	}
	return s.pick(i)
}

// fill spends the limit on what is left while less than bound is used:
// every block's lines, every failure and summary line, then the head
// growing downwards and the tail upwards, the head taking fillHeadShare
// of the bytes they add, as a blind clip would (three quarters of its
// budget on the head, an eighth on the tail): so that no line of a
// failure, and no other line, is dropped while room is left, and the
// plan never shows less of the log's ends than the clip it replaces.
func (s *logSelection) fill(bound int) {
	for _, b := range s.blocks {
		if b.dupOf() < 0 {
			for i := int(b.first); i <= int(b.last) && s.cost < bound; i++ {
				s.pick(i)
			}
		}
	}
	next := 0 // the first block whose head is not above line i
	for i := range s.lines.len() {
		if s.cost >= bound {
			return
		}
		c := s.lines.class(i)
		if c != lineError && c != lineSummary {
			continue
		}
		for next < len(s.blocks) && int(s.blocks[next].head) < i {
			next++
		}
		if next < len(s.blocks) && int(s.blocks[next].head) == i {
			// A repeat shown in its place comes with what leads it in,
			// as its first does: the same line introduces it.
			for _, k := range leadIn(s.lines, s.blocks[next]) {
				s.pick(k)
			}
		}
		s.pick(i)
	}
	top, bottom := 0, s.lines.len()-1
	headBytes, tailBytes := 0, 0
	for top <= bottom && s.cost < bound {
		for top <= bottom && s.kept(top) {
			top++
		}
		for bottom >= top && s.kept(bottom) {
			bottom--
		}
		if top > bottom {
			break
		}
		before := s.cost
		if headBytes*fillTailShare <= tailBytes*fillHeadShare {
			// The head grows as a clip's would, a folded repeat with
			// the rest: shown in its place, it is no longer counted in
			// its first's (×N), and the first reads as the log wrote it.
			if s.lines.class(top) != linePassed && s.pick(top) {
				headBytes += s.cost - before
			} else if s.cost+s.gapCost*2 >= s.limit {
				break
			}
			top++
			continue
		}
		if s.fillable(bottom) && s.pick(bottom) {
			tailBytes += s.cost - before
		} else if s.cost+s.gapCost*2 >= s.limit {
			break
		}
		bottom--
	}
}

// fillHeadShare : fillTailShare is how fill shares the room left between
// the head and the tail: the blind clip's 75 % : 12.5 %.
const (
	fillHeadShare = 6
	fillTailShare = 1
)

// fillable reports whether fill may spend budget on line i: not a folded
// repeat, and not a test that passed (=== RUN, --- PASS), which the
// verdict counts.
func (s *logSelection) fillable(i int) bool {
	return !s.lines.repeat(i) && s.lines.class(i) != linePassed
}

// pickAll keeps each listed line that still fits, in the order given.
func (s *logSelection) pickAll(order []int) {
	for _, i := range order {
		s.pick(i)
	}
}

// pick keeps line i if it fits, and reports whether it is kept.
func (s *logSelection) pick(i int) bool {
	if s.kept(i) {
		return true
	}
	gaps := s.gapDelta(i) * s.gapCost
	if s.cost+gaps > s.limit {
		return false // whatever the line costs: no need to price it
	}
	delta := s.lineCost(i) + gaps
	if s.cost+delta > s.limit {
		return false
	}
	s.keptBits.set(i, true)
	s.cost += delta
	return true
}

// pickSpare spends what the limit leaves after every priority on context,
// so that the agent need not re-run to see it: the lines around each
// distinct error block, up to contextBefore above it (its lead-in
// included) and contextAfter below, one line a side per block in each
// round so that every block gets its share; then the lines below each
// distinct warning, the code it points at; then the tail grows upwards
// from its tail lines, then the head downwards from its head lines, each
// to a bound (spareTail, spareHead). Each
// run stops at the first line that does not fit, so context stays whole,
// and at a repeated warning.
func (s *logSelection) pickSpare(head, tail int) {
	// Two runs a distinct block, in order: up from above its lead-in,
	// down from below its last line. Where an up run starts is kept, four
	// bytes a block, not a run's state: the state is a bit (see growRuns);
	// a down run starts below its block's last line, found in the blocks.
	distinct := 0
	for _, b := range s.blocks {
		if b.dupOf() < 0 {
			distinct++
		}
	}
	tops := make([]int32, 0, distinct)
	for _, b := range s.blocks {
		if b.dupOf() >= 0 {
			continue
		}
		tops = append(tops, int32(leadTop(s.lines, b)-1))
	}
	nth := distinctCursor(s.blocks)
	s.growRuns(2*len(tops), func(k int) (int, int, int) {
		if k%2 == 0 {
			return int(tops[k/2]), -1, contextBefore
		}
		return int(nth(k/2).last) + 1, 1, contextAfter
	})
	s.growRuns(len(s.warnReps), func(k int) (int, int, int) { return s.warnReps[k] + 1, 1, contextAfter })
	for i := s.lines.len() - tail - 1; i >= max(0, s.lines.len()-spareTail) && s.pickContext(i); i-- {
	}
	for i := head; i < min(s.lines.len(), spareHead) && s.pickContext(i); i++ {
	}
}

// distinctCursor returns a function that gives the k-th distinct block
// (the first of its kind) of blocks. It walks on from the last one asked,
// so asking in rising order, as growRuns does in every round, costs one
// walk over the blocks a round.
func distinctCursor(blocks []logBlock) func(k int) logBlock {
	j, d := 0, 0 // blocks[j] is at or before the d-th distinct block
	return func(k int) logBlock {
		if k < d {
			j, d = 0, 0
		}
		for ; ; j++ {
			if blocks[j].dupOf() < 0 {
				if d == k {
					return blocks[j]
				}
				d++
			}
		}
	}
}

// spareTail and spareHead bound how far the tail and the head grow into
// spare room. The budget is a ceiling, not a target: every kept line is
// billed again on every turn, and the lines far from the errors and the
// summaries of a test run are mostly "--- PASS" and "=== RUN".
const (
	spareTail = 30
	spareHead = 10
)

// growRuns grows n runs by one line a round, in order, until none can
// grow. Run k starts at a line and steps through left lines, which run(k)
// returns; it stops at the first line that does not fit. In round r a run
// that has not stopped is at start+r*step, so what a run must remember is
// one bit: whether it stopped.
func (s *logSelection) growRuns(n int, run func(k int) (start, step, left int)) {
	stopped := make([]uint64, (n+63)/64)
	for r, growing := 0, true; growing; r++ {
		growing = false
		for k := range n {
			if stopped[k/64]&(1<<(k%64)) != 0 {
				continue
			}
			start, step, left := run(k)
			next := start + r*step
			if r >= left || next < 0 || next >= s.lines.len() {
				continue
			}
			if !s.pickContext(next) {
				stopped[k/64] |= 1 << (k % 64)
				continue
			}
			growing = true
		}
	}
}

// pickContext keeps line i as context if it fits and is not part of a
// repeated warning, which is shown once, with its count.
func (s *logSelection) pickContext(i int) bool {
	return !s.lines.repeat(i) && s.pick(i)
}

// lineCost is what keeping line i adds, as it will be shown: possibly
// cut, with its count if it stands for N occurrences.
func (s *logSelection) lineCost(i int) int {
	above, mark := s.countMarks(i, s.times(i))
	n := s.lineItem(i, mark).size()
	if above != "" {
		n += noteLine(above).size()
	}
	return n
}

// countMarks says how line i shows that it stands for times occurrences:
// a note of its own above it, or a mark at its end; neither when times
// is 1 or less. The count ends a line that ends its message, ` (×17)`; a
// line that introduces what follows it (it ends in a colon: sass's
// `DEPRECATION WARNING: darken() is deprecated. Suggestions:` over its
// suggestions and code frame) is written as the tool wrote it, its count
// on the note above it, so that the message reads on below it line for
// line. So is a failure whose next line introduces its detail (go test's
// `--- FAIL: ExampleGroup (0.00s)` over `got:`): the failure reads on
// below it as the tool wrote it.
func (s *logSelection) countMarks(i, times int) (above, mark string) {
	if times <= 1 {
		return "", ""
	}
	count := "×" + txt.Commas(times)
	if introducesBelow(s.lines.line(i)) || s.opensBlockBelow(i) {
		return "[…next line " + count + "…]", ""
	}
	return "", " (" + count + ")"
}

// opensBlockBelow reports whether line i heads an error block and its
// next line, one no rule reads, introduces what follows it (a failed
// example's `got:`): the failure's detail reads on below it. A warning
// heads none.
func (s *logSelection) opensBlockBelow(i int) bool {
	if s.lines.class(i) == lineWarning || i+1 >= s.lines.len() || s.lines.class(i+1) != lineOther {
		return false
	}
	b := blockAt(s.blocks, i)
	return b >= 0 && int(s.blocks[b].head) == i && introducesBelow(s.lines.line(i+1))
}

// introducesBelow reports whether a line ends in a colon: what it says
// goes on in the lines below it.
func introducesBelow(l string) bool {
	return strings.HasSuffix(strings.TrimRight(l, " \t\r"), ":")
}

// times is how many occurrences line i stands for when it stands for
// more than one: a distinct warning's, or a block's first line with the
// identical blocks folded into it; otherwise 0 or 1. A warning line is
// no block's, and only a block with repeats is looked for, among the
// few that have them: times is asked of every line a plan considers.
func (s *logSelection) times(i int) int {
	if s.lines.class(i) == lineWarning {
		if k, ok := slices.BinarySearch(s.warnReps, i); ok {
			return int(s.warnCount[k])
		}
		return 0 // a repeat, folded into its first
	}
	lo, hi := 0, len(s.folded)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(s.blocks[s.folded[m]].head) < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(s.folded) && int(s.blocks[s.folded[lo]].head) == i {
		return s.blocks[s.folded[lo]].repeats() + 1
	}
	return 1
}

// gapDelta is how the number of gaps changes if line i is kept.
func (s *logSelection) gapDelta(i int) int {
	prev := i > 0 && !s.kept(i-1)
	next := i+1 < s.lines.len() && !s.kept(i+1)
	switch {
	case prev && next:
		return 1
	case !prev && !next:
		return -1
	}
	return 0
}

func (s *logSelection) keptCount() int {
	return s.keptBits.count()
}

// items renders the selection in input order with gap notes, marking
// warnings and repeated errors with their counts.
func (s *logSelection) items() []item {
	var items []item
	gap := 0
	// A repeat shown in its own place is not counted again in the first
	// one's (×N).
	shown := map[int]int{}
	for _, b := range s.blocks {
		if b.dupOf() >= 0 && s.kept(int(b.head)) {
			shown[b.dupOf()]++
		}
	}
	warnShown := s.repeatWarningsShown()
	for i, n := 0, s.lines.len(); i < n; i++ {
		if w := s.keptBits[i/64] >> (i % 64); w&1 == 0 {
			// Not kept, nor the lines up to the next kept one in this
			// word: counted at once, not read bit by bit.
			skip := n - i
			if w != 0 {
				skip = bits.TrailingZeros64(w)
			}
			skip = min(skip, 64-i%64, n-i)
			gap += skip
			i += skip - 1
			continue
		}
		if gap > 0 {
			items = append(items, noteLine(gapNote(gap)))
			gap = 0
		}
		times := s.times(i)
		if b := blockAt(s.blocks, i); b >= 0 && int(s.blocks[b].head) == i && s.blocks[b].dupOf() < 0 {
			times -= shown[b]
		}
		if k, ok := warnShown[i]; ok {
			times -= k
		}
		above, mark := s.countMarks(i, times)
		if above != "" {
			items = append(items, noteLine(above))
		}
		items = append(items, s.lineItem(i, mark))
	}
	if gap > 0 {
		items = append(items, noteLine(gapNote(gap)))
	}
	return items
}

// repeatWarningsShown counts, by the first line of each distinct
// warning, its repeats kept in their own places: those the first's (×N)
// no longer stands for. It is nil when none is kept, as in most plans.
func (s *logSelection) repeatWarningsShown() map[int]int {
	var shown map[int]int
	var reps map[string]int
	var key []byte
	for wi, w := range s.keptBits {
		for ; w != 0; w &= w - 1 {
			k := wi*64 + bits.TrailingZeros64(w)
			if !s.lines.repeat(k) || s.lines.class(k) != lineWarning {
				continue
			}
			if reps == nil {
				reps = make(map[string]int, len(s.warnReps))
				for _, r := range s.warnReps {
					key = warningKey(key[:0], s.lines, r)
					if _, dup := reps[string(key)]; !dup {
						reps[string(key)] = r
					}
				}
				shown = map[int]int{}
			}
			key = warningKey(key[:0], s.lines, k)
			if r, ok := reps[string(key)]; ok {
				shown[r]++
			}
		}
	}
	return shown
}

// lineItem keeps one line, cut at lineCap on a rune boundary, with mark
// after it (its count, or nothing). A line with terminal noise (ANSI
// escapes, segments a '\r' overwrote) is written clean, as the terminal
// showed it.
func (s *logSelection) lineItem(i int, mark string) item {
	start, end := s.lines.span(i)
	lineCap := s.lineCap
	if s.cutBits.has(i) {
		lineCap = tellCap
	}
	if raw := s.text[start:end]; txt.HasTerminalNoise(raw) {
		clean := strings.TrimSuffix(txt.CleanTerminal(raw), "\r")
		if len(clean) > lineCap {
			end := txt.RuneStartAtOrBefore(clean, lineCap)
			mark = "…[+" + txt.Commas(len(clean)-end) + " bytes]" + mark
			clean = clean[:end]
		}
		if clean == "" && mark == "" {
			clean = " "
		}
		return noteLine(clean + mark)
	}
	lineEnd, note := end, ""
	if end-start > lineCap {
		end = txt.RuneStartAtOrBefore(s.text, start+lineCap)
		note = "…[+" + txt.Commas(lineEnd-end) + " bytes]"
	}
	note += mark
	if note != "" {
		return item{start: start, end: end, note: note}
	}
	if end < len(s.text) {
		end++ // the line break
	}
	return keepRange(start, end)
}

func gapNote(n int) string { return "[…" + txt.Plural(n, "line") + " omitted…]" }
