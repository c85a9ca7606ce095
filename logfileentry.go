package headroom

import "strings"

// A failure names the file it is about before its position
// (`node_modules/@types/node/net.d.ts(336,33): error TS2552`, `a.c:59:5:
// error:`). A run that also lists the files it read (tsc
// --explainFiles, a build's verbose list of its inputs) writes that file
// again on a line of its own, with why it was read on the indented lines
// under it (`  Referenced via 'net.d.ts' from file '…/index.d.ts'`):
// among hundreds of alike entries, the one a reader of the failure looks
// for next, and the only one that says how the failing file came in.

// fileEntriesMax is how many told failures' files planLog looks for;
// fileEntryDetail, how many indented lines under an entry it keeps;
// fileEntryShare, the share of the limit (1/fileEntryShare) the entries
// take, after every failure's telling lines.
const (
	fileEntriesMax  = 4
	fileEntryDetail = 2
	fileEntryShare  = 8
)

// failureFile returns the file a failure line opens with: the text
// before its first '(' or ':' when a digit follows that (a position),
// holding a '/' or a '.' and a letter and no blank; "" otherwise.
func failureFile(l string) string {
	k := strings.IndexAny(l, "(:")
	if k <= 0 || k+1 >= len(l) || l[k+1] < '0' || l[k+1] > '9' {
		return ""
	}
	name := l[:k]
	if strings.ContainsAny(name, " \t") || !strings.ContainsAny(name, "./") || !hasLetter(name) {
		return ""
	}
	return name
}

// fileEntries returns, in input order, the first line of lines that is
// one of the files the told failures open with (see failureFile), the
// first fileEntriesMax of them, alone on the line: each file's entry in
// the run's own list. It reads every line once, and only when a failure
// names a file.
func fileEntries(lines logLines, blocks []logBlock, told []int32) []int {
	want := map[string]bool{}
	for _, k := range told {
		if len(want) == fileEntriesMax {
			break
		}
		if f := failureFile(lines.line(int(blocks[k].head))); f != "" {
			want[f] = true
		}
	}
	if len(want) == 0 {
		return nil
	}
	var out []int
	for i := 0; i < lines.len() && len(want) > 0; i++ {
		l := trimBlankRight(lines.line(i))
		if want[l] {
			delete(want, l)
			out = append(out, i)
		}
	}
	return out
}

// pickFileEntries keeps each told failure's file entry (see fileEntries)
// with up to fileEntryDetail indented lines under it, within share more
// bytes.
func pickFileEntries(sel *logSelection, lines logLines, blocks []logBlock, told []int32, share int) {
	bound := sel.cost + share
	for _, i := range fileEntries(lines, blocks, told) {
		if !sel.pickWithin(i, bound) {
			return
		}
		for j := i + 1; j < lines.len() && j <= i+fileEntryDetail && isIndented(lines.line(j)); j++ {
			if !sel.pickWithin(j, bound) {
				break
			}
		}
	}
}
