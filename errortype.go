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
	return anyErrorType(line, false, func(start, at, _ int) bool {
		return at > start && line[start] >= 'A' && line[start] <= 'Z'
	})
}

// wrapsErrorType reports whether line, unindented, is a tool's report of
// an error a language raised, told after the tool's own prefix: a
// colon and a space, then an error type (dotted, CamelCase, ending in
// Error or Exception), a colon and its message (`jarsigner:
// java.util.zip.ZipException: zip END header not found`, `Caused by:
// java.io.IOException: closed`). Code does not read so: Python's `except
// ValueError:` has no message after it, a quoted `"ParseError: %v"` no
// prefix before it.
func wrapsErrorType(line string) bool {
	line = line[:min(len(line), 400)]
	return anyErrorType(line, true, func(start, at, end int) bool {
		name := line[start:at]
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		if name == "" || name[0] < 'A' || name[0] > 'Z' || start < 2 || line[start-2:start] != ": " {
			return false
		}
		msg := line[end:]
		return len(msg) > 1 && msg[0] == ' ' && msg[1] > ' '
	})
}

// anyErrorType reports whether ok holds for an error type in line (its
// callers pass its first 400 bytes): each place one of errorTypeSuffixes stands, read back
// over the word bytes before it (and dots, when dotted) to the name's
// start; ok is given the name's start, the suffix's and the suffix's end.
func anyErrorType(line string, dotted bool, ok func(start, at, end int) bool) bool {
	for _, suf := range errorTypeSuffixes {
		for from := 0; ; {
			k := strings.Index(line[from:], suf)
			if k < 0 {
				break
			}
			at := from + k
			from = at + len(suf)
			start := at
			for start > 0 && (isWordByte(line[start-1]) || dotted && line[start-1] == '.') {
				start--
			}
			if ok(start, at, from) {
				return true
			}
		}
	}
	return false
}
