package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// logOptions tunes planLog; the zero value means the defaults.
type logOptions struct {
	lineCap   int // bytes of one kept line shown; 0 means defaultLogLineCap
	head      int // first lines kept; 0 means defaultLogHead
	tail      int // last lines kept; 0 means defaultLogTail
	traceHead int // first lines of an error block kept before its last ones; 0 means defaultTraceHead
	traceTail int // last lines of an error block; 0 means defaultTraceTail
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

// A logLine is one input line, without its line break.
type logLine struct {
	start, end int
	class      uint8
	repeat     bool  // part of a warning folded into an earlier one; see dedupWarnings
	block      int32 // index of the error block it belongs to, or -1
}

// A logBlock is an error line and the trace lines that follow it.
type logBlock struct {
	head        int // the error line
	first, last int // line indices, inclusive; go test -v prints a failure's detail before its --- FAIL line
	dupOf       int // index of the first identical block, or -1
	repeats     int // identical blocks folded into this one
}

// planLog plans the output of an exec tool: a build, a test run, an
// install, a system log. It keeps, in this order of priority while limit
// lasts: runner summaries; the first line of every distinct error; the
// tail; each error block with its trace (its first 40 and last 10 lines,
// then the rest); the head; every distinct warning once, marked (×N).
// What the limit leaves then goes to context: lines around each error
// block, a little more tail and head. It re-emits what it keeps in input order with `[…N lines omitted…]` gaps,
// and declines text with no error and fewer than two summary lines.
func planLog(text string, limit int, o logOptions) (plan, bool) {
	o = o.withDefaults()
	if limit < 200 || text == "" {
		return plan{}, false
	}
	lines := scanLog(text)
	blocks := formBlocks(lines, text)
	summaries, warnings := 0, 0
	for _, l := range lines {
		switch l.class {
		case lineSummary:
			summaries++
		case lineWarning:
			warnings++
		}
	}
	if len(blocks) == 0 && summaries < 2 {
		return plan{}, false
	}
	warnRep, warnCount := dedupWarnings(lines, text)
	sel := newLogSelection(text, lines, blocks, warnCount, limit, o.lineCap)
	sel.warnReps = warnRep
	sel.pickAll(logPriorities(text, lines, blocks, warnRep, o))
	sel.pickSpare(o.head, o.tail)
	items := sel.items()
	kept := sel.keptCount()
	distinctErrors := 0
	for _, b := range blocks {
		if b.dupOf < 0 {
			distinctErrors++
		}
	}
	what := txt.Commas(len(lines)-kept) + " of " + txt.Plural(len(lines), "line") + " omitted; kept " +
		txt.Plural(distinctErrors, "distinct error") + " with traces"
	if warnings > 0 {
		what += ", " + txt.Plural(len(warnRep), "distinct warning") + " of " + txt.Commas(warnings)
	}
	what += ", runner summaries, head and tail"
	hint := "To see more, re-run the command filtered: grep -n -A5 error, tail -n 200, or a single failing test."
	return plan{strategy: StrategyLog, items: items, markerAt: len(items), what: what, hint: hint, digest: true}, true
}

func (o logOptions) withDefaults() logOptions {
	set := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&o.lineCap, defaultLogLineCap)
	o.lineCap = max(o.lineCap, 32) // room for a line's start and its cut note
	set(&o.head, defaultLogHead)
	set(&o.tail, defaultLogTail)
	set(&o.traceHead, defaultTraceHead)
	set(&o.traceTail, defaultTraceTail)
	return o
}

// summaryInfo is pytest's `short test summary info` heading, which a
// line may carry anywhere; scanLog finds it once over the whole text.
const summaryInfo = "short test summary info"

// scanLog splits text into classified lines. Classification looks at a
// view without ANSI escapes and trailing '\r'; the bytes stay verbatim.
// Escapes and pytest's summary heading are searched for over the whole
// text, not line by line: most lines have neither.
func scanLog(text string) []logLine {
	lines := make([]logLine, 0, strings.Count(text, "\n")+1)
	var scratch []byte
	esc, info := -1, -1 // the next escape and summary heading at or after start, or len(text) when none
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		esc = nextAt(text, start, esc, "\x1b")
		info = nextAt(text, start, info, summaryInfo)
		view := text[start:end]
		if end > start && view[len(view)-1] == '\r' {
			view = view[:len(view)-1]
		}
		var class uint8
		if esc < end {
			scratch = txt.StripANSI(scratch[:0], view)
			class = classifyLogLine(string(scratch))
		} else {
			class = classifyView(view, info < end)
		}
		lines = append(lines, logLine{start: start, end: end, class: class, block: -1})
		start = next
	}
	return lines
}

