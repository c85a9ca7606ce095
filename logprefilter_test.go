package headroom

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// checkPrefilter fails when logSurelyDeclines says planLog declines text
// and planLog takes it, at any exit status.
func checkPrefilter(t interface {
	Helper()
	Fatalf(string, ...any)
}, text string, limit int) {
	t.Helper()
	zero, one := 0, 1
	for _, ec := range []*int{nil, &zero, &one} {
		if !logSurelyDeclines(text, limit, ec) {
			continue
		}
		if _, ok := planLog(text, limit, logOptions{exitCode: ec}); ok {
			t.Fatalf("the prefilter declines what planLog takes (limit %d, exit %v):\n%q", limit, ec, text)
		}
	}
}

// Every rule that classes a line a failure or a summary has an anchor: a
// rule added with a shape shapeNeeds does not know fails here, rather
// than turning the prefilter off unseen.
func TestLogAnchorsCoverEveryRule(t *testing.T) {
	if !logAnchorTable.ok {
		t.Fatal("a log rule has no anchor: give its shape's needs in shapeNeeds")
	}
	for _, a := range logAnchorTable.anchors {
		if len(a.lit) < minAnchor {
			t.Errorf("anchor %q is shorter than %d bytes", a.lit, minAnchor)
		}
	}
}

// Every corpus output, whole and cut to its last lines, with and without
// colour: where the prefilter declines, planLog declines too.
func TestLogPrefilterAgreesOnCorpus(t *testing.T) {
	declined, planLogDeclined := 0, 0
	for _, c := range corpusUnlessShort(t, 4) {
		for _, text := range []string{c.input, lastLines(c.input, 40), colourEveryWord(lastLines(c.input, 40))} {
			checkPrefilter(t, text, 16000)
		}
		if _, ok := planLog(c.input, 16000, logOptions{}); !ok {
			planLogDeclined++
			if logSurelyDeclines(c.input, 16000, nil) {
				declined++
			}
		}
	}
	t.Logf("the prefilter declines %d of the %d corpus outputs planLog declines", declined, planLogDeclined)
	if declined*2 < planLogDeclined {
		t.Errorf("the prefilter declines %d of %d: it no longer spares planLog's classification", declined, planLogDeclined)
	}
}

// The non-logs that BenchmarkCompress routes past the log rows, a
// disassembly and a git log, are declined without planLog.
func TestLogPrefilterDeclinesNonLogs(t *testing.T) {
	for _, name := range []string{"plain_objdump_d_zlib_deflate_o", "plain_git_log_iso_timestamps"} {
		text := corpusInput(t, name)
		if !logSurelyDeclines(text, 16000, nil) {
			t.Errorf("%s: the prefilter leaves it to planLog", name)
		}
	}
}

func lastLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "")
}

// colourEveryWord wraps every word in an SGR escape, as a coloured
// terminal prints it.
func colourEveryWord(s string) string {
	return strings.ReplaceAll(s, " ", " \x1b[1m") + "\x1b[0m"
}

// logPieces are what lines are drawn from: every literal of the rule
// table, the generic signals' words, the shapes the rules read, and noise.
func logPieces() []string {
	var p []string
	for _, r := range logRules {
		p = append(p, r.lit)
		if r.infix != "" {
			p = append(p, r.infix)
		}
		if r.suffix != "" {
			p = append(p, r.suffix)
		}
	}
	for _, r := range infixRules {
		p = append(p, r.infix)
	}
	p = append(p, failureWords[:]...)
	p = append(p, countWords[:]...)
	p = append(p, levelErrorWords[:]...)
	p = append(p, summaryInfo, "INFO", "WARN", "WARNING", "DEBUG", "Exception", "TypeError", "error TS2304", "java.util.ZipException: ", "IOError: ",
		"a.go:12:5: ", "src/x.c:3:1: ", "a.ts(1,2): ", "==1234== ", "==1== Invalid read", "3 passing", "1) suite", "12:5  error  x",
		"=== 3 failed in 1s ===", "ok  \tpkg\t0.1s", "0 errors", "rated at 5.00/10", "50% tests passed, 1 tests failed",
		"\x1b[31m", "\x1b[0m", "\r", "✖", "×", "✗", "●", "ℹ", "0", "7", "12", ":", ": ", " ", "  ", "\t", "(", ")", "-", "_", "=",
		"#", "*", "[", "]", "foo", "compiling", "x", "bar.go", "the", "not", "ok",
		"/", ".", "$", "@", "|", "<", ">", "H", "/gems/") // a word glued to a path's or a word's bytes, or not

	return p
}

