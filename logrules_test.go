package headroom

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

var classNames = map[string]uint8{"other": lineOther, "blank": lineBlank, "error": lineError, "warning": lineWarning,
	"summary": lineSummary, "trace": lineTrace, "passed": linePassed}

// Every toolchain's lines, one txtar file each under testdata/logrules:
// a section per class (`-- error --`), one line per real line of output.
// Adding a toolchain is a row in logRules and a file here.
func TestLogRulesByToolchain(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "logrules", "*.txtar"))
	if err != nil || len(files) < 10 {
		t.Fatalf("want the toolchain cases in testdata/logrules, found %d: %v", len(files), err)
	}
	names := map[uint8]string{}
	for n, c := range classNames {
		names[c] = n
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, checked := uint8(255), 0
		for _, line := range strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n") {
			if name, ok := strings.CutPrefix(line, "-- "); ok && strings.HasSuffix(name, " --") {
				c, ok := classNames[strings.TrimSuffix(name, " --")]
				if !ok {
					t.Fatalf("%s: unknown section %q", f, line)
				}
				want = c
				continue
			}
			if want == 255 {
				continue // the comment above the first section
			}
			checked++
			if got := classifyLogLine(line); got != want {
				t.Errorf("%s: %q is %s, want %s", filepath.Base(f), line, names[got], names[want])
			}
		}
		if checked == 0 {
			t.Errorf("%s: no lines", f)
		}
	}
}

// The failure words count only standing as words, and not where they say
// nothing failed.
func TestFailureSignal(t *testing.T) {
	cases := map[string]int{
		"Segmentation fault (core dumped)": sigFailure,
		"not ok 3 - parses dates":          sigFailure,
		"FATAL: could not open file":       sigFailure,
		"thing ✗ broke":                    sigFailure,
		" ✘ Found dispatches with data":    sigFailure,
		"✘":                                sigNone,
		"✘x":                               sigNone,
		"✔ passes":                         sigNone,
		"Build failed with an exception.":  sigFailure,
		"3 failed, 9 passed":               sigCount,
		"12 errors":                        sigCount,
		"1,204 failures":                   sigCount,
		"0 errors":                         sigNone,
		"-Werror":                          sigNone,
		"errors.go":                        sigNone,
		"--no-error-on-unmatched-pattern":  sigNone,
		"Failures: 0, Errors: 0":           sigNone,
		"  Failed: 21.  Skipped: 0.  Passed: 498.":         sigCount,
		"Tests run: 9, Failures: 2, Errors: 0, Skipped: 0": sigCount,
		"errors=3":                   sigCount,
		"Error: 404 Not Found":       sigFailure,
		"Error: 3.5 is out of range": sigFailure,
		"Tests run: 5, Failures: 0, Errors: 0, Skipped: 0": sigNone,
		"no errors found":         sigNone,
		"terrorism":               sigNone,
		"errorf":                  sigNone,
		"installed failure-tools": sigNone,
		"notok":                   sigNone,
		"error_count=3":           sigNone,
		"x.failed":                sigNone,
		"./Dpkg/BuildFlags.pm has too many errors.": sigFailure,
		"./A.pm had compilation errors.":            sigFailure,
		"fatal error: too many errors emitted":      sigFailure,
		"handles errors":                            sigNone,
		"how many errors":                           sigNone,
		"[/src/client.go:115] - G104 (CWE-703): Errors unhandled (Confidence: HIGH, Severity: LOW)": sigNone,
		"(LOAD #P\"build.lisp\" :IF-DOES-NOT-EXIST :ERROR :EXTERNAL-FORMAT :DEFAULT)":               sigNone,
		"(:error \"x\")":                 sigNone,
		"::error file=a.go,line=3::boom": sigFailure,
		"a.c:12: error: expected ';'":    sigFailure,
		"status:error":                   sigFailure,
		// A row of labelled counts aligned in columns (ansible's PLAY
		// RECAP): the number after `=` is the label's before, not a count
		// of what follows, and a count above zero goes on in the columns.
		"localhost                  : ok=3    changed=1    unreachable=0    failed=1    skipped=0    rescued=0    ignored=0": sigCount,
		"localhost                  : ok=9    changed=1    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0": sigNone,
		"passed=4    errors=2    skipped=1": sigCount,
		"errors=2 in 3 files":               sigNone,
	}
	for line, want := range cases {
		if got := failureSignal(line); got != want {
			t.Errorf("failureSignal(%q) = %d, want %d", line, got, want)
		}
	}
}

