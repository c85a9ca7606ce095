package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A diffFormat is one way diff tools write a file's header and its hunks.
// planDiff knows a format by its row: the prefixes of the two header lines
// that name the old and the new file, the prefix of a hunk's first line,
// and the function that finds where a hunk ends and checks its counts.
type diffFormat struct {
	oldFile, newFile string
	hunk             string
	hunkEnd          func(s *lineSel, i int) (end, minus, plus int, ok bool)
}

// diffFormats are the formats planDiff reads: unified (diff -u, git) and
// context (diff -c: `*** old`, `--- new`, hunks under `***************`).
var diffFormats = []diffFormat{
	{oldFile: "--- ", newFile: "+++ ", hunk: "@@ -", hunkEnd: hunkEnd},
	{oldFile: "*** ", newFile: "--- ", hunk: "***************", hunkEnd: contextHunkEnd},
}

// diffFileHeader returns the format whose two file header lines start at
// line i, if any.
func diffFileHeader(s *lineSel, i int) (diffFormat, bool) {
	if i+1 >= s.n() {
		return diffFormat{}, false
	}
	l, next := ansiLead(s.line(i)), ansiLead(s.line(i+1))
	for _, f := range diffFormats {
		if strings.HasPrefix(l, f.oldFile) && strings.HasPrefix(next, f.newFile) && !contextRange(l, "*** ", " ****") {
			return f, true
		}
	}
	return diffFormat{}, false
}

// diffHunkStart returns the format whose hunk starts at line l, if any.
func diffHunkStart(l string) (diffFormat, bool) {
	for _, f := range diffFormats {
		if strings.HasPrefix(l, f.hunk) {
			return f, true
		}
	}
	return diffFormat{}, false
}

// contextDiffLikely is diffLikely for a context diff: a hunk separator
// after a `*** ` file header.
func contextDiffLikely(head string) bool {
	at := strings.Index(head, "\n***************")
	return at >= 0 && (strings.HasPrefix(head, "*** ") || strings.Contains(head[:at], "\n*** "))
}

// contextHunkEnd is hunkEnd for a context diff hunk whose separator
// (`***************`, with diff -p the function after it) is line i: the
// old side `*** a,b ****` with its lines (`  `, `! `, `- `), then the new
// side `--- c,d ----` with its (`  `, `! `, `+ `). A side with nothing
// but context may leave its lines out. It counts a changed line (`! `) on
// both sides, as a unified diff shows it removed and added.
func contextHunkEnd(s *lineSel, i int) (end, minus, plus int, ok bool) {
	oldN, oldLines, j, okOld := contextSide(s, i+1, "*** ", " ****", '-', &minus)
	if !okOld {
		return j, minus, plus, false
	}
	newN, newLines, j, okNew := contextSide(s, j, "--- ", " ----", '+', &plus)
	if !okNew {
		return j, minus, plus, false
	}
	ok = (oldLines == 0 || oldLines == oldN) && (newLines == 0 || newLines == newN) && oldLines+newLines > 0
	return j, minus, plus, ok
}

// contextSide reads one side of a context hunk from line j: its header
// (open … close, giving the count it claims) and the body lines under it,
// whose changed ones (not context) it adds to *changed. It returns the
// count claimed, the body lines read, the line after them, and whether
// the header was there.
func contextSide(s *lineSel, j int, open, close string, mark byte, changed *int) (claimed, lines, next int, ok bool) {
	if j >= s.n() {
		return 0, 0, j, false
	}
	if claimed, ok = contextRangeCount(ansiLead(s.line(j)), open, close); !ok {
		return 0, 0, j, false
	}
	for j++; j < s.n(); j++ {
		l := ansiLead(s.line(j))
		if !contextBodyLine(l, mark) {
			break
		}
		lines++
		if l[0] != ' ' {
			*changed++
		}
	}
	return claimed, lines, j, true
}

// contextBodyLine reports a line of one side of a context hunk: context
// (`  `), changed (`! `), removed or added (mark then a space), or
// `\ No newline at end of file`.
func contextBodyLine(l string, mark byte) bool {
	if len(l) >= 1 && l[0] == '\\' {
		return true
	}
	return len(l) >= 2 && l[1] == ' ' && (l[0] == ' ' || l[0] == '!' || l[0] == mark)
}

// contextRange reports whether l is a context hunk's side header:
// open, a line range, close (`*** 16,22 ****`, `--- 5 ----`).
func contextRange(l, open, close string) bool {
	_, ok := contextRangeCount(l, open, close)
	return ok
}

// contextRangeCount parses a side header into how many lines the side
// spans: b-a+1 for `a,b`, 1 for `a`, 0 for `0` (an empty file).
func contextRangeCount(l, open, close string) (int, bool) {
	rest, found := strings.CutPrefix(l, open)
	if !found {
		return 0, false
	}
	rest, found = strings.CutSuffix(rest, close)
	if !found {
		return 0, false
	}
	a, b, two := strings.Cut(rest, ",")
	na, okA := txt.Atoi(a)
	if !okA {
		return 0, false
	}
	if !two {
		if na == 0 {
			return 0, true
		}
		return 1, true
	}
	nb, okB := txt.Atoi(b)
	if !okB || nb < na {
		return 0, false
	}
	return nb - na + 1, true
}

func isFileHeader(s *lineSel, i int) bool {
	_, ok := diffFileHeader(s, i)
	return ok
}

func isHunkStart(l string) bool {
	_, ok := diffHunkStart(l)
	return ok
}

// pickFileHeaders keeps the old and new file lines under the named files'
// diff lines when they carry what the diff line does not — diff -r
// writes each file's date after a tab (`*** a/x.go\t2026-…`), git
// writes nothing — and all of them fit in room: a few files' dates cost
// less than a hunk and tell which versions were compared.
func pickFileHeaders(s *lineSel, files []*diffFile, room int) {
	cost := 0
	var dated []int
	for _, f := range files {
		if !s.isKept(f.name) {
			return
		}
		for _, i := range f.other {
			if strings.Contains(s.line(i), "\t") {
				cost += s.size(i)
				dated = append(dated, i)
			}
		}
	}
	if cost > room {
		return
	}
	for _, i := range dated {
		s.pick(i)
	}
}
