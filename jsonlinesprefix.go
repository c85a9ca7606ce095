package headroom

// prefixValueMin is how long a string member's value is that a reader
// does not read but matches: a 64-hex SHA-256, a package URL, a
// tarball's address.
const prefixValueMin = 48

// prefixCutMin is the least a naming prefix must leave out to be shown
// instead of the whole event: less, and the note costs what it saves.
const prefixCutMin = 64

// namingPrefixEnd returns where the members of event l that name it end:
// before its first member (its own, not a nested object's) whose value
// is a string of prefixValueMin bytes or more, at the comma before that
// member's key; 0 when it has no such member or the first one opens it.
// Of a CycloneDX component, group, name, version, scope and licenses,
// not its sha256 and purl.
func namingPrefixEnd(l string) int {
	end := 0
	eachLineMember(l, func(m lineMember) {
		if end != 0 || m.depth != 1 || m.arrays != 0 || len(m.val) < prefixValueMin || m.val[0] != '"' {
			return
		}
		end = -1
		if c := m.lead - 1; c > 1 && l[c] == ',' {
			end = c
		}
	})
	return max(end, 0)
}

// namingPrefixCut returns where event l is cut to show it by its naming
// prefix (namingPrefixEnd), or 0 when the prefix leaves out less than
// prefixCutMin bytes or a third of it.
func namingPrefixCut(l string) int {
	if h := namingPrefixEnd(l); h > 0 && len(l)-h >= max(prefixCutMin, len(l)/3) {
		return h
	}
	return 0
}

// pickNamingPrefix keeps line i, an event, by its naming prefix (see
// namingPrefixEnd) with a note of what it leaves out, when that leaves
// out at least prefixCutMin bytes and a third of it, or else as
// pickEnds keeps it: a run of such prefixes shows twice the events
// of a run of whole ones. It reports whether the line is kept.
func (s *lineSel) pickNamingPrefix(i, headBytes, tailBytes int) bool {
	if s.isKept(i) {
		return true
	}
	if h := namingPrefixCut(s.line(i)); h > 0 {
		return s.pickCapped(i, h)
	}
	return s.pickEnds(i, headBytes, tailBytes)
}

// prefixRun keeps events in order from the first, each by its naming
// prefix (pickNamingPrefix), while the selection stays below to.
func prefixRun(s *lineSel, events []int, to, headBytes, tailBytes int) {
	for _, i := range events {
		if s.used >= to || !s.pickNamingPrefix(i, headBytes, tailBytes) {
			return
		}
	}
}

// prefixCostSample is how many events namedByPrefix reads: a 10 MB
// stream is not read twice.
const prefixCostSample = 256

// namedByPrefix reports whether the events of rest (line indices), read
// in an even sample, cost by their naming prefixes (see
// pickNamingPrefix) at most two thirds of what they cost whole: a run of
// prefixes shows half as many again.
func namedByPrefix(s *lineSel, rest []uint32) bool {
	prefixed, whole := 0, 0
	for _, j := range spread(0, len(rest), prefixCostSample) {
		l := s.line(int(rest[j]))
		c := len(l)
		if h := namingPrefixCut(l); h > 0 {
			c = h + cutNoteMax
		}
		prefixed += c
		whole += len(l)
	}
	return 3*prefixed <= 2*whole
}
