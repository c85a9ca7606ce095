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
	// Where each message first follows a `: `, in one pass over the
	// line's `: `s (a line has few): the first index of ": " + noticeMessages[k].
	var at [len(noticeMessages)]int
	for k := range at {
		at[k] = -1
	}
	found := false
	for p := 0; ; {
		c := strings.Index(rest[p:], ": ")
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
