package headroom

import (
	"strconv"
	"strings"
)

// JSON signals: as the log planner keeps a failure's lines wherever they
// sit, a JSON document or stream keeps the members that say something
// failed — ESLint's "severity": 2 among warnings, npm ls's "missing":
// true six levels deep, pino's "level": 50 — and those of a rare kind
// among many alike: a "msg" that a few of three hundred events carry.
// Each is kept as the smallest object that holds it (the ESLint message,
// the npm dependency), verbatim, after a note with its line and jq path,
// before anything a planner picks by position.

// jsonFailure is one row of the failure table: a member whose key is key
// (compared without case) signals a failure when its value passes test.
type jsonFailure struct {
	key  string
	test jsonValueTest
}

// A jsonValueTest says whether a member's value, text[start:end],
// signals a failure.
type jsonValueTest func(v string) bool

// jsonFailures is the failure table. Severities and levels are the
// linters' and loggers' own scales: ESLint's 2, pino's and bunyan's 50
// and up, rustc's and SARIF's "error", npm audit's "high".
var jsonFailures = []jsonFailure{
	{"severity", anyOf(numberAtLeast(2), wordIn(jsonFailureWords))},
	{"level", anyOf(numberAtLeast(50), wordIn(jsonFailureWords))},
	{"status", anyOf(httpFailure, wordIn(jsonFailureWords))},
	{"statusCode", httpFailure},
	{"status_code", httpFailure},
	{"conclusion", wordIn(jsonFailureWords)},
	{"outcome", wordIn(jsonFailureWords)},
	{"result", wordIn(jsonFailureWords)},
	{"state", wordIn(jsonFailureWords)},
	{"missing", isTrue},
	{"invalid", anyOf(isTrue, nonEmptyString)},
	{"ok", isFalse},
	{"success", isFalse},
	{"passed", isFalse},
	{"fatal", isTrue},
	{"error", nonEmpty},
	{"err", nonEmpty},
	{"errors", nonEmpty},
	{"exception", anyOf(nonEmptyString, isContainer)},
	{"failures", nonEmpty},
	{"problems", nonEmpty},
}

// failureDetailKeys are the members by which an object reports a failure
// rather than declares one: an "error" object that says what went wrong
// ({"message": …}, {"code": …}, a stack) is a failure; one that names a
// type or a status to use ({"shape": …}, {"httpStatusCode": 403}, as API
// models and schemas write them) is not.
var failureDetailKeys = []string{`"message"`, `"msg"`, `"stack"`, `"code"`, `"reason"`, `"detail"`, `"details"`, `"summary"`, `"errno"`, `"cause"`}

// failureDetailPeek is how far into an object its detail keys are sought.
const failureDetailPeek = 512

// containerReportsFailure reports whether the object or array opening at
// text[i] reports a failure: an array whose first element is a string, or
// an object (or an array's first object) among whose first bytes, before
// any closing brace, is one of failureDetailKeys.
func containerReportsFailure(text string, i int) bool {
	if text[i] == '[' {
		j := skipSpace(text, i+1)
		if j >= len(text) {
			return false
		}
		switch text[j] {
		case '"':
			return true
		case '{':
			i = j
		default:
			return false
		}
	}
	head := text[i:min(len(text), i+failureDetailPeek)]
	if j := strings.IndexByte(head, '}'); j >= 0 {
		head = head[:j] // not past the object's end (or its first inner one's)
	}
	for _, k := range failureDetailKeys {
		if strings.Contains(head, k) {
			return true
		}
	}
	return false
}

// jsonFailureWords are the values of a severity, level or status that say
// something failed.
var jsonFailureWords = []string{"error", "errored", "fatal", "critical", "high", "fail", "failed", "failure", "rejected", "panic", "emergency", "alert"}

// jsonRareKeys are the members whose value names a kind of event or
// finding: a value of one of them that few members carry, among many
// that carry a common one, marks a rare member.
var jsonRareKeys = []string{"msg", "message", "type", "event", "kind", "ruleId", "rule", "check", "action", "reason", "category"}

func anyOf(tests ...jsonValueTest) jsonValueTest {
	return func(v string) bool {
		for _, t := range tests {
			if t(v) {
				return true
			}
		}
		return false
	}
}

