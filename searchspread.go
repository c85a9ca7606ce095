package headroom

// A spreadSample remembers, in bounded memory, lines spread evenly over a
// run of lines of unknown length (a file's matches, one kind of notice):
// every stride-th line, the stride doubling whenever the sample is full,
// and the last line. What it shows is spread over the whole run, never
// only its head.
type spreadSample struct {
	// lines are lines 0, stride, 2·stride, … of the run, then its last
	// line when that is none of them (extra): the last line is kept in
	// the slice, not beside it, as a search flood has a sample a line or
	// two.
	lines  []searchLine
	stride int
	count  int  // lines in the run
	extra  bool // the last of lines is the run's last line, not a stride-th one
}

// add appends the run's next line, keeping at least keep lines (or all
// of them) and at most twice as many, besides the last.
func (s *spreadSample) add(l searchLine, keep int) {
	if s.stride == 0 {
		s.stride = 1
	}
	if s.extra {
		s.lines, s.extra = s.lines[:len(s.lines)-1], false
	}
	ord := s.count
	s.count++
	if ord%s.stride != 0 {
		s.lines, s.extra = append(s.lines, l), true
		return
	}
	if len(s.lines) >= max(2*keep, 2) {
		// Full: keep every other line, and take every other line from now on.
		n := 0
		for i := 0; i < len(s.lines); i += 2 {
			s.lines[n] = s.lines[i]
			n++
		}
		s.lines = s.lines[:n]
		s.stride *= 2
		if ord%s.stride != 0 {
			s.lines, s.extra = append(s.lines, l), true
			return
		}
	}
	s.lines = append(s.lines, l)
}

// finish makes the sample the lines to choose from, in input order: the
// last of them, the run's last line, is one of them from now on.
func (s *spreadSample) finish() { s.extra = false }

// ordinal is the index in the run of the sample's i-th line (after finish).
func (s *spreadSample) ordinal(i int) int {
	if i == len(s.lines)-1 {
		return s.count - 1
	}
	return i * s.stride
}

// index is the sample line nearest to, and not after, the run's
// ord-th line (after finish).
func (s *spreadSample) index(ord int) int {
	if ord >= s.count-1 {
		return len(s.lines) - 1
	}
	return min(max(ord, 0)/s.stride, len(s.lines)-2)
}

// spreadPicks returns the order in which the sample's lines (after
// finish) are shown: the first, the last, then level by level the runs
// at the start and the end a line longer, and, at the middle of the run,
// its quarters, its eighths, …, a run of three lines around each such
// boundary (an even run has two middle lines; a reader looking there sees
// where one part ends and the next begins); the rest in input order.
func (s *spreadSample) spreadPicks() []int32 {
	n := len(s.lines)
	picks := make([]int32, 0, n)
	seen := make([]bool, n)
	add := func(i int) {
		if !seen[i] {
			seen[i] = true
			picks = append(picks, int32(i))
		}
	}
	if n == 0 {
		return picks
	}
	add(0)
	add(n - 1)
	for den, run := 2, 1; len(picks) < n && den <= 4*n; den, run = den*2, run+1 {
		// The runs at the start and the end grow a line a level, as a
		// reader reads a result from both ends.
		add(s.index(run))
		add(s.index(s.count - 1 - run))
		for num := 1; num < den && len(picks) < n; num += 2 {
			b := int(int64(s.count) * int64(num) / int64(den))
			add(s.index(b - 1))
			add(s.index(b))
			add(s.index(b + 1))
		}
	}
	for i := range n {
		add(i)
	}
	return picks
}
