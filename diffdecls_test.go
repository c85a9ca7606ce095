package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A changed line is a changed declaration when what follows its mark
// declares a type or a function at the top level, in a unified diff and
// in a context diff alike; a member, a statement or a file header is not.
func TestChangedDecl(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"-func (f *FlagSet) out() io.Writer {", true},
		{"+func (f *FlagSet) Output() io.Writer {", true},
		{"+type Route struct {", true},
		{"+def addfile(self, tarinfo, fileobj=None):", true},
		{"! func (t Result) Value() any {", true},
		{"+ func ishex(c byte) bool {", true},
		{"+\treturn f.output", false},
		{"-\tregexpTypePath   regexpType = 0", false},
		{"+\tfunc() {", false},
		{" func (f *FlagSet) Name() string {", false}, // context, not a change
		{"+++ b/flag.go", false},
		{"--- a/flag.go", false},
		{"+", false},
		{"", false},
	} {
		if got := changedDecl(c.line); got != c.want {
			t.Errorf("changedDecl(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// declDiff builds a git diff of news new files of config (whole-file
// hunks of a dozen lines each) and one code file of hunks small hunks,
// the middle one renaming a function.
func declDiff(news, hunks int) string {
	var b strings.Builder
	for f := range news {
		fmt.Fprintf(&b, "diff --git a/conf%d.yaml b/conf%d.yaml\nnew file mode 100644\nindex 0000000..1234567\n--- /dev/null\n+++ b/conf%d.yaml\n@@ -0,0 +1,12 @@\n", f, f, f)
		for k := range 12 {
			fmt.Fprintf(&b, "+key%d: value %d of file %d\n", k, k, f)
		}
	}
	b.WriteString("diff --git a/flag.go b/flag.go\nindex 1111111..2222222 100644\n--- a/flag.go\n+++ b/flag.go\n")
	for h := range hunks {
		at := 100 + 40*h
		fmt.Fprintf(&b, "@@ -%d,7 +%d,7 @@ func f%d() {\n \tctx1\n \tctx2\n \tctx3\n", at, at, h)
		if h == hunks/2 {
			b.WriteString("-func (f *FlagSet) out() io.Writer {\n+func (f *FlagSet) Output() io.Writer {\n")
		} else {
			fmt.Fprintf(&b, "-\tx := old(%d)\n+\tx := replacement(%d)\n", h, h)
		}
		b.WriteString(" \tctx4\n \tctx5\n \tctx6\n")
	}
	return b.String()
}

// A function renamed in the middle of a diff keeps both its lines, where
// the rounds of hunks, the smallest first, would spend the room on the
// new files' hunks and the code file's first ones; a diff with no
// declaration changed is planned as before.
func TestDiffKeepsChangedDecls(t *testing.T) {
	text := declDiff(8, 48)
	for _, limit := range []int{2500, 4000} {
		p, ok := planDiff(text, limit)
		if !ok {
			t.Fatalf("%d: declined the diff", limit)
		}
		out := render(text, p, marker{tokens: 1, what: p.what})
		for _, want := range []string{"@@ -1060,7 +1060,7 @@ func f24() {", "-func (f *FlagSet) out() io.Writer {", "+func (f *FlagSet) Output() io.Writer {"} {
			if !strings.Contains(out, want) {
				t.Errorf("%d: lost %q", limit, want)
			}
		}
	}
	plain := strings.Replace(text, "-func (f *FlagSet) out() io.Writer {\n+func (f *FlagSet) Output() io.Writer {\n", "-\tx := old(24)\n+\tx := replacement(24)\n", 1)
	p, _ := planDiff(plain, 2500)
	if out := render(plain, p, marker{tokens: 1, what: p.what}); strings.Contains(out, "replacement(24)") {
		t.Error("kept the middle hunk with no declaration in it: the choice is not the declaration's")
	}
}

// testCodeDiff builds a git diff of a test file whose hunks each add a
// test function, then a code file whose hunks each add the function the
// tests call, the code's one hunk in eight removing a line as well.
func testCodeDiff(files []string, hunks int) string {
	var b strings.Builder
	for _, name := range files {
		fmt.Fprintf(&b, "diff --git a/%s b/%s\nindex 1111111..2222222 100644\n--- a/%s\n+++ b/%s\n", name, name, name, name)
		fn := "Parse"
		if strings.HasSuffix(name, "_test.go") {
			fn = "TestParse"
		}
		for h := range hunks {
			at := 100 + 40*h
			fmt.Fprintf(&b, "@@ -%d,6 +%d,10 @@\n \tctx1\n \tctx2\n \tctx3\n+\n+func %s%d(s string) error {\n+\treturn nil\n+}\n \tctx4\n \tctx5\n \tctx6\n", at, at, fn, h)
		}
	}
	return b.String()
}

// A diff whose test file comes first keeps the functions its code file
// adds before the tests of them: a budget too small for both spends the
// declarations' share on the code.
func TestDiffKeepsCodeDeclsBeforeTests(t *testing.T) {
	text := testCodeDiff([]string{"parse_test.go", "parse.go"}, 60)
	p, ok := planDiff(text, 4000)
	require.True(t, ok, "declined the diff")
	out := render(text, p, marker{tokens: 1, what: p.what})
	code, tests := strings.Count(out, "+func Parse"), strings.Count(out, "+func TestParse")
	assert.Greater(t, code, tests, "kept %d functions of the code and %d of its tests:\n%s", code, tests, out)
}

func TestNamesTestFile(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"diff --git a/uuid_test.go b/uuid_test.go", true},
		{"diff -ru uuid@v1.3.0/uuid_test.go uuid@v1.6.0/uuid_test.go", true},
		{"diff --git a/tests/test_api.py b/tests/test_api.py", true},
		{"diff --git a/src/__tests__/app.js b/src/__tests__/app.js", true},
		{"--- lib/parser.spec.ts\t2024-01-01", true},
		{"diff --git a/test_utils.py b/test_utils.py", true},
		{"diff --git a/uuid.go b/uuid.go", false},
		{"diff --git a/contest.go b/contest.go", false},
		{"diff --git a/testing/util.go b/testing/util.go", false},
		{"", false},
	} {
		assert.Equal(t, c.want, namesTestFile(c.line), c.line)
	}
}

// declOrder tries the groups whole while they fit and spreads only the
// first that does not: a code file's added function is not left out for
// a spread that reaches into the tests after it.
func TestDeclOrderFillsGroupsInOrder(t *testing.T) {
	pick := func(i int) declPick { return declPick{line: i} }
	code := []declPick{pick(1), pick(2), pick(3)}
	tests := []declPick{pick(10), pick(11), pick(12), pick(13), pick(14), pick(15), pick(16), pick(17)}
	cost := func(declPick) int { return 10 }
	lines := func(ps []declPick) []int {
		var out []int
		for _, p := range ps {
			out = append(out, p.line)
		}
		return out
	}
	// Room for 7: the code's 3 whole, then 4 of the tests spread, then
	// the tests again for what the spread leaves.
	got := lines(declOrder([][]declPick{code, tests}, cost, 70))
	require.Equal(t, []int{1, 2, 3}, got[:3])
	require.Len(t, got[3:7], 4)
	for _, l := range got[3:7] {
		assert.GreaterOrEqual(t, l, 10)
	}
	assert.Equal(t, []int{10, 11, 12, 13, 14, 15, 16, 17}, got[7:])
	// Room for 2: the code spread, the tests only after it.
	got = lines(declOrder([][]declPick{code, tests}, cost, 20))
	require.Len(t, got, 2+len(code)+len(tests))
	for _, l := range got[:2] {
		assert.Less(t, l, 10)
	}
	// Room for all: each once, in order.
	assert.Equal(t, []int{1, 2, 3, 10, 11, 12, 13, 14, 15, 16, 17}, lines(declOrder([][]declPick{code, tests}, cost, 1000)))
}
