package headroom

import (
	"container/heap"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
)

// planListing plans a listing in sections: a header line ending in ':'
// after a blank line, then its entries — ls -R and ls -laR (a directory
// per section), objdump -d (a function per section), and the like; or
// a header right after the last indented entry of the section before
// (ldd of many files: `path:` then tab-indented libraries). It
// keeps the head and the tail, the sections set apart by entries rare in
// the listing (see ownEntrySections) each with its header, first entry
// and rarest entry, every section header with its entry count
// (the shallowest paths first when not all fit, the rest spread evenly),
// then the entries breadth first: each section's first entry before any
// section's second.
//
// It declines unless there are at least three sections and they hold at
// least four fifths of the non-blank lines.
func planListing(text string, limit int) (plan, bool) {
	return planListingIndexed(text, limit, &lineIndexer{text: text})
}

// planListingIndexed is planListing with text's lines indexed by
// indexer. An index a row before made (a read's outline) is read for a
// line that ends in ':' rather than every ':' of the text.
func planListingIndexed(text string, limit int, indexer *lineIndexer) (plan, bool) {
	if limit < 200 {
		return plan{}, false
	}
	if idx := indexer.made(); idx != nil && !idx.hasColonLineEnd(text) || idx == nil && !hasColonLineEnd(text, colonChunk) {
		return plan{}, false
	}
	lines := strings.Count(text, "\n") + 1
	secs, ok := listingSections(text, lines)
	if !ok {
		return plan{}, false
	}
	s := newLineSelOn(text, indexer.index(), limit, lineGaps(lines))
	n := s.n()
	const lineCap = 240
	room := s.room()
	for i := 0; i < n && s.used < s.limit-room*9/10; i++ {
		if !s.pickCapped(i, lineCap) {
			break
		}
	}
	tailTo := s.used + room/10
	for i := n - 1; i >= 0 && s.used < tailTo; i-- {
		if !s.pickCapped(i, lineCap) {
			break
		}
	}
	// Look-alike records (one header line repeated) are told apart by
	// the lines whose value differs between them: those first, key by
	// key, each spread over the records.
	keys, keyLines := recordKeyLines(s, secs)
	for _, lines := range keyLines {
		for _, i := range lines {
			s.pickCapped(i, lineCap)
		}
	}
	// Sections with entries of their own — an entry whose lead no other
	// section has (the one binary linking libjsoncpp among hundreds
	// linking libc, the one statically linked) — are what sets one apart
	// from the rest: each shows its header, its first entry and its own
	// entry, the sections with most of their own first, within a share.
	for _, sec := range ownEntrySections(s, secs, s.room()/(2*s.gapCost)) {
		if s.used >= s.limit-room/2 {
			break
		}
		pickHeader(s, sec.listingSection, lineCap)
		s.pickCapped(sec.header+1, lineCap)
		s.pickCapped(sec.own, lineCap)
	}
	// Headers, shallowest first; within a depth, spread evenly.
	byDepth := slices.Clone(secs)
	slices.SortStableFunc(byDepth, func(a, b listingSection) int { return a.depth - b.depth })
	for lo := 0; lo < len(byDepth); {
		hi := lo
		for hi < len(byDepth) && byDepth[hi].depth == byDepth[lo].depth {
			hi++
		}
		for _, sec := range treeOrder(s, byDepth[lo:hi]) {
			pickHeader(s, sec, lineCap)
		}
		lo = hi
	}
	// Entries breadth first, in sections whose header is shown. A
	// listing cut little, once each shown section has its first
	// listingFirstEntries entries, runs on from its head as far as a
	// clip's would: further rounds would cost a gap note an entry where
	// the clip shows them in one piece.
	for round := 0; s.room() > s.gapCost; round++ {
		if round == listingFirstEntries && cutLittle(len(text), limit) {
			growToClipHead(s, 0, n, limit, lineCap)
		}
		any := false
		for _, sec := range secs {
			i := sec.header + 1 + round
			if strings.HasPrefix(s.line(sec.header+1), "total ") {
				i++ // ls -l's block count says little
			}
			if i < sec.end && s.isKept(sec.header) {
				any = true
				s.pickCapped(i, lineCap)
			}
		}
		if !any {
			break
		}
	}
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	shown, counted := 0, false
	for _, sec := range secs {
		if s.isKept(sec.header) {
			shown++
			counted = counted || !sec.indented
		}
	}
	headers := " section headers with their entry counts"
	if !counted {
		headers = " section headers"
	}
	what := txt.Commas(n-s.kept()) + " of " + txt.Plural(n, "line") + " of a listing of " + txt.Plural(len(secs), "section") +
		": kept the head, the tail, " + txt.Commas(shown) + headers + ", and each shown section's first entries"
	if len(keys) > 0 {
		what = txt.Commas(n-s.kept()) + " of " + txt.Plural(n, "line") + " of " + txt.Commas(len(secs)) +
			" records that each open with " + strconv.Quote(strings.TrimSpace(s.line(secs[0].header))) +
			": kept the head, the tail, and the lines that tell the records apart (" + strings.TrimSpace(keys[0]) + ", …), spread over all of them"
	}
	return plan{strategy: StrategyListing, items: items, markerAt: markerAt, what: what, digest: true,
		hint: "To see one section, re-run on it alone (ls -la DIR, objdump -d --disassemble=SYMBOL) or ask for a line range (sed -n 'A,Bp')."}, true
}