// nextAt returns where s next occurs in text at or after start, given
// where it was last found (at, -1 at first), or len(text) if it does not.
// Each byte of text is searched at most once.
func nextAt(text string, start, at int, s string) int {
	if at >= start {
		return at
	}
	if i := strings.Index(text[start:], s); i >= 0 {
		return start + i
	}
	return len(text)
}

// classifyLogLine knows the error, warning, summary and trace shapes of
// the common toolchains.
func classifyLogLine(line string) uint8 {
	return classifyView(line, strings.Contains(line, summaryInfo))
}

// classifyView classifies a line that holds pytest's summary heading when
// hasInfo. A line's shape is decided in this order: passed, summary, trace,
// error, warning; the prefixes are tested by the line's first byte, so most
// lines meet a handful of them; the whole-line scans run only when no prefix
// has decided.
func classifyView(line string, hasInfo bool) uint8 {
	if isBlank(line) {
		return lineBlank
	}
	t := line
	for len(t) > 0 && (t[0] == ' ' || t[0] == '\t') {
		t = t[1:]
	}
	indented := len(t) < len(line)
	if indented && isCargoStatus(t) {
		return lineOther
	}
	switch {
	case line[0] == 'o' && strings.HasPrefix(line, "ok  \t"),
		line[0] == '-' && strings.HasPrefix(line, "--- PASS: "),
		line[0] == '=' && strings.HasPrefix(line, "=== RUN "):
		return linePassed
	case hasInfo:
		return lineSummary
	}
	var class uint8
	if indented {
		class = classifyIndented(line, t)
	} else {
		class = classifyUnindented(line)
	}
	if class != lineOther {
		return class
	}
	switch compilerDiagnostic(line) {
	case "error":
		return lineError
	case "warning":
		return lineWarning
	}
	switch l, _ := levelWord(line); l {
	case "ERROR", "FATAL", "CRITICAL", "SEVERE":
		return lineError
	case "WARN", "WARNING":
		return lineWarning
	}
	switch {
	case !indented && strings.Contains(line, "Exception"): // a system log's INFO line that mentions one is worth a look
		return lineWarning
	case indented:
		return lineTrace
	}
	return lineOther
}

// isBlank reports whether line is only white space, Unicode's included.
func isBlank(line string) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ', c >= '\t' && c <= '\r':
		case c >= 0x80:
			return strings.TrimSpace(line[i:]) == ""
		default:
			return false
		}
	}
	return true
}

// classifyIndented returns the summary, trace or error shape of an
// indented line, whose text starts at t, or lineOther.
func classifyIndented(line, t string) uint8 {
	switch t[0] {
	case 'T':
		if strings.HasPrefix(t, "Tests:") || strings.HasPrefix(t, "Test Suites:") {
			return lineSummary
		}
	case 'a':
		if strings.HasPrefix(t, "at ") {
			return lineTrace
		}
	case 'C':
		if strings.HasPrefix(t, "Caused by:") {
			return lineTrace
		}
	case '.':
		if strings.HasPrefix(t, "... ") && strings.HasSuffix(t, " more") {
			return lineTrace
		}
	case '-':
		if strings.HasPrefix(t, "--> ") {
			return lineTrace
		}
		if strings.HasPrefix(t, "--- FAIL: ") {
			return lineError
		}
	case '|', '^':
		return lineTrace
	case '=':
		if strings.HasPrefix(t, "= note:") || strings.HasPrefix(t, "= help:") {
			return lineTrace
		}
	case 'F':
		if strings.HasPrefix(t, "File \"") {
			return lineTrace
		}
	case 'n':
		if strings.HasPrefix(t, "note: ") {
			return lineTrace
		}
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if isGutterLine(t) {
			return lineTrace
		}
	case '/':
		if strings.HasPrefix(line, "\t/") && strings.Contains(line, ".go:") {
			return lineTrace // a Go stack frame's file line
		}
	case 0xe2:
		if strings.HasPrefix(t, "● ") {
			return lineError
		}
	}
	return lineOther
}

