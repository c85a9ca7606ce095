package headroom

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// Real lines from the corpus and the common toolchains, by class.
func TestClassifyLogLine(t *testing.T) {
	cases := map[uint8][]string{
		lineError: {
			"an Exception here",
			"panic: runtime error: index out of range [15] with length 15 [recovered, repanicked]",
			"--- FAIL: TestContextQuery (0.00s)",
			"    --- FAIL: TestECSDiscoveryRefresh/SingleClusterWithTasks (0.00s)",
			"Traceback (most recent call last):",
			"E           AttributeError: 'int' object has no attribute 'strip'",
			"________ test_good_defaults_for_nargs[argument_params0-args0-expected0] ________",
			"error[E0308]: mismatched types",
			"thread 'tests::escape_meta' (7947) panicked at src/lib.rs:393:9:",
			"lstrlib.c:1:10: fatal error: missing.h: No such file or directory",
			"main.c:12:5: error: expected ';' before 'return'",
			"npm ERR! code ELIFECYCLE",
			"npm error Missing script: \"tset\"",
			"TypeError: Cannot read properties of undefined (reading 'x')",
			"Exception in thread \"main\" java.lang.IllegalStateException: boom",
			"2015-10-18 18:06:26,029 ERROR [eventHandlingThread] org.apache.hadoop.yarn.YarnUncaughtExceptionHandler: Thread",
			"- 1117838570 2005.06.03 R02-M1-N0-C:J12-U11 2005-06-03-15.42.50.675872 R02-M1-N0-C:J12-U11 RAS KERNEL FATAL data TLB error interrupt",
			"Unhandled UNBOUND-VARIABLE in thread #<SB-THREAD:THREAD \"main thread\" RUNNING",
			"Unhandled SB-INT:SIMPLE-PROGRAM-ERROR in thread #<SB-THREAD:THREAD \"main thread\" RUNNING",
		},
		lineWarning: {
			"warning: unused variable: `next_offset`",
			"lua.h:489:15: warning: padding struct to align ‘name’ [-Wpadded]",
			"2015-07-29 19:04:12,394 - WARN  [SendWorker:188978561024:QuorumCnxManager$SendWorker@679] - Interrupted",
			"npm WARN deprecated inflight@1.0.6: This module is not supported",
		},
		lineSummary: {
			"FAIL\tgithub.com/gin-gonic/gin\t0.537s",
			"FAIL",
			"test result: FAILED. 1 passed; 3 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s",
			"=========== 57 failed, 1934 passed, 24 skipped, 31000 deselected, 1 xfailed in 12.03s ============",
			"FAILED tests/test_basic.py::test_float_option[args0-F:[42.0]] - assert 'F:[42...",
			"make: *** [<builtin>: lstrlib.o] Error 1",
			"error: could not compile `regex-syntax` (lib test) due to 2 previous errors; 81 warnings emitted",
			"Tests:       1 failed, 12 passed, 13 total",
			"exit status 2",
		},
		lineTrace: {
			"   --> src/utf8.rs:464:9",
			"464 |         Utf8Range::new(s, e, true)",
			"    |         ^^^^^^^^^^^^^^",
			"\tat com.example.Foo.bar(Foo.java:12)",
			"Caused by: java.io.IOException: broken pipe",
			"    at Object.<anonymous> (/app/test.js:3:9)",
			"goroutine 54 [running]:",
			"\t/usr/local/go/src/testing/testing.go:1974 +0x232",
			"  File \"/app/x.py\", line 3, in <module>",
			"    ctx_test.go:12: got 1, want 2",
		},
		linePassed: {"ok  \tgithub.com/gin-gonic/gin/binding\t(cached)", "--- PASS: TestBasicAuth (0.00s)", "=== RUN   TestBasicAuth"},
		lineOther:  {"   Compiling regex-syntax v0.8.11 (/home/dev/src/regex-syntax)", "go: downloading golang.org/x/net v0.30.0", "2015-07-29 19:04:12,394 - INFO  [main:QuorumPeer@913] - LOOKING"},
		lineBlank:  {"", "   ", "\r"},
	}
	// The edges of the first-byte dispatch: a prefix counts only where it
	// is written for (the line's first column, or the indented text), and
	// the order passed, summary, trace, error, warning decides a tie.
	edges := map[uint8][]string{
		lineError:   {"  ● x", "---- x stdout ----", "xError: y", "a.b.cError x", "[ERROR] x"},
		lineWarning: {"<WARN>"},
		lineSummary: {"  Tests: 1", "= passed =", "make[1]: *** x", "E   x short test summary info", "  x short test summary info"},
		lineTrace:   {"  at x", "  File \"x\"", "  12 | x", "\t/a.c:1", "... 3 more", "    ok  \tx", "  an Exception here", " \u00a0x"},
		linePassed:  {"=== RUN x short test summary info"},
		lineOther:   {"Unhandled rejections warn", "Uncaught Promise here", "Unhandled IRQ 7", "x Unhandled FOO-BAR y", "at x", "File \"x\"", "==== RUN x ====", "PASS ", "thread 'x' panicked", "ERRORS", "xERROR ", "a WARNINGS", "x:warning: y", "Compiling x", "  Doc-tests x"},
		lineBlank:   {"\u00a0", "\u2003 \t", "\v"},
	}
	for class, lines := range edges {
		cases[class] = append(cases[class], lines...)
	}
	names := map[uint8]string{lineOther: "other", lineBlank: "blank", lineError: "error", lineWarning: "warning", lineSummary: "summary", lineTrace: "trace", linePassed: "passed"}
	for want, lines := range cases {
		for _, l := range lines {
			if got := classifyLogLine(l); got != want {
				t.Errorf("classifyLogLine(%q) = %s, want %s", l, names[got], names[want])
			}
		}
	}
}

