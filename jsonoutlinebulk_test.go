package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// lockfile returns a package-lock of n packages, minified as jq -c
// prints it or pretty-printed as npm writes it, each package's members
// as extra(i) says beyond its version and integrity.
func lockfile(n int, pretty bool, extra func(i int) string) string {
	var b strings.Builder
	b.WriteString(`{"name":"app","version":"1.0.0","lockfileVersion":3,"requires":true,"packages":{`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"node_modules/pkg` + itoa(i) + `":{"version":"1.` + itoa(i) + `.0","integrity":"sha512-` +
			strings.Repeat(string(rune('a'+i%26)), 40) + `==",` + extra(i) + `"license":"MIT"}`)
	}
	b.WriteString("}}\n")
	if !pretty {
		return b.String()
	}
	// The same document as npm writes it: a member a line, two spaces
	// a level.
	var p strings.Builder
	depth := 0
	text := b.String()
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '"':
			j := stringEnd(text, i)
			p.WriteString(text[i:j])
			i = j - 1
		case '{':
			depth++
			p.WriteString("{\n" + strings.Repeat("  ", depth))
		case '}':
			depth--
			p.WriteString("\n" + strings.Repeat("  ", depth) + "}")
		case ',':
			p.WriteString(",\n" + strings.Repeat("  ", depth))
		case ':':
			p.WriteString(": ")
		default:
			p.WriteByte(c)
		}
	}
	return p.String()
}

// namedInClipHead returns how many of the lockfile's packages a blind
// clip's head of limit bytes — three quarters of them, as the outline
// reads it (clipHeadEnd) — shows whole, and how many of those out
// names with their version (`"node_modules/pkg7":{"version":"1.7.0"`,
// or the pretty-printed key and version lines).
func namedInClipHead(text, out string, n, limit int, pretty bool) (inClip, named int) {
	head := limit * clipHeadEighths / 8
	for i := range n {
		key := `"node_modules/pkg` + itoa(i) + `":`
		at := strings.Index(text, key)
		if end := at + strings.Index(text[at:], `"license"`); end > head {
			continue
		}
		inClip++
		want := key + `{"version":"1.` + itoa(i) + `.0"`
		if pretty {
			want = key + " {\n      \"version\": \"1." + itoa(i) + ".0\""
		}
		if strings.Contains(out, want) {
			named++
		}
	}
	return inClip, named
}

// A lockfile cut by little is a map of alike packages under one member:
// its outline names every package the clip's head shows whole, with its
// version, where the breadth summarised most of them on their key lines
// (`"node_modules/depd":{[…4 members…]`, express and eslint's lock at
// 1.5x to 2.25x: 2 of 6 facts, the clip 4).
func TestOutlineAlikeBulkNamesTheClipsHead(t *testing.T) {
	for _, pretty := range []bool{false, true} {
		text := lockfile(200, pretty, func(i int) string {
			if i%3 == 0 {
				return `"dev":true,"engines":{"node":">=` + itoa(10+i%7) + `"},`
			}
			return ""
		})
		for _, cut := range []int{3, 4, 5} { // 1.5x, 2x, 2.5x
			limit := len(text) * 2 / cut
			p, ok := planJSON(text, limit)
			if !ok {
				t.Fatalf("pretty %v, limit %d: the lockfile should be planned", pretty, limit)
			}
			if itemsSize(p.items) > limit {
				t.Fatalf("items %d bytes, limit %d", itemsSize(p.items), limit)
			}
			out := render(text, p, marker{what: p.what, hint: p.hint})
			inClip, named := namedInClipHead(text, out, 200, limit, pretty)
			if inClip == 0 || named < inClip {
				t.Errorf("pretty %v, limit %d of %d: named %d of the %d packages a blind clip's head shows:\n%.3000s", pretty, limit, len(text), named, inClip, out)
			}
		}
	}
}

// A document that is not one map of alike members — a schema whose
// properties sit beside its definitions — keeps its breadth: every
// definition named on its key line, which a clip's head would not reach.
func TestOutlineAlikeBulkLeavesABreadth(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"properties\": {\n")
	for i := range 40 {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("    \"prop" + itoa(i) + "\": {\n      \"type\": \"string\",\n      \"description\": \"" + strings.Repeat("p", 60) + "\"\n    }")
	}
	b.WriteString("\n  },\n  \"definitions\": {\n")
	for i := range 40 {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("    \"Def" + itoa(i) + "\": {\n      \"type\": \"object\",\n      \"description\": \"" + strings.Repeat("d", 60) + "\"\n    }")
	}
	b.WriteString("\n  }\n}\n")
	text := b.String()
	top, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("the schema should scan")
	}
	if k := alikeBulk(text, top); k != -1 {
		t.Fatalf("alikeBulk = %d, want -1: no member holds seven eighths of the schema", k)
	}
	if k := alikeBulk(lockfile(40, true, func(int) string { return "" }), mustScanTop(t, lockfile(40, true, func(int) string { return "" }))); k != 4 {
		t.Fatalf("alikeBulk of a lockfile = %d, want 4 (its packages)", k)
	}
}

func mustScanTop(t *testing.T, text string) jsonTop {
	t.Helper()
	top, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("the document should scan")
	}
	return top
}

// Property: a lockfile of 60 packages or more, of random members,
// minified or pretty-printed, at a budget over a third and at most two
// thirds of it, names with its version every package a blind clip's head
// of that budget shows whole, but for one at most.
func TestOutlineAlikeBulkNamesTheClipsHeadProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(60, 300).Draw(t, "packages")
		pretty := rapid.Bool().Draw(t, "pretty")
		deps := rapid.IntRange(0, 4).Draw(t, "deps")
		text := lockfile(n, pretty, func(i int) string {
			var b strings.Builder
			if k := (i * 7) % (deps + 1); k > 0 {
				b.WriteString(`"dependencies":{`)
				for d := range k {
					if d > 0 {
						b.WriteString(",")
					}
					b.WriteString(`"pkg` + itoa((i+d+1)%n) + `":"^1.0.0"`)
				}
				b.WriteString("},")
			}
			return b.String()
		})
		// Cut by less than three times (clipHeadEnd), by 1.5 at least.
		limit := len(text)/3 + 1 + len(text)/3*rapid.IntRange(0, 100).Draw(t, "limit%")/100
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("the lockfile should be planned (limit %d of %d)", limit, len(text))
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		inClip, named := namedInClipHead(text, out, n, limit, pretty)
		// The outline made again before a clip's tail (withClipTail)
		// reads a clip's head of the room that tail leaves: its run can
		// stop one package short of the whole limit's.
		if named < inClip-1 || inClip == 0 {
			t.Fatalf("limit %d of %d: named %d of the %d packages a blind clip's head shows:\n%.3000s", limit, len(text), named, inClip, out)
		}
	})
}
