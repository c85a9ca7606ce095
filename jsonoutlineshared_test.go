package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// sharedLineEvents returns a document in the shared-line style of Java's
// printers (jfr print --json): {"recording": {"events": [{ … }, { … }]}},
// n events of alike members, sep between an element's `}` and the next
// one's `{` (", " or ","), and open between the array's `[` and the
// first `{` ("" or " ").
func sharedLineEvents(n int, sep, open string) string {
	var b strings.Builder
	b.WriteString("{\n  \"recording\": {\n    \"events\": [" + open)
	for i := range n {
		if i > 0 {
			b.WriteString(sep)
		}
		fmt.Fprintf(&b, "{\n      \"type\": \"jdk.LongFlag\", \n      \"values\": {\n        \"name\": \"Flag%03d\", \n        \"value\": %d, \n        \"origin\": \"Default\"\n      }\n    }", i, i*7)
	}
	b.WriteString(open + "]\n  }\n}\n")
	return b.String()
}

// An array whose elements open on the line that closes the one before
// (`}, {`, `},{`, K&R's `[ {` … `} ]`) is lined: the document gets the
// outline, whose pieces join into the input's bytes (no `}` or `{` twice),
// its first and last events shown, and a note for the elements between
// that ends with the next one's opening brace.
func TestSharedLineArrayIsOutlined(t *testing.T) {
	for _, c := range []struct{ sep, open string }{{", ", ""}, {",", ""}, {", ", " "}} {
		text := sharedLineEvents(120, c.sep, c.open)
		limit := len(text) / 5
		p, ok := planJSON(text, limit)
		if !ok || !strings.Contains(p.what, "kept the outline") {
			t.Fatalf("sep %q open %q: planned %v, what %q: want the outline", c.sep, c.open, ok, p.what)
		}
		out := checkDocPlan(t, text, p, limit)
		for _, want := range []string{`"events": [` + c.open + "{\n", `"name": "Flag000"`, `"name": "Flag119"`, "more array elements", "…] {\n      \"type\""} {
			if !strings.Contains(out, want) {
				t.Fatalf("sep %q open %q: output lacks %q:\n%s", c.sep, c.open, want, out)
			}
		}
		if strings.Contains(out, "}"+c.sep+"}"+c.sep) || strings.Contains(out, "\n{\n") || strings.Count(out, "{") != strings.Count(out, "}") {
			t.Fatalf("sep %q open %q: a brace kept twice, or an opening alone at column 0:\n%s", c.sep, c.open, out)
		}
	}
}

// lined accepts the shared-line style only where each element opens and
// closes its own lines: elements written on one line each, or a member
// after the closing brace, are not lined.
func TestSharedLineLined(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"[{\n  \"a\": 1\n}, {\n  \"a\": 2\n}]", true},
		{"[ {\n  \"a\": 1\n},{\n  \"a\": 2\n} ]", true},
		{"[\n  {\n    \"a\": 1\n  },\n  {\n    \"a\": 2\n  }\n]", true},
		{"[{\"a\": 1}, {\"a\": 2},\n {\"a\": 3}]", false},
		{"[{\n  \"a\": 1\n}, 7]", false},
		{"[{\n  \"a\": 1}, {\n  \"a\": 2\n}]", false},
	}
	for _, c := range cases {
		end := len(c.text)
		n := onode{key: 0, val: 0, end: end, elems: sequence(c.text, 0, ']')}
		if got := (&outliner{text: c.text}).lined(n); got != c.want {
			t.Errorf("lined(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Properties of the outline of a shared-line document at any limit: the
// plan holds its limit, its pieces go forward through the input without
// overlap, and the same input and limit give the same bytes.
func TestSharedLineOutlineProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 80).Draw(t, "n")
		sep := rapid.SampledFrom([]string{", ", ","}).Draw(t, "sep")
		open := rapid.SampledFrom([]string{"", " "}).Draw(t, "open")
		text := sharedLineEvents(n, sep, open)
		limit := rapid.IntRange(200, len(text)).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return // declining is allowed: clip follows
		}
		out := checkDocPlan(t, text, p, limit)
		q, _ := planJSON(text, limit)
		if again := checkDocPlan(t, text, q, limit); again != out {
			t.Fatalf("two plans of one input differ")
		}
	})
}
