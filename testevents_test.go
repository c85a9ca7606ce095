package headroom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
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
	if got.action != want.Action || got.pkg != want.Package || got.test != want.Test || got.hasOutput != (want.Output != nil) ||
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
