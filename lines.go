package headroom

import (
	"container/heap"
	"math/bits"
	"slices"

	"github.com/headroom-go/headroom/internal/txt"
)

// planLines is the last resort for line-oriented text that no planner
// with structure took — a system-call or library-call trace, a blame, a
// `key => value` dump, a listing of records — where a blind clip keeps
// the head and loses the one line that matters. It keeps, in this order
// and each within its share of the limit:
//
//   - the head (a fifth) and the tail (an eighth);
//   - lines with a failure signal standing as a word: the log planner's
//     generic ones (failure words, counts of failures, a compiler's
//     `error:`, an ERROR or FATAL level) and errno names (ENOENT,
//     EACCES); one line of each kind (its skeleton, see lineShape) before
//     a second of any, rarest kind first, each kind's last line first;
//   - lines of a rare shape: a skeleton or lead field (see lineShape)
//     many times rarer than the group a typical line belongs to — the
//     three lines of another commit in a blame, the one ioctl among
//     thousands of openat calls — rarest first, ties spread evenly;
//   - then the rest spread evenly: each pick the middle of the longest
//     run of dropped lines, until nothing more fits.
//
// Long lines keep their start and end around a note. Every gap note names
// the lines it stands for, so each kept line's number is known.
//
// It declines text of fewer than linesMin lines, or whose lines are so
// long on average that fewer than linesMin of them fit: a clip of those
// keeps more.
func planLines(text string, limit int) (plan, bool) {
	if limit < 200 || len(text) <= limit {
		return plan{}, false
	}
	n := lineCount(text)
	if n < linesMin || len(text)/n > limit/linesMin {
		return plan{}, false
	}
	s := newLineSel(text, limit, lineGap, lineGapMax(n))
	s.gapLen = rangeGapLen("line", 0)
	if s.room() <= 0 {
		return plan{}, false
	}
	sh := readShapes(s)
	room := s.room()
	wide := max(160, limit/8) // head, tail and failure lines
	narrow := max(120, limit/16)
	pickEnds := func(i, c int) bool { return s.pickEnds(i, c*3/4, c-c*3/4) }
	upTo := func(share int) int { return s.limit - room + room*share/40 }

	// The head, a fifth, and the tail, an eighth; each at least one line.
	for i, to := 0, upTo(8); i < n && (i == 0 || s.used < to); i++ {
		if !pickEnds(i, wide) {
			break
		}
	}
	for i, to := n-1, upTo(13); i >= 0 && (i == n-1 || s.used < to); i-- {
		if !pickEnds(i, wide) {
			break
		}
	}
	fails := 0
	for _, i := range sh.failureOrder() {
		if s.used >= upTo(24) {
			break
		}
		if !s.keep[i] && pickEnds(int(i), wide) {
			fails++
		}
	}
	rare := 0
	for _, i := range sh.rareOrder() {
		if s.used >= upTo(30) {
			break
		}
		if !s.keep[i] && pickEnds(int(i), narrow) {
			rare++
		}
	}
	for _, f := range sh.firsts {
		if s.used >= upTo(34) {
			break
		}
		if i := int(f.line); !s.keep[i] && pickEnds(i, narrow) {
			rare++
		}
	}
	spreadN := spreadLines(s, func(i int) bool { return pickEnds(i, narrow) })
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	what := txt.Commas(n-s.kept()) + " of " + txt.Plural(n, "line") + " omitted; kept the head, the tail, " +
		txt.Plural(fails, "line") + " with a failure word, " + txt.Commas(rare) + " of a rare shape and " +
		txt.Commas(spreadN) + " spread evenly (each gap note names its lines)"
	return plan{strategy: StrategyLines, items: items, markerAt: markerAt, what: what, digest: true,
		hint: "To see a part, re-run narrower: a line range (sed -n 'A,Bp'), grep PATTERN, head or tail."}, true
}

// linesMin is the fewest lines planLines plans, and the fewest of average
// length that must fit its limit.
const linesMin = 16

// shapes is what planLines knows of each line: its kind (skeleton), how
// rare it is, and which lines carry a failure signal.
type shapes struct {
	n      int
	skelID []uint32 // line → its skeleton's id
	skel   *shapeCount
	fails  []uint32 // lines with a failure signal, in input order
	rare   []rareLine
	// firsts are the first lines of the leads that recur, the most
	// frequent lead first: where each phase of the output begins.
	firsts []rareLine // surprise holds the lead's count
}

// A rareLine is a line rarer than typical in its skeleton or lead.
type rareLine struct {
	line, surprise, order uint32
}

// rareMin is the surprise (16·log2 of how many times rarer than typical)
// from which a line is of a rare shape: four times rarer.
const rareMin = 32

