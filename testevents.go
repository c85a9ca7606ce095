package headroom

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

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
		if !strings.HasPrefix(l, "{") || !strings.Contains(l, `"Action":`) || !readTestEvent(l).ok {
			return false
		}
		seen++
	}
	return seen > 0
}

// A testEventLine is what planTestEvents reads of a line: the event's
// fields as encoding/json decodes them into a testEvent, but Output,
// which stays the JSON string's bytes between its quotes until a failing
// test's line is read (most lines are a passing test's, never read).
type testEventLine struct {
	action, pkg, test string
	output            string // Output's bytes, escapes still in them when escaped
	hasOutput         bool   // Output is set: present and not null
	escaped           bool
	ok                bool // a JSON object with an Action
}

// text returns the event's Output decoded, "" when it has none.
func (e testEventLine) text() string {
	if !e.escaped {
		return e.output
	}
	return string(unescapeJSON(make([]byte, 0, len(e.output)), e.output))
}

// readTestEvent reads line l (trimmed) as encoding/json would unmarshal
// it into a testEvent: ok when it is valid JSON, an object, whose fields
// are of their types and whose Action is set. A flat object of plain keys
// (go test -json's every line) is read in one pass without copying;
// anything else (a nested value, a key that only matches a field by case
// folding, a string encoding/json must repair) is left to encoding/json.
func readTestEvent(l string) testEventLine {
	if e, sure := scanTestEvent(l); sure {
		return e
	}
	var e testEvent
	if json.Unmarshal([]byte(l), &e) != nil || e.Action == "" {
		return testEventLine{}
	}
	ev := testEventLine{action: e.Action, pkg: e.Package, test: e.Test, ok: true}
	if e.Output != nil {
		ev.output, ev.hasOutput = *e.Output, true
	}
	return ev
}

// The fields of a testEvent, as scanTestEvent tells keys apart.
const (
	eventOther = iota
	eventAction
	eventPackage
	eventImportPath
	eventTest
	eventOutput
	eventFolded // a key encoding/json matches to a field by case folding
)

// eventField returns which field of a testEvent key (plain ASCII) names.
func eventField(key string) int {
	switch key {
	case "Action":
		return eventAction
	case "Package":
		return eventPackage
	case "ImportPath":
		return eventImportPath
	case "Test":
		return eventTest
	case "Output":
		return eventOutput
	}
	for _, f := range [...]string{"Action", "Package", "ImportPath", "Test", "Output"} {
		if strings.EqualFold(key, f) {
			return eventFolded
		}
	}
	return eventOther
}

// scanTestEvent reads l as readTestEvent does when l is a flat object
// whose keys are plain ASCII named exactly or not at all as a field, and
// whose fields' strings are valid UTF-8 without a surrogate escape; sure
// is false for any other text, valid or not, which encoding/json must
// judge.
func scanTestEvent(l string) (e testEventLine, sure bool) {
	i := skipSpace(l, 0)
	if i >= len(l) || l[i] != '{' {
		return testEventLine{}, false
	}
	i = skipSpace(l, i+1)
	if i < len(l) && l[i] == '}' {
		i++
	} else {
		for {
			if i >= len(l) || l[i] != '"' {
				return testEventLine{}, false
			}
			end := jsonStringEnd(l, i)
			if end < 0 || !plainKey(l[i+1:end-1]) {
				return testEventLine{}, false
			}
			field := eventField(l[i+1 : end-1])
			if field == eventFolded {
				return testEventLine{}, false
			}
			if i = skipSpace(l, end); i >= len(l) || l[i] != ':' {
				return testEventLine{}, false
			}
			if i = skipSpace(l, i+1); i >= len(l) {
				return testEventLine{}, false
			}
			switch c := l[i]; {
			case c == '"':
				end = jsonStringEnd(l, i)
				if end < 0 {
					return testEventLine{}, false
				}
				if field != eventOther && !e.setString(field, l[i+1:end-1]) {
					return testEventLine{}, false
				}
			case c == 'n':
				end = jsonLiteralEnd(l, i, "null")
				if field == eventOutput {
					e.output, e.hasOutput, e.escaped = "", false, false
				}
			case field != eventOther:
				return testEventLine{}, false // a field of another type: encoding/json's error
			case c == 't':
				end = jsonLiteralEnd(l, i, "true")
			case c == 'f':
				end = jsonLiteralEnd(l, i, "false")
			case c == '-' || c >= '0' && c <= '9':
				end = jsonNumberEnd(l, i)
			default:
				return testEventLine{}, false // a nested value, or no value
			}
			if end < 0 {
				return testEventLine{}, false
			}
			if i = skipSpace(l, end); i < len(l) && l[i] == ',' {
				i = skipSpace(l, i+1)
				continue
			}
			if i < len(l) && l[i] == '}' {
				i++
				break
			}
			return testEventLine{}, false
		}
	}
	if skipSpace(l, i) != len(l) {
		return testEventLine{}, false
	}
	e.ok = e.action != ""
	return e, true
}

