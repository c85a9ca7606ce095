package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A linter's findings in the line forms that are neither gcc's
// `path:line:col: severity: message` nor a search match:
//
//   - spelled out: `path: line N, col M, message` (jshint's default and
//     verbose reporters, eslint's compact formatter, jslint);
//   - coded: `path:N[:M] CODE message`, the position followed by a space
//     and a rule code (markdownlint's `MD013/line-length`, hadolint's
//     `DL3008`), which grep -n never writes (its position ends in ':');
//   - located: `path: message at line N, column M.` (perlcritic's
//     default format, `File/Fetch.pm: Two-argument "open" used at line
//     523, column 21.  See page 207 of PBP.  (Severity: 5)`), the path a
//     file's, with an extension or a directory;
//   - lettered: `path:L:C: X: message`, a capital letter for the
//     severity (RuboCop's `C:` convention and `W:` warning; `E:` error
//     and `F:` fatal say error);
//   - entered under a header: `  L:C  severity  message`, indented below
//     the file's path (eslint's stylish formatter, yamllint's standard
//     one), its severity spelled `error` or `warning`.
//
// A finding of the first four forms is a warning unless it says it is an
// error: a leading `Error - `, `error:` or `error ` word, or a trailing
// code of the error series (jshint's `(E041)`). A report that is mostly
// findings is a lint run's log, with or without a closing count: with
// entries under headers, rg --heading's shape, it is planned as a log
// before search takes the headers for files and the entries for matches.

// lintFinding classes a finding line: diagError, diagWarning, or diagNone
// for a line of no form.
func lintFinding(line string) int {
	if line != "" && (line[0] == ' ' || line[0] == '\t') {
		switch lintEntrySeverity(line[indentEnd(line):]) {
		case "error":
			return diagError
		case "warning":
			return diagWarning
		}
		return diagNone
	}
	return lintFindingAt(line, pathEnd(line[:min(len(line), 300)])) // one scan for both forms: most lines stop at their first space
}

// lintFindingAt is lintFinding of an unindented line, given where pathEnd
// finds the end of the line's first 300 bytes' path.
func lintFindingAt(line string, colon int) int {
	head := line[:min(len(line), 300)]
	if colon < 1 || colon == len(head) || head[colon] != ':' {
		return diagNone
	}
	msg, ok := spelledFinding(line[colon+1:])
	if !ok {
		if msg, ok = codedFinding(line[colon+1:]); !ok {
			if msg, ok = locatedFinding(head[:colon], line[colon+1:]); !ok {
				if msg, ok = letteredFinding(line[colon+1:]); !ok {
					return diagNone
				}
			}
		}
	}
	if findingSaysError(msg) {
		return diagError
	}
	return diagWarning
}

// spelledFinding returns the message of a finding in the spelled-out
// form, given what follows its path's colon: ` line N, col M, message`.
func spelledFinding(rest string) (string, bool) {
	rest, ok := strings.CutPrefix(rest, " line ")
	if !ok {
		return "", false
	}
	n := digitRun(rest, 0)
	if n == 0 {
		return "", false
	}
	rest, ok = strings.CutPrefix(rest[n:], ", col ")
	if !ok {
		return "", false
	}
	m := digitRun(rest, 0)
	if m == 0 {
		return "", false
	}
	return strings.CutPrefix(rest[m:], ", ")
}

// codedFinding returns what follows the code of a finding in the coded
// form, given what follows its path's colon: `N[:M] CODE message`, CODE
// upper-case letters then digits, with optional `/rule-name` segments.
func codedFinding(rest string) (string, bool) {
	n := digitRun(rest, 0)
	if n == 0 {
		return "", false
	}
	rest = rest[n:]
	if strings.HasPrefix(rest, ":") {
		m := digitRun(rest, 1)
		if m == 0 {
			return "", false
		}
		rest = rest[1+m:]
	}
	rest, ok := strings.CutPrefix(rest, " ")
	if !ok {
		return "", false
	}
	letters := 0
	for letters < len(rest) && rest[letters] >= 'A' && rest[letters] <= 'Z' {
		letters++
	}
	digits := digitRun(rest, letters)
	if letters == 0 || letters > 4 || digits == 0 {
		return "", false
	}
	end := letters + digits
	for end < len(rest) && rest[end] == '/' { // a rule's name and aliases: MD041/first-line-heading/first-line-h1
		end++
		for end < len(rest) && (rest[end] >= 'a' && rest[end] <= 'z' || rest[end] >= '0' && rest[end] <= '9' || rest[end] == '-') {
			end++
		}
	}
	if end < len(rest) && rest[end] != ' ' {
		return "", false
	}
	return strings.TrimLeft(rest[end:], " "), true
}