// drawLogLine draws a line from the pieces, in any case, indented or
// not.
func drawLogLine(t *rapid.T, pieces []string) string {
	var b strings.Builder
	b.WriteString(rapid.SampledFrom([]string{"", "", " ", "  ", "\t", "    "}).Draw(t, "indent"))
	for range rapid.IntRange(1, 6).Draw(t, "pieces") {
		p := rapid.SampledFrom(pieces).Draw(t, "piece")
		switch rapid.IntRange(0, 3).Draw(t, "case") {
		case 1:
			p = strings.ToUpper(p)
		case 2:
			p = strings.ToLower(p)
		}
		b.WriteString(p)
		b.WriteString(rapid.SampledFrom([]string{"", " ", " ", ": "}).Draw(t, "sep"))
	}
	return b.String()
}

// The prefilter never declines what planLog takes: on lines drawn from
// the rule table's own literals and the failure words, mixed with noise,
// after any number of plain lines.
func TestLogPrefilterNeverDeclinesALog(t *testing.T) {
	pieces := logPieces()
	rapid.Check(t, func(t *rapid.T) {
		var lines []string
		for range rapid.IntRange(0, 60).Draw(t, "filler") {
			lines = append(lines, rapid.SampledFrom([]string{"compiling foo", "  bar 12", "", "x := y", "Date:   2026-11-23T18:03:07Z"}).Draw(t, "plain"))
		}
		for range rapid.IntRange(1, 30).Draw(t, "lines") {
			lines = append(lines, drawLogLine(t, pieces))
		}
		text := strings.Join(lines, "\n") + rapid.SampledFrom([]string{"", "\n"}).Draw(t, "end")
		checkPrefilter(t, text, rapid.SampledFrom([]int{100, 4000, 16000}).Draw(t, "limit"))
	})
}

// fullTally counts every line of text as planLog does.
func fullTally(text string) logTally {
	var n logTally
	lines := scanLog(text)
	for i := range lines.len() {
		n.add(lines.class(i), lines.open(i))
	}
	return n
}

// checkAnchoredTally fails unless tallyAnchored, which classifies only
// the lines that hold an anchor of the scan or an escape, counts what
// classifying every line counts (until the counts accept), but for the
// generic failures that only a lazy anchor finds: weakNumberCounts says
// whether there are any, where tallyAnchored counted none.
func checkAnchoredTally(t interface {
	Helper()
	Fatalf(string, ...any)
}, text string) {
	t.Helper()
	full := fullTally(text)
	if full.accepts() {
		return
	}
	got := tallyAnchored(text)
	if got == full {
		if got.generic == 0 && logAnchorTable.weakNumberCounts(text) {
			t.Fatalf("weakNumberCounts finds a generic failure where every line counts none:\n%q", text)
		}
		return
	}
	if got.strong != full.strong || got.summaries != full.summaries || got.generic > full.generic || got.generic == 0 && !logAnchorTable.weakNumberCounts(text) {
		t.Fatalf("tallyAnchored counts %+v, every line %+v, weakNumberCounts %v:\n%q", got, full, logAnchorTable.weakNumberCounts(text), text)
	}
}

// The anchors miss no line that counts: tallyAnchored counts what
// classifying every line counts, until the counts accept, but for the
// generic failures weakNumberCounts finds.
func TestAnchorsFindEveryCountedLine(t *testing.T) {
	pieces := logPieces()
	rapid.Check(t, func(t *rapid.T) {
		var lines []string
		for range rapid.IntRange(1, 8).Draw(t, "lines") {
			lines = append(lines, drawLogLine(t, pieces))
		}
		checkAnchoredTally(t, strings.Join(lines, "\n"))
	})
}

