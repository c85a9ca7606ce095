package headroom

// A unit of several lines kept whole (a record, the rest of a run)
// costs its lines and one gap note's change, not a note per line: the
// sum of each line's cost, read before any of them is kept, prices every
// line as one more gap split in two, and so twice or three times a
// record of short lines (getfacl's six-line records: 300 bytes for 130),
// which then does not fit the share it was meant to.

// runCost returns what keeping lines [from, to) of s whole adds to the
// output: the bytes of the lines not kept yet, and what it does to the
// gap notes — the notes of the dropped runs among them go, and the
// dropped lines just before and after get a note of their own.
func (s *lineSel) runCost(from, to int) int {
	from, to = max(from, 0), min(to, s.n())
	if from >= to {
		return 0
	}
	c := 0
	left := s.prevKept(from) + 1 // where the dropped run holding from starts
	right := s.nextKept(to - 1)  // the first kept line at or after to
	c += s.gapSize(left, from) + s.gapSize(to, right)
	// The notes the dropped runs in [left, right) cost before.
	for j := left; j < right; {
		if s.isKept(j) {
			j++
			continue
		}
		e := min(s.nextKept(j), right)
		c -= s.gapSize(j, e)
		j = e
	}
	for j := from; j < to; j++ {
		if s.isKept(j) {
			continue
		}
		if note, ok := s.suffix[j]; ok {
			c += len(s.line(j)) + len(note) + 2
		} else {
			c += s.size(j)
		}
	}
	return c
}
