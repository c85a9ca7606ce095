package headroom

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

// The line rules of planLog: one table, read top to bottom within the
// rules that can match a line's first byte. A toolchain is a row here and
// a case under testdata/logrules; what no row decides falls to the generic
// signals (compiler diagnostics, level words, failure words, counts).

// Where a rule's literal is matched.
const (
	atCol0     uint8 = 1 << iota // the line starts in its first column; lit is matched against the line
	atIndented                   // the line is indented; lit is matched against its text after the indent
	atEither   = atCol0 | atIndented
)

// How a rule's literal is matched.
const (
	ruleByPrefix uint8 = iota
	ruleExact
)

// What block an error line opens.
const (
	blockTrace      uint8 = iota // trace-shaped lines below it: indented detail, frames, notes
	blockGoDump                  // a Go panic: to where the runner speaks again
	blockUntilBlank              // to the next blank line (a Rust panic's message and backtrace)
	blockSection                 // a pytest section: to the next section or ==== line
	blockRuled                   // a race or sanitizer report: to the next ==== rule
	blockBullet                  // a jest ● block: to the next ● or a summary line
	// blockNumbered is a numbered failure heading (mocha's `  1) suite`):
	// its more indented title, and after a blank line its detail, to the
	// next heading, a summary or two blank lines. Alone it does not make a
	// text a log: a numbered list is no failure.
	blockNumbered
	blockEntries // a linter's error entries under a path header: to the next warning, blank or unindented line
	// blockStatusOf is a status alone on an indented line, the verdict on
	// the line above it (JUnit's plain formatter: `Testcase: testX took
	// 0.1 sec`, then `	FAILED`): that line, and below the status its
	// detail to a blank line.
	blockStatusOf
	// blockEchoed is a report that the runner closes by naming the test
	// again (tcltest's `==== name description FAILED` … `==== name
	// FAILED`): every line to the one that opens with the head's first two
	// words, test body, result and expected result among them.
	blockEchoed
	// blockFailDetail marks an indented line with a failure word: detail
	// inside a block, or the first entry under a path header (eslint),
	// which opens a block of trace-shaped lines.
	blockFailDetail uint8 = 255
	// blockGeneric marks an error line that only a failure word found: it
	// opens a blockTrace, but alone it does not make a text a log.
	blockGeneric uint8 = 254
)

// A logRule classes the lines it matches.
type logRule struct {
	at    uint8
	match uint8
	lit   string // the literal the line (or its text after the indent) starts with or equals
	// infix and suffix, when set, must also occur in (end) the matched text.
	infix, suffix string
	// shape, when set, must also accept the matched text: shapes no literal
	// says, such as a source gutter's digits.
	shape func(string) bool
	class uint8
	block uint8
	// early rules decide before a line that carries pytest's summary
	// heading is taken for a summary.
	early bool
}