func FuzzLogPrefilter(f *testing.F) {
	for _, seed := range []string{"ok  \tpkg\t0.1s\nPASS", "a.go:12:5: undefined: x", "==1== Invalid read", "  3 passing\n  1 failing",
		"\x1b[31mFA\x1b[0mIL x", "Ran 3 tests in 0.1s\n\nOK", "foo\n  1) suite\n     x", "E   assert 1 == 2", "commit 1\n    fix error"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkPrefilter(t, text, 4000)
		checkAnchoredTally(t, text)
	})
}

// The anchor scan finds an anchor where its rule reads it, in any case,
// and not where its rule does not.
func TestNextAnchor(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int // where nextAnchor stops; -1 for the end
	}{
		{"nothing here\nat all", -1},
		{"x\nsome ERROR here", 7},
		{"x\nsome eRrOr here", 7},
		{"x\nPASS", 2},
		{"x\n  PASS", -1}, // PASS counts only in the first column
		{"x\n  Tests: 3", 4},
		{"x\nsrc/a.go:12:5: y", 13}, // the anchor reads the byte before the column too
		{"at 12:34: noon", -1},      // no `:12:5` before the `4: `
		{"at 12:34:56: noon", 9},    // the scan does not ask for a path: the class does
		{"x\n==77== Invalid", 2},
		{"x == 7 ==", -1},
		{"E   assert", 0},
		{"\x1b[31mhi", -1}, // escapes are tallyAnchored's, not the scan's
		{"a × b", 2},
		{"x\n  12) suite", -1},      // mocha's heading is weakNumberCounts', not the scan's
		{"x\nclose(3) = 0", -1},     // a call's `3) ` is no heading
		{"x\n  a 12) b", -1},        // nor a number inside the text
		{"x\n12) suite", -1},        // the heading's rule reads it indented only
		{"xa.go:12:5: ✖ x", 8},      // a position before a byte above 0x7f (the scan's any byte)
		{"x\n_ été _ more text", 2}, // pytest's section before one
		// A word counts only where its readers take it: not glued to a
		// path's name or inside a word (needsOf).
		{"x\nopen(\"/gems/error_highlight/base.rb\") = 5", -1},
		{"x\nrequire \"/gems/errors.rb\"", -1},
		{"x\nsome_error_code here", -1},
		{"x\nsome error_code here", 7}, // a runner's totals read ` error` anywhere (isRunnerTotals)
		{"x\nsome error here", 7},
		{"x\nTypeError: boom", 6},     // isJSErrorLine's name, then a colon
		{"x\nAssertionError [x]", 11}, // or a space
		{"x\nlog [ERROR] y", 7},
	} {
		got := logAnchorTable.nextAnchor(tc.text, 0)
		want := tc.want
		if want < 0 {
			want = len(tc.text)
		}
		if got != want {
			t.Errorf("nextAnchor(%q) = %d, want %d", tc.text, got, want)
		}
	}
}

// A failure word that ends where scanSignalsFrom stops reading a line
// counts there, whatever follows it.
func TestNeedsStandAtTheSignalWindow(t *testing.T) {
	line := strings.Repeat("a", signalBytes-6) + "[error_code"
	text := "x\n" + line + "\n"
	require.Equal(t, logTally{generic: 1}, fullTally(text))
	assert.Equal(t, fullTally(text), tallyAnchored(text))
	moved := "x\n" + line[1:] + "\n" // the word ends a byte sooner: glued to `_code`
	assert.Equal(t, logTally{}, fullTally(moved))
	assert.Equal(t, logTally{}, tallyAnchored(moved))
}

// tallyAnchored classifies the lines that hold a mark, a pytest section
// or an escape.
func TestTallyAnchoredNeedles(t *testing.T) {
	for _, tc := range []struct {
		text string
		want logTally
	}{
		{"plain\nx × y\n", logTally{generic: 1}},
		{"plain\n_ test_a _\n", logTally{strong: 1}},
		{"_ test_a _\n", logTally{strong: 1}},
		{"plain\n\x1b[1mFA\x1b[0mIL\n", logTally{summaries: 1}},
		{"plain\nno signal\n", logTally{}},
	} {
		if got := tallyAnchored(tc.text); got != tc.want {
			t.Errorf("tallyAnchored(%q) = %+v, want %+v", tc.text, got, tc.want)
		}
	}
}

