package headroom

import (
	"strings"
	"testing"
)

// The errno style of code, alone or opening a message, and what only
// looks like one.
func TestErrnoCodeValue(t *testing.T) {
	tests := []struct {
		v    string
		want bool
	}{
		{`"EBADENGINE"`, true},
		{`"ENOENT"`, true},
		{`"EPERM"`, true},
		{`"EEXIST: file already exists"`, true},
		{`"ENOENT: no such file or directory, open 'a'"`, true},
		{`"EXAT"`, false},  // three capitals after the E: a keyword as often
		{`"EOF"`, false},   // too short
		{`"E0308"`, false}, // rustc's codes have their own key
		{`"Error"`, false}, // not all capitals
		{`"EBADENGINEx"`, false},
		{`"EEXIST:"`, false}, // a colon with no message
		{`"EEXIST:x"`, false},
		{`"EEXIST: "`, false},
		{`"ENOENT`, false}, // unterminated
		{`EBADENGINE`, false},
		{`"` + "E" + strings.Repeat("X", errCodeValueMax) + `"`, false}, // too long to be a code
		{`""`, false},
		{``, false},
	}
	for _, tc := range tests {
		if got := errnoCodeValue(tc.v); got != tc.want {
			t.Errorf("errnoCodeValue(%s) = %v, want %v", tc.v, got, tc.want)
		}
	}
}

