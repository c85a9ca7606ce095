package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// searchOptions tunes planSearch; the zero value means the defaults.
type searchOptions struct {
	perFile int // first matches every file gets before any file gets more; 0 means DefaultMatchesPerFile
	lineCap int // bytes of one match line shown; 0 means defaultSearchLineCap
}

const (
	defaultSearchLineCap = 256
	// searchMinMatches and searchMinShare decide what is search output.
	searchMinMatches = 20
	searchMinShare   = 0.75
)

// A searchLine is one match line of a file: its bytes in the input,
// without the line break, and where its text starts after `path:NN:`.
type searchLine struct{ start, end, body int }

// A searchFile is one file of a search output, in order of first appearance.
type searchFile struct {
	path    string
	heading searchLine // rg --heading: the path's own line; zero otherwise
	binary  searchLine // "Binary file X matches": the notice line; zero otherwise
	count   int        // exact number of match lines
	lines   []searchLine
	shown   int // how many of lines the plan keeps
}

// searchScan is what one pass over a search output learns.
type searchScan struct {
	files       []*searchFile
	byPath      map[string]*searchFile
	matches     int        // match lines
	context     int        // context lines (path-NN-text)
	structural  int        // separators, rg --heading path lines, binary-file notices
	other       int        // non-empty lines that are none of these
	keepPerFile int        // how many match lines to remember per file
	separator   searchLine // the input's first `--` line; zero when it has none
}

// planSearch plans grep, rg and git grep output: `path:NN:text`,
// `path:NN:COL:text`, grep -C context lines `path-NN-text` and `--`
// separators, `Binary file X matches`, rg --heading blocks, and single-file
// `NN:text`. It declines unless the text is clearly search output: at least
// 20 match lines making, with context lines, 75 % of the non-empty lines,
// behind path-looking prefixes (timestamps and prose never qualify).
//
// Every file stays listed with its exact match count: first each file gets
// up to perFile first matches, round after round while the limit lasts,
// then further rounds give files more. When even a line per file
// does not fit, files are rolled up by directory with their counts.
// Room left over then goes to the context lines around the matches shown,
// nearest first; the marker counts the context lines dropped.
func planSearch(text string, limit int, o searchOptions) (plan, bool) {
	if o.perFile <= 0 {
		o.perFile = DefaultMatchesPerFile
	}
	if o.lineCap <= 0 {
		o.lineCap = defaultSearchLineCap
	}
	if limit < 64 {
		return plan{}, false
	}
	sc := scanSearch(text, max(o.perFile, limit/16))
	shaped := sc.matches + sc.context + sc.structural
	if sc.matches < searchMinMatches || float64(shaped) < searchMinShare*float64(shaped+sc.other) {
		return plan{}, false
	}
	// fileCost prices every line at least a byte over what render writes,
	// and context is priced by its items, so the plan can fill the whole
	// limit.
	items, rolled, contextKept := planSearchFiles(text, sc, limit, o)
	if items == nil {
		return plan{}, false
	}
	shown := 0
	for _, f := range sc.files {
		shown += f.shown
	}
	what := txt.Commas(sc.matches-shown) + " of " + txt.Commas(sc.matches) + " matched lines omitted (" + txt.Plural(len(sc.files), "file")
	if shown == sc.matches { // only context lines were cut
		what = "all " + txt.Commas(sc.matches) + " matched lines shown (" + txt.Plural(len(sc.files), "file")
	}
	if rolled > 0 {
		what += " rolled up into " + txt.Plural(rolled, "directory") + " with exact counts"
	} else {
		what += ", every file listed with its exact count"
	}
	switch {
	case sc.context == 0:
	case contextKept == 0:
		what += "; " + txt.Commas(sc.context) + " context lines dropped"
	case contextKept < sc.context:
		what += "; " + txt.Commas(sc.context-contextKept) + " of " + txt.Commas(sc.context) + " context lines dropped"
	default:
		what += "; all " + txt.Commas(sc.context) + " context lines shown"
	}
	what += ")"
	hint := "To see more, re-run the search narrower: one path, a stricter pattern, or -c for counts per file."
	if shown == sc.matches && contextKept < sc.context {
		hint = "To see the context lines, re-run the search on one path, or with a smaller -C."
	}
	return plan{strategy: StrategySearch, items: items, markerAt: len(items), what: what, hint: hint}, true
}

