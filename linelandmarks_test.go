package headroom

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// dumpLines is an AST-like dump: a root, its children each opening a node
// named on the next line, nested six levels deep.
func dumpLines(children int) string {
	var b strings.Builder
	b.WriteString("Module(\n   body=[\n")
	for k := range children {
		b.WriteString("      FunctionDef(\n         name='f" + strings.Repeat("x", k) + "',\n")
		b.WriteString("         body=[\n            Return(\n               value=Call(\n                  func=Name(id='g', ctx=Load()),\n                  args=[\n                     Constant(value=1),\n                     Constant(value=2),\n                     Constant(value=3)],\n                  keywords=[]))]),\n")
	}
	b.WriteString("   type_ignores=[])\n")
	return b.String()
}

func TestIndentLandmarks(t *testing.T) {
	text := dumpLines(6)
	s := newLineSel(text, 1<<20, lineGaps(100))
	got := indentLandmarks(s)
	var want []int
	for k := range 6 {
		want = append(want, 2+11*k, 3+11*k) // FunctionDef( and its name line
	}
	assert.Equal(t, want, got)

	for name, text := range map[string]string{
		"javap": strings.Repeat("  public static int f(int);\n    Code:\n       0: iload_0\n         1: ireturn\n            x\n               y\n       2: iload_1\n       3: iadd\n       4: ireturn\n    LineNumberTable:\n", 8),
		"flat":  strings.Repeat("line\n", 50),
		"few":   dumpLines(2),
	} {
		s := newLineSel(text, 1<<20, lineGaps(100))
		assert.Nil(t, indentLandmarks(s), name)
	}
}

// Landmarks are lines of the text, in order, each at the landmark indent
// or the line right below one.
func TestIndentLandmarksProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var lines []string
		for range rapid.IntRange(0, 120).Draw(t, "lines") {
			ind := strings.Repeat(" ", rapid.IntRange(0, 20).Draw(t, "indent"))
			lines = append(lines, ind+rapid.SampledFrom([]string{"Node(", "x=1,", "y)", "", "[", "z]"}).Draw(t, "text"))
		}
		text := strings.Join(lines, "\n")
		s := newLineSel(text, 1<<20, lineGaps(len(lines)+1))
		got := indentLandmarks(s)
		for k, i := range got {
			if i < 0 || i >= s.n() || k > 0 && got[k-1] >= i {
				t.Fatalf("landmarks %v out of order or range (%d lines)", got, s.n())
			}
		}
	})
}