// bruteNextAnchor is nextAnchor by trying every anchor at every byte.
func bruteNextAnchor(text string, from int) int {
	for i := max(from-1, 0); i < len(text); i++ {
		for k, a := range logAnchorTable.anchors {
			seq, lead := a.lit, 0
			if a.at == atCol0 && !a.afterNumber {
				seq, lead = string(foldByte('\n'))+a.lit, 1
				if i == 0 && from == 0 && foldedAt(text, 0, a.lit) && needsStand(text, 0, logAnchorTable.needs[k]) {
					return 0
				}
			}
			start := i + lead
			digit := start + a.skip
			if start >= from && foldedAt(text, i, seq) && placed(text, numberStart(text, digit, a.afterNumber), a.at) && (!a.position || inPosition(text, digit)) && needsStand(text, start, logAnchorTable.needs[k]) {
				return start
			}
		}
	}
	return len(text)
}

// The scan, which reads every other triple through a hash's bits, stops
// where trying every anchor at every byte stops first.
func TestNextAnchorAgreesWithBruteForce(t *testing.T) {
	pieces := logPieces()
	rapid.Check(t, func(t *rapid.T) {
		var lines []string
		for range rapid.IntRange(1, 6).Draw(t, "lines") {
			lines = append(lines, drawLogLine(t, pieces))
		}
		text := strings.Join(lines, rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "eol"))
		from := rapid.IntRange(0, len(text)).Draw(t, "from")
		if got, want := logAnchorTable.nextAnchor(text, from), bruteNextAnchor(text, from); got != want {
			t.Fatalf("nextAnchor(%q, %d) = %d, trying every anchor: %d", text, from, got, want)
		}
	})
}

// The filter reads two passes of six bytes a turn, then a pass, then
// every triple: an anchor after filler of every length up to three turns
// stands at every offset of a turn, in either pass and in the rest, and
// two anchors may share a turn, one in each pass.
func TestNextAnchorEveryOffsetOfATurn(t *testing.T) {
	pieces := logPieces()
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(1, 4).Draw(t, "lines") {
			b.WriteString(strings.Repeat(rapid.SampledFrom([]string{"x", " ", "a"}).Draw(t, "filler"), rapid.IntRange(0, 36).Draw(t, "pad")))
			b.WriteString(drawLogLine(t, pieces))
			b.WriteString(strings.Repeat("y", rapid.IntRange(0, 13).Draw(t, "tail")))
			b.WriteByte('\n')
		}
		text := b.String()
		from := rapid.IntRange(0, len(text)).Draw(t, "from")
		if got, want := logAnchorTable.nextAnchor(text, from), bruteNextAnchor(text, from); got != want {
			t.Fatalf("nextAnchor(%q, %d) = %d, trying every anchor: %d", text, from, got, want)
		}
	})
}

// An anchor's pair of triples holds none of commonTriples where another
// pair of its triples holds none: `critical` was found by `ica` and `cal`
// (application, local, call), `segmentation fault` by `fau` and `aul`
// (default), and a trace's paths stopped the scan at each.
func TestRarestTriplesAvoidCommonTriples(t *testing.T) {
	common := func(seq string, k int) bool {
		return strings.Contains(commonTriples, seq[k:k+3]) || strings.Contains(commonTriples, seq[k+1:k+4])
	}
	checkRarestTriplesAvoid(t, common)
	assert.Equal(t, "crit", "critical"[rarestTriples("critical"):][:4])
}

