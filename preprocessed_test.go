package headroom

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// genPreprocessed draws a preprocessor output: header blocks between
// linemarkers, a user's file that calls some of the headers' functions.
func genPreprocessed(rt *rapid.T) (text string, calls []string) {
	var b strings.Builder
	b.WriteString("# 0 \"app.c\"\n# 0 \"<built-in>\"\n# 0 \"<command-line>\"\n# 1 \"app.c\"\n")
	headers := rapid.IntRange(1, 6).Draw(rt, "headers")
	fn := 0
	for h := range headers {
		fmt.Fprintf(&b, "# 1 \"/usr/include/h%d.h\" 1 3 4\n", h)
		for range rapid.IntRange(5, 120).Draw(rt, "decls") {
			fmt.Fprintf(&b, "extern int fn%d (int __x, const char *__restrict __s) __attribute__ ((__nothrow__));\n", fn)
			if rapid.Bool().Draw(rt, "blank") {
				b.WriteString("\n")
			}
			fn++
		}
		fmt.Fprintf(&b, "# %d \"app.c\" 2\n", h+2)
	}
	b.WriteString("int main(void)\n{\n")
	for range rapid.IntRange(1, 8).Draw(rt, "calls") {
		name := "fn" + strconv.Itoa(rapid.IntRange(0, fn-1).Draw(rt, "callee"))
		calls = append(calls, name)
		fmt.Fprintf(&b, " if (%s(1, \"x\") < 0)\n  return 1;\n", name)
	}
	b.WriteString(" return 0;\n}\n")
	return b.String(), calls
}

// The plan holds its limit, and every line it keeps is an input line at
// the number its gap notes give it.
func TestPreprocessedLinesAreVerbatimWithinBudget(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text, _ := genPreprocessed(rt)
		limit := rapid.IntRange(200, max(200, len(text))).Draw(rt, "limit")
		p, ok := planPreprocessed(text, limit)
		if !ok {
			return
		}
		if s := itemsSize(p.items); s > limit {
			rt.Fatalf("%d bytes of items over the %d limit", s, limit)
		}
		p.markerAt = len(p.items)
		out := render(text, p, marker{})
		out = out[:strings.LastIndex(out, markerPrefix)]
		checkVerbatimNumbered(rt, text, out)
	})
}

// With room for it, the plan keeps the user's code, the headers it
// includes and the declarations of the functions it calls, wherever they
// sit among the headers.
func TestPreprocessedKeepsCalledDeclarations(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text, calls := genPreprocessed(rt)
		if len(text) < 8000 || strings.Count(text, "\n# ") < preprocessedMarkersMin {
			return
		}
		p, ok := planPreprocessed(text, 4000)
		if !ok {
			rt.Fatal("declined")
		}
		out := render(text, p, marker{})
		for _, name := range calls {
			if !strings.Contains(out, "extern int "+name+" (") {
				rt.Errorf("lost the declaration of %s", name)
			}
		}
		for _, want := range []string{"# 1 \"/usr/include/h0.h\" 1 3 4\n", "int main(void)\n", " return 0;\n}\n"} {
			if !strings.Contains(out, want) {
				rt.Errorf("lost %q", want)
			}
		}
	})
}

// Text that does not open with a linemarker is not this planner's.
func TestPreprocessedDeclinesOtherText(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("# a comment line of a script\n", 2000),
		"#include <stdio.h>\n" + strings.Repeat("# 1 \"x.h\"\nint x;\n", 2000),
		strings.Repeat("# 12 \"x.h\" 1\n", 5) + strings.Repeat("int y;\n", 3000),
	} {
		if _, ok := planPreprocessed(text, 4000); ok {
			t.Errorf("took %.40q", text)
		}
	}
}

func FuzzLinemarker(f *testing.F) {
	for _, s := range []string{"# 0 \"main.c\"", "# 1 \"/usr/include/stdio.h\" 1 3 4", "# 12 \"", "# 3 \"\"", "#  1 \"x\"", "# 9 \"a\"b\" 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) {
		name, ok := linemarker(l)
		if ok && (name == "" || !strings.Contains(l, "\""+name+"\"")) {
			t.Fatalf("%q: name %q is not the quoted one", l, name)
		}
		_ = markerEnters(l)
		eachCallee(l, func(w string, at int) bool {
			if at < 0 || at+len(w) > len(l) || l[at:at+len(w)] != w {
				t.Fatalf("%q: callee %q not at %d", l, w, at)
			}
			return false
		})
		_ = declaresOneOf(l, map[string]bool{"f": true})
	})
}

func BenchmarkPlanPreprocessed10MB(b *testing.B) {
	raw, err := os.ReadFile("testdata/corpus/plain_gcc_E_preprocessed_math_time_unistd_elapsed_c/input.txt")
	if err != nil {
		b.Fatal(err)
	}
	text := strings.Repeat(string(raw), 10<<20/len(raw)+1)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		planPreprocessed(text, 16000)
	}
}
