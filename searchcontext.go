package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// searchContext spends leftover room on grep -C context lines: those next
// to a shown match in the input, of the same file, up to the next match
// or separator. It allocates one span per shown match, not per line.
type searchContext struct {
	text    string
	sc      searchScan
	lineCap int
	spans   []contextSpan // every shown match, by file, in input order
	scratch []byte
}

// A contextSpan is one shown match with the context kept around it: the
// lines from up to the match's start, and from after to down (line starts).
type contextSpan struct {
	f        *searchFile
	start    int // the match line's start
	after    int // where the line after the match starts
	up, down int
}

func newSearchContext(text string, sc searchScan, lineCap int) *searchContext {
	cx := &searchContext{text: text, sc: sc, lineCap: lineCap}
	n := 0
	for _, f := range sc.files {
		n += int(f.shown)
	}
	cx.spans = make([]contextSpan, 0, n)
	for _, f := range sc.files {
		for _, l := range f.appendShown(nil) {
			after := txt.NextLineStart(text, l.end)
			cx.spans = append(cx.spans, contextSpan{f: f, start: l.start, after: after, up: l.start, down: after})
		}
	}
	return cx
}

// grow keeps context lines within room bytes, in rounds: every shown
// match gets the line above and the line below it, then the next ones out,
// while the lines last and fit. Within a round, matches take turns as the
// match rounds gave them out: every file's first, then every file's
// second, so context spreads over files as the matches did. It returns
// how many lines it kept.
func (cx *searchContext) grow(room int) int {
	// open lists the sides still growing, as 2×span (above) and 2×span+1
	// (below), in turn order; a side that cannot take its next line leaves.
	open := make([]int, 0, 2*len(cx.spans))
	type fileSpans struct{ first, n int }
	var files []fileSpans
	first := 0
	for _, f := range cx.sc.files {
		if f.shown > 0 {
			files = append(files, fileSpans{first, int(f.shown)})
		}
		first += int(f.shown)
	}
	for k := 0; len(files) > 0; k++ {
		left := files[:0]
		for _, fs := range files {
			open = append(open, 2*(fs.first+k), 2*(fs.first+k)+1)
			if k+1 < fs.n {
				left = append(left, fs)
			}
		}
		files = left
	}
	kept := 0
	for len(open) > 0 {
		still := open[:0]
		for _, side := range open {
			i, down := side/2, side%2 == 1
			s := &cx.spans[i]
			up0, down0 := s.up, s.down
			cost, ok := cx.extend(i, down)
			if !ok {
				continue
			}
			if cost > room {
				s.up, s.down = up0, down0
				continue
			}
			room -= cost
			kept++
			still = append(still, side)
		}
		open = still
	}
	return kept
}

// clipRuns keeps, within room bytes, the context lines a blind clip
// would show: those that start at tailStart and after, then those that
// start before headEnd, each side of a match line by line while its next
// line lies in that range and fits. A search cut by little shows most of
// itself, and there the clip's head and tail say more than context spread
// thinly over every match; the tail, the shorter, goes first so the head's
// many lines cannot leave it none. The head is taken as a shorter clip's
// head would be, from the first match on, each match's lines above it
// first; the tail from the last match back, each match's lines below it
// first: a tail with less room than a clip's shows the output's last
// lines, not those where the clip's tail would start. It returns the room
// it used and the lines it kept.
func (cx *searchContext) clipRuns(room, headEnd, tailStart int) (used, kept int) {
	for _, tail := range []bool{true, false} {
		in := func(at int) bool { return at < headEnd }
		if tail {
			in = func(at int) bool { return at >= tailStart }
		}
		for x := range cx.spans {
			i := x
			if tail {
				i = len(cx.spans) - 1 - x
			}
			u, k, full := cx.runIn(i, room-used, in, tail)
			used += u
			kept += k
			if full {
				return used, kept
			}
		}
	}
	return used, kept
}

// lastRun keeps, within room bytes, the context lines of the last shown
// match that start at tailStart or after, those below it first, as a
// blind clip's tail ends on them. It returns the room it used and the
// lines it kept.
func (cx *searchContext) lastRun(room, tailStart int) (used, kept int) {
	if len(cx.spans) == 0 {
		return 0, 0
	}
	used, kept, _ = cx.runIn(len(cx.spans)-1, room, func(at int) bool { return at >= tailStart }, true)
	return used, kept
}

// runIn keeps the context lines of span i above it, then below it (below
// first when belowFirst is set), while the next one starts where in says
// and fits in room. It returns the room used, the lines kept, and whether
// a line did not fit.
func (cx *searchContext) runIn(i, room int, in func(int) bool, belowFirst bool) (used, kept int, full bool) {
	s := &cx.spans[i]
	if !in(s.start) && !in(s.after) {
		return 0, 0, false
	}
	for _, down := range [2]bool{belowFirst, !belowFirst} {
		for {
			l, ok := cx.step(i, down)
			if !ok || !in(l.start) {
				break
			}
			up0, down0 := s.up, s.down
			cost, _ := cx.extend(i, down)
			if used+cost > room {
				s.up, s.down = up0, down0
				return used, kept, true
			}
			used += cost
			kept++
		}
	}
	return used, kept, false
}