// classifyUnindented returns the summary, trace, error or warning shape of
// a line that starts in its first column, or lineOther.
func classifyUnindented(line string) uint8 {
	switch line[0] {
	case 'F':
		if strings.HasPrefix(line, "FAIL\t") || strings.HasPrefix(line, "FAIL ") || line == "FAIL" || strings.HasPrefix(line, "FAILED ") {
			return lineSummary
		}
	case 'P':
		if line == "PASS" {
			return lineSummary
		}
	case 'e':
		if strings.HasPrefix(line, "exit status ") || strings.HasPrefix(line, "error: could not compile") {
			return lineSummary
		}
		if strings.HasPrefix(line, "error[E") || strings.HasPrefix(line, "error:") {
			return lineError
		}
	case 't':
		if strings.HasPrefix(line, "test result: ") {
			return lineSummary
		}
		if strings.HasPrefix(line, "thread '") && strings.Contains(line, " panicked at ") {
			return lineError
		}
	case 'T':
		if strings.HasPrefix(line, "Tests:") || strings.HasPrefix(line, "Test Suites:") {
			return lineSummary
		}
		if strings.HasPrefix(line, "Traceback (most recent call last)") {
			return lineError
		}
	case '=':
		if strings.HasSuffix(line, "=") && (strings.Contains(line, " passed") || strings.Contains(line, " failed") || strings.Contains(line, " error")) {
			return lineSummary
		}
		if strings.HasPrefix(line, "= note:") || strings.HasPrefix(line, "= help:") {
			return lineTrace
		}
	case 'm':
		if strings.HasPrefix(line, "make: *** ") || strings.HasPrefix(line, "make[") && strings.Contains(line, "*** ") {
			return lineSummary
		}
	case 'B':
		if strings.HasPrefix(line, "Build FAILED") || strings.HasPrefix(line, "BUILD FAILED") {
			return lineSummary
		}
	case 'C':
		if strings.HasPrefix(line, "Caused by:") {
			return lineTrace
		}
	case '.':
		if strings.HasPrefix(line, "... ") && strings.HasSuffix(line, " more") {
			return lineTrace
		}
	case '-':
		if strings.HasPrefix(line, "--> ") {
			return lineTrace
		}
		if strings.HasPrefix(line, "--- FAIL: ") || strings.HasPrefix(line, "---- ") && strings.HasSuffix(line, " stdout ----") {
			return lineError
		}
	case '|', '^':
		return lineTrace
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if isGutterLine(line) {
			return lineTrace
		}
	case 'n':
		if strings.HasPrefix(line, "note: ") {
			return lineTrace
		}
		if strings.HasPrefix(line, "npm ERR!") || strings.HasPrefix(line, "npm error") {
			return lineError
		}
		if strings.HasPrefix(line, "npm WARN") || strings.HasPrefix(line, "npm warn") {
			return lineWarning
		}
	case 'g':
		if strings.HasPrefix(line, "goroutine ") && strings.HasSuffix(line, ":") {
			return lineTrace
		}
	case 'c':
		if strings.HasPrefix(line, "created by ") {
			return lineTrace
		}
	case 'p':
		if strings.HasPrefix(line, "panic: ") {
			return lineError
		}
	case 'f':
		if strings.HasPrefix(line, "fatal error: ") {
			return lineError
		}
	case 'E':
		if strings.HasPrefix(line, "E   ") || strings.HasPrefix(line, "ERROR ") || strings.HasPrefix(line, "Error:") ||
			strings.HasPrefix(line, "Exception in thread ") {
			return lineError
		}
	case '_':
		if isPytestSection(line) {
			return lineError
		}
	case 'w':
		if strings.HasPrefix(line, "warning:") || strings.HasPrefix(line, "warning[") {
			return lineWarning
		}
	case 0xe2:
		if strings.HasPrefix(line, "● ") {
			return lineError
		}
	}
	// No prefix above is a JS error's name, so the order does not matter.
	if isJSErrorLine(line) {
		return lineError
	}
	return lineOther
}

