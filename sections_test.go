package headroom

import (
	"strings"
	"testing"
)

// manPage renders a man page of sections sections, each with an opening
// sentence and items option terms whose prose is indented deeper.
func manPage(sections, items int) string {
	var b strings.Builder
	b.WriteString("TOOL(1)                 General Commands Manual                 TOOL(1)\n\n")
	for s := 0; s < sections; s++ {
		b.WriteString("SECTION " + string(rune('A'+s)) + "\n")
		b.WriteString("       This section " + string(rune('A'+s)) + " says what it is about.\n\n")
		for i := 0; i < items; i++ {
			b.WriteString("       -opt" + string(rune('a'+s)) + string(rune('a'+i)) + " value\n")
			b.WriteString(strings.Repeat("              prose that explains the option at length, line after line.\n", 6))
			b.WriteString("\n")
		}
	}
	b.WriteString("tool 1.0                          2026-11-25                       TOOL(1)\n")
	return b.String()
}

// A man page's outline is its section headings, the first line of each
// section, and its option terms, before any of their prose.
func TestSectionedDocKeepsHeadingsFirstLinesAndTerms(t *testing.T) {
	text := manPage(8, 6)
	p, ok := planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, 6000)
	if !ok {
		t.Fatal("a man page was not outlined")
	}
	out := render(text, p, marker{})
	for s := 0; s < 8; s++ {
		c := string(rune('A' + s))
		for _, want := range []string{"\nSECTION " + c + "\n", "\n       This section " + c + " says what it is about.\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("lost %q", want)
			}
		}
		for i := 0; i < 6; i++ {
			if term := "\n       -opt" + strings.ToLower(c) + string(rune('a'+i)) + " value\n"; !strings.Contains(out, term) {
				t.Errorf("lost the term %q", term)
			}
		}
	}
}

// Outputs with column-0 lines over indented blocks that are not a
// document's sections are left to the other planners: compiler errors,
// tracebacks, a test run, a YAML file with scalar keys.
func TestSectionedDocDeclines(t *testing.T) {
	rustErrors := strings.Repeat("error[E0308]: mismatched types\n  --> src/main.rs:2:5\n   |\n 2 |     let x: u8 = \"a\";\n   |\n\n", 40) + "error: could not compile `x`\n"
	tracebacks := strings.Repeat("Traceback (most recent call last):\n  File \"a.py\", line 3, in <module>\n    f()\nValueError: bad value\n", 60)
	goTest := strings.Repeat("=== RUN   TestX\n    x_test.go:12: got 1, want 2\n--- FAIL: TestX (0.00s)\n", 80) + "FAIL\n"
	yaml := strings.Repeat("server:\n  port: 8080\n  host: example\nversion: 2\n", 80)
	for name, text := range map[string]string{"rust": rustErrors, "traceback": tracebacks, "go test": goTest, "yaml": yaml} {
		s := newLineSel(text, 4000, lineGaps(strings.Count(text, "\n")+1))
		if _, ok := sectionedDoc(s); ok {
			t.Errorf("%s: taken for a sectioned document", name)
		}
	}
}
