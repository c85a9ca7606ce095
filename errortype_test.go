package headroom

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
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

func TestNamesUncaught(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{`Unhandled UNBOUND-VARIABLE in thread #<SB-THREAD:THREAD "main thread" RUNNING`, true},
		{`Unhandled UNDEFINED-FUNCTION in thread #<SB-THREAD:THREAD "main thread" RUNNING`, true},
		{`Unhandled SB-INT:SIMPLE-PROGRAM-ERROR in thread #<…>:`, true}, // a package's prefix
		{`Uncaught TypeError: Cannot read properties of undefined`, true},
		{`Uncaught java.lang.IllegalStateException: boom`, true},
		{`Unhandled FILE-ERROR`, true},                    // the line's end
		{`Unhandled rejections warn`, false},              // a word, no type
		{`Uncaught Promise rejection`, false},             // one capitalised word
		{`Unhandled IRQ 7`, false},                        // capitals with no hyphen
		{`Unhandled FOO--BAR in x`, false},                // no words joined
		{`Unhandled FOO- in x`, false},                    // the same
		{`Unhandled Foo-Bar in x`, false},                 // neither spelling
		{`Unhandled TypeError(x)`, false},                 // not followed by a space or a colon
		{`  Unhandled UNBOUND-VARIABLE in thread`, false}, // indented: told, not raised
		{`Errors unhandled`, false},                       // gosec's finding
		{`unhandled UNBOUND-VARIABLE`, false},             // the lead as a runtime writes it
		{"Unhandled ", false},
		{"", false},
	} {
		if got := namesUncaught(c.line); got != c.want {
			t.Errorf("namesUncaught(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// A Lisp condition's name (upper-case words joined by hyphens, behind any
// package's prefix) after a lead is read at any message, and the same
// line in lower case (prose) or with the words run together is not.
func TestNamesUncaughtConditionProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		words := rapid.SliceOfN(rapid.StringMatching(`[A-Z][A-Z0-9]{0,8}`), 2, 4).Draw(t, "words")
		pkg := rapid.SampledFrom([]string{"", "SB-INT:", "SB-KERNEL::", "CL-USER:"}).Draw(t, "pkg")
		lead := rapid.SampledFrom(uncaughtLeads[:]).Draw(t, "lead")
		msg := rapid.SampledFrom([]string{"", " in thread #<THREAD>:", ": the variable X is unbound", ".", " x"}).Draw(t, "msg")
		name := strings.Join(words, "-")
		require.True(t, namesUncaught(lead+pkg+name+msg), "%q", lead+pkg+name+msg)
		require.False(t, namesUncaught(lead+strings.ToLower(pkg+name)+msg), "lower case")
		require.False(t, namesUncaught(lead+pkg+strings.Join(words, "")+msg), "no hyphen")
		require.False(t, namesUncaught(" "+lead+pkg+name+msg), "indented")
	})
}

// FuzzNamesUncaught: any line, no panic, and a yes only for a line that
// opens with a lead and a capital after it.
func FuzzNamesUncaught(f *testing.F) {
	for _, s := range []string{"Unhandled A-B in x", "Uncaught a.B.CdEf: x", "Unhandled :", "Uncaught -", "Unhandled X-", "Unhandled é-É"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !namesUncaught(s) {
			return
		}
		if !strings.HasPrefix(s, "Unhandled ") && !strings.HasPrefix(s, "Uncaught ") {
			t.Fatalf("namesUncaught(%q) with no lead", s)
		}
	})
}
