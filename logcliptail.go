package headroom

// pickClipTail keeps, in a log cut little (see cutLittle) whose failures
// cannot all be told (see crowded), the lines a blind clip's tail shows:
// from the last line up, every line that starts at or after where the
// clip's tail would start, within the clip tail's eighth of the limit,
// stopping at the first that does not fit. There the clip shows most of
// the log, and a plan telling findings alike (a linter's every line
// `path:L:C: comparing with == will fail on wrapped errors.`) in turn,
// spread over the whole log, would drop findings of the clip's tail; the
// findings after them, through the rest of the limit, are told as before.
func (s *logSelection) pickClipTail(size int) {
	if !cutLittle(size, s.limit) {
		return
	}
	reach := clipTailReach(size, s.limit)
	bound := s.cost + s.limit*clipTailEighths/8
	for i := s.lines.len() - 1; i >= 0; i-- {
		if start, _ := s.lines.span(i); start < reach || !s.pickWithin(i, bound) {
			return
		}
	}
}
