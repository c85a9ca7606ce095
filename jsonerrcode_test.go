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

// keywordNear finds a key's value in capitals that is not a code, in
// its window only.
func TestKeywordNear(t *testing.T) {
	text := `[{"token":"ENTRIESADDED"},{"token": "MAXDELETEDID"},{"value":"EBADENGINE"},{"value":"semver"},{"name":"COUNT"}]`
	tests := []struct {
		key    string
		lo, hi int
		want   bool
	}{
		{"token", 0, len(text), true},                            // MAXDELETEDID, after the code
		{"token", 0, strings.Index(text, "MAXDELETEDID"), false}, // cut before it
		{"value", 0, len(text), false},                           // a code and a word in lower case
		{"name", 0, len(text), true},
		{"nam", 0, len(text), false}, // a key whole, not a prefix
	}
	for _, tc := range tests {
		if got := keywordNear(text, tc.key, tc.lo, tc.hi); got != tc.want {
			t.Errorf("keywordNear(%q, %d, %d) = %v, want %v", tc.key, tc.lo, tc.hi, got, tc.want)
		}
	}
}