// Leaving runs of blank lines out of the verdict's tail changes neither
// the verdict nor whether it fails: on log lines mixed with runs of blank
// lines (spaces, tabs, CRs), the tail reads as the whole text does.
func TestVerdictTailTextKeepsTheVerdict(t *testing.T) {
	pieces := logPieces()
	rapid.Check(t, func(t *rapid.T) {
		var lines []string
		for range rapid.IntRange(0, 80).Draw(t, "lines") {
			if rapid.IntRange(0, 2).Draw(t, "blank") == 0 {
				for range rapid.IntRange(1, 40).Draw(t, "run") {
					lines = append(lines, rapid.SampledFrom([]string{"", " ", "\t", "\r", "  \r", "\u00a0"}).Draw(t, "white"))
				}
				continue
			}
			lines = append(lines, drawLogLine(t, pieces))
		}
		text := strings.Join(lines, "\n") + rapid.SampledFrom([]string{"", "\n"}).Draw(t, "end")
		tail, whole := scanLog(verdictTailText(text)), scanLog(text)
		if got, want := len(verdictLines(tail)) > 0, len(verdictLines(whole)) > 0; got != want {
			t.Fatalf("verdict %v from the tail, %v from the whole text", got, want)
		}
		if got, want := verdictFails(tail), verdictFails(whole); got != want {
			t.Fatalf("fails %v from the tail, %v from the whole text", got, want)
		}
	})
}

// A valgrind-style prefix before white space is a blank line to scanLog,
// so the tail must not count it among the lines that may hold the
// verdict (a seed of TestVerdictTailTextKeepsTheVerdict found this).
func TestVerdictTailTextSkipsBlankPrefixedLines(t *testing.T) {
	lines := slices.Repeat([]string{"ok  \t"}, 40)
	lines = append(lines, "FAIL\tx", "==1234== ")
	lines = append(lines, slices.Repeat([]string{""}, 25)...)
	lines = append(lines, slices.Repeat([]string{"ok  \t"}, verdictWindow-1)...)
	text := strings.Join(lines, "\n")
	require.True(t, verdictFails(scanLog(text)), "the whole text's verdict")
	assert.True(t, verdictFails(scanLog(verdictTailText(text))), "the tail's verdict")
}

// A text of blank lines leaves a tail of verdictTail lines.
func TestVerdictTailTextOfBlankLines(t *testing.T) {
	for _, text := range []string{strings.Repeat("\n", 100000), strings.Repeat(" \r\n", 1000) + "FAIL\n"} {
		if got := strings.Count(verdictTailText(text), "\n"); got > verdictTail+2 {
			t.Errorf("%d lines kept of %d", got, strings.Count(text, "\n"))
		}
	}
}

// skipBlankLines and blankLinesBefore land where reading a line at a time
// over the blank lines would.
func TestBlankLineSkips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var lines []string
		for range rapid.IntRange(1, 20).Draw(t, "lines") {
			lines = append(lines, rapid.SampledFrom([]string{"", " ", "\t", "\r", " x", "y\r", "\u00a0", "z"}).Draw(t, "line"))
		}
		text := strings.Join(lines, "\n")
		starts := []int{0}
		for i := range len(text) {
			if text[i] == '\n' {
				starts = append(starts, i+1)
			}
		}
		blank := func(k int) bool {
			end := len(text)
			if k+1 < len(starts) {
				end = starts[k+1] - 1
			}
			return strings.Trim(text[starts[k]:end], " \t\r") == ""
		}
		k := rapid.IntRange(0, len(starts)-1).Draw(t, "at")
		want := len(text)
		for j := k; j < len(starts); j++ {
			if !blank(j) {
				want = starts[j]
				break
			}
		}
		if got := skipBlankLines(text, starts[k]); got != want && !(want == len(text) && blank(len(starts)-1)) {
			t.Fatalf("skipBlankLines(%q, %d) = %d, want %d", text, starts[k], got, want)
		}
		want = 0
		for j := k - 1; j >= 0; j-- {
			if !blank(j) {
				want = starts[j+1] - 1
				break
			}
		}
		if got := blankLinesBefore(text, starts[k]); got != want {
			t.Fatalf("blankLinesBefore(%q, %d) = %d, want %d", text, starts[k], got, want)
		}
	})
}