func numberAtLeast(min float64) jsonValueTest {
	return func(v string) bool {
		f, err := strconv.ParseFloat(v, 64)
		return err == nil && f >= min
	}
}

func wordIn(words []string) jsonValueTest {
	return func(v string) bool {
		if len(v) < 2 || v[0] != '"' || len(v) > 24 {
			return false
		}
		w := v[1 : len(v)-1]
		for _, x := range words {
			if strings.EqualFold(w, x) {
				return true
			}
		}
		return false
	}
}

func httpFailure(v string) bool {
	n, err := strconv.Atoi(v)
	return err == nil && n >= 400 && n <= 599
}

func isTrue(v string) bool  { return v == "true" }
func isFalse(v string) bool { return v == "false" }

func nonEmptyString(v string) bool { return len(v) > 2 && v[0] == '"' }

// isContainer holds for an object or an array that is not empty (whether
// it reports a failure is containerReportsFailure's to say).
func isContainer(v string) bool { return v == "{" || v == "[" }

// nonEmpty holds for a value that is not null, false, zero or empty; an
// object or array is passed by its first two non-space bytes.
func nonEmpty(v string) bool {
	switch v {
	case "null", "false", "0", `""`, "{}", "[]", "":
		return false
	}
	return true
}

// failureTest returns the test of the failure table's row for key (the
// key's text without quotes), or nil.
func failureTest(key string) jsonValueTest {
	var b [16]byte
	return jsonFailureIndex[string(asciiLower(b[:0], key))]
}

// rareKey reports whether key is one of jsonRareKeys.
func rareKey(key string) bool {
	var b [16]byte
	return jsonRareIndex[string(asciiLower(b[:0], key))]
}

