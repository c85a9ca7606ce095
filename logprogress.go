package headroom

import "strings"

// A progressScan finds the progress line above each block of a log (see
// above), reading at most progressScanMax lines for them all. The windows
// of blocks close together overlap: what it found of the last lines it
// read is kept in a ring of progressRing slots, so that a line is read
// once for the blocks near it, though it counts against the bound each
// time as when it was read again.
type progressScan struct {
	left int
	line [progressRing]int32 // the line a slot holds, -1 when none
	step [progressRing]bool  // whether that line is a step (progressStep, not indented)
	// leads counts the step leads (see stepLead) of one block's window,
	// and texts the lines that hold one.
	leads, texts map[string]int32
	// leadsAbove holds the leads of the window's lines above the block, as
	// the count read them, for the walk up to the nearest.
	leadsAbove []string
}

// progressRing is how many lines' answers a progressScan keeps: more
// than two windows, so a block's window after the one before is in it.
const progressRing = 512

// newProgressScan returns a scan with its whole bound left.
func newProgressScan() *progressScan {
	s := &progressScan{left: progressScanMax}
	for k := range s.line {
		s.line[k] = -1
	}
	return s
}

// above returns the runner's progress line that block b sits under: the
// nearest line above it, within progressWindow lines, that counts a step
// as `[N/M] name` (regrtest's `0:00:05 load avg: 21.16 [4/7]
// test_fractions`, ninja's `[12/40] Building …`): it names the test or
// target that failed where the failure's own lines may not. Else -1.
func (s *progressScan) above(lines logLines, b logBlock) int {
	lo := max(0, int(b.first)-progressWindow)
	for i := int(b.first) - 1; i >= lo && s.left > 0; i-- {
		s.left--
		if s.isStep(lines, i) {
			return i
		}
	}
	return -1
}

// isStep reports whether line i counts a step, from the ring when it
// holds the line.
func (s *progressScan) isStep(lines logLines, i int) bool {
	k := i % progressRing
	if int(s.line[k]) != i {
		l := lines.line(i)
		s.line[k], s.step[k] = int32(i), !isIndented(l) && progressStep(l)
	}
	return s.step[k]
}

// stepAbove returns the line that names the unit of work block b sits
// under where no progress line counts it: the nearest line above the
// block, within progressWindow lines, whose lead (see stepLead) leads
// another line within progressWindow lines of the block, either side,
// and at most one in stepShare of the lines there, and whose text no
// other line there repeats — when it ends in a file's name: a tool that
// tells each file it works on in one alike line (sparse's `  CHECK
// examples/gzlog.c`, guild's `wrote `out/…/spec.go'`, a shell trace's
// `+ splint … file.c`). A lead most lines hold is the log's body, not its
// steps; a line said again and again (splint's `Splint 3.1.2 --- 21 Feb
// 2021` under each `+ splint`) names no unit; where the nearest step
// names no file (sphinx's `reading sources... [100%] v2-migration-guide`
// over an error that names its own), none is kept. Else -1. The
// window's lines count against the scan's bound, and a window the bound
// no longer holds is not read.
func (s *progressScan) stepAbove(lines logLines, b logBlock) int {
	lo, hi := max(0, int(b.first)-progressWindow), min(lines.len(), int(b.last)+1+progressWindow)
	if s.left < hi-lo {
		return -1
	}
	s.left -= hi - lo
	if s.leads == nil {
		s.leads, s.texts = make(map[string]int32), make(map[string]int32)
		s.leadsAbove = make([]string, 0, progressWindow)
	}
	clear(s.leads)
	clear(s.texts)
	s.leadsAbove = s.leadsAbove[:0]
	filled := 0
	for i := lo; i < hi; i++ {
		if i == int(b.first) {
			i = int(b.last)
			continue
		}
		k := ""
		switch lines.class(i) {
		case lineBlank:
		case lineOther, lineTrace:
			filled++
			if k = stepLead(lines, i); k != "" {
				s.leads[k]++
				s.texts[lines.line(i)]++
			}
		default:
			filled++
		}
		if i < int(b.first) {
			s.leadsAbove = append(s.leadsAbove, k) // stepLead's "" for the others
		}
	}
	for i := int(b.first) - 1; i >= lo; i-- {
		if k := s.leadsAbove[i-lo]; k != "" {
			if n := int(s.leads[k]); n >= 2 && n*stepShare <= filled && s.texts[lines.line(i)] == 1 {
				if l := lines.line(i); !endsInFileName(l) && !endsInBannerRule(l) {
					return -1 // the nearest step names no file: not a unit's
				}
				return i
			}
		}
	}
	return -1
}

