package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// templateDiagnostics writes n fieldalignment-like diagnostics, each with
// a long fix, the one at big of 504 pointer bytes, the others of fewer
// (n at most 60), each its own.
func templateDiagnostics(n, big int) string {
	var b strings.Builder
	b.WriteString("{\n\t\"pkg\": {\n\t\t\"fieldalignment\": [\n")
	for i := range n {
		size := 16 + 8*i // every message its own, none rare
		if i == big {
			size = 504
		}
		fmt.Fprintf(&b, "\t\t\t{\n\t\t\t\t\"posn\": \"/src/file%02d.go:%d:14\",\n\t\t\t\t\"message\": \"struct with %d pointer bytes could be %d\",\n\t\t\t\t\"new\": %q\n\t\t\t}",
			i, 10+i, size, size-8, strings.Repeat("field int `json:\"field\"`\n", 12))
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("\t\t]\n\t}\n}\n")
	return b.String()
}

// The message whose number is the greatest among many worded alike is
// kept as an answer, its object whole; too few messages, numbers alike,
// or strings that are names or times (too few words) say nothing.
func TestTemplatePeakSignalsFindTheLargest(t *testing.T) {
	text := templateDiagnostics(12, 7)
	sigs := templatePeakSignals(text)
	if len(sigs) != 1 {
		t.Fatalf("%d signals, want 1: %+v", len(sigs), sigs)
	}
	s := sigs[0]
	got := text[s.start:s.end]
	if !strings.HasPrefix(got, "{\n\t\t\t\t\"posn\": \"/src/file07.go:17:14\"") || !strings.HasSuffix(got, "}") || !s.answer || s.failure {
		t.Errorf("signal %q (%+v), want file07's object as an answer", got, s)
	}
	if m := text[s.mstart:s.mend]; m != `"message": "struct with 504 pointer bytes could be 496"` {
		t.Errorf("member %q", m)
	}
	for name, text := range map[string]string{
		"seven messages": templateDiagnostics(7, 3),
		"numbers alike":  "[" + strings.Repeat(`{"message":"cost 80 exceeds the budget"},`, 10) + `{"message":"cost 80 exceeds the budget"}]`,
		"dates":          "[" + strings.Repeat(`{"when":"2026-11-29 22:12:23 GMT"},`, 10) + `{"when":"2026-11-30 22:12:23 GMT"}]`,
		"names":          "[" + strings.Repeat(`{"id":"CWE-134"},`, 10) + `{"id":"CWE-829"}]`,
		"glued numbers":  "[" + strings.Repeat(`{"m":"unused variable: slack_4 in Test17"},`, 10) + `{"m":"unused variable: slack_9 in Test17"}]`,
		"ordinals":       "[" + strings.Repeat(`{"m":"--- PASS: TestDecode/#1 (0.00s)"},`, 10) + `{"m":"--- PASS: TestDecode/#11 (0.00s)"}]`,
		"long prose":     "[" + strings.Repeat(`{"doc":"`+strings.Repeat("word ", 50)+`1 and 2"},`, 10) + `{"doc":"` + strings.Repeat("word ", 50) + `9 and 2"}]`,
	} {
		if s := templatePeakSignals(text); s != nil {
			t.Errorf("%s: %+v", name, s)
		}
	}
}

// The records of a stream are compared as a document's objects are: the
// compiler's costliest refusal to inline is kept by its record.
func TestTemplatePeakSignalsReadAStream(t *testing.T) {
	var b strings.Builder
	for i := range 20 {
		fmt.Fprintf(&b, "{\"line\":%d,\"code\":\"cannotInlineFunction\",\"message\":\"function too complex: cost %d exceeds budget 80\"}\n", 10+i, 100+i)
		if i == 13 {
			b.WriteString("{\"line\":99,\"code\":\"cannotInlineFunction\",\"message\":\"function too complex: cost 625 exceeds budget 80\"}\n")
		}
	}
	text := b.String()
	sigs := templatePeakSignals(text)
	if len(sigs) != 1 || !strings.Contains(text[sigs[0].start:sigs[0].end], "cost 625") || sigs[0].line != 15 {
		t.Fatalf("signals %+v, want the record of cost 625 on line 15", sigs)
	}
}

// At 4,000 bytes the diagnostic of the largest struct is kept with its
// message, among digests that name the others by their positions alone.
func TestPlanJSONKeepsTheLargestNumberOfAMessage(t *testing.T) {
	text := templateDiagnostics(49, 40)
	p, ok := planJSON(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	checkPlan(t, text, p, 4000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	if want := "\"posn\": \"/src/file40.go:50:14\",\n\t\t\t\t\"message\": \"struct with 504 pointer bytes could be 496\","; !strings.Contains(out, want) {
		t.Errorf("lost %q:\n%s", want, out)
	}
}

// templatePeakSignals never panics, and each signal is a closed object of
// the text that holds the message it is kept for.
func TestTemplatePeakSignalsAreObjects(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOf(rapid.SampledFrom([]string{
			`{"m":"cost 5 exceeds budget 80"}`, `{"m":"cost 7 exceeds budget 80"}`, `{"m":"cost 9 exceeds budget 80",`,
			`"m":"size 3 of many things"`, `[`, `]`, `{`, `}`, `,`, "\n", `"x"`, `:`, `12`, `"a \" 4 b c"`,
		})).Draw(t, "parts")
		text := strings.Join(parts, "")
		for _, s := range templatePeakSignals(text) {
			if s.start < 0 || s.start > s.mstart || s.mstart >= s.mend || s.mend > s.end || s.end > len(text) || text[s.end-1] != '}' || !s.answer {
				t.Fatalf("signal %+v of %q", s, text)
			}
		}
	})
}