// scanSearch classifies every line of text, remembering at most keep match
// lines per file. It allocates per file, not per line.
func scanSearch(text string, keep int) searchScan {
	sc := searchScan{byPath: map[string]*searchFile{}, keepPerFile: keep}
	var heading *searchFile
	var scratch []byte
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		line := text[start:end]
		line = strings.TrimSuffix(line, "\r")
		view := line
		if strings.IndexByte(line, 0x1b) >= 0 {
			scratch = txt.StripANSI(scratch[:0], line)
			view = string(scratch)
		}
		sc.classify(text, view, searchLine{start: start, end: start + len(line)}, &heading)
		start = next
	}
	return sc
}

// classify files one line. heading is the rg --heading block the line is in.
func (sc *searchScan) classify(text, view string, at searchLine, heading **searchFile) {
	switch {
	case view == "":
		*heading = nil
		return
	case view == "--":
		if sc.separator == (searchLine{}) {
			sc.separator = at
		}
		sc.structural++
		return
	}
	if p, ok := binaryNotice(view); ok {
		f := sc.file(p)
		f.binary = at
		sc.structural++
		return
	}
	if path, ok := matchPrefix(view); ok {
		at.body = at.start + min(len(view), bodyOffset(view, len(path)))
		if path == "" && *heading != nil {
			sc.add(*heading, at)
			return
		}
		sc.add(sc.file(path), at)
		return
	}
	if isContextLine(view) {
		sc.context++
		return
	}
	if *heading == nil && looksLikePath(view) && !strings.ContainsAny(view, " \t") {
		f := sc.file(view)
		f.heading = at
		*heading = f
		sc.structural++
		return
	}
	sc.other++
}

// file returns the file for path, creating it in first-appearance order.
func (sc *searchScan) file(path string) *searchFile {
	if f, ok := sc.byPath[path]; ok {
		return f
	}
	f := &searchFile{path: strings.Clone(path)}
	sc.byPath[f.path] = f
	sc.files = append(sc.files, f)
	return f
}

func (sc *searchScan) add(f *searchFile, at searchLine) {
	f.count++
	sc.matches++
	if len(f.lines) < sc.keepPerFile {
		f.lines = append(f.lines, at)
	}
}

// matchPrefix parses a match line: `path:NN:…` (rg --column and vimgrep
// add `COL:`), or `NN:…` with no path. It takes the first colon followed
// by digits and a colon, so Windows drive letters (C:\…) pass, and rejects
// prefixes that are not paths, such as the clock of a timestamp.
func matchPrefix(line string) (path string, ok bool) {
	if n := digitRun(line, 0); n > 0 && n < len(line) && line[n] == ':' {
		// `NN:text`: single-file grep, or a line of an rg --heading block;
		// but `12:34:56` is a clock.
		return "", !isClock(line)
	}
	for i := 0; i < len(line); {
		c := strings.IndexByte(line[i:], ':')
		if c < 0 {
			return "", false
		}
		c += i
		if n := digitRun(line, c+1); n > 0 && c+1+n < len(line) && line[c+1+n] == ':' {
			if path = line[:c]; looksLikePath(path) {
				return path, true
			}
			return "", false
		}
		i = c + 1
	}
	return "", false
}

// bodyOffset returns where the text of a match line starts: past the
// path (pathLen bytes), `:NN:` and an rg column `COL:`.
func bodyOffset(line string, pathLen int) int {
	i := pathLen
	if pathLen > 0 {
		i++ // the ':' after the path
	}
	i += digitRun(line, i) + 1
	if n := digitRun(line, i); n > 0 && i+n < len(line) && line[i+n] == ':' {
		i += n + 1
	}
	return i
}

// isContextLine reports whether line looks like grep -C context:
// `path-NN-text`, or `NN-text` with no path.
func isContextLine(line string) bool {
	if n := digitRun(line, 0); n > 0 && n < len(line) && line[n] == '-' {
		return true
	}
	for i := 0; i < len(line); {
		d := strings.IndexByte(line[i:], '-')
		if d < 0 {
			return false
		}
		d += i
		if n := digitRun(line, d+1); n > 0 && d+1+n < len(line) && line[d+1+n] == '-' {
			return looksLikePath(line[:d])
		}
		i = d + 1
	}
	return false
}

