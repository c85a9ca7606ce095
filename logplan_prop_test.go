package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// drawLog draws a build or test log: filler, failure blocks of several
// shapes at random places, and a closing verdict.
func drawLog(t *rapid.T) (text string, blocks [][]string, verdict string) {
	filler := rapid.SliceOfN(rapid.StringMatching(`(compiling|linking|downloading|running) [a-z]{1,10}( v[0-9]\.[0-9])?`), 0, 400).Draw(t, "filler")
	nBlocks := rapid.IntRange(1, 4).Draw(t, "blocks")
	var b strings.Builder
	at := make([]int, nBlocks)
	for k := range at {
		at[k] = rapid.IntRange(0, len(filler)).Draw(t, "at")
	}
	for i := 0; i <= len(filler); i++ {
		for k := range at {
			if at[k] != i {
				continue
			}
			var blk []string
			after := ""
			switch rapid.IntRange(0, 5).Draw(t, "shape") {
			case 0: // an error with an indented trace
				blk = append(blk, fmt.Sprintf("src/mod%d.c:%d:5: error: expected ';' before 'return'", k, i))
				for j := range rapid.IntRange(0, 12).Draw(t, "trace") {
					blk = append(blk, fmt.Sprintf("    %d | frame_%d_%d()", j+1, k, j))
				}
			case 1: // a Java exception with frames and a cause
				blk = append(blk, fmt.Sprintf("Exception in thread \"main\" java.lang.IllegalStateException: boom %d", k))
				for j := range rapid.IntRange(0, 10).Draw(t, "trace") {
					blk = append(blk, fmt.Sprintf("\tat com.example.C%d.m%d(C%d.java:%d)", k, j, k, j+10))
				}
				blk = append(blk, fmt.Sprintf("Caused by: java.io.IOException: pipe %d", k))
			case 2: // a race report between rules
				blk = append(blk, "==================", "WARNING: DATA RACE", fmt.Sprintf("Write at 0x00c%03d by goroutine %d:", k, k+7))
				for j := range rapid.IntRange(0, 8).Draw(t, "trace") {
					blk = append(blk, fmt.Sprintf("  main.worker%d()", j), fmt.Sprintf("      /src/race_%d.go:%d +0x%x", k, j+3, j*16))
				}
				blk = append(blk, "==================")
			case 3: // a valgrind record
				blk = append(blk, fmt.Sprintf("==4242== Invalid read of size %d", k+1))
				for j := range rapid.IntRange(0, 8).Draw(t, "trace") {
					blk = append(blk, fmt.Sprintf("==4242==    at 0x%x: f%d (leak%d.c:%d)", 4096+j, j, k, j+1))
				}
			case 4: // a linter's error entries under their file's path
				blk = append(blk, fmt.Sprintf("/src/app/mod%d_%d.js", k, i))
				for j := range rapid.IntRange(1, 10).Draw(t, "entries") {
					blk = append(blk, fmt.Sprintf("  %d:%d  error  'v%d' is not defined  no-undef", j+3, j+1, j))
				}
				after = "\n"
			case 5: // a numbered failure with its title and detail (mocha)
				blk = append(blk, fmt.Sprintf("  %d) suite%d", k+1, i), fmt.Sprintf("       case %d:", k), "", fmt.Sprintf("      AssertionError: boom %d", k))
				for j := range rapid.IntRange(0, 8).Draw(t, "trace") {
					blk = append(blk, fmt.Sprintf("      at f%d (test/s%d.spec.js:%d:14)", j, k, j+1))
				}
				after = "\n\n"
			}
			blocks = append(blocks, blk)
			for _, l := range blk {
				b.WriteString(l + "\n")
			}
			b.WriteString(after)
		}
		if i < len(filler) {
			b.WriteString(filler[i] + "\n")
		}
	}
	verdict = rapid.SampledFrom([]string{"make: *** [Makefile:12: all] Error 1", "BUILD FAILED in 3s", "FAIL\texample.com/app\t0.120s",
		"=========== 2 failed, 10 passed in 0.12s ===========", "Found 3 errors in 2 files."}).Draw(t, "verdict")
	b.WriteString(verdict + "\n")
	return b.String(), blocks, verdict
}

