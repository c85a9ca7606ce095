package headroom

import (
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// planDiff plans a unified or context diff (git diff, git show, git log
// -p, git format-patch, diff -u, diff -ru, diff -c): the commit header and
// the first line of its message, the stat summary, the name of every file
// with its +/- counts and its rename, mode and binary lines, up to a tenth
// of the room for the commit messages, a rustfmt report's hunk headers
// with their first lines, then hunks breadth first — every file's first
// hunk before any file's second — each cut to its changed lines first,
// its context added after. What room is left goes to the
// --stat lines, the rest of the message and the ---/+++ lines.
//
// It declines what is not a diff: at least one hunk whose @@ counts match
// the lines under it, and diff lines (file headers and hunks) making up at
// least half of all lines. A commit log with no hunks (git log, git log
// --stat) is planned the same way when it holds two commits or more and
// nine lines in ten are its headers, indented messages and --stat lines:
// every commit's header, subject and stat total first.
func planDiff(text string, limit int) (plan, bool) {
	if limit < 200 || !diffLikely(text) && !strings.HasPrefix(text, "commit ") && !strings.HasPrefix(text, "Diff in ") {
		return plan{}, false
	}
	s := newLineSel(text, limit, countGaps(len(text)))
	// git diff --word-diff: hunk lines carry no +/- prefix, the changes
	// sit inline as [-old-] and {+new+}. Such a diff is read as one when
	// it fails as a plain diff; when too few of its lines could be plain
	// diff lines, that failure is sure and the plain parse is skipped.
	var d *diffDoc
	ok, marks := false, wordDiffMarks(text)
	if !marks || !plainDiffFails(s) {
		d, ok = parseDiff(s, false)
	}
	if !ok && marks {
		d, ok = parseDiff(s, true)
	}
	if !ok {
		return plan{}, false
	}
	d.pick(s)
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	hint := diffHint
	if len(d.files) == 0 {
		hint = logHint
	}
	return plan{strategy: StrategyDiff, items: items, markerAt: markerAt, what: d.what(s), hint: hint, digest: true}, true
}

const (
	diffHint = "To see one file's whole diff, re-run with its path: git diff -- PATH (git show REV -- PATH)."
	logHint  = "To see one commit whole, re-run git show --stat REV, or the log narrower: git log -n N, or -- PATH."
)

// diffLikely is a cheap first test: a hunk header near a file header in
// the first 256 KiB.
func diffLikely(text string) bool {
	head := text[:min(len(text), 256<<10)]
	at := strings.Index(head, "@@ -")
	if at < 0 {
		return contextDiffLikely(head)
	}
	return strings.Contains(head[:at], "\n+++ ") || strings.HasPrefix(head, "+++ ") ||
		strings.Contains(head[:at], "diff ")
}

// rustfmtHunkPath returns the file a rustfmt --check (cargo fmt --check)
// hunk header names: `Diff in PATH:LINE:`, or `Diff in PATH at line
// LINE:` as rustfmt wrote it before 1.5. Such a diff has no file headers
// and no @@ counts: each header names its file and line, and the hunk
// under it runs while its lines start with ' ', '-' or '+'.
func rustfmtHunkPath(l string) (string, bool) {
	rest, ok := strings.CutPrefix(l, "Diff in ")
	if !ok || !strings.HasSuffix(rest, ":") {
		return "", false
	}
	rest = rest[:len(rest)-1]
	if at := strings.LastIndex(rest, " at line "); at > 0 && txt.DigitsAt(rest, at+len(" at line ")) == len(rest)-at-len(" at line ") {
		return rest[:at], true
	}
	colon := strings.LastIndexByte(rest, ':')
	if colon <= 0 || colon+1 == len(rest) || txt.DigitsAt(rest, colon+1) != len(rest)-colon-1 {
		return "", false
	}
	return rest[:colon], true
}

func rustfmtHunk(l string) bool {
	_, ok := rustfmtHunkPath(l)
	return ok
}

// rustfmtHunkEnd is hunkEnd for the hunk whose `Diff in` header is line
// i: it runs while its lines are context, removed or added lines, and is
// whole when the next header or the end follows it.
func rustfmtHunkEnd(s *lineSel, i int) (end, minus, plus int, ok bool) {
	n := s.n()
	j := i + 1
	for ; j < n; j++ {
		l := s.line(j)
		if l == "" {
			break
		}
		switch l[0] {
		case '-':
			minus++
		case '+':
			plus++
		case ' ':
		default:
			_, next := rustfmtHunkPath(l)
			return j, minus, plus, next && j > i+1
		}
	}
	return j, minus, plus, j > i+1 && (j == n || j == n-1 && s.line(j) == "")
}

// A diffFile is one file of a diff: the line that names it, its header
// lines and its hunks.
type diffFile struct {
	name      int   // the "diff --git" line, or "---" when there is none
	important []int // rename, copy, mode, new/deleted, similarity, binary
	other     []int // index, ---, +++ (when name is the diff line)
	// hunks are the file's, a window on diffDoc.hunks from index first.
	hunks  []diffHunk
	first  int
	plus   int
	minus  int
	binary bool
	// path is the file a rustfmt diff's hunk headers name; its name line
	// is its first hunk's header, which is kept as it reads, with no
	// counts after it.
	path string
}

// A diffHunk is one hunk of a diff: its header line, the line after its
// last, and the index of its file in diffDoc.files. A 10 MB diff of
// one-line hunks holds a quarter of a million of them, so each takes 12
// bytes, where two ints and a map entry from its header to its file took
// 16 and about 35 more.
type diffHunk struct {
	from, to, file uint32
}

// span returns the hunk's lines: its header and the line after its last.
func (h diffHunk) span() [2]int { return [2]int{int(h.from), int(h.to)} }

// A diffDoc is a parsed diff: its files and the lines outside them
// (commit headers, messages, --stat, format-patch trailers).
type diffDoc struct {
	files   []*diffFile
	hunks   []diffHunk // every file's, in order
	pre     []int      // lines outside files, in order
	preKey  []int      // the ones that identify a commit: its header, subject, stat summary
	statRow []int      // --stat rows
	commits int        // in a commit log with no hunks (commitLog), its commits
	word    bool       // hunks in --word-diff form
	// named is set when every file is named by the --stat rows: a hunk
	// may then be kept whose file's name line is not yet, and brings it.
	named bool
	// reported is how many lines of the run around the files pick kept
	// first (see reportLines).
	reported int
	// changed holds each line of a hunk, its header included, that
	// hunkLineChanged reports: read once while parsing, not again by each
	// stage that asks (a 10 MB diff asked up to six times a line).
	changed lineBits
	round   []costedHunk // pickRound's, kept for the next round
	scratch hunkScratch  // hunkChanges's, kept for the next hunk
}

// isChanged reports whether line i, of a hunk or its header, is a change.
func (d *diffDoc) isChanged(i int) bool { return d.changed.has(i) }

// lineBits is a set of line indices, a bit each: bitSet's, but for its
// methods, which shift and mask where bitSet's divide; on a signed index
// a division costs more, a percent of what planning a 10 MB diff takes.
type lineBits []uint64

func newLineBits(n int) lineBits  { return make(lineBits, (n+63)/64) }
func (b lineBits) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b lineBits) add(i int)      { b[i>>6] |= 1 << (i & 63) }

