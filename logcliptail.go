package headroom

// pickClipTail keeps, in a log cut little (see cutLittle), the lines a
// blind clip's tail shows: from the last line up, every line that starts
// at or after where the clip's tail would start, within the clip tail's eighth of the limit,
// stopping at the first that does not fit. There the clip shows most of
// the log, and a plan telling findings alike (a linter's every line
// `path:L:C: comparing with == will fail on wrapped errors.`) in turn,
// spread over the whole log, would drop findings of the clip's tail; the
// findings after them, through the rest of the limit, are told as before.
// It runs whatever crowded says, before the told lines: a report whose
// findings all fit as told, cut by a few bytes, would otherwise lose its
// last lines but a few, which the fill, growing the head six times faster
// than the tail, does not reach (two rapid seeds: 400 findings cut by one
// byte, and by 2,388 of 51,839).
func (s *logSelection) pickClipTail(size int) {
	if !cutLittle(size, s.limit) {
		return
	}
	s.pickTailRun(clipTailReach(size, s.limit), s.cost+s.limit*clipTailEighths/8)
}

// pickTailRun keeps, from the last line up, every line that starts at or
// after reach, within bound, stopping at the first that does not fit.
func (s *logSelection) pickTailRun(reach, bound int) {
	for i := s.lines.len() - 1; i >= 0; i-- {
		if start, _ := s.lines.span(i); start < reach || !s.pickWithin(i, bound) {
			return
		}
	}
}

// pickClipRuns keeps the lines a blind clip of a text of size bytes
// shows: from the last line up, every line that starts at or after where
// the clip's tail would start, then from the first line down, every line
// that starts before the clip's head would end, each run stopping at the
// first line that does not fit. A run cut little that a plan samples
// (a success view's tail and head in turns, its group headings and rare
// shapes between) would show less of its head than the clip it replaces
// (rdoc's undocumented classes, listed past the middle of the report).
func (s *logSelection) pickClipRuns(size int) {
	s.pickTailRun(clipTailReach(size, s.limit), s.limit)
	end := clipHeadReach(s.limit)
	for i := range s.lines.len() {
		if start, _ := s.lines.span(i); start >= end || !s.pick(i) {
			break
		}
	}
}
