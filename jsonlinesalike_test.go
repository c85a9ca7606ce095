package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// matchStream builds an ast-grep --json=stream run: n match objects alike
// but for their text, range and file, each one line of about 700 bytes
// (the matched source repeated in "lines", its meta-variable's range),
// the exception raised named by kind(k), each match in file(k) on lines
// that span span(k) source lines.
func matchStream(n int, kind, file func(k int) string, span func(k int) int) string {
	var b strings.Builder
	for k := range n {
		text := fmt.Sprintf(`raise %s(\n            \"failure number %d in the parser\".format(value))`, kind(k), k)
		line, off := 100+10*k, 4000+300*k
		fmt.Fprintf(&b, `{"text":"%s","range":{"byteOffset":{"start":%d,"end":%d},"start":{"line":%d,"column":8},"end":{"line":%d,"column":60}},"file":"%s","lines":"        %s  # %s","charCount":{"leading":8,"trailing":0},"language":"Python","metaVariables":{"single":{"E":{"text":"%s","range":{"byteOffset":{"start":%d,"end":%d},"start":{"line":%d,"column":14},"end":{"line":%d,"column":37}}}},"multi":{},"transformed":{}}}`+"\n",
			text, off, off+90, line, line+span(k), file(k), text, strings.Repeat("padding ", 20), kind(k), off+6, off+29, line, line)
	}
	return b.String()
}

// A stream of alike long matches that ends with one keeps that one at
// its ends, as a clip's tail shows it: where its range spans lines.
func TestJSONLinesKeepsTheLastLongEvent(t *testing.T) {
	text := matchStream(90, func(k int) string { return "errors.HeaderParseError" },
		func(k int) string { return "/usr/lib/python3.11/email/f" + itoa(k%7) + ".py" },
		func(k int) int { return k % 2 })
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	last := lines[len(lines)-1]
	if len(last) <= idLong {
		t.Fatalf("the last match is %d bytes, want a long event", len(last))
	}
	for _, limit := range []int{4000, 16000} {
		out := jsonLinesOut(t, text, limit)
		if want := last[:300]; !strings.Contains(out, want) {
			t.Errorf("limit %d: the last match's head %q is not kept:\n%s", limit, want, out)
		}
	}
}

// Where no key of eventKindKeys sorts a stream's events, a member that
// names them and whose values repeat does (ast-grep's captured exception
// name): the lone AssertionError and _InvalidEwError among fifty alike
// matches are kept, though a match's text, each its own, ranks nothing.
func TestJSONLinesRareMemberValue(t *testing.T) {
	rare := map[int]string{17: "AssertionError", 43: "_InvalidEwError"}
	kind := func(k int) string {
		if r, ok := rare[k]; ok {
			return r
		}
		return []string{"errors.HeaderParseError", "ValueError", "TypeError"}[k%3]
	}
	text := matchStream(90, kind, func(k int) string { return "/usr/lib/python3.11/email/f" + itoa(k%7) + ".py" },
		func(k int) int { return k % 2 })
	for _, limit := range []int{8000, 16000} {
		out := jsonLinesOut(t, text, limit)
		for _, r := range rare {
			if want := `{"text":"raise ` + r + `(`; !strings.Contains(out, want) {
				t.Errorf("limit %d: the lone %s match is not kept", limit, r)
			}
		}
	}
	st := readJSONLinesStream(text)
	if st == nil || st.rar == nil {
		t.Fatal("no member sorts the matches into kinds")
	}
	if got := st.rar[17]; got != 1 {
		t.Errorf("the AssertionError match's rarest value is shared by %d, want 1", got)
	}
	if got := st.rar[0]; got*10 <= 90 {
		t.Errorf("a HeaderParseError match counts as rare (%d): a text of its own ranks it", got)
	}
}

// jsonLinesOut plans the JSON-lines stream text within limit, checks the
// plan holds it, and renders what it keeps.
func jsonLinesOut(t *testing.T, text string, limit int) string {
	t.Helper()
	p, ok := planJSONLines(text, limit)
	if !ok {
		t.Fatalf("limit %d: declined", limit)
	}
	checkPlan(t, text, p, limit)
	return render(text, p, marker{tokens: len(text) / 4})
}
