package headroom

import "strings"

// codeBlockLines is how many non-blank lines from the top codeBlocksShaped
// reads: a sample, so the test costs the same on a 40 KB and a 4 MB input.
const codeBlockLines = 400

// codeBlocksShaped reports whether text reads as brace-delimited code
// whatever its first line says. Of its first non-blank lines (twenty or
// more, codeBlockLines at most): one in twenty opens a block (ends in
// `{`); three in four openings have the next line indented deeper or
// closing the block (Go's `case` sits at its `switch`'s level); lines
// that close a block (start with `}`) number half the openings or more;
// and a third of the lines or more end a statement or a block (`;`, `{`,
// `}`). Code a command prints (perl -MO=Deparse, git show REV:file,
// sed -n 100,400p) opens anywhere, so opensLikeSource misses it; a match
// list or a ctags table ends lines in `{` too but does not indent under
// them, and a test report's object dump ends few lines as code does.
func codeBlocksShaped(text string) bool {
	var lines, ends, opens, indented, closes int
	prevOpen, prevIndent := false, 0
	for rest := text; rest != "" && lines < codeBlockLines; {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		end := len(line)
		for end > 0 && (line[end-1] == ' ' || line[end-1] == '\t' || line[end-1] == '\r') {
			end--
		}
		indent := 0
		for indent < end && (line[indent] == ' ' || line[indent] == '\t') {
			indent++
		}
		if indent == end {
			continue
		}
		body, code := line[:end], line[indent:end]
		lines++
		if code[0] == '}' {
			closes++
		}
		if prevOpen && (indent > prevIndent || code[0] == '}') {
			indented++
		}
		last := body[len(body)-1]
		if last == ';' || last == '{' || last == '}' {
			ends++
		}
		prevOpen = last == '{'
		if prevOpen {
			opens++
		}
		prevIndent = indent
	}
	return lines >= 20 && opens*20 >= lines && indented*4 >= opens*3 && closes*2 >= opens && ends*3 >= lines
}