// endsInBannerRule reports whether l is a banner: words, then a blank and
// a rule of three or more of one mark (`*`, `=`, `-`, `#`) to its end, as
// a runner heads each unit of work (ansible's `TASK [Copy the library]
// ****`): it names its unit as a file's name would.
func endsInBannerRule(l string) bool {
	l = strings.TrimRight(l, " \r")
	if l == "" || !strings.ContainsRune("*=-#", rune(l[len(l)-1])) {
		return false
	}
	mark := l[len(l)-1]
	j := len(l)
	for j > 0 && l[j-1] == mark {
		j--
	}
	return len(l)-j >= 3 && j > 0 && l[j-1] == ' ' && hasLetter(l[:j])
}

// stepShare is the most of a window's lines one step lead may hold, as
// a share: one in four.
const stepShare = 4

// stepLead returns the start of line i that a tool's alike step lines
// share: its indent, up to two marks of punctuation alone (a shell
// trace's `+`, svnadmin's `<<<`), and the first word, letters with `-`
// or `_` inside, followed by a blank or the line's end: `  CHECK`,
// `wrote`, `+ splint`. A mark is followed by one space: a word set
// further off lines up under the line above, whose message it goes on
// (guild's `;;;       newer than compiled …` under `;;; note:`). The line is a plain one, or an indented one the
// log reads as a trace's that ends in a file's name (see
// endsInFileName: kbuild's `  CHECK   examples/gzlog.c` under the
// warnings of the file before, not a frame nor a message's wrapped
// line). A first field that holds a digit, a dot, a slash or a colon (a
// path, a position, a `name:` label, a `==PID==` prefix) leads no step:
// "".
func stepLead(lines logLines, i int) string {
	l := lines.line(i)
	switch lines.class(i) {
	case lineOther:
	case lineTrace:
		if !endsInFileName(l) {
			return ""
		}
	default:
		return ""
	}
	i = indentEnd(l)
	for marks := 0; ; marks++ {
		j := i
		for j < len(l) && l[j] != ' ' && l[j] != '\t' {
			j++
		}
		if j == i {
			return ""
		}
		field := l[i:j]
		if stepWord(field) {
			return l[:j]
		}
		if marks == 2 || !stepMarks(field) || j+1 >= len(l) || l[j] != ' ' || l[j+1] == ' ' || l[j+1] == '\t' {
			return ""
		}
		i = j + 1
	}
}

// endsInFileName reports whether l's last field, quotes around it
// aside, is a file's name: a path of letters, digits and `._/+-` that
// holds a `/` before a letter or ends in an extension, a dot and one to
// four letters or digits, a letter first (`gzlog.c`, `spec.go'`,
// `guice-servlet-4.2.3.jar`); a module's dotted name
// (`Control.Applicative`) is none.
func endsInFileName(l string) bool {
	// Byte by byte: strings.TrimRight, LastIndexAny and Trim build their
	// sets of bytes at each call, and a log asks this of every line
	// around every error.
	e := len(l)
	for e > 0 && (l[e-1] == ' ' || l[e-1] == '\t') {
		e--
	}
	b := e
	for b > 0 && l[b-1] != ' ' && l[b-1] != '\t' {
		b--
	}
	for b < e && (l[b] == '`' || l[b] == '\'' || l[b] == '"') {
		b++
	}
	for e > b && (l[e-1] == '`' || l[e-1] == '\'' || l[e-1] == '"') {
		e--
	}
	return isFileName(l[b:e])
}