// markChanges notes which lines of the hunk [from, to) are changes.
func (d *diffDoc) markChanges(s *lineSel, from, to int) {
	for i := from; i < to; i++ {
		if hunkLineChanged(s.line(i), d.word) {
			d.changed.add(i)
		}
	}
}

// parseDiff reads the lines of s as a diff, its hunks in word-diff form
// when word is set. It fails when fewer than half the lines are diff
// lines or no hunk has matching counts.
func parseDiff(s *lineSel, word bool) (*diffDoc, bool) {
	n := s.n()
	if n >= math.MaxUint32 {
		return nil, false // a hunk's lines are counted in 32 bits
	}
	d := &diffDoc{word: word, changed: newLineBits(n)}
	var cur *diffFile
	// The hunks are gathered in chunks and copied once into d.hunks:
	// a slice grown by appending left garbage five times its final size
	// (17 MB on 10 MB of one-line hunks), which the memory limit pays for.
	var hunks chunked[diffHunk]
	diffLines, goodHunks := 0, 0
	inHeader := false // in a file's header, before its first hunk
	preStart := true  // the next non-blank message line is a subject
	// addHunk counts the hunk of lines [i, end) of the current file, with
	// its old and new line counts, and returns the line to read on from.
	addHunk := func(i, end, old, nw int, ok bool) int {
		if ok {
			goodHunks++
		}
		hunks.push(diffHunk{uint32(i), uint32(end), uint32(len(d.files) - 1)})
		cur.minus += old
		cur.plus += nw
		diffLines += end - i
		inHeader = false
		return end - 1
	}
	for i := 0; i < n; i++ {
		// Every line left counted a diff line would still leave fewer
		// than half: the parse fails, whatever those lines are. A
		// --word-diff read as a plain diff ends so, and is read again.
		if len(d.files) > 0 && 2*(diffLines+n-i) < n {
			return nil, false
		}
		l := ansiLead(s.line(i))
		var c byte // the line's first byte: each test below needs its own
		if l != "" {
			c = l[0]
		}
		switch {
		case c == 'd' && strings.HasPrefix(l, "diff "):
			cur = &diffFile{name: i, first: hunks.len()}
			d.files = append(d.files, cur)
			inHeader = true
			diffLines++
			continue
		case (c == '-' || c == '*') && isFileHeader(s, i):
			if cur == nil || !inHeader {
				cur = &diffFile{name: i, first: hunks.len()}
				d.files = append(d.files, cur)
				inHeader = true
				cur.important = append(cur.important, i+1)
			} else {
				cur.other = append(cur.other, i, i+1)
			}
			i++
			diffLines += 2
			continue
		case c == 'D' && !word && rustfmtHunk(l):
			path, _ := rustfmtHunkPath(l)
			if cur == nil || cur.path != path {
				cur = &diffFile{name: i, first: hunks.len(), path: path}
				d.files = append(d.files, cur)
			}
			end, old, nw, ok := rustfmtHunkEnd(s, i)
			d.markChanges(s, i, end)
			i = addHunk(i, end, old, nw, ok)
			continue
		case (c == '@' || c == '*') && cur != nil && isHunkStart(l):
			format, _ := diffHunkStart(l)
			var end, old, nw int
			var ok bool
			if word && format.hunk == diffFormats[0].hunk {
				// A word-diff hunk's changes are found as its end is.
				oldN, newN, counted := hunkCounts(l)
				end, old, nw, ok = wordHunkEnd(s, i, oldN, newN, counted, d.changed)
			} else {
				end, old, nw, ok = format.hunkEnd(s, i)
				d.markChanges(s, i, end)
			}
			i = addHunk(i, end, old, nw, ok)
			continue
		case inHeader && diffHeaderLine(l):
			if strings.HasPrefix(l, "index ") {
				cur.other = append(cur.other, i)
			} else {
				cur.important = append(cur.important, i)
				if strings.HasPrefix(l, "Binary files ") || strings.HasPrefix(l, "GIT binary patch") {
					cur.binary = true
					goodHunks++
				}
			}
			diffLines++
			continue
		}
		// A line outside any file: a commit header, message or --stat.
		if cur != nil {
			cur, inHeader, preStart = nil, false, true
		}
		d.pre = append(d.pre, i)
		t := strings.TrimSpace(l)
		switch {
		case diffCommitLine(l):
			d.preKey = append(d.preKey, i)
			preStart = true
		case statSummary(t):
			d.preKey = append(d.preKey, i)
		case statRow(l):
			d.statRow = append(d.statRow, i)
		case preStart && t != "" && t != "---":
			d.preKey = append(d.preKey, i) // the subject
			preStart = false
		}
	}
	if len(d.files) == 0 && goodHunks == 0 {
		return d, commitLog(s, d)
	}
	if goodHunks == 0 || len(d.files) == 0 || 2*diffLines < n {
		return nil, false
	}
	d.hunks = hunks.appendTo(make([]diffHunk, 0, hunks.len()))
	for k, f := range d.files {
		end := len(d.hunks)
		if k+1 < len(d.files) {
			end = d.files[k+1].first
		}
		f.hunks = d.hunks[f.first:end:end]
	}
	return d, true
}