func TestPlanLogDeclinesLogsWithoutErrors(t *testing.T) {
	quiet := strings.Repeat("   Compiling crate v1.0.0\n", 500) + "    Finished dev [unoptimized] target(s) in 3.2s\n"
	if _, ok := planLog(quiet, 4000, logOptions{}); ok {
		t.Error("a log with no error and no summary should be left to clip")
	}
}

func TestPlanLogKeepsPanicAndDedupesWarnings(t *testing.T) {
	var b strings.Builder
	for i := range 10 {
		fmt.Fprintf(&b, "configuring step %d\n", i)
	}
	for i := range 300 {
		fmt.Fprintf(&b, "src/mod.h:12:5: warning: unused variable 'x' [-Wunused-variable]\n")
		fmt.Fprintf(&b, "compiling unit %d\n", i)
	}
	for i := range 40 {
		fmt.Fprintf(&b, "linking step %d\n", i)
	}
	b.WriteString("panic: runtime error: invalid memory address or nil pointer dereference\n\ngoroutine 1 [running]:\n")
	b.WriteString("main.handler(0x0)\n\t/app/main.go:42 +0x1d\nmain.main()\n\t/app/main.go:12 +0x25\nexit status 2\n")
	b.WriteString("FAIL\texample.com/app\t0.01s\n")
	text := b.String()
	p, ok := planLog(text, 3000, logOptions{})
	if !ok {
		t.Fatal("declined a log with a panic")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, want := range []string{"panic: runtime error: invalid memory address", "main.handler(0x0)\n\t/app/main.go:42 +0x1d", "FAIL\texample.com/app\t0.01s"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
	// The warning is shown once with its count; the head, grown as a
	// clip's, may show a few repeats in their places, which the count
	// then leaves out.
	shown := strings.Count(out, "warning: unused variable")
	m := regexp.MustCompile(`\(×(\d+)\)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("warnings that differ only in numbers must be counted, not shown %d times:\n%s", shown, out)
	}
	if k, _ := strconv.Atoi(m[1]); k+shown-1 != 300 {
		t.Errorf("(×%d) and %d shown in place do not make the 300 warnings:\n%s", k, shown, out)
	}
}

var gapNoteRe = regexp.MustCompile(`^\[…([\d,]+) lines? omitted…\]$`)

// countNoteRe matches the note above a kept line that introduces the
// lines below it and stands for several occurrences.
var countNoteRe = regexp.MustCompile(`^\[…next line ×[\d,]+…\]$`)

// checkLogPlan checks the invariants of a log plan over text: within
// limit; every kept range a whole input line or a prefix of one; kept lines
// in input order, never repeated; lines shown plus lines in gap notes
// equal the input's lines.
func checkLogPlan(t interface{ Fatalf(string, ...any) }, text string, p plan, limit int) {
	if itemsSize(p.items) > limit {
		t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
	}
	lines := scanLog(text)
	counted, pos := 0, -1
	for _, it := range p.items {
		if it.end == it.start {
			if countNoteRe.MatchString(it.note) {
				continue // stands for no line of its own
			}
			m := gapNoteRe.FindStringSubmatch(it.note)
			if m == nil {
				// A line shown clean of terminal noise.
				if strings.ContainsAny(it.note, "\x1b\n") {
					t.Fatalf("a cleaned line that is not clean: %q", it.note)
				}
				counted++
				continue
			}
			n := 0
			fmt.Sscan(strings.ReplaceAll(m[1], ",", ""), &n)
			counted += n
			continue
		}
		if it.start <= pos || (it.start > 0 && text[it.start-1] != '\n') {
			t.Fatalf("kept range at %d is out of order or does not start a line", it.start)
		}
		pos = it.start
		counted++
	}
	if counted != lines.len() {
		t.Fatalf("shown lines and gap notes account for %d lines, the input has %d", counted, lines.len())
	}
}

func TestPlanLogProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		line := rapid.OneOf(
			rapid.StringMatching(`(ok  |=== RUN |--- PASS: )[ -~]{0,40}`),
			rapid.StringMatching(`(--- FAIL: |panic: |error: |E   |ERROR )[ -~]{0,60}`),
			rapid.StringMatching(`(\t|    )[ -~]{0,60}`),
			rapid.StringMatching(`[a-z]{1,8}\.go:[0-9]{1,3}:[0-9]: warning: [ -~]{0,40}`),
			rapid.StringMatching(`(FAIL|PASS|exit status [0-9]|test result: [ -~]{0,20})`),
			rapid.StringMatching(`\x1b\[3[0-9]m[ -~]{0,30}\x1b\[0m`),
			rapid.String(),
		)
		lines := rapid.SliceOfN(line, 1, 300).Draw(t, "lines")
		eol := rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "eol")
		text := strings.Join(lines, eol)
		limit := rapid.IntRange(200, 20000).Draw(t, "limit")
		opts := logOptions{lineCap: rapid.IntRange(0, 300).Draw(t, "lineCap")}
		p, ok := planLog(text, limit, opts)
		if !ok {
			return
		}
		checkLogPlan(t, text, p, limit)
		if again, _ := planLog(text, limit, opts); fmt.Sprint(again) != fmt.Sprint(p) {
			t.Fatal("same input, different plan")
		}
	})
}

func TestPlanLogCorpusInvariants(t *testing.T) {
	for _, c := range corpusUnlessShort(t, 4) {
		if c.Kind != "log" {
			continue
		}
		for _, limit := range []int{15000, 3000, 600} {
			if p, ok := planLog(c.input, limit, logOptions{}); ok {
				checkLogPlan(t, c.input, p, limit)
			}
		}
	}
}

func FuzzPlanLog(f *testing.F) {
	// Small seeds, the start of every log case: the fuzzer minimizes each
	// new input it finds, re-planning it for every byte it tries to drop,
	// for up to -fuzzminimizetime (60s) each; grown from 4 KB seeds those
	// inputs kept it minimizing most of the time, at a few hundred execs/s.
	for _, text := range corpusSeeds(f, "log_", 400) {
		f.Add(text, 900)
	}
	f.Add("--- FAIL: T\n\tx\npanic: y\n\ngoroutine 1 [running]:\nmain.f()\n\t/a.go:1 +0x1\nFAIL\n", 200)
	f.Add("=== RUN   T\n    a_test.go:1: \n        \tError:\tx\n--- FAIL: T (0.00s)\nFAIL\n", 200)
	f.Add("a.c: In function 'f':\na.c:1:1: error: x\n  1 | y\n\nmake: *** [a.o] Error 1\n", 200)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		limit = abs(limit) % 20000
		p, ok := planLog(text, limit, logOptions{})
		if ok {
			checkLogPlan(t, text, p, limit)
		}
	})
}

func BenchmarkPlanLog(b *testing.B) {
	var src strings.Builder
	for _, name := range []string{"log_go_test_prometheus_all_packages", "log_cargo_test_compile_errors_many_warnings", "log_pytest_click_injected_failures", "log_loghub_hadoop_mapreduce"} {
		src.WriteString(corpusInput(b, name))
	}
	for _, size := range benchSizes {
		benchPlanLog(b, size.name, repeatTo(src.String(), size.n))
	}
}

// benchPlanLog runs planLog on text as the sub-benchmark name, reporting
// its CPU throughput and allocations.
func benchPlanLog(b *testing.B, name, text string) {
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		reportCPUThroughput(b, len(text), func() {
			if _, ok := planLog(text, 15000, logOptions{}); !ok {
				b.Fatal("declined")
			}
		})
	})
}

// tinyLines is a log of n bytes in lines of a few bytes (issue 12: a
// million lines of a few bytes took 16–27× their size), with an error
// line every 5,000 lines and a FAIL verdict.
func tinyLines(n int) string {
	words := [...]string{"ok", "x", "a1", "b22", "c", "run", "pass", "t9", "42", "go", "ab c", "--", "E", "at"}
	var b strings.Builder
	b.Grow(n + 16)
	for i := 0; b.Len() < n; i++ {
		if i%5000 == 2500 {
			fmt.Fprintf(&b, "error: e%d\n", i)
			continue
		}
		b.WriteString(words[(i*7+i/3)%len(words)])
		b.WriteByte('\n')
	}
	b.WriteString("FAIL\n")
	return b.String()
}

// BenchmarkPlanLogTinyLines measures planLog's memory on a log of tiny
// lines: B/op over the input's bytes is what planning adds to the input.
func BenchmarkPlanLogTinyLines(b *testing.B) {
	for _, size := range benchSizes {
		benchPlanLog(b, size.name, tinyLines(size.n))
	}
}

// normalizeLogLineByByte is normalizeLogLine as it was before it copied
// runs of plain bytes at once: what that must not change.
func normalizeLogLineByByte(dst []byte, s string) []byte {
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
		c := s[i]
		tokenStart := i == 0 || s[i-1] == ' ' || s[i-1] == '(' || s[i-1] == '[' || s[i-1] == '=' || s[i-1] == '\t'
		if tokenStart {
			end, marks := i, false
			for end < len(s) && s[end] != ' ' && s[end] != '\t' {
				if b := s[end]; b == '/' || b == ':' || b == '(' || b == ']' {
					marks = true
				}
				end++
			}
			if marks && isIdentityToken(s[i:end]) {
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

// normalizeLogLine copies a run of bytes that no rule can change at
// once; it must append what a walk byte by byte does.
func TestNormalizeLogLineCopiesRunsAsByteByByte(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`([a-z0-9 ()\[\]=\t"'`+"`"+`:/._,xX-]|‘|’|µs|0x|ERROR|WARN ){0,40}`).Draw(t, "line")
		if got, want := normalizeLogLine(nil, s), normalizeLogLineByByte(nil, s); string(got) != string(want) {
			t.Fatalf("normalizeLogLine(%q) = %q, byte by byte %q", s, got, want)
		}
	})
}

// distinctErrors is a log of n bytes of distinct one-line errors,
// `error: eN` (issue 12: a million of them, 15 MB, peaked at 224 MB):
// every line opens a block of its own, none folds into another.
func distinctErrors(n int) string {
	var b strings.Builder
	b.Grow(n + 32)
	for i := 0; b.Len() < n; i++ {
		b.WriteString("error: e")
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// BenchmarkPlanLogDistinctErrors measures planLog's memory and time on a
// log where every line is a distinct failure: B/op over the input's bytes
// is what planning adds to the input, and must stay within a few times it.
func BenchmarkPlanLogDistinctErrors(b *testing.B) {
	for _, size := range benchSizes {
		benchPlanLog(b, size.name, distinctErrors(size.n))
	}
}

// scanLog searches for escapes and pytest's summary heading over the
// whole text, not line by line; it must class every line as
// classifyLogLine does the line's view.
func checkScanLog(t testing.TB, text string) {
	lines := scanLog(text)
	for i := range lines.len() {
		view := strings.TrimSuffix(lines.line(i), "\r")
		if strings.IndexByte(view, 0x1b) >= 0 {
			view = string(txt.StripANSI(nil, view))
		}
		if want := classifyLogLine(view); lines.class(i) != want {
			t.Errorf("scanLog classed %q as %d, classifyLogLine as %d", lines.line(i), lines.class(i), want)
		}
	}
}

func TestScanLogClassesAsClassifyLogLine(t *testing.T) {
	for _, c := range corpusUnlessShort(t, 4) {
		checkScanLog(t, c.input)
		checkScanLog(t, strings.ReplaceAll(c.input, "rror", "\x1b[1mrror\x1b[0m"))
	}
	// scanLog looks for an infix rule's literal only on the lines that
	// hold its first byte, found once over the whole text.
	checkScanLog(t, "build 100% done\n50% tests passed, 1 tests failed out of 2\nok\n% tests passed, 0\n\x1b[1m0% tests passed, 2 tests failed\x1b[0m\nlast%")
}

func FuzzScanLog(f *testing.F) {
	f.Add("a\r\n\x1b[31mFAIL\x1b[0m\r\nx short test summary info\r\n\x1b[1m=== short test summary info ===\nFAIL\x1b")
	f.Add("short test summary info\nshort test summary info\n\x1b\x1b[\n")
	f.Add("50% tests passed, 1 tests failed out of 2\n100%\n\x1b[1m0% tests passed, 2 tests failed\x1b[0m\n% tests passed, \n")
	f.Fuzz(func(t *testing.T, text string) { checkScanLog(t, text) })
}

// A long pytest run at a tight budget: every failure keeps its exception
// and its file:line, the last failures as the first, before any failure
// keeps source lines that merely mention an expected value.
func TestPlanLogSharesBudgetAcrossPytestFailures(t *testing.T) {
	var b strings.Builder
	b.WriteString("============================= test session starts ==============================\n")
	for i := range 40 {
		fmt.Fprintf(&b, "_________________________ test_case_%c%c _________________________\n\n", 'a'+i/26, 'a'+i%26)
		fmt.Fprintf(&b, "value = %d, expected = %d\n\n    def test_case(value, expected):\n", i, i+1)
		for j := range 12 {
			fmt.Fprintf(&b, "        step_%d = compute(value, expected)  # expected to hold\n", j)
		}
		fmt.Fprintf(&b, ">       assert value == expected\nE       assert %d == %d\n\ntests/test_cases.py:%d: AssertionError\n", i, i+1, 100+i)
	}
	b.WriteString("=========================== short test summary info ============================\n")
	b.WriteString("============================== 40 failed in 0.12s ==============================\n")
	text := b.String()
	p, ok := planLog(text, 9000, logOptions{})
	if !ok {
		t.Fatal("declined a pytest run with failures")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for i := range 40 {
		for _, want := range []string{fmt.Sprintf("E       assert %d == %d\n", i, i+1), fmt.Sprintf("tests/test_cases.py:%d: AssertionError", 100+i)} {
			if !strings.Contains(out, want) {
				t.Errorf("failure %d lost %q", i, want)
			}
		}
	}
}

// A failure keeps the lines that name it, ahead of its trace: go test's
// `=== RUN` line and the `x_test.go:NN:` line that opens the report, gcc's
// `In function` line.
func TestPlanLogKeepsBlockLeadIn(t *testing.T) {
	filler := strings.Repeat("=== RUN   TestOK\n--- PASS: TestOK (0.00s)\n", 200)
	cases := map[string]struct{ text, want string }{
		"go test -v": {
			filler + "=== RUN   TestSave\n    ctx_test.go:274: \n        \tError Trace:\t/src/ctx_test.go:274\n" + strings.Repeat("        \tdetail\n", 60) +
				"        \tError:      \tAn error is expected but got nil.\n--- FAIL: TestSave (0.01s)\n" + filler + "FAIL\nFAIL\texample.com/gin\t0.5s\n",
			"=== RUN   TestSave\n    ctx_test.go:274: \n",
		},
		"gcc": {
			strings.Repeat("gcc -c -o a.o a.c\n", 200) + "lstrlib.c: In function ‘str_rep’:\nlstrlib.c:150:63: error: ‘X’ undeclared\n" + strings.Repeat("gcc -c -o a.o a.c\n", 200),
			"lstrlib.c: In function ‘str_rep’:\nlstrlib.c:150:63: error: ‘X’ undeclared\n",
		},
	}
	for name, c := range cases {
		p, ok := planLog(c.text, 600, logOptions{})
		if !ok {
			t.Fatalf("%s: declined", name)
		}
		if out := render(c.text, p, marker{what: p.what, hint: p.hint}); !strings.Contains(out, c.want) {
			t.Errorf("%s: lost the lead-in %q:\n%s", name, c.want, out)
		}
	}
}

// What the limit leaves after every priority goes to context: lines above
// and below each error block, shared in rounds, then the tail and the head.
func TestPlanLogSpendsSpareBudgetOnContext(t *testing.T) {
	errs := map[int]string{100: "expected ';'", 300: "'x' undeclared"}
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "step %03d\n", i)
		if i == 100 || i == 300 {
			fmt.Fprintf(&b, "main.c:%d:5: error: %s\n", i, errs[i])
		}
	}
	b.WriteString("make: *** [all] Error 1\n")
	text := b.String()
	p, ok := planLog(text, 1200, logOptions{})
	if !ok {
		t.Fatal("declined a log with errors")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, at := range []int{100, 300} {
		want := ""
		for i := at - 4; i <= at; i++ {
			want += fmt.Sprintf("step %03d\n", i)
		}
		want += fmt.Sprintf("main.c:%d:5: error: %s\n", at, errs[at])
		for i := at + 1; i <= at+3; i++ {
			want += fmt.Sprintf("step %03d\n", i)
		}
		if !strings.Contains(out, want) {
			t.Errorf("error at step %d lost its context:\n%s", at, out)
		}
	}
	// The head and the tail grow into the spare room, in a blind clip's
	// proportions, until the budget is spent: no line is dropped while a
	// tenth of it is unused (a fill that stopped at three quarters lost
	// facts a clip of the same size kept).
	if !strings.Contains(out, "step 375\n") || !strings.Contains(out, "step 008\n") {
		t.Errorf("the tail and head did not grow into the spare budget:\n%s", out)
	}
	if used := itemsSize(p.items); used < 1200*9/10 {
		t.Errorf("%d of 1200 bytes used: a tenth of the budget left unused while lines were dropped", used)
	}
	checkLogPlan(t, text, p, 1200)
}

// A run that passed is told by its verdict, its outline and its
// exceptions: the describe headings above the tests (mocha), and the
// lines whose status is rare in a run of one status (pytest -v's
// SKIPPED among its PASSED), wherever they stand.
func TestPlanSuccessKeepsOutlineAndExceptions(t *testing.T) {
	var b strings.Builder
	b.WriteString("\n")
	for g := range 30 {
		fmt.Fprintf(&b, "  group%02d\n", g)
		for i := range 20 {
			fmt.Fprintf(&b, "    ✔ case %d of group %d works as documented\n", i, g)
		}
	}
	b.WriteString("\n  600 passing (3s)\n\n")
	text := b.String()
	p, ok := planLog(text, 4000, logOptions{})
	if !ok {
		t.Fatal("declined a passing run with a count")
	}
	out := render(text, p, marker{})
	for _, want := range []string{"  group00\n", "  group15\n", "  group29\n", "  600 passing (3s)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}

	b.Reset()
	for i := range 600 {
		status := "PASSED"
		if i == 300 || i == 301 {
			status = "SKIPPED"
		}
		fmt.Fprintf(&b, "tests/test_x.py::test_case[%d-%d] %s [%3d%%]\n", i, i*7, status, i/6)
	}
	b.WriteString("============ 598 passed, 2 skipped in 1.20s ============\n")
	text = b.String()
	zero := 0
	p, ok = planLog(text, 8000, logOptions{exitCode: &zero})
	if !ok {
		t.Fatal("declined a run that exited 0")
	}
	out = render(text, p, marker{})
	for _, want := range []string{"test_case[300-2100] SKIPPED", "test_case[301-2107] SKIPPED", "598 passed, 2 skipped"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
	if itemsSize(p.items) > 8000/successShare {
		t.Errorf("success view of %d bytes, over a quarter of 8000", itemsSize(p.items))
	}
	if got := exceptionLines(scanLog(text)); len(got) != 2 {
		t.Errorf("exceptions %v, want the two SKIPPED lines", got)
	}
}

// A linter's report in the GNU message form over scripts with no
// extension (shellcheck -f gcc), mostly notes, is a toolchain's report:
// planned as a log, before search takes `ucf:39:` for a match.
func TestDiagnosticShapedWithoutExtension(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		sev := [...]string{"note", "note", "warning", "note"}[i%4]
		fmt.Fprintf(&b, "script%d:%d:%d: %s: Double quote to prevent globbing. [SC2086]\n", i%5, 10+i, 3+i%7, sev)
	}
	assert.True(t, diagnosticShaped(b.String()))
	for _, l := range []string{"ucf:39:22: note: x", "a/b:1:2: fatal error: y", "x.c:3:4: warning: z"} {
		assert.True(t, severityAtPosition(l), l)
	}
	for _, l := range []string{
		"ucf:39: note: x",           // no column: grep -n
		"ucf:39:22: Note: x",        // a capital: not a severity word
		"my file:1:2: error: x",     // a space in the path
		"a:1:2: see the docs: here", // three words
		"a:1:2:error: x",            // no space after the position
		"a:1:2: : x",
	} {
		assert.False(t, severityAtPosition(l), l)
	}
	var grep strings.Builder
	for i := range 60 {
		fmt.Fprintf(&grep, "notes/day%d:%d:12:30: lunch with the team\n", i, i+1) // grep -n of times
	}
	assert.False(t, diagnosticShaped(grep.String()))
}

// A report between two rule lines is one block, every line between
// included (test-unit); a rule that the next report's error line follows
// opens that report and frames nothing (unittest).
func TestFormBlocksFramedReports(t *testing.T) {
	rule := strings.Repeat("=", 40)
	cases := []struct {
		name, text string
		head, last int32
	}{
		{"test-unit", "  test_to_s: F\n" + rule + "\nFailure: test_to_s(RSS::TestContent)\n/src/test_content.rb:89:in `block'\n  => 89: assert_equal(a, b)\n" +
			"/src/test_content.rb:88:in `each'\n<\"a;\"> expected but was\n<\"a\">\n" + rule + "\n: (0.02)\n", 2, 7},
		{"unittest", rule + "\nFAIL: test_a (t.T.test_a)\n" + strings.Repeat("-", 40) + "\nTraceback (most recent call last):\n  File \"t.py\", line 3, in test_a\n" +
			"AssertionError: 1 != 2\n\n" + rule + "\nFAIL: test_b (t.T.test_b)\n", 1, 1},
	}
	for _, c := range cases {
		lines := scanLog(c.text)
		blocks := formBlocks(lines, c.text)
		if len(blocks) == 0 {
			t.Fatalf("%s: no block", c.name)
		}
		if b := blocks[0]; b.head != c.head || b.last != c.last {
			t.Errorf("%s: first block %d–%d, want %d–%d", c.name, b.head, b.last, c.head, c.last)
		}
	}
}

// A telling line that ends where its statement goes on brings the next
// line: the actual value under test-unit's `expected but was`.
func TestAnnouncesNext(t *testing.T) {
	for l, want := range map[string]bool{
		`<"a;"> expected but was`:         true,
		"    Expected:":                   true,
		"assertion failed, but got  ":     true,
		"expected 3 to be":                true,
		"AssertionError: 1 != 2":          false,
		"FAILED (failures=1)":             false,
		"the value of x is 3 was checked": false,
		"see the wasm":                    false,
	} {
		if got := announcesNext(l); got != want {
			t.Errorf("announcesNext(%q) = %v, want %v", l, got, want)
		}
	}
}

// dedupWarnings remembers a warning by its bytes from its level word on
// (a system log's message repeated under another timestamp): two lines
// whose level words start the same bytes must get the same key from
// normalizeLogLine, whatever comes before the word.
func TestNormalizeLogLineStartsAtTheLevelWord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`([a-z0-9 ()\[\]:/._,-]|WARN|ERROR|INFO| WARN | ERROR |\[WARN\]|WARNING:|Xwarn){0,30}`).Draw(t, "line")
		_, at := levelWord(s)
		if at <= 0 {
			return
		}
		// Another line: another prefix (no level word in it) before the
		// byte that opens the level word, then the same rest.
		other := rapid.StringMatching(`[a-z0-9:._-]{0,24}`).Draw(t, "other prefix") + s[at-1:]
		if _, oat := levelWord(other); oat < 0 || other[oat:] != s[at:] {
			return // the other prefix made another word a level word
		}
		if got, want := normalizeLogLine(nil, other), normalizeLogLine(nil, s); string(got) != string(want) {
			t.Fatalf("normalizeLogLine(%q) = %q, but %q with the same rest from its level word gives %q", s, want, other, got)
		}
	})
}