// isCargoStatus matches cargo's right-aligned progress words.
func isCargoStatus(t string) bool {
	var words []string
	switch t[0] {
	case 'B':
		words = []string{"Building "}
	case 'C':
		words = []string{"Compiling ", "Checking "}
	case 'D':
		words = []string{"Downloading ", "Downloaded ", "Doc-tests "}
	case 'F':
		words = []string{"Finished ", "Fresh "}
	case 'R':
		words = []string{"Running "}
	case 'U':
		words = []string{"Updating "}
	}
	for _, w := range words {
		if strings.HasPrefix(t, w) {
			return true
		}
	}
	return false
}

// isGutterLine matches rustc's source gutter: `464 |         code`.
func isGutterLine(t string) bool {
	n := digitRun(t, 0)
	return n > 0 && strings.HasPrefix(t[n:], " |")
}

// isPytestSection matches a pytest failure header: `____ test_name ____`.
func isPytestSection(line string) bool {
	return strings.HasPrefix(line, "___") && strings.HasSuffix(line, "___") && strings.Contains(line, " ")
}

// isJSErrorLine matches `TypeError: …`, `AssertionError [ERR_…]: …` and the
// like at the start of a line.
func isJSErrorLine(line string) bool {
	i := 0
	for i < len(line) && (line[i] >= 'A' && line[i] <= 'Z' || line[i] >= 'a' && line[i] <= 'z' || line[i] == '.') {
		i++
	}
	word := line[:i]
	return i > 5 && (strings.HasSuffix(word, "Error") || strings.HasSuffix(word, "Exception")) &&
		i < len(line) && (line[i] == ':' || line[i] == ' ')
}

// levelWord returns the first log level (ERROR, FATAL, CRITICAL, SEVERE,
// WARNING, WARN) standing as a whole upper-case word (` ERROR `, `[ERROR]`,
// `ERROR:`) in the first 120 bytes of line, and where, in one pass over the
// line's upper-case words.
func levelWord(line string) (string, int) {
	head := line[:min(len(line), 120)]
	for i := 0; i < len(head); i++ {
		if c := head[i]; c < 'A' || c > 'Z' {
			continue
		}
		if i > 0 {
			if c := head[i-1]; c != ' ' && c != '[' && c != '<' && c != '|' {
				continue // inside a word
			}
		}
		j := i + 1
		for j < len(head) && head[j] >= 'A' && head[j] <= 'Z' {
			j++
		}
		if j == len(head) || isLevelEnd(head[j]) {
			switch w := head[i:j]; w {
			case "ERROR", "FATAL", "CRITICAL", "SEVERE", "WARNING", "WARN":
				return w, i
			}
		}
		i = j
	}
	return "", -1
}

func isLevelEnd(c byte) bool {
	return c == ' ' || c == ']' || c == '>' || c == '|' || c == ':'
}