// A number before `) ` is no anchor of the scan: a blame's or a trace's,
// which stand on every line, are passed over as bruteNextAnchor passes
// them, and mocha's `  12) ` heading is weakNumberCounts', which finds it
// where the number opens an indented line's text, and nowhere else.
func TestNextAnchorIndentedNumbers(t *testing.T) {
	if !logAnchorTable.lazyNumbers {
		t.Fatal("the scan leaves no anchor to weakNumberCounts: mocha's `) ` is no lazy anchor")
	}
	for _, text := range []string{
		"^d5b2fb1 (Dev Example 2026-11-20 10:00:00 +0000    12) package syntax\n",
		"close(3)                                = 0\nread(3, \"\", 832) = 0\n",
		"  1) counts the lines\n",
		"\t12) counts the lines\n",
		"    [mocha] 3) counts the lines\n",
		"x\n  123) counts\n  7)\n",
		"12) at the first column\n",
	} {
		for from := 0; from <= len(text); from++ {
			if got, want := logAnchorTable.nextAnchor(text, from), bruteNextAnchor(text, from); got != want {
				t.Errorf("nextAnchor(%q, %d) = %d, trying every anchor: %d", text, from, got, want)
			}
		}
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"^d5b2fb1 (Dev Example 2026-11-20 10:00:00 +0000    12) package syntax\n", false},
		{"close(3)                                = 0\nread(3, \"\", 832) = 0\n", false},
		{"  1) counts the lines\n", true},
		{"x\n\t12) counts the lines", true},
		{"    [mocha] 3) counts the lines\n", false},
		{"- [ ] 3) counts the lines\n", false},
		{"x\n  123) counts\n  7)\n", true},
		{"12) at the first column\n", false},
		{"  a 12) inside the text\n", false},
		{"  1)  two blanks after it\n", false},
	} {
		if got := logAnchorTable.weakNumberCounts(tc.text); got != tc.want {
			t.Errorf("weakNumberCounts(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if got, want := tc.want, fullTally(tc.text).generic > 0; got != want {
			t.Errorf("%q: every line counts %+v, want a generic failure: %v", tc.text, fullTally(tc.text), got)
		}
	}
}

// A line-start anchor found by triples inside it is turned away by the
// byte where its line break must stand, without a lookup: the scan stops
// where trying every anchor at every byte does, on lines that hold such
// an anchor's triples at the line's start, inside it, after an indent,
// after a byte that folds as a break does, and at the text's ends.
func TestNextAnchorLineStartMarks(t *testing.T) {
	marked := 0
	for h, v := range logAnchorTable.hit {
		if v < hitBreak {
			continue
		}
		marked++
		back := int(v - hitBreak)
		for k := logAnchorTable.head[h]; k != 0; k = logAnchorTable.tris[k-1].next {
			for _, sa := range logAnchorTable.tris[k-1].as {
				if sa.lead != 1 || sa.off != back || sa.seq[0] != foldByte('\n') {
					t.Errorf("hash %d marked for a break %d bytes back, but %q is found %d bytes in (lead %d)", h, back, sa.seq, sa.off, sa.lead)
				}
			}
		}
	}
	if marked == 0 {
		t.Fatal("no hash marked for a line-start anchor: the test tests nothing")
	}
	for _, text := range []string{
		"^d5b2fb1 (Dev Example 2026-11-20 10:00:00 +0000    12) package syntax\n",
		"-- Configuring incomplete, see the log\n",
		"x\n-- Configuring incomplete",
		"x -- Configuring incomplete\n",
		"x\n  -- Configuring incomplete\n",
		"x*-- Configuring incomplete\n",
		"Tests run: 3, Failures: 0\nx Tests run: 3\n",
		"ok test result: FAILED\ntest result: ok. 3 passed\n",
		"make: *** [all] Error 2\nsimple example template\n",
		"  npm ERR! code 1\nnpm ERR! code 1",
	} {
		for from := 0; from <= len(text); from++ {
			if got, want := logAnchorTable.nextAnchor(text, from), bruteNextAnchor(text, from); got != want {
				t.Errorf("nextAnchor(%q, %d) = %d, trying every anchor: %d", text, from, got, want)
			}
		}
	}
}

// breaksAtLeast is strings.Count(text, "\n") >= n.
func TestBreaksAtLeast(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringOfN(rapid.SampledFrom([]rune{'a', '\n', ' '}), 0, 60, -1).Draw(t, "text")
		n := rapid.IntRange(-1, 30).Draw(t, "n")
		if got, want := breaksAtLeast(text, n), strings.Count(text, "\n") >= n; got != want {
			t.Fatalf("breaksAtLeast(%q, %d) = %v, Count says %v", text, n, got, want)
		}
	})
}

