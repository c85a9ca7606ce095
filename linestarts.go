package headroom

import "math/bits"

// A startIndex holds a strictly increasing sequence of offsets into a
// text (where its lines start), read back by position. Four bytes an
// offset are most of what a line index costs on a text of tiny lines: a
// million blank lines, one byte each, took four times their size. So a
// text whose lines are short on average keeps its offsets in blocks of
// 64, each block either
//
//   - a bitmap of the bytes its offsets span, a bit set where one falls,
//     when that span is short (at most bitmapWords words of 64 bytes):
//     a bit for each byte of text, an eighth of a byte; or
//   - the 64 offsets as they are, four bytes each, for a block of long
//     lines, where four bytes are a small share of what they index.
//
// A text of long lines keeps every offset in four bytes, as before, read
// without a branch more: the compact form would save little there.
type startIndex struct {
	dense []uint32 // every offset, when the text's lines are long
	// The compact form: block b holds offsets [64b, 64b+64), the first of
	// them base[b]; its detail is words[at[b]:at[b+1]], a bitmap when
	// it is at most bitmapWords words long, else 64 offsets two to a word.
	base  []uint32
	at    []uint32
	words []uint64
	n     int
	// pending holds the offsets of the block being filled: the last one
	// pushed can still be changed (setLast).
	pending [startBlock]uint32
}

const (
	startBlock   = 64
	bitmapWords  = 16 // a block of lines shorter than 16 bytes on average is a bitmap
	explicitSize = startBlock / 2
	// denseMean is the mean line length from which offsets are kept in
	// four bytes each: at most a quarter of a byte per byte of text.
	denseMean = 16
)

// newStartIndex prepares an index for about count offsets into a text of
// textLen bytes, in the form its mean line length calls for.
func newStartIndex(count, textLen int) startIndex {
	if count <= 0 || textLen >= denseMean*count {
		return startIndex{dense: make([]uint32, 0, max(count, 1))}
	}
	blocks := count/startBlock + 1
	return startIndex{
		base:  make([]uint32, 0, blocks),
		at:    append(make([]uint32, 0, blocks+1), 0),
		words: make([]uint64, 0, textLen/64+2*blocks),
	}
}

// len returns the number of offsets.
func (x *startIndex) len() int {
	if x.dense != nil {
		return len(x.dense)
	}
	return x.n
}

// push appends v, which must be above the last offset.
func (x *startIndex) push(v uint32) {
	if x.dense != nil {
		x.dense = append(x.dense, v)
		return
	}
	x.pushCompact(v)
}

// pushCompact is push in the compact form; apart, so that push inlines.
func (x *startIndex) pushCompact(v uint32) {
	k := x.n % startBlock
	if k == 0 && x.n > 0 {
		x.seal()
	}
	x.pending[k] = v
	x.n++
}

// setLast replaces the last offset with v, which must stay above the one
// before it.
func (x *startIndex) setLast(v uint32) {
	if x.dense != nil {
		x.dense[len(x.dense)-1] = v
		return
	}
	x.pending[(x.n-1)%startBlock] = v
}

// seal writes the pending block, full or the last, into the compact form.
func (x *startIndex) seal() {
	k := (x.n-1)%startBlock + 1
	p := x.pending[:k]
	first := p[0]
	x.base = append(x.base, first)
	if w := int(p[k-1]-first)/64 + 1; w <= bitmapWords {
		from := len(x.words)
		x.words = append(x.words, make([]uint64, w)...)
		for _, v := range p {
			d := v - first
			x.words[from+int(d/64)] |= 1 << (d % 64)
		}
	} else {
		from := len(x.words)
		x.words = append(x.words, make([]uint64, explicitSize)...)
		for j, v := range p {
			x.words[from+j/2] |= uint64(v) << (32 * (j % 2))
		}
	}
	x.at = append(x.at, uint32(len(x.words)))
}

// finish seals the last block; push must not be called after it.
func (x *startIndex) finish() {
	if x.dense == nil && x.n > 0 {
		x.seal()
	}
}

// get returns offset j.
func (x *startIndex) get(j int) int {
	if x.dense != nil {
		return int(x.dense[j])
	}
	return x.compactGet(j)
}

// pair returns offsets j and j+1: a line's start and the next one's. In
// a bitmap the second is the next bit set, not a second count.
func (x *startIndex) pair(j int) (int, int) {
	if x.dense != nil {
		return int(x.dense[j]), int(x.dense[j+1])
	}
	a := x.compactGet(j)
	b := j / startBlock
	from, to := int(x.at[b]), int(x.at[b+1])
	if to-from <= bitmapWords {
		p := a - int(x.base[b]) + 1
		for w := from + p/64; w < to; w++ {
			word := x.words[w]
			if w == from+p/64 {
				word &= ^uint64(0) << (p % 64)
			}
			if word != 0 {
				return a, int(x.base[b]) + (w-from)*64 + bits.TrailingZeros64(word)
			}
		}
	}
	return a, x.compactGet(j + 1)
}

// lineSpan returns offset j and offset j+1 less one: where line j of a
// logLines starts and ends.
func (x *startIndex) lineSpan(j int) (int, int) {
	start, next := x.pair(j)
	return start, next - 1
}

// compactGet is get in the compact form.
func (x *startIndex) compactGet(j int) int {
	b, k := j/startBlock, j%startBlock
	from, to := x.at[b], x.at[b+1]
	if to-from > bitmapWords {
		return int(uint32(x.words[int(from)+k/2] >> (32 * (k % 2))))
	}
	if k == 0 {
		return int(x.base[b])
	}
	for w := from; ; w++ {
		word := x.words[w]
		if c := bits.OnesCount64(word); k >= c {
			k -= c
			continue
		}
		return int(x.base[b]) + int(w-from)*64 + selectBit(word, k)
	}
}

// selectBit returns the position of the set bit of word that has k set
// bits below it; word has more than k. It finds the byte in a few word
// operations (the bytes' running counts, compared with k+1 all at once),
// then the bit in a table: a block of blank lines asks it for every line.
func selectBit(word uint64, k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	c := word - word>>1&0x5555555555555555
	c = c&0x3333333333333333 + c>>2&0x3333333333333333
	c = ((c + c>>4) & 0x0f0f0f0f0f0f0f0f) * ones // byte i: the set bits of bytes 0…i
	at := bits.TrailingZeros64(((c|highs)-uint64(k+1)*ones)&highs) - 7
	below := int(c << 8 >> at & 0xff)
	return at + int(bitInByte[word>>at&0xff][k-below])
}

// bitInByte[b][k] is the position of the set bit of b with k set bits
// below it.
var bitInByte = func() (t [256][8]uint8) {
	for b := range t {
		k := 0
		for i := range 8 {
			if b>>i&1 != 0 {
				t[b][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()
