package headroom

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// drawStatusFirstLog draws a test run that tells each failure twice: a
// one-line status while it runs, then a section with its traceback (the
// shape of `python -m unittest -v`), and returns the first failure's
// section.
func drawStatusFirstLog(t *rapid.T) (text, first string) {
	n := rapid.IntRange(1, 40).Draw(t, "tests")
	failing := make([]bool, n)
	failing[rapid.IntRange(0, n-1).Draw(t, "one failing")] = true
	for i := range failing {
		failing[i] = failing[i] || rapid.IntRange(0, 2).Draw(t, "fails") == 0
	}
	doc := make([]string, n) // a docstring names the test in its status line
	var b strings.Builder
	for i := range n {
		if rapid.IntRange(0, 4).Draw(t, "docstring") == 0 {
			doc[i] = fmt.Sprintf("Check the parser on input number %d", i)
		}
		status := "ok"
		if failing[i] {
			status = rapid.SampledFrom([]string{"FAIL", "ERROR"}).Draw(t, "status")
		}
		if doc[i] != "" {
			fmt.Fprintf(&b, "%s ... %s\n", doc[i], status)
		} else {
			fmt.Fprintf(&b, "test_case_%d (tests.test_mod.ModTest.test_case_%d) ... %s\n", i, i, status)
		}
	}
	b.WriteString("\n")
	nFail := 0
	for i := range n {
		if !failing[i] {
			continue
		}
		nFail++
		var s strings.Builder
		fmt.Fprintf(&s, "FAIL: test_case_%d (tests.test_mod.ModTest.test_case_%d)\n", i, i)
		if doc[i] != "" {
			s.WriteString(doc[i] + "\n")
		}
		s.WriteString(strings.Repeat("-", 70) + "\n")
		s.WriteString("Traceback (most recent call last):\n")
		for j := range rapid.IntRange(1, 4).Draw(t, "frames") {
			fmt.Fprintf(&s, "  File \"/src/tests/test_mod.py\", line %d, in test_case_%d\n    self.check(%d)\n", 10+j, i, j)
		}
		fmt.Fprintf(&s, "AssertionError: %d != %d\n", i, i+1)
		for j := range rapid.IntRange(0, 12).Draw(t, "detail") {
			fmt.Fprintf(&s, "- expected line %d of case %d\n", j, i)
		}
		if first == "" {
			first = s.String()
		}
		b.WriteString(strings.Repeat("=", 70) + "\n" + s.String() + "\n")
	}
	fmt.Fprintf(&b, "%s\nRan %d tests in 0.012s\n\nFAILED (failures=%d)\n", strings.Repeat("-", 70), n, nFail)
	return b.String(), first
}

// timesMark is the (×N) a line folded with its repeats carries.
var timesMark = regexp.MustCompile(`(?m) \(×[0-9,]+\)$`)

// A failure told first as a one-line status and later as a section is
// kept whole in its section, at every budget, when the section fits in a
// fifth of it: the status line is no failure's whole.
func TestPlanLogKeepsFirstFailureSectionWhole(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text, first := drawStatusFirstLog(t)
		limit := rapid.IntRange(600, 20000).Draw(t, "limit")
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatal("declined a log with failures")
		}
		checkLogPlan(t, text, p, limit)
		out := timesMark.ReplaceAllString(render(text, p, marker{what: p.what, hint: p.hint}), "")
		if !strings.Contains(out, "FAILED (failures=") {
			t.Fatalf("lost the verdict:\n%s", out)
		}
		if size := len(first); size <= limit/firstBlockShare-100 && !strings.Contains(out, first) {
			t.Fatalf("the first failure's section (%d bytes, limit %d) was not kept whole:\n%s", size, limit, out)
		}
	})
}

