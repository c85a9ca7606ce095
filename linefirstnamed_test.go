package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// namedTrace is a trace of n lines, a walk over packages in alike
// steps, with, at cause, the step on the misspelt name foolib and, at
// mention, a line naming it mid-line; the last line is the failure that
// quotes it.
func namedTrace(n, mention, cause int) []string {
	lines := make([]string, n)
	for i := range lines {
		p := fmt.Sprintf("pkg%d", i/6)
		switch i % 6 {
		case 0:
			lines[i] = "lib/pkg.c:1584 [traverse]: " + p + ": walking requires.private list"
		case 1:
			lines[i] = "lib/pkg.c:1343 [verify_dependency]: trying to verify dependency: " + p
		case 2:
			lines[i] = "lib/pkg.c:730 [find]: looking for: " + p
		case 3:
			lines[i] = fmt.Sprintf("lib/pkg.c:568 [try_path]: found: /home/dev/pc/%s.pc", p)
		default:
			lines[i] = fmt.Sprintf("lib/tuple.c:189 [tuple_add]: adding tuple %d to @0x5621%04x", i, i)
		}
	}
	lines[mention] = "lib/dependency.c:115 [add_dep]: added dependency [foolib >= 1.0] to list"
	lines[cause-1] = "lib/pkg.c:1584 [traverse]: bar: walking requires.private list"
	lines[cause] = "lib/pkg.c:1343 [verify_dependency]: trying to verify dependency: foolib"
	lines[n-1] = "Package 'foolib', required by 'bar', not found"
	return lines
}

func TestFirstNamedLinesFindsTheStepThatEndsWithTheName(t *testing.T) {
	lines := namedTrace(300, 40, 90)
	s := newLineSel(strings.Join(lines, "\n")+"\n", 1<<20, lineGaps(len(lines)))
	require.True(t, s.pick(len(lines)-1))
	// The mention mid-line (line 40) is passed by: the line that ends
	// with the name is the step on it.
	assert.Equal(t, []int{90}, firstNamedLines(s))
}

func TestFirstNamedLinesNeedsAKeptFailure(t *testing.T) {
	lines := namedTrace(300, 40, 90)
	s := newLineSel(strings.Join(lines, "\n")+"\n", 1<<20, lineGaps(len(lines)))
	assert.Empty(t, firstNamedLines(s), "the failure line is not kept")
	require.True(t, s.pick(10))
	assert.Empty(t, firstNamedLines(s), "a kept line that does not fail")
}

func TestFirstNamedLinesMatchesOnlyTheWholeName(t *testing.T) {
	lines := namedTrace(300, 40, 90)
	lines[90] = "lib/pkg.c:1343 [verify_dependency]: trying to verify dependency: xfoolib"
	lines[120] = "lib/pkg.c:1343 [verify_dependency]: trying to verify dependency: foolib.pc"
	s := newLineSel(strings.Join(lines, "\n")+"\n", 1<<20, lineGaps(len(lines)))
	require.True(t, s.pick(len(lines)-1))
	assert.Empty(t, firstNamedLines(s))
	lines[200] = "looking for: foolib  "
	s = newLineSel(strings.Join(lines, "\n")+"\n", 1<<20, lineGaps(len(lines)))
	require.True(t, s.pick(len(lines)-1))
	assert.Equal(t, []int{200}, firstNamedLines(s))
}

func TestFirstNamedLinesLooksOnlyAboveItsFailure(t *testing.T) {
	lines := namedTrace(300, 40, 90)
	lines[200] = "error: cannot load 'foolib'"
	s := newLineSel(strings.Join(lines, "\n")+"\n", 1<<20, lineGaps(len(lines)))
	require.True(t, s.pick(200))
	require.True(t, s.pick(299))
	// Both failures quote foolib: its first step is kept once.
	assert.Equal(t, []int{90}, firstNamedLines(s))
	lines[90] = lines[91]
	s = newLineSel(strings.Join(lines, "\n")+"\n", 1<<20, lineGaps(len(lines)))
	require.True(t, s.pick(200))
	assert.Empty(t, firstNamedLines(s))
}