// The verdict is always kept; the first failure is kept whole; a block
// is kept whole while a quarter of the budget would be left unused; the
// budget holds.
func TestPlanLogKeepsVerdictAndWholeBlocks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text, blocks, verdict := drawLog(t)
		limit := rapid.IntRange(600, 20000).Draw(t, "limit")
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatal("declined a log with failures")
		}
		checkLogPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, verdict+"\n") {
			t.Fatalf("lost the verdict %q:\n%s", verdict, out)
		}
		whole := func(blk []string) bool { return strings.Contains(out, strings.Join(blk, "\n")+"\n") }
		first := blocks[0]
		if size := len(strings.Join(first, "\n")); size < limit/firstBlockShare-200 && !whole(first) {
			t.Fatalf("the first failure (%d bytes, limit %d) was not kept whole:\n%s", size, limit, out)
		}
		if used := itemsSize(p.items); used < limit*3/4 {
			for _, blk := range blocks {
				if !whole(blk) {
					t.Fatalf("%d of %d bytes used, yet a block lost lines:\n%s", used, limit, out)
				}
			}
		}
	})
}

// Lines that differ in an identity — a file:line, a quoted name, a test
// name — are never folded into one (×N); lines that differ only in
// numbers, addresses, durations and timestamps are.
func TestPlanLogDedupKeepsIdentities(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 60).Draw(t, "n")
		kind := rapid.IntRange(0, 6).Draw(t, "kind")
		var b strings.Builder
		b.WriteString(strings.Repeat("compiling unit\n", 300))
		for i := range n {
			switch kind {
			case 0:
				fmt.Fprintf(&b, "src/main/java/pkg/File%d.java:%d: error: cannot find symbol\n", i, 10+i)
			case 1:
				fmt.Fprintf(&b, "error: package 'github.com/x/mod%d' not found\n", i)
			case 2:
				fmt.Fprintf(&b, "--- FAIL: TestParse/case_%c%c (0.0%ds)\n", 'a'+i/26, 'a'+i%26, i%10)
			case 3: // the same error, at different times
				fmt.Fprintf(&b, "2024-01-0%d 10:%02d:%02d.%03d ERROR [worker-%d] connection refused after %dms\n", 1+i%9, i%60, i%60, i, i%3, 100+i)
			case 5: // one error record at different places: its frames are its identity
				fmt.Fprintf(&b, "==77== Invalid read of size 1\n==77==    at 0x%x: find (map%d.c:%d)\n==77==    by 0x%x: main (main.c:5)\n==77== \n", 4096+i, i, 10+i, 8192+i)
			case 6: // test names that end in a number after '_'
				fmt.Fprintf(&b, "FAIL: test_case_%d (tests.test_mod.ModTest.test_case_%d)\n", i, i)
			case 4: // a linter's entries under one file header: line:col is the identity
				fmt.Fprintf(&b, "/src/app/mod.js\n  %d:%d  warning  Unexpected var, use let or const instead  no-var\n\n", 10+i, 1+i%7)
			}
			b.WriteString("compiling unit\n")
		}
		if kind == 4 {
			fmt.Fprintf(&b, "\n✖ %d problems (0 errors, %d warnings)\n", n, n)
		}
		b.WriteString("make: *** [all] Error 1\n")
		text := b.String()
		p, ok := planLog(text, rapid.SampledFrom([]int{1500, 4000, 16000}).Draw(t, "limit"), logOptions{})
		if !ok {
			t.Fatal("declined")
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		folded := strings.Contains(out, "(×")
		if kind != 3 && folded {
			t.Fatalf("distinct identities folded:\n%s", out)
		}
		if kind == 3 {
			// Every occurrence is shown, or counted in a shown line's (×N).
			count := 0
			for _, l := range strings.Split(out, "\n") {
				if !strings.Contains(l, "ERROR [worker-") {
					continue
				}
				k := 1
				if i := strings.Index(l, "(×"); i >= 0 {
					fmt.Sscanf(l[i+len("(×"):], "%d", &k)
				}
				count += k
			}
			if count != n {
				t.Fatalf("%d errors that differ only in times and numbers, %d accounted for:\n%s", n, count, out)
			}
		}
	})
}

