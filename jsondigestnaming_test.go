package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// namedDiagnostics returns a pretty-printed array of n gcc-like diagnostics,
// each named only by a "kind" all of them share.
func namedDiagnostics(n int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\n    \"kind\": \"warning\",\n    \"column\": %d,\n    \"option\": \"-Wtraditional\",\n    \"message\": \"message number %d\"\n  }", i, i)
	}
	b.WriteString("\n]\n")
	return b.String()
}

func TestDigestNamingReadsSharedAndVariedMembers(t *testing.T) {
	text := namedDiagnostics(10)
	o := &outliner{text: text}
	d := digestNamingOf(o, sequence(text, 0, ']'))
	require.NotNil(t, d)
	assert.True(t, d.shared[`"kind": "warning"`], "every element's kind is one value")
	assert.True(t, d.shared[`"option": "-Wtraditional"`])
	assert.False(t, d.shared[`"message": "message number 3"`])
	assert.Equal(t, `"message"`, d.varied, "the string member of the most values")
}

func TestDigestNamingNeedsFourElements(t *testing.T) {
	text := namedDiagnostics(3)
	assert.Nil(t, digestNamingOf(&outliner{text: text}, sequence(text, 0, ']')))
}

// TestDigestNamesAnElementByWhatTellsItApart: a digest of a diagnostic
// whose one naming member every sibling shares shows its message, not
// its kind; with only three elements nothing is read as shared and the
// kind names it as before.
func TestDigestNamesAnElementByWhatTellsItApart(t *testing.T) {
	for _, c := range []struct {
		n         int
		want, not string
	}{
		{10, `"message": "message number 5"`, `"kind": "warning"`},
		{3, `"kind": "warning"`, `"message": "message number 1"`},
	} {
		text := namedDiagnostics(c.n)
		o := &outliner{text: text, compact: true}
		j := c.n / 2
		tree := o.digest(sequence(text, 0, ']'), j, 1, true, false)
		require.NotNil(t, tree)
		got := render(text, plan{items: (&outliner{text: text, nodes: tree}).items()}, marker{})
		assert.Contains(t, got, c.want)
		assert.NotContains(t, got, c.not)
	}
}

// TestDigestNamingKeepsANamingMemberThatVaries: a naming member whose
// values differ (a package's name) still names its element, and the
// shared one beside it (its type) is left out.
func TestDigestNamingKeepsANamingMemberThatVaries(t *testing.T) {
	var b strings.Builder
	b.WriteString("[\n")
	for i := range 8 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\n    \"name\": \"pkg-%d\",\n    \"type\": \"library\",\n    \"size\": %d\n  }", i, i*100)
	}
	b.WriteString("\n]\n")
	text := b.String()
	o := &outliner{text: text, compact: true}
	tree := o.digest(sequence(text, 0, ']'), 5, 1, true, false)
	require.NotNil(t, tree)
	got := render(text, plan{items: (&outliner{text: text, nodes: tree}).items()}, marker{})
	assert.Contains(t, got, `"name": "pkg-5"`)
	assert.NotContains(t, got, `"type": "library"`)
}
