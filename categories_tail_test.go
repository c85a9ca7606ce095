package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLastField(t *testing.T) {
	for _, c := range []struct {
		line, want string
		ok         bool
	}{
		{"   a.B   -> java.lang.Object      java.base", "java.base", true},
		{"a.B -> c.D   not found  ", "found", true},
		{"a b\tc\r", "c", true},
		{"two fields", "", false},
		{"   one", "", false},
		{"", "", false},
		{"    ", "", false},
	} {
		got, ok := lastField(c.line)
		assert.Equal(t, c.ok, ok, c.line)
		assert.Equal(t, c.want, got, c.line)
	}
}

// jdepsLike returns n rows `class -> dependency  module` whose module is
// java.base or `not found`, but at the rows of rare, which hold its value.
func jdepsLike(n int, rare map[int]string) string {
	var b strings.Builder
	for i := range n {
		module := "java.base"
		if i%3 == 0 {
			module = "not found"
		}
		if v, ok := rare[i]; ok {
			module = v
		}
		fmt.Fprintf(&b, "   org.example.pkg%d.Class%d   -> java.lang.Type%d      %s\n", i%7, i, i*31%97, module)
	}
	return b.String()
}

// TestRareTailRows: the rows whose last column holds a value at most one
// row in twenty holds come back, each value's first row before a second
// of any, the rarest value first, three at most of each; a common value (`not found`, one row in three) does not.
func TestRareTailRows(t *testing.T) {
	rare := map[int]string{77: "java.logging", 201: "java.logging",
		10: "java.sql", 150: "java.sql", 290: "java.sql", 295: "java.sql"}
	text := jdepsLike(300, rare)
	s := newLineSel(text, 4000, lineGaps(300))
	assert.Equal(t, []int{77, 10, 201, 150, 290}, rareCategories(s, 0, s.n(), s.n(), tailCategories))
}

// TestRareTailRowsDeclines: a last column of names (every value its
// own), too few rows, lines that are not rows, or one value alone give
// nothing.
func TestRareTailRowsDeclines(t *testing.T) {
	var names strings.Builder
	for i := range 300 {
		fmt.Fprintf(&names, "-rw-r--r-- 1 root root %d file%d.go\n", i*13, i)
	}
	var prose strings.Builder
	for i := range 300 {
		if i%5 == 0 {
			fmt.Fprintf(&prose, "note%d\n", i)
			continue
		}
		fmt.Fprintf(&prose, "a -> b  %s\n", map[bool]string{true: "rare", false: "common"}[i == 40])
	}
	var one strings.Builder
	for range 100 {
		one.WriteString("a -> b  java.base\n")
	}
	for name, text := range map[string]string{
		"names": names.String(),
		"few":   jdepsLike(39, map[int]string{5: "java.sql"}),
		"prose": prose.String(),
		"one":   one.String(),
	} {
		s := newLineSel(text, 4000, lineGaps(lineCount(text)))
		assert.Nil(t, rareCategories(s, 0, s.n(), s.n(), tailCategories), name)
	}
}

// TestPlanLinesKeepsRareTailRows: a dependency table cut to a tenth keeps
// the two rows whose module no other row names.
func TestPlanLinesKeepsRareTailRows(t *testing.T) {
	text := jdepsLike(600, map[int]string{233: "java.logging", 388: "java.logging"})
	p, ok := planLines(text, 4000)
	require.True(t, ok)
	out := render(text, p, marker{})
	assert.Contains(t, out, "Class233   -> java.lang.Type")
	assert.Contains(t, out, "Class388   -> java.lang.Type")
}

// FuzzRareTailRows: whatever the text, the rows returned are lines of it,
// each once, each a row whose last field few rows hold.
func FuzzRareTailRows(f *testing.F) {
	f.Add(jdepsLike(60, map[int]string{7: "java.sql"}))
	f.Add("a b c\n\n x y z\t\n")
	f.Fuzz(func(t *testing.T, text string) {
		n := lineCount(text)
		s := newLineSel(text, 1<<20, lineGaps(n))
		seen := map[int]bool{}
		for _, i := range rareCategories(s, 0, s.n(), s.n(), tailCategories) {
			if i < 0 || i >= n || seen[i] {
				t.Fatalf("row %d of %d returned again or out of range", i, n)
			}
			seen[i] = true
			if _, ok := lastField(s.line(i)); !ok {
				t.Fatalf("line %d %q is not a row", i, s.line(i))
			}
		}
	})
}
