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

// uncaughtLeads open, at a line's start, a runtime's report of a
// condition or an exception that nothing handled, before the type's name:
// SBCL's `Unhandled UNBOUND-VARIABLE in thread #<…>:`, a JavaScript
// console's `Uncaught TypeError: …`. The word alone is no failure (gosec's
// `Errors unhandled`, a `unhandled rejections` option); the type after it is.
var uncaughtLeads = [...]string{"Unhandled ", "Uncaught "}

// namesUncaught reports whether line, unindented, opens with one of
// uncaughtLeads and a type's name after it (see isTypeName), then the
// line's end or a space, a colon or a dot between them.
func namesUncaught(line string) bool {
	for _, lead := range uncaughtLeads {
		rest, ok := strings.CutPrefix(line, lead)
		if !ok {
			continue
		}
		i := 0
		for i < len(rest) && (isWordByte(rest[i]) || rest[i] == '-' || rest[i] == '.' || rest[i] == ':') {
			i++
		}
		return (i == len(rest) || rest[i] == ' ') && isTypeName(strings.TrimRight(rest[:i], ":."))
	}
	return false
}

// isTypeName reports whether name, its last part (after any package's
// `PKG:` or a dotted path), names a condition or an exception type as
// runtimes spell them: upper-case words joined by hyphens (Lisp's
// UNBOUND-VARIABLE, SB-INT:SIMPLE-PROGRAM-ERROR), or CamelCase of two
// words or more (TypeError, IllegalStateException). A word alone in
// capitals (`Unhandled IRQ`) or one capitalised word (`Uncaught Promise`)
// is no type's name.
func isTypeName(name string) bool {
	if i := strings.LastIndexAny(name, ".:"); i >= 0 {
		name = name[i+1:]
	}
	if len(name) < 3 || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	var upper, lower, hyphen int
	for k := 0; k < len(name); k++ {
		switch c := name[k]; {
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= 'a' && c <= 'z':
			lower++
		case c == '-':
			if k == len(name)-1 || name[k-1] == '-' {
				return false
			}
			hyphen++
		}
	}
	if lower == 0 {
		return hyphen > 0
	}
	return hyphen == 0 && upper >= 2
}