// A block's head takes the lines its message wraps onto (a line that ends
// in a space goes on below) and the indented `Key: value` fields right
// under it, within the block and at most headLinesMax lines more.
func TestHeadEnd(t *testing.T) {
	cases := []struct {
		name, text string
		last, want int
	}{
		{"dialyzer", "a.erl:168:2: The pattern \n          {'error', R, _} can never match the type \n          {'error', atom()}\n  more detail\n", 3, 2},
		{"fields", ">> Issue: [B602:x] shell=True\n   Severity: High   Confidence: High\n   Location: a.py:59\n58\t    x = 1\n", 3, 2},
		{"one line", "error: it broke\n  at a.go:1\n  at b.go:2\n", 2, 0},
		{"block ends", "a.erl:1:2: The pattern \n  {'error'} can never match the type \n  {'ok'}\n", 1, 1},
		{"bounded", "x: \n a \n b \n c \n d \n e \n f\n", 6, headLinesMax},
		{"not a field", "error: bad\n   see: https://example.com\n   Location a.py:1\n", 2, 1},
	}
	for _, c := range cases {
		lines := scanLog(c.text)
		if got := headEnd(lines, logBlock{head: 0, first: 0, last: int32(c.last), dup: -1}); got != c.want {
			t.Errorf("%s: headEnd = %d, want %d", c.name, got, c.want)
		}
	}
}