// logRules is the table. Order matters only between rules whose literals
// share a first byte.
var logRules = []logRule{
	// Progress that passes: go test, cargo's right-aligned status words.
	{at: atCol0, lit: "ok  \t", class: linePassed, early: true},
	{at: atCol0, lit: "--- PASS: ", class: linePassed, early: true},
	{at: atCol0, lit: "=== RUN ", class: linePassed, early: true},
	{at: atIndented, lit: "Building ", class: lineOther, early: true},
	{at: atIndented, lit: "Compiling ", class: lineOther, early: true},
	{at: atIndented, lit: "Checking ", class: lineOther, early: true},
	{at: atIndented, lit: "Downloading ", class: lineOther, early: true},
	{at: atIndented, lit: "Downloaded ", class: lineOther, early: true},
	{at: atIndented, lit: "Doc-tests ", class: lineOther, early: true},
	{at: atIndented, lit: "Finished ", class: lineOther, early: true},
	{at: atIndented, lit: "Fresh ", class: lineOther, early: true},
	{at: atIndented, lit: "Running ", class: lineOther, early: true},
	{at: atIndented, lit: "Updating ", class: lineOther, early: true},

	// A caret under a quoted source line, then the finding and its rule's
	// code (htmlhint's `^ Tag must be paired, … (tag-pair)`).
	{at: atIndented, lit: "^ ", shape: caretFinding, class: lineError},

	// Runner verdicts and counts.
	{at: atCol0, lit: "FAIL\t", class: lineSummary},
	{at: atCol0, lit: "FAIL ", class: lineSummary},
	{at: atCol0, match: ruleExact, lit: "FAIL", class: lineSummary},
	{at: atCol0, lit: "FAILED ", class: lineSummary},
	{at: atCol0, match: ruleExact, lit: "PASS", class: lineSummary},
	{at: atCol0, lit: "FAIL: ", class: lineError},  // automake: FAIL: test_name
	{at: atCol0, lit: "ERROR: ", class: lineError}, // automake, and many tools' level tag
	{at: atCol0, lit: "XFAIL: ", class: lineOther},
	{at: atCol0, lit: "# TOTAL:", class: lineSummary},
	{at: atCol0, lit: "# PASS:", class: lineSummary},
	{at: atCol0, lit: "# FAIL:", class: lineSummary},
	{at: atCol0, lit: "# ERROR:", class: lineSummary},
	{at: atCol0, lit: "# fail ", class: lineSummary}, // TAP counts
	{at: atCol0, lit: "# pass ", class: lineSummary},
	{at: atCol0, lit: "# tests ", class: lineSummary},
	{at: atCol0, lit: "exit status ", class: lineSummary},
	{at: atCol0, lit: "+", shape: isXtraceExit, class: lineSummary}, // bash -x: + exit 127
	{at: atCol0, lit: "error: could not compile", class: lineSummary},
	{at: atCol0, lit: "test result: ", class: lineSummary},
	{at: atEither, lit: "Tests:", class: lineSummary},
	{at: atEither, lit: "Test Suites:", class: lineSummary},
	{at: atCol0, lit: "Ran ", suffix: "s", shape: hasDigit, class: lineSummary}, // unittest: Ran 12 tests in 0.01s
	{at: atCol0, lit: "FAILED (", class: lineSummary},                           // unittest
	{at: atCol0, lit: "BUILD ", class: lineSummary},                             // maven, gradle
	// JUnit's counts for a suite (Ant's junit task, surefire): a summary
	// when they count a failure or an error, else one suite's progress.
	{at: atCol0, lit: "Tests run: ", shape: countsJUnitFailure, class: lineSummary},
	{at: atCol0, lit: "[INFO] BUILD ", class: lineSummary},
	{at: atCol0, lit: "[ERROR] BUILD ", class: lineSummary},
	{at: atCol0, lit: "Build FAILED", class: lineSummary},
	{at: atCol0, lit: "-- Configuring incomplete", class: lineSummary}, // cmake: -- Configuring incomplete, errors occurred!
	{at: atCol0, lit: "Found ", infix: " error", class: lineSummary},   // mypy, tsc
	{at: atCol0, lit: "Success: no issues", class: lineSummary},        // mypy
	{at: atCol0, lit: "Your code has been rated at", class: lineSummary},
	{at: atCol0, lit: "make: *** ", class: lineSummary},
	{at: atCol0, lit: "make[", infix: "*** ", class: lineSummary},
	{at: atCol0, lit: "ℹ tests ", class: lineSummary}, // node --test
	{at: atCol0, lit: "ℹ pass ", class: lineSummary},
	{at: atCol0, lit: "ℹ fail ", class: lineSummary},
	{at: atCol0, lit: "=", suffix: "=", shape: isRunnerTotals, class: lineSummary},
	{at: atCol0, match: ruleExact, lit: "✖ failing tests:", class: lineSummary},
	{at: atEither, lit: "The following tests FAILED:", class: lineSummary}, // ctest
	{at: atCol0, lit: "Total Test time", class: lineSummary},
	{at: atCol0, lit: "ERROR SUMMARY: ", class: lineSummary},           // valgrind, after its ==PID== prefix
	{at: atIndented, lit: "Total lines of code: ", class: lineSummary}, // bandit's Code scanned: totals
	// A runner's closing counts on lines of their own (mocha: `  12 passing (2s)`,
	// `  1 failing`, `  3 pending`), and a progress counter at its end
	// (`42/42 files checked 100% done`).
	{at: atEither, lit: "0", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "1", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "2", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "3", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "4", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "5", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "6", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "7", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "8", shape: isOutcomeCount, class: lineSummary},
	{at: atEither, lit: "9", shape: isOutcomeCount, class: lineSummary},

	// Traces: lines that continue the block above.
	{at: atEither, lit: "Caused by:", class: lineTrace},
	{at: atEither, lit: "... ", suffix: " more", class: lineTrace},
	{at: atEither, lit: "--> ", class: lineTrace},
	{at: atEither, lit: "|", class: lineTrace},
	// A caret under the code it points at, with the finding's severity
	// in parentheses (shellcheck's `^-- SC2077 (error): …`): an error;
	// its other severities (warning, info, style) stay trace.
	{at: atEither, lit: "^", infix: " (error): ", class: lineError},
	{at: atEither, lit: "^", class: lineTrace},
	{at: atEither, lit: "= note:", class: lineTrace},
	{at: atEither, lit: "= help:", class: lineTrace},
	{at: atEither, lit: "note: ", class: lineTrace},
	{at: atEither, lit: "0", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "1", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "2", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "3", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "4", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "5", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "6", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "7", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "8", shape: isGutterLine, class: lineTrace},
	{at: atEither, lit: "9", shape: isGutterLine, class: lineTrace},
	{at: atIndented, lit: "at ", class: lineTrace},
	{at: atIndented, lit: "File \"", class: lineTrace},
	{at: atCol0, lit: "goroutine ", suffix: ":", class: lineTrace},
	{at: atCol0, lit: "created by ", class: lineTrace},
	{at: atCol0, lit: "During handling of the above exception", class: lineTrace},
	{at: atCol0, lit: "The above exception was the direct cause", class: lineTrace},
	{at: atCol0, lit: "In file included from ", class: lineTrace},
	// Erlang's stack under a failed test (EUnit): `in function m:f/1
	// (m.erl, line 9)`, then `in call from …` frames.
	{at: atCol0, lit: "in function ", class: lineTrace},
	{at: atCol0, lit: "in call from ", class: lineTrace},
	{at: atCol0, lit: "**error:", class: lineTrace},
	// A note in parentheses on a line of its own under a message
	// (RuboCop's `(Using Ruby 2.6 parser; …)`, OCaml's `(However, this
	// field is used …)`).
	{at: atCol0, lit: "(", suffix: ")", class: lineTrace},
	{at: atIndented, lit: "from ", shape: isIncludeFrom, class: lineTrace},

	// A configure step's probe that found nothing: not the failure, but
	// often its cause (the missing library a later error needs). Each
	// is a warning, kept once beside the failure.
	{at: atCol0, lit: "-- Could NOT find ", class: lineWarning},                        // cmake's find_package
	{at: atCol0, lit: "Run-time dependency ", infix: " found: NO", class: lineWarning}, // meson
	{at: atCol0, lit: "Build-time dependency ", infix: " found: NO", class: lineWarning},
	{at: atCol0, lit: "Dependency ", infix: " found: NO", class: lineWarning},
	{at: atCol0, lit: "Library ", infix: " found: NO", class: lineWarning},
	{at: atCol0, lit: "Program ", infix: " found: NO", class: lineWarning},

	// Failures, and the block each opens.
	{at: atCol0, lit: "panic: ", class: lineError, block: blockGoDump},
	{at: atCol0, lit: "fatal error: ", class: lineError, block: blockGoDump},
	{at: atCol0, lit: "thread '", infix: " panicked at ", class: lineError, block: blockUntilBlank},
	{at: atCol0, lit: "WARNING: DATA RACE", class: lineError, block: blockRuled},
	{at: atCol0, lit: "WARNING: ThreadSanitizer: ", class: lineError, block: blockRuled}, // data race, lock-order-inversion, heap-use-after-free
	{at: atEither, lit: "--- FAIL: ", class: lineError},
	{at: atCol0, lit: "---- ", suffix: " stdout ----", class: lineError},
	{at: atCol0, lit: "Traceback (most recent call last)", class: lineError},
	{at: atCol0, lit: "E   ", class: lineError},
	{at: atCol0, lit: "ERROR ", class: lineError},
	{at: atCol0, lit: "Error:", class: lineError},
	{at: atCol0, lit: "CMake Error", class: lineError}, // CMake Error at CMakeLists.txt:10 (find_package):
	{at: atCol0, lit: "error[E", class: lineError},
	{at: atCol0, lit: "error:", class: lineError},
	{at: atCol0, lit: "Exception in thread ", class: lineError},
	// A JUnit test that failed, as Ant's brief formatter writes it
	// (`Testcase: testX(pkg.C):	FAILED`, or `Caused an ERROR`), its
	// message, exception and frames below it to a blank line.
	// tcltest's failed test, closed by its name again.
	{at: atCol0, lit: "==== ", suffix: " FAILED", class: lineError, block: blockEchoed},
	{at: atCol0, lit: "Testcase: ", suffix: "FAILED", class: lineError, block: blockUntilBlank},
	{at: atCol0, lit: "Testcase: ", suffix: "Caused an ERROR", class: lineError, block: blockUntilBlank},
	// The same under its plain formatter: the status alone, indented,
	// under the `Testcase: testX took 0.1 sec` line it is the status of.
	{at: atIndented, match: ruleExact, lit: "FAILED", class: lineError, block: blockStatusOf},
	{at: atIndented, match: ruleExact, lit: "Caused an ERROR", class: lineError, block: blockStatusOf},
	{at: atCol0, lit: "___", suffix: "___", shape: hasSpace, class: lineError, block: blockSection},
	{at: atCol0, lit: "_ ", suffix: " _", shape: isPytestSection, class: lineError, block: blockSection},
	{at: atEither, lit: "● ", class: lineError, block: blockBullet},
	{at: atCol0, lit: "npm ERR!", class: lineError},
	{at: atCol0, lit: "npm error", class: lineError},
	{at: atCol0, lit: "[ERROR] ", class: lineError},
	// A lower-case level tag in brackets (sbt, prettier, many node CLIs):
	// `[error] file: message`, then the same tag on each line of its
	// detail, indented or a code frame's `> 83 |` after the tag.
	{at: atCol0, lit: "[error] ", shape: taggedDetail, class: lineTrace},
	{at: atCol0, lit: "[error] ", class: lineError},
	{at: atCol0, lit: "[fatal] ", class: lineError},
	{at: atCol0, lit: "not ok ", class: lineError}, // TAP; its YAML block is indented
	{at: atIndented, lit: "not ok ", class: lineError},
	{at: atCol0, lit: "✖ ", shape: countFollows, class: lineSummary}, // eslint: ✖ 5 problems (3 errors, 2 warnings)
	{at: atEither, lit: "✖ ", class: lineError},                      // node --test
	{at: atEither, lit: "✗ ", class: lineError},
	{at: atEither, lit: "× ", class: lineError},
	{at: atCol0, lit: "************* Module ", class: lineOther},
	// A security scanner's issue header (bandit's `>> Issue: [B602:…]
	// message`), its indented fields (`Severity:`, `Location:`) and the
	// numbered code lines it quotes below it, to a blank line.
	{at: atCol0, lit: ">> Issue: ", class: lineError, block: blockUntilBlank},
	// A numbered failure heading, indented: mocha's `  1) suite name`.
	{at: atIndented, lit: "1", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "2", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "3", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "4", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "5", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "6", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "7", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "8", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	{at: atIndented, lit: "9", shape: isNumberedHeading, class: lineError, block: blockNumbered},
	// A linter's entry under its file's path (eslint's stylish, and the
	// formatters that copy it): `  12:5  error  message  rule`. An entry
	// that says the file did not parse is a failure of its own, not one
	// of its file's run of errors.
	{at: atIndented, lit: "1", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "2", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "3", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "4", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "5", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "6", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "7", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "8", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "9", shape: isLintEntrySyntaxError, class: lineError},
	{at: atIndented, lit: "1", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "2", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "3", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "4", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "5", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "6", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "7", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "8", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "9", shape: isLintEntryError, class: lineError, block: blockEntries},
	{at: atIndented, lit: "1", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "2", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "3", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "4", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "5", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "6", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "7", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "8", shape: isLintEntryWarning, class: lineWarning},
	{at: atIndented, lit: "9", shape: isLintEntryWarning, class: lineWarning},
	{at: atCol0, lit: "npm WARN", class: lineWarning},
	{at: atCol0, lit: "npm warn", class: lineWarning},
	{at: atCol0, lit: "warning:", class: lineWarning},
	{at: atCol0, lit: "warning[", class: lineWarning},
	{at: atCol0, lit: "[WARNING] ", class: lineWarning},
	{at: atCol0, lit: "[warn] ", class: lineWarning},
	{at: atCol0, lit: "[warning] ", class: lineWarning},
}

// ruleIndex lists, for each first byte, the rules to try on a line in
// its first column and on an indented line's text.
var ruleIndex = func() (ix [2][256][]ruleHead) {
	for i, r := range logRules {
		c := r.lit[0]
		h := ruleHead{rule: uint16(i), litLen: len(r.lit), exact: r.match == ruleExact, early: r.early}
		for k := range min(len(r.lit), 8) {
			h.mask |= 0xff << (8 * k)
			h.head |= uint64(r.lit[k]) << (8 * k)
		}
		if r.at&atCol0 != 0 {
			ix[0][c] = append(ix[0][c], h)
		}
		if r.at&atIndented != 0 {
			ix[1][c] = append(ix[1][c], h)
		}
	}
	return ix
}()

// A ruleHead is a rule's place in the table, the first eight bytes of its
// literal (head, under mask) and what else decides whether its literal
// matches: one load and one comparison turn away most rules that share a
// line's first byte, and the rule itself is read only when its literal
// matches.
type ruleHead struct {
	mask, head   uint64
	litLen       int
	rule         uint16
	exact, early bool
}

// matchRule returns the first rule of the table that accepts s (the line,
// or an indented line's text), or nil.
func matchRule(s string, indented, earlyOnly bool) *logRule {
	k := 0
	if indented {
		k = 1
	}
	var w uint64
	long := len(s) >= 8
	if long {
		w = load64(s, 0)
	}
	for _, h := range ruleIndex[k][s[0]] {
		if earlyOnly && !h.early || len(s) < h.litLen || long && w&h.mask != h.head || h.exact && len(s) != h.litLen {
			continue
		}
		r := &logRules[h.rule]
		if (!long || h.litLen > 8) && s[:h.litLen] != r.lit {
			continue
		}
		rest := s[h.litLen:]
		if r.suffix != "" && !strings.HasSuffix(rest, r.suffix) {
			continue
		}
		if r.infix != "" && !strings.Contains(rest, r.infix) {
			continue
		}
		if r.shape != nil && !r.shape(s) {
			continue
		}
		return r
	}
	return nil
}

// summaryInfo is pytest's `short test summary info` heading, which a
// line may carry anywhere; scanLog finds it once over the whole text.
const summaryInfo = "short test summary info"

// classifyLogLine classes one line, escapes already stripped.
func classifyLogLine(line string) uint8 {
	c, _ := classifyFull(line, strings.Contains(line, summaryInfo))
	return c
}

// classifyFull returns a line's class and the block an error line opens.
// The table decides first; then the generic signals: a compiler's
// `file:line: error:`, a log level word, a failure word standing as a
// word, a count of failures.
func classifyFull(line string, hasInfo bool) (uint8, uint8) {
	return classifyHinted(line, hasInfo, true)
}

// classifyHinted is classifyFull told whether line may hold an infix
// rule's literal: false when it holds none of their first bytes
// (infixLeads), which scanLog finds once over the whole text rather than
// searching every undecided line.
func classifyHinted(line string, hasInfo, mayInfix bool) (uint8, uint8) {
	t := line
	if len(t) > 0 && (t[0] == ' ' || t[0] == '\t') {
		t = t[indentEnd(t):]
	}
	// What the indent left is blank when it is white space other than ' '
	// and '\t'; a line's text most often starts with a byte that says it
	// is not, without a call.
	if (t == "" || t[0] <= ' ' || t[0] >= utf8.RuneSelf) && isBlank(t) {
		return lineBlank, 0
	}
	indented := len(t) < len(line)
	if !indented {
		if rest, ok := cutValgrindPrefix(line); ok {
			return classifyRecord(rest)
		}
	} else if t[0] == '[' {
		if rest, ok := cutTaskTag(t); ok {
			return classifyHinted(rest, hasInfo, mayInfix)
		}
	}
	if r := matchRule(t, indented, hasInfo); r != nil {
		return r.class, r.block
	}
	if hasInfo {
		return lineSummary, 0
	}
	if !indented && isJSErrorLine(line) {
		return lineError, blockTrace
	}
	diag, level, sig := lineDecision(line, len(line)-len(t))
	switch diag {
	case diagError:
		return lineError, blockTrace
	case diagWarning:
		if toolFailedWarning(line) {
			return lineError, blockTrace
		}
		return lineWarning, 0
	}
	if !indented {
		// One read of the line's path for the position forms: a
		// compiler's `path:12:5: message`, a linter's findings.
		colon := pathEnd(line[:min(len(line), 300)])
		msg, pos := positionMessageAt(line, colon)
		note := pos && isPositionNote(msg)
		if pos && !note {
			switch positionDiag(msg) {
			case diagError:
				return lineError, blockTrace
			case diagWarning:
				return lineWarning, 0
			}
		}
		switch lintFindingAt(line, colon) {
		case diagError:
			return lineError, blockTrace
		case diagWarning:
			return lineWarning, 0
		}
		if note {
			// A compiler's note says what it is: detail, whatever word it
			// holds (g++'s `note:   template argument
			// deduction/substitution failed:` under every candidate).
			return lineOther, 0
		}
	} else {
		// A linter that indents its findings under a per-file heading
		// (luacheck's `    src/a.lua:37:30: expected 'then' near
		// 'than'`) writes them as a compiler does unindented.
		switch positionLine(t) {
		case diagError:
			return lineError, blockTrace
		case diagWarning:
			return lineWarning, 0
		}
	}
	if !indented && endsInFailurePhrase(line) {
		return lineError, blockGeneric
	}
	switch level {
	case "ERROR", "FATAL", "CRITICAL", "SEVERE":
		return lineError, blockTrace
	case "WARN", "WARNING":
		return lineWarning, 0
	case "INFO", "DEBUG", "TRACE", "NOTICE":
		if strings.Contains(line, "Exception") { // a system log's INFO line that mentions one is worth a look
			return lineWarning, 0
		}
		return lineOther, 0
	}
	if !indented && (wrapsErrorType(line) || namesUncaught(line)) {
		// A raised error a tool wraps (`jarsigner: java.util.zip.
		// ZipException: …`), or a condition nothing handled (SBCL's
		// `Unhandled UNBOUND-VARIABLE in thread …`), which no level word
		// told otherwise.
		return lineError, blockTrace
	}
	if mayInfix {
		for _, r := range infixRules {
			if containsInfix(line, r.infix) {
				return r.class, r.block
			}
		}
	}
	switch {
	case sig == sigCount:
		return lineSummary, blockGeneric
	case indented && sig == sigFailure && endsInStarredFailure(t):
		return lineError, blockTrace // a test's outcome, starred: EUnit's `  m:9: name...*failed*`
	case indented && sig == sigFailure:
		return lineTrace, blockFailDetail
	case indented:
		return lineTrace, 0
	case sig == sigFailure && positionedFinding(line):
		return lineError, blockTrace // a failure word with the file and line it is at: a finding, not a word in code
	case sig == sigFailure && line[0] != '+' && line[0] != '-' && line[0] != '@':
		return lineError, blockGeneric // not a diff's added or removed line
	}
	return lineOther, 0
}

// failurePhrases end a shell's report of a command it could not run,
// after the name it could not find: bash's `./x.sh: line 3: foo: command
// not found`, pyenv's `pyenv: python9: command not found`, coreutils'
// `cat: a.txt: No such file or directory`. No failure word is in them.
var failurePhrases = [...]string{": command not found", ": No such file or directory"}

// endsInFailurePhrase reports whether line ends in one of failurePhrases:
// quoted, as an xtrace's `+ echo '…: command not found'` writes it, it
// does not. Such a line is a failure as one a failure word finds is
// (blockGeneric): a trace (strace's, ltrace's) tells a missing file on
// its way and goes on, and only a run whose last lines fail (a traced
// script's `+ exit 127`) is a log.
func endsInFailurePhrase(line string) bool {
	t := strings.TrimRight(line, " \r")
	if !strings.HasSuffix(t, "found") && !strings.HasSuffix(t, "directory") {
		return false
	}
	for _, p := range failurePhrases {
		if strings.HasSuffix(t, p) {
			return true
		}
	}
	return false
}

// isXtraceExit reports whether s is a shell's xtrace of a non-zero exit,
// the verdict of a traced script: `+ exit 127`, `++ exit 1`, or under a
// PS4 that names the place, `+(a.sh:12): exit 2`.
func isXtraceExit(s string) bool {
	if !strings.HasPrefix(s, "+") {
		return false
	}
	s = strings.TrimLeft(s, "+")
	if strings.HasPrefix(s, "(") {
		_, rest, ok := strings.Cut(s, "): ")
		if !ok {
			return false
		}
		s = rest
	}
	s = strings.TrimPrefix(strings.TrimRight(s, " \r"), " ")
	code, ok := strings.CutPrefix(s, "exit ")
	if !ok {
		return false
	}
	n := digitRun(code, 0)
	return n > 0 && n == len(code) && strings.TrimLeft(code, "0") != ""
}

// isExitStatusFailure reports whether s is an echoed non-zero exit
// status, `exit status 1` (go run's last line, a script's `echo "exit
// status $?"`): the run's verdict, failed, whatever came before it.
func isExitStatusFailure(s string) bool {
	code, ok := strings.CutPrefix(strings.TrimRight(s, " \r"), "exit status ")
	if !ok {
		return false
	}
	n := digitRun(code, 0)
	return n > 0 && n == len(code) && strings.TrimLeft(code, "0") != ""
}

// endsInStarredFailure reports whether t ends in a failure word set off
// by asterisks, `*failed*` or `*** FAILED ***`: a runner's mark of a
// test's outcome, which detail does not write so.
func endsInStarredFailure(t string) bool {
	t = strings.TrimRight(t, " \r")
	if !strings.HasSuffix(t, "*") {
		return false
	}
	t = strings.TrimRight(t, "* ")
	k := len(t)
	for k > 0 && isWordByte(t[k-1]) {
		k--
	}
	if !strings.HasSuffix(strings.TrimRight(t[:k], " "), "*") {
		return false
	}
	switch strings.ToLower(t[k:]) {
	case "failed", "failure", "error", "fail":
		return true
	}
	return false
}

// toolFailedLeads open a warning's message that says the tool failed.
var toolFailedLeads = [...]string{"failed to ", "could not ", "cannot ", "unable to "}

// toolFailedWarning reports whether a compiler-style warning says the
// tool itself could not do what it was asked (`a.xml:5: warning: failed
// to load external entity "…dtd"`, ld's `warning: cannot find entry
// symbol`): not a finding about the input but a failure of the run,
// whose consequences the findings after it often are.
func toolFailedWarning(line string) bool {
	k := strings.Index(line, "warning: ")
	if k < 0 {
		return false
	}
	msg := line[k+len("warning: "):]
	for _, p := range toolFailedLeads {
		if len(msg) >= len(p) && strings.EqualFold(msg[:len(p)], p) {
			return true
		}
	}
	return false
}

// infixRules are the rows no first byte finds: a literal anywhere in the
// line. Each costs a search of every undecided line, so they are few.
var infixRules = []logRule{
	{infix: "% tests passed, ", class: lineSummary}, // ctest: 50% tests passed, 1 tests failed out of 2
}

// infixLeads holds the first byte of every infix rule's literal, once
// each: a line that holds none of them matches no infix rule.
var infixLeads = func() string {
	var b []byte
	for _, r := range infixRules {
		if !strings.Contains(string(b), r.infix[:1]) {
			b = append(b, r.infix[0])
		}
	}
	return string(b)
}()

// indexInfixLead returns where the first byte of infixLeads stands in
// text, or -1.
func indexInfixLead(text string) int { return strings.IndexAny(text, infixLeads) }

// containsInfix reports whether infix occurs in line. It looks for the
// infix's first byte with strings.IndexByte, which reads a line many bytes
// at a time: an infix rule's literal starts with a byte rare in logs
// ('%'), where strings.Contains would compare the whole infix at every
// byte of a short line.
func containsInfix(line, infix string) bool {
	for i := 0; ; {
		k := strings.IndexByte(line[i:], infix[0])
		if k < 0 {
			return false
		}
		if strings.HasPrefix(line[i+k:], infix) {
			return true
		}
		i += k + 1
	}
}

// cutTaskTag returns what follows the task tag that opens an indented
// line's text t: a build tool that runs tasks tags each line of a task's
// output with its name, right-aligned (Ant's `    [junit] `, `    [javac]
// `), and what follows is the task's own line, classed as one (a javac
// warning, a JUnit failure, a blank line). A tag is a lower-case name of
// two bytes or more in brackets and a space; a level or a status in
// brackets (`  [error] `, `  [ok] `) is no task.
func cutTaskTag(t string) (rest string, ok bool) {
	end := strings.IndexByte(t[:min(len(t), taskTagMax)], ']')
	if end < 3 || t[0] != '[' {
		return "", false
	}
	name := t[1:end]
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || i > 0 && (c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':')) {
			return "", false
		}
	}
	for _, w := range notTaskNames {
		if name == w {
			return "", false
		}
	}
	switch rest = t[end+1:]; {
	case rest == "":
		return "", true
	case rest[0] == ' ':
		return rest[1:], true
	}
	return "", false
}

