package headroom

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
)

// planTree plans a drawn tree — tree, npm ls, cargo tree, pstree-like
// outputs whose entries hang from branch marks (├── └── or the ASCII
// |-- `-- +--) under a prefix of │ bars and spaces. Depth is where an
// entry's branch mark sits. It keeps the lines before and after the tree
// (the root, the totals line, a package manager's errors), the entries
// that report a failure or carry a rare annotation (see
// rareAnnotations), then breadth first: every top-level entry (spread
// evenly when not all fit, after a head grown as a clip's when not even
// they fit), each one's first child, then the next children round by
// round, deeper levels after.
//
// It declines unless at least four lines in five of the non-blank ones
// are tree lines and there are at least eight of them.
func planTree(text string, limit int) (plan, bool) {
	if limit < 200 || !treeLikely(text) {
		return plan{}, false
	}
	// The share of tree lines decides first, read from the text before
	// any per-line table is built: most text a branch mark in its head
	// sends here is no tree, and declines after one pass.
	levels, entries, marks, ok := treeShape(text)
	if !ok {
		return plan{}, false
	}
	// Gap notes count the lines: a branch is re-read by its path, not
	// by line numbers, and the bytes go to more entries.
	s := newLineSel(text, limit, countGaps(len(text)))
	n := s.n()
	if n > math.MaxUint32 {
		return plan{}, false
	}
	const lineCap = 240
	room := s.room()
	// The lines before the tree (the root) and after it (the totals, a
	// package manager's errors) first, then the entries that report a
	// failure (invalid, missing, UNMET): they are why the tree was asked.
	first, last := 0, n-1
	for first < n && !treeLine(s.line(first)) {
		first++
	}
	for last > first && !treeLine(s.line(last)) {
		last--
	}
	// One pass over the tree's lines finds the failures and each entry's
	// level, its index among its siblings and its parent (only lines in
	// [first, last] are entries).
	fails, notes, byLevel := treeEntries(s, first, last, levels, entries, marks)
	for i := 0; i < first && (i == 0 || s.used < s.limit-room*95/100); i++ {
		if !s.pickCapped(i, lineCap) {
			break
		}
	}
	tailTo := s.used + room/4
	for i := last + 1; i < n && s.used < tailTo; i++ {
		s.pickCapped(i, lineCap)
	}
	s.pickCapped(n-1, lineCap)
	failTo := s.used + room/4
	pickSpread(s, fails, lineCap, failTo)
	for _, i := range rareAnnotations(notes) {
		if s.used+min(s.size(i), lineCap)+s.gapCost > failTo {
			break
		}
		s.pickCapped(i, lineCap)
	}
	if len(byLevel) > 0 {
		// When not even the top level fits, the tree is read from its
		// start, as a clip would show it: the head grows in one piece to
		// three fifths of the room before the top level is spread.
		cost := 0
		for _, i := range byLevel[0].lines {
			cost += min(s.size(i), lineCap) + s.gapCost
		}
		if cost > s.room() {
			to := s.used + s.room()*3/5
			for i := first; i <= last && s.used+min(s.size(i), lineCap) <= to; i++ {
				if !s.pickCapped(i, lineCap) {
					break
				}
			}
			// Then the largest branches with their first child, in up
			// to a quarter of what the head left: the spread below
			// finds them only by chance.
			pickLargestBranches(s, largestBranches(byLevel[0].lines, last, treeBranchK), lineCap, s.used+s.room()/4)
		}
		pickSpread(s, byLevel[0].lines, lineCap, s.limit)
	}
	for lv := 1; lv < len(byLevel) && s.room() > s.gapCost; lv++ {
		e := byLevel[lv]
		var rounds [][]int // the level's entries by their index among siblings
		for k := range e.lines {
			c := int(e.child[k])
			for len(rounds) <= c {
				rounds = append(rounds, nil)
			}
			rounds[c] = append(rounds[c], k)
		}
		for _, round := range rounds {
			if s.room() <= s.gapCost {
				break
			}
			var todo []int
			for _, k := range round {
				if s.isKept(int(e.parent[k])) {
					todo = append(todo, e.lines[k])
				}
			}
			pickSpread(s, todo, lineCap, s.limit)
		}
	}
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	top, shown := 0, 0
	if len(byLevel) > 0 {
		top = len(byLevel[0].lines)
		for _, i := range byLevel[0].lines {
			if s.isKept(i) {
				shown++
			}
		}
	}
	what := "a tree of " + txt.Plural(n, "line") + " (" + txt.Plural(top, "top-level entry") + ") cut to " +
		txt.Commas(s.kept()) + " lines: the root, the totals, " + txt.Commas(shown) + " top-level entries, then children breadth first"
	return plan{strategy: StrategyListing, items: items, markerAt: markerAt, what: what,
		hint: "To see one branch whole, re-run the command on that entry (tree PATH, npm ls NAME)."}, true
}

