package headroom

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestNamingPrefixEnd(t *testing.T) {
	sha := strings.Repeat("9a446da9", 8)
	for _, c := range []struct {
		line, want string
	}{
		{`{"group":"org.eclipse.jetty","name":"jetty-io","scope":"required","licenses":["EPL-2.0"],"sha256":"` + sha + `","purl":"pkg:maven/x"}`,
			`{"group":"org.eclipse.jetty","name":"jetty-io","scope":"required","licenses":["EPL-2.0"]`},
		{`{"sha256":"` + sha + `","name":"first"}`, ``},                           // the long member opens it
		{`{"name":"short","version":"1.0.0"}`, ``},                                // no long member
		{`{"name":"x","deps":{"url":"` + sha + `"},"tail":1}`, ``},                // a nested object's member is not its own
		{`{"name":"x","note":"an \"escaped\" ` + sha + `","z":1}`, `{"name":"x"`}, // a long string with escapes
	} {
		got := c.line[:namingPrefixEnd(c.line)]
		if got != c.want {
			t.Errorf("namingPrefixEnd(%s) keeps %q, want %q", c.line, got, c.want)
		}
	}
}

// A naming prefix is a prefix of the event that, closed by a brace, is
// an object of the event's first members: it cuts at a member boundary.
func TestNamingPrefixEndIsMemberBoundary(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var b strings.Builder
		b.WriteString("{")
		for k := range rapid.IntRange(1, 8).Draw(rt, "members") {
			if k > 0 {
				b.WriteString(",")
			}
			v := rapid.StringMatching(`[a-z0-9 ."/:-]{0,90}`).Draw(rt, "value")
			enc, _ := json.Marshal(v)
			switch rapid.IntRange(0, 2).Draw(rt, "shape") {
			case 0:
				fmt.Fprintf(&b, `"k%d":%s`, k, enc)
			case 1:
				fmt.Fprintf(&b, `"k%d":[%s]`, k, enc)
			default:
				fmt.Fprintf(&b, `"k%d":{"in":%s}`, k, enc)
			}
		}
		b.WriteString("}")
		l := b.String()
		end := namingPrefixEnd(l)
		if end == 0 {
			return
		}
		if l[end] != ',' || !json.Valid([]byte(l[:end]+"}")) {
			rt.Fatalf("prefix %q of %s is not its first members", l[:end], l)
		}
	})
}

// sbomComponents is jq -c over a CycloneDX SBOM: n components, each its
// group, name, version, scope and licenses, then a SHA-256 and a purl;
// no member sorts them into kinds.
func sbomComponents(n int) string {
	var b strings.Builder
	for i := range n {
		sum := sha256.Sum256([]byte(fmt.Sprint(i)))
		fmt.Fprintf(&b, `{"group":"org.example.g%d","name":"component-%03d","version":"1.%d.0","scope":"required","licenses":["EPL-2.0","Apache-2.0"],"sha256":"%x","purl":"pkg:maven/org.example.g%d/component-%03d@1.%d.0?type=jar"}`+"\n",
			i%9, i, i%5, sum, i%9, i, i%5)
	}
	return b.String()
}

// A stream no key sorts into kinds, its events long for their hashes
// and addresses, shows its head run by the members that name each event:
// at 4,000 bytes the head holds more events than whole ones would fill,
// each an exact prefix of its line cut before its hash, and the plan
// holds its limit.
func TestJSONLinesHeadRunByNamingPrefix(t *testing.T) {
	text := sbomComponents(300)
	const limit = 4000
	_, out := planJSONLinesWithin(t, text, limit)
	lineLen := strings.Index(text, "\n") + 1
	whole := limit * 6 / 7 / lineLen // events a head run of whole ones holds at most
	shown := 0
	for i := range 300 {
		if strings.Contains(out, fmt.Sprintf(`"name":"component-%03d","version":"1.%d.0","scope":"required","licenses":["EPL-2.0","Apache-2.0"]`, i, i%5)) {
			shown++
		}
	}
	if shown <= whole+3 {
		t.Errorf("%d events named, no more than a head and tail run of whole ones (%d):\n%s", shown, whole+3, out)
	}
	for _, l := range strings.Split(out, "\n") {
		if head, _, cut := strings.Cut(l, " […"); cut && strings.HasPrefix(l, `{"group"`) && !strings.Contains(text, head+`,"sha256":`) {
			t.Errorf("line %q is not cut before its hash", l)
		}
	}
}

// namingPrefixEnd never panics, on any line, and cuts at a comma inside
// it or not at all.
func FuzzNamingPrefixEnd(f *testing.F) {
	f.Add(`{"name":"x","sha256":"` + strings.Repeat("ab", 32) + `"}`)
	f.Add(`{"a":[{"b":"` + strings.Repeat("c", 60) + `"}],"d":"` + strings.Repeat("e", 50))
	f.Add(`{"\`)
	f.Fuzz(func(t *testing.T, l string) {
		end := namingPrefixEnd(l)
		if end < 0 || end >= max(len(l), 1) || end > 0 && l[end] != ',' {
			t.Fatalf("namingPrefixEnd(%q) = %d", l, end)
		}
	})
}

// A stream no key sorts into kinds, cut by less than three times, whose
// events are named by prefixes a third shorter, keeps a run of them as a
// clip's head does, and more: every component in the first three
// quarters of the stream is named.
func TestJSONLinesCutByLittleRunsByNamingPrefix(t *testing.T) {
	text := sbomComponents(96)
	limit := len(text) * 2 / 3
	_, out := planJSONLinesWithin(t, text, limit)
	for i := range 96 * 3 / 4 {
		if w := fmt.Sprintf(`"name":"component-%03d","version":"1.%d.0"`, i, i%5); !strings.Contains(out, w) {
			t.Fatalf("component %d is not named:\n%s", i, out)
		}
	}
}

// planJSONLinesWithin returns planJSONLines' plan of text within limit
// and its rendering, failing t when it declines or overruns the limit.
func planJSONLinesWithin(t *testing.T, text string, limit int) (plan, string) {
	t.Helper()
	p, ok := planJSONLines(text, limit)
	if !ok {
		t.Fatal("declined")
	}
	if got := itemsSize(p.items); got > limit {
		t.Fatalf("plan is %d bytes, over its limit %d", got, limit)
	}
	return p, render(text, p, marker{what: p.what, hint: p.hint})
}