// locatedFinding returns the message of a finding in the located form,
// given its path and what follows the path's colon: ` message at line N,
// column M.`, its position sought in the line's first 300 bytes.
func locatedFinding(path, rest string) (string, bool) {
	if !strings.HasPrefix(rest, " ") || !hasExtension(path) && !strings.Contains(path, "/") {
		return "", false
	}
	msg := strings.TrimLeft(rest, " ")
	head := msg[:min(len(msg), 300)]
	for from := 0; ; {
		k := strings.Index(head[from:], " at line ")
		if k < 0 {
			return "", false
		}
		at := from + k
		if n := digitRun(head, at+len(" at line ")); n > 0 {
			col, ok := strings.CutPrefix(head[at+len(" at line ")+n:], ", column ")
			if m := digitRun(col, 0); ok && m > 0 && strings.HasPrefix(col[m:], ".") {
				return msg, at > 0
			}
		}
		from = at + 1
	}
}

// letteredFinding returns the message of a finding in the lettered form,
// given what follows its path's colon: `L:C: X: message`; an error's (X
// is E or F) with an `error: ` lead.
func letteredFinding(rest string) (string, bool) {
	n := digitRun(rest, 0)
	if n == 0 || n >= len(rest) || rest[n] != ':' {
		return "", false
	}
	m := digitRun(rest, n+1)
	tag := rest[min(len(rest), n+1+m):]
	if m == 0 || len(tag) < 5 || tag[0] != ':' || tag[1] != ' ' || tag[2] < 'A' || tag[2] > 'Z' || tag[3] != ':' || tag[4] != ' ' {
		return "", false
	}
	if tag[2] == 'E' || tag[2] == 'F' {
		return "error: " + tag[5:], true
	}
	return tag[5:], true
}

// findingSaysError reports whether a finding's message says it is an
// error: an `Error - `, `error:` or `error ` lead (after a rule code, hadolint's
// `DL3008 error: …`), or a trailing error-series code, `(E020)`.
func findingSaysError(msg string) bool {
	if strings.HasPrefix(msg, "Error - ") || strings.HasPrefix(msg, "error:") || strings.HasPrefix(msg, "error ") {
		return true
	}
	code := trailingCode(msg)
	return len(code) > 1 && code[0] == 'E' && digitRun(code, 1) == len(code)-1
}

// lintReport reports whether most of the first non-blank lines of text
// (at least five of them) are findings, a finding's quoted source line
// and the carets under it counted with it: a lint run's report, planned as a
// log even with no verdict and no error.
func lintReport(text string) bool {
	findings, lines := 0, 0
	since := -1 // non-blank lines since the last finding's, -1 before the first
	for start := 0; start < len(text) && lines < 200; {
		end, next := txt.LineAt(text, start)
		if l := text[start:end]; !isBlank(l) {
			lines++
			switch {
			case lintFinding(l) != diagNone:
				findings++
				since = 0
			case since >= 0 && since <= 1 && isCaretLine(l):
				// A finding may quote its source line and point into it
				// (RuboCop's offenses): both are the finding's.
				findings += 1 + since
				since = 0
			case since >= 0:
				since++
			}
		}
		start = next
	}
	return lines >= 5 && findings*2 >= lines
}

// isCaretLine reports whether l is a line of carets under a quoted source
// line: blanks, then '^' and '~' only.
func isCaretLine(l string) bool {
	t := strings.TrimRight(l[indentEnd(l):], " \r")
	return t != "" && t[0] == '^' && strings.Trim(t, "^~") == ""
}

// A report in the stylish layout names each file once, alone on its line,
// above the file's indented entries: its headers are the report's index
// of what was found where, and an entry kept without its header says
// where in no file. When such a report is cut, its files go first, each
// header with its first entry, spread over the report (the first, the
// last, the middle, the quarters, …) within a stylishShare of the budget;
// the entries told by kind, the rarest first, come after.

// stylishShare is the share of the limit the headers may take: a third.
const stylishShare = 3