// treeLikely is the cheap first test: a branch mark in the first lines.
func treeLikely(text string) bool {
	head := text[:min(len(text), 4096)]
	return strings.Contains(head, "├") || strings.Contains(head, "└") || strings.Contains(head, "|-- ") ||
		strings.Contains(head, "`-- ") || strings.Contains(head, "+-- ")
}

// branchColumn returns the rune column of l's branch mark (├ └, or the
// ASCII |- `- +-) when l is a tree entry: a prefix of bars (│ |) and
// spaces (NO-BREAK ones included), then a mark; -1 otherwise. It reads
// bytes: this runs on every line.
func branchColumn(l string) int {
	c, _ := branchAt(l)
	return c
}

// branchAt is branchColumn, and where the mark starts in l's bytes.
// The prefix's common units — a bar and three spaces (two of them
// NO-BREAK, as tree draws it, or none), four spaces, a bar and one space
// or two spaces (npm) — are each read in one test of eight bytes.
func branchAt(l string) (col, at int) {
	i, c := 0, 0
	for i+8 <= len(l) {
		w := load64(l, i)
		switch w & 0xffff_ffff {
		case treeBarSpace:
			i, c = i+4, c+2
			continue
		case treeSpaces:
			i, c = i+4, c+4
			continue
		}
		switch {
		case w == treeBarNBSP:
			i, c = i+8, c+4
		case w&0xffff_ffff_ffff == treeBarSpaces:
			i, c = i+6, c+4
		case w&0xff_ffff == treeTee || w&0xff_ffff == treeElbow:
			return c, i
		case w&0xffff == treeSpaces&0xffff:
			i, c = i+2, c+2 // npm's two spaces under a last child
		default:
			return branchFrom(l, i, c)
		}
	}
	return branchFrom(l, i, c)
}

// The units of a tree's prefix as load64 reads them, little-endian
// (TestTreeUnits spells them): "│\u00a0\u00a0 ", the first four or six
// bytes of "    ", "│ " and "│   ", the first three of the marks "├"
// and "└", and the five after them in ├── and ├─┬.
const (
	treeBarNBSP   = 0x20a0c2a0c28294e2
	treeSpaces    = 0x20202020
	treeBarSpace  = 0x208294e2
	treeBarSpaces = 0x2020208294e2
	treeTee       = 0x9c94e2
	treeElbow     = 0x9494e2
	treeDashLead  = 0x94e28094e2 // "─\xe2\x94": bytes 3 to 7 of the marks ├── and ├─┬
)