// TestRarestTriplesScoresBoth: an anchor is found by two triples in a
// row and a load that holds either stops the scan, so the pair is
// chosen by both. CMake's `-- Configuring incomplete` was found by `mpl`
// and `ple` (its first triple the rarest, the second holding `le`), which
// `simple`, `sample` and `example` hold; it is now found by `fig` and
// `igu`.
func TestRarestTriplesScoresBoth(t *testing.T) {
	for _, c := range []struct{ seq, want string }{
		{foldString("\n-- Configuring incomplete"), "figu"},
		{"zqxle", "zqxl"},
		{"lezqx", "ezqx"},
		{"abcd", "abcd"},
	} {
		k := rarestTriples(c.seq)
		if got := c.seq[k : k+4]; got != c.want {
			t.Errorf("rarestTriples(%q) chose %q, want %q", c.seq, got, c.want)
		}
		sum := tripleScore(c.seq[k:k+3]) + tripleScore(c.seq[k+1:k+4])
		for j := 0; j+3 < len(c.seq); j++ {
			if s := tripleScore(c.seq[j:j+3]) + tripleScore(c.seq[j+1:j+4]); s < sum {
				t.Errorf("rarestTriples(%q) chose %d (score %d), %d scores %d", c.seq, k, sum, j, s)
			}
		}
	}
}

// The anchor scan's filter stops at a triple whose hash a triple of the
// table has; where the triple read is none of the table's (a false hit),
// the stop finds nothing. The hash's multiplier was chosen for few of
// them over the corpus (lowTripleHash): at most one triple read in five
// thousand, where the multiplier before it met one in a thousand.
func TestTripleHashFalseHits(t *testing.T) {
	t.Parallel()
	tb := logAnchorTable
	read, falseHits := 0, 0
	for _, c := range corpusUnlessShort(t, 4) {
		text := c.input
		for i := 0; i+12 <= len(text); i += 6 {
			for _, o := range []int{0, 2, 4} {
				x := uint32(load64(text, i+o)|foldWord) & 0xffffff
				read++
				if h := tripleHash(x); tb.hit[h] != 0 && tb.tripleAt(h, x) == nil {
					falseHits++
				}
			}
		}
	}
	if read == 0 {
		t.Fatal("the corpus gave the filter nothing to read")
	}
	if falseHits*5000 > read {
		t.Errorf("%d false hits in %d triples read: more than one in five thousand", falseHits, read)
	}
}

// An anchor's pair of triples holds no triple that shares its hash with
// a triple of prose (proseHashes) where another pair holds none: SBCL's
// `\nunhandled ` was found by `unh`, whose hash is `e p`'s, and every
// `the path` in the corpus stopped the scan (7,202 false hits more).
func TestRarestTriplesAvoidProseHashes(t *testing.T) {
	shared := func(seq string, k int) bool {
		hashed := func(tri string) bool {
			return proseHashes[tripleHashOf(tri)]
		}
		return hashed(seq[k:k+3]) || hashed(seq[k+1:k+4])
	}
	checkRarestTriplesAvoid(t, shared)
	seq := string(foldByte('\n')) + foldString("Unhandled ")
	assert.NotContains(t, seq[rarestTriples(seq):][:4], "unh")
}

// checkRarestTriplesAvoid checks that every anchor is found by a pair of
// its triples that bad does not mark (bad(seq, k): the pair at k), where
// the anchor has such a pair.
func checkRarestTriplesAvoid(t *testing.T, bad func(seq string, k int) bool) {
	t.Helper()
	checked := 0
	for _, a := range logAnchorTable.anchors {
		seq := a.lit
		if a.at == atCol0 && !a.afterNumber {
			seq = string(foldByte('\n')) + seq
		}
		if len(seq) <= 3 || a.position {
			continue
		}
		avoidable := false
		for j := 0; j+3 < len(seq); j++ {
			avoidable = avoidable || !bad(seq, j)
		}
		if avoidable {
			checked++
			k := rarestTriples(seq)
			assert.False(t, bad(seq, k), "%q is found by %q", seq, seq[k:k+4])
		}
	}
	require.NotZero(t, checked)
}