// A static analyser's report of findings, warnings only with a closing
// count and no error, is not a success: its findings are told, the rare
// check's first, whether the run exited 0 or said nothing.
func TestFindingsReportIsNoSuccess(t *testing.T) {
	var b strings.Builder
	b.WriteString("1316 warnings generated.\n")
	for i := range 40 {
		fmt.Fprintf(&b, "/src/a%d.c:%d:5: warning: multiple declarations in a single statement reduces readability [readability-isolate-declaration]\n", i, 10+i)
		fmt.Fprintf(&b, "    int a, b;\n    ^~~~~~~~~\n")
	}
	b.WriteString("/src/zran.c:80:14: warning: Use of memory after it is freed [clang-analyzer-unix.Malloc]\n        free(index->list);\n             ^\n")
	for i := range 40 {
		fmt.Fprintf(&b, "/src/b%d.c:%d:5: warning: multiple declarations in a single statement reduces readability [readability-isolate-declaration]\n", i, 10+i)
		fmt.Fprintf(&b, "    int c, d;\n    ^~~~~~~~~\n")
	}
	b.WriteString("Suppressed 24492 warnings (24492 in non-user code).\n")
	text := b.String()
	zero := 0
	for _, ec := range []*int{nil, &zero} {
		p, ok := planLog(text, 2000, logOptions{exitCode: ec})
		if !ok {
			t.Fatalf("exit code %v: declined", ec)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, "Use of memory after it is freed [clang-analyzer-unix.Malloc]") {
			t.Errorf("exit code %v: the one finding of its check is lost:\n%s", ec, out)
		}
	}
	// The same warnings with no source position are a run's notices, and a
	// run with a passing verdict is still told as a success.
	notices := strings.Repeat("npm WARN deprecated inflight@1.0.6: This module is not supported\n", 80) + "added 120 packages in 3s\n"
	if findingsReport(scanLog(notices)) {
		t.Errorf("npm's deprecation notices read as findings")
	}
}

// TestContainsPanickedAtAgreesWithContains checks the 'k'-anchored search
// against strings.Contains on lines made of the phrase's own bytes, where
// near misses abound.
func TestContainsPanickedAtAgreesWithContains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.StringMatching(`([ panickedt]|panicked| panicked at |k){0,12}`).Draw(t, "line")
		if got, want := containsPanickedAt(l), strings.Contains(l, " panicked at "); got != want {
			t.Fatalf("containsPanickedAt(%q) = %v, want %v", l, got, want)
		}
	})
}