// colonChunk is the span hasColonLineEnd counts its bytes in.
const colonChunk = 64 << 10

// hasColonLineEnd is strings.Contains(text, ":\n"), without its slow
// middle: where ':' is one byte in 10 to 50 (a git log's times, a
// blame's) Contains calls IndexByte once per ':' and never switches to
// its vector search (5 ms on 10 MB). Per chunk of text it walks the
// colons as Contains does; once it has met 64 of them, it counts the line
// breaks of the rest and walks them instead if they are the rarer, or,
// both dense, leaves the rest to Contains, which then searches by vector;
// a rest without a line break is not read again.
// (Minified code holds a colon in a hundred bytes and a line break in
// tens of thousands: the 64 come late in the chunk, and counting the rest
// once costs less than a call per colon.)
func hasColonLineEnd(text string, chunk int) bool {
	const dense = 64
	for lo := 0; lo < len(text); lo += chunk {
		c := text[lo:min(len(text), lo+chunk+1)] // one byte more: a pair across the chunk's end
		walk := byte(':')
		for i, hits := 0, 0; i < len(c); {
			j := strings.IndexByte(c[i:], walk)
			if j < 0 {
				break
			}
			j += i
			if walk == ':' && j+1 < len(c) && c[j+1] == '\n' || walk == '\n' && j > 0 && c[j-1] == ':' {
				return true
			}
			i = j + 1
			if hits++; walk != ':' || hits != dense {
				continue
			}
			// Colons are dense; every pair up to c[i] is checked.
			rest := c[i:]
			breaks := strings.Count(rest, "\n")
			switch colons := hits * len(rest) / i; {
			case breaks == 0:
				i = len(c) // no pair in the rest, which need not be read again
			case min(colons, breaks)*16 > len(rest):
				if strings.Contains(rest, ":\n") {
					return true
				}
				i = len(c)
			case breaks < colons:
				walk = '\n'
			}
		}
	}
	return false
}

// listingFirstEntries is how many entries of each shown section a
// listing cut little keeps before its head grows to a clip's (see
// cutLittle): the first ones say what a section holds (ldd's loader and
// first libraries), past them its entries are alike.
const listingFirstEntries = 3

// A listingSection is a header line and its entries, lines (header, end).
type listingSection struct {
	header, end, depth int
	indented           bool // its entries are indented (ldd): the gap note under the header counts them
}