// asciiLower appends key in ASCII lower case to b, or nothing when key
// is longer than every key of the tables: a key is looked up at every
// member, without allocating.
func asciiLower(b []byte, key string) []byte {
	if len(key) > cap(b) {
		return b
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// jsonFailureIndex and jsonRareIndex are the tables by key in lower case.
var jsonFailureIndex, jsonRareIndex = func() (map[string]jsonValueTest, map[string]bool) {
	f, r := map[string]jsonValueTest{}, map[string]bool{}
	for _, x := range jsonFailures {
		f[strings.ToLower(x.key)] = x.test
	}
	for _, k := range jsonRareKeys {
		r[strings.ToLower(k)] = true
	}
	return f, r
}()

// A jsonSignal is an object kept for a member it holds: text[start:end]
// the object (from its key, when it is a member), or the member alone
// when the object is the document; why is the member's key and value.
type jsonSignal struct {
	start, end int
	// mstart, mend: the signalling member alone, for an object too large
	// to keep (the document itself); mend is 0 for none.
	mstart, mend int
	// wstart, wend: the member whose value says failure (`"level":
	// "error"`), where a record's failure is a field's (see cutSignal);
	// wend is 0 when it is mstart, mend.
	wstart, wend int
	line, mline  int    // the lines they start on, from 1
	path         string // the object's jq path in its document, at most jsonPathMax bytes
	ident        string // the nearest enclosing object's naming member, when the path does not name it
	why          string
	failure      bool // a failure, not a rare member
	rareKind     bool // a failure that carries a rare value too: not one of many alike
	kindCount    int  // then how many members carry that value
	group        int  // a rare member's value, numbered as first met
	rank         int  // how many members of its group came before it
	// answer marks a rare member that is what its document is read for
	// (a trace's slowest span, its begin and end): kept first, in the
	// failures' room, though counted as rare.
	answer bool
}

// jsonPathMax bounds a signal's path: a deeper one keeps its ends.
const jsonPathMax = 120

// jsonSignalsMax bounds the signals one document gives: a report of a
// million errors is sampled from the first ones.
const jsonSignalsMax = 4096

// A sigFrame is an open object or array while the document is walked.
type sigFrame struct {
	lead       int // where a span of it starts: its key when a member, else its opening
	obj        bool
	wantKey    bool   // an object's next string is a key
	key        string // the current member's key, without quotes
	index      int    // an array's current element
	ident      string // an object's naming member seen so far, verbatim
	identTries int    // the string members tested for one
	why        string // the first member that signals, verbatim
	failure    bool
	rare       int    // 1 + the group of a rare member it holds
	member     [2]int // the signalling member, when the object is too large to keep
	word       [2]int // the member whose value says failure, when member is a field that holds it
	segStart   int    // the path's length before this frame's segment
	line       int    // the line of its lead
	mline      int    // the line of its member's key
}

// jsonSignals returns the signals of text, a JSON document or a stream
// of them (JSON lines, concatenated documents), in the order they close:
// failures, and when some value of a jsonRareKeys member is carried by
// few of the many members with that key, the objects that carry it. It
// never fails: bytes that are not JSON are stepped over.
func jsonSignals(text string) []jsonSignal {
	counts := map[string]map[string]int{}
	sigs := walkJSONSignals(text, func(key, val string) int {
		m := counts[key]
		if m == nil {
			m = map[string]int{}
			counts[key] = m
		}
		if len(m) < 256 || m[val] > 0 {
			m[val]++
		}
		return 0
	})
	rare := map[string]int{} // key + "\x00" + value -> 1 + group
	for key, m := range counts {
		total := 0
		for _, c := range m {
			total += c
		}
		if total < 8 || len(m) > total/4 || len(m) >= 256 {
			continue // too few to judge, or a member that names each one
		}
		for v, c := range m {
			if c <= max(1, total/20) {
				rare[key+"\x00"+v] = 0
			}
		}
	}
	if len(rare) == 0 {
		return append(append(sigs, traceSignals(text)...), peakSignals(text)...)
	}
	groups := 0
	ranks := map[int]int{}
	kindCount := map[int]int{} // per group, how many carry its value
	all := walkJSONSignals(text, func(key, val string) int {
		g, ok := rare[key+"\x00"+val]
		if !ok {
			return 0
		}
		if g == 0 {
			groups++
			g = groups
			rare[key+"\x00"+val] = g
			kindCount[g] = counts[key][val]
		}
		return g
	})
	for i := range all {
		if s := &all[i]; !s.failure {
			s.rank = ranks[s.group]
			ranks[s.group]++
		} else if s.rareKind {
			s.kindCount = kindCount[s.group]
		}
	}
	return append(append(all, traceSignals(text)...), peakSignals(text)...)
}

// walkJSONSignals walks text once and returns its signals: the failures,
// and the objects for which rare, given each jsonRareKeys member's key
// and string value, returns a group number above 0.
func walkJSONSignals(text string, rare func(key, val string) int) []jsonSignal {
	var sigs []jsonSignal
	var stack []sigFrame
	var path []byte
	keyStart, keyLine := -1, 1 // the current member's key and its line
	line := 1
	// record reports whether the object at depth n (from 1) is one of
	// many alike: a document of a stream, an array's element at any
	// depth (an import among a module's imports, where a kind of its own
	// marks the rare one).
	record := func(n int) bool { return n == 1 || !stack[n-2].obj }
	member := func(f *sigFrame, start, end int) {
		v := text[start:end]
		if t := failureTest(f.key); t != nil {
			probe := v
			if j := skipSpace(text, start+1); (v == "{" || v == "[") && j < len(text) && (text[j] == '}' || text[j] == ']') {
				probe = v + text[j:j+1] // empty
			}
			if !f.failure && t(probe) && (probe != "{" && probe != "[" || containerReportsFailure(text, start)) {
				f.failure, f.member, f.mline = true, [2]int{keyStart, end}, keyLine
				if end-start == 1 { // a container: its end is known when it closes
					f.member[1] = -1
				}
				f.why = `"` + f.key + `": ` + clipWhy(probe)
			}
		}
		if f.rare == 0 && len(v) > 1 && v[0] == '"' && len(v) <= 80 && rareKey(f.key) && record(len(stack)) {
			if g := rare(f.key, v); g > 0 {
				f.rare = g + 1 // a failure's too: the one rule among alike errors
				if !f.failure {
					f.why = `"` + f.key + `": ` + v
				}
			}
		}
	}
	push := func(i int, obj bool) {
		f := sigFrame{lead: i, obj: obj, wantKey: obj, segStart: len(path), line: line}
		if n := len(stack); n > 0 {
			path = appendPathSegment(path, &stack[n-1])
		}
		stack = append(stack, f)
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch c {
		case '\n':
			line++
			i++
			continue
		case ' ', '\t', '\r', ':':
			i++
			continue
		}
		switch c {
		case '{', '[':
			if n := len(stack); n > 0 && stack[n-1].obj {
				member(&stack[n-1], i, i+1)
			}
			push(i, c == '{')
			if n := len(stack); n > 1 && stack[n-2].obj && keyStart >= 0 {
				stack[n-1].lead, stack[n-1].line = keyStart, keyLine
			}
			keyStart = -1
			i++
		case '}', ']':
			i++
			n := len(stack)
			if n == 0 {
				continue
			}
			f := stack[n-1]
			stack = stack[:n-1]
			if f.failure && n >= 2 && stack[n-2].obj && !stack[n-2].failure && (n == 2 || !stack[n-3].obj) {
				// A failure in a field of a record (an event's "res", a
				// message's "code") is the record's: kept whole when it
				// fits, else this field.
				p := &stack[n-2]
				p.failure, p.why, p.member, p.mline = true, f.why, [2]int{f.lead, i}, f.line
				if f.member[1] > f.member[0] {
					p.word = f.member
				}
				path = path[:f.segStart]
				continue
			}
			if (f.failure || f.rare > 0) && len(sigs) < jsonSignalsMax {
				s := jsonSignal{start: f.lead, end: i, line: f.line, why: f.why, failure: f.failure, path: string(path[:min(len(path), jsonPathMax)])}
				if f.rare > 0 {
					s.group = f.rare - 1
				}
				s.rareKind = f.failure && f.rare > 0
				if f.failure && f.member[0] >= 0 && f.member[1] > f.member[0] {
					s.mstart, s.mend, s.mline = f.member[0], f.member[1], f.mline
				}
				if f.failure && f.word[1] > f.word[0] {
					s.wstart, s.wend = f.word[0], f.word[1]
				}
				for k := n - 2; k >= 0; k-- {
					if stack[k].ident != "" {
						s.ident = stack[k].ident
						break
					}
				}
				sigs = append(sigs, s)
			}
			path = path[:f.segStart]
			if n >= 2 && stack[n-2].member[0] == f.lead && stack[n-2].member[1] < 0 {
				stack[n-2].member[1] = i
			}
		case ',':
			if n := len(stack); n > 0 {
				if stack[n-1].obj {
					stack[n-1].wantKey = true
				} else {
					stack[n-1].index++
				}
			}
			i++
		case '"':
			end := jsonStringEnd(text, i)
			if end < 0 {
				end = stringEnd(text, i)
			}
			if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].wantKey {
				f := &stack[n-1]
				f.key, f.wantKey = text[i+1:end-1], false
				keyStart, keyLine = i, line
			} else if n > 0 && stack[n-1].obj {
				f := &stack[n-1]
				member(f, i, end)
				if f.ident == "" && f.identTries < 4 && end-keyStart <= 160 && keyStart >= 0 {
					f.identTries++ // a naming member comes first, or among the first
					if identityKey(text, keyStart) {
						f.ident = text[keyStart:end]
					}
				}
			}
			i = end
		default:
			end := i + 1
			for end < len(text) && !jsonDelimiter[text[end]] {
				end++
			}
			if n := len(stack); n > 0 && stack[n-1].obj && !stack[n-1].wantKey {
				member(&stack[n-1], i, end)
			}
			i = end
		}
	}
	return sigs
}

// jsonDelimiter holds the bytes that end a number or a literal.
var jsonDelimiter = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n,:{}[]\"") {
		t[c] = true
	}
	return t
}()

// clipWhy shortens a value for a note.
func clipWhy(v string) string {
	if len(v) > 40 {
		return v[:37] + "…"
	}
	return v
}

// appendPathSegment appends to path the jq segment of p's current child:
// .key, ["odd key"] or [index].
func appendPathSegment(path []byte, p *sigFrame) []byte {
	if !p.obj {
		return append(strconv.AppendInt(append(path, '['), int64(p.index), 10), ']')
	}
	plain := p.key != ""
	for _, r := range p.key {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			plain = false
			break
		}
	}
	if plain && !('0' <= p.key[0] && p.key[0] <= '9') {
		return append(append(path, '.'), p.key...)
	}
	return append(append(append(path, `["`...), p.key...), `"]`...)
}
