package headroom

import "strings"

// noticeTools are the programs whose `tool: path: message` lines a search
// output carries on stderr.
var noticeTools = []string{"grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ugrep", "git", "find", "gzip", "xargs"}

// noticeMessages are what those lines say about a path: rows of data, so
// a new tool's wording is a new row. A message may run on with details
// (`(os error 13)`, `(found "\0" byte around offset 4)`), which the key
// drops.
var noticeMessages = [...]string{
	"binary file matches",
	"Permission denied",
	"No such file or directory",
	"Is a directory",
	"Not a directory",
	"Operation not permitted",
	"Input/output error",
	"Too many levels of symbolic links",
	"input file is also the output",
	"warning: recursive directory loop",
	"not in gzip format",
	"unexpected end of file",
	"stream did not contain valid UTF-8",
}

// parseNotice parses a tool's message about a path: `grep: X: binary file
// matches`, `Binary file X matches`, `X: binary file matches (found …)`,
// `grep: X: Permission denied`, `rg: X: No such file or directory (os
// error 2)`, `find: 'X': Permission denied`. key names the kind, with the
// tool when the line names one; path is the path named.
func parseNotice(line string) (key, path string, ok bool) {
	if p, found := strings.CutPrefix(line, "Binary file "); found {
		if p, found = strings.CutSuffix(p, " matches"); found && p != "" {
			return "binary file matches", p, true
		}
		return "", "", false
	}
	tool, rest := "", line
	// A tool's name is at most six bytes: its `: ` is sought in the
	// line's first eight, not through a long line that has none.
	if c := strings.Index(line[:min(len(line), 8)], ": "); c > 0 && c <= 6 {
		for _, t := range noticeTools {
			if line[:c] == t {
				tool, rest = t, line[c+2:]
				break
			}
		}
	}
	// The message follows a path of at most maxNoticePath bytes, so a
	// line longer than that window is read for its `: `s as far as the
	// window, not to its end (rg's match line in a minified file).
	if len(rest) <= maxNoticePath+2 && !mayEndInMessage(rest) {
		return "", "", false
	}
	return noticeAfter(tool, rest)
}

// maxNoticePath bounds the path a notice names, its quotes included
// (find's ‘X’): a search output's path is at most maxPathLen bytes.
const maxNoticePath = maxPathLen + 8

// noticeAfter is parseNotice of a line whose tool is tool ("" when it
// names none) and whose text after it is rest.
func noticeAfter(tool, rest string) (key, path string, ok bool) {
	// Where each message first follows a `: `, in one pass over the
	// line's `: `s (a line has few): the first index of ": " + noticeMessages[k].
	var at [len(noticeMessages)]int
	for k := range at {
		at[k] = -1
	}
	found := false
	window := rest[:min(len(rest), maxNoticePath+2)]
	for p := 0; p < len(window); {
		c := strings.Index(window[p:], ": ")
		if c < 0 {
			break
		}
		p += c
		for k, m := range noticeMessages {
			if at[k] < 0 && strings.HasPrefix(rest[p+2:], m) {
				at[k], found = p, true
			}
		}
		p += 2
	}
	if !found {
		return "", "", false
	}
	for k, m := range noticeMessages {
		i := at[k]
		if i <= 0 {
			continue
		}
		tail := rest[i+2+len(m):]
		if tail != "" && !strings.HasPrefix(tail, " (") {
			continue
		}
		if tool == "" && m != "binary file matches" && !strings.HasPrefix(tail, " (os error ") {
			// `X: Permission denied` without a tool could be anything;
			// rg writes `X: Permission denied (os error 13)`.
			continue
		}
		path = strings.Trim(rest[:i], "'‘’`\"")
		key = m
		if tool != "" {
			key = tool + ": " + m
		}
		return key, path, true
	}
	return "", "", false
}

// noticeEnds are noticeMessages each after its `: `, and noticeLast
// marks their last bytes.
var noticeEnds, noticeLast = func() (ends [len(noticeMessages)]string, last [256]bool) {
	for k, m := range noticeMessages {
		ends[k] = ": " + m
		last[m[len(m)-1]] = true
	}
	return ends, last
}()

// mayEndInMessage reports whether s may hold a notice's message as
// parseNotice takes one: after a `: `, at the end of s or before a ` (`
// detail. When it reports false, no message in s is one parseNotice
// takes, and the line is read once for ` (` rather than at each of its
// `: `s against every message (a minified line holds a colon in a
// hundred bytes).
func mayEndInMessage(s string) bool {
	if endsInMessage(s) {
		return true
	}
	for i := 0; ; {
		j := strings.Index(s[i:], " (")
		if j < 0 {
			return false
		}
		if endsInMessage(s[:i+j]) {
			return true
		}
		i += j + 2
	}
}

// endsInMessage reports whether s ends with a `: ` and a notice's message.
func endsInMessage(s string) bool {
	if s == "" || !noticeLast[s[len(s)-1]] {
		return false
	}
	for _, e := range noticeEnds {
		if strings.HasSuffix(s, e) {
			return true
		}
	}
	return false
}
