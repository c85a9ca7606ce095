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
	{"kind", wordIn(jsonFailureWords)}, // gcc's -fdiagnostics-format=json: "kind": "error" among warnings
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
	{"message", thrownError},
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
var jsonFailureWords = []string{"error", "errored", "fatal", "fatal error", "critical", "high", "fail", "failed", "failure", "rejected", "panic", "emergency", "alert"}

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
		if v == "" || v[0] == '"' {
			return false // no number: not parsed only to make an error
		}
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

// thrownError holds for a message that opens with the name of a thrown
// error and a colon, as runtimes write an uncaught one: "SyntaxError:
// Unexpected token", "java.lang.IllegalStateException: closed",
// "ValueError: bad value" (a node report's javascriptStack, an error
// logged with its stack); prose that mentions an error does not.
func thrownError(v string) bool {
	if len(v) < 2 || v[0] != '"' {
		return false
	}
	name, _, ok := strings.Cut(v[1:min(len(v), 120)], ": ")
	if !ok || strings.IndexFunc(name, func(r rune) bool {
		return !(r == '.' || r == '_' || r == '$' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) >= 0 {
		return false
	}
	return strings.HasSuffix(name, "Error") || strings.HasSuffix(name, "Exception")
}

func httpFailure(v string) bool {
	if v == "" || v[0] == '"' {
		return false
	}
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
	// spare marks a signal kept only in the room a plan leaves, after
	// the others, never planned for: a peak key's next largest values
	// (peakSignals), rank their order.
	spare bool
}

// jsonPathMax bounds a signal's path: a deeper one keeps its ends.
const jsonPathMax = 120

// flatRetry is how often walkJSONFrom tries a document as flat after
// one that was not: one in flatRetry.
const flatRetry = 64

// jsonSignalsMax bounds the signals one document gives: a report of a
// million errors is sampled from the first ones.
const jsonSignalsMax = 4096

// A sigFrame is an open object or array while the document is walked.
type sigFrame struct {
	lead       int // where a span of it starts: its key when a member, else its opening
	obj        bool
	wantKey    bool     // an object's next string is a key
	key        string   // the current member's key, without quotes
	kc         keyClass // what key is
	index      int      // an array's current element
	keys       int      // an object's keys so far
	ident      string   // an object's naming member seen so far, verbatim
	identTries int      // the string members tested for one
	why        string   // the first member that signals, verbatim
	failure    bool
	rare       int    // 1 + the group of a rare member it holds
	member     [2]int // the signalling member, when the object is too large to keep
	word       [2]int // the member whose value says failure, when member is a field that holds it
	segStart   int    // the path's length before this frame's segment
	line       int    // the line of its lead
	mline      int    // the line of its member's key
	// msgFrom is where templatePeaks keeps the object from: the key whose
	// colon its brace follows, else its brace (lead, but for broken JSON).
	msgFrom int
}

// jsonSignals returns the signals of text, a JSON document or a stream
// of them (JSON lines, concatenated documents), in the order they close:
// failures, and when some value of a jsonRareKeys member is carried by
// few of the many members with that key, the objects that carry it. It
// never fails: bytes that are not JSON are stepped over.
func jsonSignals(text string) []jsonSignal {
	// The first walk counts the values of the rare keys' members, each
	// value numbered (ids) as first met, and notes the documents that
	// hold each member (docs, cands); only the documents that turn out to
	// hold a rare value are walked again.
	ids := map[string]map[string]int32{}
	var count []int
	var docs []jsonDoc
	var cands []jsonCand
	var last struct { // the key counted last, its values and the last one's id: most members repeat them
		key    string
		values map[string]int32
		val    string // "" for none: a value has its quotes
		id     int32
	}
	sigs, peaky, tplSigs := walkJSONSignals(text, func(key, val string, doc jsonDoc) int {
		m := last.values
		if m == nil || key != last.key {
			if m = ids[key]; m == nil {
				m = map[string]int32{}
				ids[key] = m
			}
			last.key, last.values, last.val = key, m, ""
		}
		id := last.id
		if val != last.val {
			var ok bool
			if id, ok = m[val]; !ok {
				if len(m) >= 256 {
					return 0 // a member that names each one: never rare
				}
				id = int32(len(count))
				m[val] = id
				count = append(count, 0)
			}
			last.val, last.id = val, id
		}
		count[id]++
		if len(docs) == 0 || docs[len(docs)-1] != doc {
			docs = append(docs, doc)
		}
		cands = append(cands, jsonCand{doc: int32(len(docs) - 1), id: id})
		return 0
	})
	rare := map[string]map[string]int{} // key -> value -> 1 + group
	isRare := make([]bool, len(count))
	for key, m := range ids {
		total := 0
		for _, id := range m {
			total += count[id]
		}
		if total < 8 || len(m) > total/4 || len(m) >= 256 {
			continue // too few to judge, or a member that names each one
		}
		for v, id := range m {
			if count[id] <= max(1, total/20) {
				if rare[key] == nil {
					rare[key] = map[string]int{}
				}
				rare[key][v] = 0
				isRare[id] = true
			}
		}
	}
	peaks := func() []jsonSignal {
		if !peaky {
			return nil
		}
		return peakSignals(text)
	}
	if len(rare) == 0 {
		return append(append(append(sigs, traceSignals(text)...), peaks()...), tplSigs...)
	}
	groups := 0
	ranks := map[int]int{}
	kindCount := map[int]int{} // per group, how many carry its value
	group := func(key, val string, _ jsonDoc) int {
		m := rare[key]
		g, ok := m[val]
		if !ok {
			return 0
		}
		if g == 0 {
			groups++
			g = groups
			m[val] = g
			kindCount[g] = count[ids[key][val]]
		}
		return g
	}
	// The documents that hold a rare value, walked again in order, their
	// signals in place of the first walk's: all the walk of the whole
	// text would give, in the order they close.
	var again []jsonDoc
	for _, c := range cands {
		if d := docs[c.doc]; isRare[c.id] && (len(again) == 0 || again[len(again)-1] != d) {
			again = append(again, d)
		}
	}
	all := make([]jsonSignal, 0, len(sigs))
	k := 0
	var doc []jsonSignal // the signals of again[k], once walked
	docEnd := -1
	classes := new(keyClasses) // the documents' keys, classed once for all
	walkDoc := func() {
		doc, docEnd = walkJSONDoc(text, again[k], group, classes)
	}
	for _, s := range sigs {
		for k < len(again) {
			if docEnd < 0 {
				walkDoc()
			}
			if docEnd > s.start {
				break
			}
			all = append(all, doc...)
			k, docEnd = k+1, -1
		}
		if k < len(again) && again[k].at <= s.start {
			continue // the document walked again gives it
		}
		all = append(all, s)
	}
	for ; k < len(again); k, docEnd = k+1, -1 {
		if docEnd < 0 {
			walkDoc()
		}
		all = append(all, doc...)
	}
	all = all[:min(len(all), jsonSignalsMax)]
	for i := range all {
		if s := &all[i]; !s.failure {
			s.rank = ranks[s.group]
			ranks[s.group]++
		} else if s.rareKind {
			s.kindCount = kindCount[s.group]
		}
	}
	return append(append(append(all, traceSignals(text)...), peaks()...), tplSigs...)
}

// walkJSONSignals walks text once and returns its signals: the failures,
// and the objects for which rare, given each jsonRareKeys member's key
// and string value, returns a group number above 0. It reports too
// whether a string of text names a peak member (isPeakKey): whether
// peakSignals may find any.
func walkJSONSignals(text string, rare func(key, val string, doc jsonDoc) int) ([]jsonSignal, bool, []jsonSignal) {
	tpl := new(templatePeaks)
	sigs, peaky, _ := walkJSONFrom(text, jsonDoc{0, 1}, false, true, rare, new(keyClasses), tpl)
	return sigs, peaky, tpl.signals(text)
}

// A jsonDoc is where a document of a text starts (a bracket the walk
// meets outside any other) and its line.
type jsonDoc struct{ at, line int }

// A jsonCand is a member of a rare key met by the walk: its document's
// index and its value's id.
type jsonCand struct{ doc, id int32 }

// walkJSONDoc walks the document at doc alone, as walkJSONSignals walks
// it (nothing before a document carries into it), and returns its
// signals and where it ends. classes holds the keys classed so far.
func walkJSONDoc(text string, doc jsonDoc, rare func(key, val string, doc jsonDoc) int, classes *keyClasses) ([]jsonSignal, int) {
	sigs, _, end := walkJSONFrom(text, doc, true, true, rare, classes, nil)
	return sigs, end
}

// walkJSONFrom is walkJSONSignals from doc on: to the end of text, or
// when one is set, to the end of that document, which it returns.
// rare is told the document each member is in; classes holds the keys
// classed so far. With flat set, a document that is flat (flatMembers)
// is read member by member, to the same end as byte by byte. Whether a
// key names a peak (isPeakKey) is read only when tpl is set: a document
// walked again (walkJSONDoc) wants neither, and reports false.
func walkJSONFrom(text string, from jsonDoc, one, flat bool, rare func(key, val string, doc jsonDoc) int, classes *keyClasses, tpl *templatePeaks) ([]jsonSignal, bool, int) {
	var sigs []jsonSignal
	var stack []sigFrame
	// A flat document's members, the buffer reused for the next, and the
	// keys of those read so far by place: on the stack while an event has
	// no more members than they hold, as walkJSONDoc's one event does.
	var memberBuf [16]flatMember
	var shapeBuf [16]flatKey
	members, shape := memberBuf[:0], shapeBuf[:0]
	tried, flats, skipped := 0, 0, 0 // documents tried as flat, found flat, and not tried since the last try
	var path []byte
	peaky := false
	keyStart, keyLine := -1, 1 // the current member's key and its line
	keyIdent := false          // the key at keyStart names its object
	// The key whose value comes next as templatePeaks reads members: a
	// string a colon follows in an object, forgotten at the next token
	// but for that colon; msgKeyEnd is where it ends.
	msgKey, msgKeyEnd := -1, 0
	// afterMsgKey reports whether text[i] follows msgKey's colon.
	afterMsgKey := func(i int) bool {
		return msgKey >= 0 && skipSpace(text, skipSpace(text, msgKeyEnd)+1) == i
	}
	var judged judgedValues
	line := from.line
	var doc jsonDoc // the document the walk is in
	// record reports whether the object at depth n (from 1) is one of
	// many alike: a document of a stream, an array's element at any
	// depth (an import among a module's imports, where a kind of its own
	// marks the rare one).
	record := func(n int) bool { return n == 1 || !stack[n-2].obj }
	// member reads the value text[start:end] of f's current member, one
	// whose key has a failure test or is rare: it does nothing for others.
	member := func(f *sigFrame, start, end int) {
		v := text[start:end]
		if t := f.kc.failure; t != nil {
			probe := v
			if j := skipSpace(text, start+1); (v == "{" || v == "[") && j < len(text) && (text[j] == '}' || text[j] == ']') {
				probe = v + text[j:j+1] // empty
			}
			if !f.failure && judged.test(t, f.key, probe) && (probe != "{" && probe != "[" || containerReportsFailure(text, start)) {
				f.failure, f.member, f.mline = true, [2]int{keyStart, end}, keyLine
				if v == "{" || v == "[" { // a container: its end is known when it closes
					f.member[1] = -1
				}
				f.why = `"` + f.key + `": ` + clipWhy(probe)
			}
		}
		if f.rare == 0 && len(v) > 1 && v[0] == '"' && len(v) <= 80 && f.kc.rare && record(len(stack)) {
			if g := rare(f.key, v, doc); g > 0 {
				f.rare = g + 1 // a failure's too: the one rule among alike errors
				if !f.failure {
					f.why = `"` + f.key + `": ` + v
				}
			}
		}
	}
	// codeValue reads the string text[start:end], a value of f's current
	// member that opens with a capital: an errno-style code, in no
	// failure yet, that says a failure where it stands (codeFails), is a
	// failure (jsonerrcode.go).
	codeValue := func(f *sigFrame, start, end int) {
		v := text[start:end]
		if !f.failure && v[1] == 'E' && keyStart >= 0 && errnoCodeValue(v) && !inFailure(stack) &&
			codeFails(text, f.key, max(doc.at, start-keyWindow), start, end, min(len(text), end+keyWindow)) {
			f.failure, f.member, f.mline = true, [2]int{keyStart, end}, keyLine
			f.why = `"` + f.key + `": ` + clipWhy(v)
		}
	}
	push := func(i int, obj bool) {
		f := sigFrame{lead: i, obj: obj, wantKey: obj, segStart: len(path), line: line, msgFrom: i}
		if afterMsgKey(i) {
			f.msgFrom = msgKey
		}
		msgKey = -1
		if n := len(stack); n > 0 {
			path = appendPathSegment(path, &stack[n-1])
		}
		stack = append(stack, f)
	}
	for i := from.at; i < len(text); {
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
				if f := &stack[n-1]; f.kc.failure != nil || f.kc.rare {
					member(f, i, i+1)
				}
			} else if n == 0 {
				doc = jsonDoc{i, line}
			}
			push(i, c == '{')
			if n := len(stack); n > 1 && stack[n-2].obj && keyStart >= 0 {
				stack[n-1].lead, stack[n-1].line = keyStart, keyLine
			}
			keyStart = -1
			i++
			if c != '{' || len(stack) != 1 || !flat {
				continue
			}
			// Once fewer than half the documents tried were flat, one in
			// flatRetry is tried, the others read byte by byte: in a stream
			// of nested events (a compiler's diagnostics) each would be read
			// twice up to its first nested value.
			if 2*flats < tried && skipped < flatRetry-1 {
				skipped++
				continue
			}
			skipped, tried = 0, tried+1
			var end int
			var ok bool
			if members, end, ok = flatMembers(text, i-1, members); !ok {
				continue
			}
			flats++
			// The document's members, as the cases below would read them,
			// its closing brace left to the case that closes it. Its naming
			// member is not sought: only an object inside it would be named.
			f := &stack[0]
			for k, m := range members {
				if k == len(shape) {
					shape = append(shape, flatKey{})
				}
				key := &shape[k]
				if f.key = text[m.key+1 : max(m.key+1, m.kend-1)]; key.key != f.key {
					*key = flatKey{f.key, classes.at(1, k, f.key)}
				}
				f.kc, f.wantKey = key.class, false
				f.keys++
				keyStart, keyLine, keyIdent = m.key, line, f.kc.ident
				if f.kc.failure != nil || f.kc.rare {
					member(f, m.val, m.vend)
				}
				if m.vend-m.val > 2 && text[m.val] == '"' && text[m.val+1] == 'E' {
					codeValue(f, m.val, m.vend)
				}
				if tpl != nil && text[m.val] == '"' { // its key's colon just before it
					tpl.meet(text, m.key, m.kend, m.val, m.vend, f.msgFrom)
				}
			}
			i = end
		case '}', ']':
			i++
			msgKey = -1
			n := len(stack)
			if n == 0 {
				continue
			}
			f := &stack[n-1] // read only: no push before the next byte
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
			if one && n == 1 {
				return sigs, peaky, i
			}
		case ',':
			msgKey = -1
			if n := len(stack); n > 0 {
				if stack[n-1].obj {
					stack[n-1].wantKey = true
				} else {
					stack[n-1].index++
				}
			}
			i++
		case '"':
			// Where stringEnd ends it, valid or not: at a quote no odd
			// run of backslashes escapes.
			end := jsonSkipString(text, i)
			if n := len(stack); tpl != nil {
				inObj := n > 0 && stack[n-1].obj
				if j := skipSpace(text, end); inObj && j < len(text) && text[j] == ':' {
					msgKey, msgKeyEnd = i, end
				} else {
					if inObj && afterMsgKey(i) {
						tpl.meet(text, msgKey, msgKeyEnd, i, end, stack[n-1].msgFrom)
					}
					msgKey = -1
				}
			}
			if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].wantKey {
				// Only a key inside a document's outermost object can name
				// a peak (peakSignals leaves a stream's records to a
				// filter), and only a key: a value "_count" says nothing.
				peaky = peaky || tpl != nil && n >= 2 && peakKeyLength(end-i) && isPeakKey(text[i:end])
				f := &stack[n-1]
				f.key, f.wantKey = text[i+1:max(i+1, end-1)], false // a text may end in the key's opening quote
				f.kc = classes.at(n, f.keys, f.key)
				f.keys++
				keyStart, keyLine, keyIdent = i, line, f.kc.ident
				if end < len(text) && text[end] == ':' {
					end++ // the colon, which the loop would step over alone
				}
			} else if n > 0 && stack[n-1].obj {
				f := &stack[n-1]
				if f.kc.failure != nil || f.kc.rare {
					member(f, i, end)
				}
				if end-i > 2 && text[i+1] == 'E' {
					codeValue(f, i, end)
				}
				if f.ident == "" && f.identTries < 4 && end-keyStart <= 160 && keyStart >= 0 {
					f.identTries++ // a naming member comes first, or among the first
					if keyIdent {
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
			if n := len(stack); n > 0 && stack[n-1].obj && !stack[n-1].wantKey && (stack[n-1].kc.failure != nil || stack[n-1].kc.rare) {
				member(&stack[n-1], i, end)
			}
			i = end
		}
	}
	return sigs, peaky, len(text)
}

// A keyClass is what walkJSONSignals asks of a member's key: its row of
// the failure table (failureTest), whether it is one of jsonRareKeys,
// whether it names its object (identityName).
type keyClass struct {
	failure     jsonValueTest
	rare, ident bool
}

// keyClasses holds the keyClass of the keys met last: a stream repeats
// a few keys on every line, and each is looked up in the tables,
// lower-cased and hashed, once, not at every member. A key's hash names
// its set of four; a key not there takes its first place, the last one
// leaving. The zero value holds "", whose class is the zero one.
type keyClasses struct {
	sets [32][4]keyClassOf
	// byPlace holds the key met last at each of the first places of the
	// objects at the first depths: a stream's next event has the same
	// keys in the same order, each found by one comparison.
	byPlace [keyPlaceDepths][keyPlaces]keyClassOf
}

// A keyClassOf is a key and its class.
type keyClassOf struct {
	key   string
	class keyClass
}

// keyPlaceDepths and keyPlaces bound keyClasses.byPlace.
const keyPlaceDepths, keyPlaces = 8, 32

// at returns the keyClass of key, the k-th key (from 0) of an object at
// depth (from 1).
func (c *keyClasses) at(depth, k int, key string) keyClass {
	if depth > keyPlaceDepths || k >= keyPlaces {
		return c.of(key)
	}
	p := &c.byPlace[depth-1][k]
	if p.key != key {
		p.key, p.class = key, c.of(key)
	}
	return p.class
}

// of returns key's keyClass.
func (c *keyClasses) of(key string) keyClass {
	h := uint32(len(key)) // its length, first, middle and last bytes, mixed
	if len(key) > 0 {
		h |= uint32(key[0])<<8 | uint32(key[len(key)/2])<<16 | uint32(key[len(key)-1])<<24
	}
	set := &c.sets[(h*0x9e3779b1)>>27]
	for w := range set {
		if set[w].key == key {
			return set[w].class
		}
	}
	copy(set[1:], set[:3])
	set[0].key = key
	set[0].class = keyClass{failure: failureTest(key), rare: rareKey(key), ident: key != "" && identityName(key)}
	return set[0].class
}

// judgedValues holds the failure tests' answers for the string values
// met last, by key: a log's level repeats one of a few values ("INFO",
// "DEBUG") on every line, each tested against the failure words once,
// not at every member. A pair not there takes the first place, the last
// one leaving; the zero value holds no pair, a string having its quotes.
type judgedValues [8]struct {
	key, val string
	fails    bool
}

// test returns t(val), t being key's failure test; only a string's
// answer is kept.
func (j *judgedValues) test(t jsonValueTest, key, val string) bool {
	if val == "" || val[0] != '"' {
		return t(val)
	}
	for i := range j {
		if j[i].val == val && j[i].key == key {
			return j[i].fails
		}
	}
	copy(j[1:], j[:len(j)-1])
	j[0].key, j[0].val, j[0].fails = key, val, t(val)
	return j[0].fails
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