// plainKey reports whether a key's bytes are ASCII with no escape: a
// key encoding/json matches to a field as scanTestEvent does.
func plainKey(k string) bool {
	for i := 0; i < len(k); i++ {
		if k[i] == '\\' || k[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// setString sets field to the JSON string whose bytes between the quotes
// are raw, and reports false when encoding/json would change more than
// its escapes (invalid UTF-8, a surrogate escape).
func (e *testEventLine) setString(field int, raw string) bool {
	if !utf8.ValidString(raw) {
		return false
	}
	escaped := strings.IndexByte(raw, '\\') >= 0
	if escaped && surrogateEscape(raw) {
		return false
	}
	if field == eventOutput {
		e.output, e.hasOutput, e.escaped = raw, true, escaped
		return true
	}
	s := raw
	if escaped {
		s = string(unescapeJSON(nil, raw))
	}
	switch field {
	case eventAction:
		e.action = s
	case eventPackage:
		e.pkg = s
	case eventTest:
		e.test = s
	}
	return true
}

// surrogateEscape reports whether raw, a valid JSON string's bytes,
// holds a \u escape of a UTF-16 surrogate.
func surrogateEscape(raw string) bool {
	for i := 0; i+1 < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if raw[i+1] == 'u' && (raw[i+2]|0x20) == 'd' && raw[i+3] >= '8' {
			return true // \uD800 to \uDFFF: the digit after d is 8, 9 or a letter
		}
		i++ // the escaped byte: a backslash too is no escape's start
	}
	return false
}

// unescapeJSON appends to dst the bytes of a valid JSON string, raw,
// with its escapes undone; raw holds no surrogate escape.
func unescapeJSON(dst []byte, raw string) []byte {
	for {
		k := strings.IndexByte(raw, '\\')
		if k < 0 {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:k]...)
		switch c := raw[k+1]; c {
		case 'u':
			var r rune
			for _, h := range []byte(raw[k+2 : k+6]) {
				r = r<<4 | rune(hexValue(h))
			}
			dst = utf8.AppendRune(dst, r)
			raw = raw[k+6:]
			continue
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		default: // '"', '\\', '/'
			dst = append(dst, c)
		}
		raw = raw[k+2:]
	}
}

// hexValue returns the value of a hexadecimal digit.
func hexValue(h byte) byte {
	switch {
	case h <= '9':
		return h - '0'
	case h >= 'a':
		return h - 'a' + 10
	}
	return h - 'A' + 10
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
	type testKey struct{ pkg, test string }
	lines := newLogLines(text)
	evs := make([]testEventLine, 0, strings.Count(text, "\n")+1)
	failedTests := map[testKey]bool{}
	failedPkgs := map[string]bool{}
	passed, failed, skipped := 0, 0, 0
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
		if key := (testKey{e.pkg, e.test}); e.ok && e.test != "" && key != last {
			last, lastFailed = key, failedTests[key]
		}
		switch {
		case !e.ok:
			if lines.class(i) != lineBlank {
				first = append(first, i) // not an event: a build error on stderr
			}
		case e.action == "build-output" || e.action == "build-fail":
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
