package headroom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// outdatedMap returns an npm outdated --json --long like map of n
// packages, each record's location and tarball repeating its key, the versions a
// reader looks up first.
func outdatedMap(n int) string {
	m := map[string]any{}
	for i := range n {
		name := fmt.Sprintf("pkg-%03d", i)
		m[name] = map[string]any{
			"current":            fmt.Sprintf("1.%d.0", i),
			"dependent":          fmt.Sprintf("dep-%03d", i*7%n),
			"latest":             fmt.Sprintf("%d.0.0", i+2),
			"location":           "/home/dev/projects/webapp/node_modules/.pnpm/" + name + "/node_modules/" + name,
			"resolved":           "https://registry.example/" + name + "/-/" + name + fmt.Sprintf("-1.%d.0.tgz", i),
			"type":               "dependencies",
			"dependedByLocation": fmt.Sprintf("node_modules/dep-%03d", i*7%n),
		}
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return string(b)
}

// A map whose members' locations repeat their keys is rolled by each
// member's key and leading lines: the versions, where naming lines
// showed the location again.
func TestPlanJSONRollKeyedShowsLeadingLines(t *testing.T) {
	text := outdatedMap(200)
	p, out := plannedJSON(t, text, 4000)
	if !strings.Contains(p.what, "by their naming lines alone") {
		t.Fatalf("not a roll: %s\n%s", p.what, out)
	}
	named := 0
	for i := 1; i < 199; i++ {
		name := fmt.Sprintf("pkg-%03d", i)
		if !strings.Contains(out, "\n  \""+name+"\": {\n") {
			continue
		}
		named++
		lead := fmt.Sprintf("\n  \"%s\": {\n    \"current\": \"1.%d.0\",\n    \"dependedByLocation\": \"node_modules/dep-%03d\",\n    \"dependent\": \"dep-%03d\",\n    \"latest\": \"%d.0.0\",\n", name, i, i*7%200, i*7%200, i+2)
		if !strings.Contains(out, lead) {
			t.Errorf("%s not rolled by its leading lines:\n%s", name, out)
		}
		if strings.Contains(out, "/node_modules/"+name+"\"") || strings.Contains(out, "/-/"+name) {
			t.Errorf("%s's location, which repeats its key, shown:\n%s", name, out)
		}
	}
	if named < 20 {
		t.Errorf("%d members named between the ends, want 20 or more:\n%s", named, out)
	}
}

// A map whose naming lines do not repeat its keys keeps them (the target
// specs' nested names).
func TestPlanJSONRollKeyedLeavesOtherMaps(t *testing.T) {
	text := targetSpecs(40)
	_, out := plannedJSON(t, text, 4000)
	for i := range 40 {
		if !strings.Contains(out, fmt.Sprintf("\"name\": \"RISC-V board %d\"", i)) {
			t.Errorf("member %d's naming line is gone:\n%s", i, out)
		}
	}
	if n := strings.Count(out, "\"arch\": \"riscv32\""); n > 2 { // the first and the last, whole
		t.Errorf("%d leading lines shown for a map whose names do not repeat its keys:\n%s", n, out)
	}
}

func TestLineRepeatsKey(t *testing.T) {
	for _, c := range []struct {
		s, key string
		want   bool
	}{
		{`: "/home/dev/app/node_modules/ms",`, "ms", true},
		{`: "/home/dev/app/node_modules/@babel/core",`, "@babel/core", true},
		{`: "node_modules/ms-util",`, "ms", false},
		{`: "items",`, "ms", false},
		{`: "a/b",`, "b", false}, // a one-byte key repeats nothing
		{`: "x.ms.y",`, "ms", true},
		{`: "ms"`, "ms", true},
		{`: "forms ms2 ms"`, "ms", true},
	} {
		if got := lineRepeatsKey(c.s, c.key); got != c.want {
			t.Errorf("lineRepeatsKey(%q, %q) = %v, want %v", c.s, c.key, got, c.want)
		}
	}
}

// leadingLines stops at a nested value, a member that repeats the key,
// and a member sharing its line; with no leading member it keeps the
// naming lines.
func TestLeadingLines(t *testing.T) {
	text := `{
  "zlib": {
    "version": "1.3",
    "license": "Zlib",
    "deps": ["a"],
    "after": "x"
  },
  "ms": {
    "path": "/x/ms",
    "version": "2.1.3"
  },
  "y": { "a": 1, "b": 2 }
}`
	top, _ := scanJSONTop(text)
	show := func(its []item) string {
		var b strings.Builder
		for _, it := range its {
			b.WriteString(text[it.start:it.end])
		}
		return b.String()
	}
	keyLine := func(m [2]int) []item {
		return []item{keepRange(blankLineStart(text, m[0]), lineEnd(text, m[0], len(text)))}
	}
	naming := append(keyLine(top.elems[0]), keepRange(0, 2))
	if got, want := show(leadingLines(text, top.elems[0], naming)), "  \"zlib\": {\n    \"version\": \"1.3\",\n    \"license\": \"Zlib\",\n"; got != want {
		t.Errorf("zlib: %q, want %q", got, want)
	}
	if got := leadingLines(text, top.elems[1], naming); len(got) != len(naming) {
		t.Errorf("ms, its first member repeating its key: %q, want its naming lines", show(got))
	}
	if got := leadingLines(text, top.elems[2], naming); len(got) != len(naming) {
		t.Errorf("y, members sharing a line: %q, want its naming lines", show(got))
	}
}

// FuzzLeadingLines: for any valid JSON object, each member's leading
// lines are whole lines of that member, in order, its key line first,
// and keysRepeated reads any sample without failing.
func FuzzLeadingLines(f *testing.F) {
	f.Add(outdatedMap(5))
	f.Add("{\n  \"a\": {\n    \"b\": \"a\",\n    \"c\": [1]\n  },\n  \"ms\": {\"x\": \"ms\"}\n}")
	f.Add(`{"k":{"v":"k"},"kk":"x"}`)
	f.Fuzz(func(t *testing.T, text string) {
		if !json.Valid([]byte(text)) {
			return
		}
		top, ok := scanJSONTop(text)
		if !ok || top.kind != "object member" {
			return
		}
		keyLine := func(j int) ([]item, bool) {
			m := top.elems[j]
			return []item{keepRange(blankLineStart(text, m[0]), lineEnd(text, m[0], len(text)))}, true
		}
		sample := make([]int, len(top.elems))
		for j := range sample {
			sample[j] = j
		}
		keysRepeated(text, top.elems, sample, keyLine)
		for j, m := range top.elems {
			naming, _ := keyLine(j)
			its := leadingLines(text, m, naming)
			if len(its) == 0 || its[0] != naming[0] {
				t.Fatalf("member %d: %v, want its key line first", j, its)
			}
			for k, it := range its[1:] {
				if it.start < m[0] || it.end > len(text) || it.start >= it.end || it.start < its[k].end ||
					text[it.end-1] != '\n' || it.start > 0 && text[it.start-1] != '\n' {
					t.Fatalf("member %d: line %d [%d, %d) is no whole line of it", j, k+1, it.start, it.end)
				}
			}
		}
	})
}
