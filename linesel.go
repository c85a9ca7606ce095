package headroom

import (
	"math"
	"math/bits"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A lineSel picks whole input lines, in any order of priority, within a
// byte limit, and renders the kept ones in input order with a gap note for
// each run of dropped lines. It is the shared core of the line planners
// (diffs, outlines, tables and listings, JSON lines): each decides which
// lines matter first; lineSel keeps the bill exact — a pick pays for its
// line and for the gap notes it adds or removes.
type lineSel struct {
	text string
	// starts holds where each line starts, and last len(text), in four
	// bytes a line or, for a text of short lines, less (see startIndex):
	// at(i) reads it. wide holds them instead for a text over 4 GiB.
	starts startIndex
	wide   []int
	// cutAt[i] > 0 keeps line i only up to that offset, with a note saying
	// how much of the line was cut; suffix[i] is a note written after line
	// i (the line then loses its '\n' to the note's own).
	cutAt  map[int]int
	tailAt map[int]int // line i's kept tail starts here (a line cut in its middle)
	suffix map[int]string
	// ids, when set, finds the members that name a line cut in its
	// middle (a JSON event's message and code), up to idRoom bytes of
	// them; mids[i] holds those kept of line i, between its head and tail.
	// bodyRoom, when set, is how many more bytes a line kept with a
	// body keeps of its long strings' openings and its parts (see
	// bodyRanges): not set for the head and tail runs, whose events show
	// how the stream reads.
	ids      *eventIDs
	idRoom   int
	bodyRoom int
	mids     map[int][][2]int
	limit    int
	// used is exactly what the selection renders to (itemsSize of items):
	// a pick pays for its line and for the gap notes it adds, removes or
	// rewords, each priced at its true length.
	used int
	// gapCost bounds one gap note line; planners use it to estimate what a
	// pick will cost before they choose.
	gapCost int
	bits    []uint64 // bit i set when line i is kept: finds a gap's ends fast
	words   []uint64 // bit w set when bits[w] is not 0: skips long gaps 64 words at a time
	nkept   int
	gaps    gapWording
}

// A gapWording words the note that stands for dropped lines [from, to).
type gapWording struct {
	note func(from, to int) string
	// size returns len(note(from, to)) without writing the note, or -1
	// where it cannot (picks price three notes each, and a 10 MB input
	// sees many picks); nil writes every note to measure it.
	size func(from, to int) int
	max  int // the longest note it writes
}

// lineGaps words a gap by the numbers of its lines ("[…lines 3-9
// omitted…]"), for a text of at most n lines.
func lineGaps(n int) gapWording { return gapWording{lineGap, rangeGapLen("line", 0), lineGapMax(n)} }

// countGaps words a gap by how many lines it drops ("[…7 lines
// omitted…]"), for a text of at most n lines.
func countGaps(n int) gapWording { return gapWording{countGap, countGapLen, len(countGap(0, n))} }

// countGap words dropped lines [from, to) by their count.
func countGap(from, to int) string { return "[…" + txt.Plural(to-from, "line") + " omitted…]" }

// newLineSel indexes the lines of text; gaps words the notes for dropped
// lines.
func newLineSel(text string, limit int, gaps gapWording) *lineSel {
	return newLineSelOn(text, newLineIndex(text), limit, gaps)
}

// A lineIndex is where the lines of a text start (lineStarts): made once,
// it is read, never changed, by every lineSel over the text.
type lineIndex struct {
	starts startIndex
	wide   []int
}

// newLineIndex indexes the lines of text.
func newLineIndex(text string) *lineIndex {
	return newLineIndexKnown(text, knownLines{})
}

// newLineIndexKnown indexes the lines of text, the lines of known's runs
// taken from it rather than read.
func newLineIndexKnown(text string, known knownLines) *lineIndex {
	starts, wide := lineStartsKnown(text, known)
	return &lineIndex{starts: starts, wide: wide}
}

// A lineIndexer makes the line index of one text when first asked, and
// keeps it for the rows of a route call that ask after (routeShared).
type lineIndexer struct {
	text string
	idx  *lineIndex
	// known is what a row read of the text's lines before the index was
	// made (a sample's runs of long lines): the index copies it.
	known knownLines
}

// index returns the line index of the text, made at the first call.
func (li *lineIndexer) index() *lineIndex {
	if li.idx == nil {
		li.idx = newLineIndexKnown(li.text, li.known)
	}
	return li.idx
}

// made returns the line index when a row has made it, else nil.
func (li *lineIndexer) made() *lineIndex { return li.idx }

// hasColonLineEnd reports whether a line of text, whose index idx is,
// ends with ':' before its line break: strings.Contains(text, ":\n"),
// from the line ends, not the bytes.
func (idx *lineIndex) hasColonLineEnd(text string) bool {
	s := lineSel{text: text, starts: idx.starts, wide: idx.wide}
	for i := s.n(); i > 0; i-- {
		if e := s.at(i); e >= 2 && text[e-1] == '\n' && text[e-2] == ':' {
			return true
		}
	}
	return false
}

// newLineSelOn is newLineSel with the lines of text indexed by idx.
func newLineSelOn(text string, idx *lineIndex, limit int, gaps gapWording) *lineSel {
	starts, wide := idx.starts, idx.wide
	n := max(starts.len(), len(wide)) - 1
	s := &lineSel{text: text, starts: starts, wide: wide, limit: limit, bits: make([]uint64, (n+63)/64), words: make([]uint64, (n+4095)/4096),
		cutAt: map[int]int{}, tailAt: map[int]int{}, suffix: map[int]string{}}
	s.setGap(gaps)
	return s
}

// setGap sets how gap notes are worded and prices the selection anew.
func (s *lineSel) setGap(gaps gapWording) {
	s.gaps, s.gapCost = gaps, gaps.max+2
	s.used = 0
	if s.gaps.note == nil {
		return
	}
	if s.nkept == 0 {
		s.used = s.gapSize(0, s.n()) // one note for everything
		return
	}
	items, _ := s.items()
	s.used = itemsSize(items)
}

// gapSize is what the note for dropped lines [from, to) costs.
func (s *lineSel) gapSize(from, to int) int {
	if to <= from {
		return 0
	}
	if s.gaps.size != nil {
		if l := s.gaps.size(from, to); l >= 0 {
			return l + 2
		}
	}
	return len(s.gaps.note(from, to)) + 2
}

// commasLen is len(txt.Commas(n)) for n >= 0.
func commasLen(n int) int {
	switch {
	case n < 10:
		return 1
	case n < 100:
		return 2
	case n < 1000:
		return 3
	case n < 10000:
		return 5
	case n < 100000:
		return 6
	case n < 1000000:
		return 7
	}
	d := 7
	for ; n >= 10000000; n /= 10 {
		d++
	}
	return d + (d-1)/3
}

// countGapLen is len(countGap(from, to)).
func countGapLen(from, to int) int {
	n := to - from
	l := len("[…") + commasLen(n) + len(" line omitted…]")
	if n != 1 {
		l++
	}
	return l
}

// rangeGapLen returns the length function of a note that names the first
// and last of dropped [from, to) after word ("[…lines 3-9 omitted…]"),
// numbered from 1 after shifting them by -shift.
func rangeGapLen(word string, shift int) func(from, to int) int {
	return func(from, to int) int {
		from, to = from-shift, to-shift
		if from < 0 || to < 0 {
			return -1 // not a range this note words: the caller writes it
		}
		if to-from == 1 {
			return len("[… ") + len(word) + commasLen(from+1) + len(" omitted…]")
		}
		return len("[… ") + len(word) + 1 + commasLen(from+1) + 1 + commasLen(to) + len(" omitted…]")
	}
}

// setKept marks line i kept.
func (s *lineSel) setKept(i int) {
	s.nkept++
	s.bits[i>>6] |= 1 << (i & 63)
	s.words[i>>12] |= 1 << (i >> 6 & 63)
}

// isKept reports whether line i is kept.
func (s *lineSel) isKept(i int) bool { return s.bits[i>>6]&(1<<(i&63)) != 0 }

// prevKept returns the last kept line before i, or -1.
func (s *lineSel) prevKept(i int) int {
	if i <= 0 {
		return -1
	}
	i--
	w := i >> 6
	if b := s.bits[w] & (^uint64(0) >> (63 - i&63)); b != 0 {
		return w<<6 + 63 - bits.LeadingZeros64(b)
	}
	// The last non-empty word before w, through the summary.
	if w == 0 {
		return -1
	}
	w--
	g := w >> 6
	m := s.words[g] & (^uint64(0) >> (63 - w&63))
	for m == 0 {
		if g == 0 {
			return -1
		}
		g--
		m = s.words[g]
	}
	w = g<<6 + 63 - bits.LeadingZeros64(m)
	return w<<6 + 63 - bits.LeadingZeros64(s.bits[w])
}

// nextKept returns the first kept line after i, or n.
func (s *lineSel) nextKept(i int) int {
	i++
	if i >= s.n() {
		return s.n()
	}
	w := i >> 6
	if b := s.bits[w] & (^uint64(0) << (i & 63)); b != 0 {
		return w<<6 + bits.TrailingZeros64(b)
	}
	w++
	if w >= len(s.bits) {
		return s.n()
	}
	g := w >> 6
	m := s.words[g] & (^uint64(0) << (w & 63))
	for m == 0 {
		g++
		if g >= len(s.words) {
			return s.n()
		}
		m = s.words[g]
	}
	w = g<<6 + bits.TrailingZeros64(m)
	return w<<6 + bits.TrailingZeros64(s.bits[w])
}

// showCheapGaps keeps every run of dropped lines that costs no more
// shown than the gap note standing for it (a `};`, a blank line, a short
// label between two kept lines): the note would say less in as many
// bytes. It returns how many lines it kept; the room only grows.
func (s *lineSel) showCheapGaps() int {
	if s.gaps.note == nil {
		return 0
	}
	kept := 0
	n := s.n()
	for i := 0; i < n; {
		if s.isKept(i) {
			i++
			continue
		}
		j := s.nextKept(i)
		note := s.gapSize(i, j)
		shown := 0
		// The note renders in a byte less than gapSize prices it (one
		// line break, not two, after a kept line's): the lines shown in
		// fewer bytes than its price make the output no longer.
		for k := i; k < j && shown < note; k++ {
			shown += s.size(k)
		}
		if shown < note {
			for k := i; k < j; k++ {
				s.setKept(k)
			}
			s.used += shown - note
			kept += j - i
		}
		i = j
	}
	return kept
}

// gapChange is what keeping the dropped line i does to the gap notes:
// the note for its run of dropped lines gives way to one note on each side
// that still has dropped lines.
func (s *lineSel) gapChange(i int) int {
	from, to := s.prevKept(i)+1, s.nextKept(i)
	return s.gapSize(from, i) + s.gapSize(i+1, to) - s.gapSize(from, to)
}

// lineStarts returns the start of every line of text and, last,
// len(text): as a startIndex, or, for a text over 4 GiB, in wide.
func lineStarts(text string) (starts startIndex, wide []int) {
	return lineStartsKnown(text, knownLines{})
}

// lineStartsKnown is lineStarts, the lines of known's runs copied from
// it rather than counted and found again.
func lineStartsKnown(text string, known knownLines) (starts startIndex, wide []int) {
	if len(text) > math.MaxUint32 {
		return startIndex{}, wideLineStarts(text)
	}
	starts = newStartIndex(known.lineBreaks(text)+2, len(text)) // strings.Count's, with no runs
	if starts.dense != nil {
		if len(known.runs) == 0 {
			starts.dense = appendLineStarts(starts.dense, text)
		} else {
			starts.dense = appendLineStartsKnown(starts.dense, text, known)
		}
		return starts, nil
	}
	eachLineStart(text, func(i int) { starts.push(uint32(i)) })
	starts.finish()
	return starts, nil
}

// appendLineStarts is eachLineStart appending to d, for the index of a
// text of long lines: in one loop, not a call a line.
func appendLineStarts(d []uint32, text string) []uint32 {
	for i := 0; i < len(text); {
		d = append(d, uint32(i))
		nl := strings.IndexByte(text[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
	}
	return append(d, uint32(len(text)))
}

// wideLineStarts is lineStarts in ints, for a text over 4 GiB.
func wideLineStarts(text string) []int {
	wide := make([]int, 0, strings.Count(text, "\n")+2)
	eachLineStart(text, func(i int) { wide = append(wide, i) })
	return wide
}

// eachLineStart calls f with the start of every line of text and, last,
// with len(text).
func eachLineStart(text string, f func(int)) {
	for i := 0; i < len(text); {
		f(i)
		nl := strings.IndexByte(text[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
	}
	f(len(text))
}

// at returns where line i starts; at(n()) is len(text).
func (s *lineSel) at(i int) int {
	if d := s.starts.dense; d != nil {
		return int(d[i])
	}
	return s.atSlow(i)
}

// atSlow is at for a text of short lines or over 4 GiB: apart, so that
// at inlines.
func (s *lineSel) atSlow(i int) int {
	if s.wide != nil {
		return s.wide[i]
	}
	return s.starts.get(i)
}

// n returns the number of lines.
func (s *lineSel) n() int { return max(s.starts.len(), len(s.wide)) - 1 }

// bounds returns where line i starts and where the next one does.
func (s *lineSel) bounds(i int) (int, int) {
	if d := s.starts.dense; i+1 < len(d) {
		return int(d[i]), int(d[i+1])
	}
	return s.boundsSlow(i)
}

// boundsSlow is bounds for a text of short lines or over 4 GiB: apart, so
// that bounds reads the dense index's two starts first. bounds and line
// are not inlined (the compiler prices them at 95 and 120 of its 80), so
// each still costs its caller a call a line.
func (s *lineSel) boundsSlow(i int) (int, int) {
	if s.wide != nil {
		return s.wide[i], s.wide[i+1]
	}
	return s.starts.pair(i)
}

// line returns line i without its line break. Planners read every line
// through it, some more than once: the index of long lines is read here,
// not through two calls more.
func (s *lineSel) line(i int) string {
	var start, end int
	if d := s.starts.dense; i+1 < len(d) {
		start, end = int(d[i]), int(d[i+1])
	} else {
		start, end = s.boundsSlow(i)
	}
	if end > start && s.text[end-1] == '\n' {
		end--
	}
	return s.text[start:end]
}

// size returns the bytes line i takes with its '\n'.
func (s *lineSel) size(i int) int {
	start, end := s.bounds(i)
	return end - start
}

// cost returns what picking line i whole adds to the output.
func (s *lineSel) cost(i int) int {
	if s.isKept(i) {
		return 0
	}
	if note, ok := s.suffix[i]; ok {
		return len(s.line(i)) + len(note) + 2 + s.gapChange(i) // the note brings its own '\n'
	}
	return s.size(i) + s.gapChange(i)
}

// fits reports whether c more bytes fit.
func (s *lineSel) fits(c int) bool { return s.used+c <= s.limit }

// room returns the bytes still free.
func (s *lineSel) room() int { return s.limit - s.used }

// pick keeps line i whole if it fits, and reports whether it is kept.
func (s *lineSel) pick(i int) bool {
	if i < 0 || i >= s.n() {
		return false
	}
	if s.isKept(i) {
		return true
	}
	c := s.cost(i)
	if !s.fits(c) {
		return false
	}
	s.setKept(i)
	s.used += c
	return true
}

// pickNote keeps line i with note written after it.
func (s *lineSel) pickNote(i int, note string) bool {
	if i < 0 || i >= s.n() || s.isKept(i) {
		return false
	}
	s.suffix[i] = note
	if !s.pick(i) {
		delete(s.suffix, i)
		return false
	}
	return true
}

// cutNoteMax bounds the note a cut line gets.
const cutNoteMax = len(" […9,999,999,999 bytes of this line cut…]")

// pickCapped keeps line i whole when it is at most capBytes long, or else
// its first capBytes bytes with a note saying how much was cut. It reports
// whether anything of the line is kept.
func (s *lineSel) pickCapped(i, capBytes int) bool {
	if i < 0 || i >= s.n() || s.isKept(i) {
		return i >= 0 && i < s.n() && s.isKept(i)
	}
	l := s.line(i)
	if len(l) <= capBytes || capBytes <= 0 {
		return s.pick(i)
	}
	end := txt.RuneStartAtOrBefore(s.text, s.at(i)+capBytes)
	note := " […" + txt.Commas(s.at(i)+len(l)-end) + " bytes of this line cut…]"
	c := end - s.at(i) + len(note) + 2 + s.gapChange(i)
	if !s.fits(c) {
		return false
	}
	s.setKept(i)
	s.cutAt[i] = end
	s.suffix[i] = note
	s.used += c
	return true
}

// midNote is the note written where a line is cut in its middle.
func midNote(bytes, line int) string {
	return "[…" + txt.Commas(bytes) + " bytes of line " + txt.Commas(line+1) + " cut…]"
}

// midNoteMax bounds midNote.
const midNoteMax = len("[…9,999,999,999 bytes of line 9,999,999,999 cut…]")

// pickEnds keeps line i whole when it is at most headBytes+tailBytes
// long, or else its first headBytes and last tailBytes bytes (on rune
// boundaries) with a note between them saying how much was cut.
func (s *lineSel) pickEnds(i, headBytes, tailBytes int) bool {
	if i < 0 || i >= s.n() || s.isKept(i) {
		return i >= 0 && i < s.n() && s.isKept(i)
	}
	start := s.at(i)
	end := start + len(s.line(i))
	if end-start <= headBytes+tailBytes+midNoteMax {
		return s.pick(i)
	}
	h := txt.RuneStartAtOrBefore(s.text, start+max(headBytes, 0))
	t := txt.RuneStartAtOrAfter(s.text, end-max(tailBytes, 0), end)
	if t <= h {
		return s.pick(i)
	}
	h0, t0 := h, t
	h, t, mids := s.cutMids(i, h, t, true)
	if len(mids) == 0 {
		h, t = h0, t0
	}
	note := midNote(t-h, i)
	c := (h - start) + len(note) + 2 + (s.at(i+1) - t) + s.gapChange(i)
	if len(mids) > 0 {
		c = midsSize(start, h, t, s.at(i+1), mids) + s.gapChange(i)
	}
	if !s.fits(c) {
		return false
	}
	s.setKept(i)
	s.cutAt[i] = h
	s.tailAt[i] = t
	s.suffix[i] = note
	if len(mids) > 0 {
		s.mids[i] = mids
	}
	if s.ids != nil && strings.HasPrefix(s.line(i), s.ids.common) && s.cutAt[i]-start >= len(s.ids.common) {
		s.ids.shown = true
	}
	s.used += c
	return true
}

// widenEnds keeps more of line i, which pickEnds kept cut in its middle:
// its first headBytes and last tailBytes bytes, or all of it when they
// cover it, if what that adds fits. It reports whether line i is kept
// whole or cut no narrower than asked. Like pickEnds, it keeps of a JSON
// event's long string that the ends would cut only its opening (see
// cutMids).
func (s *lineSel) widenEnds(i, headBytes, tailBytes int) bool {
	return s.widenEndsAs(i, headBytes, tailBytes, true)
}

// widenEndsAs is widenEnds, narrow or not (see cutMids): a plan's last
// spend of the room left widens into long strings too.
func (s *lineSel) widenEndsAs(i, headBytes, tailBytes int, narrow bool) bool {
	t0, cut := s.tailAt[i]
	if !cut {
		return s.pickEnds(i, headBytes, tailBytes)
	}
	start := s.at(i)
	end := start + len(s.line(i))
	h0 := s.cutAt[i]
	old := (h0 - start) + len(s.suffix[i]) + 2 + (s.at(i+1) - t0)
	if m0, ok := s.mids[i]; ok {
		old = midsSize(start, h0, t0, s.at(i+1), m0)
	}
	// Ends asked longer than the line stop at its ends: a tail longer
	// than the line's start from the text's would read before it.
	h := txt.RuneStartAtOrBefore(s.text, min(end, start+max(headBytes, 0)))
	t := txt.RuneStartAtOrAfter(s.text, max(start, end-max(tailBytes, 0)), end)
	if h <= h0 && t >= t0 {
		return true
	}
	h, t = max(h, h0), min(t, t0)
	if end-start <= headBytes+tailBytes+midNoteMax || t <= h {
		if !s.fits(s.size(i) - old) {
			return false
		}
		delete(s.cutAt, i)
		delete(s.tailAt, i)
		delete(s.suffix, i)
		delete(s.mids, i)
		s.used += s.size(i) - old
		return true
	}
	h1, t1 := h, t
	h, t, mids := s.cutMids(i, h, t, narrow)
	if len(mids) == 0 {
		h, t = h1, t1
	}
	note := midNote(t-h, i)
	c := (h - start) + len(note) + 2 + (s.at(i+1) - t)
	if len(mids) > 0 {
		c = midsSize(start, h, t, s.at(i+1), mids)
	}
	if !s.fits(c - old) {
		return false
	}
	s.cutAt[i] = h
	s.tailAt[i] = t
	s.suffix[i] = note
	delete(s.mids, i)
	if len(mids) > 0 {
		s.mids[i] = mids
	}
	s.used += c - old
	return true
}

// kept returns how many lines are kept.
func (s *lineSel) kept() int { return s.nkept }

// items renders the selection: kept runs as ranges, dropped runs as gap
// notes. The marker goes before the first gap.
func (s *lineSel) items() (items []item, markerAt int) {
	markerAt = -1
	n := s.n()
	for i := 0; i < n; {
		if !s.isKept(i) {
			j := s.nextKept(i)
			if markerAt < 0 {
				markerAt = len(items)
			}
			items = append(items, noteLine(s.gaps.note(i, j)))
			i = j
			continue
		}
		j := i
		for j < n && s.isKept(j) && s.suffix[j] == "" {
			j++
		}
		if j > i {
			items = append(items, s.run(i, j))
			i = j
			continue
		}
		if m, ok := s.mids[i]; ok {
			items = midsItems(items, s.at(i), s.cutAt[i], s.tailAt[i], s.at(i+1), m)
			i++
			continue
		}
		end := s.at(i) + len(s.line(i))
		if c, ok := s.cutAt[i]; ok {
			end = c
		}
		items = append(items, item{start: s.at(i), end: end, note: s.suffix[i]})
		if t, ok := s.tailAt[i]; ok {
			items = append(items, keepRange(t, s.at(i+1)))
		}
		i++
	}
	if markerAt < 0 {
		markerAt = len(items)
	}
	return items, markerAt
}

// run keeps lines [i, j) whole.
func (s *lineSel) run(i, j int) item { return keepRange(s.at(i), s.at(j)) }

// lineGap words a gap of lines [from, to) by their 1-based line numbers,
// so every kept line after it has a known number.
func lineGap(from, to int) string {
	if to-from == 1 {
		return "[…line " + txt.Commas(from+1) + " omitted…]"
	}
	return "[…lines " + txt.Commas(from+1) + "-" + txt.Commas(to) + " omitted…]"
}

// lineGapMax is the longest note lineGap writes for a text of n lines.
func lineGapMax(n int) int { return len(lineGap(n, 2*n+1)) }

// spread returns up to k indices spread evenly over [from, to), the first
// and the last included.
func spread(from, to, k int) []int {
	n := to - from
	if n <= 0 || k <= 0 {
		return nil
	}
	if k >= n {
		out := make([]int, n)
		for i := range out {
			out[i] = from + i
		}
		return out
	}
	if k == 1 {
		return []int{from}
	}
	out := make([]int, k)
	for i := range out {
		out[i] = from + i*(n-1)/(k-1)
	}
	return out
}
