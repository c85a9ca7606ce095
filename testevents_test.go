package headroom

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"

	"github.com/headroom-go/headroom/internal/txt"
)

// A go test -json stream: the failing test's events and the package
// verdict are kept verbatim, passing tests are counted, and the stream is
// planned as a test log before search or JSON could take it.
func TestPlanTestEvents(t *testing.T) {
	var b strings.Builder
	ev := func(action, test, output string) {
		if output != "" {
			fmt.Fprintf(&b, `{"Action":%q,"Package":"example.com/app","Test":%q,"Output":%q}`+"\n", action, test, output)
		} else {
			fmt.Fprintf(&b, `{"Action":%q,"Package":"example.com/app","Test":%q}`+"\n", action, test)
		}
	}
	for i := range 300 {
		name := fmt.Sprintf("TestOK%d", i)
		ev("run", name, "")
		ev("output", name, "=== RUN   "+name+"\n")
		ev("output", name, "    app_test.go:12: fine\n")
		ev("pass", name, "")
		if i == 200 {
			ev("run", "TestBad", "")
			ev("output", "TestBad", "=== RUN   TestBad\n")
			ev("output", "TestBad", "    app_test.go:40: got 1, want 2\n")
			ev("output", "TestBad", "--- FAIL: TestBad (0.00s)\n")
			ev("fail", "TestBad", "")
		}
	}
	b.WriteString(`{"Action":"output","Package":"example.com/app","Output":"FAIL\texample.com/app\t0.2s\n"}` + "\n")
	b.WriteString(`{"Action":"fail","Package":"example.com/app"}` + "\n")
	text := b.String()
	if !isTestEventStream(text) || isTestEventStream(`{"a":1}`+"\n") || isTestEventStream("x.go:12: error\n") {
		t.Fatal("isTestEventStream misjudges")
	}
	h := mustNew(t, WithMaxBytes(4000))
	got, o, err := h.Compress(t.Context(), ToolOutput{Tool: "Bash", Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if o.Strategy != StrategyLog || len(got) > 4000 {
		t.Fatalf("strategy %s, %d bytes", o.Strategy, len(got))
	}
	for _, want := range []string{`"Output":"    app_test.go:40: got 1, want 2\n"`, `"Output":"--- FAIL: TestBad (0.00s)\n"`,
		`{"Action":"fail","Package":"example.com/app","Test":"TestBad"}`, `"Output":"FAIL\texample.com/app\t0.2s\n"`, "300 passed"} {
		if !strings.Contains(got, want) {
			t.Errorf("lost %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"TestOK150"`) {
		t.Errorf("a passing test's events shown:\n%s", got)
	}
}

// A stream that opens with test2json's build events (Go 1.24+: an
// ImportPath, no Package) is still a test log, and at a small limit it
// keeps the compile error, the failing top-level test's name and the
// first failing subtest whole ahead of the other subtests' lines.
func TestPlanTestEventsBuildEventsAndSubtests(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"ImportPath":"example.com/app/cmd","Action":"build-output","Output":"# example.com/app/cmd\n"}` + "\n")
	b.WriteString(`{"ImportPath":"example.com/app/cmd","Action":"build-output","Output":"cmd/main.go:9:2: undefined: x\n"}` + "\n")
	b.WriteString(`{"ImportPath":"example.com/app/cmd","Action":"build-fail"}` + "\n")
	ev := func(action, test, output string) {
		fmt.Fprintf(&b, `{"Time":"2026-11-25T15:02:52.259745653Z","Action":%q,"Package":"example.com/app","Test":%q,"Output":%q}`+"\n", action, test, output)
	}
	for i := range 200 {
		name := fmt.Sprintf("TestOK%d", i)
		ev("output", name, "=== RUN   "+name+"\n")
		ev("pass", name, "")
	}
	ev("output", "TestParent", "=== RUN   TestParent\n")
	for i := range 30 {
		name := fmt.Sprintf("TestParent/#%02d", i)
		ev("output", name, "=== RUN   "+name+"\n")
		ev("output", name, "    app_test.go:40: \n")
		ev("output", name, fmt.Sprintf("        have: %d\n", i))
		ev("output", name, fmt.Sprintf("        want: %d\n", i+1))
		ev("output", name, "--- FAIL: "+name+" (0.00s)\n")
		ev("fail", name, "")
	}
	ev("output", "TestParent", "--- FAIL: TestParent (0.00s)\n")
	ev("fail", "TestParent", "")
	b.WriteString(`{"Action":"output","Package":"example.com/app","Output":"FAIL\texample.com/app\t0.2s\n"}` + "\n")
	b.WriteString(`{"Action":"fail","Package":"example.com/app"}` + "\n")
	text := b.String()
	if !testEvents(strings.SplitN(text, "\n", 2)[0]) {
		t.Fatal("a build-output event is not taken for a test event")
	}
	h := mustNew(t, WithMaxBytes(3000))
	got, o, err := h.Compress(t.Context(), ToolOutput{Tool: "Bash", Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if o.Strategy != StrategyLog || len(got) > 3000 {
		t.Fatalf("strategy %s, %d bytes", o.Strategy, len(got))
	}
	for _, want := range []string{`cmd/main.go:9:2: undefined: x`, `"Output":"--- FAIL: TestParent (0.00s)\n"`,
		`"Test":"TestParent/#00","Output":"        want: 1\n"`, `"Output":"FAIL\texample.com/app\t0.2s\n"`} {
		if !strings.Contains(got, want) {
			t.Errorf("lost %q:\n%s", want, got)
		}
	}
}

// readTestEventByJSON is readTestEvent as encoding/json alone reads a
// line: what scanTestEvent must agree with.
func readTestEventByJSON(l string) (e testEvent, ok bool) {
	return e, json.Unmarshal([]byte(l), &e) == nil && e.Action != ""
}

// checkReadTestEvent fails when readTestEvent reads l otherwise than
// encoding/json does.
func checkReadTestEvent(t testing.TB, l string) {
	got := readTestEvent(l)
	want, ok := readTestEventByJSON(l)
	if got.ok != ok {
		t.Fatalf("readTestEvent(%q).ok = %v, encoding/json %v", l, got.ok, ok)
	}
	if !ok {
		return
	}
	if got.action != want.Action || got.pkg != want.Package || got.importPath != want.ImportPath || got.test != want.Test || got.hasOutput != (want.Output != nil) ||
		want.Output != nil && got.text() != *want.Output {
		t.Fatalf("readTestEvent(%q) = %+v (text %q), encoding/json %+v", l, got, got.text(), want)
	}
}

// readTestEvent reads a line in one pass where it can and leaves the rest
// to encoding/json: either way, what encoding/json would read.
func TestReadTestEventAsJSON(t *testing.T) {
	for _, l := range []string{
		`{"Action":"output","Package":"p","Test":"T","Output":"=== RUN   T\n"}`,
		`{"Time":"2026-11-23T18:22:16.75Z","Action":"pass","Package":"p","Test":"T","Elapsed":0.01}`,
		`{"Action":"output","Output":"\u003cnil\u003e \"q\" \\ \/ \b\f\r\t\u00e9 é"}`,
		`{"Action":"output","Output":"\ud83d\ude00 \udc00"}`, // surrogates: encoding/json pairs or replaces them
		`{"Action":"output","Output":"` + "\xff" + `"}`,      // invalid UTF-8: replaced
		`{"Action":"output","Output":null}`, `{"Action":"output","Output":"x","Output":null}`,
		`{"Action":"output","Output":null,"Output":"x"}`, `{"Action":null}`, `{"Action":""}`, `{}`, ` { } `,
		`{"action":"run"}`, `{"ACTION":"run","Test":"T"}`, `{"Acti\u006fn":"run"}`, `{"Actıon":"run"}`,
		`{"Action":"run","Test":1}`, `{"Action":"run","Test":true}`, `{"Action":"run","Output":false}`,
		`{"Action":"run","Extra":{"a":[1,2]}}`, `{"Action":"run","Extra":[]}`, `{"Action":"run","N":-1.5e+3}`,
		`{"Action":"run","N":01}`, `{"Action":"run","N":1.}`, `{"Action":"run","B":tru}`, `{"Action":"run",}`,
		`{"Action":"run"}x`, `{"Action":"run"}{}`, `{"Action" : "run" , "Test":"T"	}`, `{"Action":"a\x"}`,
		`{"Action":"a` + "\t" + `"}`, `{"Action":"run","Package":"a\u0000b"}`, `{"Action":"run"`, `{"Action"}`,
		`{"Action":"run","A":"\ud800"}`, `["Action"]`, `{"Action":"run"` + "\r" + `}`,
	} {
		checkReadTestEvent(t, l)
	}
	for _, c := range loadCorpus(t) {
		for l := range strings.Lines(c.input) {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "{") {
				checkReadTestEvent(t, l)
			}
		}
	}
}

func FuzzReadTestEvent(f *testing.F) {
	f.Add(`{"Time":"2026-11-23T18:22:16.75Z","Action":"output","Package":"p","Test":"T","Output":"--- FAIL: T (0.00s)\n"}`)
	f.Add(`{"Action":"output","Output":"\u003c\ud83d\ude00\"\\","output":null,"Elapsed":-0.1e2,"X":[{}]}`)
	f.Add(`{"ImportPath":"p","Action":"build-fail"}`)
	f.Fuzz(func(t *testing.T, l string) { checkReadTestEvent(t, l) })
}

// planTestEventsByEvents is planTestEvents as it was when it kept every
// line's event (72 bytes a line): the plan the compact one must still
// make, byte for byte.
func planTestEventsByEvents(out ToolOutput, limit int) (plan, bool) {
	text := out.Text
	if limit < 200 || len(text) > maxLogText || !isTestEventStream(text) {
		return plan{}, false
	}
	type testKey struct{ pkg, test string }
	lines := newLogLines(text)
	evs := make([]testEventLine, 0, strings.Count(text, "\n")+1)
	failedTests := map[testKey]bool{}
	failedPkgs := map[string]bool{}
	passed, failed, skipped, buildsFailed := 0, 0, 0, 0
	var firstKey testKey // the first failing test's key in failedTests
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		var e testEventLine
		l := strings.TrimSpace(text[start:end])
		if strings.HasPrefix(l, "{") {
			e = readTestEvent(l)
		}
		if e.ok {
			switch {
			case e.action == "build-fail":
				failedPkgs[e.importPath] = true
				buildsFailed++
			case e.action == "build-output":
			case e.action == "fail" && e.test != "":
				key := testKey{e.pkg, e.test}
				if firstKey == (testKey{}) {
					firstKey = key
				}
				failedTests[key] = true
				failed++
			case e.action == "fail":
				failedPkgs[e.pkg] = true
			case e.action == "pass" && e.test != "":
				passed++
			case e.action == "skip" && e.test != "":
				skipped++
			}
		}
		class := lineOther
		if l == "" {
			class = lineBlank
		}
		lines.add(end, class, 0)
		evs = append(evs, e)
		start = next
	}
	lines.finish()
	output := func(i int) string { return strings.TrimRight(evs[i].text(), "\r\n") }
	var first, telling, rest, verdicts, names, firstWhole []int
	var last testKey // the test of the event before, and whether it failed: a test's events come in runs
	lastFailed := false
	for i, e := range evs {
		if key := (testKey{e.pkg, e.test}); e.ok && !e.isBuild() && e.test != "" && key != last {
			last, lastFailed = key, failedTests[key]
		}
		switch {
		case !e.ok:
			if lines.class(i) != lineBlank {
				first = append(first, i) // not an event: a build error on stderr
			}
		case e.isBuild() && failedPkgs[e.importPath]:
			verdicts = append(verdicts, i)
		case e.isBuild():
			first = append(first, i)
		case e.test == "":
			if failedPkgs[e.pkg] || e.action == "pass" || e.action == "fail" || strings.HasPrefix(output(i), "ok  ") || strings.HasPrefix(output(i), "FAIL") {
				verdicts = append(verdicts, i)
			}
		case lastFailed:
			out := output(i)
			o := strings.TrimLeft(out, " \t")
			c, _ := classifyFull(out, false)
			switch {
			case e.action == "fail", strings.HasPrefix(o, "--- FAIL"), c == lineError, c == lineSummary,
				e.action == "output" && failureSignal(o) != sigNone, strings.HasPrefix(o, "panic:"):
				telling = append(telling, i)
			case e.action == "output":
				rest = append(rest, i)
			}
			if last == firstKey && (e.action == "output" || e.action == "fail") {
				firstWhole = append(firstWhole, i)
			}
			if !strings.Contains(e.test, "/") && (e.action == "fail" || strings.HasPrefix(o, "--- FAIL")) {
				names = append(names, i)
			}
		}
	}
	anyFailed := failed > 0 || len(failedPkgs) > 0
	room := limit
	if !anyFailed && (out.ExitCode == nil || *out.ExitCode == 0) {
		room = max(limit/successShare, min(limit, 800))
	}
	sel := newLogSelection(text, lines, nil, nil, nil, room, defaultLogLineCap)
	sel.pickAll(verdicts[max(0, len(verdicts)-logSummaryMax):])
	isFirst := map[int]bool{}
	for _, i := range first {
		isFirst[i] = true
	}
	bound := sel.cost + room/8
	for i := lines.len() - 1; i >= 0; i-- {
		if !evs[i].ok && lines.class(i) == lineBlank {
			continue
		}
		if !sel.kept(i) && (!isFirst[i] || !sel.pickWithin(i, bound)) {
			break
		}
	}
	sel.pickAll(first)
	// At a small limit: the failing tests' names (a top-level test's
	// `--- FAIL` line and fail event: what the agent re-runs), the first
	// failure whole, then every failure's telling lines in order.
	sel.pickAll(names)
	sel.pickAll(firstWhole)
	sel.pickAll(telling)
	sel.pickAll(verdicts)
	sel.pickAll(rest)
	for k := 0; k < lines.len() && sel.cost < room*3/4; k++ {
		sel.pick(lines.len() - 1 - k)
		sel.pick(k)
	}
	items := sel.items()
	what := txt.Commas(lines.len()-sel.keptCount()) + " of " + txt.Plural(lines.len(), "event line") +
		" omitted from a JSON test stream; kept every failing test's events (" + txt.Commas(failed) + " failed), " +
		failedBuilds(buildsFailed) + "the package verdicts; " +
		txt.Commas(passed) + " passed and " + txt.Commas(skipped) + " skipped tests counted, not shown"
	hint := "To see more, re-run one failing test: go test -run 'TestName$' -v ./pkg."
	return plan{strategy: StrategyLog, items: items, markerAt: len(items), what: what, hint: hint, digest: true}, true
}

// drawTestStream draws a go test -json stream of a few packages and
// tests, some failing, subtests, escaped names, package verdicts, build
// events, blank lines and lines that are no events.
func drawTestStream(t *rapid.T) string {
	pkgs := []string{"p", "example.com/q", `a\u0000b`, ""}
	tests := []string{"TestA", "TestB", "TestA/sub", "TestA/#01", `T\u00e9`, "", "TestC"}
	outputs := []string{`=== RUN   TestA\n`, `    a_test.go:12: got 1, want 2\n`, `--- FAIL: TestA (0.00s)\n`,
		`--- PASS: TestB (0.00s)\n`, `panic: boom\n`, `ok  \tp\t0.1s\n`, `FAIL\tp\t0.2s\n`, `FAIL\n`,
		`\"quoted\"\t\r\n`, `error: it broke\n`, "x", ""} // JSON strings' bytes, escapes and all
	actions := []string{"run", "output", "output", "output", "pass", "fail", "skip", "pause", "cont", "start", "build-output", "build-fail"}
	var b strings.Builder
	n := rapid.IntRange(1, 120).Draw(t, "lines")
	for i := range n {
		if i >= testEventsProbe && rapid.IntRange(0, 9).Draw(t, "event?") == 0 {
			b.WriteString(rapid.SampledFrom([]string{"", "x", "# build error", "{not json", `{"a":1}`, " ", "{\"Action\":\"\"}"}).Draw(t, "other"))
			b.WriteByte('\n')
			continue
		}
		fmt.Fprintf(&b, `{"Action":%q,"Package":"%s"`, rapid.SampledFrom(actions).Draw(t, "action"), rapid.SampledFrom(pkgs).Draw(t, "pkg"))
		if rapid.IntRange(0, 3).Draw(t, "import path?") == 0 { // test2json's build events name their package so
			fmt.Fprintf(&b, `,"ImportPath":"%s"`, rapid.SampledFrom(pkgs).Draw(t, "import path"))
		}
		if test := rapid.SampledFrom(tests).Draw(t, "test"); test != "" {
			fmt.Fprintf(&b, `,"Test":"%s"`, test)
		}
		if rapid.Bool().Draw(t, "has output") {
			fmt.Fprintf(&b, `,"Output":"%s"`, rapid.SampledFrom(outputs).Draw(t, "output"))
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// planTestEvents, which holds a byte a line and an id an event, makes
// the plan that keeping every line's event made.
func TestPlanTestEventsAsByEvents(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		out := ToolOutput{Tool: "Bash", Text: drawTestStream(t)}
		if code := rapid.IntRange(-1, 1).Draw(t, "exit"); code >= 0 {
			out.ExitCode = &code
		}
		limit := rapid.IntRange(200, max(200, len(out.Text))).Draw(t, "limit") // over 200: the planner declines below
		got, ok := planTestEvents(out, limit)
		want, wantOK := planTestEventsByEvents(out, limit)
		if ok != wantOK || !reflect.DeepEqual(got, want) {
			t.Fatalf("plan %v %+v, want %v %+v", ok, got, wantOK, want)
		}
	})
}

// isASCII, eight bytes at a time, agrees with a byte loop wherever a byte
// from 0x80 up stands.
func TestIsASCIIAgreesWithByteLoop(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SliceOfN(rapid.SampledFrom([]byte{'a', ' ', 0, 0x7f, 0x80, 0xc3, 0xff}), 0, 40).Draw(t, "text")
		want := true
		for _, c := range b {
			want = want && c < utf8.RuneSelf
		}
		if got := isASCII(string(b)); got != want {
			t.Fatalf("isASCII(%q) = %v, want %v", b, got, want)
		}
	})
}

// surrogateEscape, going from backslash to backslash, agrees with a loop
// over every byte of a valid JSON string's bytes.
func TestSurrogateEscapeAgreesWithByteLoop(t *testing.T) {
	byteLoop := func(raw string) bool {
		for i := 0; i+1 < len(raw); i++ {
			if raw[i] != '\\' {
				continue
			}
			if raw[i+1] == 'u' && (raw[i+2]|0x20) == 'd' && raw[i+3] >= '8' {
				return true
			}
			i++
		}
		return false
	}
	part := rapid.SampledFrom([]string{"a", " ", `\\`, `\n`, `\"`, `\u0041`, `\ud83d`, `\uDC00`, `\ud7ff`, `\u00e9`, "é"})
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(0, 12).Draw(t, "parts") {
			b.WriteString(part.Draw(t, "part"))
		}
		raw := b.String()
		if got, want := surrogateEscape(raw), byteLoop(raw); got != want {
			t.Fatalf("surrogateEscape(%q) = %v, want %v", raw, got, want)
		}
	})
}

// A `go build -json` stream (build events only, no test) whose one
// failing package comes last, after hundreds of -x command lines of the
// packages that built: the failed build's compile error and build-fail
// are kept, and the rest of the budget goes to the build output, not a
// success view's quarter.
func TestPlanTestEventsFailedBuildAmongBuildOutput(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, `{"ImportPath":"std/p%d","Action":"build-output","Output":"/usr/local/go/pkg/tool/linux_amd64/compile -o $WORK/b%03d/_pkg_.a -p std/p%d\n"}`+"\n", i%40, i, i%40)
	}
	b.WriteString(`{"ImportPath":"example.com/app","Action":"build-output","Output":"# example.com/app\n"}` + "\n")
	b.WriteString(`{"ImportPath":"example.com/app","Action":"build-output","Output":"app/tz.go:34:47: cannot use x (value of type int64) as int value\n"}` + "\n")
	b.WriteString(`{"ImportPath":"example.com/app","Action":"build-fail"}` + "\n")
	for _, limit := range []int{1000, 4000, 16000} {
		got, o, err := mustNew(t, WithMaxBytes(limit)).Compress(t.Context(), ToolOutput{Tool: "Bash", Text: b.String()})
		if err != nil || o.Strategy != StrategyLog {
			t.Fatalf("limit %d: strategy %s, %v", limit, o.Strategy, err)
		}
		for _, want := range []string{`cannot use x (value of type int64)`, `{"ImportPath":"example.com/app","Action":"build-fail"}`, "1 failed"} {
			if !strings.Contains(got, want) {
				t.Errorf("limit %d: lost %q:\n%s", limit, want, got)
			}
		}
		if len(got) < limit*3/4 || len(got) > limit {
			t.Errorf("limit %d: %d bytes: the budget is not used", limit, len(got))
		}
	}
}
