package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// reports builds k certificate reports as certtool -i prints them, with
// no blank line between them: the same header, an issuer of issuers
// distinct values (every report's own when issuers is k, the subject's
// then), dates, the subject that names it, its key algorithm, and hex rows.
func reports(k, issuers, hexRows int) string {
	var b strings.Builder
	for r := range k {
		fmt.Fprintf(&b, "X.509 Certificate Information:\n\tVersion: 3\n\tIssuer: CN=Root %d,O=Org %d\n\tValidity:\n", r%issuers, r%issuers)
		fmt.Fprintf(&b, "\t\tNot Before: Wed Oct %02d 10:40:%02d UTC 20%02d\n", r%28+1, r%60, r%90)
		fmt.Fprintf(&b, "\tSubject: CN=Root %d,O=Org %d\n\tSubject Public Key Algorithm: %s\n", r, r, [2]string{"RSA", "EC/ECDSA"}[r%2])
		for h := range hexRows {
			fmt.Fprintf(&b, "\t\t\t%02x:%02x:a5:5f:da:1b:5f:e8:73:91:e5:da:5c:f4:a2:e6\n", r%256, h%256)
		}
		b.WriteString("Other Information:\n\tFingerprint:\n")
	}
	return b.String()
}

func TestSectionIDs(t *testing.T) {
	const one = "Report:\n\tName: %s\n\tKind: k\n\tx\n"
	four := func(a, b, c, d string) string {
		return fmt.Sprintf(one, a) + fmt.Sprintf(one, b) + fmt.Sprintf(one, c) + fmt.Sprintf(one, d)
	}
	cases := []struct {
		name, text string
		want       []int
	}{
		{"each report named by its one varying label", four("a", "b", "c", "d"), []int{1, 5, 9, 13}},
		{"a value met twice names no report", four("a", "b", "a", "d"), nil},
		{"too few reports", fmt.Sprintf(one, "a") + fmt.Sprintf(one, "b") + fmt.Sprintf(one, "c"), nil},
		{"no label of one value stands in every report: no reports",
			"A: 1\n\tName: a\nx\nB: 1\n\tName: b\nx\nC: 1\n\tName: c\nx\nD: 1\n\tName: d\nx\n", nil},
		{"a label met twice in a report names none",
			"Report:\n\tName: a\n\tName: b\nx\nReport:\nx\nReport:\n\tName: c\nx\nReport:\n\tName: d\nx\nReport:\n\tName: e\nx\n", nil},
		{"labels on every line are a table of fields, no reports",
			"Report:\nName: a\nReport:\nName: b\nReport:\nName: c\nReport:\nName: d\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testLineSel(c.text)
			assert.Equal(t, c.want, sectionIDs(s))
		})
	}
}

func TestAlternate(t *testing.T) {
	assert.True(t, alternate([]int{1, 5, 9}, []int{0, 4, 8}))
	assert.True(t, alternate([]int{0, 4, 8}, []int{3, 7, 11}))
	assert.False(t, alternate([]int{1, 2, 9}, []int{0, 4, 8}), "two of one between two of the other")
	assert.False(t, alternate([]int{1, 5}, []int{0, 4, 8}), "not as many")
	assert.False(t, alternate(nil, nil))
}

// TestSectionIDsPrefersNames: of the labels that tell reports apart, a
// date's (mostly digits) is passed over for a name's, and a self-signed
// certificate's Issuer, which its Subject repeats, for the Subject; a
// chain's Issuer, shared, names nothing.
func TestSectionIDsPrefersNames(t *testing.T) {
	for _, issuers := range []int{1, 3, 6} {
		text := reports(6, issuers, 4)
		s := testLineSel(text)
		ids := sectionIDs(s)
		require.Len(t, ids, 6, "issuers %d", issuers)
		for r, i := range ids {
			assert.Equal(t, fmt.Sprintf("\tSubject: CN=Root %d,O=Org %d", r, r), s.line(i), "issuers %d", issuers)
		}
	}
}

