package headroom

import (
	"encoding/json"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A testEvent is one line of a JSON-lines test stream: `go test -json`
// (test2json), and any stream of {"Action":…,"Test":…,"Output":…} events.
type testEvent struct {
	Action     string
	Package    string
	ImportPath string // build-output events
	Test       string
	Output     *string
}

// testEventsProbe is how many of the first non-blank lines must all be
// events for a text to be taken for a test stream.
const testEventsProbe = 8

// isTestEventStream reports whether text is a JSON-lines test stream:
// its first non-blank lines are JSON objects with an "Action" field.
func isTestEventStream(text string) bool {
	seen := 0
	for start := 0; start < len(text) && seen < testEventsProbe; {
		end, next := txt.LineAt(text, start)
		l := strings.TrimSpace(text[start:end])
		start = next
		if l == "" {
			start = skipBlankLines(text, start)
			continue
		}
		if !strings.HasPrefix(l, "{") || !strings.Contains(l, `"Action":`) {
			return false
		}
		var e testEvent
		if json.Unmarshal([]byte(l), &e) != nil || e.Action == "" {
			return false
		}
		seen++
	}
	return seen > 0
}

// planTestEvents plans a JSON-lines test stream over its own lines, each
// event kept verbatim or not at all: build output and lines that are not
// events; the package verdicts (a failed package's own output whole: its
// FAIL line, a panic); the top-level failing tests' names; the first
// failing test's output whole; every failing test's fail event, its `--- FAIL`
// line and the output lines that say what failed (classed on the decoded
// Output, as a plain run's lines would be); then the rest of the failing
// tests' output in order. Passing tests are counted in the marker, not
// shown. A stream with no failure gets the success view: verdicts, head
// and tail within a quarter of the limit.
func planTestEvents(out ToolOutput, limit int) (plan, bool) {
	text := out.Text
	if limit < 200 || len(text) > maxLogText || !isTestEventStream(text) {
		return plan{}, false
	}
	type ev struct {
		testEvent
		ok bool
	}
	lines := newLogLines(text)
	var evs []ev
	failedTests := map[string]bool{}
	failedPkgs := map[string]bool{}
	passed, failed, skipped := 0, 0, 0
	firstKey := "" // the first failing test's key in failedTests
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		var e ev
		if l := strings.TrimSpace(text[start:end]); strings.HasPrefix(l, "{") && json.Unmarshal([]byte(l), &e.testEvent) == nil && e.Action != "" {
			e.ok = true
			switch {
			case e.Action == "fail" && e.Test != "":
				key := e.Package + "\x00" + e.Test
				if firstKey == "" {
					firstKey = key
				}
				failedTests[key] = true
				failed++
			case e.Action == "fail":
				failedPkgs[e.Package] = true
			case e.Action == "pass" && e.Test != "":
				passed++
			case e.Action == "skip" && e.Test != "":
				skipped++
			}
		}
		class := lineOther
		if strings.TrimSpace(text[start:end]) == "" {
			class = lineBlank
		}
		lines.add(end, class, 0)
		evs = append(evs, e)
		start = next
	}
	lines.finish()
	output := func(i int) string {
		if evs[i].Output == nil {
			return ""
		}
		return strings.TrimRight(*evs[i].Output, "\r\n")
	}
	var first, telling, rest, verdicts, names, firstWhole []int
	for i, e := range evs {
		switch {
		case !e.ok:
			if lines.class(i) != lineBlank {
				first = append(first, i) // not an event: a build error on stderr
			}
		case e.Action == "build-output" || e.Action == "build-fail":
			first = append(first, i)
		case e.Test == "":
			if failedPkgs[e.Package] || e.Action == "pass" || e.Action == "fail" || strings.HasPrefix(output(i), "ok  ") || strings.HasPrefix(output(i), "FAIL") {
				verdicts = append(verdicts, i)
			}
		case failedTests[e.Package+"\x00"+e.Test]:
			o := strings.TrimLeft(output(i), " \t")
			c, _ := classifyFull(output(i), false)
			switch {
			case e.Action == "fail", strings.HasPrefix(o, "--- FAIL"), c == lineError, c == lineSummary,
				e.Action == "output" && failureSignal(o) != sigNone, strings.HasPrefix(o, "panic:"):
				telling = append(telling, i)
			case e.Action == "output":
				rest = append(rest, i)
			}
			if e.Package+"\x00"+e.Test == firstKey && (e.Action == "output" || e.Action == "fail") {
				firstWhole = append(firstWhole, i)
			}
			if !strings.Contains(e.Test, "/") && (e.Action == "fail" || strings.HasPrefix(o, "--- FAIL")) {
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
		" omitted from a JSON test stream; kept every failing test's events (" + txt.Commas(failed) + " failed), the package verdicts; " +
		txt.Commas(passed) + " passed and " + txt.Commas(skipped) + " skipped tests counted, not shown"
	hint := "To see more, re-run one failing test: go test -run 'TestName$' -v ./pkg."
	return plan{strategy: StrategyLog, items: items, markerAt: len(items), what: what, hint: hint, digest: true}, true
}
