package headroom

import "math/bits"

// A hashIDs numbers distinct 64-bit hashes in the order they are first
// met: an open-addressing table of four-byte slots holding ids, and the
// hashes by id, in chunks (see chunked). A map of the same would take
// about twice the memory, and the line planner holds one entry per
// distinct lead up to its exact bound (past it, only the leads that may
// recur: sparsecount.go), so on text of short distinct lines (CJK, words)
// up to one per line. The table grows when three quarters full, not half: probes stay
// short with a multiplicative hash, and on 100 MB of short CJK lines
// (4.5 million leads) the slots take 32 MiB, not 64.
type hashIDs struct {
	slots  []uint32        // id+1 of the hash placed there; 0 is empty
	hashes chunked[uint64] // by id
	shift  uint            // 64 − log2(len(slots))
}

// hashSlotsMin is the smallest table a hashIDs makes.
const hashSlotsMin = 64

// slotOf returns the slot of hash h in a table of 2^(64−shift) slots:
// the top bits of h times 2^64 over the golden ratio (Fibonacci hashing),
// which a difference in any bit of h moves.
func slotOf(h uint64, shift uint) uint64 {
	return (h * 0x9e3779b97f4a7c15) >> shift
}

// slotShift returns the shift slotOf takes for a table of n slots, a
// power of two.
func slotShift(n int) uint {
	return 64 - uint(bits.TrailingZeros(uint(n)))
}

// lookup returns the id of h and true, or the slot where h would go and
// false.
func (t *hashIDs) lookup(h uint64) (uint32, bool) {
	if t.slots == nil {
		t.slots, t.shift = make([]uint32, hashSlotsMin), slotShift(hashSlotsMin)
	}
	mask := uint64(len(t.slots) - 1)
	for i := slotOf(h, t.shift); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return uint32(i), false
		}
		if t.hashes.get(int(s-1)) == h {
			return s - 1, true
		}
	}
}

// id returns the id of h, giving it the next one when h is new, and
// whether h was new.
func (t *hashIDs) id(h uint64) (uint32, bool) {
	id, ok := t.lookup(h)
	if ok {
		return id, false
	}
	next := uint32(t.hashes.len())
	t.slots[id] = next + 1
	t.hashes.push(h)
	if 4*t.hashes.len() > 3*len(t.slots) { // at most three quarters full
		t.grow()
	}
	return next, true
}

// grow doubles the table and places every hash again.
func (t *hashIDs) grow() {
	t.slots = make([]uint32, 2*len(t.slots))
	t.shift--
	mask := uint64(len(t.slots) - 1)
	for id := range t.hashes.len() {
		h := t.hashes.get(id)
		i := slotOf(h, t.shift)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = uint32(id) + 1
	}
}
