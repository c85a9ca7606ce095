package headroom

import (
	"strings"
	"testing"
)

// gccStream returns a stream of files one-line arrays of n diagnostics
// each, as gcc -fdiagnostics-format=json writes one per translation unit,
// the one error in file errAt.
func gccStream(files, n, errAt int) string {
	var b strings.Builder
	for f := range files {
		b.WriteString("[")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			kind := "warning"
			if f == errAt && i == n/2 {
				kind = "error"
			}
			b.WriteString(`{"kind": "` + kind + `", "locations": [{"caret": {"line": ` + itoa(10*i+1) + `, "file": "f` + itoa(f) + `.c", "column": 5}}], "option": "-Wsign-conversion", "message": "conversion to ‘size_t’ from ‘int’ may change the sign of the result"}`)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// A stream of one-line arrays of objects is planned over its elements:
// the plan fills its budget with verbatim diagnostics from every part of
// the stream, not the first and last documents around an outline.
func TestPlanJSONStreamOfArraysSpreadsTheirElements(t *testing.T) {
	text := gccStream(9, 20, 4)
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		if size := itemsSize(p.items); size > limit || size < limit/2 {
			t.Errorf("limit %d: plan of %d bytes, want between half the budget and the budget", limit, size)
		}
		files := map[string]bool{}
		kept := ""
		for _, it := range p.items {
			s := text[it.start:it.end]
			kept += s
			if i := strings.Index(s, `"file": "`); i >= 0 {
				files[s[i+9:i+11]] = true
			}
		}
		if !strings.Contains(kept, `{"kind": "error"`) {
			t.Errorf("limit %d: the error diagnostic is not kept", limit)
		}
		if limit == 16000 && len(files) < 6 {
			t.Errorf("limit %d: diagnostics of %d files kept, want the stream's middle too", limit, len(files))
		}
		if !strings.Contains(p.what, "array elements") {
			t.Errorf("limit %d: what = %q, want the diagnostics counted", limit, p.what)
		}
	}
}

// Only a stream of one-line arrays of objects is read as one array: a
// tuple per line (mocha's ["pass", {…}]) is one event each, and a
// pretty-printed array keeps its own plan.
func TestStreamOfArraysTakesOnlyListsOfObjects(t *testing.T) {
	tests := []struct {
		name, text string
		want       int // elements, 0 for declined
	}{
		{"arrays of objects", `[{"a":1},{"a":2}]` + "\n[]\n" + `[{"a":3}]` + "\n", 3},
		{"tuples", `["start",{"total":2}]` + "\n" + `["pass",{"title":"t"}]` + "\n", 0},
		{"pretty-printed", "[\n  {\"a\":1}\n]\n[\n  {\"a\":2}\n]\n", 0},
		{"objects", `{"a":1}` + "\n" + `{"a":2}` + "\n", 0},
		{"one array", `[{"a":1},{"a":2}]`, 0},
	}
	for _, tt := range tests {
		top, ok := scanJSONTop(tt.text)
		if !ok {
			t.Fatalf("%s: not JSON", tt.name)
		}
		elems, ok := streamOfArrays(tt.text, top)
		if got := len(elems); !ok && got != 0 || ok && got != tt.want || !ok && tt.want != 0 {
			t.Errorf("%s: %d elements (ok %v), want %d", tt.name, got, ok, tt.want)
		}
		for _, e := range elems {
			if tt.text[e[0]] != '{' || tt.text[e[1]-1] != '}' {
				t.Errorf("%s: element %q is not an object's bytes", tt.name, tt.text[e[0]:e[1]])
			}
		}
	}
}
