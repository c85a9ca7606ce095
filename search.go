package headroom

import (
	"hash/maphash"
	"math"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// searchOptions tunes planSearch; the zero value means the defaults.
type searchOptions struct {
	perFile int // match lines remembered per file at least; 0 means DefaultMatchesPerFile
	lineCap int // bytes of a match line's text shown before it is cut; 0 means defaultSearchLineCap
	// sampled says the text is a routing sample of a larger output
	// (routesample.go): it holds a share of the output's lines, so only
	// the share of shaped lines is tested, not searchMinMatches, which a
	// sample of an output with sparse matches (git grep -W) falls short of.
	sampled bool
	// noLastReserve keeps no room for the output's last match line
	// (lastMatchReserve): the plan without context the context
	// properties compare against, where -C output's tail keeps it.
	noLastReserve bool
}

const (
	defaultSearchLineCap = 300
	// searchMinMatches and searchMinShare decide what is search output.
	searchMinMatches = 20
	searchMinShare   = 0.75
)

// A searchLine is one line of a search output: its bytes in the input,
// without the line break, and where its text starts after `path:NN:`.
// A unit of a multi-line match (searchblocks.go) spans its run: more is
// how many lines after the first it holds.
type searchLine struct {
	start, end, body int
	more             int32
}

// A searchFile is one file of a search output, in order of first appearance.
// A search flood has a file or two a match line: the record holds only
// what planning needs, its path a slice of the text where it can be.
type searchFile struct {
	path    string
	heading *searchLine // rg --heading: the path's own line; nil otherwise (few files have one)
	count   int         // exact number of match lines
	// sample holds the match lines remembered (sample.line),
	// spread over all of them, in input order; the first and the last
	// always. When byRuns, its units are runs of lines (searchblocks.go).
	sample spreadSample
	picks  *[]int32 // the order lines are shown in, from the third on; nil until needed
	order  int32    // index in searchScan.files
	shown  int32    // how many lines the plan shows: the first shown picks
	dir    int32    // id of its directory, -1 for none, for the index (assignDirs)
	byRuns bool     // lines are runs, count is still of lines
}

// pick returns the index in lines of the k-th line f shows: the first,
// the last, then lines spread over the file (spreadPicks).
func (f *searchFile) pick(k int) int {
	switch {
	case k == 0:
		return 0
	case k == 1:
		return f.sample.len() - 1
	}
	if f.picks == nil {
		picks := f.sample.spreadPicks()
		f.picks = &picks
	}
	return int((*f.picks)[k])
}

// nextLine returns the line f shows next.
func (f *searchFile) nextLine() searchLine { return f.sample.line(f.pick(int(f.shown))) }

// take shows the next line.
func (f *searchFile) take() { f.shown++ }

// more reports whether f has a remembered line not shown.
func (f *searchFile) more() bool { return int(f.shown) < f.sample.len() }

// shownIndexes returns the indexes in lines of the lines f shows, in
// input order.
func (f *searchFile) shownIndexes() []int {
	idx := make([]int, f.shown)
	for k := range f.shown {
		idx[k] = f.pick(int(k))
	}
	slices.Sort(idx)
	return idx
}

// appendShown appends the lines f shows, in input order.
func (f *searchFile) appendShown(dst []searchLine) []searchLine {
	for _, i := range f.shownIndexes() {
		dst = append(dst, f.sample.line(i))
	}
	return dst
}

// firstGap returns how many of f's shown lines (in input order) come
// before the first match f does not show: where its count note goes.
func (f *searchFile) firstGap() int {
	idx := f.shownIndexes()
	for k, i := range idx {
		if f.sample.ordinal(i) != k {
			return k
		}
	}
	return len(idx)
}

// A searchNotice is one kind of message a search tool writes about a
// file rather than a match in it: `binary file matches`, `Permission
// denied`. Notices are counted apart and never make a file.
type searchNotice struct {
	key    string // "grep: Permission denied"
	count  int    // lines of this kind
	first  searchLine
	last   searchLine
	shapes []noticeShape // by shape of path, in order of first appearance
}

// A noticeShape is the lines of one notice kind about one shape of path
// (a directory, a .so, a .pyc): a sample spread over them, so that a rare
// shape is not lost among a common one, nor the middle of a long run.
type noticeShape struct {
	shape  string
	sample spreadSample
}

// maxNoticeLines is how many lines of a notice shape the scan remembers
// at least (see spreadSample.add).
const maxNoticeLines = 32

// searchScan is what one pass over a search output learns.
type searchScan struct {
	files []*searchFile
	// byPath finds a path's file while scanning: by the path's hash
	// (pathSeed) to its index in files, 16 bytes an entry where a string
	// key and a pointer took 24, as a flood has a file a match line or
	// two; collided holds the paths whose hash another path had first.
	byPath   map[uint64]int32
	collided map[string]*searchFile
	pathSeed maphash.Seed
	notices  []*searchNotice
	noticeBy map[string]*searchNotice
	matches  int // match lines
	messages int // match lines whose text is a message (countMessage)
	// messageWord is the word a majority vote over the messages' first
	// words holds (by its hash), messageVote its vote: at least half
	// the messages when three in four open with it.
	messageWord uint64
	messageVote int
	context     int         // context lines (path-NN-text)
	structural  int         // separators, rg --heading path lines, notices
	other       int         // non-empty lines that are none of these
	shapedEnd   int         // where the line after the last shaped line starts
	keepPerFile int         // how many match lines to remember per file
	separator   searchLine  // the input's first `--` line; zero when it has none
	lastMatch   *searchFile // the file of the last `path:NN:` line
	prev        *searchFile // the file of the previous line, when it was a match line
	inRuns      int         // match lines in runs of two or more consecutive lines
	runUnits    bool        // the units are runs of lines: a multi-line search
	// open is the run of consecutive match lines being extended, of
	// openFile, lastNum its last line's number: only the previous line's
	// file can extend its run, so one run is open at a time.
	open     searchLine
	openFile *searchFile
	lastNum  int
	// bare is rg --heading without line numbers: a path line, then the
	// matched lines as they are, a blank line between files.
	bare bool
}

// planSearch plans grep, rg and git grep output: `path:NN:text`,
// `path:NN:COL:text`, grep -C context lines `path-NN-text` and `--`
// separators, rg --heading blocks, and single-file `NN:text`; tool notices
// (`binary file matches`, `Permission denied`, …) are collected apart. It
// declines unless the text is clearly search output: at least 20 match
// lines making, with context lines and notices, 75 % of the non-empty
// lines, behind path-looking prefixes (JSON, timestamps and prose never
// qualify).
//
// The policy is matches first: the first match of every file before the
// second of any; when not all first matches fit, those of the first, the
// last and the busiest files and files evenly between, until match lines
// take at least half of the limit; the files without a shown line go to a
// dense index with their exact counts (`also: a.go (3), b/c.go (2)`), by
// name under their directory where the paths do not fit, rolled up by
// directory only as far as the index must be to fit (fitIndex). Room left
// goes to more first matches, then to further matches round by round, then to
// the -C context lines nearest the matches shown; when not every match
// fits, the first matches' whole -C windows first keep up to an eighth of
// the limit from further matches (searchContext.windows). Output keeps
// input order.
func planSearch(text string, limit int, o searchOptions) (plan, bool) {
	if o.perFile <= 0 {
		o.perFile = DefaultMatchesPerFile
	}
	if o.lineCap <= 0 {
		o.lineCap = defaultSearchLineCap
	}
	if limit < 64 || len(text) > math.MaxInt32 {
		// A file's sample keeps its lines in int32 offsets (sampleLine).
		return plan{}, false
	}
	sc := scanSearch(text, max(o.perFile, limit/16))
	if !sc.isSearch(o.sampled) {
		return plan{}, false
	}
	return planScanned(text, &sc, limit, o)
}

// planSearchShapes plans any of the search shapes: match lines
// (planSearch), counts per file (grep -c), rg --json events, file lists
// (grep -l, find). Each declines what is not its shape.
func planSearchShapes(text string, limit int, o searchOptions) (plan, bool) {
	if p, ok := planSearch(text, limit, o); ok {
		return p, true
	}
	if p, ok := planSearchJSON(text, limit, o); ok {
		return p, true
	}
	if p, ok := planSearchCounts(text, limit); ok {
		return p, true
	}
	if p, ok := planSearchList(text, limit); ok {
		return p, true
	}
	return plan{}, false
}

// isSearch reports whether what the scan saw is search output; of a
// sample, whether its lines have the share of search output.
func (sc *searchScan) isSearch(sampled bool) bool {
	if sc.bare && len(sc.files) < 3 {
		// Without line numbers, only blocks under paths, again and
		// again, tell search output from a log that starts with a path.
		return false
	}
	if sc.templated() {
		return false
	}
	shaped := sc.matches + sc.context + sc.structural
	return (sc.matches >= searchMinMatches || sampled && sc.matches > 0) && float64(shaped) >= searchMinShare*float64(shaped+sc.other)
}

// planScanned plans a scanned search output.
func planScanned(text string, sc *searchScan, limit int, o searchOptions) (plan, bool) {
	sp := newSearchPlanner(text, sc, limit, o.lineCap)
	sp.noLastReserve = o.noLastReserve
	items, ok := sp.plan()
	if !ok {
		return plan{}, false
	}
	shown := 0
	for _, f := range sc.files {
		shown += f.linesIn(int(f.shown))
	}
	// The total in plain digits: the number a reader searches for.
	what := txt.Commas(sc.matches-shown) + " of " + itoa(sc.matches) + " matched lines omitted (" + txt.Plural(len(sc.files), "file")
	if shown == sc.matches {
		what = "all " + itoa(sc.matches) + " matched lines shown (" + txt.Plural(len(sc.files), "file")
	}
	withLines := 0
	for _, f := range sc.files {
		if f.shown > 0 {
			withLines++
		}
	}
	switch {
	case withLines == len(sc.files):
		if shown < sc.matches {
			what += ", every file with its first lines and its exact count"
		}
	case sp.index.rolled > 0:
		what += ", " + txt.Commas(withLines) + " with lines shown; " + txt.Plural(sp.index.rolled, "file") + " rolled up by directory with exact counts"
	case sp.index.counted > 0:
		what += ", " + txt.Commas(withLines) + " with lines shown"
		if listed := len(sc.files) - withLines - sp.index.counted; listed > 0 {
			what += ", " + txt.Commas(listed) + " more listed with exact counts"
		}
		what += ", " + txt.Commas(sp.index.counted) + " counted in a total"
	default:
		what += ", " + txt.Commas(withLines) + " with lines shown, every other file listed with its exact count"
	}
	switch {
	case sc.context == 0:
	case sp.contextKept == 0:
		what += "; " + txt.Commas(sc.context) + " context lines dropped"
	case sp.contextKept < sc.context:
		what += "; " + txt.Commas(sc.context-sp.contextKept) + " of " + txt.Commas(sc.context) + " context lines dropped"
	default:
		what += "; all " + txt.Commas(sc.context) + " context lines shown"
	}
	what += ")"
	hint := "To see more, re-run the search narrower: one path, a stricter pattern, or -c for counts per file."
	if shown == sc.matches && sp.contextKept < sc.context {
		hint = "To see the context lines, re-run the search on one path, or with a smaller -C."
	}
	return plan{strategy: StrategySearch, items: items, markerAt: len(items), what: what, hint: hint}, true
}

// scanSearch classifies every line of text, remembering at most keep match
// lines per file. It allocates per file, not per line. When the units turn
// out to be runs of lines (searchblocks.go), a second pass remembers runs
// instead: a file keeps one sample, not one of lines and one of runs.
func scanSearch(text string, keep int) searchScan {
	sc := scanPass(text, keep, false)
	if sc.matches > 0 && float64(sc.inRuns) >= multilineShare*float64(sc.matches) {
		sc = scanPass(text, keep, true)
	}
	sc.finish()
	return sc
}

// scanPass is one pass of scanSearch; byRuns says the samples take runs.
func scanPass(text string, keep int, byRuns bool) searchScan {
	sc := searchScan{byPath: map[uint64]int32{}, pathSeed: maphash.MakeSeed(), noticeBy: map[string]*searchNotice{}, keepPerFile: keep, runUnits: byRuns}
	sc.bare = bareHeadings(text)
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
		other, matches := sc.other, sc.matches
		sc.classify(view, searchLine{start: start, end: start + len(line)}, &heading)
		if sc.matches == matches {
			sc.prev = nil
		}
		if sc.other == other && view != "" {
			sc.shapedEnd = next
		}
		start = next
	}
	sc.closeRun()
	return sc
}

