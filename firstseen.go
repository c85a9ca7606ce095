package headroom

import (
	"bytes"
	"hash/maphash"
)

// firstSeen maps keys (a normalised error or warning line) to the first
// index (below n) that had each, in little memory: it keeps no key, only
// 32 bits of each first index's hash, and a slot is that index, four
// bytes. When the hash bits match, the index's key is asked of keyOf
// again (a few recent ones are kept), so that a collision changes no
// result. A log of a million distinct one-line errors costs about a dozen
// bytes a key, not a map's copy of every key and its overhead.
type firstSeen struct {
	seed   maphash.Seed
	slots  []uint32  // index+1; 0 is an empty slot
	hashes []uint32  // by index: the upper bits of its key's hash, unless lent
	lent   hashStore // when set, holds the hashes in place of hashes
	n      int       // keys held
	keyOf  func(dst []byte, index int) []byte
	recent [64]recentKey // by index modulo 64
}

// recentKey is a key asked of keyOf, kept for the next comparison with
// it: a warning repeated with other numbers is compared with the same
// first one again and again.
type recentKey struct {
	index int
	key   []byte
}

// newFirstSeen returns an empty set with room for indices below n and
// for hint keys; keyOf appends to dst the key of an index given before.
// Room made at once is never copied: a slice grown by appending allocates
// five times its size when large.
func newFirstSeen(n, hint int, keyOf func(dst []byte, index int) []byte) *firstSeen {
	s := newFirstSeenIn(nil, hint, keyOf)
	s.hashes = make([]uint32, n)
	return s
}

// hashStore holds a firstSeen's hash of each first index: a caller that
// has a word per index free while it deduplicates lends it, rather than
// the set allocating four bytes an index besides (see markDuplicateBlocks).
type hashStore interface {
	hash(index int) uint32
	setHash(index int, h uint32)
}

// newFirstSeenIn is newFirstSeen with the hashes kept in lent, which must
// hold every index given; nil lends none.
func newFirstSeenIn(lent hashStore, hint int, keyOf func(dst []byte, index int) []byte) *firstSeen {
	size := 16
	for size*3 < hint*4 {
		size *= 2
	}
	s := &firstSeen{seed: maphash.MakeSeed(), slots: make([]uint32, size), lent: lent, keyOf: keyOf}
	for k := range s.recent {
		s.recent[k].index = -1
	}
	return s
}

// first returns the first index given with key, or remembers index for
// key and returns it.
func (s *firstSeen) first(key []byte, index int) int {
	h := uint32(maphash.Bytes(s.seed, key) >> 32)
	mask := uint32(len(s.slots) - 1)
	for p := h & mask; s.slots[p] != 0; p = (p + 1) & mask {
		if at := int(s.slots[p]) - 1; s.hash(at) == h && bytes.Equal(s.key(at), key) {
			return at
		}
	}
	if (s.n+1)*4 > len(s.slots)*3 {
		s.grow()
	}
	s.setHash(index, h)
	s.place(uint32(index + 1))
	s.n++
	return index
}

// hash returns the hash kept for a first index.
func (s *firstSeen) hash(index int) uint32 {
	if s.lent != nil {
		return s.lent.hash(index)
	}
	return s.hashes[index]
}

// setHash keeps h as the hash of a first index.
func (s *firstSeen) setHash(index int, h uint32) {
	if s.lent != nil {
		s.lent.setHash(index, h)
		return
	}
	for index >= len(s.hashes) {
		s.hashes = append(s.hashes, 0)
	}
	s.hashes[index] = h
}

// key returns the key of an index given before.
func (s *firstSeen) key(index int) []byte {
	r := &s.recent[index%len(s.recent)]
	if r.index != index {
		r.index, r.key = index, s.keyOf(r.key[:0], index)
	}
	return r.key
}

// place puts index+1 in the first empty slot from its hash on.
func (s *firstSeen) place(v uint32) {
	mask := uint32(len(s.slots) - 1)
	p := s.hash(int(v-1)) & mask
	for s.slots[p] != 0 {
		p = (p + 1) & mask
	}
	s.slots[p] = v
}

// grow doubles the slots, placing each index again by its hash.
func (s *firstSeen) grow() {
	old := s.slots
	s.slots = make([]uint32, 2*len(old))
	for _, v := range old {
		if v != 0 {
			s.place(v)
		}
	}
}