// binaryNotice parses grep's `Binary file X matches` and rg's
// `X: binary file matches (…)`.
func binaryNotice(line string) (path string, ok bool) {
	if p, found := strings.CutPrefix(line, "Binary file "); found {
		if p, found = strings.CutSuffix(p, " matches"); found {
			return p, looksLikePath(p)
		}
	}
	if i := strings.Index(line, ": binary file matches"); i > 0 {
		return line[:i], looksLikePath(line[:i])
	}
	return "", false
}

// looksLikePath reports whether s can be a file path in search output: a
// name with a letter, no control characters, not a date or a clock.
func looksLikePath(s string) bool {
	if s == "" || len(s) > 1024 || s[0] == ' ' || s[0] == '\t' || strings.HasSuffix(s, " ") {
		return false
	}
	letters := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == 0x7f:
			return false
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= 0x80, c == '_':
			letters++
		}
	}
	if letters == 0 || isTimestampPrefix(s) {
		return false
	}
	// Prose and log messages have words; paths rarely have more than two spaces.
	return strings.Count(s, " ") <= 2
}

// isTimestampPrefix reports whether s starts like a date: 2026-08-21 or
// 2026/08/21, optionally followed by a time.
func isTimestampPrefix(s string) bool {
	return len(s) >= 10 && digitRun(s, 0) == 4 && (s[4] == '-' || s[4] == '/') &&
		digitRun(s, 5) == 2 && s[7] == s[4] && digitRun(s, 8) == 2
}

// isClock reports whether s starts with a time of day: 12:34:56.
func isClock(s string) bool {
	n := digitRun(s, 0)
	return n >= 1 && n <= 2 && len(s) > n+5 && s[n] == ':' && digitRun(s, n+1) == 2 && s[n+3] == ':' && digitRun(s, n+4) == 2
}

// digitRun returns how many ASCII digits start s[i:].
func digitRun(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] >= '0' && s[i+n] <= '9' {
		n++
	}
	return n
}

// planSearchFiles chooses the lines to show within target bytes. It
// returns nil when not even the directory roll-up fits, and the number of
// directories it rolled files up into (0 when every file is listed).
func planSearchFiles(text string, sc searchScan, target int, o searchOptions) (items []item, rolled, contextKept int) {
	caps := lineCaps{first: o.lineCap, rest: o.lineCap}
	cost := 0
	for _, f := range sc.files {
		cost += fileCost(text, f, 0, caps)
	}
	if cost > target {
		items, rolled = rollUp(sc.files, target)
		return items, rolled, 0
	}
	caps.first = fairFirstCap(text, sc.files, target, o.lineCap)
	// Rounds: every file gets its next match in turn, first up to perFile
	// each, then beyond, until a whole round adds nothing.
	for round := 0; ; round++ {
		added := false
		for _, f := range sc.files {
			if f.shown >= len(f.lines) || (round >= o.perFile && f.shown < round) {
				continue
			}
			more := fileCostOfNext(text, f, f.shown, caps)
			if cost+more > target {
				continue
			}
			cost += more
			f.shown++
			added = true
		}
		if !added {
			break
		}
	}
	// Only now, with every file's share settled, does leftover room go to
	// the context lines around the matches shown, priced by the items they
	// become: context never costs a match line. The items so far take
	// cost less the byte fileCost adds to each shown line.
	var cx *searchContext
	if sc.context > 0 {
		shown := 0
		for _, f := range sc.files {
			shown += f.shown
		}
		cx = newSearchContext(text, sc, o.lineCap)
		contextKept = cx.grow(target - (cost - shown))
	}
	first := 0
	for _, f := range sc.files {
		items = appendFileItems(items, text, f, caps, cx, first)
		first += f.shown
	}
	return items, 0, contextKept
}

// lineCaps are the byte caps of shown match lines: a file's first line may
// be cut shorter than the rest so that every file gets one.
type lineCaps struct{ first, rest int }

func (c lineCaps) of(i int) int {
	if i == 0 {
		return c.first
	}
	return c.rest
}