// A run that exited 0 with no failure line gets the short success view:
// its verdict and counts, within a quarter of the budget; a non-zero exit
// gets the diagnostic plan even with no failure word.
func TestPlanLogExitCode(t *testing.T) {
	var b strings.Builder
	for i := range 800 {
		fmt.Fprintf(&b, "   Compiling crate%d v1.0.%d\n", i, i)
	}
	b.WriteString("    Finished `release` profile [optimized] target(s) in 41.20s\ntest result: ok. 120 passed; 0 failed; 2 ignored\n")
	text := b.String()
	zero, one := 0, 1
	// Without an exit code, a run whose verdict counts and reports no
	// failure is told as a success too, in the whole budget.
	if p, ok := planLog(text, 8000, logOptions{}); !ok || !strings.Contains(render(text, p, marker{}), "test result: ok. 120 passed") {
		t.Error("a passing run with no exit code lost its verdict")
	}
	quiet := strings.Repeat("   Compiling crate v1.0.0\n", 500)
	if _, ok := planLog(quiet, 4000, logOptions{}); ok {
		t.Error("a quiet log with no verdict and no exit code should be left to clip")
	}
	p, ok := planLog(text, 8000, logOptions{exitCode: &zero})
	if !ok {
		t.Fatal("declined a run that exited 0")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if itemsSize(p.items) > 8000/successShare || !strings.Contains(out, "test result: ok. 120 passed") || !strings.Contains(out, "crate0 ") {
		t.Errorf("success view of %d bytes:\n%s", itemsSize(p.items), out)
	}
	p, ok = planLog(text, 8000, logOptions{exitCode: &one})
	if !ok {
		t.Fatal("declined a run that exited 1")
	}
	if itemsSize(p.items) < 8000*3/4 {
		t.Errorf("a failed run got %d bytes of 8000", itemsSize(p.items))
	}
}

// Terminal noise is written clean; an output within budget is not
// planned at all (Compress returns it as it is).
func TestPlanLogCleansTerminalNoise(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "\x1b[32mdownloading\x1b[0m %d%%\r[%s]\r\n", i%100, strings.Repeat("#", i%40))
	}
	b.WriteString("\x1b[1;31merror:\x1b[0m build failed: \x1b[1mmissing.h\x1b[0m\n")
	b.WriteString("10%\r50%\r100% done\n")
	text := b.String()
	p, ok := planLog(text, 3000, logOptions{})
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if strings.Contains(out, "\x1b") || !strings.Contains(out, "error: build failed: missing.h\n") || !strings.Contains(out, "100% done\n") {
		t.Errorf("terminal noise kept:\n%q", out)
	}
	checkLogPlan(t, text, p, 3000)
}

// When more distinct failures than the limit holds crowd a log, its ends
// still show what a blind clip of the same budget shows there: dialyzer's
// indented head (`  Proceeding with analysis...`) and its `Unknown
// functions:` entries, detail lines under no failure that no failure's
// telling keeps.
func TestPlanLogCrowdedKeepsStrayEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		limit := rapid.IntRange(4000, 16000).Draw(t, "limit")
		head := []string{"  Checking whether the PLT otp.plt is up-to-date... yes", "  Proceeding with analysis..."}[:rapid.IntRange(1, 2).Draw(t, "head")]
		var b strings.Builder
		for _, l := range head {
			b.WriteString(l + "\n")
		}
		for k := range rapid.IntRange(limit/40, limit/10).Draw(t, "failures") {
			fmt.Fprintf(&b, "mod%d.erl:%d:5: Expression produces a value of type \n          [any()] | tuple(), but this value is unmatched\n", k, 10+k)
		}
		unknown := []string{"Unknown functions:"}
		for j := range rapid.IntRange(1, 3).Draw(t, "unknown") {
			unknown = append(unknown, fmt.Sprintf("  compile:file/%d (/src/apps/tools/src/cover.erl:%d:10)", j, 1700+j))
		}
		b.WriteString(strings.Join(unknown, "\n") + "\n done in 3m12.48s\ndone (warnings were emitted)\n")
		text := b.String()
		two := 2
		p, ok := planLog(text, limit, logOptions{exitCode: &two})
		if !ok {
			t.Fatal("declined dialyzer's warnings")
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		clip := render(text, planClip(text, limit, 0), marker{})
		for _, want := range []string{strings.Join(head, "\n") + "\n", "\n" + unknown[0] + "\n" + unknown[1] + "\n"} {
			if strings.Contains(clip, want) && !strings.Contains(out, want) {
				t.Fatalf("the clip keeps %q, the plan does not:\n%s", want, out)
			}
		}
	})
}

