package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestStepLead(t *testing.T) {
	for l, want := range map[string]string{
		"wrote `out/language/tree-il/spec.go'":              "wrote",
		"+ splint +posixlib liblzma-dev/02_decompress.c":    "+ splint",
		"<<< Started new-module/go.mod":                     "<<< Started",
		"<<< Started new transaction, based on revision 1":  "<<< Started",
		"      if @fields and not row.respond_to?(:fields)": "", // quoted code
		"gzlog.c: note: in included file:":                  "", // a file's name, not a step
		"==3595== Invalid write of size 1":                  "", // a prefix with digits
		"note: something":                                   "", // a label
		"x":                                                 "", // one letter
		"+ + + splint a":                                    "", // three marks
		"":                                                  "",
	} {
		lines := scanLog(l + "\n")
		assert.Equal(t, want, stepLead(lines, 0), "stepLead(%q)", l)
	}
	// An indented line read as a trace's leads a step only when it ends
	// in a file's name: kbuild's `  CHECK   file`, not a frame.
	lines := scanLog("a.c:1:2: warning: w\n  CHECK   examples/gzlog.c\na.c:1:2: warning: w\n    at foo (a.js:1:2)\n")
	require.Equal(t, lineTrace, lines.class(1))
	assert.Equal(t, "  CHECK", stepLead(lines, 1))
	assert.Equal(t, "", stepLead(lines, 3))
}

// stepLog writes a compiler's run over files, each told by one `wrote`
// line over its distinct warnings, with one failure in file fail three
// warnings below its `wrote` line, as guild writes them.
func stepLog(files, warnings, fail int) string {
	var b strings.Builder
	for f := range files {
		fmt.Fprintf(&b, "wrote `out/unit%02d.go'\n", f)
		n := warnings
		if f == fail {
			n = 3
		}
		for w := range n {
			fmt.Fprintf(&b, "unit%02d.scm:%d:4: warning: unused variable `v%d'\n", f, 10+w, w)
		}
		if f == fail {
			fmt.Fprintf(&b, "ice-9/boot-9.scm:1685:16: In procedure raise-exception:\nunit%02d.scm:302:63: Unknown # object: \"#z\"\n", f)
		}
	}
	b.WriteString("[exit status 1]\n")
	return b.String()
}

// The step line that names the unit a failure sits in is kept with the
// failure, though the distinct warnings fill the budget: guild's `wrote`
// four lines above its failure, which a blind clip's head kept.
func TestPlanLogKeepsStepAboveFailure(t *testing.T) {
	text := stepLog(12, 30, 5)
	p, ok := planLog(text, 4000, logOptions{})
	require.True(t, ok)
	out := render(text, p, marker{})
	require.Contains(t, out, "unit05.scm:302:63: Unknown # object")
	assert.Contains(t, out, "wrote `out/unit05.go'\n")
}

// A line said again under every step (a banner) names no unit: the step
// above it is kept, not the banner.
func TestStepAbovePassesOverRepeatedBanner(t *testing.T) {
	var b strings.Builder
	for f := range 8 {
		fmt.Fprintf(&b, "+ splint +posixlib src/f%d.c\nSplint 3.1.2 --- 21 Feb 2021\n\n", f)
		for w := range 10 {
			fmt.Fprintf(&b, "src/f%d.c:%d:3: Statement has no effect: (void)x%d\n", f, w+1, w)
		}
		if f == 4 {
			b.WriteString("src/f4.c:152:6: Parse Error. (For help on parse errors, see\n                                       splint -help parseerrors.)\n")
		}
	}
	lines := scanLog(b.String())
	at := strings.Count(b.String()[:strings.Index(b.String(), "src/f4.c:152:6")], "\n")
	got := newProgressScan().stepAbove(lines, logBlock{head: int32(at), first: int32(at), last: int32(at + 1)})
	require.GreaterOrEqual(t, got, 0)
	assert.Equal(t, "+ splint +posixlib src/f4.c", lines.line(got))
}

