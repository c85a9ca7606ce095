package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIsVerdictWord(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"ok", true},
		{"valid", true},
		{"FAILED", true},
		{"up-to-date", true},
		{"not_found", true},
		{"", false},
		{"-ok", false},
		{"ok-", false},
		{"errors.", false},
		{"java.base", false},
		{"42", false},
		{"^", false},
		{`"x.dtd"`, false},
		{"abcdefghijklmnopqrstuvwxyz", false},
	} {
		assert.Equal(t, c.want, isVerdictWord(c.v), c.v)
	}
}

// checkerLike returns n items checked as xmlstarlet val -e -w writes
// them: every third item's warning (its message, the source line and a
// caret) before its `PATH - valid` verdict, and the items in bad with
// an error and an `- invalid` verdict instead.
func checkerLike(n int, bad map[int]bool) string {
	var b strings.Builder
	for i := range n {
		if i%3 == 0 {
			fmt.Fprintf(&b, "dir/file%d.xml:8.43: failed to load external entity \"dir/t%d.dtd\"\n", i, i%5)
			fmt.Fprintf(&b, "<!DOCTYPE feature SYSTEM \"t%d.dtd\">\n%s^\n", i%5, strings.Repeat(" ", 30+i%7))
		}
		if bad[i] {
			fmt.Fprintf(&b, "dir/file%d.xml:44.11: Opening and ending tag mismatch: reg line 20 and feature\n</feature>\n          ^\n", i)
			fmt.Fprintf(&b, "dir/file%d.xml - invalid\n", i)
			continue
		}
		fmt.Fprintf(&b, "dir/file%d.xml - valid\n", i)
	}
	b.WriteString("[exit status 1]\n")
	return b.String()
}

// TestRareVerdictRows: among verdicts with other lines between them, the
// rows of the rare verdict come back, and the error whose last word is
// rare among the verdicts' too; the lines that end in no word are no
// rows, so they do not make the text decline as tailCategories does.
func TestRareVerdictRows(t *testing.T) {
	text := checkerLike(300, map[int]bool{151: true})
	s := newLineSel(text, 4000, lineGaps(lineCount(text)))
	assert.Nil(t, rareCategories(s, 0, s.n(), s.n(), tailCategories))
	var got []string
	for _, i := range rareCategories(s, 0, s.n(), s.n(), verdictCategories) {
		got = append(got, s.line(i))
	}
	assert.ElementsMatch(t, []string{
		"dir/file151.xml:44.11: Opening and ending tag mismatch: reg line 20 and feature",
		"dir/file151.xml - invalid",
	}, got)
}

// TestRareVerdictRowsDeclines: a verdict every line gives (no rare one),
// last words of prose (more than a column of verdicts holds), last words
// of which none is half the rows' (opcodes with no argument, not a pass
// and its failures) and too few verdicts give nothing.
func TestRareVerdictRowsDeclines(t *testing.T) {
	var prose strings.Builder
	for i := range 300 {
		fmt.Fprintf(&prose, "line %d says word%c%c\n", i, 'a'+i%26, 'a'+i/26%26)
	}
	var opcodes strings.Builder
	for i := range 300 {
		op := []string{"PUSH_NULL", "NOP", "POP_TOP", "RETURN_VALUE"}[i%4]
		if i == 150 {
			op = "POP_EXCEPT"
		}
		fmt.Fprintf(&opcodes, "%d %d %s\n", 100+i, 2*i, op)
	}
	// Verdicts one line in ten: not a checker's run of items, and
	// not read to its end (see verdictsDense).
	var sparse strings.Builder
	for i := range 100 {
		for j := range 9 {
			fmt.Fprintf(&sparse, "openat(AT_FDCWD, \"/x/%d\", O_RDONLY) = %d\n", j, i)
		}
		fmt.Fprintf(&sparse, "item%d - %s\n", i, map[bool]string{true: "invalid", false: "valid"}[i == 50])
	}
	for name, text := range map[string]string{
		"sparse":    sparse.String(),
		"all valid": checkerLike(300, nil),
		"prose":     prose.String(),
		"opcodes":   opcodes.String(),
		"few":       checkerLike(30, map[int]bool{20: true}),
	} {
		s := newLineSel(text, 4000, lineGaps(lineCount(text)))
		assert.Nil(t, rareCategories(s, 0, s.n(), s.n(), verdictCategories), name)
	}
}

// TestPlanLinesKeepsRareVerdict: a checker's run cut to a tenth keeps the
// failing item's verdict and its error, though each of its warnings
// holds a failure word and a shape as rare.
func TestPlanLinesKeepsRareVerdict(t *testing.T) {
	text := checkerLike(900, map[int]bool{461: true})
	p, ok := planLines(text, len(text)/10)
	require.True(t, ok)
	out := render(text, p, marker{})
	assert.Contains(t, out, "dir/file461.xml - invalid\n")
	assert.Contains(t, out, "dir/file461.xml:44.11: Opening and ending tag mismatch")
}

// FuzzRareVerdictRows: whatever the text, the rows returned are lines of
// it, each once, each ending in a verdict word.
func FuzzRareVerdictRows(f *testing.F) {
	f.Add(checkerLike(60, map[int]bool{31: true}))
	f.Add("a b ok\n\n x y z-\t\n")
	f.Fuzz(func(t *testing.T, text string) {
		n := lineCount(text)
		s := newLineSel(text, 1<<20, lineGaps(n))
		seen := map[int]bool{}
		for _, i := range rareCategories(s, 0, s.n(), s.n(), verdictCategories) {
			if i < 0 || i >= n || seen[i] {
				t.Fatalf("row %d of %d returned again or out of range", i, n)
			}
			seen[i] = true
			if v, ok := lastField(s.line(i)); !ok || !isVerdictWord(v) {
				t.Fatalf("line %d %q ends in no verdict word", i, s.line(i))
			}
		}
	})
}
