package headroom

import "testing"

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
