package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// vetDiagnostics returns a go vet -json style document: one analyzer's
// array of n {posn, message} diagnostics, each message its own (a verb,
// an argument and a type of its own) in one wording, but for the ones
// odd maps to, which say what they say in their own words.
func vetDiagnostics(n int, odd map[int]string) string {
	verbs := []string{"%d", "%s", "%t", "%x", "%q"}
	types := []string{"string", "float64", "bool", "complex64", "*[2]int", "map[int]int"}
	var b strings.Builder
	b.WriteString("{\n\t\"a\": {\n\t\t\"printf\": [\n")
	for i := range n {
		msg := fmt.Sprintf(`fmt.Printf format %s has arg v%d of wrong type %s`, verbs[i%len(verbs)], i, types[i%len(types)])
		if m, ok := odd[i]; ok {
			msg = m
		}
		fmt.Fprintf(&b, "\t\t\t{\n\t\t\t\t\"posn\": \"/home/dev/a/a.go:%d:9\",\n\t\t\t\t\"message\": %q\n\t\t\t}", 100+i, msg)
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("\t\t]\n\t}\n}\n")
	return b.String()
}

// A message in a wording few others share is rare, though every
// message's value is its own; the first of each rare wording comes
// before the second of any.
func TestRareTemplateElements(t *testing.T) {
	odd := map[int]string{
		40: "a.Printf format %v arg someFunction is a func value, not called",
		41: "a.Println arg someFunction is a func value, not called",
		90: "fmt.Printf does not support error-wrapping directive %w",
		91: "(*testing.common).Errorf does not support error-wrapping directive %w",
		92: "a.Errorf does not support error-wrapping directive %w",
		95: "a.Errorf does not support error-wrapping directive %w",
	}
	text := vetDiagnostics(200, odd)
	elems := sequence(text, strings.Index(text, "["), ']')
	if len(elems) != 200 {
		t.Fatalf("%d elements, want 200", len(elems))
	}
	// "is", "func", "value", "called" are held by two messages only and
	// masked, so the two func-value messages are two wordings of one
	// each; the four error-wrapping messages share one: 40, 41 and 90
	// first, then the other three of 90's.
	got := rareTemplateElements(text, elems)
	want := []int{40, 41, 90, 91, 92, 95}
	if !slices.Equal(got, want) {
		t.Fatalf("rare template elements %v, want %v", got, want)
	}
	// One wording throughout: none is rare.
	if got := rareTemplateElements(arrayOf(vetDiagnostics(200, nil))); got != nil {
		t.Fatalf("one wording: %v, want none", got)
	}
	// Too few to judge.
	if got := rareTemplateElements(text, elems[:7]); got != nil {
		t.Fatalf("among 7: %v, want none", got)
	}
	// As many wordings as messages (prose, each its own words): no
	// template, nothing rare.
	prose := map[int]string{}
	words := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango")
	for i := range 200 {
		prose[i] = words[i%len(words)] + " " + words[(i/len(words))%len(words)] + fmt.Sprintf(" item%d", i)
	}
	if got := rareTemplateElements(arrayOf(vetDiagnostics(200, prose))); got != nil {
		t.Fatalf("prose: %v, want none", got)
	}
}

// arrayOf returns text with the elements of its first array.
func arrayOf(text string) (string, [][2]int) {
	return text, sequence(text, strings.Index(text, "["), ']')
}

func TestValueTemplate(t *testing.T) {
	df := map[string]int{"format": 9, "has": 9, "arg": 9, "of": 9, "wrong": 9, "type": 9, "string": 2, "value": 3}
	cases := []struct{ val, want string }{
		{`"fmt.Printf format %s has arg x of wrong type string"`, "* format * has arg * of wrong type *"},
		{`"a func value, not called"`, "* value *"},
		{`"format has arg of wrong type"`, "format has arg of wrong type"},
		{`""`, ""},
	}
	for _, c := range cases {
		if got := valueTemplate(c.val, df); got != c.want {
			t.Errorf("valueTemplate(%s) = %q, want %q", c.val, got, c.want)
		}
	}
	for tok, want := range map[string]bool{"value,": true, "error-wrapping": true, "-x": false, "x": false, "fmt.Printf": false, "%w": false, "Printf": false, "v2": false} {
		if _, ok := templateWord(tok); ok != want {
			t.Errorf("templateWord(%q) ok = %v, want %v", tok, ok, want)
		}
	}
}

// The outline's sample of the hidden diagnostics keeps the first of
// each rare wording, where an even sample would not.
func TestOutlineKeepsRareWording(t *testing.T) {
	odd := map[int]string{
		70:  "a.Println arg someFunction is a func value, not called",
		71:  "a.Printf arg someFunction is a func value, not called",
		120: "fmt.Printf does not support error-wrapping directive %w",
		121: "a.Errorf does not support error-wrapping directive %w",
	}
	text := vetDiagnostics(300, odd)
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := checkDocPlan(t, text, p, limit)
		for _, want := range []string{odd[70], odd[120]} {
			if !strings.Contains(out, want) {
				t.Fatalf("limit %d: the rare wording %q is not kept:\n%s", limit, want, out)
			}
		}
	}
}

// The template of any value is its words that df counts often enough, in
// order, and "*" for each run of the rest: no other text, never two
// "*" in a row, never a panic. rareTemplateElements on any array of
// messages returns indices of its elements, each once.
func FuzzValueTemplate(f *testing.F) {
	f.Add(`"fmt.Printf format %s has arg x of wrong type string"`, "a.Errorf does not support error-wrapping directive %w")
	f.Add(`""`, "")
	f.Add(`"  -a- b-- , value, not called: ;"`, "\"quoted\" \\u0026 ‘x’ é")
	f.Fuzz(func(t *testing.T, val, odd string) {
		df := map[string]int{}
		for _, w := range uniqueWords(val) {
			df[w] = templateWordMin
		}
		tmpl := valueTemplate(val, df)
		prev := ""
		for _, tok := range strings.Fields(tmpl) {
			if tok == "*" && prev == "*" {
				t.Fatalf("template %q of %q has two masks in a row", tmpl, val)
			}
			if w, ok := templateWord(tok); tok != "*" && (!ok || w != tok || !strings.Contains(val, tok)) {
				t.Fatalf("template %q of %q holds %q, not a word of it", tmpl, val, tok)
			}
			prev = tok
		}
		text := vetDiagnostics(40, map[int]string{7: odd, 31: val})
		_, elems := arrayOf(text)
		seen := map[int]bool{}
		for _, j := range rareTemplateElements(text, elems) {
			if j < 0 || j >= len(elems) || seen[j] {
				t.Fatalf("index %d of %d elements, or twice", j, len(elems))
			}
			seen[j] = true
		}
	})
}