// An errno-style code held as a plain value, under a key that says
// nothing of failure (an AST literal's "value"), is a failure signal:
// the smallest record that holds it is kept for it, with its path; the
// same value as a key, or an array's element, or a word that only looks
// like a code, signals nothing.
func TestJSONSignalsFindErrnoCodeValues(t *testing.T) {
	ast := `{"type":"Program","body":[{"type":"ThrowStatement","argument":{"type":"ObjectExpression","properties":[` +
		`{"type":"Property","key":{"type":"Identifier","name":"message"},"value":{"type":"Literal","value":"Unsupported engine"}},` +
		`{"type":"Property","key":{"type":"Identifier","name":"code"},"value":{"type":"Literal","value":"EBADENGINE"}}]}}],"sourceType":"script"}`
	tests := []struct {
		name, text string
		want       []string // the kept object, its path, and why, joined by " | "
	}{
		{"a code in an AST's literal", ast,
			[]string{`{"type":"Property","key":{"type":"Identifier","name":"code"},"value":{"type":"Literal","value":"EBADENGINE"}} | .body[0].argument.properties[1] | "value": "EBADENGINE"`}},
		{"a coded message", `{"a":{"b":{"msg":"EEXIST: file already exists","n":1}}}`,
			[]string{`"b":{"msg":"EEXIST: file already exists","n":1} | .a.b | "msg": "EEXIST: file already exists"`}},
		{"not as a key, an element or a keyword", `{"EBADENGINE":1,"enum":["ENOENT","EPERM"],"token":"EXAT","name":"Error"}`, nil},
		{"not under a key of words in capitals", `{"args":[{"token":"MIN"},{"token":"COUNT"},{"token":"ENTRIESADDED"}]}`, nil},
		{"inside a failure, part of it", `[{"level":50,"err":{"message":"ENOENT: no such file","code":"ENOENT"}}]`,
			[]string{`{"level":50,"err":{"message":"ENOENT: no such file","code":"ENOENT"}} | [0] | "level": 50`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, s := range jsonSignals(tc.text) {
				if !s.failure {
					continue
				}
				got = append(got, tc.text[s.start:s.end]+" | "+s.path+" | "+s.why)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("signals:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// FuzzErrnoCodeValue: never a panic; a code found is a quoted string
// within errCodeValueMax bytes that opens with E and errCodeMin
// capitals, and a word in capitals that is one too.
func FuzzErrnoCodeValue(f *testing.F) {
	for _, s := range []string{`"EBADENGINE"`, `"EEXIST: file already exists"`, `"EXAT"`, `"E"`, `"`, `"MIN"`, `"E0308"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if !errnoCodeValue(v) {
			return
		}
		if len(v) > errCodeValueMax || !strings.HasPrefix(v, `"E`) || !strings.HasSuffix(v, `"`) {
			t.Fatalf("errnoCodeValue(%q): not a quoted E… string within bounds", v)
		}
		for _, c := range []byte(v[2 : 2+errCodeMin]) {
			if c < 'A' || c > 'Z' {
				t.Fatalf("errnoCodeValue(%q): fewer than %d capitals after E", v, errCodeMin)
			}
		}
		if !strings.Contains(v, ": ") && !capitalWord(v) {
			t.Fatalf("errnoCodeValue(%q): a bare code that is not a word in capitals", v)
		}
	})
}

// keyValuesNear finds a key's value in capitals that is not a code,
// and a value of it that is anything else, among the members of the key
// nearest the code, in its window only.
func TestKeyValuesNear(t *testing.T) {
	text := `[{"token":"ENTRIESADDED"},{"token": "MAXDELETEDID"},{"value":"EBADENGINE"},{"value":"semver"},{"name":"COUNT"},{"state":"ENABLED"},{"slot":"EPERM"},{"slot":{"type":"Literal"}}]`
	at := func(v string) (int, int) { i := strings.Index(text, v); return i, i + len(v) }
	tests := []struct {
		key, code      string
		lo, hi         int
		keyword, prose bool
	}{
		{"token", `"ENTRIESADDED"`, 0, len(text), true, false},                            // MAXDELETEDID, after the code
		{"token", `"ENTRIESADDED"`, 0, strings.Index(text, "MAXDELETEDID"), false, false}, // cut before it
		{"value", `"EBADENGINE"`, 0, len(text), false, true},                              // a code and a word in lower case
		{"value", `"EBADENGINE"`, 0, strings.Index(text, "semver"), false, false},         // cut before the word
		{"name", `"EBADENGINE"`, 0, len(text), true, false},
		{"nam", `"EBADENGINE"`, 0, len(text), false, false}, // a key whole, not a prefix
		{"state", `"ENABLED"`, 0, len(text), false, false},
		{"slot", `"EPERM"`, 0, len(text), false, true}, // an object is no word in capitals
	}
	for _, tc := range tests {
		start, end := at(tc.code)
		keyword, prose := keyValuesNear(text, tc.key, tc.lo, start, end, tc.hi)
		if keyword != tc.keyword || prose != tc.prose {
			t.Errorf("keyValuesNear(%q around %s, %d, %d) = %v, %v, want %v, %v", tc.key, tc.code, tc.lo, tc.hi, keyword, prose, tc.keyword, tc.prose)
		}
	}
}

// keyValuesNear reads at most keyPeers members of the key each way: a
// word in lower case past them does not count, one among them does.
func TestKeyValuesNearReadsItsPeersOnly(t *testing.T) {
	enum := strings.Repeat(`{"s":"ENABLED"},`, keyPeers)
	for _, tc := range []struct {
		text  string
		prose bool
	}{
		{`[` + enum + `{"s":"ECODEX"},` + enum + `{"s":"ok"}]`, false},
		{`[{"s":"ok"},` + enum + `{"s":"ECODEX"},` + enum + `]`, false},
		{`[` + enum[len(`{"s":"ENABLED"},`):] + `{"s":"ok"},{"s":"ECODEX"},` + enum + `]`, true},
		{`[` + enum + `{"s":"ECODEX"},` + enum[len(`{"s":"ENABLED"},`):] + `{"s":"ok"}]`, true},
	} {
		start := strings.Index(tc.text, `"ECODEX"`)
		_, prose := keyValuesNear(tc.text, "s", 0, start, start+len(`"ECODEX"`), len(tc.text))
		if prose != tc.prose {
			t.Errorf("prose = %v, want %v in %s", prose, tc.prose, tc.text)
		}
	}
}

// codeFails: a code says a failure beside prose of its key, by itself
// when it opens a message or is an errno name, and never among its key's
// other words in capitals; a bare code whose key holds only codes is an
// enum's state.
func TestCodeFails(t *testing.T) {
	tests := []struct {
		text, key, v string
		want         bool
	}{
		{`{"value":"EBADENGINE"},{"value":"Unsupported engine"}`, "value", `"EBADENGINE"`, true},
		{`{"value":{"type":"Literal"}},{"value":"EBADENGINE"},{"value":true}`, "value", `"EBADENGINE"`, true},
		{`{"State":"ENABLED"},{"State":"ENABLED"}`, "State", `"ENABLED"`, false},
		{`{"status":"EXPIRED","name":"a"}`, "status", `"EXPIRED"`, false},
		{`{"State":"ENABLED"},{"State":"DISABLED"}`, "State", `"ENABLED"`, false},
		{`{"code":"ENOENT","path":"/x"}`, "code", `"ENOENT"`, true},
		{`{"msg":"EEXIST: file already exists"}`, "msg", `"EEXIST: file already exists"`, true},
		{`{"token":"ENTRIESADDED"},{"token":"MIN"},{"token":"a b"}`, "token", `"ENTRIESADDED"`, false},
	}
	for _, tc := range tests {
		start := strings.Index(tc.text, tc.v)
		if got := codeFails(tc.text, tc.key, 0, start, start+len(tc.v), len(tc.text)); got != tc.want {
			t.Errorf("codeFails(%s under %q in %s) = %v, want %v", tc.v, tc.key, tc.text, got, tc.want)
		}
	}
}