// branchFrom is branchAt from byte i of l, at rune column c.
func branchFrom(l string, i, c int) (col, at int) {
	for ; i < len(l); c++ {
		switch b := l[i]; {
		case b == ' ' || b == '\t':
			i++
		case b == 0xc2 && i+1 < len(l) && l[i+1] == 0xa0: // NO-BREAK SPACE
			i += 2
		case b == 0xe2 && i+2 < len(l) && l[i+1] == 0x94:
			switch l[i+2] {
			case 0x82: // │
				i += 3
			case 0x9c, 0x94: // ├ └
				return c, i
			default:
				return -1, 0
			}
		case b == '|' || b == '`' || b == '+':
			if i+1 < len(l) && l[i+1] == '-' {
				return c, i
			}
			if b != '|' {
				return -1, 0
			}
			i++
		default:
			return -1, 0
		}
	}
	return -1, 0
}

// treePrefix holds what an entry's prefix and mark are made of.
const treePrefix = " \t\u00a0│|`+-├└─┬"

// trimTreePrefix is strings.TrimLeft(l, treePrefix) read a byte at a
// time: TrimLeft decodes every rune of a cut set beyond ASCII, a fifth of
// the plan's time on a large tree. The box-drawing runes, most of a
// mark, are tested first; the common marks and the space after them (├──
// ├─┬ └── └─┬) in one test of eight bytes and one of two.
func trimTreePrefix(l string) string {
	i := 0
	if len(l) >= 10 {
		if w := load64(l, 0); (w&0xff_ffff == treeTee || w&0xff_ffff == treeElbow) && w>>24 == treeDashLead &&
			(l[8:10] == "\x80 " || l[8:10] == "\xac ") {
			i = 10
		}
	}
	for i < len(l) {
		switch b := l[i]; {
		case b == 0xe2:
			if i+2 >= len(l) || l[i+1] != 0x94 || !treeBoxTrim[l[i+2]] {
				return l[i:]
			}
			i += 3
		case treeASCIITrim[b]:
			i++
		case b == 0xc2 && i+1 < len(l) && l[i+1] == 0xa0: // NO-BREAK SPACE
			i += 2
		default:
			return l[i:]
		}
	}
	return ""
}

// treeBoxTrim marks the last bytes of the box-drawing runes of
// treePrefix (│ ├ └ ─ ┬, each 0xe2 0x94 and one of them), treeASCIITrim
// its ASCII bytes.
var treeBoxTrim, treeASCIITrim = func() (box, ascii [256]bool) {
	for _, c := range []byte{0x82, 0x9c, 0x94, 0x80, 0xac} {
		box[c] = true
	}
	for _, c := range []byte(" \t|`+-") {
		ascii[c] = true
	}
	return box, ascii
}()

// bars reports a line of only bars and spaces (a tree's spacer line).
func bars(l string) bool {
	t := strings.Trim(l, " \u00a0\t")
	return t != "" && strings.Trim(t, "│| \u00a0") == ""
}

// treeShape reads every line of text once and reports whether it is a
// tree: at least eight tree lines (entries and spacer lines of bars), four
// in five of the non-blank ones. It returns the branch columns met,
// ascending, and how many entries each has: an entry's level is its
// column's index; and each line's mark (see treeMark).
func treeShape(text string) (levels, entries []int, marks []uint32, ok bool) {
	var small [256]int // the entries of each column below 256; levels and entries hold the rest
	tree, nonBlank := 0, 0
	marks = make([]uint32, 0, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); {
		end := len(text)
		if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
			end = i + nl
		}
		l := text[i:end]
		i = end + 1
		c, at := branchAt(l)
		marks = append(marks, treeMark(c, at))
		switch {
		case c >= 0:
			tree++
			nonBlank++
			if c < len(small) {
				small[c]++
			} else if k := slices.Index(levels, c); k >= 0 {
				entries[k]++
			} else {
				levels, entries = append(levels, c), append(entries, 1)
			}
		case !blank(l):
			nonBlank++
			if bars(l) {
				tree++
			}
		}
	}
	if tree < 8 || tree*5 < nonBlank*4 {
		return nil, nil, nil, false
	}
	high := make([]int, len(levels)) // the columns from 256 up, ascending, by index
	for k := range high {
		high[k] = k
	}
	slices.SortFunc(high, func(a, b int) int { return levels[a] - levels[b] })
	var cols, counts []int
	for c, m := range small {
		if m > 0 {
			cols, counts = append(cols, c), append(counts, m)
		}
	}
	for _, k := range high {
		cols, counts = append(cols, levels[k]), append(counts, entries[k])
	}
	return cols, counts, marks, true
}

