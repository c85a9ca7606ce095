package headroom

import (
	"strconv"
	"strings"
)

// Trace events: a trace in the Trace Event Format (Chrome's and
// Perfetto's JSON, tsc --generateTrace, clang -ftime-trace, Node's
// --trace-events) is an array or a stream of events, each an object whose
// "ph" names its phase: "B" and "E" open and close a span on a thread,
// "X" is a whole span with its "dur". What a reader asks of one is what
// was slowest, and no value says it: the longest span is the distance
// between two events' "ts". traceSignals finds it, with the longest
// complete event, as rare members are found (jsonSignals), and keeps
// them as a report's failures are kept: they are what it is read for.

// traceSignals returns the begin and end events of the longest B–E span
// of the trace text (an array or stream of events, or an object whose
// "traceEvents" holds them), and the complete event of the longest "dur",
// as rare signals; nil when text is no trace.
func traceSignals(text string) []jsonSignal {
	if !strings.Contains(text, `"ph"`) {
		return nil
	}
	top, ok := scanJSONTop(text)
	if !ok {
		return nil
	}
	elems, kind := top.elems, top.kind
	if kind == "object member" { // {"traceEvents": [...], ...}
		elems = nil
		for _, m := range top.elems {
			if v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1); text[m[0]:stringEnd(text, m[0])] == `"traceEvents"` && text[v] == '[' {
				elems, kind = sequence(text, v, ']'), ".traceEvents"
				break
			}
		}
	}
	if len(elems) < 8 {
		return nil
	}
	type open struct {
		at int
		ts float64
	}
	type thread struct{ pid, tid string }
	stacks := map[thread][]open{} // the spans open on each thread
	var best [2]int               // the longest B–E span's events, by index
	bestDur, bestX, bestXDur := -1.0, -1, -1.0
	for i, e := range elems {
		if text[e[0]] != '{' {
			continue
		}
		var ph, pid, tid string
		ts, dur := -1.0, -1.0
		for _, m := range sequence(text, e[0], '}') {
			if text[m[0]] != '"' {
				continue
			}
			key := text[m[0]+1 : stringEnd(text, m[0])-1]
			v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1)
			val := text[v:m[1]]
			switch key {
			case "ph":
				ph = val
			case "pid":
				pid = val
			case "tid":
				tid = val
			case "ts":
				ts = traceNumber(val)
			case "dur":
				dur = traceNumber(val)
			}
		}
		if ts < 0 {
			continue
		}
		th := thread{pid, tid}
		switch ph {
		case `"B"`:
			stacks[th] = append(stacks[th], open{i, ts})
		case `"E"`:
			s := stacks[th]
			if len(s) == 0 {
				continue
			}
			b := s[len(s)-1]
			stacks[th] = s[:len(s)-1]
			if d := ts - b.ts; d > bestDur {
				bestDur, best = d, [2]int{b.at, i}
			}
		case `"X"`:
			if dur > bestXDur {
				bestXDur, bestX = dur, i
			}
		}
	}
	var sigs []jsonSignal
	add := func(i int, why string) {
		e := elems[i]
		sigs = append(sigs, jsonSignal{start: e[0], end: e[1], line: 1 + strings.Count(text[:e[0]], "\n"), path: traceIndex(kind, i), why: why, answer: true})
	}
	if bestDur > 0 {
		why := "the longest span, " + strconv.FormatFloat(bestDur, 'f', -1, 64) + " between begin and end"
		add(best[0], why)
		add(best[1], why)
	}
	if bestXDur > 0 && bestX != best[0] && bestX != best[1] {
		add(bestX, "the longest complete event, dur "+strconv.FormatFloat(bestXDur, 'f', -1, 64))
	}
	return sigs
}

// traceNumber is a "ts" or "dur" value, or -1 when it is not a number.
func traceNumber(v string) float64 {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		return -1
	}
	return f
}

// traceIndex is the jq path of the i-th event: an array's element, the
// traceEvents member's (kind ".traceEvents"), or nothing for a stream's
// document.
func traceIndex(kind string, i int) string {
	switch kind {
	case "array element":
		return "[" + strconv.Itoa(i) + "]"
	case ".traceEvents":
		return ".traceEvents[" + strconv.Itoa(i) + "]"
	}
	return ""
}
