package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExportedNames(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"erlang", "-module(m).\n-export([alpha/1,\n         beta/2]).\nalpha(X) -> X.\n", []string{"alpha", "beta"}},
		{"python", "__all__ = [\"Alpha\", \"beta\"]\n", []string{"Alpha", "beta"}},
		{"haskell", "module Data.Thing\n  ( Thing(..)\n  , insert\n  ) where\n", []string{"Data", "Thing", "insert"}},
		{"js", "export { one, two as three };\n", []string{"one", "two", "as", "three"}},
		{"unclosed", "module M = struct\nlet x = 1\n", nil},
		{"none", "def f():\n    pass\n", nil},
	} {
		lines := strings.Split(c.text, "\n")
		got := exportedNames(func(i int) string { return lines[i] }, len(lines))
		var names []string
		for w := range got {
			names = append(names, w)
		}
		assert.ElementsMatch(t, c.want, names, c.name)
	}
}

func TestExported(t *testing.T) {
	names := map[string]bool{"map": true, "HashMap": true}
	for _, c := range []struct {
		line string
		want bool
	}{
		{"map(F, List) when is_function(F, 1) ->", true},
		{"mapfold(F, List) ->", false},
		{"data HashMap k v", true},
		{"insert :: HashMap k v -> map", false}, // the head ends at the type
		{"pub fn parse(s: &str) -> Hir {", true},
		{"fn helper() {", false},
		{"export function go(a) {", true},
	} {
		assert.Equal(t, c.want, exported(c.line, names), c.line)
	}
}

// A file that lists what it exports keeps those declarations before
// bigger ones it does not export, when not all fit.
func TestOutlineExportedBeforeBiggerHelpers(t *testing.T) {
	var b strings.Builder
	b.WriteString("-module(m).\n-export([")
	for k := 0; k < 20; k++ {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "api%02d/1", k)
	}
	b.WriteString("]).\n\n")
	for k := 0; k < 40; k++ {
		name, body := fmt.Sprintf("api%02d", k/2), 2
		if k%2 == 1 {
			name, body = fmt.Sprintf("helper%02d", k/2), 12
		}
		fmt.Fprintf(&b, "%s(X) ->\n", name)
		for j := 0; j < body; j++ {
			fmt.Fprintf(&b, "    Y%d = X + %d,\n", j, j)
		}
		b.WriteString("    X.\n\n")
	}
	text := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, 900)
	require.True(t, ok)
	out := render(text, p, marker{})
	api, helper := strings.Count(out, "\napi"), strings.Count(out, "\nhelper")
	assert.Greater(t, api, helper+2, "exported functions first:\n%s", out)
}

// Every name exportedNames returns is a word of the text, and it never
// panics.
func FuzzExportedNames(f *testing.F) {
	f.Add("-export([a/1,\n b/2]).\n")
	f.Add("module M\n  ( x\n  ) where\n")
	f.Add("__all__ = (\"a\",\n")
	f.Add("export {")
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		for w := range exportedNames(func(i int) string { return lines[i] }, len(lines)) {
			require.Contains(t, text, w)
			exported(w, map[string]bool{w: true})
		}
	})
}

// Openers that never close (`module M : sig`, an `export {` cut off) are
// sought past once, not each for exportListLines lines: exportedNames
// reads a line a few times at most, whatever the openers (counted, not
// timed: 300,000 such lines took minutes before).
func TestExportedNamesReadsLinesAFewTimes(t *testing.T) {
	var lines []string
	for i := range 30000 {
		lines = append(lines, fmt.Sprintf("module M%d : sig", i), "  val x : int", "end", fmt.Sprintf("export { a%d,", i))
	}
	lines = append(lines, "export { last }")
	reads := 0
	names := exportedNames(func(i int) string { reads++; return lines[i] }, len(lines))
	assert.LessOrEqual(t, reads, 3*len(lines), "lines read")
	assert.True(t, names["last"], "the list that closes is read")
}