// listingSections finds the sections of text, of at most maxLines
// lines: a line ending in ':' that opens the text or follows a blank
// line, and the non-blank lines under it. It reads text's lines once,
// without indexing them, and declines as soon as the sections cannot hold
// four fifths of the non-blank lines even if the open section and every
// line not yet read were in one: a git log or a blame, which few headers
// open, is declined in about its first fifth.
func listingSections(text string, maxLines int) ([]listingSection, bool) {
	var secs []listingSection
	nonBlank, inSections := 0, 0
	open, openDepth := -1, 0 // the header of the section being read, and its depth
	openIndented := false    // the open section's entries are indented
	prevBlank := true
	closeAt := func(end int) {
		if open >= 0 && end > open+1 { // a header with nothing under it is not a section
			secs = append(secs, listingSection{header: open, end: end, depth: openDepth, indented: openIndented})
			inSections += end - open
		}
		open = -1
	}
	i := 0
	for start := 0; start < len(text); i++ {
		end, next := len(text), len(text)
		if nl := strings.IndexByte(text[start:], '\n'); nl >= 0 {
			end, next = start+nl, start+nl+1
		}
		l := text[start:end]
		start = next
		if blankLine(l) {
			closeAt(i)
			prevBlank = true
			continue
		}
		nonBlank++
		indented := l[0] == ' ' || l[0] == '\t'
		if open >= 0 && i == open+1 {
			openIndented = indented
		}
		// A section of indented entries ends where they do (ldd, nm -A):
		// the next header needs no blank line before it.
		dedent := open >= 0 && openIndented && !indented
		if dedent {
			closeAt(i)
		}
		if open < 0 && (prevBlank || dedent) && listingHeader(l) {
			open, openDepth = i, strings.Count(l, "/")
		}
		prevBlank = false
		pending := 0 // the open section's lines so far
		if open >= 0 {
			pending = i - open + 1
		}
		outside := nonBlank - inSections - pending
		if 4*outside > inSections+pending+maxLines-1-i {
			return nil, false
		}
	}
	closeAt(i)
	return secs, len(secs) >= 3 && inSections*5 >= nonBlank*4
}

// blankLine is strings.TrimSpace(l) == "" (see blank), told at once for
// a line that opens or ends with an ASCII byte above the space: most
// lines, which TrimSpace would trim at both ends.
func blankLine(l string) bool {
	return l == "" || !solidASCII(l[0]) && !solidASCII(l[len(l)-1]) && blank(l)
}

// solidASCII reports an ASCII byte above the space.
func solidASCII(c byte) bool { return c > ' ' && c < utf8.RuneSelf }

// listingHeader matches a section header: a line ending in ':', not
// indented, not a sentence (no ": " inside it, at most two spaces).
func listingHeader(l string) bool {
	l = strings.TrimRight(l, "\r")
	return len(l) >= 2 && len(l) <= 4096 && l[len(l)-1] == ':' && l[0] != ' ' && l[0] != '\t' &&
		!strings.Contains(l[:len(l)-1], ": ") && strings.Count(l, " ") <= 2
}

// treeOrder orders sections of one depth breadth first across their
// parents — each parent's first child, then each one's second, … — and
// within one parent spread evenly, so a hundred look-alike siblings
// (./locale/xx) do not crowd out the only child of another directory.
func treeOrder(s *lineSel, group []listingSection) []listingSection {
	var parents []string
	children := map[string][]listingSection{}
	for _, sec := range group {
		l := s.line(sec.header)
		p := l[:max(0, strings.LastIndexByte(l, '/'))]
		if _, ok := children[p]; !ok {
			parents = append(parents, p)
		}
		children[p] = append(children[p], sec)
	}
	// Each parent's children in spread order: first, last, middle, …
	for p, kids := range children {
		order := make([]listingSection, 0, len(kids))
		seen := make([]bool, len(kids))
		for k := 1; len(order) < len(kids); k *= 2 {
			for _, j := range spread(0, len(kids), min(len(kids), k+1)) {
				if !seen[j] {
					seen[j] = true
					order = append(order, kids[j])
				}
			}
		}
		children[p] = order
	}
	out := make([]listingSection, 0, len(group))
	for round := 0; len(out) < len(group); round++ {
		for _, p := range parents {
			if round < len(children[p]) {
				out = append(out, children[p][round])
			}
		}
	}
	return out
}

