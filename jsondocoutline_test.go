package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// vetStream returns a go vet -json ./... style stream: small package
// objects of one diagnostic each, and big, a large one, after the
// first half of them.
func vetStream(small int, big string) string {
	var b strings.Builder
	for i := range small {
		if i == small/2 {
			b.WriteString(big)
		}
		fmt.Fprintf(&b, "{\n\t\"pkg%02d\": {\n\t\t\"check%02d\": [\n\t\t\t{\n\t\t\t\t\"posn\": \"/home/dev/p%02d/p.go:%d:2\",\n\t\t\t\t\"message\": \"finding %d of a kind of its own\"\n\t\t\t}\n\t\t]\n\t}\n}\n", i, i, i, 10+i, i)
	}
	return b.String()
}

// A document too large for the room the small ones leave is outlined
// there, its rare wording kept, rather than dropped whole.
func TestStreamOutlinesDroppedDocument(t *testing.T) {
	big := vetDiagnostics(300, map[int]string{150: "a.Println does not take io.Writer but has first arg os.Stdout"})
	text := vetStream(30, big) // too many for planSequenceEnds' shares
	limit := 16000
	p, ok := planJSON(text, limit)
	if !ok {
		t.Fatal("declined")
	}
	out := checkDocPlan(t, text, p, limit)
	for _, want := range []string{"\"pkg00\": {", "\"pkg29\": {", "{\n\t\"a\": {\n\t\t\"printf\": [", "more array elements", "does not take io.Writer", "one outlined"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
}

// With less than a quarter of the budget left, or no document larger
// than the room, nothing is outlined.
func TestOutlineDroppedDocumentDeclines(t *testing.T) {
	text := vetStream(20, vetDiagnostics(300, nil))
	top, ok := scanJSONTop(text)
	if !ok || top.kind != "document" || len(top.elems) != 21 {
		t.Fatalf("scan: ok %v, kind %q, %d documents", ok, top.kind, len(top.elems))
	}
	at := func(i int) int { return blankLineStart(text, top.elems[i][0]) }
	if its, i := outlineDroppedDocument(text, top.elems, at, nil, 1, 20, 3000, 16000); its != nil || i != -1 {
		t.Fatalf("room under a quarter: outlined document %d", i)
	}
	if its, i := outlineDroppedDocument(text, top.elems, at, nil, 1, 20, 8000, 16000); its == nil || i != 10 {
		t.Fatalf("outlined document %d, want 10", i)
	} else if got := itemsSize(its); got > 8000 {
		t.Fatalf("outline of %d bytes in a room of 8000", got)
	}
	if its, i := outlineDroppedDocument(text, top.elems, at, []int{10}, 1, 20, 8000, 16000); its != nil || i != -1 {
		t.Fatalf("the large document already picked: outlined %d", i)
	}
	small := vetStream(30, "")
	stop, _ := scanJSONTop(small)
	sat := func(i int) int { return blankLineStart(small, stop.elems[i][0]) }
	if its, i := outlineDroppedDocument(small, stop.elems, sat, nil, 1, 29, 8000, 16000); its != nil || i != -1 {
		t.Fatalf("no document over the room: outlined %d", i)
	}
}
