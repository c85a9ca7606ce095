package headroom

import (
	"fmt"
	"strings"
	"testing"
)

func TestPrivateLevel(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
	}{
		{"def addfile(self, tarinfo, fileobj=None):", 0},
		{"    def _init_read_gz(self):", 1},
		{"    def __init__(self, name, mode):", 0}, // a dunder is public
		{"class _Stream:", 1},
		{"class TarInfo(object):", 0},
		{"function Parser:_get_usage()", 1},
		{"function Parser:parse(args)", 0},
		{"__git_ps1 ()", 2},
		{"_git_reset ()", 1},
		{"func (c *conn) hijacked() bool {", 0}, // Go's privacy is its case, not read here
		{"static int _helper(void)", 1},
		{"local _M = {}", 1},
		{"@property", 0},
		{"", 0},
		{"_ = x", 0},
	} {
		if got := privateLevel(c.line); got != c.want {
			t.Errorf("privateLevel(%q) = %d, want %d", c.line, got, c.want)
		}
	}
}

// A file of as many public as private functions, each as big, keeps the
// public ones first when not all fit.
func TestOutlinePublicBeforePrivate(t *testing.T) {
	var b strings.Builder
	b.WriteString("import os\n\n")
	for k := 0; k < 40; k++ {
		name := fmt.Sprintf("public%02d", k)
		if k%2 == 1 {
			name = fmt.Sprintf("_private%02d", k)
		}
		fmt.Fprintf(&b, "def %s(a):\n", name)
		for j := 0; j < 6; j++ {
			fmt.Fprintf(&b, "    a = a + %d\n", j)
		}
		b.WriteString("    return a\n\n")
	}
	text := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, 900)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	public, private := strings.Count(out, "def public"), strings.Count(out, "def _private")
	if public == 0 || public <= private+2 {
		t.Errorf("%d public and %d private functions kept, want the public ones first:\n%s", public, private, out)
	}
}

func TestAlikeRunEnd(t *testing.T) {
	lines := []string{
		"import os",       // 0
		"import sys",      // 1
		"from a import (", // 2: another word ends the run
		"    b,",
		")",
		"import io",
	}
	for _, c := range []struct {
		lines []string
		at    int
		want  int
	}{
		{[]string{"import a", "import b", "import c", "import d", "import e", "", "x = 1"}, 0, 6},
		{[]string{"import a", "import b", "import c", "import d", "x = 1"}, 0, 0}, // four: short enough
		{[]string{"{-# LANGUAGE A #-}", "{-# LANGUAGE B #-}", "{-# LANGUAGE C #-}", "{-# LANGUAGE D #-}", "{-# LANGUAGE E #-}", "module M"}, 0, 5},
		{[]string{"use a::{", "    b,", "};", "use c;", "use d;", "use e;", "use f;", "fn main() {"}, 0, 7},
		{lines, 0, 0},
		{[]string{"x", "x", "x", "x", "x", "x"}, 0, 0}, // a word of one byte says nothing
	} {
		text := strings.Join(c.lines, "\n") + "\n"
		s := newLineSel(text, 1000, outlineGaps(len(c.lines)))
		if got := alikeRunEnd(s, lineContent(s, false), c.at); got != c.want {
			t.Errorf("alikeRunEnd(%q, %d) = %d, want %d", c.lines, c.at, got, c.want)
		}
	}
}

// A long run of import statements keeps its first lines in the head of a
// file cut by three times or more; the room goes to the declarations.
func TestOutlineHeadSkipsAlikeRuns(t *testing.T) {
	var b strings.Builder
	for k := 0; k < 30; k++ {
		fmt.Fprintf(&b, "import module_number_%02d\n", k)
	}
	b.WriteString("\n")
	for k := 0; k < 150; k++ {
		fmt.Fprintf(&b, "def function_%03d(a):\n    return a + %d\n\n", k, k)
	}
	text := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, 1200)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	if n := strings.Count(out, "import module_number_"); n != headRunKept {
		t.Errorf("%d import lines kept, want the run's first %d:\n%s", n, headRunKept, out)
	}
	if !strings.Contains(out, "import module_number_00\n") {
		t.Errorf("the run's first line is lost:\n%s", out)
	}
}

// Small declarations of one shape give way to the others: the first of
// the family stands for it, and its siblings come after every other
// declaration.
func TestOutlineAlikeDeclarationsLast(t *testing.T) {
	var b strings.Builder
	b.WriteString("import os\n\n")
	b.WriteString("class BaseError(Exception):\n    pass\n\n")
	for k := 0; k < 20; k++ {
		fmt.Fprintf(&b, "class Error%02d(BaseError):\n    pass\n\n", k)
	}
	for k := 0; k < 20; k++ {
		fmt.Fprintf(&b, "class Thing%02d(object):\n", k)
		for j := 0; j < 4; j++ {
			fmt.Fprintf(&b, "    def method%02d_%d(self, x%d):\n        return x%d\n", k, j, j, j)
		}
		b.WriteString("\n")
	}
	text := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, 1300)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	if !strings.Contains(out, "class Error00(BaseError):") {
		t.Errorf("the family's first is lost:\n%s", out)
	}
	errs, methods := strings.Count(out, "(BaseError):"), strings.Count(out, "    def method")
	t.Logf("%d alike exceptions, %d methods", errs, methods)
	if errs > 2 || methods < 4 {
		t.Errorf("%d of 20 alike exceptions and %d of 80 methods kept, want the methods first:\n%s", errs, methods, out)
	}
}

func TestAlikeDecls(t *testing.T) {
	text := "class A(E):\n    pass\nclass B(E):\n    pass\nclass C(E):\n    pass\nclass D(F):\n    pass\nclass G(F):\n    pass\n"
	s := newLineSel(text, 1000, outlineGaps(10))
	ranks, _, _ := outlineLines(s, false)
	content := lineContent(s, false)
	w := declWeights(s, ranks, nil, content)
	got := alikeDecls(ranks, w, content)
	// A's family of three gives up B and C; D and G, two, are no family.
	if fmt.Sprint(got) != "[2 4]" {
		t.Errorf("alikeDecls = %v, want [2 4]", got)
	}
}
