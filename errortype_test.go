package headroom

import (
	"strings"
	"testing"
)

func TestNamesErrorType(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{`RefactoringTool: Can't parse a/base.py: ParseError: bad input: type=4`, true},
		{`ValueError: invalid literal for int()`, true},
		{`Caused by: java.io.IOException: Stream closed`, true},
		{`Error: no such file`, false},          // a failure word, not a type's name
		{`Exception: boom`, false},              // the same
		{`the parseError: field is set`, false}, // not CamelCase from its start
		{`RefactoringTool: No changes to a/b.py`, false},
		{`MyError is raised when`, false}, // no message after it
		{`x_Error: y`, false},             // a name that opens in lower case
		{"", false},
	} {
		if got := namesErrorType(c.line); got != c.want {
			t.Errorf("namesErrorType(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestWrapsErrorType(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{`jarsigner: java.util.zip.ZipException: zip END header not found`, true},
		{`Caused by: java.io.IOException: Stream closed`, true},
		{`foo: ValueError: bad input`, true},
		{`a: b: ParseError: x`, true},                       // the last prefix counts
		{`ValueError: bad input`, false},                    // no prefix: isJSErrorLine's
		{`    except ValueError:`, false},                   // code: no message after it
		{`return fmt.Errorf("ParseError: %v", err)`, false}, // quoted, no prefix before it
		{`tool: ParseError:`, false},                        // no message
		{`tool: ParseError:  `, false},                      // a blank message
		{`tool: java.io.ioException: x`, false},             // the type opens in lower case
		{`tool: Error: x`, false},                           // a failure word, not a type
		{`tool:ParseError: x`, false},                       // no space after the prefix
		{"", false},
	} {
		if got := wrapsErrorType(c.line); got != c.want {
			t.Errorf("wrapsErrorType(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// FuzzWrapsErrorType: any line, no panic, and a yes only for a line that
// holds a prefix's ": " and a type's "Error: " or "Exception: ".
func FuzzWrapsErrorType(f *testing.F) {
	for _, s := range []string{"a: java.util.ZipException: x", "a: B.Error: c", ": Error: ", "x: .Exception: y", "é: ÉError: z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !wrapsErrorType(s) {
			return
		}
		head := s[:min(len(s), 400)]
		if !strings.Contains(head, ": ") || !strings.Contains(head, "Error: ") && !strings.Contains(head, "Exception: ") {
			t.Fatalf("wrapsErrorType(%q) with no prefix or no type", s)
		}
	})
}