// treeMark packs an entry's branch column c and the byte its mark starts
// at in four bytes, for treeEntries to read again without branchAt: 0
// for a line that is no entry (c < 0), treeMarkAgain for an entry too
// deep or too long to pack.
func treeMark(c, at int) uint32 {
	switch {
	case c < 0:
		return 0
	case c+1 < 1<<12-1 && at < 1<<20:
		return uint32(c+1)<<20 | uint32(at)
	}
	return treeMarkAgain
}

// treeMarkAgain marks an entry whose column and mark are read again.
const treeMarkAgain = math.MaxUint32

// blank reports whether l holds only white space, as strings.TrimSpace
// sees it, reading ASCII a byte at a time.
func blank(l string) bool {
	for i := 0; i < len(l); {
		c := l[i]
		if c < utf8.RuneSelf {
			if asciiSpace(c) {
				i++
				continue
			}
			return false
		}
		r, size := utf8.DecodeRuneInString(l[i:])
		if !unicode.IsSpace(r) {
			return false
		}
		i += size
	}
	return true
}

// treeLine reports an entry or a spacer line of bars.
func treeLine(l string) bool { return branchColumn(l) >= 0 || bars(l) }

// treeLevel holds the entries of one level of a tree, in input order:
// each one's line, its index among its parent's children, and its
// parent's line (the line itself for the top level, which has none).
type treeLevel struct {
	lines  []int
	child  []uint32
	parent []uint32
}

// treeNotes holds the entries that say something after their name: how
// many say each annotation (see annotationKey), failures included, and
// the lines of the others with their annotation's number. Annotations are
// numbered as first met, a run of one (npm's `deduped`) without a map
// lookup: a large tree says the same few things hundreds of thousands of
// times.
type treeNotes struct {
	ids    map[string]uint32
	counts []int
	lines  []treeNote
	total  int
	last   string // the annotation of the latest note, numbered lastID
	lastID uint32
}

// treeNote is an entry that says something after its name and reports no
// failure: its line and its annotation's number.
type treeNote struct{ line, key uint32 }

// add notes that line i says key after its name, a failure or not.
func (n *treeNotes) add(i int, key string, failed bool) {
	id := n.lastID
	if n.total == 0 || key != n.last {
		var ok bool
		if id, ok = n.ids[key]; !ok {
			if n.ids == nil {
				n.ids = map[string]uint32{}
			}
			id = uint32(len(n.counts))
			n.ids[key] = id
			n.counts = append(n.counts, 0)
		}
		n.last, n.lastID = key, id
	}
	n.counts[id]++
	n.total++
	if !failed {
		n.lines = append(n.lines, treeNote{uint32(i), id})
	}
}