// Where the nearest step names no file (sphinx's `reading sources...
// [100%] v2-migration-guide`), none is taken: a step further up names a
// unit the failure is not in.
func TestStepAboveNamesAFileOrNothing(t *testing.T) {
	text := "reading sources... [ 80%] reference/urllib3.response\nreading sources... [ 85%] reference/urllib3.util\n" +
		"reading sources... [100%] v2-migration-guide\n\n/docs/advanced-usage.rst:325: ERROR: Unknown directive type \"notes\".\n"
	lines := scanLog(text)
	assert.Equal(t, -1, newProgressScan().stepAbove(lines, logBlock{head: 4, first: 4, last: 4}))
}

// stepAbove gives a line above the block, within progressWindow lines,
// that leads a step, or -1; and it never reads more than its bound.
func TestStepAboveIsALeadAbove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 1500).Draw(t, "lines")
		var b strings.Builder
		for i := range n {
			switch rapid.IntRange(0, 6).Draw(t, "kind") {
			case 0:
				fmt.Fprintf(&b, "CHECK src/f%d.c\n", i)
			case 1:
				b.WriteString("CHECK same\n")
			case 2:
				fmt.Fprintf(&b, "  CC    f%d.o\n", i)
			case 3:
				b.WriteString("\n")
			default:
				fmt.Fprintf(&b, "f.c:%d:1: warning: w%d\n", i, i%7)
			}
		}
		lines := scanLog(b.String())
		scan := newProgressScan()
		for range rapid.IntRange(0, 50).Draw(t, "blocks") {
			f := rapid.IntRange(0, lines.len()-1).Draw(t, "first")
			left := scan.left
			got := scan.stepAbove(lines, logBlock{head: int32(f), first: int32(f), last: int32(f)})
			if scan.left < 0 || scan.left > left {
				t.Fatalf("bound %d after %d", scan.left, left)
			}
			if got == -1 {
				continue
			}
			if got >= f || got < f-progressWindow || stepLead(lines, got) == "" {
				t.Fatalf("block at %d: step %d %q", f, got, lines.line(got))
			}
		}
	})
}

func TestEndsInFileName(t *testing.T) {
	for l, want := range map[string]bool{
		"  CHECK   examples/gzlog.c":                   true,
		"wrote `out/language/tree-il/spec.go'":         true,
		"+ gzip -t joined.gz":                          true,
		"=== CONT  TestLevelOfSampler/dpanic":          true,
		"  import Control.Applicative":                 false, // a module, not a file
		"reading sources... [100%] v2-migration-guide": false,
		"#   at t/15_flags.t line 278.":                false,
		"x = a.b;":                                     false,
		"":                                             false,
	} {
		assert.Equal(t, want, endsInFileName(l), "endsInFileName(%q)", l)
	}
}

// FuzzStepAbove: on any text and any block, stepAbove never panics and
// gives -1 or a line above the block, within progressWindow lines, whose
// lead is a step's and which ends in a file's name.
func FuzzStepAbove(f *testing.F) {
	f.Add(stepLog(3, 4, 1), 9)
	f.Add("+ splint a/b.c\nSplint 3.1.2\n+ splint a/c.c\nx.c:1:2: Parse Error.\n", 3)
	f.Add("  CHECK   a.c\n  CHECK   b.c\n;;;  x\n\t\n", 2)
	f.Fuzz(func(t *testing.T, text string, at int) {
		lines := scanLog(text)
		if at < 0 || at >= lines.len() {
			return
		}
		got := newProgressScan().stepAbove(lines, logBlock{head: int32(at), first: int32(at), last: int32(at)})
		if got == -1 {
			return
		}
		if got >= at || got < at-progressWindow || stepLead(lines, got) == "" || !endsInFileName(lines.line(got)) {
			t.Fatalf("block at %d: step %d %q", at, got, lines.line(got))
		}
	})
}