// classify files one line. heading is the rg --heading block the line is in.
func (sc *searchScan) classify(view string, at searchLine, heading **searchFile) {
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
	case view[0] == '{' || view[0] == '[':
		// JSON lines (go test -json, rg --json, structured logs) carry
		// `file.go:12:` inside their strings: never match lines.
		sc.other++
		return
	}
	if sc.bare {
		switch {
		case *heading != nil:
			at.body = at.start
			sc.add(*heading, at, 0)
		case isFileLike(view):
			f := sc.file(view)
			f.heading = headingLine(at)
			*heading = f
			sc.structural++
		default:
			sc.other++
		}
		return
	}
	if f := sc.lastMatch; f != nil && sameFileLine(view, f.path) {
		// The previous match line's file again, as grep writes a file's
		// matches together: matchPrefix would find the same path, which
		// has no `:NN:` of its own.
		body := min(len(view), bodyOffset(view, len(f.path)))
		at.body = at.start + body
		sc.countMessage(view[body:])
		sc.add(f, at, lineNumber(view, len(f.path)+1))
		return
	}
	if path, ok := matchPrefix(view); ok {
		body := min(len(view), bodyOffset(view, len(path)))
		at.body = at.start + body
		sc.countMessage(view[body:])
		num := lineNumber(view, 0)
		if path != "" {
			num = lineNumber(view, len(path)+1)
		}
		if path == "" && *heading != nil {
			sc.add(*heading, at, num)
			return
		}
		f := sc.file(path)
		if path != "" {
			sc.lastMatch = f
		}
		sc.add(f, at, num)
		return
	}
	if key, path, ok := parseNotice(view); ok {
		sc.notice(key, path, at)
		sc.structural++
		return
	}
	if isContextLine(view) {
		sc.context++
		return
	}
	if *heading == nil && looksLikePath(view) && !strings.ContainsAny(view, " \t") {
		f := sc.file(view)
		f.heading = headingLine(at)
		*heading = f
		sc.structural++
		return
	}
	sc.other++
}