// A linter's report crowded with findings told rarest kind first, one of
// them an error, still shows its head as a clip would: the banner and the
// first findings in order, as far as a sixteenth of the limit goes
// (RuboCop's `Inspecting 25 files`, its progress line and its first
// offense); and the budget holds.
func TestPlanLogKeepsHead(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		limit := rapid.IntRange(logLeast, 20000).Draw(t, "limit")
		files := rapid.IntRange(2, 40).Draw(t, "files")
		var b strings.Builder
		fmt.Fprintf(&b, "Inspecting %d files\n%s\n\nOffenses:\n\n", files, strings.Repeat("C", files))
		cops := []string{"Style/StringLiterals", "Layout/LineLength", "Metrics/AbcSize", "Lint/UselessAssignment", "Style/Documentation"}
		n := rapid.IntRange(limit/60+1, limit/10+1).Draw(t, "offenses")
		failure := rapid.IntRange(0, n-1).Draw(t, "failure")
		for i := range n {
			sev := rapid.SampledFrom([]string{"C", "C", "C", "W"}).Draw(t, "severity")
			if i == failure {
				sev = "E"
			}
			fmt.Fprintf(&b, "lib/f%d.rb:%d:%d: %s: %s: offense number %d here.\n", i%files, i+1, i%7+1, sev, rapid.SampledFrom(cops).Draw(t, "cop"), i)
			if rapid.Bool().Draw(t, "source") {
				fmt.Fprintf(&b, "  value = compute(%d)\n  ^^^^^\n", i)
			}
		}
		fmt.Fprintf(&b, "\n%d files inspected, 900 offenses detected\n", files)
		text := b.String()
		one := 1
		p, ok := planLog(text, limit, logOptions{exitCode: &one})
		if !ok {
			t.Fatal("declined a linter's report")
		}
		checkLogPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		// The head the plan owes: the first lines that fit well inside the
		// head's share (gap notes and line marks take some of it).
		var head strings.Builder
		for _, l := range strings.SplitAfter(text, "\n") {
			if head.Len()+len(l) > limit/headShare-2*len(gapNote(1<<20)) {
				break
			}
			head.WriteString(l)
		}
		if !strings.HasPrefix(out, head.String()) {
			t.Fatalf("limit %d: the head %q is not kept:\n%s", limit, head.String(), out)
		}
	})
}

// A security scanner's report (bandit's `>> Issue:` blocks: indented
// fields, then numbered source lines): the one finding of a rare kind is
// told with its fields and the source line its Location points at, the
// report's totals are kept, and the budget holds.
func TestPlanLogTellsPointedLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		limit := rapid.IntRange(3000, 20000).Draw(t, "limit")
		n := rapid.IntRange(limit/400+1, limit/60+1).Draw(t, "issues")
		rare := rapid.IntRange(0, n-1).Draw(t, "rare")
		var b strings.Builder
		b.WriteString("[main]\tINFO\trunning on Python 3.11.2\nRun started:2026-11-28 17:38:30\n\nTest results:\n")
		var want []string
		for i := range n {
			head, sev, code := ">> Issue: [B101:assert_used] Use of assert detected.", "Low", fmt.Sprintf("assert x%d is not None", i)
			if i == rare {
				head, sev, code = ">> Issue: [B602:subprocess_popen_with_shell_equals_true] subprocess call with shell=True identified, security issue.", "High", "subprocess.run(cmd, shell=True)"
			}
			line := 10 + i*7
			block := fmt.Sprintf("%s\n   Severity: %s   Confidence: High\n   Location: pkg/mod%d.py:%d\n   More Info: https://bandit.readthedocs.io/en/latest/plugins/b%d.html\n", head, sev, i, line, i)
			pointed := fmt.Sprintf("%d\t        %s\n", line, code)
			fmt.Fprintf(&b, "%s%d\t    def f%d(x):\n%s%d\t        return x\n\n--------------------------------------------------\n", block, line-1, i, pointed, line+1)
			if i == rare {
				want = append(want, block, pointed)
			}
		}
		totals := fmt.Sprintf("\tTotal lines of code: %d\n", 100*n)
		fmt.Fprintf(&b, "\nCode scanned:\n%s\tTotal lines skipped (#nosec): 0\n\nRun metrics:\n\tTotal issues (by severity):\n\t\tLow: %d.0\n\t\tHigh: 1.0\nFiles skipped (0):\n", totals, n-1)
		text := b.String()
		one := 1
		p, ok := planLog(text, limit, logOptions{exitCode: &one})
		if !ok {
			t.Fatal("declined a scanner's report")
		}
		checkLogPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, w := range append(want, totals) {
			if !strings.Contains(out, w) {
				t.Fatalf("limit %d: lost %q:\n%s", limit, w, out)
			}
		}
	})
}