// failureWords is the one list of failure words: each, phrase or word,
// is read as a failure standing alone, between words and after a level
// tag, and not glued into a longer word.
func TestEveryFailureWordIsRead(t *testing.T) {
	for _, w := range failureWords {
		within := sigFailure
		for line, want := range map[string]int{w: sigFailure, "  " + strings.ToUpper(w[:1]) + w[1:] + " x": sigFailure,
			"x " + w + " y": within, "[ci] " + strings.ToUpper(w) + ": at step 3": within} {
			if got := failureSignal(line); got != want {
				t.Errorf("failureSignal(%q) = %d, want %d", line, got, want)
			}
		}
		if got := failureSignal("x " + w + "z y"); got != sigNone {
			t.Errorf("failureSignal(%q) = %d, want none: the word goes on", "x "+w+"z y", got)
		}
	}
}

// The classifier never panics, is a pure function of the line, and
// agrees with the whole-text scan.
func FuzzClassifyLogLine(f *testing.F) {
	for _, seed := range []string{"==1== Invalid read", "✖ 5 problems", "  12:5  error  x", "Found 2 errors in 1 file", "\x1b[31m✗\x1b[0m x",
		"a.ts(1,2): error TS1: x", "3 failed", "0 errors", "_ x _", "___ y ___", "not ok 1 - x", "Tests run: 5, Failures: 0"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.ReplaceAll(line, "\n", " ")
		c, open := classifyFull(line, false)
		if c2, open2 := classifyFull(line, false); c2 != c || open2 != open {
			t.Fatal("not deterministic")
		}
		if _, ok := map[uint8]bool{lineOther: true, lineBlank: true, lineError: true, lineWarning: true, lineSummary: true, lineTrace: true, linePassed: true}[c]; !ok {
			t.Fatalf("class %d", c)
		}
		checkScanLog(t, line)
	})
}

// checkLineDecision: lineDecision, which stops reading early and skips
// the indent, tells
// classifyFull what lineSignals, which reads the whole line, would.
func checkLineDecision(t testing.TB, line string) {
	diag, level, sig := lineSignals(line)
	d, l, s := lineDecision(line, indentEnd(line))
	switch {
	case d != diag:
		t.Errorf("%q: lineDecision's diagnostic %d, lineSignals' %d", line, d, diag)
	case diag == diagNone && l != level:
		t.Errorf("%q: lineDecision's level %q, lineSignals' %q", line, l, level)
	case diag == diagNone && level == "" && s != sig:
		t.Errorf("%q: lineDecision's signal %d, lineSignals' %d", line, s, sig)
	}
}

func TestLineDecisionAgreesWithLineSignals(t *testing.T) {
	for _, c := range loadCorpus(t) {
		for _, line := range strings.Split(c.input, "\n") {
			checkLineDecision(t, line)
		}
	}
	for _, line := range []string{"2026 INFO x.c:1:2: error: y", "[WARN] a: fatal error: b", "INFO a.ts(1,2): error TS2: c",
		"INFO a - error TS1: x", "INFO a: errors: b a: warning: c", "ERROR a: errorx: b: error: c", "INFO  error: x",
		"INFO x: fatal fatal error: y", "INFO a - warning TS1: b", "INFO a:b: c: fatal error: d", "INFO --- : error: z", "DEBUG -: fatal warning: q"} {
		checkLineDecision(t, line)
	}
}

func FuzzLineDecision(f *testing.F) {
	for _, seed := range []string{"2026 INFO x.c:1:2: error: y", "INFO a - error TS1: x", "E INFO: a: warning: b", "3 failed WARN"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) { checkLineDecision(t, line) })
}

// checkSignalFilter: every word that scanSignals would take for a level,
// a compiler's diagnostic or a failure signal is one nextSignalWord stops
// at, so its filter on the first two letters (signalPair) turns none away.
func checkSignalFilter(t interface{ Fatalf(string, ...any) }, line string) {
	s := line[:min(len(line), 400)]
	for i := 0; i < len(s); i++ {
		if !letterTab[s[i]] || i > 0 && isWordByte(s[i-1]) {
			continue
		}
		j := letterRunEnd(s, min(i+2, len(s)))
		word := s[i:j]
		level := slices.Contains(levelWords[:], word)
		if !level && diagAt(s, i, j) == diagNone && failureWordAt(s, i, j) == sigNone {
			continue
		}
		if got := nextSignalWord(s, i, false); got != i {
			t.Fatalf("%q: nextSignalWord skips the signal word %q at %d (stops at %d)", line, word, i, got)
		}
	}
}

