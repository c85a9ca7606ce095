package headroom

// smallestKeys keeps the k smallest of the keys added to it, in room for
// 2k: when the room is full, its k smallest are selected and the rest
// dropped, so that each key costs amortised constant time. A planner offered
// a key per line of a million-line text, of which its stage can use k
// (see rareOrder), holds 2k keys at most, not eight bytes a line.
type smallestKeys struct {
	k    int
	keys []uint64
}

// add offers key.
func (s *smallestKeys) add(key uint64) {
	if s.k <= 0 {
		return
	}
	s.keys = append(s.keys, key)
	if len(s.keys) >= 2*s.k {
		selectSmallest(s.keys, s.k)
		s.keys = s.keys[:s.k]
	}
}

// smallest returns the k smallest keys offered (all of them when fewer),
// in no order.
func (s *smallestKeys) smallest() []uint64 {
	if len(s.keys) > s.k {
		selectSmallest(s.keys, s.k)
		s.keys = s.keys[:s.k]
	}
	return s.keys
}
