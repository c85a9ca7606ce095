package headroom

// flagBlock is how many lines' flags a lineFlags block holds.
const flagBlock = 64

// lineFlags holds a byte for each line of a log (its class, the block it
// opens, its repeat mark; see logLines), in blocks of 64 lines: a block
// whose lines all have one byte holds it once. A log of ten million blank
// lines, or of a million one-line errors, holds about a twelfth of a byte
// a line, not one (a byte was as much as the text itself on blank lines);
// a log of mixed lines, about one and a twelfth, in chunks (see chunked):
// a text of two alternating lines spills every block, and a slice grown
// by appending would hold twice its bytes while it grew.
type lineFlags struct {
	same   []uint8 // by block: the byte of every line of it, when its detail is -1
	detail []int32 // by block: its bytes' index in spilled; -1 when it has one
	spill  chunked[[flagBlock]uint8]
	n      int
	// pending holds the bytes of the block being filled, stored when it
	// is full or at finish: a line's push is one store, and a block is
	// judged one byte or many once.
	pending [flagBlock]uint8
}

// newLineFlags returns an empty lineFlags with room for about n lines.
func newLineFlags(n int) *lineFlags {
	blocks := n/flagBlock + 1
	return &lineFlags{same: make([]uint8, 0, blocks), detail: make([]int32, 0, blocks)}
}

// len returns the number of lines.
func (f *lineFlags) len() int { return f.n }

// push appends the flags of the next line. The flags are read (get, set,
// count …) only after finish.
func (f *lineFlags) push(v uint8) {
	f.pending[f.n%flagBlock] = v
	f.n++
	if f.n%flagBlock == 0 {
		f.store(flagBlock)
	}
}

// finish stores the last block, if it is not full; push must not be
// called after it.
func (f *lineFlags) finish() {
	if k := f.n % flagBlock; k != 0 {
		f.store(k)
	}
}

// store appends the first k pending bytes as a block: one byte if they
// are all equal, else spilled.
func (f *lineFlags) store(k int) {
	p := f.pending[:k]
	f.same = append(f.same, p[0])
	for _, v := range p[1:] {
		if v != p[0] {
			f.detail = append(f.detail, int32(f.spill.len()))
			f.spill.push(f.pending)
			return
		}
	}
	f.detail = append(f.detail, -1)
}

// spillBlock gives block b a byte for each of its lines, each its one
// byte.
func (f *lineFlags) spillBlock(b int) {
	f.detail[b] = int32(f.spill.len())
	var bytes [flagBlock]uint8
	for k := range bytes {
		bytes[k] = f.same[b]
	}
	f.spill.push(bytes)
}

// get returns the flags of line i.
func (f *lineFlags) get(i int) uint8 {
	b := i / flagBlock
	if d := f.detail[b]; d >= 0 {
		return f.spill.at(int(d))[i%flagBlock]
	}
	return f.same[b]
}

// set replaces the flags of line i.
func (f *lineFlags) set(i int, v uint8) {
	b := i / flagBlock
	if f.detail[b] < 0 {
		if v == f.same[b] {
			return
		}
		f.spillBlock(b)
	}
	f.spill.at(int(f.detail[b]))[i%flagBlock] = v
}

// next returns the first line at or after from whose flags t marks, or
// len: a block of one byte that t does not mark is passed over at once.
func (f *lineFlags) next(from int, t *[256]bool) int {
	for b := from / flagBlock; b < len(f.same); b++ {
		base := b * flagBlock
		if d := f.detail[b]; d >= 0 {
			block := f.spill.at(int(d))[:min(flagBlock, f.n-base)]
			for k := max(from-base, 0); k < len(block); k++ {
				if t[block[k]] {
					return base + k
				}
			}
		} else if t[f.same[b]] {
			return max(from, base)
		}
	}
	return f.n
}

// count returns how many lines have flags that t marks: a block of one
// byte is read once.
func (f *lineFlags) count(t *[256]bool) int {
	n := 0
	for b, v := range f.same {
		lines := min(flagBlock, f.n-b*flagBlock)
		if d := f.detail[b]; d >= 0 {
			for _, v := range f.spill.at(int(d))[:lines] {
				if t[v] {
					n++
				}
			}
		} else if t[v] {
			n += lines
		}
	}
	return n
}

// tally adds one to t[of[v]] for each line's flags v: a block of one
// byte is read once.
func (f *lineFlags) tally(t []int, of *[256]uint8) {
	for b, v := range f.same {
		lines := min(flagBlock, f.n-b*flagBlock)
		if d := f.detail[b]; d >= 0 {
			for _, v := range f.spill.at(int(d))[:lines] {
				t[of[v]]++
			}
		} else {
			t[of[v]] += lines
		}
	}
}