// taskTagMax bounds a task tag, brackets included.
const taskTagMax = 32

// notTaskNames are the bracketed words that are a line's level or status,
// not the task it comes from.
var notTaskNames = [...]string{"error", "err", "warn", "warning", "info", "debug", "trace", "fatal", "notice", "critical",
	"severe", "fine", "verbose", "ok", "pass", "passed", "fail", "failed", "skip", "skipped", "todo"}

// cutValgrindPrefix splits a `==1234== text` line (valgrind, the
// sanitizers) into its pid and its text.
func cutValgrindPrefix(line string) (rest string, ok bool) {
	if len(line) < 5 || line[0] != '=' || line[1] != '=' {
		return "", false
	}
	n := digitRun(line, 2)
	if n == 0 || !strings.HasPrefix(line[2+n:], "==") {
		return "", false
	}
	return strings.TrimPrefix(line[2+n+2:], " "), true
}

// valgrindErrorLeads open the first line of a valgrind tool's error
// record, after its ==PID== prefix, and say the block it opens:
// memcheck's records run while their frames do; helgrind frames each of
// its own between `----` rules (`Possible data race during read of size
// 8`, its `Locks held:` lines, the conflicting access and the address
// between); DRD's (`Conflicting store by thread 2`) runs to the blank
// line that ends it, over its `Allocation context:` and segment lines.
var valgrindErrorLeads = [...]struct {
	lead  string
	block uint8
}{
	{"Invalid ", blockTrace}, {"Conditional jump", blockTrace}, {"Use of uninitialised", blockTrace},
	{"Mismatched ", blockTrace}, {"Syscall param", blockTrace}, {"Source and destination overlap", blockTrace},
	{"Process terminating", blockTrace}, {"Jump to the invalid", blockTrace}, {"Argument '", blockTrace},
	{"Possible data race", blockRuled},
	{"Conflicting load", blockUntilBlank}, {"Conflicting store", blockUntilBlank},
}