// TestPlanLinesNamesEveryReport: 40 alike certificate reports, mostly
// hex, keep every Subject with its key algorithm at 16,000 bytes, where
// a clip keeps the first and last few; at 4,000, more than half of the
// Subjects, spread over the reports.
func TestPlanLinesNamesEveryReport(t *testing.T) {
	text := reports(40, 40, 30)
	require.Greater(t, len(text), 4*16000)
	for _, c := range []struct{ limit, names, withNext int }{{16000, 40, 40}, {4000, 21, 1}} {
		p, ok := planLines(text, c.limit)
		require.True(t, ok)
		assert.LessOrEqual(t, itemsSize(p.items), c.limit)
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		var names []int
		withNext := 0
		for r := range 40 {
			name := fmt.Sprintf("\tSubject: CN=Root %d,O=Org %d\n", r, r)
			if strings.Contains(out, name) {
				names = append(names, r)
			}
			if strings.Contains(out, name+"\tSubject Public Key Algorithm: ") {
				withNext++
			}
		}
		assert.GreaterOrEqual(t, len(names), c.names, "limit %d", c.limit)
		assert.GreaterOrEqual(t, withNext, c.withNext, "limit %d", c.limit)
		if len(names) > 0 {
			assert.Less(t, names[len(names)/2], 30, "limit %d: the names kept bunch at the end: %v", c.limit, names)
			assert.Greater(t, names[len(names)/2], 10, "limit %d: the names kept bunch at the head: %v", c.limit, names)
		}
		assert.Contains(t, p.what, "sections named", "limit %d", c.limit)
	}
}

// TestPlanLinesSectionIDsProperties: in alike reports of any number and
// size, planned at any limit, every kept line is an input line at its
// number; when every report's naming line fits in a fifth of the limit,
// each is kept.
func TestPlanLinesSectionIDsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(recordNamesMin, 60).Draw(t, "reports")
		text := reports(k, rapid.IntRange(1, k).Draw(t, "issuers"), rapid.IntRange(0, 40).Draw(t, "hex rows"))
		in := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		limit := rapid.IntRange(200, max(201, len(text)-1)).Draw(t, "limit")
		p, ok := planLines(text, limit)
		if !ok {
			return
		}
		kept := keptWithin(t, text, p, limit, in)
		idBytes := 0
		var ids []int
		for i, l := range in {
			if strings.HasPrefix(l, "\tSubject: ") {
				ids = append(ids, i)
				idBytes += len(l) + len("[…lines 9,999-9,999 omitted…]\n\n")
			}
		}
		if idBytes > limit/5 {
			return
		}
		for _, i := range ids {
			if !slices.Contains(kept, i) {
				t.Fatalf("report name %d %q lost though the names fit (limit %d)", i+1, in[i], limit)
			}
		}
	})
}

func FuzzSectionIDs(f *testing.F) {
	f.Add(reports(5, 5, 2))
	f.Add("Report:\n\tName: a\nx\nReport:\n\tName: b\nx\nReport:\n\tName: c\nx\nReport:\n\tName: d\nx\n")
	f.Add("a:\n\tb:\n:\n  Name:")
	f.Fuzz(func(t *testing.T, text string) {
		s := testLineSel(text)
		ids := sectionIDs(s)
		seen := map[string]bool{}
		for k, i := range ids {
			if i < 0 || i >= s.n() || k > 0 && i <= ids[k-1] {
				t.Fatalf("line %d out of order or range (%d lines): %v", i, s.n(), ids)
			}
			key, value, ok := indentedLabel(s.line(i))
			if !ok || seen[value] {
				t.Fatalf("line %d %q is no label or repeats a value: %v", i, s.line(i), ids)
			}
			if k > 0 {
				if first, _, _ := indentedLabel(s.line(ids[0])); first != key {
					t.Fatalf("line %d's label %q is not the first's %q", i, key, first)
				}
			}
			seen[value] = true
		}
	})
}
