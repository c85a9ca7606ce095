package headroom

// headLaced reports whether a lines plan laces the stretch a blind
// clip's head of limit bytes shows past where the plan's own head stops:
// it keeps at least lacedShare of that stretch's bytes, in at least
// lacedRuns runs apart. Each run there costs a gap note and the lines
// between the runs are lost, where a clip shows the stretch whole: picks
// that many and that close (pahole's members of a rare type, one a
// struct) say less than the head grown over them would.
func headLaced(s *lineSel, limit int) bool {
	n := s.n()
	h := 0
	for h < n && s.isKept(h) {
		h++
	}
	reach := clipHeadReach(limit)
	kept, all, runs := 0, 0, 0
	for i := h; i < n && s.at(i) < reach; i++ {
		size := s.size(i)
		all += size
		if s.isKept(i) {
			kept += size
			if !s.isKept(i - 1) {
				runs++
			}
		}
	}
	return runs >= lacedRuns && kept*lacedShareOf >= all*lacedShare
}

// lacedRuns is how many runs apart make a lace (see headLaced): fewer
// are a plan's few finds, each worth its note.
const lacedRuns = 8

// lacedShare over lacedShareOf is the share of the stretch's bytes a
// lace keeps: a third.
const (
	lacedShare   = 1
	lacedShareOf = 3
)