func TestNextSignalWordKeepsEverySignal(t *testing.T) {
	for _, c := range corpusUnlessShort(t, 4) {
		for _, line := range strings.Split(c.input, "\n") {
			checkSignalFilter(t, line)
		}
	}
	word := rapid.SampledFrom([]string{"error", "Errors", "ERROR", "warning", "WARN", "INFO", "Info", "info", "debug", "DEBUG",
		"critical", "CRITICAL", "problems", "Problems", "broken", "failing", "fatal", "not ok", "segmentation fault", "abort", "Unhandled",
		"prometheus", "in", "de", "x", "3", "12,000", "0"})
	sep := rapid.SampledFrom([]string{" ", "  ", ": ", "/", "(", "[", "]", "-", ",", ".", "_", "1", "a", "\t", "✖ ", " :", "(:", "::"})
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(1, 12).Draw(t, "words") {
			b.WriteString(sep.Draw(t, "sep"))
			b.WriteString(word.Draw(t, "word"))
		}
		checkSignalFilter(t, b.String())
	})
}

// The eight-byte letter test agrees with the byte table on every byte,
// wherever it stands among any others.
func TestWordTestsAgreeWithByteTables(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SliceOfN(rapid.Byte(), 8, 8).Draw(t, "word")
		w := load64(string(b), 0)
		letters := asciiLetters(w)
		for k, c := range b {
			if got := letters>>(8*k+7)&1 == 1; got != letterTab[c] {
				t.Fatalf("asciiLetters says byte %d (%#x) of %x is a letter: %v", k, c, b, got)
			}
		}
	})
}

// indentEnd, eight bytes at a time, ends the indent where a byte loop
// does, whatever bytes follow it (a '!' or a '\x01' after a space is no
// space, though zeroBytes' borrow may flag it).
func TestIndentEndAgreesWithByteLoop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SliceOfN(rapid.SampledFrom([]byte{' ', '\t', '!', 0x01, 0x21, 0x29, 'a', 0x80, 0xa0, '\n', 0}), 0, 40).Draw(t, "line")
		line := string(b)
		want := 0
		for want < len(line) && (line[want] == ' ' || line[want] == '\t') {
			want++
		}
		if got := indentEnd(line); got != want {
			t.Fatalf("indentEnd(%q) = %d, want %d", line, got, want)
		}
	})
}

// diagAfter, which asks only the words its "rr" and "rn" pairs may be in,
// finds the diagnostic a look at every word after from finds first.
func TestDiagAfterAgreesWithEveryWord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.SampledFrom([]string{"error", "warning", "errors", ": ", " - ", " fatal", "fatal ", ": fatal ", ": fatal fatal ", " - fatal ",
			" TS", "TS2", ":", "-", " ", "x", "rr", "E", "\t", "é"})
		s := strings.Join(rapid.SliceOfN(piece, 0, 24).Draw(t, "pieces"), "")
		from := rapid.IntRange(0, len(s)).Draw(t, "from")
		want := diagNone
		for i := from + 1; i < len(s); i++ {
			if i >= 2 {
				if d := diagWordAt(s, i); d != diagNone {
					want = d
					break
				}
			}
		}
		if got := diagAfter(s, from); got != want {
			t.Fatalf("diagAfter(%q, %d) = %d, want %d", s, from, got, want)
		}
	})
}

// pathEnd, eight bytes at a time, finds the first ':', ' ' or '\t' a
// walk byte by byte finds.
func TestPathEndAgreesWithByteWalk(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`[a-z:. \t/\x80-\xff0-9]{0,40}`).Draw(t, "s")
		want := len(s)
		for i := 0; i < len(s); i++ {
			if s[i] == ':' || s[i] == ' ' || s[i] == '\t' {
				want = i
				break
			}
		}
		if got := pathEnd(s); got != want {
			t.Fatalf("pathEnd(%q) = %d, want %d", s, got, want)
		}
	})
}

