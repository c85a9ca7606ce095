package headroom

import (
	"hash/maphash"
	"math"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// logLines is a log split into classified lines, kept compact: a log of
// a million lines of a few bytes must not take many times its size. Each
// line costs where it starts (the next line's start gives its end; four
// bytes, or for a text of short lines about an eighth of a byte per byte
// of text, see startIndex) and one byte that packs its class, the block
// it opens and whether it repeats a warning (held once for a block of 64
// lines that share it, see lineFlags). The error block a line
// belongs to is found in the blocks (see blockAt), not stored per line.
type logLines struct {
	text   string
	starts *startIndex // line i is text[start i : start i+1 - 1]; a sentinel follows the last line
	dense  []uint32    // starts.dense once finished, read without going through starts
	flags  *lineFlags  // class | openCode<<classBits | repeatFlag
}

// newLogLines prepares the index of text's lines, for add to fill and
// finish to close.
func newLogLines(text string) logLines {
	n := strings.Count(text, "\n") + 1
	starts := newStartIndex(n+1, len(text))
	starts.push(0) // where the first line starts
	return logLines{text: text, starts: &starts, flags: newLineFlags(n)}
}

// finish closes the index: no line can be added after it.
func (ls *logLines) finish() {
	ls.starts.finish()
	ls.flags.finish()
	ls.dense = ls.starts.dense
}

// maxLogText is the longest text a logLines can index: its offsets are
// uint32, and a sentinel follows the last line.
const maxLogText = math.MaxUint32 - 1

// The packing of a line's flags: the class in the low bits, then the code
// of the block an error line opens, then the repeat mark.
const (
	classBits  = 3
	classMask  = 1<<classBits - 1
	openBits   = 4
	openMask   = (1<<openBits - 1) << classBits
	repeatFlag = 1 << (classBits + openBits)
	// Block kinds are small numbers but for the two marks at the top of
	// the byte; they take the two top codes.
	openCodeGeneric    = 1<<openBits - 2
	openCodeFailDetail = 1<<openBits - 1
)

// openCode packs a block kind (blockTrace …, blockGeneric, blockFailDetail)
// into openBits.
func openCode(open uint8) uint8 {
	switch open {
	case blockGeneric:
		return openCodeGeneric
	case blockFailDetail:
		return openCodeFailDetail
	}
	return open
}

// add appends the line text[start:end], whose line break (if any) is at
// end. Lines are added in order from the text's start, each right after
// the line break of the one before: start is the offset the line before
// pushed (newLogLines pushed the first), so only the next line's start is
// pushed, the sentinel after this one.
func (ls *logLines) add(end int, class, open uint8) {
	ls.starts.push(uint32(end) + 1)
	ls.flags.push(class&classMask | openCodes[open])
}

// openCodes is openCode for every block kind, shifted into place in a
// line's flags: a load, not a switch, for every line.
var openCodes = func() (t [256]uint8) {
	for open := range t {
		t[open] = openCode(uint8(open)) << classBits & openMask
	}
	return t
}()

// len is the number of lines.
func (ls logLines) len() int { return ls.flags.len() }

// span returns where line i starts and ends, its line break excluded.
func (ls logLines) span(i int) (start, end int) {
	if ls.dense == nil {
		return ls.starts.lineSpan(i)
	}
	d := ls.dense[i : i+2]
	return int(d[0]), int(d[1]) - 1
}

// line returns line i without its line break.
func (ls logLines) line(i int) string {
	start, end := ls.span(i)
	return ls.text[start:end]
}

// trimCR returns l without the carriage returns at its end, as
// strings.TrimRight(l, "\r") does, inlined: most lines have none.
func trimCR(l string) string {
	for len(l) > 0 && l[len(l)-1] == '\r' {
		l = l[:len(l)-1]
	}
	return l
}

// view returns line i as a terminal showed it, for comparing names:
// without its CR, and without ANSI escapes (a copy only when it has one).
func (ls logLines) view(i int) string {
	l := strings.TrimRight(ls.line(i), "\r")
	if strings.IndexByte(l, 0x1b) >= 0 {
		l = string(txt.StripANSI(nil, l))
	}
	return l
}

// class returns line i's class (lineOther …).
func (ls logLines) class(i int) uint8 { return ls.flags.get(i) & classMask }

// open returns the block line i opens, as its rule says (blockTrace …,
// blockGeneric, blockFailDetail).
func (ls logLines) open(i int) uint8 {
	switch c := ls.flags.get(i) & openMask >> classBits; c {
	case openCodeGeneric:
		return blockGeneric
	case openCodeFailDetail:
		return blockFailDetail
	default:
		return c
	}
}

// repeat reports whether line i is part of a warning folded into an
// earlier one; see dedupWarnings.
func (ls logLines) repeat(i int) bool { return ls.flags.get(i)&repeatFlag != 0 }

func (ls logLines) setRepeat(i int, r bool) {
	f := ls.flags.get(i)
	if r {
		ls.flags.set(i, f|repeatFlag)
	} else {
		ls.flags.set(i, f&^repeatFlag)
	}
}

// blockAt returns the index of the block that holds line i, or -1. Blocks
// are in input order and do not overlap.
func blockAt(blocks []logBlock, i int) int {
	lo, hi := 0, len(blocks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(blocks[m].last) < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(blocks) && int(blocks[lo].first) <= i {
		return lo
	}
	return -1
}

// verbatimCache remembers lines seen verbatim and the index of the first
// line their normalised form had, so that a line repeated byte for byte
// (a warning or an error printed a thousand times) is not normalised
// again. It is bounded, and four-way: a line has a set of verbatimWays
// slots, and one that finds them all taken by others is normalised, so
// the cache changes no result, only the time. With two ways, the few
// sets three of 1,339 distinct mypy errors fell in (in 8,192 slots) had
// them push each other out at every copy: about 3,500 lines normalised
// again in a 10 MB log, where four ways leave a handful.
type verbatimCache struct {
	seed  maphash.Seed
	slots []verbatimSlot // in sets of verbatimWays: a line's slots
}

// verbatimWays is how many slots a line may take in a verbatimCache.
const verbatimWays = 4

type verbatimSlot struct {
	line  string
	first int
	set   bool
}

// newVerbatimCache sizes a cache for about n lines: a power of two
// between 64 and 8,192 slots.
func newVerbatimCache(n int) verbatimCache {
	size := 64
	for size < n && size < 8192 {
		size *= 2
	}
	return verbatimCache{seed: maphash.MakeSeed(), slots: make([]verbatimSlot, size)}
}

// ways returns line's slots.
func (c verbatimCache) ways(line string) []verbatimSlot {
	p := maphash.String(c.seed, line) & uint64(len(c.slots)-verbatimWays)
	return c.slots[p : p+verbatimWays]
}

// get returns the first index remembered for line.
func (c verbatimCache) get(line string) (int, bool) {
	for _, s := range c.ways(line) {
		if s.set && s.line == line {
			return s.first, true
		}
	}
	return 0, false
}

// put remembers first for line in the first of its slots, what the others
// held moving one slot on, the last's forgotten.
func (c verbatimCache) put(line string, first int) {
	ways := c.ways(line)
	copy(ways[1:], ways)
	ways[0] = verbatimSlot{line: line, first: first, set: true}
}