// windows keeps, within room bytes, the whole window the tool printed
// around the first shown match of each file, files taken in the order
// given: every context line above the match (up to its file's heading, a
// separator or another match) when they all fit, then every one below
// when they all fit. A window is what the reader of -C asked for: the
// lines that say which function a match is in and what it goes on to
// say, and, under an rg heading, the block as the tool wrote it. It
// returns the room it used and the lines it kept.
func (cx *searchContext) windows(order []*searchFile, room int) (used, kept int) {
	firstSpan := make([]int, len(cx.sc.files)) // by f.order
	at := 0
	for _, f := range cx.sc.files {
		firstSpan[f.order] = at
		at += int(f.shown)
	}
	for _, f := range order {
		if f.shown == 0 {
			continue
		}
		i := firstSpan[f.order]
		for _, down := range []bool{false, true} {
			cost, lines := cx.side(i, down, room-used)
			used += cost
			kept += lines
		}
	}
	return used, kept
}

// side keeps every context line of span i on one side, above it or
// below, when all of them fit in room; it returns their cost and count,
// or keeps none and returns zeros.
func (cx *searchContext) side(i int, down bool, room int) (cost, lines int) {
	s := &cx.spans[i]
	up0, down0 := s.up, s.down
	for {
		c, ok := cx.extend(i, down)
		if !ok {
			return cost, lines
		}
		cost += c
		lines++
		if cost > room {
			s.up, s.down = up0, down0
			return 0, 0
		}
	}
}

// extend keeps the next context line of span i above it or below, and
// returns what that adds to the output: the line, and a `--` where it
// opens a gap on the span's other side; false when there is no such line.
func (cx *searchContext) extend(i int, down bool) (int, bool) {
	l, ok := cx.step(i, down)
	if !ok {
		return 0, false
	}
	s := &cx.spans[i]
	before := cx.seps(i)
	if down {
		s.down = txt.NextLineStart(cx.text, l.end)
	} else {
		s.up = l.start
	}
	cost := headItem(cx.text, l, cx.lineCap).size()
	if n := cx.seps(i) - before; n != 0 { // a kept line can close a gap, too
		cost += n * keepLine(cx.text, cx.sc.separator).size()
	}
	return cost, true
}

// seps counts the separators around span i.
func (cx *searchContext) seps(i int) int {
	n := 0
	if i > 0 && cx.separated(&cx.spans[i-1], &cx.spans[i]) {
		n++
	}
	if i+1 < len(cx.spans) && cx.separated(&cx.spans[i], &cx.spans[i+1]) {
		n++
	}
	return n
}

// step returns the next context line span i can keep, above it or below.
func (cx *searchContext) step(i int, down bool) (searchLine, bool) {
	s := &cx.spans[i]
	if down {
		if i+1 < len(cx.spans) && cx.spans[i+1].f == s.f && cx.spans[i+1].up == s.down {
			return searchLine{}, false // reached the next shown match's context
		}
		return cx.contextLine(s.f, s.down)
	}
	if s.up == 0 {
		return searchLine{}, false
	}
	if i > 0 && cx.spans[i-1].f == s.f && cx.spans[i-1].down == s.up {
		return searchLine{}, false
	}
	return cx.contextLine(s.f, strings.LastIndexByte(cx.text[:s.up-1], '\n')+1)
}

// separated reports whether a `--` goes between spans a and b (a before
// b), as grep -C writes it between groups of lines: when the input has
// separators, lines were left out between a and b, and either keeps
// context on that side. Matches with no context kept stay as they would
// be without it, and an rg heading needs no separator before it.
func (cx *searchContext) separated(a, b *contextSpan) bool {
	return cx.sc.separator != (searchLine{}) && a.down != b.up &&
		(a.f == b.f || b.f.heading == nil) &&
		(a.down != a.after || b.up != b.start)
}

// contextLine returns the line starting at start when it is a context
// line of f: `path-NN-text`, or `NN-text` in a file with no path or with
// an rg heading.
func (cx *searchContext) contextLine(f *searchFile, start int) (searchLine, bool) {
	if start >= len(cx.text) {
		return searchLine{}, false
	}
	end := strings.IndexByte(cx.text[start:], '\n')
	if end < 0 {
		end = len(cx.text)
	} else {
		end += start
	}
	line := strings.TrimSuffix(cx.text[start:end], "\r")
	view := line
	if strings.IndexByte(line, 0x1b) >= 0 {
		cx.scratch = txt.StripANSI(cx.scratch[:0], line)
		view = string(cx.scratch)
	}
	prefix := 0
	if f.path != "" && f.heading == nil {
		if !strings.HasPrefix(view, f.path) || len(view) == len(f.path) || strings.IndexByte(contextSeps, view[len(f.path)]) < 0 {
			return searchLine{}, false
		}
		prefix = len(f.path) + 1
	}
	n := digitRun(view, prefix)
	if n == 0 || prefix+n >= len(view) || strings.IndexByte(contextSeps, view[prefix+n]) < 0 || prefix > 0 && view[prefix+n] != view[prefix-1] {
		return searchLine{}, false
	}
	if _, match := matchPrefix(view); match {
		return searchLine{}, false
	}
	body := start + min(len(line), prefix+n+1)
	return searchLine{start: start, end: start + len(line), body: body}, true
}

// appendLines appends the context lines of f from from to to (line starts).
func (cx *searchContext) appendLines(items []item, f *searchFile, from, to int) []item {
	for from < to {
		l, ok := cx.contextLine(f, from)
		if !ok { // cannot happen: grow kept only context lines of f here
			break
		}
		items = append(items, headItem(cx.text, l, cx.lineCap))
		from = txt.NextLineStart(cx.text, l.end)
	}
	return items
}