// A real `python3 -m unittest -v` run of three stdlib test modules
// (test_shlex, test_difflib, test_string) against copies of shlex.py,
// difflib.py and string.py with injected bugs: its first failure's
// section (the FAIL: header, docstring, traceback, AssertionError and
// its diff) is kept whole at 8,000 bytes and more, and its AssertionError
// at 4,000, where the status line `Test compatibility interface ...
// FAIL` above it was once taken for its whole.
func TestPlanLogUnittestStatusLinesFirst(t *testing.T) {
	b, err := os.ReadFile("testdata/logplan/unittest_v_status_first.log")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "FAIL: testCompat")
	end := strings.Index(text[start:], "\n\n"+strings.Repeat("=", 70)) + start
	section := text[start:end]
	for _, limit := range []int{16000, 8000, 4000} {
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatal("declined")
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, want := range []string{"FAILED (failures=11)", "FAIL: testCompat", "AssertionError: Lists differ"} {
			if !strings.Contains(out, want) {
				t.Errorf("limit %d: lost %q:\n%s", limit, want, out)
			}
		}
		if limit >= 8000 && !strings.Contains(out, section) {
			t.Errorf("limit %d: the first failure's section was not kept whole:\n%s", limit, out)
		}
	}
}

// A failure's header that a closing summary line already names is found
// the same in a CRLF log as in an LF one: names are compared as the
// terminal shows the lines, without the '\r'.
func TestNamedBySummaryIgnoresCRLF(t *testing.T) {
	lf := "____ test_alpha ____\n    assert 1 == 2\nE   AssertionError\n____ test_beta ____\n    assert 3 == 4\nE   AssertionError\n" +
		"=== short test summary info ===\nFAILED tests/a.py::test_alpha\nFAILED tests/a.py::test_beta\n=== 2 failed in 0.10s ===\n"
	named := func(text string) map[int]bool {
		lines := scanLog(text)
		blocks := formBlocks(lines, text)
		return namedBySummary(lines, blocks, toldOrder(lines, blocks))
	}
	want := named(lf)
	if len(want) == 0 {
		t.Fatal("no header named by the summary in the LF log: the test checks nothing")
	}
	if got := named(strings.ReplaceAll(lf, "\n", "\r\n")); len(got) != len(want) {
		t.Errorf("CRLF log: %d headers named by the summary, LF log %d", len(got), len(want))
	}
}

// anyFieldByRune is anyField as it was before it read ASCII bytes through
// a table: what that must not change.
func anyFieldByRune(l string, f func(w string) bool) bool {
	word := 0
	for i, r := range l {
		if !isIdentitySep(r) {
			continue
		}
		if i > word && f(l[word:i]) {
			return true
		}
		word = i + utf8.RuneLen(r)
	}
	return len(l) > word && f(l[word:])
}

// statusMarkBytes is how many bytes of l, white space left out, are not
// its identity words: statusMarksOver must say whether it is above
// statusMarkMax.
func statusMarkBytes(l string) int {
	n := 0
	anyFieldByRune(l, func(w string) bool {
		if !isNameWord(w) {
			n += len(w)
		}
		return false
	})
	for _, r := range l {
		if isIdentitySep(r) && r != ' ' && r != '\t' {
			n += utf8.RuneLen(r)
		}
	}
	return n
}

func TestAnyFieldAndStatusMarksAsByRune(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.StringMatching(`([a-z0-9 \t(){}"'`+"`"+`,:;<>._/-]|‘|’|…|é|\xff|test_x|FAIL|error|12ms){0,40}`).Draw(t, "line")
		var got, want []string
		anyField(l, func(w string) bool { got = append(got, w); return false })
		anyFieldByRune(l, func(w string) bool { want = append(want, w); return false })
		if !slices.Equal(got, want) {
			t.Fatalf("anyField(%q) splits %q, by rune %q", l, got, want)
		}
		if statusMarksOver(l) != (statusMarkBytes(l) > statusMarkMax) {
			t.Fatalf("statusMarksOver(%q) = %v, %d bytes of marks", l, statusMarksOver(l), statusMarkBytes(l))
		}
	})
}
