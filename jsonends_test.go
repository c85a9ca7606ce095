package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// An array of few large objects keeps every object's identity and its
// closing count, not some objects whole and the others not at all.
func TestJSONFewLargeElementsKeepEveryHead(t *testing.T) {
	var b strings.Builder
	b.WriteString("[\n")
	for k := range 5 {
		fmt.Fprintf(&b, "  {\n    \"id\": \"pkg%d@1.0.%d\",\n    \"files\": [\n", k, k)
		for f := range 80 + 20*k {
			if f > 0 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, "      {\"path\": \"lib/file%d.js\", \"size\": %d}", f, 100+f)
		}
		fmt.Fprintf(&b, "\n    ],\n    \"entryCount\": %d\n  }", 80+20*k)
		if k < 4 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	text := b.String()
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("%d: declined", limit)
		}
		out := render(text, p, marker{tokens: 1, what: p.what})
		if len(out) > limit {
			t.Fatalf("%d: %d bytes", limit, len(out))
		}
		for k := range 5 {
			for _, want := range []string{fmt.Sprintf("\"id\": \"pkg%d@1.0.%d\"", k, k), fmt.Sprintf("\"entryCount\": %d", 80+20*k)} {
				if !strings.Contains(out, want) {
					t.Errorf("%d: lost %s", limit, want)
				}
			}
		}
	}
}

// An element whose name sits between two long nested members (npm
// query's _id after package.json's dependencies, before arborist's edge
// lists) keeps that member line: its own one-line members are kept
// between its ends, identifying keys first.
func TestJSONFewLargeElementsKeepMiddleIdentity(t *testing.T) {
	var b strings.Builder
	b.WriteString("[\n")
	for k := range 4 {
		fmt.Fprintf(&b, "  {\n    \"description\": \"package number %d\",\n    \"keywords\": [\n", k)
		for f := range 60 {
			fmt.Fprintf(&b, "      \"keyword-%d-%d\",\n", k, f)
		}
		fmt.Fprintf(&b, "      \"last\"\n    ],\n    \"license\": \"MIT\",\n    \"_id\": \"pkg%d@2.0.%d\",\n    \"to\": [\n", k, k)
		for f := range 60 {
			fmt.Fprintf(&b, "      \"node_modules/dep-%d-%d\",\n", k, f)
		}
		b.WriteString("      \"node_modules/last\"\n    ],\n    \"dev\": false\n  }")
		if k < 3 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	text := b.String()
	p, ok := planJSON(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{tokens: 1, what: p.what})
	if len(out) > 4000 {
		t.Fatalf("%d bytes", len(out))
	}
	for k := range 4 {
		if want := fmt.Sprintf("    \"_id\": \"pkg%d@2.0.%d\",\n", k, k); !strings.Contains(out, want) {
			t.Errorf("lost %q", want)
		}
	}
}

// A map of few large members (rustc's target specs by name) keeps, in
// each member's middle, the one-line description of the object it holds
// (metadata's): a map's member is read from its value, and a nested
// description names it first, before its other one-line members.
func TestJSONFewLargeMembersKeepNestedDescription(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n")
	for k := range 5 {
		fmt.Fprintf(&b, "  \"target-%d\": {\n    \"arch\": \"mips\",\n    \"features\": [\n", k)
		for f := range 40 {
			fmt.Fprintf(&b, "      \"+feature-%d-%d\",\n", k, f)
		}
		fmt.Fprintf(&b, "      \"+last\"\n    ],\n    \"linker\": \"rust-lld\",\n    \"metadata\": {\n      \"description\": \"Board number %d\",\n      \"tier\": 3\n    },\n    \"os\": \"none\",\n    \"supported\": [\n", k)
		for f := range 40 {
			fmt.Fprintf(&b, "      \"sanitizer-%d-%d\",\n", k, f)
		}
		b.WriteString("      \"last\"\n    ],\n    \"target-pointer-width\": 32\n  }")
		if k < 4 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	text := b.String()
	top, _ := scanJSONTop(text)
	its, _, ok := planSequenceEnds(text, top.elems, top.kind, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, plan{strategy: StrategyJSON, items: its, markerAt: len(its)}, marker{tokens: 1})
	for k := range 5 {
		if want := fmt.Sprintf("      \"description\": \"Board number %d\",\n", k); !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}