// stylishHeaders returns the headers of a stylish report's files in
// sectionSpread order: the unindented lines an indented entry (`  L:C
// severity message`) follows at once. It returns nil, having read at most
// stylishProbe lines, when the report's first lines are not in the stylish
// layout.
func stylishHeaders(lines logLines) []int {
	n := lines.len()
	isEntry := func(i int) bool { return isStylishEntry(lines.line(i)) }
	entries, seen := 0, 0
	for i := 0; i < n && seen < stylishProbe; i++ {
		if lines.class(i) != lineBlank {
			seen++
			if isEntry(i) {
				entries++
			}
		}
	}
	if entries*2 < seen || entries == 0 {
		return nil
	}
	var heads []int
	for i := 0; i+1 < n; i++ {
		if l := lines.line(i); l != "" && l[0] != ' ' && l[0] != '\t' && lines.class(i) != lineBlank && isEntry(i+1) {
			heads = append(heads, i)
		}
	}
	order := sectionSpread(len(heads))
	for k, j := range order {
		order[k] = heads[j]
	}
	return order
}

// stylishProbe is how many non-blank lines stylishHeaders reads to tell
// a stylish report.
const stylishProbe = 200

// pickStylishHeaders keeps the headers of a stylish report, each with
// its first entry, in stylishHeaders' order, while they fit in a
// stylishShare of limit.
func pickStylishHeaders(sel *logSelection, lines logLines, limit int) {
	bound := sel.cost + limit/stylishShare
	for _, h := range stylishHeaders(lines) {
		if !sel.pickWithin(h, bound) || !sel.pickWithin(h+1, bound) {
			return
		}
	}
}

// isStylishEntry reports whether l is an entry of a stylish report: an
// indented `L:C  severity  message`.
func isStylishEntry(l string) bool {
	return l != "" && (l[0] == ' ' || l[0] == '\t') && lintEntrySeverity(l[indentEnd(l):]) != ""
}

// pickEntryHeader keeps, when block b's first line is an entry of a
// stylish report, the header of the file it is under, if the selection
// stays within bound: told before its entry, so that no entry is kept
// that names no file.
func pickEntryHeader(sel *logSelection, lines logLines, b logBlock, bound int) {
	if !isStylishEntry(lines.line(int(b.head))) {
		return
	}
	for _, i := range leadIn(lines, b) {
		sel.pickWithin(i, bound)
	}
}

// positionedFinding reports whether line names the file and line it is
// about, as a validator's or a compiler's message does and a line of code
// or prose seldom does: first, `path.ext:N:` (xmllint's `a.xml:6747:
// parser error : …`, a go test failure's `a_test.go:12: …`; a column too
// is positionLine's form), or last, `… at PATH line N` (perl's `syntax
// error at ./A.pm line 296, near "…"`, `BEGIN failed--compilation aborted
// at ./A.pm line 8.`) or `… in PATH on line N` (PHP's `PHP Parse error:
// syntax error, … in ./A.php on line 26`).
func positionedFinding(line string) bool {
	head := line[:min(len(line), 300)]
	if colon := pathEnd(head); colon < len(head) && head[colon] == ':' && hasExtension(head[:colon]) {
		if n := digitRun(head, colon+1); n > 0 && colon+1+n < len(head) && head[colon+1+n] == ':' {
			return true
		}
	}
	for from := 0; ; {
		k := strings.Index(line[from:], " line ")
		if k < 0 {
			return false
		}
		at := from + k
		if n := digitRun(line, at+len(" line ")); n > 0 {
			end := at + len(" line ") + n
			before := strings.TrimSuffix(line[:at], " on") // PHP's `in PATH on line N`
			if a := max(strings.LastIndex(before, " at "), strings.LastIndex(before, " in ")); a >= 0 && (end == len(line) || strings.ContainsRune(".,\r", rune(line[end]))) {
				if path := before[a+len(" at "):]; path != "" && !strings.ContainsAny(path, " \t") && hasExtension(path) {
					return true
				}
			}
		}
		from = at + 1
	}
}

// hasExtension reports whether path's last dot is followed by a letter.
func hasExtension(path string) bool {
	dot := strings.LastIndexByte(path, '.')
	return dot >= 0 && dot+1 < len(path) && isLetter(path[dot+1])
}

// pickCaretHeaders keeps, before any finding's head, the header of each
// file whose caret findings (see quotedAbove, caretHeaders) are told, in
// the order of the files, if the selection stays within bound: one short
// line a file (htmlhint's indented
// `   /home/dev/src/api/url.html`), so that no file goes unnamed behind
// its first file's run of findings.
func pickCaretHeaders(sel *logSelection, lines logLines, blocks []logBlock, told []int32, bound int) {
	var qs []int
	for _, k := range told {
		b := blocks[k]
		if q := quotedAbove(lines, int(b.first), int(b.head), lines.line(int(b.head))); q >= 0 {
			qs = append(qs, q)
		}
	}
	slices.Sort(qs)
	for _, h := range caretHeaders(lines, qs) {
		if h >= 0 {
			sel.pickWithin(h, bound)
		}
	}
}
