package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// clocMap writes a pretty-printed flat map as cloc --json --by-file
// prints one: a header, n alike file records, all "Go" but the one at
// each index of rare, whose language is its own, and a SUM.
func clocMap(n int, rare map[int]string) string {
	var b strings.Builder
	b.WriteString("{\"header\" : {\n  \"cloc_version\"       : \"1.96\",\n  \"n_files\"            : " + fmt.Sprint(n) + "},\n")
	for i := range n {
		lang := "Go"
		if r, ok := rare[i]; ok {
			lang = r
		}
		fmt.Fprintf(&b, "\"pkg/dir%d/file%03d.go\" :{\n  \"blank\": %d,\n  \"comment\": %d,\n  \"code\": %d,\n  \"language\": %q},\n", i%7, i, i%13, i%5, 1000-i, lang)
	}
	b.WriteString("\"SUM\": {\n  \"blank\": 1,\n  \"comment\": 2,\n  \"code\": 3,\n  \"nFiles\": " + fmt.Sprint(n) + "} }\n")
	return b.String()
}

// rareValueElems reads a map's members from its middle record, not its
// header, and returns the records of a rare value, the rarest first.
func TestRareValueElemsMap(t *testing.T) {
	text := clocMap(200, map[int]string{90: "Markdown", 120: "C", 150: "C"})
	top, ok := scanJSONTop(text)
	if !ok || top.kind != "object member" {
		t.Fatalf("not a map: %v %q", ok, top.kind)
	}
	got := rareValueElems(text, top.elems, true)
	// elems[0] is the header: record i is element i+1.
	if len(got) != 3 || got[0] != 91 || !(got[1] == 121 && got[2] == 151 || got[1] == 151 && got[2] == 121) {
		t.Errorf("rare records %v; want 91 (Markdown) first, then 121 and 151 (C)", got)
	}
	if got := rareValueElems(text, top.elems, false); len(got) != 0 {
		t.Errorf("read by the header's keys: %v; want none (no record has them)", got)
	}
}

// A pretty-printed flat map's spread keeps the records of a rare value
// that an even spread steps over, within its share of the room.
func TestFlatMapKeepsRareValue(t *testing.T) {
	text := clocMap(400, map[int]string{173: "Markdown", 251: "Bourne Again Shell"})
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined at %d", limit)
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what})
		for _, want := range []string{`"pkg/dir5/file173.go" :{`, `"pkg/dir6/file251.go" :{`} {
			if !strings.Contains(out, want) {
				t.Errorf("limit %d: the rare record %s is not kept", limit, want)
			}
		}
	}
	// Alike records: none is picked first, the spread is an even one.
	plain := clocMap(400, nil)
	top, _ := scanJSONTop(plain)
	if got := rareValueElems(plain, top.elems, true); len(got) != 0 {
		t.Errorf("alike records: %v picked as rare", got)
	}
}
