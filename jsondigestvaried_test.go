package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// statusRecords writes n dpkg-like records: each its own "Package", a
// "Version" three of them share, and long members that keep each from
// fitting whole.
func statusRecords(n int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for i := range n {
		fmt.Fprintf(&b, "  {\n    \"Package\": \"pkg-%02d\",\n    \"Status\": \"install ok installed\",\n    \"Maintainer\": \"Team %d <team@example.org>\",\n    \"Version\": \"1.%d.0-1\",\n    \"Depends\": %q,\n    \"Description\": %q\n  }",
			i, i%5, i/3, strings.Repeat("libc6 (>= 2.34), ", 8), strings.Repeat("a tool ", 20))
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	return b.String()
}

// Records named by a version three of them share show, in their
// digests, the member whose values differ in each: which package.
func TestDigestNamesByTheMemberThatDiffersInEach(t *testing.T) {
	text := statusRecords(30)
	p, ok := planJSON(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	checkPlan(t, text, p, 4000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	for _, want := range []string{"    \"Package\": \"pkg-07\",", "    \"Package\": \"pkg-16\","} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}

func TestNamesEach(t *testing.T) {
	pkg, ver := `"Package"`, `"Version"`
	for _, c := range []struct {
		name               string
		varied             string
		distinct, held     map[string]int
		idDistinct, idHeld map[string]int
		want               bool
	}{
		{"a version repeats, each package its own", pkg, map[string]int{pkg: 30}, map[string]int{pkg: 30}, map[string]int{ver: 10}, map[string]int{ver: 30}, true},
		{"the naming member names each already", pkg, map[string]int{pkg: 30}, map[string]int{pkg: 30}, map[string]int{ver: 30}, map[string]int{ver: 30}, false},
		{"two packages alike", pkg, map[string]int{pkg: 29}, map[string]int{pkg: 30}, map[string]int{ver: 10}, map[string]int{ver: 30}, false},
		{"no naming member", pkg, map[string]int{pkg: 30}, map[string]int{pkg: 30}, map[string]int{}, map[string]int{}, false},
		{"too few", pkg, map[string]int{pkg: 3}, map[string]int{pkg: 3}, map[string]int{ver: 1}, map[string]int{ver: 3}, false},
		{"none varied", "", nil, nil, map[string]int{ver: 1}, map[string]int{ver: 30}, false},
	} {
		if got := namesEach(c.varied, c.distinct, c.held, c.idDistinct, c.idHeld); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
