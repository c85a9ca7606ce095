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
