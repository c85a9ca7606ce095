package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// fundTree writes an npm fund --json tree: a few top-level packages, the
// last of which depends (through one package of its own) on k alike
// packages, each funded by the same
// sponsor but the one at rare, funded by another. With tree unset the
// k packages are a flat map at the top instead, keyed as a lockfile
// keys them, by path.
func fundTree(k, rare int, tree bool) string {
	var b strings.Builder
	pkg := func(indent, name string, i int, url string, last bool) {
		fmt.Fprintf(&b, "%s%q: {\n%s  \"version\": \"1.%d.0\",\n%s  \"funding\": {\n%s    \"url\": %q\n%s  }\n%s}", indent, name, indent, i, indent, indent, url, indent, indent)
		if !last {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	url := func(i int) string {
		if i == rare {
			return "https://github.com/sponsors/other-org"
		}
		return "https://github.com/sponsors/one-maintainer"
	}
	if !tree {
		b.WriteString("{\n  \"name\": \"app\",\n  \"packages\": {\n")
		for i := range k {
			pkg("    ", fmt.Sprintf("node_modules/pkg-%03d", i), i, url(i), i == k-1)
		}
		b.WriteString("  }\n}\n")
		return b.String()
	}
	fmt.Fprintf(&b, "{\n  \"length\": %d,\n  \"name\": \"app\",\n  \"dependencies\": {\n", k+3)
	for i := range 2 {
		pkg("    ", fmt.Sprintf("top-%d", i), i, "https://opencollective.com/top", false)
	}
	// A package of the last one's, under which the k are: dependencies
	// nest three deep, as a tree's do.
	b.WriteString("    \"abstract\": {\n      \"version\": \"1.0.0\",\n      \"dependencies\": {\n")
	b.WriteString("        \"core\": {\n          \"version\": \"2.0.0\",\n          \"dependencies\": {\n")
	for i := range k {
		pkg("            ", fmt.Sprintf("pkg-%03d", i), i, url(i), i == k-1)
	}
	b.WriteString("          }\n        }\n      }\n    }\n  }\n}\n")
	return b.String()
}

// In a tree of dependencies, the one package among 60 alike whose
// funding differs is kept whole, its URL shown, where the even sample
// of the others and a digest by its version would not show it.
func TestOutlineKeepsRareMemberOfTree(t *testing.T) {
	for _, limit := range []int{2500, 4000, 5000} {
		text := fundTree(60, 23, true)
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := checkDocPlan(t, text, p, limit)
		if want := "\"pkg-023\": {\n              \"version\": \"1.23.0\",\n              \"funding\": {\n                \"url\": \"https://github.com/sponsors/other-org\""; !strings.Contains(out, want) {
			t.Fatalf("limit %d: the rare package is not kept whole:\n%s", limit, out)
		}
	}
}

// A flat map's members are told apart by their keys, which its even
// sample shows: a rare value there is no first pick (a lockfile's
// packages by path).
func TestOutlineSamplesFlatMapEvenly(t *testing.T) {
	text := fundTree(60, 23, false)
	p, ok := planJSON(text, 3000)
	if !ok {
		t.Fatal("declined")
	}
	out := checkDocPlan(t, text, p, 3000)
	if strings.Contains(out, "other-org") {
		t.Fatalf("the flat map's rare member is a first pick:\n%s", out)
	}
	if !strings.Contains(out, "node_modules/pkg-000") || !strings.Contains(out, "node_modules/pkg-059") {
		t.Fatalf("the flat map's first and last members are not kept:\n%s", out)
	}
}