// compilerDiagnostic returns "error" or "warning" for gcc/clang/go vet
// style `file:line:col: error: …` lines, in one pass over the colons.
func compilerDiagnostic(line string) string {
	for i := 0; ; {
		c := strings.IndexByte(line[i:], ':')
		if c < 0 {
			return ""
		}
		rest := line[i+c+1:]
		switch {
		case strings.HasPrefix(rest, " error: "), strings.HasPrefix(rest, " fatal error: "):
			return "error"
		case strings.HasPrefix(rest, " warning: "):
			return "warning"
		}
		i += c + 1
	}
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
	for _, w := range [...]string{"Error", "error", "panic", "fail", "FAIL", "Exception", "expected", "assert"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// userFrames returns the first two frames of a Go panic that are not the
// runtime's or the testing package's, each with its file line: where the
// crash is in the code under test.
func userFrames(text string, lines []logLine, b logBlock) []int {
	if !isPanicLine(text[lines[b.head].start:lines[b.head].end]) {
		return nil
	}
	var out []int
	for i := b.head + 1; i < b.last && len(out) < 4; i++ {
		l := text[lines[i].start:lines[i].end]
		if l == "" || l[0] == '\t' || l[0] == ' ' || !strings.Contains(l, "(") || strings.HasPrefix(l, "goroutine ") ||
			strings.HasPrefix(l, "runtime.") || strings.HasPrefix(l, "testing.") || strings.HasPrefix(l, "panic(") || strings.HasPrefix(l, "created by ") {
			continue
		}
		if next := text[lines[i+1].start:lines[i+1].end]; strings.HasPrefix(next, "\t") {
			out = append(out, i, i+1)
		}
	}
	return out
}

// isPanicLine reports whether an error block is a crash: its trace matters
// more than an assertion's diff.
func isPanicLine(l string) bool {
	return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.Contains(l, " panicked at ") ||
		strings.HasPrefix(l, "Traceback") || strings.HasPrefix(l, "Exception in thread ")
}

// formBlocks groups each error line with the trace lines that follow it.
// A Go panic or goroutine dump runs until the runner's next word (FAIL,
// ok, === RUN); a pytest section until the next section; anything else
// while lines are trace-shaped.
func formBlocks(lines []logLine, text string) []logBlock {
	var blocks []logBlock
	for i := 0; i < len(lines); i++ {
		if lines[i].class != lineError {
			continue
		}
		head := text[lines[i].start:lines[i].end]
		j := i + 1
		switch {
		case strings.HasPrefix(head, "panic: "), strings.HasPrefix(head, "fatal error: "):
			for j < len(lines) && !endsGoDump(text[lines[j].start:lines[j].end]) {
				j++
			}
		case strings.HasPrefix(head, "thread '"):
			// A Rust panic: message, left/right, backtrace, up to a blank line.
			for j < len(lines) && lines[j].class != lineBlank {
				j++
			}
		case isPytestSection(head):
			for j < len(lines) {
				l := text[lines[j].start:lines[j].end]
				if isPytestSection(l) || strings.HasPrefix(l, "===") {
					break
				}
				j++
			}
		default:
			for j < len(lines) && continuesBlock(lines, j) {
				j++
			}
		}
		for j > i+1 && lines[j-1].class == lineBlank {
			j-- // trailing blank lines belong to no block
		}
		first := i
		if strings.HasPrefix(head, "--- FAIL: ") {
			for first > 0 && lines[first-1].class == lineTrace && lines[first-1].block < 0 {
				first--
			}
		}
		b := int32(len(blocks))
		for k := first; k < j; k++ {
			lines[k].block = b
		}
		blocks = append(blocks, logBlock{head: i, first: first, last: j - 1, dupOf: -1})
		i = j - 1
	}
	markDuplicateBlocks(blocks, lines, text)
	return blocks
}

// continuesBlock reports whether line j continues the error block above:
// trace-shaped, or a blank line inside a trace that goes on.
func continuesBlock(lines []logLine, j int) bool {
	switch lines[j].class {
	case lineTrace:
		return true
	case lineBlank:
		return j+1 < len(lines) && lines[j+1].class == lineTrace
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
// numbers and hex are normalised (a Hadoop ERROR repeated 148 times).
func markDuplicateBlocks(blocks []logBlock, lines []logLine, text string) {
	seen := map[string]int{}
	var key []byte
	for i := range blocks {
		l := lines[blocks[i].head]
		key = normalizeLogLine(key[:0], text[l.start:l.end])
		if first, ok := seen[string(key)]; ok {
			blocks[i].dupOf = first
			blocks[first].repeats++
			continue
		}
		seen[string(key)] = i
	}
}

// dedupWarnings returns the representative (first) line of each distinct
// warning, in order, and how many times each occurs, by line index. It
// marks repeat on the lines of every warning folded into an earlier one:
// the warning line and the trace and blank lines that follow it.
func dedupWarnings(lines []logLine, text string) (reps []int, count map[int]int) {
	seen := map[string]int{}
	count = map[int]int{}
	var key []byte
	in := false // inside a repeated warning
	for i := range lines {
		l := &lines[i]
		switch {
		case l.block >= 0:
			in = false
		case l.class == lineWarning:
			key = normalizeLogLine(key[:0], text[l.start:l.end])
			first, ok := seen[string(key)]
			in = ok
			if ok {
				count[first]++
				break
			}
			seen[string(key)] = i
			count[i] = 1
			reps = append(reps, i)
		case l.class != lineTrace && l.class != lineBlank:
			in = false
		}
		l.repeat = in
	}
	return reps, count
}

// normalizeLogLine appends to dst s made equal to the lines that differ
// from it only in numbers, hex, times, ids and paths: every run of digits,
// every 0x… and every word with a '/' becomes '#'. It looks at the first
// 200 bytes, where a message's identity is.
func normalizeLogLine(dst []byte, s string) []byte {
	// A system log's identity starts at its level word: what comes before
	// is a timestamp, a host, a node name.
	if _, i := levelWord(s); i >= 0 {
		s = s[i:]
	}
	s = strings.TrimSuffix(s[:min(len(s), 200)], "\r")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] != ' ':
			for i < len(s) && s[i] != ' ' && s[i] != ':' {
				i++
			}
			i--
			dst = append(dst, '#')
		case c == '0' && i+1 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X'):
			i += 2
			for i < len(s) && isHexDigit(s[i]) {
				i++
			}
			i--
			dst = append(dst, '#')
		case c >= '0' && c <= '9':
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			i--
			dst = append(dst, '#')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// logPriorities lists line indices in the order they should be kept.
func logPriorities(text string, lines []logLine, blocks []logBlock, warnReps []int, o logOptions) []int {
	var order []int
	// 1. Runner summaries, the last ones first matter most: keep the last logSummaryMax.
	var sums []int
	for i, l := range lines {
		if l.class == lineSummary {
			sums = append(sums, i)
		}
	}
	order = append(order, sums[max(0, len(sums)-logSummaryMax):]...)
	// The very last lines: where a run ends, and says how.
	for i := max(0, len(lines)-logLastLines); i < len(lines); i++ {
		order = append(order, i)
	}
	// 2. The error line of every distinct error.
	for _, b := range blocks {
		if b.dupOf < 0 {
			order = append(order, b.head)
		}
	}
	// 3. The tail.
	for i := max(0, len(lines)-o.tail); i < len(lines); i++ {
		order = append(order, i)
	}
	// 4. Every distinct error's telling lines — the ones that say error,
	// failed, panic, expected, with the line after one that ends in ':';
	// a pytest failure's E and '>' lines — and its last lines, for every block before any block's long trace,
	// shared out in rounds so that a long run of failures does not starve
	// its last ones: the first telling line of every block, then every
	// block's last lines (a pytest failure's file:line: Error), then every
	// block's next telling line, up to blockKeyLines.
	for _, b := range blocks {
		if b.dupOf < 0 {
			order = append(order, leadIn(text, lines, b)...)
			order = appendTelling(order, text, lines, b, 0, 1)
		}
	}
	for _, b := range blocks {
		if b.dupOf < 0 {
			for i := max(b.first, b.last-blockEnd+1); i <= b.last; i++ {
				order = append(order, i)
			}
			order = append(order, userFrames(text, lines, b)...)
		}
	}
	for k := 1; k < blockKeyLines; k++ {
		for _, b := range blocks {
			if b.dupOf < 0 {
				order = appendTelling(order, text, lines, b, k, k+1)
			}
		}
	}
	// 5. Each distinct block's trace, panics first: its first lines, then
	// its last ones.
	byWeight := make([]logBlock, 0, len(blocks))
	for _, b := range blocks {
		if b.dupOf < 0 && isPanicLine(text[lines[b.head].start:lines[b.head].end]) {
			byWeight = append(byWeight, b)
		}
	}
	for _, b := range blocks {
		if b.dupOf < 0 && !isPanicLine(text[lines[b.head].start:lines[b.head].end]) {
			byWeight = append(byWeight, b)
		}
	}
	for _, b := range byWeight {
		for i := b.first; i <= min(b.last, b.first+o.traceHead-1); i++ {
			order = append(order, i)
		}
		for i := max(b.first+o.traceHead, b.last-o.traceTail+1); i <= b.last; i++ {
			order = append(order, i)
		}
	}
	// 6. The head.
	for i := 0; i < min(len(lines), o.head); i++ {
		order = append(order, i)
	}
	// 7. Every distinct warning once.
	order = append(order, warnReps...)
	// 8. Packages and tests that passed (go test's ok lines).
	for i, l := range lines {
		if l.class == linePassed && strings.HasPrefix(text[l.start:l.end], "ok") {
			order = append(order, i)
		}
	}
	// 9. The middles of long traces.
	for _, b := range blocks {
		if b.dupOf < 0 {
			for i := b.first + o.traceHead; i <= b.last-o.traceTail; i++ {
				order = append(order, i)
			}
		}
	}
	return order
}

// leadInWindow bounds how far back leadIn looks for a failing test's
// `=== RUN` line: its subtests' own lines may stand between.
const leadInWindow = 8

// leadIn returns the lines that name what failed in block b, which its
// telling lines do not: for go test, the failing test's `=== RUN   TestX`
// line and the `x_test.go:NN: ` line that opens its report (go test prints
// a failure's detail before its --- FAIL line); for gcc and clang, the
// `file.c: In function 'f':` line above the error.
func leadIn(text string, lines []logLine, b logBlock) []int {
	line := func(i int) string { return strings.TrimRight(text[lines[i].start:lines[i].end], "\r") }
	head := strings.TrimLeft(line(b.head), " \t")
	if name, ok := strings.CutPrefix(head, "--- FAIL: "); ok {
		name, _, _ = strings.Cut(name, " ")
		var out []int
		for i := b.first - 1; i >= max(0, b.first-leadInWindow); i-- {
			if t, ok := strings.CutPrefix(line(i), "=== RUN "); ok && strings.TrimLeft(t, " ") == name {
				out = append(out, i)
				break
			}
		}
		if b.first < b.head {
			out = append(out, b.first)
		}
		return out
	}
	if b.first > 0 && compilerDiagnostic(head) == "error" {
		if l := line(b.first - 1); strings.Contains(l, ": In ") && strings.HasSuffix(l, ":") {
			return []int{b.first - 1}
		}
	}
	return nil
}

// appendTelling appends to order the telling lines of block b from its
// from-th to before its to-th, each with the line after it when it ends in
// ':'.
func appendTelling(order []int, text string, lines []logLine, b logBlock, from, to int) []int {
	if isPytestSection(text[lines[b.head].start:lines[b.head].end]) {
		telling := pytestTelling(text, lines, b)
		return append(order, telling[min(from, len(telling)):min(to, len(telling))]...)
	}
	found := 0
	for i := b.first; i <= b.last && found < to; i++ {
		l := text[lines[i].start:lines[i].end]
		if i == b.head || !(lines[i].class == lineError || isTellingLine(l)) {
			continue
		}
		found++
		if found <= from {
			continue
		}
		order = append(order, i)
		if strings.HasSuffix(strings.TrimRight(l, " \t\r"), ":") && i+1 <= b.last {
			order = append(order, i+1)
		}
	}
	return order
}

// pytestTelling returns the telling lines of a pytest failure in the
// order they tell: the exception's first E line, the failing source line
// (the '>' line above it), the other E lines, the other '>' lines. Source
// lines that merely mention an error or an expected value are context.
func pytestTelling(text string, lines []logLine, b logBlock) []int {
	var ex, src []int
	for i := b.first + 1; i <= b.last; i++ {
		switch l := text[lines[i].start:lines[i].end]; {
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
	lines     []logLine
	blocks    []logBlock
	warnCount map[int]int // occurrences of each distinct warning, by its first line
	warnReps  []int       // the first line of each distinct warning
	keep      []bool
	limit     int
	cost      int
	lineCap   int
	gapCost   int // an upper bound on one gap note line
}

func newLogSelection(text string, lines []logLine, blocks []logBlock, warnCount map[int]int, limit, lineCap int) *logSelection {
	s := &logSelection{text: text, lines: lines, blocks: blocks, warnCount: warnCount, keep: make([]bool, len(lines)), limit: limit, lineCap: lineCap}
	s.gapCost = len(gapNote(len(lines))) + 2
	s.cost = s.gapCost // everything omitted: one gap
	return s
}

// pickAll keeps each listed line that still fits, in the order given.
func (s *logSelection) pickAll(order []int) {
	for _, i := range order {
		s.pick(i)
	}
}

// pick keeps line i if it fits, and reports whether it is kept.
func (s *logSelection) pick(i int) bool {
	if s.keep[i] {
		return true
	}
	delta := s.lineCost(i) + s.gapDelta(i)*s.gapCost
	if s.cost+delta > s.limit {
		return false
	}
	s.keep[i] = true
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
	var runs []contextRun
	for _, b := range s.blocks {
		if b.dupOf >= 0 {
			continue
		}
		top := b.first
		for _, i := range leadIn(s.text, s.lines, b) {
			top = min(top, i)
		}
		runs = append(runs, contextRun{top - 1, -1, contextBefore}, contextRun{b.last + 1, 1, contextAfter})
	}
	s.growRuns(runs)
	runs = runs[:0]
	for _, i := range s.warnReps {
		runs = append(runs, contextRun{i + 1, 1, contextAfter})
	}
	s.growRuns(runs)
	for i := len(s.lines) - tail - 1; i >= max(0, len(s.lines)-spareTail) && s.pickContext(i); i-- {
	}
	for i := head; i < min(len(s.lines), spareHead) && s.pickContext(i); i++ {
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

// A contextRun grows from line next by step while left lasts.
type contextRun struct{ next, step, left int }

// growRuns grows every run by one line a round until none can grow.
func (s *logSelection) growRuns(runs []contextRun) {
	for growing := true; growing; {
		growing = false
		for k := range runs {
			r := &runs[k]
			if r.left == 0 || r.next < 0 || r.next >= len(s.lines) {
				continue
			}
			if !s.pickContext(r.next) {
				r.left = 0
				continue
			}
			r.next += r.step
			r.left--
			growing = true
		}
	}
}

// pickContext keeps line i as context if it fits and is not part of a
// repeated warning, which is shown once, with its count.
func (s *logSelection) pickContext(i int) bool {
	return !s.lines[i].repeat && s.pick(i)
}

// lineCost is what keeping line i adds, as it will be shown: possibly
// cut, with its (×N) mark if it stands for N occurrences.
func (s *logSelection) lineCost(i int) int {
	return s.lineItem(s.lines[i], s.times(i)).size()
}

// times is how many occurrences line i stands for: a distinct warning's,
// or a block's first line with the identical blocks folded into it.
func (s *logSelection) times(i int) int {
	if b := s.lines[i].block; b >= 0 && s.blocks[b].head == i {
		return s.blocks[b].repeats + 1
	}
	return s.warnCount[i]
}

// gapDelta is how the number of gaps changes if line i is kept.
func (s *logSelection) gapDelta(i int) int {
	prev := i > 0 && !s.keep[i-1]
	next := i+1 < len(s.lines) && !s.keep[i+1]
	switch {
	case prev && next:
		return 1
	case !prev && !next:
		return -1
	}
	return 0
}

func (s *logSelection) keptCount() int {
	n := 0
	for _, k := range s.keep {
		if k {
			n++
		}
	}
	return n
}

// items renders the selection in input order with gap notes, marking
// warnings and repeated errors with their counts.
func (s *logSelection) items() []item {
	var items []item
	gap := 0
	for i, l := range s.lines {
		if !s.keep[i] {
			gap++
			continue
		}
		if gap > 0 {
			items = append(items, noteLine(gapNote(gap)))
			gap = 0
		}
		items = append(items, s.lineItem(l, s.times(i)))
	}
	if gap > 0 {
		items = append(items, noteLine(gapNote(gap)))
	}
	return items
}

// lineItem keeps one line, cut at lineCap on a rune boundary, with a (×N)
// mark when it stands for N occurrences.
func (s *logSelection) lineItem(l logLine, times int) item {
	end, note := l.end, ""
	if l.end-l.start > s.lineCap {
		end = txt.RuneStartAtOrBefore(s.text, l.start+s.lineCap)
		note = "…[+" + txt.Commas(l.end-end) + " bytes]"
	}
	if times > 1 {
		note += " (×" + txt.Commas(times) + ")"
	}
	if note != "" {
		return item{start: l.start, end: end, note: note}
	}
	if end < len(s.text) {
		end++ // the line break
	}
	return keepRange(l.start, end)
}

func gapNote(n int) string { return "[…" + txt.Plural(n, "line") + " omitted…]" }