// classifyRecord classes the text of a valgrind or sanitizer line: a
// record's first line starts in the column after the prefix, its frames
// and address notes are indented.
func classifyRecord(rest string) (uint8, uint8) {
	switch {
	case isBlank(rest):
		return lineBlank, 0
	case rest[0] == ' ' || rest[0] == '\t':
		return lineTrace, 0
	case strings.HasPrefix(rest, "ERROR SUMMARY:"), strings.HasPrefix(rest, "LEAK SUMMARY:"):
		return lineSummary, 0
	case strings.HasPrefix(rest, "ERROR:"), strings.HasPrefix(rest, "WARNING:"):
		return lineError, blockRuled // a sanitizer report: to its ==== rule
	}
	for _, r := range valgrindErrorLeads {
		if strings.HasPrefix(rest, r.lead) {
			return lineError, r.block
		}
	}
	if strings.Contains(rest, " are definitely lost") || strings.Contains(rest, " are possibly lost") {
		return lineError, blockTrace
	}
	return lineOther, 0
}

// caretFinding reports a caret line that says a finding: a message after
// the caret, ending in its rule's code.
func caretFinding(s string) bool { return len(s) > 4 && trailingCode(s) != "" }

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

// countFollows matches a mark followed by a count: `✖ 5 problems`.
func countFollows(s string) bool {
	_, rest, _ := strings.Cut(s, " ")
	return digitRun(rest, 0) > 0
}

// hasDigit reports whether s holds an ASCII digit, byte by byte:
// strings.ContainsAny builds its set of ten at each call.
func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			return true
		}
	}
	return false
}

func hasSpace(s string) bool { return strings.IndexByte(s, ' ') >= 0 }

// isRunnerTotals matches pytest's closing `==== 3 failed, 9 passed in 1s ====`.
func isRunnerTotals(s string) bool {
	return strings.Contains(s, " passed") || strings.Contains(s, " failed") || strings.Contains(s, " error")
}

// isOutcomeCount matches a count of a run's outcome alone on its line:
// `12 passing`, `1 failing (3ms)`, `3 pending`; or a progress counter at
// its end (isProgressDone).
func isOutcomeCount(t string) bool {
	n := digitRun(t, 0)
	if n > 0 && n < len(t) && t[n] == '/' {
		return isProgressDone(t, n)
	}
	if n == 0 || n >= len(t) || t[n] != ' ' {
		return false
	}
	for _, w := range [...]string{"passing", "failing", "pending"} {
		if rest, ok := strings.CutPrefix(t[n+1:], w); ok && (rest == "" || strings.HasPrefix(rest, " (")) {
			return true
		}
	}
	// A compiler's closing tally alone on its line: javac's and javadoc's
	// `91 warnings`, `1 error`.
	switch t[n+1:] {
	case "warning", "warnings", "error", "errors":
		return true
	}
	return false
}

// countsJUnitFailure matches JUnit's counts for a suite that counts a
// failure or an error: `Tests run: 35, Failures: 3, Errors: 0, …`.
func countsJUnitFailure(t string) bool {
	for _, w := range [...]string{", Failures: ", ", Errors: "} {
		if k := strings.Index(t[:min(len(t), 80)], w); k > 0 {
			if n := digitRun(t, k+len(w)); n > 0 && strings.Trim(t[k+len(w):k+len(w)+n], "0") != "" {
				return true
			}
		}
	}
	return false
}

// isProgressDone matches a progress counter at its end, the last state
// of a run that counts its work (cppcheck's `42/42 files checked 100%
// done`): `N/N` with equal numbers (t[:n] is the first), and 100% further
// on. A counter short of its total, or a ctest result line without a
// percentage, is not one.
func isProgressDone(t string, n int) bool {
	m := digitRun(t, n+1)
	return m == n && t[n+1:n+1+m] == t[:n] && n+1+m < len(t) && t[n+1+m] == ' ' &&
		strings.Contains(t[n+1+m:min(len(t), n+1+m+60)], " 100%")
}

// isNumberedHeading matches `1) name`: a number, a parenthesis, a space
// and a name.
func isNumberedHeading(t string) bool {
	n := digitRun(t, 0)
	return n > 0 && n+2 < len(t) && t[n] == ')' && t[n+1] == ' ' && t[n+2] != ' '
}

// isLintEntryError and isLintEntryWarning match a linter's indented
// entry `12:5  error  message`, its position then its severity word;
// isLintEntrySyntaxError an error entry that says syntax error.
func isLintEntryError(t string) bool { return lintEntrySeverity(t) == "error" }
func isLintEntrySyntaxError(t string) bool {
	return lintEntrySeverity(t) == "error" && saysSyntaxError(t)
}
func isLintEntryWarning(t string) bool { return lintEntrySeverity(t) == "warning" }

// lintEntrySeverity returns the word after an entry's `line:col`
// position and its padding, or "".
func lintEntrySeverity(t string) string {
	n := digitRun(t, 0)
	if n == 0 || n >= len(t) || t[n] != ':' {
		return ""
	}
	m := digitRun(t, n+1)
	if m == 0 {
		return ""
	}
	rest := t[n+1+m:]
	w := strings.TrimLeft(rest, " ")
	if len(w) == len(rest) {
		return ""
	}
	word, after, ok := strings.Cut(w, " ")
	if !ok || after == "" {
		return ""
	}
	return word
}

// isIncludeFrom matches the continuation of gcc's include chain:
// `                 from a.c:3:`.
func isIncludeFrom(t string) bool { return strings.HasSuffix(t, ":") || strings.HasSuffix(t, ",") }

