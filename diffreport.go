package headroom

import (
	"slices"
	"strings"
)

// diffReportLast is how many of the last lines of a tool's run around
// its diffs a diff plan keeps first, when they are outside any file: the
// run's verdict (`There was 1 error:` and what it was).
const diffReportLast = 2

// reportLines returns the lines outside the files of a diff that a tool
// printing its diffs inside its log (2to3 -v, black --diff, patch) said
// most in, in the order a plan keeps them: every such line that says a
// failure (see hasFailureSignal) or names an error type (see
// namesErrorType), then the last lines of the text, then
// the headings (a line ending in ':') after the last hunk, which open the
// run's closing report, then the line above and below each failure line,
// when outside any file too. A commit log's lines (git log -p, git show)
// are its messages, which the plan keeps by their own rules: none then.
func (d *diffDoc) reportLines(s *lineSel) []int {
	if len(d.pre) == 0 || len(d.files) == 0 || len(d.hunks) == 0 {
		return nil
	}
	var fails []int
	for _, i := range d.pre {
		l := s.line(i)
		if diffCommitLine(l) {
			return nil
		}
		if hasFailureSignal(l) || namesErrorType(l) {
			fails = append(fails, i)
		}
	}
	isPre := func(i int) bool {
		_, ok := slices.BinarySearch(d.pre, i)
		return ok
	}
	order := slices.Clone(fails)
	n := s.n()
	for i := max(0, n-diffReportLast); i < n; i++ {
		if isPre(i) {
			order = append(order, i)
		}
	}
	lastHunk := int(d.hunks[len(d.hunks)-1].to)
	for _, i := range d.pre[sortedFrom(d.pre, lastHunk):] {
		if strings.HasSuffix(strings.TrimRight(s.line(i), " \t\r"), ":") {
			order = append(order, i)
		}
	}
	for _, i := range fails {
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < n && isPre(j) {
				order = append(order, j)
			}
		}
	}
	return order
}

// sortedFrom returns the index of the first element of sorted xs at
// least x.
func sortedFrom(xs []int, x int) int {
	k, _ := slices.BinarySearch(xs, x)
	return k
}

// pickReport keeps the report lines of d (see reportLines), each cut as
// a hunk line is, in order while they fit in share bytes; it returns how
// many it kept.
func (d *diffDoc) pickReport(s *lineSel, share int) int {
	end := s.used + share
	kept := 0
	for _, i := range d.reportLines(s) {
		if s.isKept(i) {
			continue
		}
		if pickWithin(s, i, end) {
			kept++
		}
	}
	return kept
}
