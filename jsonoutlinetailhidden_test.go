package headroom

import (
	"encoding/json"
	"strings"
	"testing"
)

// schemaWithLastProperties is a JSON Schema document: alike definitions,
// the last one's properties its last bytes before a short "type" member.
func schemaWithLastProperties() string {
	defs := map[string]any{}
	for i := range 12 {
		props := map[string]any{}
		for k := range 8 {
			props["option"+itoa(k)] = map[string]any{"description": "Documentation: https://example.org/api/#option" + itoa(k), "type": "string"}
		}
		defs["Def"+itoa(10+i)] = map[string]any{"additionalProperties": false, "properties": props, "type": "object"}
	}
	last := map[string]any{}
	for k := range 14 {
		last["setting"+itoa(10+k)] = map[string]any{"type": "boolean"}
	}
	defs["ZLast"] = map[string]any{"additionalProperties": false, "properties": map[string]any{
		"inner": map[string]any{"additionalProperties": false, "properties": last, "type": "object"}}, "type": "object"}
	b, _ := json.MarshalIndent(map[string]any{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": defs}, "", "  ")
	return string(b) + "\n"
}

// The last definition's closing "type" member shown whole does not keep
// the document's end when the properties before it, the bytes a clip's
// tail shows, are summarised in place: the plan ends with that tail.
func TestOutlineKeepsTheTailASummaryHides(t *testing.T) {
	text := schemaWithLastProperties()
	for _, limit := range []int{3000, 4000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("%d: the document should be planned", limit)
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("%d: items %d bytes", limit, itemsSize(p.items))
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, want := range []string{`"setting23": {` + "\n" + `              "type": "boolean"`, text[clipTailStart(text, limit):]} {
			if !strings.Contains(out, want) {
				t.Errorf("%d: lost %q:\n%s", limit, want, out)
			}
		}
	}
}

// An outline that keeps the whole document keeps its end; one that
// summarises the last definition's properties does not, though that
// definition's last member is shown whole.
func TestHidesClipTail(t *testing.T) {
	text := schemaWithLastProperties()
	scan, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("the document does not scan")
	}
	o, _, ok := outline(text, 0, scan.end, &scan, len(text)*2, false, false, false, -1)
	if !ok {
		t.Fatal("the document should be outlined")
	}
	if !o.keepsEnd() || o.hidesClipTail(o.nodes[0], clipTailStart(text, 4000)) {
		t.Error("an outline of the whole document hides nothing")
	}
	o, _, ok = outline(text, 0, scan.end, &scan, 3000, false, false, false, -1)
	if !ok {
		t.Fatal("the document should be outlined in 3,000 bytes")
	}
	if o.keepsEnd() {
		t.Error("an outline of 3,000 bytes summarises the last properties, which the clip's tail shows")
	}
}