// taggedDetail matches a line whose text after its `[level] ` tag is
// indented or a code frame's marked line (`> 83 |`): detail of the
// tagged line above.
func taggedDetail(s string) bool {
	_, t, _ := strings.Cut(s, "] ")
	return strings.HasPrefix(t, " ") || strings.HasPrefix(t, "\t") || strings.HasPrefix(t, "> ") && digitRun(strings.TrimLeft(t[2:], " "), 0) > 0
}

// isGutterLine matches rustc's source gutter: `464 |         code`, but
// not a report's row whose next cell is a severity (phpcs's `153 | WARNING
// | message`): that row is a finding, its level says which.
func isGutterLine(t string) bool {
	n := digitRun(t, 0)
	return n > 0 && strings.HasPrefix(t[n:], " |") && !severityCell(t[n+2:])
}

// severityCell reports whether s opens with a table cell that holds an
// upper-case severity alone: `ERROR   |`, ` WARNING |`.
func severityCell(s string) bool {
	cell, _, ok := strings.Cut(s[:min(len(s), 24)], "|")
	if !ok {
		return false
	}
	return isSeverityLevel(strings.TrimSpace(cell))
}

// isSeverityLevel reports whether w is one of levelWords that say a
// finding's severity, an error's or a warning's (not INFO or DEBUG).
func isSeverityLevel(w string) bool {
	switch w {
	case "ERROR", "FATAL", "CRITICAL", "SEVERE", "WARNING", "WARN":
		return true
	}
	return false
}

// isPytestSection matches a pytest failure header: `____ test_name ____`.
func isPytestSection(line string) bool {
	return strings.HasPrefix(line, "_") && strings.HasSuffix(line, "_") && strings.Contains(line, " ") && strings.Trim(line, "_ ") != "" &&
		(strings.HasPrefix(line, "___") && strings.HasSuffix(line, "___") || strings.HasPrefix(line, "_ ") && strings.HasSuffix(line, " _"))
}

// isJSErrorLine matches `TypeError: …`, `AssertionError [ERR_…]: …` and the
// like at the start of a line.
func isJSErrorLine(line string) bool {
	i := 0
	for i < len(line) && (letterTab[line[i]] || line[i] == '.') {
		i++
	}
	word := line[:i]
	return i > 5 && (strings.HasSuffix(word, "Error") || strings.HasSuffix(word, "Exception")) &&
		i < len(line) && (line[i] == ':' || line[i] == ' ')
}

// levelWord returns the first log level (ERROR, FATAL, CRITICAL, SEVERE,
// WARNING, WARN, INFO, DEBUG, TRACE, NOTICE) standing as a whole upper-case
// word (` ERROR `, `[ERROR]`, `ERROR:`) in the first 120 bytes of line, and
// where. It reads eight bytes at a time and looks only where a run of
// upper-case letters starts: most bytes of a line are lower case.
func levelWord(line string) (string, int) {
	head := line[:min(len(line), 120)]
	var upperBefore uint64 // the high bit of byte 0 set when the byte before the chunk is upper case
	for k := 0; k < len(head); k += 8 {
		var w uint64
		if k+8 <= len(head) {
			w = load64(head, k)
		} else {
			w = loadTail(head, k)
		}
		upper := asciiUpper(w)
		starts := upper &^ (upper<<8 | upperBefore)
		upperBefore = upper >> 56
		for ; starts != 0; starts &= starts - 1 {
			i := k + bits.TrailingZeros64(starts)>>3
			var prev byte = ' '
			if i > 0 {
				if prev = head[i-1]; !opensLevel(prev) {
					continue // inside a word
				}
			}
			j := i + 1
			for j < len(head) && head[j] >= 'A' && head[j] <= 'Z' {
				j++
			}
			if endsLevel(head, j, prev) {
				switch w := head[i:j]; w {
				case "ERROR", "FATAL", "CRITICAL", "SEVERE", "WARNING", "WARN", "INFO", "DEBUG", "TRACE", "NOTICE":
					return w, i
				}
			}
		}
	}
	return "", -1
}

// asciiUpper sets the high bit of every byte of w that is an ASCII
// upper-case letter (see asciiLetters).
func asciiUpper(w uint64) uint64 {
	y := w &^ highBits
	atLeastA := y + (0x80-'A')*lowBits
	aboveZ := y + (0x80-'Z'-1)*lowBits
	return atLeastA &^ aboveZ &^ w & highBits
}

func isLevelEnd(c byte) bool {
	return c == ' ' || c == ']' || c == '>' || c == '|' || c == ':'
}

// opensLevel reports whether a level word may follow the byte c: a blank,
// or the opening of a tag (`[ERROR]`, `<WARN>`, `|INFO|`, `(ERROR/3)`).
func opensLevel(c byte) bool {
	return c == ' ' || c == '[' || c == '<' || c == '|' || c == '('
}

// endsLevel reports whether a level word that prev precedes and that
// ends at s[j] stands whole: the line's end or a level's end (see
// isLevelEnd), or, in a bracketed tag, the bracket's close, straight
// after the word or after a `/N` that numbers the level (docutils'
// `(ERROR/3)`, `(WARNING/2)`). A word in parentheses ends only there, so
// that prose's `(INFO here)` is no level.
func endsLevel(s string, j int, prev byte) bool {
	var closer byte
	switch prev {
	case '(':
		closer = ')'
	case '[':
		closer = ']'
	}
	if closer != 0 && j+1 < len(s) && s[j] == '/' {
		n := digitRun(s, j+1)
		return n > 0 && j+1+n < len(s) && s[j+1+n] == closer
	}
	if prev == '(' {
		return j < len(s) && s[j] == ')'
	}
	return j == len(s) || isLevelEnd(s[j])
}

// compilerDiagnostic returns "error" or "warning" for gcc/clang/go vet
// style `file:line:col: error: …` lines, and tsc's `file.ts(1,2): error
// TS…`, in one pass over the colons. A colon is read further only when a
// space and a severity's first letter follow it: most colons of a line
// (the path's, the line number's) are turned away in two loads.
func compilerDiagnostic(line string) string {
	for i := 0; ; {
		c := strings.IndexByte(line[i:], ':')
		if c < 0 {
			return ""
		}
		i += c + 1
		if i+1 >= len(line) || line[i] != ' ' {
			continue
		}
		switch rest := line[i:]; rest[1] {
		case 'e':
			if strings.HasPrefix(rest, " error: ") || strings.HasPrefix(rest, " error TS") {
				return "error"
			}
		case 'f':
			if strings.HasPrefix(rest, " fatal error: ") {
				return "error"
			}
		case 'w':
			if strings.HasPrefix(rest, " warning: ") || strings.HasPrefix(rest, " warning TS") {
				return "warning"
			}
		}
	}
}

// Generic failure signals.
const (
	sigNone    = iota
	sigFailure // a failure word standing as a word
	sigCount   // a count of failures above zero: `3 failed`, `2 errors`
)

// failureWords stand for a failure when they stand as words, in any case.
// Multi-word phrases are matched at their first word.
var failureWords = [...]string{"error", "failed", "failure", "fatal", "panic", "exception", "traceback", "assertion",
	"abort", "aborted", "not ok", "segmentation fault", "fail", "cannot continue"}

// countWords follow a number in a count of failures.
var countWords = [...]string{"failed", "failing", "failures", "failure", "errors", "error", "broken", "problems"}

// lowerTab folds ASCII letters to lower case.
var lowerTab = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if i >= 'A' && i <= 'Z' {
			t[i] = byte(i) + 'a' - 'A'
		}
	}
	return t
}()

// wordPair marks the first two letters (lower case) of the failure and
// count words: most words are turned away by two table reads.
var wordPair = func() (t [256][256]bool) {
	for _, w := range failureWords {
		t[w[0]][w[1]] = true
	}
	for _, w := range countWords {
		t[w[0]][w[1]] = true
	}
	return t
}()

// signalPair marks the first two letters of every word scanSignals looks
// at: the failure and count words in any case, the level words in upper
// case and the words of a compiler's diagnostic in lower case, as
// scanSignalsFrom reads them. signalPair[c] holds bit n when a word
// starting with the byte c goes on with the letter 'a'+n, in either case.
// It is a kilobyte, where a table of pairs would be 64.
//
// countPairOnly marks, alike, the count words that no other word starts
// as (`problems`, `broken`): such a word counts only after a number and a
// space (see numberBefore), so not in `github.com/prometheus`.
var signalPair, countPairOnly = func() (t, count [256]uint32) {
	add := func(t *[256]uint32, w string, cases ...byte) {
		for _, c := range cases {
			t[c] |= 1 << (lowerTab[w[1]] - 'a')
		}
	}
	var other [256]uint32
	for _, w := range failureWords {
		add(&other, w, w[0]&^0x20, w[0]|0x20)
	}
	for _, w := range levelWords {
		add(&other, w, w[0])
	}
	for _, w := range [...]string{"error", "warning"} { // diagAt's words
		add(&other, w, w[0])
	}
	for _, w := range countWords {
		add(&count, w, w[0]&^0x20, w[0]|0x20)
	}
	for c := range t {
		t[c] = other[c] | count[c]
		count[c] &^= other[c]
	}
	return t, count
}()

// levelWords are the log levels scanSignalsFrom takes, in upper case.
var levelWords = [...]string{"ERROR", "FATAL", "CRITICAL", "SEVERE", "WARNING", "WARN", "INFO", "DEBUG", "TRACE", "NOTICE"}

