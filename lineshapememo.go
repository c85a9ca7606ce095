package headroom

import "math/bits"

// A shapeMemo remembers the shapes of lines read before, so that a line
// met again — not only right after itself, as a run of equal lines is —
// is not read again: a trace's `close(3) = 0`, the same `read(3,
// "\177ELF…", 832) = 832` for every library a program loads (in an
// strace -f of a Ruby or a Python run, half the bytes are lines met
// before). It is a cache and gives what a read gives: a direct-mapped
// table whose slot a line's length and three of its 8-byte words pick,
// and a hit is a line equal to the one the slot holds. On text whose
// lines do not repeat (a blame: every line numbered) it turns itself off
// after a window of lookups that hit too rarely, so the lookups cost
// such text next to nothing.
type shapeMemo struct {
	slots []memoSlot // nil: off
	shift uint       // 64 − log2(len(slots))
	tries int        // lookups in the current window
	hits  int        // hits in the current window
}

// A memoSlot holds one line and what reading it told: its skeleton's and
// lead's hashes and ids (see shapeCount), and whether it carries a
// failure signal.
type memoSlot struct {
	line           string
	skel, lead     uint64
	skelID, leadID uint32
	fails          bool
	held           bool // set once the slot holds a line ("" is a line too)
}

// A shapeMemo's table starts at memoSlotsMin slots and doubles after each
// window of memoWindow lookups that hit often enough, up to memoSlotsMax
// (some 200 KB): a text whose runs are few (blank lines, a flood of one
// message) allocates next to nothing. It turns off after a window in
// which fewer than one lookup in memoHitShare hit.
const (
	memoSlotsMin = 1 << 8
	memoSlotsMax = 1 << 12
	memoWindow   = 1 << 8
	memoHitShare = 16
)

// newShapeMemo returns a memo at its smallest.
func newShapeMemo() shapeMemo {
	return shapeMemo{slots: make([]memoSlot, memoSlotsMin), shift: slotShift(memoSlotsMin)}
}

// slot returns the slot that holds line l, if any line is there, or nil
// when the memo is off. A caller whose slot does not hold l (see hit)
// reads l and fills the slot.
func (m *shapeMemo) slot(l string) *memoSlot {
	if m.slots == nil {
		return nil
	}
	if m.tries++; m.tries == memoWindow {
		if m.hits*memoHitShare < memoWindow {
			m.slots = nil
			return nil
		}
		m.tries, m.hits = 0, 0
		if len(m.slots) < memoSlotsMax {
			m.grow()
		}
	}
	return &m.slots[slotOf(memoKey(l), m.shift)]
}

// grow doubles m's table and places the lines it holds again.
func (m *shapeMemo) grow() {
	old := m.slots
	m.slots, m.shift = make([]memoSlot, 2*len(old)), m.shift-1
	for _, s := range old {
		if s.held {
			m.slots[slotOf(memoKey(s.line), m.shift)] = s
		}
	}
}

// hit reports whether s holds line l, counting it for the window.
func (m *shapeMemo) hit(s *memoSlot, l string) bool {
	if s.held && s.line == l {
		m.hits++
		return true
	}
	return false
}

// memoKey mixes l's length with its first, middle and last eight bytes
// (its bytes, when shorter): lines of one call differ most often in a
// path or a number, which one of the three most often covers.
func memoKey(l string) uint64 {
	k := uint64(len(l))
	if len(l) < 8 {
		for i := range len(l) {
			k = k<<8 | uint64(l[i])
		}
		return k
	}
	return k ^ load64(l, 0) ^ bits.RotateLeft64(load64(l, (len(l)-8)/2), 21) ^ bits.RotateLeft64(load64(l, len(l)-8), 42)
}