func TestEndsNotFound(t *testing.T) {
	for line, want := range map[string]bool{
		"Package 'x', required by 'y', not found":      true,
		"\tlibfoo.so.1 => not found":                   true,
		"Package x was not found.":                     true,
		"not found":                                    true,
		"Error: file not found!  ":                     true,
		"the value was notfound":                       false,
		"not found in the search path":                 false,
		"grep -c 'not found' build.log":                false,
		"not found, retrying":                          false,
		"lookup: cache miss, key_not found":            false,
		"Checking for libz... not found":               true,
		"# TODO: handle the case where it's not found": true,
	} {
		assert.Equal(t, want, endsNotFound(line), line)
	}
}

func TestFirstQuotedName(t *testing.T) {
	for line, want := range map[string]string{
		"Package 'libbrotlicomon', required by 'libbrotlidec', not found": "libbrotlicomon",
		"Perhaps you should add the directory containing `libfoo.pc'":     "libfoo.pc",
		`error: module "github.com/x/y" not found`:                        "github.com/x/y",
		"it's a 'two word' name and 'okay'":                               "okay",
		"no quotes here":                                                  "",
		"'ab' is short, 'abc' is not":                                     "abc",
		"unclosed 'name":                                                  "",
	} {
		got, ok := firstQuotedName(line)
		assert.Equal(t, want != "", ok, line)
		assert.Equal(t, want, got, line)
	}
}

func TestEndsWithName(t *testing.T) {
	assert.True(t, endsWithName("looking for: foolib", "foolib"))
	assert.True(t, endsWithName("foolib", "foolib"))
	assert.True(t, endsWithName("miss: foolib \r", "foolib"))
	assert.True(t, endsWithName("path /x/foolib", "foolib"))
	assert.False(t, endsWithName("looking for: libfoolib", "foolib"))
	assert.False(t, endsWithName("looking for: x-foolib", "foolib"))
	assert.False(t, endsWithName("looking for: foolib.", "foolib"))
	assert.False(t, endsWithName("foolib is here", "foolib"))
}

// The cause of a late `not found`, far above it in alike trace lines,
// is kept with the line above it at both budgets, where the trace's
// head, tail and failure would otherwise be all that is kept of it.
func TestPlanLinesKeepsWhereAFailedNameWasFirstMet(t *testing.T) {
	lines := namedTrace(900, 100, 302)
	lines[600] = "/home/dev/pc/icu.pc:6: warning: whitespace encountered while parsing key section"
	text := strings.Join(lines, "\n") + "\n"
	for _, limit := range []int{4000, 16000} {
		p, ok := planLines(text, limit)
		require.True(t, ok)
		out := render(text, p, marker{})
		assert.Contains(t, out, lines[301]+"\n"+lines[302]+"\n", limit)
		assert.Contains(t, out, lines[899], limit)
		clip := render(text, planClip(text, limit, clipReserve(len(text))), marker{})
		assert.NotContains(t, clip, lines[302], limit)
	}
}

func FuzzFirstQuotedName(f *testing.F) {
	for _, s := range []string{"Package 'x', required by 'yyy', not found", "`abc'", `"a b" "cde"`, "'''", "'\x80\x81\x82'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		name, ok := firstQuotedName(line)
		if !ok {
			if name != "" {
				t.Fatalf("no name, yet %q", name)
			}
			return
		}
		if len(name) < 3 || len(name) > 100 || strings.ContainsAny(name, " \t'`\"") || !strings.Contains(line, name) {
			t.Fatalf("%q from %q", name, line)
		}
		if endsNotFound(line) && !endsNotFound(line+" ") {
			t.Fatalf("trailing space changed %q", line)
		}
	})
}