// startsSignalWord reports whether a word starting with c, then d, may be
// one scanSignals looks at (see signalPair).
func startsSignalWord(c, d byte) bool {
	n := lowerTab[d] - 'a'
	return n < 26 && signalPair[c]>>n&1 != 0
}

// countWordBarred marks the bytes after which failureWordAt takes no
// word (`github.com/prometheus`, `-problems`): a count word no other
// signal word starts as is looked at after any other byte, a space (`3
// problems`) or an opening bracket (`(problems: 3`, a count written as
// a label) alike.
var countWordBarred = func() (t [256]bool) {
	for _, c := range []byte("-,./$@") {
		t[c] = true
	}
	return t
}()

// startsCountWordOnly reports whether a word starting with c, then d, may
// be only a count word that no other signal word starts as (see
// countPairOnly).
func startsCountWordOnly(c, d byte) bool {
	return countPairOnly[c]>>(lowerTab[d]-'a')&1 != 0
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// failureSignal looks for a failure word standing as a word, or a count
// of failures above zero, in the first 400 bytes of line.
func failureSignal(line string) int {
	_, _, sig := lineSignals(line)
	return sig
}

// isPositionLine reports whether line starts with a source position:
// `path.ext:12:5: ` (line and column), whatever its message says.
func isPositionLine(line string) bool {
	_, ok := positionMessage(line)
	return ok
}

// positionLine classes a line that starts with a source position with a
// column, `path.ext:12:5: message`, which a compiler writes (Go's `./a.go:
// 3:1: undefined: x`, pylint's `a.py:1:0: E0602: …`) and grep -n does not
// (it gives no column): an error, or a warning when a linter's message
// code says so (pylint's C, R and W codes, RuboCop's C and W letters).
func positionLine(line string) int {
	msg, ok := positionMessage(line)
	if !ok || isPositionNote(msg) {
		return diagNone
	}
	return positionDiag(msg)
}

// positionDiag is positionLine given the message after the line's
// position, which is no note.
func positionDiag(msg string) int {
	if sev, ok := positionSeverity(msg); ok {
		return sev
	}
	if len(msg) > 5 && msg[5] == ':' && digitRun(msg, 1) == 4 || len(msg) > 2 && msg[1] == ':' && msg[2] == ' ' {
		// A severity letter, alone (RuboCop's `C: `, `W: `, `E: `, `F: `)
		// or leading a code (pylint's `C0114:`): convention, refactor,
		// warning and information are findings told once each.
		switch msg[0] {
		case 'C', 'R', 'W', 'I':
			return diagWarning
		}
	}
	return diagError
}

// positionMessage returns the message after a line's leading source
// position with a column, `path.ext:12:5: message`. The path ends at the
// line's first colon, so the numbers after that colon are read first:
// most lines are turned away there (mypy's `a.py:12: error:` has no
// column), before the path is read for a blank.
func positionMessage(line string) (string, bool) {
	head := line[:min(len(line), 300)]
	colon := strings.IndexByte(head, ':')
	if colon < 3 {
		return "", false
	}
	if _, ok := afterLineColumn(line[colon+1:]); !ok || pathEnd(head[:colon]) < colon {
		return "", false
	}
	return positionMessageAt(line, colon)
}

// positionMessageAt is positionMessage given where pathEnd finds the end
// of the line's first 300 bytes' path.
func positionMessageAt(line string, colon int) (string, bool) {
	head := line[:min(len(line), 300)]
	if colon < 3 || colon == len(head) || head[colon] != ':' {
		return "", false
	}
	path := line[:colon]
	dot := strings.LastIndexByte(path, '.')
	if dot < 0 || dot == len(path)-1 || !isLetter(path[dot+1]) {
		return "", false
	}
	return afterLineColumn(line[colon+1:])
}

// afterLineColumn returns what follows `12:5: ` at the start of rest: a
// position's line and column after its path's colon.
func afterLineColumn(rest string) (string, bool) {
	n := digitRun(rest, 0)
	if n == 0 || n >= len(rest) || rest[n] != ':' {
		return "", false
	}
	rest = rest[n+1:]
	m := digitRun(rest, 0)
	if m == 0 || !strings.HasPrefix(rest[m:], ": ") {
		return "", false
	}
	return rest[m+2:], true
}

// positionNoteLeads and positionNoteEnds are the messages after a source
// position that are detail, not a failure: gcc's notes and template
// chains, and the optimisation remarks compilers print by the hundred when
// asked (clang's -Rpass `remark:`, gcc's -fopt-info `optimized:` and
// `missed:`, Go's -gcflags=-m inlining and escape analysis, -d=ssa/check_bce).
// A compiler's error among them keeps its severity, or has none and stays
// an error.
var (
	positionNoteLeads = [...]string{"note:", "warning:", "required from", "in ", "In ", "remark:", "optimized:", "missed:",
		"can inline ", "cannot inline ", "inlining call to ", "leaking param", "moved to heap: ", "devirtualizing ",
		"index bounds check elided", "Found IsInBounds", "Found IsSliceInBounds"}
	positionNoteEnds = [...]string{" escapes to heap", " does not escape", " does not escape content"}
)

// positionSeverities are the severity words a message after a source
// position may open with, before a colon, in any case (tidy's `Warning:`,
// `Info:`, `Error:`): the word decides, not the shape. The severities
// below a warning (cppcheck's style and information, a linter's hint or
// suggestion) are findings told once each as warnings are, not failures;
// notes and remarks are detail.
var positionSeverities = [...]struct {
	word string
	diag int
}{
	{"error", diagError}, {"fatal error", diagError}, {"fatal", diagError},
	{"warning", diagWarning}, {"warn", diagWarning},
	{"note", diagNone}, {"remark", diagNone},
	{"info", diagWarning}, {"information", diagWarning}, {"hint", diagWarning}, {"style", diagWarning},
	{"performance", diagWarning}, {"portability", diagWarning}, {"suggestion", diagWarning}, {"access", diagNone},
}

// positionSeverity returns the class msg's leading severity word gives,
// and whether it has one.
func positionSeverity(msg string) (int, bool) {
	word, _, ok := strings.Cut(msg[:min(len(msg), 16)], ":")
	if !ok {
		return diagNone, false
	}
	for _, s := range positionSeverities {
		if strings.EqualFold(word, s.word) {
			return s.diag, true
		}
	}
	return diagNone, false
}

// isPositionNote reports whether msg, what follows a `path:line:col: `
// position, is a note (positionNoteLeads, positionNoteEnds).
func isPositionNote(msg string) bool {
	msg = strings.TrimLeft(msg, " ") // g++'s `file:12:5:   required from here`
	for _, w := range positionNoteLeads {
		if strings.HasPrefix(msg, w) {
			return true
		}
	}
	msg = strings.TrimRight(msg, " \r")
	for _, w := range positionNoteEnds {
		if strings.HasSuffix(msg, w) {
			return true
		}
	}
	return false
}

// pathEnd returns where the first ':', ' ' or '\t' of s stands, or
// len(s): a path before a position holds no blank, and most lines are
// turned away at their first space, not searched to their first colon.
func pathEnd(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 { // eight bytes at a time: a path runs for dozens
		w := load64(s, i)
		if m := zeroBytesExact(w^':'*lowBits) | zeroBytesExact(w^' '*lowBits) | zeroBytesExact(w^'\t'*lowBits); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == ':' || c == ' ' || c == '\t' {
			return i
		}
	}
	return len(s)
}

// Compiler diagnostics.
const (
	diagNone = iota
	diagError
	diagWarning
)

// letterTab marks ASCII letters.
var letterTab = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	return t
}()

// lineSignals reads the words of the first 400 bytes of line once and
// returns the generic signals in them: a compiler's diagnostic (`file:1:2:
// error: …`, `file.ts(1,2): error TS…`), the first log level word standing
// as a whole upper-case word in the first 120 bytes (` ERROR `, `[WARN]`,
// `INFO:`), and a failure signal — a failure word standing as a word, or
// a count of failures above zero. Benign forms do not count: `0 errors`,
// `-Werror`, `errors.go`, `--no-error-on-…`, `Failures: 0`, `no errors`.
func lineSignals(line string) (diag int, level string, sig int) {
	return scanSignals(line, false)
}

// lineDecision returns what of lineSignals classifyFull needs, which
// decides on the first of these it finds: a compiler diagnostic; else a
// level word; else a failure signal. It stops reading the line at a
// diagnostic, and after a level word looks only for a diagnostic: a
// system log's lines say INFO early and are long. Its diag is
// lineSignals'; its level too unless diag is set; its sig too unless diag
// or level is set. It reads from line[from:] on, where line[:from] is
// the line's indent: a trace's frames are indented by dozens of blanks.
func lineDecision(line string, from int) (diag int, level string, sig int) {
	return scanSignalsFrom(line, from, true)
}

// scanSignals is lineSignals, or lineDecision when decide is set. Only
// a word whose first two letters start a signal word (signalPair),
// standing as a word, or a mark (✗ ✘ ✖ ×) is read to its end and looked
// at: nextSignalWord finds them.
func scanSignals(line string, decide bool) (diag int, level string, sig int) {
	return scanSignalsFrom(line, 0, decide)
}