// levelWordByByte is levelWord as it was before it read eight bytes at a
// time: what that must not change.
func levelWordByByte(line string) (string, int) {
	head := line[:min(len(line), 120)]
	for i := 0; i < len(head); i++ {
		if c := head[i]; c < 'A' || c > 'Z' {
			continue
		}
		if i > 0 {
			if c := head[i-1]; c != ' ' && c != '[' && c != '<' && c != '|' && c != '(' {
				for i+1 < len(head) && head[i+1] >= 'A' && head[i+1] <= 'Z' {
					i++
				}
				continue // inside a word
			}
		}
		j := i + 1
		for j < len(head) && head[j] >= 'A' && head[j] <= 'Z' {
			j++
		}
		// In parentheses a level ends at the closing one; in brackets
		// at any level end; either may number it first (`(ERROR/3)`).
		rest := head[j:]
		closer := map[byte]string{'(': ")", '[': "]"}[prevByte(head, i)]
		if closer != "" && strings.HasPrefix(rest, "/") {
			digits := strings.TrimLeft(rest[1:], "0123456789")
			rest = map[bool]string{true: " ", false: "x"}[len(digits) < len(rest)-1 && strings.HasPrefix(digits, closer)]
		} else if closer == ")" {
			rest = map[bool]string{true: " ", false: "x"}[strings.HasPrefix(rest, ")")]
		}
		if rest == "" || isLevelEnd(rest[0]) {
			switch w := head[i:j]; w {
			case "ERROR", "FATAL", "CRITICAL", "SEVERE", "WARNING", "WARN", "INFO", "DEBUG", "TRACE", "NOTICE":
				return w, i
			}
		}
		i = j
	}
	return "", -1
}

// prevByte is the byte before head[i], a blank at the line's start.
func prevByte(head string, i int) byte {
	if i == 0 {
		return ' '
	}
	return head[i-1]
}

func TestLevelWordAsByByte(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`([a-zA-Z0-9 \[\]<>|:é()/]|ERROR|WARN|INFO|DEBUG|xWARN|WARNx|CRITICAL|NOTICE|/3\)|/2\]){0,50}`).Draw(t, "line")
		w, i := levelWord(s)
		if ww, wi := levelWordByByte(s); w != ww || i != wi {
			t.Fatalf("levelWord(%q) = %q, %d; byte by byte %q, %d", s, w, i, ww, wi)
		}
	})
}

// compilerDiagnosticAtEveryColon is compilerDiagnostic as it was first
// written, every severity compared after every colon: the reference the
// faster one must agree with.
func compilerDiagnosticAtEveryColon(line string) string {
	for i := 0; ; {
		c := strings.IndexByte(line[i:], ':')
		if c < 0 {
			return ""
		}
		rest := line[i+c+1:]
		switch {
		case strings.HasPrefix(rest, " error: "), strings.HasPrefix(rest, " fatal error: "), strings.HasPrefix(rest, " error TS"):
			return "error"
		case strings.HasPrefix(rest, " warning: "), strings.HasPrefix(rest, " warning TS"):
			return "warning"
		}
		i += c + 1
	}
}

func TestCompilerDiagnosticAgreesWithEveryColon(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, line string) {
		if got, want := compilerDiagnostic(line), compilerDiagnosticAtEveryColon(line); got != want {
			t.Fatalf("compilerDiagnostic(%q) = %q, want %q", line, got, want)
		}
	}
	for _, c := range loadCorpus(t) {
		for _, line := range strings.Split(c.input, "\n") {
			check(t, line)
		}
	}
	part := rapid.SampledFrom([]string{":", " ", "error", "fatal", "warning", "TS", ": ", "a.c", "12", "e", "w", "f", "::"})
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(0, 10).Draw(t, "parts") {
			b.WriteString(part.Draw(t, "part"))
		}
		check(t, b.String())
	})
}

// loadTail, one shifted load when s has eight bytes, reads what a loop
// over the bytes left would.
func TestLoadTailAgreesWithByteLoop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := string(rapid.SliceOfN(rapid.Byte(), 0, 24).Draw(t, "s"))
		k := rapid.IntRange(max(0, len(s)-7), len(s)).Draw(t, "k")
		var want uint64
		for b := len(s) - 1; b >= k; b-- {
			want = want<<8 | uint64(s[b])
		}
		if got := loadTail(s, k); got != want {
			t.Fatalf("loadTail(%q, %d) = %#x, want %#x", s, k, got, want)
		}
	})
}

// An echoed exit status is a failed verdict when it is not zero.
func TestIsExitStatusFailure(t *testing.T) {
	for line, want := range map[string]bool{
		"exit status 1":     true,
		"exit status 127":   true,
		"exit status 1\r":   true,
		"exit status 0":     false,
		"exit status 00":    false,
		"exit status":       false,
		"exit status 1a":    false,
		"exit status -1":    false,
		"  exit status 1":   false,
		"exit status 2 (x)": false,
	} {
		if got := isExitStatusFailure(line); got != want {
			t.Errorf("isExitStatusFailure(%q) = %v, want %v", line, got, want)
		}
	}
}
