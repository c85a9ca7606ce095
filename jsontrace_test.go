package headroom

import (
	"strings"
	"testing"
)

// The longest span of a trace is kept by its begin and end events,
// wherever they sit and however the trace is laid out; the longest
// complete event by its "dur".
func TestTraceSignalsFindTheLongestSpan(t *testing.T) {
	events := func(long int) []string {
		var ev []string
		ts := 100
		for i := range 12 {
			d := 10
			if i == long {
				d = 900
			}
			ev = append(ev,
				`{"pid":1,"tid":1,"ph":"B","ts":`+itoa(ts)+`,"name":"step`+itoa(i)+`"}`,
				`{"pid":1,"tid":1,"ph":"X","ts":`+itoa(ts+1)+`,"dur":`+itoa(i+1)+`,"name":"inner`+itoa(i)+`"}`,
				`{"pid":1,"tid":1,"ph":"E","ts":`+itoa(ts+d)+`,"name":"step`+itoa(i)+`"}`)
			ts += d + 5
		}
		return ev
	}
	ev := events(7)
	want := []string{ev[21], ev[23], ev[34]} // step7's B and E, inner11 (dur 12)
	for name, text := range map[string]string{
		"an array, one event a line": "[\n" + strings.Join(ev, ",\n") + "\n]\n",
		"a stream":                   strings.Join(ev, "\n") + "\n",
		"traceEvents, minified":      `{"traceEvents":[` + strings.Join(ev, ",") + `],"displayTimeUnit":"ms"}`,
	} {
		t.Run(name, func(t *testing.T) {
			var got []string
			for _, s := range traceSignals(text) {
				got = append(got, text[s.start:s.end])
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("signals:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	if s := traceSignals(`[{"ph":"B","ts":1},{"ph":"E","ts":2}]`); s != nil {
		t.Errorf("two events are no trace to judge: %v", s)
	}
	if s := traceSignals(`{"a":[1,2,3,4,5,6,7,8,9],"ph":"B"}`); s != nil {
		t.Errorf("an object without traceEvents: %v", s)
	}
}

// traceSignals never panics, and each signal is a span of the text.
func FuzzTraceSignals(f *testing.F) {
	f.Add(`[{"ph":"B","ts":1},{"ph":"E","ts":2},{"ph":"X","ts":3,"dur":4},{},{},{},{},{}]`)
	f.Add(`{"traceEvents":[{"ph":"E","ts":-1},1,"x",[],{"ph":"B"},{},{},{}]}`)
	f.Add(`{"traceEvents":{"ph":"B"}}`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range traceSignals(text) {
			if s.start < 0 || s.end > len(text) || s.start >= s.end || s.failure {
				t.Fatalf("signal %+v outside the text (%d bytes)", s, len(text))
			}
		}
	})
}

// At a small budget the answer a trace is read for stays whole: the
// longest span's begin and end and the longest complete event, kept in
// the room a report's failures get, where a rare member's eighth would
// hold one of the three.
func TestPlanJSONKeepsATraceAnswerAtSmallBudgets(t *testing.T) {
	var ev []string
	ts := 1000
	path := `,"args":{"path":"/home/dev/work/project/node_modules/typescript/lib/lib.dom.iterable.d.ts"}}`
	for i := range 40 {
		d := 100 + i
		if i == 23 {
			d = 90000
		}
		ev = append(ev,
			`{"pid":1,"tid":1,"ph":"B","cat":"check","ts":`+itoa(ts)+`,"name":"checkSourceFile`+itoa(i)+`"`+path,
			`{"pid":1,"tid":1,"ph":"X","cat":"program","ts":`+itoa(ts+1)+`,"name":"findSourceFile","dur":`+itoa(50+i%7)+path,
			`{"pid":1,"tid":1,"ph":"E","cat":"check","ts":`+itoa(ts+d)+`,"name":"checkSourceFile`+itoa(i)+`"`+path)
		ts += d + 5
	}
	ev[3*31+1] = strings.Replace(ev[3*31+1], `"dur":`+itoa(50+31%7), `"dur":7777`, 1)
	text := "[\n" + strings.Join(ev, ",\n") + "\n]\n"
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		for _, want := range []string{ev[3*23], ev[3*23+2], ev[3*31+1]} {
			if !strings.Contains(out, want) {
				t.Errorf("limit %d: lost %s:\n%s", limit, want, out)
			}
		}
		if strings.Contains(p.what, "failing") {
			t.Errorf("limit %d: a trace's answer counted as a failure: %s", limit, p.what)
		}
	}
}