// scanSignalsFrom is scanSignals reading from line[from:] on, where
// line[:from] holds no ASCII letter and no mark (a tree's prefix of bars
// and branch marks): what it finds stands where it does in line, as
// scanSignals would find it there.
func scanSignalsFrom(line string, from int, decide bool) (diag int, level string, sig int) {
	s := line[:min(len(line), signalBytes)]
	for i := nextSignalWord(s, from, true); i < len(s); {
		c := s[i]
		if c >= 0x80 {
			if sig == sigNone && isMarkAt(s[i:]) {
				sig = sigFailure
			}
			i = nextSignalWord(s, i+1, sig == sigNone)
			continue
		}
		j := letterRunEnd(s, i+2)
		var prev byte = ' '
		if i > 0 {
			prev = s[i-1]
		}
		word := s[i:j]
		if level == "" && i < 120 && c >= 'A' && c <= 'Z' && opensLevel(prev) && endsLevel(s, j, prev) {
			switch word {
			case "ERROR", "FATAL", "CRITICAL", "SEVERE", "WARNING", "WARN", "INFO", "DEBUG", "TRACE", "NOTICE": // levelWords
				level = word
				if decide {
					// Only a compiler diagnostic further on outranks a
					// level word: look for one alone.
					return diagAfter(s, j), level, sig
				}
			}
		}
		if diag == diagNone && prev == ' ' {
			if diag = diagAt(s, i, j); diag != diagNone && decide {
				return diag, level, sig
			}
		}
		if sig == sigNone && j-i >= 3 && j-i <= 12 && wordPair[lowerTab[c]][lowerTab[s[i+1]]] && wordEnd[j-i][lowerTab[s[j-1]]] {
			sig = failureWordAt(s, i, j)
		}
		i = nextSignalWord(s, j, sig == sigNone)
	}
	return diag, level, sig
}

// signalBytes is how much of a line scanSignalsFrom reads.
const signalBytes = 400

// nextSignalWord returns where, at or after p, the next word that
// scanSignals looks at starts: a run of letters that no word byte
// precedes and whose first two letters start a signal word (signalPair),
// or, when marks is set, a byte that may lead a mark; len(s) if none
// does. It reads s eight bytes at a time and stops only where a letter
// run starts or a mark may; it calls nothing, so its loop keeps its state
// in registers.
func nextSignalWord(s string, p int, marks bool) int {
	var letterBefore uint64 // the high bit of byte 0 set when the byte before the chunk is a letter
	for k := p; k < len(s); k += 8 {
		var w uint64
		if k+8 <= len(s) {
			w = load64(s, k)
		} else {
			w = loadTail(s, k)
		}
		letters := asciiLetters(w)
		events := letters &^ (letters<<8 | letterBefore) // where letter runs start
		letterBefore = letters >> 56
		if marks && w&highBits != 0 {
			events |= markLeads(w)
		}
		for ; events != 0; events &= events - 1 {
			i := k + bits.TrailingZeros64(events)>>3
			c := s[i]
			if c >= 0x80 {
				return i
			}
			// Not inside a word either (x2error, E1122): a letter before
			// i at p is seen here, not in letterBefore.
			if i+1 < len(s) && startsSignalWord(c, s[i+1]) && (i == 0 || !isWordByte(s[i-1])) &&
				(i == 0 || !countWordBarred[s[i-1]] || !startsCountWordOnly(c, s[i+1])) {
				return i
			}
		}
	}
	return len(s)
}

// letterRunEnd returns where the run of letters at or after from ends.
func letterRunEnd(s string, from int) int {
	j := from
	for j+8 <= len(s) {
		if stop := ^asciiLetters(load64(s, j)) & highBits; stop != 0 {
			return j + bits.TrailingZeros64(stop)>>3
		}
		j += 8
	}
	for j < len(s) && letterTab[s[j]] {
		j++
	}
	return j
}

// loadTail reads the last bytes of s from k, fewer than eight, as
// load64 would, zeros above them: a zero byte is no letter and no mark.
func loadTail(s string, k int) uint64 {
	if n := len(s); n >= 8 {
		// The last eight bytes, shifted down past those before k: one
		// load, not a loop over each byte left.
		return load64(s, n-8) >> (8 * uint(k-(n-8)))
	}
	var w uint64
	for b := len(s) - 1; b >= k; b-- {
		w = w<<8 | uint64(s[b])
	}
	return w
}

// markLeads sets the high bit of the bytes of w that may lead a mark's
// UTF-8 (0xE2 for ✗, ✘ and ✖, 0xC3 for ×), and perhaps of a byte just above
// one: a filter whose hits are checked.
func markLeads(w uint64) uint64 {
	return zeroBytes(w^0xE2*lowBits) | zeroBytes(w^0xC3*lowBits)
}

// failureMarks are the marks scanSignals takes for a failure word
// anywhere in a line; the log prefilter takes its anchors from them.
var failureMarks = [...]string{"✗ ", "✘ ", "✖ ", "× "}

// isMarkAt reports whether s starts with a failure mark and a space.
func isMarkAt(s string) bool {
	for _, m := range failureMarks {
		if strings.HasPrefix(s, m) {
			return true
		}
	}
	return false
}

