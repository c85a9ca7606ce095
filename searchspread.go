package headroom

// A spreadSample remembers, in bounded memory, lines spread evenly over a
// run of lines of unknown length (a file's matches, one kind of notice):
// every stride-th line, the stride doubling whenever the sample is full,
// and the last line. What it shows is spread over the whole run, never
// only its head.
type spreadSample struct {
	// lines are lines 0, stride, 2·stride, … of the run, then its last
	// line when that is none of them (extra): the last line is kept in
	// the slice, not beside it, and packed in half the bytes, as a search
	// flood has a sample a line or two.
	lines  []sampleLine
	stride int32 // int32, as sampleLine: planSearch declines a text of 2 GiB or more
	count  int32 // lines in the run
	extra  bool  // the last of lines is the run's last line, not a stride-th one
}

// A sampleLine is a searchLine packed in int32 offsets: planSearch
// declines a text of 2 GiB or more.
type sampleLine struct{ start, end, body, more int32 }

func packLine(l searchLine) sampleLine {
	return sampleLine{int32(l.start), int32(l.end), int32(l.body), l.more}
}

// line returns the sample's i-th line.
func (s *spreadSample) line(i int) searchLine {
	p := s.lines[i]
	return searchLine{start: int(p.start), end: int(p.end), body: int(p.body), more: p.more}
}

// len returns how many lines the sample holds.
func (s *spreadSample) len() int { return len(s.lines) }

// add appends the run's next line, keeping at least keep lines (or all
// of them) and at most twice as many, besides the last.
func (s *spreadSample) add(l searchLine, keep int) {
	if s.stride == 0 {
		s.stride = 1
	}
	if s.extra {
		s.lines, s.extra = s.lines[:len(s.lines)-1], false
	}
	ord := int(s.count)
	s.count++
	if ord%int(s.stride) != 0 {
		s.lines, s.extra = append(s.lines, packLine(l)), true
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
		if ord%int(s.stride) != 0 {
			s.lines, s.extra = append(s.lines, packLine(l)), true
			return
		}
	}
	s.lines = append(s.lines, packLine(l))
}

// finish makes the sample the lines to choose from, in input order: the
// last of them, the run's last line, is one of them from now on.
func (s *spreadSample) finish() { s.extra = false }

// ordinal is the index in the run of the sample's i-th line (after finish).
func (s *spreadSample) ordinal(i int) int {
	if i == len(s.lines)-1 {
		return int(s.count) - 1
	}
	return i * int(s.stride)
}

// A sampleShape is what the order of a sample's lines depends on: how
// many lines it holds (n), its stride and the lines in its run.
type sampleShape struct{ n, stride, count int }

// shape returns the sample's shape (after finish).
func (s *spreadSample) shape() sampleShape {
	return sampleShape{len(s.lines), int(s.stride), int(s.count)}
}

// spreadPicks returns s.shape().spreadPicks().
func (s *spreadSample) spreadPicks() []int32 { return s.shape().spreadPicks() }

// index is the sample line nearest to, and not after, the run's
// ord-th line (after finish).
func (s sampleShape) index(ord int) int {
	if ord >= s.count-1 {
		return s.n - 1
	}
	return min(max(ord, 0)/s.stride, s.n-2)
}

// spreadPicks returns the order in which the sample's lines (after
// finish) are shown: the first, the last, then level by level the runs
// at the start and the end a line longer, and, at the middle of the run,
// its quarters, its eighths, …, a run of three lines around each such
// boundary (an even run has two middle lines; a reader looking there sees
// where one part ends and the next begins); the rest in input order.
func (s sampleShape) spreadPicks() []int32 {
	n := s.n
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
