package headroom

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A command tree whose global flags, 200 alike objects, come last before
// a few short members: at a small budget the flags are summarised, and
// the last flag, too long to show whole in the tail's room, would be
// lost where a clip's tail keeps its last lines. The outline
// ends as the clip does instead: the document's last bytes verbatim.
func TestOutlineKeepsTheClipsTail(t *testing.T) {
	commands := map[string]any{}
	for i := range 26 {
		commands["cmd"+itoa(i)] = map[string]any{"capsule": "", "path": []string{"bq", "cmd" + itoa(i)},
			"sections": map[string]string{"DESCRIPTION": strings.Repeat("Describes the command. ", 20)}}
	}
	flags := map[string]any{}
	for i := range 200 {
		flags["--flag"+itoa(i)] = map[string]any{"attr": map[string]any{}, "default": "''", "description": strings.Repeat("A flag. ", 40),
			"is_global": true, "name": "--flag" + itoa(i), "nargs": "1", "type": "string", "value": "VALUE"}
	}
	doc := map[string]any{"CLI_VERSION": "2.1.18", "commands": commands, "flags": flags, "groups": map[string]any{}, "path": []string{"bq"}, "release": "GA"}
	b, _ := json.MarshalIndent(doc, "", "  ")
	text := string(b) + "\n"
	const limit = 3600
	p, ok := planJSON(text, limit)
	if !ok {
		t.Fatal("the document should be planned")
	}
	if itemsSize(p.items) > limit {
		t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	tail := text[clipTailStart(text, limit):]
	if !strings.Contains(out, tail) {
		t.Fatalf("the clip's tail %q is not kept:\n%s", tail, out)
	}
	for _, want := range []string{`"CLI_VERSION": "2.1.18"`, `"name": "--flag99",`, `"type": "string",`, "skipped to the last"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}

// Properties of the clip's tail under an outline, over random objects
// pretty-printed and minified: the plan holds its limit and keeps its
// ranges in input order; when the outline of the whole limit does not
// keep the document's end, the plan ends with the clip's tail, verbatim,
// and nothing it keeps before reaches into it.
func TestOutlineClipTailProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var value func(depth int) any
		value = func(depth int) any {
			switch k := rapid.IntRange(0, 3).Draw(t, "kind"); {
			case k == 0 || depth > 3:
				return rapid.StringMatching(`[a-z0-9 ]{0,120}`).Draw(t, "string")
			case k == 1:
				a := make([]any, rapid.IntRange(0, 30).Draw(t, "elements"))
				for i := range a {
					a[i] = value(depth + 1)
				}
				return a
			default:
				m := map[string]any{}
				for i := range rapid.IntRange(0, 30).Draw(t, "members") {
					m["k"+itoa(i)] = value(depth + 1)
				}
				return m
			}
		}
		top := map[string]any{}
		for i := range rapid.IntRange(2, 8).Draw(t, "top members") {
			top["m"+itoa(i)] = value(1)
		}
		var text string
		if rapid.Bool().Draw(t, "minified") {
			text = mustMarshal(top)
		} else {
			b, _ := json.MarshalIndent(top, "", "  ")
			text = string(b)
		}
		text += "\n"
		limit := rapid.IntRange(200, max(200, len(text))).Draw(t, "limit")
		scan, ok := scanJSONTop(text)
		if !ok {
			t.Fatalf("a marshalled object does not scan: %q", text)
		}
		p, ok := planOutline(text, scan, limit)
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
		}
		pos := 0
		for _, it := range p.items {
			if it.end > it.start {
				if it.start < pos || it.end > len(text) {
					t.Fatalf("range %d-%d out of order or bounds (at %d)", it.start, it.end, pos)
				}
				pos = it.end
			}
		}
		pretty := !strings.HasPrefix(text, "{\"")
		o, _, ok := outline(text, 0, scan.end, &scan, limit, !pretty, selfNested(text, 0, scan.end), selfNested(text, 0, scan.end), -1)
		ts := clipTailStart(text, limit)
		if !ok || o.keepsEnd() || ts <= 0 || ts >= len(text) {
			return
		}
		last := p.items[len(p.items)-1]
		if last.start != ts || last.end != len(text) || last.note != "" {
			return // the outline in the room the tail leaves did not fit
		}
		for _, it := range p.items[:len(p.items)-1] {
			if it.end > ts {
				t.Fatalf("a kept range %d-%d reaches into the tail at %d", it.start, it.end, ts)
			}
		}
		if out := render(text, p, marker{what: p.what}); !strings.Contains(out, text[ts:]) {
			t.Fatalf("the tail is not kept verbatim:\n%s", out)
		}
	})
}