// indentEnd returns where the run of ' ' and '\t' that starts line ends,
// eight bytes at a time: a frame deep in a trace is indented by dozens.
func indentEnd(line string) int {
	i := 0
	for ; i+8 <= len(line); i += 8 {
		w := load64(line, i)
		if w == ' '*lowBits {
			continue // eight spaces, the most of a deep indent: one comparison
		}
		if other := ^(zeroBytesExact(w^' '*lowBits) | zeroBytesExact(w^'\t'*lowBits)) & highBits; other != 0 {
			return i + bits.TrailingZeros64(other)>>3
		}
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

// zeroBytesExact sets the high bit of every zero byte of x and of no
// other: no borrow crosses a byte, as zeroBytes' may.
func zeroBytesExact(x uint64) uint64 {
	return ^((x&^highBits + 0x7f*lowBits) | x) & highBits
}

// load64 reads s[i:i+8] as a little-endian word: one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

const (
	lowBits  = 0x0101010101010101
	highBits = 0x80 * lowBits
)

// asciiLetters sets the high bit of every byte of w that is an ASCII
// letter: folded to lower case, a byte below 0x80 that is at least 'a'
// and not above 'z'. No byte carries into the next: each sum stays below
// 0x100.
func asciiLetters(w uint64) uint64 {
	y := w&^highBits | 0x20*lowBits
	atLeastA := y + (0x80-'a')*lowBits
	aboveZ := y + (0x80-'z'-1)*lowBits
	return atLeastA &^ aboveZ &^ w & highBits
}

// diagAt returns the compiler diagnostic that the word s[i:j], after a
// space, makes of its line: `file:1:2: error: …`, `file:1: fatal error:
// …`, `file.ts(1,2): error TS…`, `file.ts - error TS…`; or diagNone.
func diagAt(s string, i, j int) int {
	if i < 2 || s[i] != 'e' && s[i] != 'w' {
		return diagNone
	}
	before := s[:i-1]
	before = strings.TrimSuffix(before, " fatal")
	if strings.HasSuffix(before, ":") || strings.HasSuffix(before, ": fatal") || strings.HasSuffix(before, " -") && strings.HasPrefix(s[j:], " TS") {
		rest := s[j:]
		w := s[i:j]
		switch {
		case w == "error" && (strings.HasPrefix(rest, ": ") || strings.HasPrefix(rest, " TS")):
			return diagError
		case w == "warning" && (strings.HasPrefix(rest, ": ") || strings.HasPrefix(rest, " TS")):
			return diagWarning
		}
	}
	return diagNone
}

// diagAfter returns the first compiler diagnostic (see diagAt) that a word
// of s starting after from makes. Such a word is error or warning, after a
// space: diagAfter finds their "rr" and "rn" eight bytes at a time, rare
// pairs in a system log's words, and asks diagWordAt only there. Pairs
// are found in the order their words start, so the first word that makes
// a diagnostic is the one returned. Most eight bytes of a line hold no
// 'r': the bytes after them are read only when they do.
func diagAfter(s string, from int) int {
	k := from + 1
	for k+9 <= len(s) {
		if rs := zeroBytes(load64(s, k) ^ 'r'*lowBits); rs != 0 {
			for m := rs & pairSeconds(load64(s, k+1)); m != 0; m &= m - 1 {
				if d := diagAtPair(s, from, k+bits.TrailingZeros64(m)>>3); d != diagNone {
					return d
				}
			}
		}
		k += 8
	}
	for ; k+1 < len(s); k++ {
		if s[k] == 'r' && (s[k+1] == 'r' || s[k+1] == 'n') {
			if d := diagAtPair(s, from, k); d != diagNone {
				return d
			}
		}
	}
	return diagNone
}

// pairSeconds sets the high bit of each byte of next (the eight bytes
// one after those whose 'r's are sought) that is an 'r' or an 'n', the
// second byte of an "rr" or "rn", and perhaps of a few others (see
// zeroBytes).
func pairSeconds(next uint64) uint64 {
	return zeroBytes(next^'r'*lowBits) | zeroBytes(next^'n'*lowBits)
}

// diagAtPair returns the compiler diagnostic of the word whose "rr"
// (error) or "rn" (warning) stands at p, if the word starts after from.
// zeroBytes may flag a pair that is not there: the bytes are checked.
func diagAtPair(s string, from, p int) int {
	i := p - 1 // e|rr|or
	if s[p] != 'r' {
		return diagNone
	}
	switch s[p+1] {
	case 'r':
	case 'n':
		i = p - 2 // wa|rn|ing
	default:
		return diagNone
	}
	if i <= from || i < 2 {
		return diagNone
	}
	return diagWordAt(s, i)
}

// zeroBytes sets the high bit of every zero byte of x, and perhaps of a
// byte just above one: a filter whose hits are checked.
func zeroBytes(x uint64) uint64 { return (x - lowBits) &^ x & highBits }

// diagWordAt returns the compiler diagnostic the word starting at i makes,
// if a space stands before it.
func diagWordAt(s string, i int) int {
	if s[i-1] != ' ' {
		return diagNone
	}
	j := i
	for j < len(s) && letterTab[s[j]] {
		j++
	}
	return diagAt(s, i, j)
}

// wordEnd marks, by length, the last letters (lower case) of the failure
// and count words: with wordPair, most words that share a failure word's
// first two letters are turned away without a look at their letters.
var wordEnd = func() (t [13][256]bool) {
	for _, w := range failureWords {
		w, _, _ = strings.Cut(w, " ") // a phrase is matched at its first word
		t[len(w)][w[len(w)-1]] = true
	}
	for _, w := range countWords {
		t[len(w)][w[len(w)-1]] = true
	}
	return t
}()

// failureWordAt classes the word s[i:j], which starts a word: a failure
// word, a count of failures above zero, or nothing.
func failureWordAt(s string, i, j int) int {
	if i > 0 && (s[i-1] == '-' || s[i-1] == ',' || s[i-1] == '.' || s[i-1] == '/' || s[i-1] == '$' || s[i-1] == '@') {
		return sigNone
	}
	if isKeywordAt(s, i) {
		return sigNone // a Lisp or Ruby keyword: `:IF-DOES-NOT-EXIST :ERROR`, `(:error …)`
	}
	w := s[i:j]
	if j < len(s) && (s[j] == '-' || s[j] == '_' || s[j] == '.' && j+1 < len(s) && isWordByte(s[j+1]) || isWordByte(s[j]) || s[j] == '(' || s[j] == '/') {
		return sigNone // errors.go, error-prone, error_code, error(…), errors/
	}
	var buf [16]byte
	lower := lowerASCII(buf[:], w) // once, for both word lists
	if isLowerCountWord(lower) {
		if n := numberBefore(s[:i]); n > 0 {
			return sigCount
		} else if n == 0 {
			return sigNone
		}
		if manyErrors(lower, s[:i]) {
			return sigFailure
		}
		if countAfter(s[j:]) {
			return sigCount
		}
	}
	if !isLowerFailureWord(lower, s[j:]) || zeroBefore(s[:i]) || zeroAfter(s[j:]) || inSignature(s, i, j) {
		return sigNone
	}
	return sigFailure
}

// isKeywordAt reports whether the word at s[i:] is written as a keyword,
// a colon glued before it and a blank or an opening parenthesis before
// that (Lisp's `:IF-DOES-NOT-EXIST :ERROR` in a backtrace's frame, a Ruby
// symbol, `(:error ...)`): a value named, not a failure told. A colon
// after a word (`file:12: error:`), a line that opens with it and
// GitHub Actions' `::error` are not keywords.
func isKeywordAt(s string, i int) bool {
	return i >= 2 && s[i-1] == ':' && (s[i-2] == ' ' || s[i-2] == '\t' || s[i-2] == '(')
}

// lowerASCII returns w in lower case, in buf when it is short.
func lowerASCII(buf []byte, w string) string {
	buf = buf[:0]
	for k := 0; k < len(w); k++ {
		c := w[k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return string(buf)
}

// isFailureWord reports whether w, followed by rest, is a failure word.
func isFailureWord(w, rest string) bool {
	var buf [16]byte
	return isLowerFailureWord(lowerASCII(buf[:], w), rest)
}

// isLowerFailureWord is isFailureWord given w in lower case: w is one of
// failureWords, or the first word of one of its phrases that rest goes
// on with (`not ok`, `segmentation fault`), standing as a word.
func isLowerFailureWord(w, rest string) bool {
	for _, tail := range failureWordTails[w] {
		if tail == "" {
			return true
		}
		if len(rest) >= len(tail) && strings.EqualFold(rest[:len(tail)], tail) && (len(rest) == len(tail) || !isWordByte(rest[len(tail)])) {
			return true
		}
	}
	return false
}

// failureWordTails maps the first word of each of failureWords to what
// follows it: "" for a word alone, " ok" for `not ok`. failureWords is
// the one list: the words, their phrases and every table the scans read
// of them come from it.
var failureWordTails = func() map[string][]string {
	m := make(map[string][]string, len(failureWords))
	for _, w := range failureWords {
		first, tail, _ := strings.Cut(w, " ")
		if tail != "" {
			tail = " " + tail
		}
		m[first] = append(m[first], tail)
	}
	return m
}()

// manyErrors reports whether the count word w (in lower case), after
// before, counts failures without a number: `has too many errors` (perl
// -c, the Go compiler, clang), `had compilation errors` (perl -c).
func manyErrors(w, before string) bool {
	if w != "errors" {
		return false
	}
	before = strings.TrimRight(before, " ")
	for _, p := range [...]string{"too many", "compilation"} {
		if len(before) >= len(p) && strings.EqualFold(before[len(before)-len(p):], p) &&
			(len(before) == len(p) || !isWordByte(before[len(before)-len(p)-1])) {
			return true
		}
	}
	return false
}

func isCountWord(w string) bool {
	var buf [16]byte
	return isLowerCountWord(lowerASCII(buf[:], w))
}

// isLowerCountWord is isCountWord given w in lower case.
func isLowerCountWord(w string) bool {
	switch w {
	case "failed", "failing", "failures", "failure", "errors", "error", "broken", "problems":
		return true
	}
	return false
}

// zeroBefore reports whether the words before a failure word say there
// were none: `0 errors`, `no errors`, `without error`.
func zeroBefore(s string) bool {
	s = strings.TrimRight(s, " ")
	if n := numberBefore(s); n == 0 && strings.HasSuffix(s, "0") {
		return true
	}
	if s == "" || !zeroWordEnd[s[len(s)-1]] {
		return false // most words before a failure word end in no zeroWords' last byte
	}
	for _, w := range zeroWords {
		if strings.HasSuffix(s, w) && (len(s) == len(w) || !isWordByte(s[len(s)-len(w)-1])) {
			return true
		}
	}
	return false
}

// zeroWords are the words before a failure word that say there were none.
var zeroWords = [...]string{"no", "No", "NO", "0", "zero", "without", "Without", "ignore", "ignoring", "if", "on"}

// zeroWordEnd marks the last bytes of zeroWords.
var zeroWordEnd = func() (t [256]bool) {
	for _, w := range zeroWords {
		t[w[len(w)-1]] = true
	}
	return t
}()

// zeroAfter reports `Failures: 0`, `errors=0`, `failed 0`.
func zeroAfter(s string) bool {
	i := 0
	for i < len(s) && (s[i] == ':' || s[i] == '=' || s[i] == ' ' || s[i] == '\t') {
		i++ // strings.TrimLeft with a cutset builds its set at every call
	}
	s = s[i:]
	return strings.HasPrefix(s, "0") && (len(s) == 1 || !isWordByte(s[1]) && s[1] != '.')
}

// countAfter reports a count above zero that labels follow a count word
// with: `Failed: 21.` (EUnit's closing counts), `Failures: 2, Errors: 0`
// (JUnit's), `errors=3`. The number ends the line or a clause (`,` `.` `;`
// `)`), so a message that follows a failure word and opens with a number
// (`Error: 404 Not Found`) is no count.
func countAfter(s string) bool {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i == len(s) || s[i] != ':' && s[i] != '=' {
		return false
	}
	sep := i
	i++
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	n := digitRun(s, i)
	if n == 0 || strings.Trim(s[i:i+n], "0") == "" {
		return false
	}
	rest := s[i+n:]
	if rest == "" || rest[0] == '\r' {
		return true
	}
	switch rest[0] {
	case ',', ';', ')':
		return true
	case '.':
		return len(rest) == 1 || !isWordByte(rest[1])
	case ' ', '\t':
		return labelledCountNext(rest, s[sep:i])
	}
	return false
}

// labelledCountNext reports whether rest, after blanks, opens with another
// labelled count written as the one before it, its label and sep (`=` or
// `:`, with the blanks after it) then a number: a row of counts aligned in
// columns, ansible's PLAY RECAP `failed=1    skipped=0`.
func labelledCountNext(rest, sep string) bool {
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
		i++
	}
	j := i
	for j < len(rest) && isLetter(rest[j]) {
		j++
	}
	if j == i || !strings.HasPrefix(rest[j:], sep) {
		return false
	}
	return digitRun(rest, j+len(sep)) > 0
}

// numberBefore returns the number standing right before a word (`3
// failed`), or -1.
func numberBefore(s string) int {
	s = strings.TrimRight(s, " ")
	j := len(s)
	i := j
	for i > 0 && (s[i-1] >= '0' && s[i-1] <= '9' || s[i-1] == ',' && i < j) {
		i--
	}
	if i < j && s[i] == ',' {
		i++
	}
	if i == j || i > 0 && (isWordByte(s[i-1]) || s[i-1] == ':' || s[i-1] == '.' || s[i-1] == '/' || s[i-1] == '-' || s[i-1] == '=') {
		return -1 // a location (12:5), a version, a path, the value of a label before (`unreachable=0`), not a count
	}
	n := 0
	for _, c := range []byte(s[i:j]) {
		if c != ',' && n < 1<<30 {
			n = n*10 + int(c-'0')
		}
	}
	return n
}