// plainDiffFails reports, from the first byte of each line of s, read
// through its index, that parseDiff(s, false) fails or gives what parseDiff(s, true) does.
// A plain parse counts a line a diff line only when, after its colour
// codes, it is empty or starts with one of the bytes of the file header,
// hunk header and hunk body lines of plain and context diffs, or is a
// diffHeaderLine; with fewer than half the lines so, it fails unless it
// finds no file, and with no file the two parses read the same lines the
// same way.
func plainDiffFails(s *lineSel) bool {
	could := 0 // lines that could count as diff lines
	n := s.n()
	for i := range n {
		// The line with its '\n', which no test below reads.
		start, end := s.bounds(i)
		if c := s.text[start]; c == '\n' || plainDiffLead[c] || diffHeaderLine(s.text[start:end]) {
			could++
		}
	}
	return 2*could < n
}

// plainDiffLead marks the first bytes of the lines a plain parse may count
// as diff lines but for a diffHeaderLine: "diff ", ---, +++, ***, @@,
// a unified hunk's ' ', '-', '+' and '\\', a context hunk's '!', and
// ESC, which starts a line in colour.
var plainDiffLead = func() (t [256]bool) {
	for _, c := range []byte("d-+*@ !\\\x1b") {
		t[c] = true
	}
	return t
}()

// commitLog reports whether d, parsed from s with no file in it, is a
// commit log: two commits or more, and nine lines in ten blank, commit
// headers, --stat lines or message lines indented as git indents them.
func commitLog(s *lineSel, d *diffDoc) bool {
	commits, logLines := 0, 0
	for i := range s.n() {
		l := ansiLead(s.line(i))
		switch {
		case strings.HasPrefix(l, "commit "):
			commits++
			logLines++
		case strings.TrimSpace(l) == "", diffCommitLine(l), strings.HasPrefix(l, "    "),
			statRow(l), statSummary(strings.TrimSpace(l)):
			logLines++
		}
	}
	d.commits = commits
	return commits >= 2 && 10*logLines >= 9*s.n()
}

// hunkEnd returns the end (exclusive) of the hunk whose header is line i,
// the counts of removed and added lines it holds, and whether the header's
// counts matched the lines under it. A --word-diff hunk ends by
// wordHunkEnd.
func hunkEnd(s *lineSel, i int) (end, minus, plus int, ok bool) {
	oldN, newN, counted := hunkCounts(ansiLead(s.line(i)))
	n := s.n()
	j := i + 1
	for ; j < n; j++ {
		l := ansiLead(s.line(j))
		if counted && oldN <= 0 && newN <= 0 && !strings.HasPrefix(l, "\\") {
			break
		}
		c := byte(' ')
		if l != "" {
			c = l[0]
		}
		switch c {
		case ' ':
			oldN--
			newN--
		case '-':
			if !counted && strings.HasPrefix(l, "--- ") && j+1 < n && strings.HasPrefix(ansiLead(s.line(j+1)), "+++ ") {
				return j, minus, plus, false
			}
			oldN--
			minus++
		case '+':
			newN--
			plus++
		case '\\':
		default:
			return j, minus, plus, counted && oldN <= 0 && newN <= 0
		}
		if counted && (oldN < 0 || newN < 0) {
			return j + 1, minus, plus, false
		}
	}
	return j, minus, plus, counted && oldN <= 0 && newN <= 0
}

// ansiLead returns l without the terminal colour sequences that open it
// (git diff --color): the shape tests read what a terminal shows.
func ansiLead(l string) string {
	for len(l) > 2 && l[0] == 0x1b && l[1] == '[' {
		j := 2
		for j < len(l) && (l[j] < 0x40 || l[j] > 0x7e) {
			j++
		}
		if j == len(l) {
			return l
		}
		l = l[j+1:]
	}
	return l
}

// hunkCounts parses "@@ -a,b +c,d @@" into b and d (1 when omitted).
func hunkCounts(l string) (oldN, newN int, ok bool) {
	rest, found := strings.CutPrefix(l, "@@ -")
	if !found {
		return 0, 0, false
	}
	oldN, rest, ok = rangeCount(rest)
	if !ok || !strings.HasPrefix(rest, " +") {
		return 0, 0, false
	}
	newN, rest, ok = rangeCount(rest[2:])
	if !ok || !strings.HasPrefix(rest, " @@") {
		return 0, 0, false
	}
	return oldN, newN, true
}

// rangeCount parses "a,b" or "a" at the start of s: b, or 1.
func rangeCount(s string) (count int, rest string, ok bool) {
	i := txt.DigitsAt(s, 0)
	if i == 0 {
		return 0, s, false
	}
	if i < len(s) && s[i] == ',' {
		j := i + 1 + txt.DigitsAt(s, i+1)
		n, ok := txt.Atoi(s[i+1 : j])
		if !ok {
			return 0, s, false
		}
		return n, s[j:], true
	}
	return 1, s[i:], true
}

