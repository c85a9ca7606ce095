package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// facls writes n getfacl -R entries, each `# file:` over its owner,
// group and modes and a blank line, all root:root but those of odd,
// which are owned by their value.
func facls(n int, odd map[int]string) string {
	var b strings.Builder
	for x := range n {
		owner := "root"
		if o, ok := odd[x]; ok {
			owner = o
		}
		fmt.Fprintf(&b, "# file: /etc/conf.d/entry-%04d.conf\n# owner: %s\n# group: root\nuser::rw-\ngroup::r--\nother::r--\n\n", x, owner)
	}
	return b.String()
}

func TestRecordField(t *testing.T) {
	cases := []struct {
		l, key, value string
		ok            bool
	}{
		{"# owner: polkitd", "# owner:", " polkitd", true},
		{"user::rwx", "user:", ":rwx", true},
		{"Priority: optional \r", "Priority:", " optional", true},
		{"Id=ssh.service", "Id=", "ssh.service", true},
		{"#owner: x", "", "", false},
		{"  indented: prose", "", "", false},
	}
	for _, c := range cases {
		k, v, ok := recordField(c.l)
		assert.Equal(t, c.ok, ok, c.l)
		assert.Equal(t, c.key, k, c.l)
		assert.Equal(t, c.value, v, c.l)
	}
}

// TestRareRecords: the records holding a rare value of a field of
// categories, the rarest first; none for a field whose values are
// mostly distinct (a version, a checksum), nor for the name line.
func TestRareRecords(t *testing.T) {
	text := facls(200, map[int]string{150: "polkitd", 20: "postgres", 90: "postgres"})
	s := newLineSel(text, len(text), lineGaps(lineCount(text)))
	recs := readShapes(text, s.n(), 0, len(text), 2*len(text), leadsExact(len(text))).records
	require.Len(t, recs, 200)
	assert.Equal(t, []int{150, 20, 90}, rareRecords(s.line, recs))

	var b strings.Builder
	for x := range 200 {
		fmt.Fprintf(&b, "Package: p%d\nVersion: 1.%d\nPriority: optional\n\n", x, x)
	}
	text = b.String()
	s = newLineSel(text, len(text), lineGaps(lineCount(text)))
	recs = readShapes(text, s.n(), 0, len(text), 2*len(text), leadsExact(len(text))).records
	require.Len(t, recs, 200)
	assert.Empty(t, rareRecords(s.line, recs), "each version is its own, no category")
}

// TestPlanLinesKeepsRareRecordsWhole: getfacl -R's one entry owned by
// another user, deep in hundreds of root-owned ones, is kept whole —
// its name, owner, group and modes — where the name alone would say
// nothing of why it is there.
func TestPlanLinesKeepsRareRecordsWhole(t *testing.T) {
	text := facls(400, map[int]string{250: "polkitd"})
	p, ok := planLines(text, 4000)
	require.True(t, ok)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	assert.Contains(t, out, "# file: /etc/conf.d/entry-0250.conf\n# owner: polkitd\n# group: root\nuser::rw-\ngroup::r--\nother::r--\n")
	assert.Contains(t, out, "1 whole record of a rare field value")
}

// TestPlanLinesRareRecordsProperties: over entries with owners drawn
// from a few, every kept line is an input line, verbatim, at the number
// the gap notes give it, within the limit; and when an eighth of the
// room holds them, each record of a rare owner is kept whole.
func TestPlanLinesRareRecordsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(recordsRareMin, 300).Draw(t, "records")
		odd := map[int]string{}
		for range rapid.IntRange(0, 4).Draw(t, "odd") {
			odd[rapid.IntRange(0, n-1).Draw(t, "at")] = rapid.SampledFrom([]string{"polkitd", "postgres", "daemon"}).Draw(t, "owner")
		}
		text := facls(n, odd)
		in := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		limit := rapid.IntRange(200, max(201, len(text)-1)).Draw(t, "limit")
		p, ok := planLines(text, limit)
		if !ok {
			return
		}
		require.LessOrEqual(t, itemsSize(p.items), limit)
		kept := renderedLines(t, render(text, p, marker{tokens: 1, what: p.what, hint: p.hint}), in)
		at := map[int]bool{}
		for _, i := range kept {
			at[i] = true
		}
		// Each rare record costs under 160 bytes with its gap note: with an
		// eighth of the room for them all, each is whole.
		if limit < 16*160*len(odd) {
			return
		}
		// An owner drawn for several records is rare only while it holds
		// at most one record in recordRareShare.
		owners := map[string]int{}
		for _, o := range odd {
			owners["# owner: "+o]++
		}
		for i, l := range in {
			if c := owners[l]; c > 0 && c*recordRareShare <= n {
				for j := i - 1; j < i+5; j++ {
					if !at[j] {
						t.Fatalf("record at line %d of rare %q kept without line %d", i, l, j+1)
					}
				}
			}
		}
	})
}

// FuzzRecordField: any line is split without a panic into a key that
// ends in ':' or '=' and a value that, with the key, is the line less
// its trailing white space.
func FuzzRecordField(f *testing.F) {
	f.Add("# owner: polkitd")
	f.Add("user::rwx")
	f.Add("Id=ssh.service\r")
	f.Add("#")
	f.Fuzz(func(t *testing.T, l string) {
		k, v, ok := recordField(l)
		if !ok {
			return
		}
		if k == "" || !strings.ContainsAny(k[len(k)-1:], ":=") || k+v != strings.TrimRight(l, " \t\r") && !strings.HasPrefix(l, k+v) {
			t.Fatalf("%q split into %q and %q", l, k, v)
		}
	})
}
