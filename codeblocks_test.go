package headroom

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// deparsed is n subs as perl -MO=Deparse prints them: no package line
// first, a `sub BEGIN {` block, prototyped subs with indented bodies.
func deparsed(n int) string {
	var b strings.Builder
	b.WriteString("sub BEGIN {\n    require 5.004;\n    ()\n}\nuse strict;\n")
	for i := range n {
		fmt.Fprintf(&b, "sub Option%d ($$) {\n    my($opt, $val) = @_;\n    if ($val > %d) {\n        return $Getopt::Long::error++;\n    }\n    return 1;\n}\n", i, i)
	}
	b.WriteString("'???';\n")
	return b.String()
}

// goSwitches is Go code cut out of a file (sed -n): no package line, the
// tail of a body first, and `case` at its `switch`'s level.
func goSwitches(n int) string {
	var b strings.Builder
	b.WriteString("\t\treturn nil\n\t}\n\treturn errShort\n}\n\n")
	for i := range n {
		fmt.Fprintf(&b, "func scan%d(s []byte, n int) error {\n\tswitch c := s[%d]; c {\n\tcase ' ':\n\t\tn++\n\t}\n\tfor j := range n {\n\t\tif j == 0 {\n\t\t\tcontinue\n\t\t}\n\t\tif err := step(j); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n\treturn nil\n}\n\n", i, i)
	}
	return b.String()
}

func TestCodeBlocksShaped(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
		want bool
	}{
		{"perl -MO=Deparse", deparsed(40), true},
		{"Go from the middle of a file", goSwitches(40), true},
		{"C with a blank line between functions", strings.Repeat("static int f(int x)\n{\n    int y = x;\n    return y;\n}\n\nint g(void) {\n    return f(1);\n}\n\n", 20), true},
		// A match list: every hit ends in `{`, none indents the next.
		{"grep -rn for func heads", strings.Repeat("a/b.go:12:func (s *Server) Serve(l net.Listener) error {\n", 60), false},
		// ctags -x: a proc's head per row, `{` at the end, no body.
		{"ctags -x", strings.Repeat("auto_load    proc   56 library/auto.tcl proc auto_load {cmd {namespace {}}} {\n", 60), false},
		// A test report's object dump: indented braces, few code ends.
		{"an assertion's object diff", strings.Repeat("  AssertionError: expected objects to match\n      + expected - actual\n       {\n  -    \"a\": 1\n  +    \"a\": 2\n       }\n    at Context.<anonymous> (test/parse.js:10:5)\n    at process.processImmediate (node:internal/timers:476:21)\n", 20), false},
		{"a log", strings.Repeat("2026-11-30T03:00:00Z INFO served /index in 3ms\n", 60), false},
		{"too short", deparsed(1), false},
		{"empty", "", false},
	} {
		if got := codeBlocksShaped(c.text); got != c.want {
			t.Errorf("%s: codeBlocksShaped = %v, want %v", c.name, got, c.want)
		}
	}
}

// Code that an exec tool prints is outlined as a read of it would be,
// whatever its first line: its declarations are kept where a clip or the
// lines planner would cut them.
func TestExecToolCodeIsOutlined(t *testing.T) {
	h := mustNew(t, WithMaxBytes(4000))
	for name, text := range map[string]string{"perl -MO=Deparse": deparsed(300), "sed -n of Go": goSwitches(300)} {
		got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Bash", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if o.Strategy != StrategyOutline {
			t.Errorf("%s: strategy %v, want outline", name, o.Strategy)
		}
		middle := 0
		for i := 100; i < 200; i++ {
			if strings.Contains(got, fmt.Sprintf("\nsub Option%d ($$) {\n", i)) {
				middle++
			}
		}
		if name == "perl -MO=Deparse" && middle < 3 {
			t.Errorf("%s: kept %d of the middle third's sub declarations:\n%s", name, middle, got)
		}
	}
}

// codeBlocksShaped reads a sample of the lines, not the input: a 4 MB
// log costs what a 40 KB one does.
func BenchmarkCodeBlocksShaped(b *testing.B) {
	for _, size := range []int{40 << 10, 4 << 20} {
		line := "2026-11-30T03:00:00Z INFO served /index in 3ms\n"
		text := strings.Repeat(line, size/len(line))
		b.Run(fmt.Sprintf("log/%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				codeBlocksShaped(text)
			}
		})
	}
}

// FuzzCodeBlocksShaped checks that the verdict never panics and reads
// lines, not bytes: CRLF line ends and blank lines between the lines
// leave it as it was.
func FuzzCodeBlocksShaped(f *testing.F) {
	f.Add(deparsed(5))
	f.Add(goSwitches(3))
	f.Add("a {\n\tb;\n}\n")
	f.Fuzz(func(t *testing.T, text string) {
		got := codeBlocksShaped(text)
		if crlf := codeBlocksShaped(strings.ReplaceAll(text, "\n", "\r\n")); crlf != got {
			t.Errorf("CRLF changed the verdict: %v, then %v", got, crlf)
		}
		if spaced := codeBlocksShaped(strings.ReplaceAll(text, "\n", "\n\n")); spaced != got {
			t.Errorf("blank lines changed the verdict: %v, then %v", got, spaced)
		}
	})
}