// fairFirstCap returns the largest cap under which every file's first
// match fits in target, so that when whole first lines do not all fit,
// every file still shows where its first match is — rather than the first
// files whole lines and the last ones none. It returns lineCap when whole
// lines fit, or when no cap of at least minFirstCap bytes does.
func fairFirstCap(text string, files []*searchFile, target, lineCap int) int {
	const minFirstCap = 32
	fits := func(c int) bool {
		n := 0
		for _, f := range files {
			n += fileCost(text, f, min(1, len(f.lines)), lineCaps{first: c, rest: lineCap})
		}
		return n <= target
	}
	if fits(lineCap) || !fits(minFirstCap) {
		return lineCap
	}
	lo, hi := minFirstCap, lineCap // fits(lo) && !fits(hi)
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// fileCost is the bytes f renders to with shown match lines, or a little
// more: each match line is priced exactly a byte over its item, which
// planSearchFiles counts on to know what its items take.
func fileCost(text string, f *searchFile, shown int, caps lineCaps) int {
	n := 0
	if f.heading != (searchLine{}) && shown > 0 {
		n += keepLine(text, f.heading).size()
	}
	if f.binary != (searchLine{}) {
		n += keepLine(text, f.binary).size()
	}
	for i, l := range f.lines[:shown] {
		n += lineItem(text, l, caps.of(i)).size() + 1
	}
	if note := countNote(f, shown); note != "" {
		n += len(note) + 2
	}
	return n
}

// fileCostOfNext is what showing one more line of f, after shown, adds
// to its fileCost — without pricing the lines already shown again, so
// that a file's rounds cost time linear in the lines it shows.
func fileCostOfNext(text string, f *searchFile, shown int, caps lineCaps) int {
	n := lineItem(text, f.lines[shown], caps.of(shown)).size() + 1
	if f.heading != (searchLine{}) && shown == 0 {
		n += keepLine(text, f.heading).size()
	}
	if note := countNote(f, shown); note != "" {
		n -= len(note) + 2
	}
	if note := countNote(f, shown+1); note != "" {
		n += len(note) + 2
	}
	return n
}

// appendFileItems writes f: its heading (when it shows lines), its shown
// lines with the context cx keeps around them (nil for none; f's spans
// start at cx.spans[first]), its count note.
func appendFileItems(items []item, text string, f *searchFile, caps lineCaps, cx *searchContext, first int) []item {
	var spans []contextSpan
	if cx != nil {
		spans = cx.spans[first : first+f.shown]
		if first > 0 && f.shown > 0 && cx.separated(&cx.spans[first-1], &spans[0]) {
			items = append(items, keepLine(text, cx.sc.separator))
		}
	}
	if f.heading != (searchLine{}) && f.shown > 0 {
		items = append(items, keepLine(text, f.heading))
	}
	if f.binary != (searchLine{}) {
		items = append(items, keepLine(text, f.binary))
	}
	for i, l := range f.lines[:f.shown] {
		if spans == nil {
			items = append(items, lineItem(text, l, caps.of(i)))
			continue
		}
		s := &spans[i]
		if i > 0 && cx.separated(&spans[i-1], s) {
			items = append(items, keepLine(text, cx.sc.separator))
		}
		items = cx.appendLines(items, f, s.up, l.start)
		items = append(items, lineItem(text, l, caps.of(i)))
		items = cx.appendLines(items, f, s.after, s.down)
	}
	if note := countNote(f, f.shown); note != "" {
		items = append(items, noteLine(note))
	}
	return items
}

// keepLine keeps a whole line with its line break; the input's last line,
// which may have none, gets one written after it.
func keepLine(text string, l searchLine) item {
	end := l.end
	if end < len(text) && text[end] == '\r' {
		end++
	}
	if end < len(text) && text[end] == '\n' {
		return keepRange(l.start, end+1)
	}
	return item{start: l.start, end: end, eol: true}
}

// lineItem keeps a match line, cut to lineCap bytes on a rune boundary with
// a note of what it left out.
func lineItem(text string, l searchLine, lineCap int) item {
	// Never cut into `path:NN:`: where the match is matters most.
	lineCap = max(lineCap, l.body-l.start+16)
	if l.end-l.start <= lineCap {
		return keepLine(text, l)
	}
	cut := txt.RuneStartAtOrBefore(text, l.start+lineCap)
	return item{start: l.start, end: cut, note: "…[+" + txt.Commas(l.end-cut) + " bytes]"}
}

// countNote says how many matches of f are not shown, or "" when all are.
func countNote(f *searchFile, shown int) string {
	if shown >= f.count {
		return ""
	}
	name := f.path
	if name == "" {
		name = "this file"
	}
	if shown == 0 {
		return "[…" + txt.Plural(f.count, "match") + " in " + name + ", none shown…]"
	}
	// The lines above (or the rg heading) name the file.
	return "[…" + txt.Commas(f.count-shown) + " more (" + txt.Plural(f.count, "match") + " in all)…]"
}

// rollUp lists files by directory with their counts, going up a level at a
// time until the list fits in target; the last resort is one line of totals.
func rollUp(files []*searchFile, target int) ([]item, int) {
	deepest := 0
	for _, f := range files {
		deepest = max(deepest, strings.Count(f.path, "/")+strings.Count(f.path, `\`))
	}
	for depth := deepest; depth >= 0; depth-- {
		type dir struct {
			name           string
			files, matches int
		}
		var dirs []*dir
		index := map[string]*dir{}
		for _, f := range files {
			name := dirPrefix(f.path, depth)
			d, ok := index[name]
			if !ok {
				d = &dir{name: name}
				index[name] = d
				dirs = append(dirs, d)
			}
			d.files++
			d.matches += f.count
		}
		var items []item
		size := 0
		for _, d := range dirs {
			name := d.name
			if name == "" {
				name = "./"
			}
			note := "[" + name + " — " + txt.Plural(d.files, "file") + ", " + txt.Plural(d.matches, "match") + "]"
			items = append(items, noteLine(note))
			size += len(note) + 2
		}
		if size <= target {
			return items, len(dirs)
		}
	}
	return nil, 0
}

// dirPrefix returns the directory of path cut to at most depth components,
// with its trailing separator: "src/billing/" for depth 2.
func dirPrefix(path string, depth int) string {
	dir := path[:strings.LastIndexAny(path, `/\`)+1]
	n := 0
	for i := 0; i < len(dir); i++ {
		if dir[i] == '/' || dir[i] == '\\' {
			n++
			if n == depth {
				return dir[:i+1]
			}
		}
	}
	return dir
}

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
	upDone   bool // no more context above can be kept
	downDone bool
}

func newSearchContext(text string, sc searchScan, lineCap int) *searchContext {
	cx := &searchContext{text: text, sc: sc, lineCap: lineCap}
	n := 0
	for _, f := range sc.files {
		n += f.shown
	}
	cx.spans = make([]contextSpan, 0, n)
	for _, f := range sc.files {
		for _, l := range f.lines[:f.shown] {
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
	sepSize := 0
	if cx.sc.separator != (searchLine{}) {
		sepSize = keepLine(cx.text, cx.sc.separator).size()
	}
	// The separators around span i.
	seps := func(i int) int {
		n := 0
		if i > 0 && cx.separated(&cx.spans[i-1], &cx.spans[i]) {
			n++
		}
		if i+1 < len(cx.spans) && cx.separated(&cx.spans[i], &cx.spans[i+1]) {
			n++
		}
		return n
	}
	// open lists the sides still growing, as 2×span (above) and 2×span+1
	// (below), in turn order; a side that cannot take its next line leaves.
	open := make([]int, 0, 2*len(cx.spans))
	type fileSpans struct{ first, n int }
	var files []fileSpans
	first := 0
	for _, f := range cx.sc.files {
		if f.shown > 0 {
			files = append(files, fileSpans{first, f.shown})
		}
		first += f.shown
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
			l, ok := cx.step(i, down)
			if !ok {
				continue
			}
			s := &cx.spans[i]
			before, up0, down0 := seps(i), s.up, s.down
			if down {
				s.down = txt.NextLineStart(cx.text, l.end)
			} else {
				s.up = l.start
			}
			cost := lineItem(cx.text, l, cx.lineCap).size() + (seps(i)-before)*sepSize
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
		(a.f == b.f || b.f.heading == (searchLine{})) &&
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
	if f.path != "" && f.heading == (searchLine{}) {
		if !strings.HasPrefix(view, f.path) || len(view) == len(f.path) || view[len(f.path)] != '-' {
			return searchLine{}, false
		}
		prefix = len(f.path) + 1
	}
	n := digitRun(view, prefix)
	if n == 0 || prefix+n >= len(view) || view[prefix+n] != '-' {
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
		items = append(items, lineItem(cx.text, l, cx.lineCap))
		from = txt.NextLineStart(cx.text, l.end)
	}
	return items
}