// isFileName reports whether f, a field without quotes, is a file's name
// as endsInFileName reads one.
func isFileName(f string) bool {
	named := false
	for k := range len(f) {
		switch c := f[k]; {
		case isLetter(c):
			named = named || k > 0 && f[k-1] == '/'
		case c >= '0' && c <= '9', c == '.', c == '/', c == '_', c == '+', c == '-':
		default:
			return false
		}
	}
	if dot := strings.LastIndexByte(f, '.'); !named && dot > 0 && len(f)-dot-1 >= 1 && len(f)-dot-1 <= 4 && f[dot-1] != '.' && f[dot-1] != '/' && isLetter(f[dot+1]) {
		for k := dot + 1; k < len(f); k++ {
			if c := f[k]; !isLetter(c) && (c < '0' || c > '9') {
				return false
			}
		}
		named = true
	}
	return named
}

// stepWord reports whether w is a word of two ASCII letters or more, with
// `-` or `_` only inside.
func stepWord(w string) bool {
	if len(w) < 2 || !isLetter(w[0]) || !isLetter(w[len(w)-1]) {
		return false
	}
	for k := 1; k < len(w)-1; k++ {
		if c := w[k]; !isLetter(c) && c != '-' && c != '_' {
			return false
		}
	}
	return true
}

// stepMarks reports whether f is a mark of punctuation alone, four bytes
// at most: `+`, `++`, `<<<`, `-->`, `***`.
func stepMarks(f string) bool {
	if len(f) > 4 {
		return false
	}
	for k := range len(f) {
		if c := f[k]; c <= ' ' || c >= 0x7f || isLetter(c) || c >= '0' && c <= '9' {
			return false
		}
	}
	return true
}

// progressScanMax bounds the lines a progressScan reads for one plan.
const progressScanMax = 1 << 16

// progressWindow bounds how far above a failure a progressScan looks.
const progressWindow = 200

// progressStep reports whether a line counts a step, `[N/M] ` followed
// by a name, within its first 80 bytes.
func progressStep(l string) bool { return stepCount(l, false) }

// progressRunInside returns a test of whether line i of lines stands
// inside a run of progress steps: it counts a step (countsStep), and so
// do the lines right above and below it. A passing run's view shows such
// a run by its first and last steps.
func progressRunInside(lines logLines) func(i int) bool {
	return func(i int) bool {
		return i > 0 && i+1 < lines.len() &&
			countsStep(lines.line(i)) && countsStep(lines.line(i-1)) && countsStep(lines.line(i+1))
	}
}

// countsStep reports whether a line counts a step as `[N/M]` within its
// first 80 bytes, the number perhaps padded to the total's width (rdoc
// -C's `  1% [ 1/66]  irb.rb`, ninja's `[12/40] Building …`), indented or
// not.
func countsStep(l string) bool { return stepCount(l, true) }

// stepCount reports whether a line holds `[N/M]` within its first 80
// bytes: padded, N may follow spaces (`[ 1/66]`); not padded, N follows
// the bracket and a space follows it (`[3/12] name`).
func stepCount(l string, padded bool) bool {
	l = l[:min(len(l), 80)]
	for at := 0; ; {
		i := strings.IndexByte(l[at:], '[')
		if i < 0 {
			return false
		}
		j := at + i + 1
		for padded && j < len(l) && l[j] == ' ' {
			j++
		}
		if n := digitRun(l, j); n > 0 && j+n < len(l) && l[j+n] == '/' {
			j += n + 1
			m := digitRun(l, j)
			closed := m > 0 && j+m < len(l) && l[j+m] == ']'
			if closed && (padded || j+m+1 < len(l) && l[j+m+1] == ' ') {
				return true
			}
		}
		at += i + 1
	}
}
