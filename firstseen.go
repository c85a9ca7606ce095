package headroom

import (
	"bytes"
	"hash/maphash"
)

// firstSeen maps keys (a normalised error or warning line) to the first
// index that had each, in bounded memory: a slot is one word, 32 bits of
// the key's hash and the key's entry; an entry is the index and where its
// key ends in an arena that keeps the first firstSeenArena bytes of keys.
// A key past the arena is asked of keyOf again when its hash bits match,
// so that a collision changes no result. A log of a million distinct
// one-line errors costs about two dozen bytes a key, not a map's copy of
// every key and its overhead.
type firstSeen struct {
	seed    maphash.Seed
	slots   []uint64 // hash>>32<<32 | entry+1; 0 is an empty slot
	entries []seenEntry
	arena   []byte
	keyOf   func(dst []byte, index int) []byte
	buf     []byte
}

type seenEntry struct {
	index uint32
	end   uint32 // where its key ends in arena, or noArenaKey
}

const (
	firstSeenArena = 1 << 20
	noArenaKey     = ^uint32(0)
)

// newFirstSeen returns an empty set; keyOf appends to dst the key of an
// index given before.
func newFirstSeen(keyOf func(dst []byte, index int) []byte) *firstSeen {
	return &firstSeen{seed: maphash.MakeSeed(), slots: make([]uint64, 16), keyOf: keyOf}
}

// first returns the first index given with key, or remembers index for
// key and returns it.
func (s *firstSeen) first(key []byte, index int) int {
	h := maphash.Bytes(s.seed, key) >> 32
	mask := uint64(len(s.slots) - 1)
	for p := h & mask; s.slots[p] != 0; p = (p + 1) & mask {
		if v := s.slots[p]; v>>32 == h {
			if e := int(uint32(v)) - 1; bytes.Equal(s.key(e), key) {
				return int(s.entries[e].index)
			}
		}
	}
	if (len(s.entries)+1)*2 > len(s.slots) {
		s.grow()
	}
	e := seenEntry{index: uint32(index), end: noArenaKey}
	if n := len(s.entries); len(s.arena)+len(key) <= firstSeenArena && (n == 0 || s.entries[n-1].end != noArenaKey) {
		s.arena = append(s.arena, key...)
		e.end = uint32(len(s.arena))
	}
	s.entries = append(s.entries, e)
	s.place(h<<32 | uint64(len(s.entries)))
	return index
}

// key returns entry e's key: from the arena, or from keyOf.
func (s *firstSeen) key(e int) []byte {
	if end := s.entries[e].end; end != noArenaKey {
		start := uint32(0)
		if e > 0 {
			start = s.entries[e-1].end // the arena holds the first keys, in order
		}
		return s.arena[start:end]
	}
	s.buf = s.keyOf(s.buf[:0], int(s.entries[e].index))
	return s.buf
}

// place puts a slot's word in the first empty slot from its hash on.
func (s *firstSeen) place(v uint64) {
	mask := uint64(len(s.slots) - 1)
	p := v >> 32 & mask
	for s.slots[p] != 0 {
		p = (p + 1) & mask
	}
	s.slots[p] = v
}

// grow doubles the slots, placing each word again by the hash it holds.
func (s *firstSeen) grow() {
	old := s.slots
	s.slots = make([]uint64, 2*len(old))
	for _, v := range old {
		if v != 0 {
			s.place(v)
		}
	}
}