func TestPointedLine(t *testing.T) {
	for _, c := range []struct {
		text string
		want int // the line pointedLine returns, -1 for none
	}{
		{">> Issue: [B501:x] m.\n   Severity: High   Confidence: High\n   Location: a/b.py:2149\n   More Info: https://x/b501.html\n2148\t    try:\n2149\t        get(verify=False)\n2150\t    x\n", 5},
		{"src/a.c:59:5: error: expected ';'\n   58 | int f() {\n   59 |   return 1\n      |           ^\n", 2},
		{"src/a.c:59:5: error: expected ';'\n   60 | }\n", -1},
		{"Error: https://x.org:8080 refused\n  8080 connections\n", -1}, // no path.ext before the number
		{"panic: boom\n\ngoroutine 1 [running]:\n", -1},
		// A caret finding: the source line above it, less indented.
		{"\n   /src/os.html\n      L396 |...id=\"os_arch\"></a></h3>\n              ^ Tag must be paired. (tag-pair)\n", 2},
		// A caret under a blank line, or under a line indented as far,
		// points into none.
		{"   /src/os.html\n\n      ^ Tag must be paired. (tag-pair)\n", -1},
		{"   /src/os.html\n        L396 |<code>x</h3>\n      ^ Tag must be paired. (tag-pair)\n", -1},
	} {
		lines := scanLog(c.text)
		blocks := formBlocks(lines, c.text)
		if len(blocks) == 0 {
			t.Fatalf("%q: no block", c.text)
		}
		if got := pointedLine(lines, blocks[0]); got != c.want {
			t.Errorf("%q: pointed line %d, want %d", c.text, got, c.want)
		}
	}
}

// A caret finding is led in by the source line it points into, and its
// file's header is the nearest line above that is less indented than
// that line, even when the header is indented itself (htmlhint's
// `   /src/url.html`).
func TestCaretFindingHeaders(t *testing.T) {
	text := "\n   /src/events.html\n      L10 |<a>&#x3C;b></a>\n              ^ Special characters must be escaped : [ > ]. (spec-char-escape)\n" +
		"\n   /src/url.html\n      L20 |<a>&#x3C;c></a>\n              ^ Special characters must be escaped : [ > ]. (spec-char-escape)\n" +
		"      L21 |<code>x</h3>\n              ^ Tag must be paired. (tag-pair)\n"
	lines := scanLog(text)
	blocks := formBlocks(lines, text)
	if len(blocks) != 3 {
		t.Fatalf("%d blocks, want 3", len(blocks))
	}
	var qs []int
	for k, want := range []int{2, 6, 8} {
		if got := leadIn(lines, blocks[k]); !slices.Equal(got, []int{want}) {
			t.Errorf("block %d: lead-in %v, want [%d]", k, got, want)
		}
		qs = append(qs, want)
	}
	if got, want := caretHeaders(lines, qs), []int{1, 5, 5}; !slices.Equal(got, want) {
		t.Errorf("headers %v, want %v", got, want)
	}
	// Each alone finds the same header as the walk that reuses the one before.
	for k, q := range qs {
		if got, want := caretHeaders(lines, []int{q}), []int{1, 5, 5}[k]; got[0] != want {
			t.Errorf("header of %d alone %d, want %d", q, got[0], want)
		}
	}
}

func TestFrameMarkedLine(t *testing.T) {
	for _, c := range []struct {
		text string
		want int // the line frameMarkedLine returns, -1 for none
	}{
		// An excerpt that marks its line with '>' in the margin.
		{"  × Invalid typeof comparison value\n    21 │   }\n  > 22 │   if (typeof line !== 'undefind') {\n       │   ^^^^\n", 2},
		{"a/B.hs:485:1: Error: Parse error\nFound:\n    -- a comment\n  > rational :: Parser a\n    {-# SPECIALIZE rational #-}\n", 3},
		// A '>' in the first column is no excerpt's margin.
		{"a.c:3:1: error: x\n> quoted\n", -1},
	} {
		lines := scanLog(c.text)
		blocks := formBlocks(lines, c.text)
		if len(blocks) == 0 {
			t.Fatalf("%q: no block", c.text)
		}
		if got := frameMarkedLine(lines, blocks[0]); got != c.want {
			t.Errorf("%q: marked line %d, want %d", c.text, got, c.want)
		}
	}
}

// A log whose last lines are a tally of `key: N` lines keeps every line
// of the tally when the tally fits in a quarter of the limit.
func TestPropClosingTallyKept(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		linters := rapid.SliceOfNDistinct(rapid.StringMatching(`[a-z]{3,12}`), 2, 20, rapid.ID[string]).Draw(t, "linters")
		n := rapid.IntRange(len(linters), 300).Draw(t, "findings")
		text := lintTallyLog(n, linters)
		tally := text[strings.Index(text, fmt.Sprintf("%d issues:\n", n)):]
		limit := rapid.IntRange(max(1000, 4*len(tally)), 16000).Draw(t, "limit")
		one := 1
		p, ok := planLog(text, limit, logOptions{exitCode: &one})
		if !ok {
			t.Fatal("declined")
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, l := range strings.SplitAfter(tally, "\n") {
			if l != "" && !strings.Contains(out, l) {
				t.Fatalf("tally line %q lost at limit %d", l, limit)
			}
		}
	})
}
