package headroom

import "strings"

// errorTypeSuffixes end the names of the error types a language raises
// (Python's ParseError, Java's IOException).
var errorTypeSuffixes = []string{"Error:", "Exception:"}

// namesErrorType reports whether line, in its first 400 bytes, names an
// error type with its message after it, anywhere in it: a word in
// CamelCase longer than its suffix, ending in Error or Exception, then a
// colon (`Can't parse a.py: ParseError: bad input`, `… caused by:
// java.io.IOException: closed`). A failure word it is not, a tool's
// wrapping of a raised error it is.
func namesErrorType(line string) bool {
	line = line[:min(len(line), 400)]
	for _, suf := range errorTypeSuffixes {
		for from := 0; ; {
			k := strings.Index(line[from:], suf)
			if k < 0 {
				break
			}
			at := from + k
			start := at
			for start > 0 && isWordByte(line[start-1]) {
				start--
			}
			if at > start && line[start] >= 'A' && line[start] <= 'Z' {
				return true
			}
			from = at + len(suf)
		}
	}
	return false
}