// readShapes reads the shape of every line of s: its skeleton and lead,
// counted, and whether it carries a failure signal; then the lines of a
// rare shape. Two passes, the second reading only each line's lead.
func readShapes(s *lineSel) *shapes {
	n := s.n()
	sh := &shapes{n: n, skelID: make([]uint32, n), skel: newShapeCount()}
	leads := newShapeCount()
	for i := range n {
		l := s.line(i)
		skel, lead, errno := lineShape(l)
		sh.skelID[i] = sh.skel.add(skel)
		leads.add(lead)
		if errno || hasFailureSignal(l) {
			sh.fails = append(sh.fails, uint32(i))
		}
	}
	tSkel, tLead := sh.skel.typical(n), leads.typical(n)
	first := make([]bool, len(leads.counts))
	for i := range n {
		l := s.line(i)
		lead := leads.id(leadHash(l[:min(len(l), shapeWindow)]))
		c := leads.counts[lead]
		v := surprise(tSkel, sh.skel.counts[sh.skelID[i]]) + surprise(tLead, c)
		if v >= rareMin {
			sh.rare = append(sh.rare, rareLine{line: uint32(i), surprise: uint32(v), order: spreadRank(i, n)})
		}
		if c > 1 && !first[lead] {
			first[lead] = true
			sh.firsts = append(sh.firsts, rareLine{line: uint32(i), surprise: c})
		}
	}
	slices.SortStableFunc(sh.firsts, func(a, b rareLine) int { return cmpU32(b.surprise, a.surprise) })
	return sh
}

// hasFailureSignal reports the log planner's generic failure signals in
// line: a failure word or count, a compiler's error, an error level.
func hasFailureSignal(line string) bool {
	diag, level, sig := lineSignals(line)
	switch {
	case sig != sigNone, diag == diagError:
		return true
	}
	switch level {
	case "ERROR", "FATAL", "CRITICAL", "SEVERE":
		return true
	}
	return false
}

// failureOrder returns the failure lines in the order they are kept:
// breadth first over their kinds — every kind's last line (the one
// nearest the outcome), then every kind's first, then the rest of each
// spread evenly — and within a round the rarest kind first.
func (sh *shapes) failureOrder() []uint32 {
	perKind := map[uint32]uint32{}
	for _, i := range sh.fails {
		perKind[sh.skelID[i]]++
	}
	type entry struct{ line, round, sub, kind uint32 }
	seen := map[uint32]uint32{}
	es := make([]entry, len(sh.fails))
	// Walk backwards so that a kind's first line met is its last.
	for k := len(sh.fails) - 1; k >= 0; k-- {
		i := sh.fails[k]
		kind := sh.skelID[i]
		j := seen[kind] // lines of this kind after i
		seen[kind]++
		e := entry{line: i, kind: kind}
		switch c := perKind[kind]; {
		case j == 0:
			e.round = 0
		case j == c-1:
			e.round = 1
		default:
			e.round, e.sub = 2, spreadRank(int(j), int(c))
		}
		es[k] = e
	}
	slices.SortFunc(es, func(a, b entry) int {
		switch {
		case a.round != b.round:
			return int(a.round) - int(b.round)
		case a.sub != b.sub:
			return cmpU32(a.sub, b.sub)
		case perKind[a.kind] != perKind[b.kind]:
			return cmpU32(perKind[a.kind], perKind[b.kind])
		}
		return cmpU32(b.line, a.line) // the later first
	})
	out := make([]uint32, len(es))
	for k, e := range es {
		out[k] = e.line
	}
	return out
}

// rareOrder returns the lines of a rare shape, the rarest first; lines
// as rare as each other in an even spread over the text.
func (sh *shapes) rareOrder() []uint32 {
	slices.SortFunc(sh.rare, func(a, b rareLine) int {
		if a.surprise != b.surprise {
			return cmpU32(b.surprise, a.surprise)
		}
		return cmpU32(a.order, b.order)
	})
	out := make([]uint32, len(sh.rare))
	for k, r := range sh.rare {
		out[k] = r.line
	}
	return out
}

func cmpU32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// spreadRank returns where index i of n comes in an even spread of n:
// its bits reversed over the bits n needs, so that sorting by rank gives
// 0, n/2, n/4, 3n/4, n/8, … — every prefix spread over the whole.
func spreadRank(i, n int) uint32 {
	w := bits.Len(uint(max(n-1, 1)))
	return uint32(bits.Reverse64(uint64(i)) >> (64 - w))
}

// spreadLines keeps lines of s spread evenly over its runs of dropped
// lines: each pick is the middle of the longest run left, until nothing
// fits. It returns how many it kept.
func spreadLines(s *lineSel, pick func(i int) bool) int {
	var h gapHeap
	n := s.n()
	for i := 0; i < n; {
		if s.keep[i] {
			i++
			continue
		}
		j := s.nextKept(i)
		h = append(h, [2]int{i, j})
		i = j
	}
	heap.Init(&h)
	kept, misses := 0, 0
	for h.Len() > 0 && s.room() > s.gapCost && misses < 16 {
		g := heap.Pop(&h).([2]int)
		mid := g[0] + (g[1]-g[0])/2
		if pick(mid) {
			kept++
			misses = 0
		} else {
			misses++
		}
		if mid > g[0] {
			heap.Push(&h, [2]int{g[0], mid})
		}
		if mid+1 < g[1] {
			heap.Push(&h, [2]int{mid + 1, g[1]})
		}
	}
	return kept
}

// gapHeap holds runs of dropped lines [from, to), the longest on top, the
// earlier of two as long.
type gapHeap [][2]int

func (h gapHeap) Len() int { return len(h) }
func (h gapHeap) Less(a, b int) bool {
	la, lb := h[a][1]-h[a][0], h[b][1]-h[b][0]
	if la != lb {
		return la > lb
	}
	return h[a][0] < h[b][0]
}
func (h gapHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *gapHeap) Push(x any)   { *h = append(*h, x.([2]int)) }
func (h *gapHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