// pickHeader keeps a section header with its entry count.
func pickHeader(s *lineSel, sec listingSection, lineCap int) {
	entries := sec.end - sec.header - 1
	word := "line"
	if strings.HasPrefix(s.line(sec.header+1), "total ") {
		entries--
		word = "entry"
	}
	note := "  [" + txt.Plural(entries, word) + "]"
	// Under a header, indented entries left out are one gap note that
	// counts them: the header stays as the tool wrote it.
	if sec.indented || len(s.line(sec.header)) > lineCap || !s.pickNote(sec.header, note) {
		s.pickCapped(sec.header, lineCap)
	}
}

// An ownSection is a section with entries rare in the listing: own is
// the first of its rarest.
type ownSection struct {
	listingSection
	own int
}

// ownMax bounds the sections ownEntrySections reads entries of: a
// listing of more is read by its headers alone.
const ownMax = 1 << 14

// ownEntrySections returns, in the order to show them, at most k of the sections of
// secs that hold rare entries: an entry whose lead (its first field,
// digits folded, see leadHash) is in at most one section in 32 (or in
// one alone). A section is worth what its rare leads are, each 1/k for a
// lead in k sections; the richest comes first, and a lead it shows is
// worth nothing to the next (cmake, cpack and ctest link the same rare
// libraries: one of them says it). Entries that are all alike (ls -l
// modes, objdump addresses) give none; nor does a listing where most
// sections hold rare entries (ls -R's file names, each its own): rarity
// then sets none apart, and the greedy choice stays linear in practice.
func ownEntrySections(s *lineSel, secs []listingSection, k int) []ownSection {
	if len(secs) > ownMax {
		return nil
	}
	entries := 0
	for _, sec := range secs {
		entries += max(0, sec.end-sec.header-1)
	}
	if entries >= math.MaxInt32 {
		return nil // ids are four bytes: a listing of 4 GB is read by its headers alone
	}
	// Each lead is numbered as first met; leads[id] is the last section
	// it was met in and how many sections hold it.
	type where struct{ sec, n int32 }
	var leads []where
	var table hashIDs
	ids := make([]int32, 0, entries) // each entry's lead, read once
	for x, sec := range secs {
		for i := sec.header + 1; i < sec.end; i++ {
			h, fresh := table.id(leadHash(entryLead(s.line(i))))
			id := int32(h)
			ids = append(ids, id)
			if fresh {
				leads = append(leads, where{sec: int32(x), n: 1})
			} else if w := &leads[id]; w.sec != int32(x) {
				w.n++
				w.sec = int32(x)
			}
		}
	}
	rareMax := int32(max(1, len(secs)/32))
	type cand struct {
		own, ownID int
		leads      []int32 // its rare leads, each once
	}
	cands := map[int]*cand{}
	e := 0
	for x, sec := range secs {
		for i := sec.header + 1; i < sec.end; i++ {
			id := ids[e]
			e++
			if leads[id].n > rareMax {
				continue
			}
			c := cands[x]
			if c == nil {
				c = &cand{own: i, ownID: int(id)}
				cands[x] = c
			}
			if !slices.Contains(c.leads, id) {
				c.leads = append(c.leads, id)
				if leads[id].n < leads[c.ownID].n {
					c.own, c.ownID = i, int(id)
				}
			}
		}
	}
	if len(cands)*2 > len(secs) {
		return nil // most sections hold rare entries (ls -R's file names): rarity sets none apart
	}
	shown := make([]bool, len(leads))
	worth := func(c *cand) float64 {
		v := 0.0
		for _, id := range c.leads {
			if !shown[id] {
				v += 1 / float64(leads[id].n)
			}
		}
		return v
	}
	// Lazy greedy: a section's worth only falls as leads are shown, so
	// the top of a heap whose worth, read again, still tops the next is
	// the best; each section is read again only when it comes up.
	h := make(worthHeap, 0, len(cands))
	for x, c := range cands {
		h = append(h, worthAt{x: x, v: worth(c)})
	}
	heap.Init(&h)
	var out []ownSection
	for h.Len() > 0 && len(out) < k {
		top := heap.Pop(&h).(worthAt)
		v := worth(cands[top.x])
		if v <= 0 {
			continue
		}
		if h.Len() > 0 && (v < h[0].v || v == h[0].v && h[0].x < top.x) {
			heap.Push(&h, worthAt{x: top.x, v: v})
			continue
		}
		out = append(out, ownSection{listingSection: secs[top.x], own: cands[top.x].own})
		for _, id := range cands[top.x].leads {
			shown[id] = true
		}
	}
	return out
}

