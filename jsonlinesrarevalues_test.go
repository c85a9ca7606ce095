package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestTopLevelKeys(t *testing.T) {
	l := `{"path":"a","deps":{"x":"1"},"licenses":["MIT",{"k":"v"}],"dev":false,"s":"has \"quoted\": text"}`
	want := []string{`"path":`, `"deps":`, `"licenses":`, `"dev":`, `"s":`}
	if got := topLevelKeys(l, 16); !slices.Equal(got, want) {
		t.Errorf("topLevelKeys = %q, want %q", got, want)
	}
	if got := topLevelKeys(l, 2); !slices.Equal(got, want[:2]) {
		t.Errorf("topLevelKeys at most 2 = %q", got)
	}
}

func TestTopWordValues(t *testing.T) {
	l := `{"license":"MIT","licenses":["EPL-2.0","GPL-2.0-with-classpath-exception"],"dev":false,"engines":null,"deps":3,"obj":{"a":1},"mixed":[{"a":1}],"long":"` + strings.Repeat("x", rareValueMax) + `"}`
	for _, c := range []struct {
		key, want string
		ok        bool
	}{
		{`"license":`, `"MIT"`, true},
		{`"licenses":`, `["EPL-2.0","GPL-2.0-with-classpath-exception"]`, true},
		{`"dev":`, `false`, true},
		{`"engines":`, `null`, true},
		{`"deps":`, ``, false},  // a number measures
		{`"obj":`, ``, false},   // an object holds
		{`"mixed":`, ``, false}, // so does an array of objects
		{`"long":`, ``, false},  // a description, not a kind
		{`"absent":`, ``, false},
	} {
		got, ok := topWord(l, c.key)
		if got != c.want || ok != c.ok {
			t.Errorf("topWord(%s) = %q, %v; want %q, %v", c.key, got, ok, c.want, c.ok)
		}
	}
}

// topWord is the value eachTopWord gives event l's own member key, "",
// false when l has no such member.
func topWord(l, key string) (string, bool) {
	val, found := "", false
	eachTopWord(l, func(k, v string, ok bool) {
		if k == key && !found {
			val, found = v, ok
		}
	})
	return val, found
}

// lockRows is jq -c over a lockfile: n packages, nearly all MIT, one
// CC-BY-4.0 at 3/10 and one dual-licensed at 7/10; engines strings of
// many values, a count of dependencies.
func lockRows(n int) string {
	var b strings.Builder
	for i := range n {
		license := "MIT"
		switch {
		case i == n*3/10:
			license = "CC-BY-4.0"
		case i == n*7/10:
			license = "(MIT OR CC0-1.0)"
		case i%9 == 0:
			license = "ISC"
		}
		fmt.Fprintf(&b, `{"path":"node_modules/p%04d","version":"1.%d.0","license":%q,"deps":%d,"engines":">=%d"}`+"\n", i, i%11, license, i%13, i%20)
	}
	return b.String()
}

func TestRareValueRows(t *testing.T) {
	const n = 300
	text := lockRows(n)
	s, events := streamSel(text, len(text))
	rows := rareValueRows(s, events, namingKey(s, events))
	// The two one-off licenses are rare; ISC (one row in nine, of four
	// values), an engines string (one in twenty, of twenty) and the
	// numbers are not.
	if want := []int{n * 3 / 10, n * 7 / 10}; !slices.Equal(slices.Sorted(slices.Values(rows)), want) {
		t.Errorf("rare rows %v, want %v", rows, want)
	}
}

// In a long lockfile listing, the rows of a rare license are kept.
func TestJSONLinesAlikeRowsKeepRareValues(t *testing.T) {
	const n = 600
	text := lockRows(n)
	const limit = 4000
	_, out := planJSONLinesWithin(t, text, limit)
	lines := strings.Split(text, "\n")
	for _, want := range []string{lines[n*3/10], lines[n*7/10]} {
		if !strings.Contains(out, want) {
			t.Errorf("%s is not kept:\n%s", want, out)
		}
	}
}

// eachTopWord and wordAt never panic and return pieces of their line,
// a value that opens as a word does.
func FuzzWordValue(f *testing.F) {
	f.Add(`{"licenses":["MIT","ISC"],"dev":false}`, `"licenses":`)
	f.Add(`{"a":["x\"]",`, `"a":`)
	f.Add(`{"a":"\`, `"a":`)
	f.Add(`{"a":[`, `"a":`)
	f.Fuzz(func(t *testing.T, l, key string) {
		eachTopWord(l, func(k, v string, ok bool) {
			if !strings.HasPrefix(k, `"`) || !strings.HasSuffix(k, `":`) || ok && (v == "" || !strings.Contains(l, v)) {
				t.Fatalf("eachTopWord(%q) gives %q, %q", l, k, v)
			}
		})
		if j := strings.Index(l, key); j >= 0 {
			v, ok := wordAt(l, skipSpace(l, j+len(key)))
			if ok && (v == "" || len(v) > rareValueMax || !strings.Contains(l, v) || !strings.ContainsRune(`"tfn[`, rune(v[0]))) {
				t.Fatalf("wordAt(%q) after %q = %q", l, key, v)
			}
		}
		for _, k := range topLevelKeys(l, rareValueKeys) {
			if !strings.HasPrefix(k, `"`) || !strings.HasSuffix(k, `":`) {
				t.Fatalf("topLevelKeys(%q) holds %q", l, k)
			}
		}
	})
}

// eachTopWord reads each own member once, never one nested in another.
func TestEachTopWord(t *testing.T) {
	l := `{"path":"a","deps":3,"o":{"x":"in","dev":true},"licenses":["MIT"],"dev":false}`
	var got []string
	eachTopWord(l, func(k, v string, ok bool) {
		got = append(got, fmt.Sprintf("%s%s %v", k, v, ok))
	})
	want := []string{`"path":"a" true`, `"deps": false`, `"o": false`, `"licenses":["MIT"] true`, `"dev":false true`}
	if !slices.Equal(got, want) {
		t.Errorf("eachTopWord = %q, want %q", got, want)
	}
}
