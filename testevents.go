package headroom

import (
	"encoding/binary"
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
	importPath        string // a build event's package
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
	ev := testEventLine{action: e.Action, pkg: e.Package, importPath: e.ImportPath, test: e.Test, ok: true}
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
		// Both are ASCII: only a key of a name's length folds to it
		// (most keys are Time and Elapsed, and reach one name or none).
		if len(key) == len(f) && strings.EqualFold(key, f) {
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
	ascii := isASCII(l) // then every string in it is valid UTF-8, and none is read again to say so
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
				if field != eventOther && !e.setString(field, l[i+1:end-1], ascii) {
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
// its escapes (invalid UTF-8, a surrogate escape); ascii says raw is
// ASCII, so valid.
func (e *testEventLine) setString(field int, raw string, ascii bool) bool {
	if !ascii && !utf8.ValidString(raw) {
		return false
	}
	backslash := strings.IndexByte(raw, '\\')
	escaped := backslash >= 0
	if escaped && surrogateEscape(raw[backslash:]) { // no escape starts before the first backslash
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
	case eventImportPath:
		e.importPath = s
	case eventTest:
		e.test = s
	}
	return true
}

// isASCII reports whether s holds no byte from 0x80 up, reading it eight
// bytes at a time: utf8.ValidString reads a short string byte by byte.
func isASCII(s string) bool {
	var high uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		high |= load64(s, i)
	}
	for ; i < len(s); i++ {
		high |= uint64(s[i])
	}
	return high&highBits == 0
}

// surrogateEscape reports whether raw, a valid JSON string's bytes,
// holds a \u escape of a UTF-16 surrogate. It goes from backslash to
// backslash with strings.IndexByte: a test's output line holds one or two,
// its `\n` at the end.
func surrogateEscape(raw string) bool {
	for i := 0; ; i += 2 { // past the backslash and the byte it escapes: a backslash too is no escape's start
		k := strings.IndexByte(raw[i:], '\\')
		if k < 0 || i+k+1 >= len(raw) {
			return false
		}
		i += k
		if raw[i+1] == 'u' && (raw[i+2]|0x20) == 'd' && raw[i+3] >= '8' {
			return true // \uD800 to \uDFFF: the digit after d is 8, 9 or a letter
		}
	}
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

// What planTestEvents reads of an event in its first pass: its kind
// (kind bits) and the action that counts (act bits). Its second pass
// writes over it which lists the event belongs to (role bits).
const (
	kindBuild = 1 // build-output, build-fail
	kindPkg   = 2 // an event of a package: no Test
	kindTest  = 3 // an event of a test
	kindMask  = 3

	actOther  = 0 << 2
	actFail   = 1 << 2
	actPass   = 2 << 2
	actOutput = 3 << 2
	actMask   = 3 << 2

	roleFirst   = 1 << 0 // build output, and the lines that are not events
	roleVerdict = 1 << 1 // a package's verdict, or any event of a failed package
	roleName    = 1 << 2 // a failing top-level test's fail event or --- FAIL line
	roleWhole   = 1 << 3 // an output or fail event of the first failing test
	roleTelling = 1 << 4 // a failing test's line that says what failed
	roleRest    = 1 << 5 // a failing test's other output
)

// testKeys numbers the distinct (package, test) pairs of a test stream in
// the order they are first met, a package's own events under the pair
// (package, ""), keeping no key: a set of hashes whose key is read again
// from the first line that had it when the hashes match (firstSeen), so
// that a stream of a million distinct tests costs a dozen bytes a test.
type testKeys struct {
	seen  *firstSeen
	first []uint32 // by id: where the line that first had the pair starts
	key   []byte   // scratch: the key being looked up
	last  struct { // the pair asked for last
		pkg, test string
		id        int32
	}
}

// newTestKeys returns an empty numbering of text's pairs.
func newTestKeys(text string) *testKeys {
	k := &testKeys{}
	k.last.id = -1
	k.seen = newFirstSeenIn(nil, 16, func(dst []byte, id int) []byte {
		start := int(k.first[id])
		end, _ := txt.LineAt(text, start)
		e := readTestEvent(strings.TrimSpace(text[start:end]))
		pkg, test := e.pair()
		return appendTestKey(dst, pkg, test)
	})
	return k
}

// isBuild reports whether e is one of test2json's build events
// (build-output, build-fail), which name their package by ImportPath.
func (e testEventLine) isBuild() bool {
	return e.action == "build-output" || e.action == "build-fail"
}

// pair returns the (package, test) pair e belongs to: a build event's
// is its ImportPath's own, (ImportPath, ""), as a package whose build
// failed has failed.
func (e testEventLine) pair() (pkg, test string) {
	if e.isBuild() {
		return e.importPath, ""
	}
	return e.pkg, e.test
}

// appendTestKey appends the key of the pair (pkg, test): pkg's length
// first, so that no two pairs share a key.
func appendTestKey(dst []byte, pkg, test string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(pkg)))
	return append(append(dst, pkg...), test...)
}

// id returns the id of the pair (pkg, test) of the event on the line
// starting at start, numbering it the next one when it is new.
// Consecutive events of one test, the most of a stream, are told by
// comparing with the last pair alone.
func (k *testKeys) id(pkg, test string, start int) int32 {
	if k.last.id >= 0 && pkg == k.last.pkg && test == k.last.test {
		return k.last.id
	}
	next := len(k.first)
	k.key = appendTestKey(k.key[:0], pkg, test)
	id := k.seen.first(k.key, next)
	if id == next {
		k.first = append(k.first, uint32(start))
	}
	k.last.pkg, k.last.test, k.last.id = pkg, test, int32(id)
	return int32(id)
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
//
// It holds a bit a line and, per event, a byte of marks and four bytes of
// the id of its package and test (testKeys), not the event: a stream of
// short lines after a few events took 72 bytes a line. The second pass
// reads again only the events it must: a failing test's, a package's.
func planTestEvents(out ToolOutput, limit int) (plan, bool) {
	text := out.Text
	if limit < 200 || len(text) > maxLogText || !isTestEventStream(text) {
		return plan{}, false
	}
	lines := newLogLines(text)
	isEvent := newBitSet(strings.Count(text, "\n") + 1) // by line
	var marks chunked[byte]                             // by event: kind and act, then role
	var ids chunked[int32]                              // by event of a package or a test: its pair's id
	keys := newTestKeys(text)
	var failedIDs []bool // by id: a fail event of the pair was met
	passed, failed, skipped, buildsFailed := 0, 0, 0, 0
	firstID := int32(-1) // the first failing test's id
	pkgFailed := false
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		var e testEventLine
		l := strings.TrimSpace(text[start:end])
		if strings.HasPrefix(l, "{") {
			e = readTestEvent(l)
		}
		if e.ok {
			mark := byte(kindTest)
			switch {
			case e.action == "build-output" || e.action == "build-fail":
				mark = kindBuild
			case e.test == "":
				mark = kindPkg
			}
			switch e.action {
			case "fail":
				mark |= actFail
			case "pass":
				mark |= actPass
			case "output":
				mark |= actOutput
			}
			isEvent.set(lines.len(), true)
			marks.push(mark)
			pkg, test := e.pair()
			id := keys.id(pkg, test, start)
			ids.push(id)
			if int(id) == len(failedIDs) {
				failedIDs = append(failedIDs, false)
			}
			if mark&kindMask == kindBuild {
				if e.action == "build-fail" {
					failedIDs[id] = true
					buildsFailed++
				}
			} else {
				switch {
				case e.action == "fail" && e.test != "":
					if firstID < 0 {
						firstID = id
					}
					failedIDs[id] = true
					failed++
				case e.action == "fail":
					failedIDs[id], pkgFailed = true, true
				case e.action == "pass" && e.test != "":
					passed++
				case e.action == "skip" && e.test != "":
					skipped++
				}
			}
		}
		class := lineOther
		if l == "" {
			class = lineBlank
		}
		lines.add(end, class, 0)
		start = next
	}
	lines.finish()
	// Only the events the plan may keep are read again.
	reread := func(i int) testEventLine { return readTestEvent(strings.TrimSpace(lines.line(i))) }
	output := func(e testEventLine) string { return strings.TrimRight(e.text(), "\r\n") }
	verdicts := 0
	for i, k, j := 0, 0, 0; i < lines.len(); i++ {
		if !isEvent.has(i) {
			continue
		}
		m := marks.at(k)
		k++
		var role byte
		switch *m & kindMask {
		case kindBuild:
			// A failed build's events are its package's verdict: its
			// compile errors and build-fail, kept before the build
			// output of the packages that built (go build -x's commands).
			role = roleFirst
			if failedIDs[ids.get(j)] {
				role = roleVerdict
			}
			j++
		case kindPkg:
			id := ids.get(j)
			j++
			if act := *m & actMask; failedIDs[id] || act == actPass || act == actFail {
				role = roleVerdict
			} else if o := output(reread(i)); strings.HasPrefix(o, "ok  ") || strings.HasPrefix(o, "FAIL") {
				role = roleVerdict
			}
		case kindTest:
			id := ids.get(j)
			j++
			if !failedIDs[id] {
				break
			}
			e := reread(i)
			out := output(e)
			o := strings.TrimLeft(out, " \t")
			c, _ := classifyFull(out, false)
			switch {
			case e.action == "fail", strings.HasPrefix(o, "--- FAIL"), c == lineError, c == lineSummary,
				e.action == "output" && failureSignal(o) != sigNone, strings.HasPrefix(o, "panic:"):
				role |= roleTelling
			case e.action == "output":
				role |= roleRest
			}
			if id == firstID && (e.action == "output" || e.action == "fail") {
				role |= roleWhole
			}
			if !strings.Contains(e.test, "/") && (e.action == "fail" || strings.HasPrefix(o, "--- FAIL")) {
				role |= roleName
			}
		}
		if role&roleVerdict != 0 {
			verdicts++
		}
		*m = role
	}
	anyFailed := failed > 0 || pkgFailed || buildsFailed > 0
	room := limit
	if !anyFailed && (out.ExitCode == nil || *out.ExitCode == 0) {
		room = max(limit/successShare, min(limit, 800))
	}
	sel := newLogSelection(text, lines, nil, nil, nil, room, defaultLogLineCap)
	// pickRole picks the lines of a role in order, but the first skip.
	pickRole := func(role byte, skip int) {
		for i, k := 0, 0; i < lines.len(); i++ {
			r := byte(roleFirst) // a line that is no event, unless blank
			if isEvent.has(i) {
				r = marks.get(k)
				k++
			} else if lines.class(i) == lineBlank {
				r = 0
			}
			if r&role == 0 {
				continue
			}
			if skip > 0 {
				skip--
				continue
			}
			sel.pick(i)
		}
	}
	pickRole(roleVerdict, verdicts-min(verdicts, logSummaryMax))
	// Build output the stream ends on (go build -json -x's commands after
	// a failed build's) is its tail, kept in a clip's share before the
	// head takes the rest, as a clip would show it.
	bound := sel.cost + room/8
	for i, k := lines.len()-1, marks.len()-1; i >= 0; i-- {
		r := byte(roleFirst)
		if isEvent.has(i) {
			r = marks.get(k)
			k--
		} else if lines.class(i) == lineBlank {
			continue
		}
		if !sel.kept(i) && (r&roleFirst == 0 || !sel.pickWithin(i, bound)) {
			break
		}
	}
	pickRole(roleFirst, 0)
	// At a small limit: the failing tests' names (a top-level test's
	// `--- FAIL` line and fail event: what the agent re-runs), the first
	// failure whole, then every failure's telling lines in order.
	pickRole(roleName, 0)
	pickRole(roleWhole, 0)
	pickRole(roleTelling, 0)
	pickRole(roleVerdict, 0)
	pickRole(roleRest, 0)
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

// failedBuilds says how many builds a test stream's build-fail events
// report, "" when none: most streams build every package.
func failedBuilds(n int) string {
	if n == 0 {
		return ""
	}
	return "every failed build's events (" + txt.Commas(n) + " failed), "
}