// entryLead is the lead of a listing's entry l (see leadHash), read
// after its addresses: leading fields of hex digits (nm's symbol values,
// a disassembly's offsets and opcode bytes) tell nothing of what the
// entry is; its type, name or instruction does. An address is a field of
// hex digits with a digit among them or a ':' after them, or of two after
// an address (opcode bytes: `fa`; nm's `b` and `d` symbol types are not).
// The lead starts at its first byte that is not a blank, as leadHash reads
// it. Each byte is read once, a run of spaces eight at a time (objdump
// pads its opcode bytes with a dozen) and an opcode byte's two digits and
// blank in one test: this runs on every entry of a listing.
func entryLead(l string) string {
	l = l[:min(len(l), shapeWindow)]
	i := 0
	for after := false; ; after = true {
		for i < len(l) {
			if c := l[i]; c == '\t' || c == ' ' && (i+8 > len(l) || l[i+1] != ' ') {
				i++
				continue
			} else if c != ' ' {
				break
			}
			i += bits.TrailingZeros64(load64(l, i)^' '*lowBits) >> 3
		}
		if after && i+2 < len(l) && entryByte[l[i]]-1 <= 1 && entryByte[l[i+1]]-1 <= 1 && entryByte[l[i+2]] == entryBlank {
			i += 3 // two hex digits after an address: an opcode byte, the most common field
			continue
		}
		// The field from i: hex digits, then a blank, or a ':' and then a
		// blank, leave it an address.
		start, class := i, uint8(0)
		for ; i < len(l); i++ {
			c := entryByte[l[i]]
			if c-1 > 1 {
				break
			}
			class |= c
		}
		f := i - start
		colon := i+1 < len(l) && l[i] == ':'
		if colon {
			i++
		}
		if i == len(l) || entryByte[l[i]] != entryBlank || f == 0 || !(after && f == 2 || colon || class&entryDigit != 0) {
			return l[start:]
		}
	}
}

// Classes of the bytes of an entry's fields (see entryLead), 0 for
// any other: a hex digit is one of the first two.
const (
	entryDigit     = 1
	entryHexLetter = 2
	entryBlank     = 4
)

// entryByte classes each byte for entryLead.
var entryByte = func() (t [256]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = entryDigit
	}
	for _, c := range "abcdefABCDEF" {
		t[c] = entryHexLetter
	}
	t[' '], t['\t'] = entryBlank, entryBlank
	return t
}()

// A worthAt is section x of a listing and what its rare entries were
// worth when last read.
type worthAt struct {
	x int
	v float64
}

// worthHeap holds sections, the worthiest on top, the earlier of two
// worth as much.
type worthHeap []worthAt

func (h worthHeap) Len() int { return len(h) }
func (h worthHeap) Less(a, b int) bool {
	if h[a].v != h[b].v {
		return h[a].v > h[b].v
	}
	return h[a].x < h[b].x
}
func (h worthHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *worthHeap) Push(x any)   { *h = append(*h, x.(worthAt)) }
func (h *worthHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
