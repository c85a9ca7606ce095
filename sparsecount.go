package headroom

import "math/bits"

// A sparseCount is the first pass of a shapeCount past its exactMax: it
// finds, among many values, a superset of those met twice or more,
// without a table as large as the values are many. A filter (seen) holds
// every value met, in about a byte a line and wrong only towards yes; a
// value met again, or that the filter takes for one met, goes to recur,
// a table of the values that may recur. A text of short distinct lines
// (one random word a line) holds about one value in eight there. The
// second pass (shapeCount.recount) counts exactly the values in recur;
// every other value was met once.
type sparseCount struct {
	seen  bloomFilter
	recur hashIDs
}

// goSparse turns sc sparse: the values counted so far go into the filter,
// those met twice or more into recur, and the exact tables go.
func (sc *shapeCount) goSparse() {
	sp := &sparseCount{seen: newBloomFilter(sc.lines)}
	for id := range sc.counts.len() {
		h := sc.ids.hashes.get(id)
		sp.seen.add(h)
		if sc.counts.get(id) > 1 {
			sp.recur.id(h)
		}
	}
	sc.ids, sc.counts, sc.firstAt, sc.lastSet = hashIDs{}, chunked[uint32]{}, chunked[uint32]{}, false
	sc.sparse = sp
}

// add notes k lines of value h.
func (sp *sparseCount) add(h uint64, k int) {
	if k > 1 || sp.seen.has(h) {
		sp.recur.id(h)
		return
	}
	sp.seen.add(h)
}

// recount is the second pass of a sparse count: each calls add with
// every run of k lines of value h from line i, in the order of the first
// pass, and sc counts exactly those whose value may recur. From then on
// sc is partial: the values it holds have their exact counts and first
// lines, in the order they are first met, and the others were met once.
//
// Most values of such a text were met once, and a search of recur for
// one it does not hold reads two or three places of a table too large
// for the cache; a filter of recur's values (a byte each) turns most of
// them away first, here and in countOf.
func (sc *shapeCount) recount(each func(add func(h uint64, k, i int))) {
	sp := sc.sparse
	sc.sparse, sc.partial, sc.exactMax = nil, true, 0
	sp.seen = bloomFilter{} // the filter goes before the exact tables grow
	sc.held = newBloomFilter(sp.recur.hashes.len())
	for id := range sp.recur.hashes.len() {
		sc.held.add(sp.recur.hashes.get(id))
	}
	each(func(h uint64, k, i int) {
		if !sc.held.has(h) {
			return
		}
		if _, ok := sp.recur.lookup(h); ok {
			sc.add(h, k, i)
		}
	})
}

// A bloomFilter holds a set of 64-bit hashes in bloomBits bits a value:
// has is true for every hash added, and for at most about one other in
// fifty.
type bloomFilter struct {
	words []uint64
	bits  uint64 // len(words) * 64
}

// bloomBits is the filter's bits a line; bloomProbes, the bits a value
// sets. Eight bits a value and five probes say yes wrongly about 2 % of
// the time, less as lines repeat.
const (
	bloomBits   = 8
	bloomProbes = 5
)

// newBloomFilter makes a filter for up to lines values.
func newBloomFilter(lines int) bloomFilter {
	words := max(1, lines*bloomBits/64)
	return bloomFilter{words: make([]uint64, words), bits: uint64(words) * 64}
}

// bloomProbe returns where h's probes start and their step, both read by
// their high bits (see add): h mixed (the line planner's hashes are
// FNV-like, their high bits poorly spread), and it turned by half.
func bloomProbe(h uint64) (x, step uint64) {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h, bits.RotateLeft64(h, 32) | 1
}

// add puts h in the filter.
func (b *bloomFilter) add(h uint64) {
	x, step := bloomProbe(h)
	for range bloomProbes {
		at, _ := bits.Mul64(x, b.bits)
		b.words[at>>6] |= 1 << (at & 63)
		x += step
	}
}

// has reports whether h may be in the filter: surely not when false.
func (b *bloomFilter) has(h uint64) bool {
	x, step := bloomProbe(h)
	for range bloomProbes {
		at, _ := bits.Mul64(x, b.bits)
		if b.words[at>>6]&(1<<(at&63)) == 0 {
			return false
		}
		x += step
	}
	return true
}