// treeEntries reads the lines [first, last] of s once: the entries that
// report a failure (invalid, missing, UNMET), the entries that say
// something after their name, and the entries by level, levels being the
// branch columns ascending and entries their entries, marks each line's
// mark as treeShape read it.
func treeEntries(s *lineSel, first, last int, levels, entries []int, marks []uint32) (fails []int, notes treeNotes, byLevel []treeLevel) {
	byLevel = make([]treeLevel, len(levels))
	for lv, m := range entries { // sized once: appends would allocate each level's entries several times over
		byLevel[lv] = treeLevel{make([]int, 0, m), make([]uint32, 0, m), make([]uint32, 0, m)}
	}
	var low [256]int // the level of each column below 256
	for lv, c := range levels {
		if c < len(low) {
			low[c] = lv
		}
	}
	var count [64]int  // children seen under the latest entry of each level
	var lastAt [64]int // the latest entry of each level
	deepest := 0       // the levels from here down hold counts of 0
	for i := first; i <= last; i++ {
		m := uint32(0)
		if i < len(marks) {
			m = marks[i] // the line after a last line break is none
		}
		if m == 0 {
			continue
		}
		l := s.line(i)
		c, at := int(m>>20)-1, int(m&(1<<20-1))
		if m == treeMarkAgain {
			c, at = branchAt(l)
		}
		// A bare name (error.js) is a file, not a report: a failure is
		// told in words after the entry's name. The prefix holds no
		// letter and no mark, so the signals are read from the name on.
		name := trimTreePrefix(l[at:])
		if sp := strings.IndexByte(name, ' '); sp >= 0 {
			failed := failureSignalFrom(l, len(l)-len(name))
			if failed {
				fails = append(fails, i)
			}
			if k := annotationKey(name[sp:]); k != "" {
				notes.add(i, k, failed)
			}
		}
		lv := 0
		if c < len(low) {
			lv = low[c]
		} else {
			lv, _ = slices.BinarySearch(levels, c)
		}
		if lv >= len(count)-1 {
			continue
		}
		e := &byLevel[lv]
		parent := i
		if lv > 0 {
			parent = lastAt[lv-1]
		}
		e.lines = append(e.lines, i)
		e.child = append(e.child, uint32(count[lv]))
		e.parent = append(e.parent, uint32(parent))
		count[lv]++
		lastAt[lv] = i
		for k := lv + 1; k < deepest; k++ {
			count[k] = 0
		}
		deepest = lv + 1
	}
	return fails, notes, byLevel
}

// rareAnnotations returns the lines of the notes that do not report a
// failure and say something after their name that few entries say —
// npm's `invalid: "2.0.0" from …` or `UNMET DEPENDENCY` among hundreds
// of `deduped` — the rarest first, as rare in input order. One is rare
// when at most two entries, or one in eight of the annotated, carry it.
func rareAnnotations(notes treeNotes) []int {
	type rare struct{ i, n int }
	var out []rare
	for _, n := range notes.lines {
		if c := notes.counts[n.key]; c <= 2 || c*8 <= notes.total {
			out = append(out, rare{int(n.line), c})
		}
	}
	slices.SortStableFunc(out, func(a, b rare) int { return a.n - b.n })
	idx := make([]int, len(out))
	for x, r := range out {
		idx[x] = r.i
	}
	return idx
}

// annotationKey is what an entry says after its name, without its
// values: the first two of its words made of letters alone (a trailing
// ':' kept), so `invalid: "^3.0.2" from node_modules/x` and `invalid:
// "1.0.0" from the root project` are one, `deduped invalid: …` another.
// It reads the first shapeWindow bytes, and allocates only when the two
// words do not stand side by side.
func annotationKey(rest string) string {
	rest = rest[:min(len(rest), shapeWindow)]
	var w1, w2 string
	from1 := 0 // where w1 starts in rest
	for i := 0; i < len(rest); {
		for i < len(rest) && asciiSpace(rest[i]) {
			i++
		}
		j := i
		for j < len(rest) && !asciiSpace(rest[j]) {
			j++
		}
		if w := rest[i:j]; w != "" && isLetterWord(strings.TrimSuffix(w, ":")) {
			if w1 == "" {
				w1, from1 = w, i
			} else {
				w2 = w
				if i == from1+len(w1)+1 && rest[i-1] == ' ' {
					return rest[from1:j]
				}
				return w1 + " " + w2
			}
		}
		i = j
	}
	return w1
}

// isLetterWord reports a word of ASCII letters alone.
func isLetterWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if !letterTab[w[i]] {
			return false
		}
	}
	return w != ""
}