// headingLine returns a copy of l to point at: taking at's own address
// would move every line classify is given to the heap.
func headingLine(l searchLine) *searchLine { return &l }

// sameFileLine reports whether line is `path:NN:…`, path non-empty.
func sameFileLine(line, path string) bool {
	if path == "" || len(line) <= len(path) || line[len(path)] != ':' || !strings.HasPrefix(line, path) {
		return false
	}
	n := digitRun(line, len(path)+1)
	return n > 0 && len(path)+1+n < len(line) && line[len(path)+1+n] == ':'
}

// bareHeadings reports whether text starts as rg --heading output
// without line numbers: a file path alone on the first line, followed by
// a line that is not `NN:text`, `NN-text` or another path.
func bareHeadings(text string) bool {
	end, next := txt.LineAt(text, 0)
	first := strings.TrimSuffix(text[:end], "\r")
	if !isFileLike(first) {
		return false
	}
	end2, _ := txt.LineAt(text, next)
	second := strings.TrimSuffix(text[next:end2], "\r")
	if second == "" || isFileLike(second) || isContextLine(second) {
		return false
	}
	_, numbered := matchPrefix(second)
	return !numbered
}

// isFileLike reports whether line is a file path alone: path-like, no
// spaces, with a directory separator or an extension.
func isFileLike(line string) bool {
	if !looksLikePath(line) || strings.ContainsAny(line, " \t:=") && !isDrivePath(line) {
		return false
	}
	if strings.ContainsAny(line, `/\`) {
		return true
	}
	dot := strings.LastIndexByte(line, '.')
	return dot > 0 && dot < len(line)-1 && len(line)-dot <= 6
}

// isDrivePath reports whether line starts with a Windows drive, C:\.
func isDrivePath(line string) bool {
	return len(line) > 3 && line[1] == ':' && line[2] == '\\' && strings.Count(line, ":") == 1 && !strings.ContainsAny(line, " \t")
}

// file returns the file for path, creating it in first-appearance order.
// path is a slice of the text, or of a copy of its line without escapes
// (scanPass): never of memory reused, so it is kept as it is.
func (sc *searchScan) file(path string) *searchFile {
	h := maphash.String(sc.pathSeed, path)
	i, ok := sc.byPath[h]
	if !ok {
		sc.byPath[h] = int32(len(sc.files))
		return sc.newFile(path)
	}
	if f := sc.files[i]; f.path == path {
		return f
	}
	if f, ok := sc.collided[path]; ok {
		return f
	}
	if sc.collided == nil {
		sc.collided = map[string]*searchFile{}
	}
	f := sc.newFile(path)
	sc.collided[path] = f
	return f
}

// newFile appends a file for path to files.
func (sc *searchScan) newFile(path string) *searchFile {
	f := &searchFile{path: path, order: int32(len(sc.files))}
	sc.files = append(sc.files, f)
	return f
}

// add files a match line of f numbered num (0 when it has no number).
func (sc *searchScan) add(f *searchFile, at searchLine, num int) {
	f.count++
	sc.matches++
	if !sc.runUnits {
		f.sample.add(at, sc.keepPerFile)
	}
	sc.extendRun(f, at, num)
	sc.prev = f
}

// finish closes every file's sample, and forgets the rg headings no
// match line followed.
func (sc *searchScan) finish() {
	files := sc.files[:0]
	for _, f := range sc.files {
		if f.count == 0 {
			continue
		}
		f.order = int32(len(files))
		files = append(files, f)
	}
	clear(sc.files[len(files):])
	sc.files = files
	for _, f := range sc.files {
		f.byRuns = sc.runUnits
		f.sample.finish()
	}
	// Planning goes by sc.files; the map of paths would only hold memory.
	sc.byPath, sc.collided = nil, nil
	sc.openFile, sc.prev, sc.lastMatch = nil, nil, nil
}

// maxNoticeShapes is how many shapes of path a notice kind keeps a
// line of.
const maxNoticeShapes = 16

func (sc *searchScan) notice(key, path string, at searchLine) {
	n, ok := sc.noticeBy[key]
	if !ok {
		n = &searchNotice{key: strings.Clone(key), first: at}
		sc.noticeBy[n.key] = n
		sc.notices = append(sc.notices, n)
	}
	n.count++
	n.last = at
	shape := pathShape(path)
	i := 0
	for i < len(n.shapes) && n.shapes[i].shape != shape {
		i++
	}
	if i == len(n.shapes) {
		if i == maxNoticeShapes {
			i-- // the last shape takes the rest
		} else {
			n.shapes = append(n.shapes, noticeShape{shape: strings.Clone(shape)})
		}
	}
	n.shapes[i].sample.add(at, maxNoticeLines)
}

// pathShape tells paths apart the way a reader would: a directory or a
// file, and which kind of file (its extension), relative or with ./.
func pathShape(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	shape := "dir"
	if dot := strings.LastIndexByte(base, '.'); dot > 0 {
		shape = base[dot:]
	}
	if strings.HasPrefix(path, "./") {
		shape = "./" + shape
	}
	return shape
}

// matchPrefix parses a match line: `path:NN:…` (rg --column and vimgrep
// add `COL:`), or `NN:…` with no path. It takes the first colon followed
// by digits and a colon, so Windows drive letters (C:\…) and URLs
// (https://…) pass, and rejects prefixes that are not paths, such as the
// clock of a timestamp.
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

// contextSeps are the bytes that stand where a match's ':' does on a line
// shown beside the matches: '-' for grep -C context, '=' for git grep
// -p's function line (`path=NN=func …`).
const contextSeps = "-="

// isContextLine reports whether line looks like a line shown beside the
// matches: `path-NN-text`, or `NN-text` with no path (contextSeps).
func isContextLine(line string) bool {
	if n := digitRun(line, 0); n > 0 && n < len(line) && strings.IndexByte(contextSeps, line[n]) >= 0 {
		return true
	}
	// The path before a separator is at most maxPathLen bytes
	// (looksLikePath), so a separator further on cannot make a context
	// line: a minified line is not searched to its end. Nor can one after
	// a byte no path holds (a quote, a tab) or on a line that opens with
	// a blank: the path before it would be refused, and so the line. In a
	// minified bundle that ends the search at its first string, not a
	// look for '-' again after each of a thousand '='.
	if line == "" || line[0] == ' ' || line[0] == '\t' {
		return false
	}
	window := line[:min(len(line), maxPathLen+1)]
	if q := strings.IndexByte(window, '"'); q >= 0 {
		window = window[:q]
	}
	if t := strings.IndexByte(window, '\t'); t >= 0 {
		window = window[:t]
	}
	for i := 0; i < len(window); {
		d := indexContextSep(window[i:])
		if d < 0 {
			return false
		}
		d += i
		if n := digitRun(line, d+1); n > 0 && d+1+n < len(line) && line[d+1+n] == line[d] {
			return looksLikePath(line[:d])
		}
		i = d + 1
	}
	return false
}

// indexContextSep is strings.IndexAny(s, contextSeps), by a vector look
// for each byte rather than a loop over s that tests every byte for both.
func indexContextSep(s string) int {
	d := strings.IndexByte(s, '-')
	before := s
	if d >= 0 {
		before = s[:d]
	}
	if e := strings.IndexByte(before, '='); e >= 0 {
		return e
	}
	return d
}

// maxPathLen bounds a path in search output.
const maxPathLen = 1024

// looksLikePath reports whether s can be a file path in search output: a
// name with a letter, no control characters or quotes, not a date or a
// clock.
func looksLikePath(s string) bool {
	if s == "" || len(s) > maxPathLen || s[0] == ' ' || s[0] == '\t' || strings.HasSuffix(s, " ") {
		return false
	}
	letters := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == 0x7f || c == '"':
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

// countMessage counts a match line whose text, body, is a message:
// one blank, then a letter (`a.py:12: unused import 'os'`), the GNU form
// `file:line: message` a checker writes its findings in. grep writes the
// line as the file holds it, which one blank and a letter rarely open
// (an indent is a tab or several blanks, a block comment's ` *`): in the
// corpus, at most one match line in a hundred, where every checker's
// report has nearly all. It votes for the message's first word
// (Boyer–Moore's majority vote: no count per word).
func (sc *searchScan) countMessage(body string) {
	if len(body) < 2 || body[0] != ' ' || !isLetter(body[1]) {
		return
	}
	sc.messages++
	word := body[1:]
	if end := strings.IndexAny(word, " :(\t"); end >= 0 {
		word = word[:end]
	}
	h := maphash.String(sc.pathSeed, word)
	switch {
	case sc.messageVote == 0:
		sc.messageWord, sc.messageVote = h, 1
	case h == sc.messageWord:
		sc.messageVote++
	default:
		sc.messageVote--
	}
}

// templated reports whether the match lines are a checker's findings in
// one template, not search output: three in four are messages
// (countMessage), and one word opens three in four of those (vulture's
// 957 `unused …` findings). Findings that each open with their own word
// (codespell's `typo ==> fix`) are matches to spread over the files, as
// grep's are.
func (sc *searchScan) templated() bool {
	return sc.matches > 0 && sc.messages*4 >= sc.matches*3 && sc.messageVote*2 >= sc.messages
}