// diffHeaderLines start the lines git and diff write between a file's
// "diff" line and its first hunk.
var diffHeaderLines = []string{"index ", "old mode ", "new mode ", "deleted file mode ", "new file mode ",
	"similarity index ", "dissimilarity index ", "rename from ", "rename to ", "copy from ", "copy to ",
	"Binary files ", "GIT binary patch", "literal ", "delta ", "Only in "}

// diffHeaderLead marks the first bytes of diffHeaderLines.
var diffHeaderLead = func() (t [256]bool) {
	for _, p := range diffHeaderLines {
		t[p[0]] = true
	}
	return t
}()

func diffHeaderLine(l string) bool {
	if l == "" || !diffHeaderLead[l[0]] {
		return false
	}
	for _, p := range diffHeaderLines {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// diffCommitLine reports a commit header line: git log/show's and
// format-patch's.
func diffCommitLine(l string) bool {
	if l == "" || !commitLineLead[l[0]] {
		return false // most lines: no header starts so
	}
	for _, p := range commitLinePrefixes {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// commitLinePrefixes start the commit header lines of git log, git show
// and git format-patch.
var commitLinePrefixes = []string{"commit ", "Author: ", "AuthorDate: ", "Commit: ", "CommitDate: ", "Date: ", "Merge: ", "From ", "From: ", "Subject: "}

// commitLineLead marks the first bytes of commitLinePrefixes.
var commitLineLead = func() (t [256]bool) {
	for _, p := range commitLinePrefixes {
		t[p[0]] = true
	}
	return t
}()

// statSummary matches --stat's "N files changed, …" line.
func statSummary(t string) bool {
	i := txt.DigitsAt(t, 0)
	return i > 0 && (strings.HasPrefix(t[i:], " files changed") || strings.HasPrefix(t[i:], " file changed"))
}

// pickFileName keeps the line that names f, with its +/- counts, and f's
// rename, mode and binary lines.
func pickFileName(s *lineSel, f *diffFile) bool {
	note := "  [+" + txt.Commas(f.plus) + " -" + txt.Commas(f.minus) + "]"
	if f.binary {
		note = "  [binary]"
	}
	if f.path != "" {
		return s.pickCapped(f.name, 400)
	}
	if len(s.line(f.name)) > 400 || !s.pickNote(f.name, note) {
		if !s.pickCapped(f.name, 400) {
			return false
		}
	}
	for _, i := range f.important {
		s.pickCapped(i, 400)
	}
	return true
}

// fileNameCost bounds what pickFileName adds.
func fileNameCost(s *lineSel, f *diffFile) int {
	if s.isKept(f.name) {
		return 0
	}
	c := min(s.size(f.name), 400+cutNoteMax+2) + len("  [+ -]") + 2*len("9,999,999") + 2*s.gapCost
	for _, i := range f.important {
		c += min(s.size(i), 400+cutNoteMax+2)
	}
	return c
}

// statRow matches a --stat row: " path | 12 ++--" or " path | Bin 0 -> 12 bytes".
func statRow(l string) bool {
	if !strings.HasPrefix(l, " ") {
		return false
	}
	bar := strings.LastIndex(l, " | ")
	if bar < 0 {
		return false
	}
	r := strings.TrimSpace(l[bar+3:])
	return txt.DigitsAt(r, 0) > 0 || strings.HasPrefix(r, "Bin")
}

// pick chooses the lines of a diff in order of what they tell.
func (d *diffDoc) pick(s *lineSel) {
	// What a tool that prints diffs inside its log says around them (a
	// failure, its verdict) before anything: no hunk says it.
	d.reported = d.pickReport(s, s.room()/4)
	for _, i := range d.preKey {
		s.pickCapped(i, 300)
	}
	// The --stat rows name every file compactly, when they are there.
	stat := 0
	for _, i := range d.statRow {
		stat += s.size(i)
	}
	statKept := stat > 0 && stat <= s.room()*45/100
	if statKept {
		for _, i := range d.statRow {
			s.pick(i)
		}
	}
	// Every file named with its counts while most of the room lasts: the
	// first and the last, then the others in order. When the --stat rows
	// are kept they name every file already, and a file's name line comes
	// with its first hunk kept.
	nameRoom := s.used + s.room()*4/10
	if statKept {
		nameRoom = s.used - 1
	}
	order := make([]*diffFile, 0, len(d.files))
	if len(d.files) > 0 {
		order = append(order, d.files[0])
	}
	if len(d.files) > 1 {
		order = append(order, d.files[len(d.files)-1])
		order = append(order, d.files[1:len(d.files)-1]...)
	}
	for _, f := range order {
		if s.used > nameRoom {
			break
		}
		pickFileName(s, f)
	}
	d.named = statKept
	// The file headers the name line sums up (the old and new names
	// with their dates) when they all cost little.
	pickFileHeaders(s, d.files, s.room()/10)
	// The commit messages, in order, while they cost little: they say
	// why, which no hunk does.
	msgEnd := s.used + s.room()/10
	for _, i := range d.pre {
		if !pickWithin(s, i, msgEnd) {
			break
		}
	}
	// The end of the diff: the last file's last hunk, where a clip's
	// tail would look.
	if len(d.files) > 0 {
		if last := d.files[len(d.files)-1]; len(last.hunks) > 0 && (s.isKept(last.name) || d.named && pickFileName(s, last)) {
			pickHunkTail(s, last.hunks[len(last.hunks)-1].span(), s.room()/10)
		}
	}
	pickRustfmtHeads(s, d, s.room()*rustfmtHeadShare/10)
	// The declarations the diff changes (a signature removed, renamed or
	// added) before the rounds: the smallest hunks first would spend a
	// small budget on new config files.
	pickChangedDecls(s, d, s.room()*diffDeclShare/100)
	// Hunks breadth first — every named file's first hunk before any
	// file's second — each cut to its changes; a hunk that repeats the
	// changes of one before it (a licence year bumped in every file, an
	// import renamed) after all the others.
	hunks, rounds := hunkOrder(s, d)
	for from := 0; from < len(hunks); {
		to := from + 1
		for to < len(hunks) && rounds[to] == rounds[from] {
			to++
		}
		pickRound(s, d, hunks[from:to], true)
		if rounds[from] == 0 {
			for _, i := range d.statRow {
				s.pick(i)
			}
		}
		from = to
	}
	// What the rounds' caps left goes to the changes still cut.
	pickRound(s, d, hunks, false)
	// The hunks order is read no more: the ones shown take its place.
	shown := slices.DeleteFunc(hunks, func(g uint32) bool { return !s.isKept(int(d.hunks[g].from)) })
	// Then the context around the changes kept, in breadth-first order.
	for k, g := range shown {
		pickContext(s, d, d.hunks[g].span(), s.room()/(len(shown)-k))
	}
	for _, i := range d.pre {
		s.pickCapped(i, 300)
	}
	for _, f := range d.files {
		for _, i := range f.other {
			s.pick(i)
		}
	}
}

// pickHunkTail keeps the header of hunk h and its last lines within
// about share bytes.
func pickHunkTail(s *lineSel, h [2]int, share int) {
	end := s.used + share
	if !s.pickCapped(h[0], hunkLineCap) {
		return
	}
	for i := h[1] - 1; i > h[0] && pickWithin(s, i, end); i-- {
	}
}

// pickRound keeps the changes of hunks, the smallest first, each within
// an equal share of what is left: a small hunk kept whole leaves its
// unused share to the larger ones after it. When capped, no hunk takes
// more than twice the equal share the round began with, so that one
// long hunk (a new file) leaves room to the rounds after it.
func pickRound(s *lineSel, d *diffDoc, hunks []uint32, capped bool) {
	if cap(d.round) < len(hunks) {
		d.round = make([]costedHunk, 0, len(hunks))
	}
	round := d.round[:0]
	for _, g := range hunks {
		round = append(round, costedHunk{changesCost(s, d, d.hunks[g].span()), g})
	}
	d.round = round
	slices.SortStableFunc(round, func(a, b costedHunk) int { return a.cost - b.cost })
	limit := 2 * s.room() / max(len(round), 1)
	for k, c := range round {
		share := s.room() / (len(round) - k)
		if capped {
			share = min(share, limit)
		}
		pickHunk(s, d, d.hunks[c.hunk], share)
	}
}

// A costedHunk is the index of a hunk in diffDoc.hunks with what
// changesCost says it costs.
type costedHunk struct {
	cost int
	hunk uint32
}

// hunkOrder returns the hunks of the named files of d, as indices in
// d.hunks, breadth first: every file's first hunk, then every file's
// second, and so on; hunks whose changes repeat those of a hunk before
// them last, in the same order. rounds holds each one's round; the
// repeats make one round of their own, after the others.
func hunkOrder(s *lineSel, d *diffDoc) (order, rounds []uint32) {
	repeat := repeatedHunks(s, d)
	order = make([]uint32, 0, len(d.hunks))
	rounds = make([]uint32, 0, len(d.hunks))
	var repeats []uint32
	// The named files with a hunk at the round, in order: a round reads
	// only them, so the rounds cost the hunks, not files × hunks (one
	// file of many hunks among many files of one made as many rounds, each
	// over every file).
	var left []*diffFile
	last := 0 // the repeats' round: past every file's last
	for _, f := range d.files {
		last = max(last, len(f.hunks))
		if len(f.hunks) > 0 && (d.named || s.isKept(f.name)) {
			left = append(left, f)
		}
	}
	for round := 0; len(left) > 0; round++ {
		n := 0
		for _, f := range left {
			g := uint32(f.first + round)
			if repeat.has(int(d.hunks[g].from)) {
				repeats = append(repeats, g)
			} else {
				order = append(order, g)
				rounds = append(rounds, uint32(round))
			}
			if round+1 < len(f.hunks) {
				left[n] = f
				n++
			}
		}
		left = left[:n]
	}
	for range repeats {
		rounds = append(rounds, uint32(last))
	}
	return append(order, repeats...), rounds
}

// firstChangeSize is what the first change of hunk h costs kept (with
// its side header, in a context diff).
func firstChangeSize(s *lineSel, d *diffDoc, h [2]int) int {
	size := 0
	for i := h[0] + 1; i < h[1]; i++ {
		if contextSideHeader(ansiLead(s.line(i))) {
			size = cappedSize(s, i)
		}
		if d.isChanged(i) {
			return size + cappedSize(s, i)
		}
	}
	return 0
}

// repeatedHunks returns, a bit per line, the header lines of the hunks
// whose changed lines are those of a hunk before them (the same hash of
// their bytes, see hashLine: a 10 MB diff keeps one word per hunk, not a
// copy of its changes).
func repeatedHunks(s *lineSel, d *diffDoc) lineBits {
	var seen hashIDs // a third of what a map of the same took
	repeat := newLineBits(s.n())
	for _, f := range d.files {
		for _, hk := range f.hunks {
			h := hk.span()
			sum, any := uint64(fnvOffset), false
			for i := h[0] + 1; i < h[1]; i++ {
				if d.isChanged(i) {
					sum = hashLine(sum, s.line(i))
					any = true
				}
			}
			if !any {
				continue
			}
			if _, first := seen.id(sum); !first {
				repeat.add(h[0])
			}
		}
	}
	return repeat
}

// hashLine returns sum with line l and its end mixed in, eight bytes a
// step (FNV's byte a step cost a quarter of planning a 10 MB diff): each
// step multiplies by an odd number and rotates, a bijection of sum, so
// lines that differ in a single step never hash alike. The last step
// holds the bytes left, under eight, and how many they are: the end.
func hashLine(sum uint64, l string) uint64 {
	for ; len(l) >= 8; l = l[8:] {
		w := uint64(l[0]) | uint64(l[1])<<8 | uint64(l[2])<<16 | uint64(l[3])<<24 |
			uint64(l[4])<<32 | uint64(l[5])<<40 | uint64(l[6])<<48 | uint64(l[7])<<56
		sum = bits.RotateLeft64((sum^w)*fnvPrime, 29)
	}
	w := uint64(len(l)) << 56
	for k := range len(l) {
		w |= uint64(l[k]) << (8 * k)
	}
	return bits.RotateLeft64((sum^w)*fnvPrime, 29)
}

// pickHunk keeps the hunk h ([header, end) lines) within about share
// bytes: its header and its changed lines — the lines a diff is about —
// breadth first across its runs of changes: the first removed and the
// first added line of every run (what a change replaced, and with what),
// then the second ones, and so on. pickContext adds the rest later.
func pickHunk(s *lineSel, d *diffDoc, hk diffHunk, share int) {
	h := hk.span()
	changed := hunkChanges(s, d, h)
	// A header with none of its changes says little: keep it only with
	// its first change.
	start := s.used
	first := cappedSize(s, h[0]) + s.gapCost + firstChangeSize(s, d, h)
	if len(changed) > 0 {
		first += s.gapCost
	}
	f := d.files[hk.file]
	if !s.isKept(h[0]) {
		first += fileNameCost(s, f)
		share += fileNameCost(s, f)
		if first > share {
			return
		}
	}
	// A rustfmt header names a line, not the function around it: its
	// first line, context or change, says where the hunk is.
	anchor := f.path != "" && h[0]+1 < h[1] && !s.isKept(h[0]+1)
	if anchor {
		first += cappedSize(s, h[0]+1)
		if first > share && !s.isKept(h[0]) {
			return
		}
	}
	if !s.isKept(f.name) && !pickFileName(s, f) || !s.pickCapped(h[0], hunkLineCap) {
		return
	}
	if anchor && !s.pickCapped(h[0]+1, hunkLineCap) {
		return
	}
	end := start + share
	for _, i := range changed {
		if !pickWithin(s, i, end) {
			break // what follows matters less than what did not fit
		}
	}
	closeHunkGaps(s, h, end)
}

// hunkChanges returns the changed lines of hunk h in the order pickHunk
// keeps them: a run of changed lines (no context between them) splits
// into its sides — removed, added, changed in place — and the k-th line
// of every side of every run comes before any k+1-th. What it returns,
// and the lists it builds it from, are d's to reuse for the next hunk: a
// 10 MB diff of one-line hunks made 39 MB of garbage of them.
func hunkChanges(s *lineSel, d *diffDoc, h [2]int) []int {
	w := &d.scratch
	w.changes, w.sides, w.runs = w.changes[:0], w.sides[:0], w.runs[:0]
	inRun, head := false, -1
	for i := h[0] + 1; i < h[1]; i++ {
		l := s.line(i)
		if contextSideHeader(ansiLead(l)) {
			head = i
		}
		if !d.isChanged(i) {
			inRun = false
			continue
		}
		if !inRun {
			w.runs = append(w.runs, hunkRun{head: head, first: len(w.sides)})
			head = -1
			inRun = true
		}
		mark := byte('+')
		if d.word {
			mark = wordDiffLine(ansiLead(l))
		} else if a := ansiLead(l); a != "" {
			mark = a[0]
		}
		r := &w.runs[len(w.runs)-1]
		k := r.first
		for k < len(w.sides) && w.sides[k].mark != mark {
			k++
		}
		if k == len(w.sides) {
			w.sides = append(w.sides, hunkSide{mark: mark})
		}
		w.sides[k].n++
		w.changes = append(w.changes, hunkChange{line: uint32(i), side: uint32(k)})
	}
	// Each side's lines together, in order.
	at := 0
	for k := range w.sides {
		w.sides[k].start, w.sides[k].next = at, at
		at += w.sides[k].n
	}
	w.lines = slices.Grow(w.lines[:0], at)[:at]
	for _, c := range w.changes {
		sd := &w.sides[c.side]
		w.lines[sd.next] = c.line
		sd.next++
	}
	for k := range w.sides {
		w.sides[k].next = w.sides[k].start // now the next line to order
	}
	order := w.order[:0]
	for k := 0; ; k++ {
		more := false
		for j, r := range w.runs {
			if k == 0 && r.head >= 0 {
				order = append(order, r.head) // which side the run is on
			}
			sides := w.sides[r.first:]
			if j+1 < len(w.runs) {
				sides = w.sides[r.first:w.runs[j+1].first]
			}
			for x := range sides {
				sd := &sides[x]
				end := sd.start + sd.n
				if sd.next >= end {
					continue
				}
				more = true
				n := commentLeadLen(s, d, w.lines[sd.start:end], sd.next-sd.start)
				for _, i := range w.lines[sd.next : sd.next+n] {
					order = append(order, int(i))
				}
				sd.next += n
			}
		}
		if !more {
			w.order = order
			return order
		}
	}
}

// commentLeadMax is how many comment lines commentLeadLen takes before
// the line they document: a longer block of comments is prose of its
// own, kept a line a pass as any other change.
const commentLeadMax = 3

// commentLeadLen returns how many of a side's changed lines, side (in
// order), from its from-th on, hunkChanges orders as one: that line
// alone, or, when it opens a block of at most commentLeadMax comment
// lines that the side goes on with at once, those and the line under
// them. A changed comment names nothing alone (`{+//
// DisableSliceFlagSeparator is used to disable ...+}`); the field or
// function under it is the change.
func commentLeadLen(s *lineSel, d *diffDoc, side []uint32, from int) int {
	if from > 0 && side[from-1]+1 == side[from] && changedComment(ansiLead(s.line(int(side[from-1]))), d.word) {
		return 1 // inside a block of comments, not its start
	}
	lines := side[from:]
	for k, i := range lines {
		if k > 0 && i != lines[k-1]+1 || k > commentLeadMax {
			return 1 // not the side's next line, or too long a block
		}
		if !changedComment(ansiLead(s.line(int(i))), d.word) {
			if k == 0 {
				return 1
			}
			return k + 1
		}
	}
	return 1 // comments to the side's end: nothing under them
}

// changedComment reports a changed line of a diff (its ANSI lead gone)
// whose text past its change mark is a comment (see commentLine): a
// unified diff's `+// ...`, a context diff's `! # ...`, a word diff's
// `{+// ...+}` or `[-// ...-]`.
func changedComment(l string, word bool) bool {
	t := strings.TrimSpace(l)
	if word {
		if len(t) < 4 {
			return false
		}
		t = t[2 : len(t)-2]
	} else {
		if len(t) < 2 {
			return false
		}
		t = t[1:]
	}
	c, _ := commentLine(t, false)
	return c
}

// A hunkScratch holds what hunkChanges builds for one hunk.
type hunkScratch struct {
	changes []hunkChange // the hunk's changed lines, in order
	sides   []hunkSide   // every run's sides, run after run
	runs    []hunkRun
	lines   []uint32 // the changed lines side after side
	order   []int    // what hunkChanges returns
}

// A hunkChange is a changed line and the index of its side in
// hunkScratch.sides (parseDiff declines a text of 2³² lines).
type hunkChange struct{ line, side uint32 }

// A hunkSide is the lines of one mark in a run: how many, and where they
// start in hunkScratch.lines.
type hunkSide struct {
	mark           byte
	n, start, next int
}

// A hunkRun is a run of changed lines: the context diff side header
// before it, or -1, and the index of its first side in
// hunkScratch.sides; its sides run to the next run's first.
type hunkRun struct{ head, first int }

// changesCost is what pickHunk keeps of hunk h with room enough: its
// header and its changed lines, each with a gap note.
func changesCost(s *lineSel, d *diffDoc, h [2]int) int {
	c := cappedSize(s, h[0]) + s.gapCost
	for i := h[0] + 1; i < h[1]; i++ {
		if d.isChanged(i) {
			c += cappedSize(s, i)
			if !d.isChanged(i - 1) {
				c += s.gapCost
			}
		}
	}
	return c
}

// pickContext adds to the kept hunk h the context around its kept
// changes within about share bytes: all of it when it fits, else a line
// before and after each change at a time, up to git's usual three.
func pickContext(s *lineSel, d *diffDoc, h [2]int, share int) {
	if !s.isKept(h[0]) {
		return
	}
	end := s.used + share
	rest := 0
	for i := h[0] + 1; i < h[1]; i++ {
		if !s.isKept(i) {
			rest += cappedSize(s, i)
		}
	}
	if s.used+rest <= end {
		for i := h[0] + 1; i < h[1]; i++ {
			pickWithin(s, i, end)
		}
		return
	}
	for r := 1; r <= 3; r++ {
		for c := h[0] + 1; c < h[1]; c++ {
			if !s.isKept(c) || !d.isChanged(c) {
				continue
			}
			if b := c - r; b > h[0] && !d.isChanged(b) {
				pickWithin(s, b, end)
			}
			if a := c + r; a < h[1] && !d.isChanged(a) {
				pickWithin(s, a, end)
			}
		}
	}
	closeHunkGaps(s, h, end)
}

// contextSideHeader reports a context diff hunk's side header, which
// says which side the changes under it are on: `*** a,b ****` (old) or
// `--- c,d ----` (new).
func contextSideHeader(l string) bool {
	return contextRange(l, "*** ", " ****") || contextRange(l, "--- ", " ----")
}

// hunkLineCap bounds a kept hunk line.
const hunkLineCap = 240

// pickWithin keeps line i, capped, when the selection stays within end
// bytes, and reports whether it is kept.
func pickWithin(s *lineSel, i, end int) bool {
	if s.isKept(i) {
		return true
	}
	if s.used+cappedSize(s, i)+s.gapChange(i) > end {
		return false
	}
	return s.pickCapped(i, hunkLineCap)
}

// cappedSize bounds what line i costs kept with pickCapped, gap notes
// aside.
func cappedSize(s *lineSel, i int) int {
	return min(s.size(i), hunkLineCap+cutNoteMax+2)
}

// closeHunkGaps keeps the dropped lines of hunk h that cost no more than
// the gap note standing for them, while the selection stays within end.
func closeHunkGaps(s *lineSel, h [2]int, end int) {
	for i := h[0] + 1; i < h[1]; i++ {
		if s.isKept(i) {
			continue
		}
		j := i
		lines := 0
		for j < h[1] && !s.isKept(j) {
			lines += s.size(j)
			j++
		}
		if j < h[1] && lines <= s.gapSize(i, j)+s.gapCost/2 {
			for k := i; k < j; k++ {
				pickWithin(s, k, end)
			}
		}
		i = j
	}
}

// hunkLineChanged reports a line of a hunk that is a change, not context:
// added or removed (+, -), changed in a context diff (!), or in a
// --word-diff hunk a line holding a [-…-] or {+…+} mark.
func hunkLineChanged(l string, word bool) bool {
	l = ansiLead(l)
	if word {
		return strings.Contains(l, "{+") || strings.Contains(l, "[-")
	}
	if l == "" {
		return false
	}
	switch l[0] {
	case '+', '-':
		return !contextRange(l, "--- ", " ----")
	case '!':
		return len(l) == 1 || l[1] == ' '
	}
	return false
}

// what words the cut for the marker.
func (d *diffDoc) what(s *lineSel) string {
	plus, minus, hunks, shown, named := 0, 0, 0, 0, 0
	for _, f := range d.files {
		plus += f.plus
		minus += f.minus
		hunks += len(f.hunks)
		if s.isKept(f.name) {
			named++
		}
		for _, h := range f.hunks {
			if s.isKept(int(h.from)) {
				shown++
			}
		}
	}
	if len(d.files) == 0 {
		return "a log of " + txt.Plural(d.commits, "commit") + " cut to every commit's header, subject and --stat total first, then the --stat rows and the messages in order"
	}
	w := "a diff of " + txt.Plural(len(d.files), "file") + " (+" + txt.Commas(plus) + " -" + txt.Commas(minus) + ", " + txt.Plural(hunks, "hunk") + ")"
	w += " cut to " + txt.Commas(named) + " named with their counts and " + txt.Commas(shown) + " hunks, breadth first, cut to their changes first"
	if d.reported > 0 {
		w += "; " + txt.Plural(d.reported, "line") + " of the run around it (failures, verdict) kept first"
	}
	return w
}

// wordDiffMarks reports text that holds git --word-diff marks.
func wordDiffMarks(text string) bool {
	head := text[:min(len(text), 256<<10)]
	return strings.Contains(head, "{+") || strings.Contains(head, "[-")
}

// wordDiffLine classifies a line of a --word-diff hunk as the +/- prefix
// of a plain diff would: '+' for a line only added (`{+…+}` and white
// space), '-' for one only removed, ' ' for a line of both sides.
func wordDiffLine(l string) byte {
	t := strings.TrimSpace(l)
	switch {
	case oneMark(t, "{+", "+}"):
		return '+'
	case oneMark(t, "[-", "-]"):
		return '-'
	}
	return ' '
}

// oneMark reports whether t is one mark from open to close, whole: its
// first close is its end (`{+f() {+}` is one, `{+a+} x {+b+}` is not).
func oneMark(t, open, close string) bool {
	return len(t) >= 4 && strings.HasPrefix(t, open) && strings.Index(t[2:], close) == len(t)-4
}

// wordHunkEnd is hunkEnd for a --word-diff hunk of oldN and newN lines:
// it runs to the next hunk, file or commit header. Its lines cannot be
// counted exactly (an added blank line is written bare, as a blank line
// of context is), so the header's counts match when the hunk holds at
// least as many lines as the larger side and at most both sides. It adds
// to changed each line of the hunk, header included, that hunkLineChanged
// reports.
func wordHunkEnd(s *lineSel, i, oldN, newN int, counted bool, changed lineBits) (end, minus, plus int, ok bool) {
	if hunkLineChanged(s.line(i), true) {
		changed.add(i)
	}
	j := i + 1
	for ; j < s.n(); j++ {
		l := ansiLead(s.line(j))
		if l != "" && (l[0] == '@' || l[0] == 'd' || l[0] == 'c') &&
			(strings.HasPrefix(l, "@@ -") || strings.HasPrefix(l, "diff ") || commitHashLine(l)) {
			break
		}
		if strings.IndexByte(l, '{') < 0 && strings.IndexByte(l, '[') < 0 {
			continue // no mark: a line of context
		}
		switch wordDiffLine(l) {
		case '+':
			plus++
			changed.add(j)
		case '-':
			minus++
			changed.add(j)
		default:
			if strings.Contains(l, "{+") || strings.Contains(l, "[-") {
				minus, plus = minus+1, plus+1 // a line changed in place
				changed.add(j)
			}
		}
	}
	lines := j - i - 1
	return j, minus, plus, counted && lines >= max(oldN, newN) && lines <= oldN+newN
}

// commitHashLine matches git log's "commit <hash>" line.
func commitHashLine(l string) bool {
	h, ok := strings.CutPrefix(l, "commit ")
	if !ok || len(h) < 7 {
		return false
	}
	for i := 0; i < 7; i++ {
		if c := h[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// rustfmtHeadShare is the tenths of the room a rustfmt report's hunk
// headers may take before any hunk's changes.
const rustfmtHeadShare = 6

// pickRustfmtHeads keeps, within about share bytes, the header of every
// hunk of a rustfmt report with its first line — all that says where a
// hunk is, as its header names a line and no function — before any
// hunk's changes, spread evenly over the report when not all fit: a
// report of many hunks over few files showed the first ones of each file
// and none after (rand's distributions: 30 of 65 at 16,000 B).
func pickRustfmtHeads(s *lineSel, d *diffDoc, share int) {
	n := len(d.hunks)
	if n == 0 || d.files[d.hunks[0].file].path == "" {
		return
	}
	end := s.used + share
	// The hunks in spreadRank's order: rank r is hunk r's bits reversed,
	// and reversing is its own inverse.
	for r := range 1 << bits.Len(uint(max(n-1, 1))) {
		g := int(spreadRank(r, n))
		if g >= n {
			continue
		}
		h := d.hunks[g].span()
		f := d.files[d.hunks[g].file]
		cost := cappedSize(s, h[0]) + s.gapCost
		if !s.isKept(f.name) {
			cost += fileNameCost(s, f)
		}
		if h[0]+1 < h[1] {
			cost += cappedSize(s, h[0]+1)
		}
		if s.used+cost > end || !s.isKept(f.name) && !pickFileName(s, f) || !s.pickCapped(h[0], hunkLineCap) {
			continue
		}
		if h[0]+1 < h[1] {
			s.pickCapped(h[0]+1, hunkLineCap)
		}
	}
}
