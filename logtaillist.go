package headroom

import "strings"

// tailListHeading returns the heading of the indented list a log ends
// with and its first entry, when the heading, in the first column, ends
// in ':' (dialyzer's `Unknown functions:` above eighty `  mod:f/1 (…)`
// lines, before its `done` lines): a closing list is part of the verdict,
// and its heading says what the list is. At most tailListLead lines in the
// first column may follow the list. Else nil.
func tailListHeading(lines logLines) []int {
	i := lines.len() - 1
	for lead := 0; i >= 0; i-- {
		if l := lines.line(i); lines.class(i) != lineBlank && !isIndented(l) {
			if lead++; lead > tailListLead {
				return nil
			}
			continue
		}
		if isIndented(lines.line(i)) {
			break
		}
	}
	end := i
	for ; i >= 0 && end-i < tailListMax; i-- {
		if l := lines.line(i); lines.class(i) != lineBlank && !isIndented(l) {
			if headsList(lines, i) {
				return []int{i, i + 1}
			}
			return nil
		}
	}
	return nil
}

// tailListLead bounds the lines in the first column after a closing list.
const tailListLead = 3

// tailListMax bounds the closing list tailListHeading walks over.
const tailListMax = 400

// headsList reports whether line i, in the first column, ends in ':' and
// an indented line follows it: a note that lists (GHC's `-fkeep-going in
// use, removing the following dependencies and continuing:` above the
// modules it removes).
func headsList(lines logLines, i int) bool {
	l := lines.line(i)
	return !isIndented(l) && strings.HasSuffix(strings.TrimRight(l, " \r"), ":") && i+1 < lines.len() && isIndented(lines.line(i+1))
}
