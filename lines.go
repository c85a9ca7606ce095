package headroom

import (
	"container/heap"
	"iter"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// planLines is the last resort for line-oriented text that no planner
// with structure took — a system-call or library-call trace, a blame, a
// `key => value` dump, a listing of records — where a blind clip keeps
// the head and loses the one line that matters. It keeps, in this order
// and each within its share of the limit:
//
//   - the head (a fifth; a tenth in a sectioned text whose headings
//     would cost more than half the room) and the tail (an eighth);
//   - where each search of a trace ended (see lookupEnds): the line
//     after a run of failures that makes their call on their name, with
//     the failure before it, the longest searches first;
//   - lines with a failure signal standing as a word: the log planner's
//     generic ones (failure words, counts of failures, a compiler's
//     `error:`, an ERROR or FATAL level) and errno names (ENOENT,
//     EACCES); one line of each kind (its skeleton, see shapeOf) before
//     a second of any: each kind's last line, the kinds the output ends
//     with first, then each kind's first, then the rest, rarest first;
//   - the headings of a sectioned text (see sectionHeads: python -m dis's
//     `Disassembly of <code object f …>:`), spread evenly when not all
//     fit, in bytes of their own; after the rows below, each kept
//     heading's next line, the first of its section (see
//     pickSectionOpenings), in bytes of their own too;
//   - in records with no blank line between them (ocamlobjinfo's
//     units), the line that names each and the one after it (see
//     recordNames), spread evenly when not all fit, in bytes of their own;
//   - in a text of blocks (BEAM assembly's `{function, …}.` over its
//     indented rows), the line at the margin that opens each and its
//     block's first two lines (see blockHeads), spread evenly when not
//     all fit, in bytes of their own — in a text planned again with its
//     head first, once that head reaches as far as a clip's; an opener
//     a later stage keeps comes with those lines too (see
//     withBlockLines);
//   - in a listing with numeric columns (find -ls), the rows holding each
//     column's largest values (see linePeaks), and in each long section
//     of a sectioned text the rows holding its own columns' (readelf's
//     largest symbols, see sectionPeaks), in bytes of their own too;
//   - in record-shaped text (blocks between blank lines that open with
//     one key: `apt-cache show`, `dpkg -s`, LDIF, `pip show`), the
//     opening lines of every record, breadth first (see recordOrder) —
//     or, when all open with one line, the lines that tell them apart
//     (see recordPicks);
//   - in text with none of that structure, when the head stopped inside
//     a run of lines of one lead (go mod graph's main module's own
//     edges) that ends within three quarters of the room, the rest of
//     that run (see growHeadRun);
//   - in a table whose last column is one of categories (jdeps' module
//     of each dependency), the rows holding a value at most one row in
//     twenty holds, rarest first, three of each (see tailCategories);
//     likewise the rare verdicts of a checker's item lines, read alone
//     among its messages (see verdictCategories);
//   - lines of a rare shape: a skeleton or lead field (see shapeOf)
//     many times rarer than the group a typical line belongs to — the
//     three lines of another commit in a blame, the one ioctl among
//     thousands of openat calls — rarest first, ties spread evenly, and
//     none but a blank one whose text is a kept line's (python -m dis's
//     `ExceptionTable:`, rare among instructions, is the same in every
//     code object);
//   - the first line of each recurring lead: where each phase begins;
//   - then the head grows in one piece, as a clip's would: a reader's next
//     question is most often about the first records;
//   - what a long line left spread evenly: each pick the middle of the
//     longest run of dropped lines, until nothing more fits.
//
// A text cut by less than three times whose picks lace the stretch a
// clip's head would show (see headLaced) is planned again with its head
// grown first, as a text cut by less than half is.
//
// Long lines keep their start and end around a note. Every gap note names
// the lines it stands for, so each kept line's number is known; lines
// that would show in fewer bytes than their note are shown instead.
//
// It declines text of fewer than linesMin lines, or whose lines are so
// long on average that fewer than linesFit of them fit: a clip of those
// keeps more. It declines text with no line of those kinds where a
// clip would cut (a column's largest value counts, a rare value of a
// column of categories or verdicts, see tailCategories and
// verdictCategories, and the opener of a record with no blank line
// around it, see recordLevels): the clip's long head
// then shows as much, in one piece.
func planLines(text string, limit int) (plan, bool) {
	return planLinesIndexed(text, limit, nil)
}

// planLinesIndexed is planLines taking the line index from lines when a
// row of the same route call made it (a table row that read a blame's
// rows and declined): the pass that reads the lines' shapes then finds
// no line end and counts no line break of its own. With lines nil, or
// no index made, or one in the compact form, that pass makes the index
// as planLines does alone; the plan is the same either way.
func planLinesIndexed(text string, limit int, lines *lineIndexer) (plan, bool) {
	return planLinesHead(text, limit, lines, false)
}

// planLinesHead is planLinesIndexed; with headFirst, the head of a text
// cut by less than three times grows first, as a text cut by less than
// half's does, to littleCutHead fortieths of the room before lines of a
// rare shape are picked. Without it, a plan of such a text whose picks
// lace the stretch a clip's head shows (see headLaced) is made again
// with it.
func planLinesHead(text string, limit int, lines *lineIndexer, headFirst bool) (plan, bool) {
	if limit < 200 || len(text) <= limit {
		return plan{}, false
	}
	var known []uint32
	if lines != nil {
		if idx := lines.made(); idx != nil && idx.starts.dense != nil {
			known = idx.starts.dense
		}
	}
	n := len(known) - 1
	if known == nil {
		n = lineCount(text)
	}
	if n < linesMin || len(text)/n > limit/linesFit || n > math.MaxUint32 {
		return plan{}, false
	}
	// A line kept for what it says where a clip would cut is the reason
	// to plan; without one, the clip's long head says as much in one piece.
	headEnd, tailStart := limit*clipHeadEighths/8, len(text)-limit*clipTailEighths/8
	sh := readShapesKnown(text, n, headEnd, tailStart, 2*limit, leadsExact(len(text)), known)
	var s *lineSel
	if sh.index != nil {
		s = newLineSelOn(text, sh.index, limit, lineGaps(n))
	} else {
		s = newLineSel(text, limit, lineGaps(n))
	}
	if s.room() <= 0 {
		return plan{}, false
	}
	room := s.room()
	wide := max(160, limit/8) // head, tail and failure lines
	narrow := max(120, limit/16)
	peaks := linePeaks(s, narrow)
	tails := rareCategories(s, 0, n, n, tailCategories)
	// A checker's verdicts, each the last word of its item's line, with
	// the item's messages between them: the rare verdict's rows (see
	// verdictCategories).
	tails = append(tails, rareCategories(s, 0, n, n, verdictCategories)...)
	// A sectioned text's sections are tables of their own, which its
	// rows as one table do not line up with (python -m dis's code
	// objects): its rare aligned rows are none.
	aligned := rareAlignedRows(n, s.line)
	if len(aligned) > 0 && len(sectionHeads(s)) > 0 {
		aligned = nil
	}
	// Records with no blank line between them, read once: a reason to
	// plan, and blocks to open (see blockLevels).
	records := recordLevels(s)
	if !sh.inCut && !peaksInCut(s, peaks, headEnd, tailStart) && !peaksInCut(s, tails, headEnd, tailStart) && !peaksInCut(s, aligned, headEnd, tailStart) &&
		!recordsInCut(s, records, headEnd, tailStart) {
		return plan{}, false
	}
	pickEnds := func(i, c int) bool { return s.pickEnds(i, c*3/4, c-c*3/4) }
	// pickNarrow keeps a line, cut to narrow bytes when longer.
	pickNarrow := func(i int) bool { return pickEnds(i, narrow) }
	upTo := func(share int) int { return s.limit - room + room*share/40 }

	// The head, a fifth (or a tenth), and the tail, an eighth; each at
	// least one line.
	// A long line of the head that fits what is left of its fifth is kept
	// whole, as a clip keeps it: cut, the head's one long value (a
	// docstring, a command line) loses its middle while its room goes
	// unused.
	// In a sectioned text whose headings would cost more than half the
	// room, the head is a tenth, not a fifth: its first section is one of
	// many, which the headings stand for, and they need the room more.
	heads := sectionHeads(s)
	headShare := 8
	if sectionHeadsCost(s, heads) > room/2 {
		headShare = 4
	}
	for i, to := 0, upTo(headShare); i < n && (i == 0 || s.used < to); i++ {
		c := wide
		if sz := s.cost(i); sz > wide && s.used+sz <= to {
			c = sz
		}
		if !pickEnds(i, c) {
			break
		}
	}
	// In a text cut little (see littleCutHead) the tail stops before a
	// line that would take it past its share: the head grows after the
	// other stages, into what they left, and a long line cut to the
	// tail's wide share there (gcc -Q's list of -march= values) would
	// cost it the rows a clip's head shows.
	littleCut := len(text) < 2*limit
	for i, to := n-1, upTo(headShare+5); i >= 0 && (i == n-1 || s.used < to && !(littleCut && s.used+min(s.cost(i), wide) > to)); i-- {
		if !pickEnds(i, wide) {
			break
		}
	}
	// Where each search of a trace ended, before the failures that led
	// there: its last failure and the line that found the name, the
	// longest searches first (the name looked for in most places), in
	// input order when as long.
	fails := 0
	ends := lookupEnds(s, sh)
	slices.SortStableFunc(ends, func(a, b lookupEnd) int { return b.tries - a.tries })
	for _, e := range ends {
		if s.used >= upTo(17) {
			break
		}
		if i := e.at; !s.isKept(i) && pickEnds(i, wide) {
			fails++
			if !s.isKept(i-1) && pickEnds(i-1, wide) {
				fails++
			}
		}
	}
	var failed []int
	for i := range sh.failureOrder(2 * limit) {
		if s.used >= upTo(24) {
			break
		}
		// In records, an indented line continues a field's prose (a
		// package's description): a failure word there tells of the
		// software, not of this run.
		if sh.records != nil && isIndented(s.line(i)) {
			continue
		}
		if !s.isKept(i) && pickEnds(i, wide) {
			fails++
			failed = append(failed, i)
		}
	}
	// The line a run goes on with after a failure kept, when it names
	// the failing item as the failure or the line above it does (a
	// `NAME:` prefix): the item's own closing line, msgfmt's statistics
	// of the catalog whose fatal error is above it. It is what the reader
	// asks next: what the run said of the item in the end.
	after := 0
	for _, i := range failed {
		if s.used >= upTo(26) {
			break
		}
		j := failureRunEnd(s, i)
		if j >= n || s.isKept(j) {
			continue
		}
		if item := itemPrefix(s.line(j)); item != "" && (item == itemPrefix(s.line(i)) || i > 0 && item == itemPrefix(s.line(i-1))) && pickEnds(j, narrow) {
			after++
		}
	}
	// The rows either side of a failure among a list's item rows (see
	// betweenItemRows): where in the list it fell, the row above first.
	around := 0
	for _, i := range failed {
		if s.used >= upTo(26) {
			break
		}
		if !betweenItemRows(s, i) {
			continue
		}
		for _, j := range [2]int{i - 1, i + 1} {
			if !s.isKept(j) && pickEnds(j, narrow) {
				around++
			}
		}
	}
	// The headings of a sectioned text, after its failures: where each
	// function's or directory's lines start.
	// Their bytes are their own: the stages after keep their shares.
	before := s.used
	headsKept := pickSectionHeads(s, heads, pickNarrow, upTo(28))
	sectioned := len(heads) > 0
	if !sectioned {
		// The landmarks of a dump nested by indentation: its root's
		// children.
		heads = indentLandmarks(s)
		headsKept = pickSectionHeads(s, heads, pickNarrow, upTo(28))
	}
	var names []int
	named := 0
	if len(heads) == 0 && sh.records == nil {
		// Records with no blank line between them: the line that
		// names each, and the one after it, spread evenly over the
		// records when not all fit.
		names = recordNames(s)
		named = pickRecordNames(s, names, pickNarrow, upTo(28))
	}
	// Alike sections with no heading, record name or blank line between
	// them (certtool -i's certificates): the line that tells each apart,
	// spread evenly when not all fit, then the line after each kept.
	var ids []int
	idsKept := 0
	if len(heads) == 0 && sh.records == nil && len(names) == 0 {
		ids = sectionIDs(s)
		idsKept = pickSectionIDs(s, ids, pickNarrow, upTo(28), upTo(32))
	}
	// In a text of blocks, the line that opens each, with its block's
	// first lines: which function, its first label and source line,
	// spread evenly when not all fit, in bytes of their own. A sectioned
	// text's headings name its blocks already (python -m dis's code
	// objects).
	// Records with no blank line between them are blocks too (see
	// blockLevels), the outer level's openers before the inner's.
	// Replanned with its head first (see headLaced), a text keeps the
	// stretch a clip's head shows before its openers, all of it: picked
	// one by one ahead of it, they would each cost a gap note until the
	// head reached them, and it is what a clip keeps.
	var blocks []int
	opened := 0
	var levels [][]int
	if !sectioned {
		levels = blockLevels(s, records)
		for _, level := range levels {
			blocks = append(blocks, level...)
		}
	}
	pickBlocks := func(to int) {
		for _, level := range levels {
			opened += pickBlockHeads(s, level, pickNarrow, to)
		}
	}
	if !headFirst {
		pickBlocks(upTo(32))
	}
	// In an outline of two levels, one declaration a line (python -m
	// pyclbr's classes over their methods), the names at the margin,
	// those over members first (a class before a function), each spread
	// evenly when not all fit, in bytes of their own: what the text
	// holds and where each sits. In a text cut little, after the head
	// has grown and the lines of a rare shape are kept (see below).
	var margins []int
	if !sectioned && len(heads) == 0 && len(blocks) == 0 && sh.records == nil && len(names) == 0 && len(ids) == 0 {
		margins = marginLines(s)
	}
	marginKept := 0
	pickMargins := func(to int) {
		openers, rest := marginOpeners(s, margins)
		marginKept += pickSectionHeads(s, openers, pickNarrow, to)
		marginKept += pickSectionHeads(s, rest, pickNarrow, to)
	}
	if !littleCut {
		pickMargins(upTo(32))
	}
	// The rows that hold a numeric column's largest values (find -ls's
	// largest files), every column's largest first, in up to a quarter
	// of the lines that fit.
	peaked := pickLinePeaks(s, peaks, pickEnds, narrow, upTo(26))
	peaked += pickLinePeaks(s, sectionPeaks(s, heads, sectionPeakK), pickEnds, narrow, upTo(28))
	// Under each heading kept, the line that opens its section (the
	// first instruction with its source line), once the rows above have
	// had their shares: a heading names a section, its first line says
	// what it holds.
	pickSectionOpenings(s, heads, pickNarrow, upTo(32))
	ownUsed := s.used - before
	upTo = func(share int) int { return s.limit - room + room*share/40 + ownUsed }
	// Records that hold a rare value of a field of categories (getfacl's
	// one record owned by polkitd), whole, rarest first, in up to an
	// eighth of the room: before the records' names.
	wholeRecs := pickRareRecords(s, sh.records, pickNarrow, min(upTo(30), s.used+room/8))
	recs := 0
	recLines, distinct := recordPicks(s.line, sh.records)
	for _, i := range recLines {
		if s.used >= upTo(30) {
			break
		}
		if !s.isKept(i) && pickEnds(i, narrow) {
			recs++
		}
	}
	// A text cut little (by less than half) keeps most of itself: the
	// head grows in one piece first, to littleCutHead fortieths of the
	// room. Lines of a rare shape there, picked one by one ahead of it,
	// would each cost a gap note until the head reached them, and the
	// head would stop short of where a clip's reaches (gcc -Q's target
	// table lost its -mtune= row to ten such notes).
	if littleCut || headFirst {
		for i := 0; i < n && s.used < upTo(littleCutHead); i++ {
			if !s.isKept(i) && !pickEnds(i, narrow) {
				break
			}
		}
	}
	if headFirst {
		for i := 0; i < n && s.at(i+1) <= clipHeadReach(limit); i++ {
			if !s.isKept(i) && !pickEnds(i, narrow) {
				break
			}
		}
		pickBlocks(upTo(32))
	}
	// In text of no structure found (no headings, named records or
	// records), a head that stopped inside a run of lines of one lead (a
	// module's own edges in go mod graph) grows to the run's end when
	// that is near: cut there, the run would lose the lines a clip's long
	// head shows, for lines of a rare shape scattered elsewhere, each with
	// a gap note. A sectioned text's head is its first section, which its
	// headings stand for.
	if len(heads) == 0 && len(names) == 0 && sh.records == nil {
		growHeadRun(s, upTo(30))
	}
	// A block's opener kept by a stage below (of a rare shape, the first
	// of its lead) comes with its block's first lines, as the openers
	// kept above do: a name alone says which block, not what it holds.
	pickRare := withBlockLines(s, blocks, pickNarrow)
	rare := 0
	// The rows whose last column holds a rare value of a column of
	// categories (jdeps' two `java.logging` dependencies): rows of the
	// common shape that no skeleton or lead tells apart.
	for _, i := range tails {
		if s.used >= upTo(30) {
			break
		}
		if !s.isKept(i) && pickEnds(i, narrow) {
			rare++
		}
	}
	// The rows of a rare category value or pair of values in a table of
	// alike rows (zdump's double summer time among its GMT/BST rows),
	// with the row after each run of them, spread evenly when not all
	// fit.
	rare += pickSectionHeads(s, aligned, pickNarrow, upTo(30))
	// A rare line whose text is shown already says nothing new: its
	// bytes and its gap note go to the stages after. A blank line joins
	// the lines around it.
	shown := keptTexts(s)
	for i := range sh.rareOrder() {
		if s.used >= upTo(30) {
			break
		}
		if l := s.line(i); !s.isKept(i) && !(shown[l] && trimBlankRight(l) != "") && pickRare(i) {
			shown[l] = true
			rare++
		}
	}
	// A text cut little keeps its head and its rare lines first: names
	// at the margin picked one by one ahead of them would each cost a gap
	// note until the head reached them (python -m pyclbr's banner over
	// its second module, of a rare shape).
	if littleCut {
		pickMargins(upTo(34))
	}
	// Where the name a failure kept quotes was first met: the first line
	// that ends with it, with the line above it (the step it was part
	// of), the cause a late `not found` names (see firstNamedLines).
	met := 0
	for _, i := range firstNamedLines(s) {
		if s.used >= upTo(32) {
			break
		}
		for _, j := range [2]int{i, i - 1} {
			if !s.isKept(j) && pickEnds(j, narrow) {
				met++
			}
		}
	}
	for _, i := range sh.firstsOrder() {
		if s.used >= upTo(34) {
			break
		}
		if !s.isKept(i) && pickRare(i) {
			rare++
		}
	}
	// The lines that name the text's items (its headings, record names,
	// section ids, block openers, names at the margin, records' opening
	// lines) that did not all fit their shares take a second round, up to
	// namedShare, before the head grows into the rest: past the head's
	// own share, a line of the first item's body says less than one more
	// item named. A text cut little or planned head first keeps its head.
	if !littleCut && !headFirst {
		to := upTo(namedShare)
		headsKept += pickSectionHeads(s, heads, pickNarrow, to)
		named += pickRecordNames(s, names, pickNarrow, to)
		idsKept += pickSectionHeads(s, ids, pickNarrow, to)
		pickBlocks(to)
		pickMargins(to)
		for _, i := range recLines {
			if s.used >= to {
				break
			}
			if !s.isKept(i) && pickEnds(i, narrow) {
				recs++
			}
		}
	}
	// A run of dropped lines shown in fewer bytes than its gap note
	// (a `};`, a blank line between two kept lines) is shown: the room
	// it frees goes to the head and the spread.
	s.showCheapGaps()
	for i := 0; i < n; i++ { // then the head grows, as a clip's would
		if !s.isKept(i) && !pickEnds(i, narrow) {
			break
		}
	}
	spreadN := spreadLines(s, pickNarrow)
	s.showCheapGaps()
	if !headFirst && !littleCut && cutLittle(len(text), limit) && headLaced(s, limit) {
		return planLinesHead(text, limit, lines, true)
	}
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	what := linesWhat(n-s.kept(), n, failuresKept(fails)+linesAfterKept(after)+itemRowsKept(around)+rareRecordsKept(wholeRecs)+recordsKept(recs, len(sh.records), distinct)+headingsKept(headsKept, len(heads))+namesKept(named, names)+sectionIDsKept(idsKept, ids)+blockHeadsKept(opened, len(blocks))+marginLinesKept(marginKept, len(margins))+peaksKept(peaked)+rareKept(rare)+firstMetKept(met), spreadN)
	return plan{strategy: StrategyLines, items: items, markerAt: markerAt, what: what, digest: true,
		hint: "To see a part, re-run narrower: a line range (sed -n 'A,Bp'), grep PATTERN, head or tail."}, true
}

// linesWhat words what a lines plan did: omitted of n lines dropped, the
// head and the tail kept with the lines that clauses name (each clause
// ending in ", "), and spread lines spread evenly. A clause of nothing
// kept is not written: at a budget of 4,000 bytes the words of three
// empty ones were 100 bytes, two or three lines the plan could keep.
func linesWhat(omitted, n int, clauses string, spread int) string {
	what := txt.Commas(omitted) + " of " + txt.Plural(n, "line") + " omitted; kept the head, the tail, " + clauses
	if spread > 0 {
		return what + "and " + txt.Commas(spread) + " spread evenly (each gap note names its lines)"
	}
	return strings.TrimSuffix(what, ", ") + "; each gap note names its lines"
}

// failuresKept words the failure lines kept; nothing when none were.
func failuresKept(k int) string {
	if k == 0 {
		return ""
	}
	return txt.Plural(k, "failure line") + " (a failure word or errno), "
}

// rareKept words the lines of a rare shape kept; nothing when none were.
func rareKept(k int) string {
	if k == 0 {
		return ""
	}
	return txt.Commas(k) + " of a rare shape or the first of their kind, "
}

// recordsKept words the record lines kept, of m records — their opening
// lines, or when distinct the lines that tell look-alike records apart;
// nothing for text that is not record-shaped.
func recordsKept(kept, m int, distinct bool) string {
	if m == 0 {
		return ""
	}
	if distinct {
		return txt.Commas(kept) + " lines that tell " + txt.Plural(m, "look-alike record") + " apart, "
	}
	return txt.Commas(kept) + " opening lines of " + txt.Plural(m, "record") + " (each name's first record first), "
}

// leadsExact is how many distinct leads readShapes counts in one pass on
// a text of size bytes.
func leadsExact(size int) int { return max(leadsExactMin, size/leadsExactShare) }

// linesMin is the fewest lines planLines plans; linesFit, the fewest of
// average length that must fit its limit; idsMinMean, the mean length of
// a line from which readShapes keeps each line's ids (eight bytes).
// readShapes counts leads exactly in one pass while they are at most
// leadsExactMin, or one for every leadsExactShare bytes of text (tables
// of about a third of the text), and past that in two (see shapeCount):
// on one random word a line the exact tables took 2.8 times the text.
// littleCutHead is the share of the room, in fortieths, that the head of
// a text cut by less than half takes before lines of a rare shape are
// picked: three fifths, less than a clip's head keeps, so that the rare
// lines after it still have a share.
const littleCutHead = 24

// namedShare is the share of the room, in fortieths, up to which the
// lines that name a text's items take a second round before the head
// grows into the rest (see planLinesHead).
const namedShare = 36

const (
	linesMin        = 16
	linesFit        = 8
	idsMinMean      = 32
	leadsExactMin   = 1 << 16
	leadsExactShare = 64
)

// shapes is what planLines knows of the lines worth keeping for what
// they say: those with a failure signal, those of a rare shape, and the
// first of each recurring lead.
type shapes struct {
	n     int
	kinds int                 // skeletons counted: a kind's id is below
	fails chunked[markedLine] // in input order; kind is the skeleton's id
	// rare holds a key per line of a rare shape, of those the rare
	// stage can use: its surprise, inverted, over its spreadRank, so that
	// sorted the rarest come first and lines as rare in an even spread;
	// the line is the rank's bits reversed.
	rare   smallestKeys
	firsts []markedLine // kind is the lead's count
	// records are those of record-shaped text (see recordScan); nil
	// for other text.
	records []record
	// inCut is set when one of these lines lies where a clip would cut.
	inCut bool
	// index is the text's line index (lineStarts), made as its lines
	// were read, for the planner's lineSel; nil for a text over 4 GiB.
	index *lineIndex
}

// A markedLine is line i of the text, with a number that says why it
// is marked: eight bytes, as a text of a million failure lines marks a
// million (planLines declines a text of 2³² lines).
type markedLine struct {
	i    uint32
	kind uint32 // the skeleton's id of a failure line, the lead's count of a first
}

// rareMin is the surprise (16·log2 of how many times rarer than typical)
// from which a line is of a rare shape: four times rarer.
const rareMin = 32

// readShapes reads the shape of every line of text: its skeleton and lead
// counted, where each lead is first met, and whether it carries a failure
// signal; then, in a second pass when any value is rare enough, the lines
// of a rare shape, of which it keeps the rareKeep rarest (see rareOrder).
// It notes whether any of these lines lies in text[headEnd:tailStart]. A
// run of equal lines (`yes`, a flood of one message) is read once, and a
// line met before further up is only counted (see shapeMemo). Each
// line's ids are kept for the second pass when lines are long enough for
// that to cost at most a quarter of the text; shorter lines are read
// again instead. The ids save time only: the counts' tables, as large as
// the values are many, are alive until the ids are all written, so on a
// text of short distinct lines (CJK, words) the ids would add eight bytes
// a line to the peak. Leads are counted in one pass while they are at
// most leadsMax (0: no bound), and past that in two, the second reading
// each line's lead again (see shapeCount): the shapes are the same.
func readShapes(text string, n, headEnd, tailStart, rareKeep, leadsMax int) *shapes {
	return readShapesKnown(text, n, headEnd, tailStart, rareKeep, leadsMax, nil)
}

// readShapesKnown is readShapes, the lines' starts read from known when
// set (every line's start, then len(text): a dense line index another
// row made), not found; the index of the shapes is then known itself.
func readShapesKnown(text string, n, headEnd, tailStart, rareKeep, leadsMax int, known []uint32) *shapes {
	sh := &shapes{n: n, rare: smallestKeys{k: rareKeep}}
	// A fail line's kind is its skeleton's id: skeletons are counted
	// exactly. Leads, a text of short distinct lines has one a line.
	skel, leads := newShapeCount(0, n), newShapeCount(leadsMax, n)
	var skelIDs, leadIDs []uint32
	if len(text) >= idsMinMean*n {
		skelIDs, leadIDs = make([]uint32, n), make([]uint32, n)
	}
	// The lines a clip would cut are [cutFrom, cutTo).
	cutFrom, cutTo := n, 0
	recs := newRecordScan()
	var rd shapeReader
	memo := newShapeMemo()
	// The line index is made in this pass too: the planner's lineSel
	// would find every line's end again. Its form is lineStarts' own.
	var index startIndex
	indexed := known == nil && len(text) <= math.MaxUint32
	if indexed {
		breaks := n + 1 // strings.Count(text, "\n") + 2, as lineStarts asks
		if text != "" && text[len(text)-1] == '\n' {
			breaks++
		}
		index = newStartIndex(breaks, len(text))
	}
	// The pass is a loop over the runs, not a call of a closure a run:
	// its state stays in the function's own variables.
	for i, start := 0, 0; start < len(text); {
		end := len(text)
		if known != nil {
			end = int(known[i+1])
		} else if nl := strings.IndexByte(text[start:], '\n'); nl >= 0 {
			end = start + nl + 1
		}
		size, k := runAt(text, start, end)
		if indexed {
			for j := range k {
				index.push(uint32(start + j*size))
			}
		}
		if last := start + (k-1)*size; cutFrom == n && last >= headEnd {
			cutFrom = i + max(0, (headEnd-start+size-1)/size)
		}
		if start+k*size <= tailStart { // no division for a run a clip keeps whole
			cutTo = i + k
		} else if start+size <= tailStart {
			cutTo = i + (tailStart-start)/size
		}
		l := trimNL(text[start : start+size])
		// A line met before has its shape, its ids and its verdict in
		// the memo: only its lines are counted.
		var id, lead uint32
		var fails bool
		if m := memo.slot(l); m != nil && memo.hit(m, l) {
			id, fails = m.skelID, m.fails
			skel.addKnown(m.skel, id, k)
			if leads.sparse == nil {
				lead = m.leadID
				leads.addKnown(m.lead, lead, k)
			} else {
				leads.add(m.lead, k, i)
				skelIDs, leadIDs = nil, nil
			}
			recs.add(l, i, k, m.lead)
		} else {
			shape := rd.read(l)
			fails = shape.errno || shape.mayFail && hasFailureSignal(l)
			id, _ = skel.add(shape.skel, k, i)
			var exact bool
			if lead, exact = leads.add(shape.lead, k, i); !exact {
				skelIDs, leadIDs = nil, nil // the second pass reads the lines again
			}
			recs.add(l, i, k, shape.lead)
			if m != nil {
				*m = memoSlot{line: l, skel: shape.skel, lead: shape.lead, skelID: id, leadID: lead, fails: fails, held: true}
			}
		}
		if skelIDs != nil {
			for j := i; j < i+k; j++ {
				skelIDs[j], leadIDs[j] = id, lead
			}
		}
		if fails {
			for j := i; j < i+k; j++ {
				sh.fails.push(markedLine{i: uint32(j), kind: id})
			}
		}
		i, start = i+k, start+k*size
	}
	if indexed {
		index.push(uint32(len(text)))
		index.finish()
		sh.index = &lineIndex{starts: index}
	}
	if known != nil {
		sh.index = &lineIndex{starts: startIndex{dense: known}}
	}
	if skelIDs != nil {
		// The second pass reads the ids kept: the tables that gave them,
		// as large as the values are many, can go.
		skel.ids, leads.ids = hashIDs{}, hashIDs{}
	}
	if leads.sparse != nil {
		leads.recount(func(add func(h uint64, k, i int)) {
			eachRun(text, func(i, start, size, k int) {
				l := trimNL(text[start : start+size])
				add(leadHash(l[:min(len(l), shapeWindow)]), k, i)
			})
		})
	}
	inCut := func(from, to int) bool { return from < cutTo && to > cutFrom } // lines [from, to)
	for x := range sh.fails.len() {
		m := sh.fails.get(x)
		sh.inCut = sh.inCut || inCut(int(m.i), int(m.i)+1)
	}
	sh.kinds = skel.counts.len()
	sh.records = recs.records()
	for _, r := range sh.records {
		sh.inCut = sh.inCut || inCut(r.start, r.start+1)
	}
	// The first line of each recurring lead, in input order (ids are
	// given in the order values are first met).
	for id := range leads.counts.len() {
		if c, at := leads.counts.get(id), leads.firstAt.get(id); c > 1 {
			sh.firsts = append(sh.firsts, markedLine{i: at, kind: c})
			sh.inCut = sh.inCut || inCut(int(at), int(at)+1)
		}
	}
	tSkel, tLead := skel.typical(n), leads.typical(n)
	if skel.rarest(tSkel, n)+leads.rarest(tLead, n) < rareMin {
		return sh // no line is of a rare shape: no second pass
	}
	mark := func(i, k, v int) { // lines [i, i+k), equal, of surprise v
		if v >= rareMin {
			for j := i; j < i+k; j++ {
				sh.rare.add(uint64(^uint32(v))<<32 | uint64(spreadRank(j, n)))
			}
			sh.inCut = sh.inCut || inCut(i, i+k)
		}
	}
	if skelIDs != nil {
		// A line's surprise is its two values': each value's is worked out
		// once, not on every line of it.
		bySkel, byLead := skel.surprises(tSkel), leads.surprises(tLead)
		for i := range n {
			mark(i, 1, int(bySkel[skelIDs[i]])+int(byLead[leadIDs[i]]))
		}
		return sh
	}
	rd = shapeReader{}
	eachRun(text, func(i, start, size, k int) {
		shape := rd.read(trimNL(text[start : start+size]))
		mark(i, k, surprise(tSkel, skel.counts.get(int(skel.id(shape.skel))))+surprise(tLead, leads.countOf(shape.lead)))
	})
	return sh
}

// eachRun calls f for every run of equal lines of text, each with its
// '\n': k lines from line i, the first at start, each size bytes.
func eachRun(text string, f func(i, start, size, k int)) {
	for i, start := 0, 0; start < len(text); {
		size, k := nextRun(text, start)
		f(i, start, size, k)
		i, start = i+k, start+k*size
	}
}

// nextRun returns the run of equal lines of text from start, where a line
// starts: the size of each line with its '\n', and how many there are.
func nextRun(text string, start int) (size, k int) {
	end := len(text)
	if nl := strings.IndexByte(text[start:], '\n'); nl >= 0 {
		end = start + nl + 1
	}
	return runAt(text, start, end)
}

// runAt is nextRun for the line text[start:end], found already: end is
// the next line's start, or len(text).
func runAt(text string, start, end int) (size, k int) {
	size, k = end-start, 1
	// The next line is a copy only if it is as long: most are not, and a
	// look at where its '\n' would be says so.
	if text[end-1] == '\n' && end+size <= len(text) && text[end+size-1] == '\n' {
		k = copiesAt(text, start, size)
	}
	return size, k
}

// copiesAt returns how many copies of text[start:start+size] follow one
// another from start: the run doubles while its double matches, then
// grows by halves, so a run of a million lines costs some forty compares
// of long blocks, not a million of short ones.
func copiesAt(text string, start, size int) int {
	k := 1
	for end := start + 2*k*size; end <= len(text) && text[start+k*size:end] == text[start:start+k*size]; end = start + 2*k*size {
		k *= 2
	}
	for m := k / 2; m >= 1; m /= 2 {
		if from := start + k*size; from+m*size <= len(text) && text[from:from+m*size] == text[start:start+m*size] {
			k += m
		}
	}
	return k
}

// trimNL returns line without its '\n'.
func trimNL(line string) string {
	if len(line) > 0 && line[len(line)-1] == '\n' {
		return line[:len(line)-1]
	}
	return line
}

// trimBlankRight returns l without its trailing spaces, tabs and '\r's,
// as strings.TrimRight(l, " \t\r") does, without the set it builds on
// every call: the planners trim every line of a 10 MB text.
func trimBlankRight(l string) string {
	for len(l) > 0 && (l[len(l)-1] == ' ' || l[len(l)-1] == '\t' || l[len(l)-1] == '\r') {
		l = l[:len(l)-1]
	}
	return l
}

// hasFailureSignal reports the log planner's generic failure signals in
// line: a failure word or count, a compiler's error, an error level.
func hasFailureSignal(line string) bool { return failureSignalFrom(line, 0) }

// failureSignalFrom is hasFailureSignal for a line whose first from bytes
// hold no ASCII letter and no mark: it reads only from there on.
func failureSignalFrom(line string, from int) bool {
	diag, level, sig := scanSignalsFrom(line, from, false)
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

// failureOrder returns the first k failure lines in the order they are
// kept: breadth first over their kinds — every kind's last line (the one
// nearest the outcome), latest first, then every kind's first, then the
// rest of each spread evenly — the rarest kind first. Each line's place is
// a key, its rank over its line (the earlier first among equals), and
// only the k smallest keys are kept (see smallestKeys) and sorted. The
// failure lines are read for the last time here and let go: a text of a
// million failure lines holds eight bytes of each once, not twice.
func (sh *shapes) failureOrder(k int) iter.Seq[int] {
	perKind := make([]uint32, sh.kinds)
	for x := range sh.fails.len() {
		m := sh.fails.get(x)
		perKind[m.kind]++
	}
	const field = 1<<15 - 1
	seen := make([]uint32, sh.kinds)
	keys := smallestKeys{k: k}
	// Walk backwards so that a kind's first line met is its last.
	for x := sh.fails.len() - 1; x >= 0; x-- {
		m := sh.fails.get(x)
		j := seen[m.kind] // lines of this kind after this one
		seen[m.kind]++
		var rank uint64
		switch c := perKind[m.kind]; {
		case j == 0:
			rank = 1<<30 - 1 - uint64(min(m.i, 1<<30-1))
		case j == c-1:
			rank = 1<<30 | uint64(min(c, 1<<30-1))
		default:
			rank = 2<<30 | uint64(min(spreadRank(int(j), int(c)), field))<<15 | uint64(min(c, field))
		}
		keys.add(rank<<32 | uint64(m.i))
	}
	sh.fails = chunked[markedLine]{}
	smallest := keys.smallest()
	return func(yield func(int) bool) {
		ascending(smallest, func(key uint64) bool { return yield(int(uint32(key))) })
	}
}

// rareOrder returns the lines of a rare shape that readShapes kept, the
// rarest first; lines as rare as each other in an even spread over the
// text. The rare stage keeps at most one line a byte of its room, and half
// of what it is offered may be kept already, so twice the limit is all it
// can use: planLines asks readShapes for that many.
func (sh *shapes) rareOrder() iter.Seq[int] {
	keys := sh.rare.smallest()
	w := bits.Len(uint(max(sh.n-1, 1)))
	return func(yield func(int) bool) {
		ascending(keys, func(key uint64) bool {
			return yield(int(bits.Reverse64(uint64(uint32(key))) >> (64 - w)))
		})
	}
}

// ascendingChunk is how many keys ascending sorts at a time.
const ascendingChunk = 256

// ascending calls yield with keys in ascending order until it returns
// false, reordering keys as it goes. The planner's stages stop once their
// share of the limit is used, most often long before the end of the
// keys, so they are sorted a chunk at a time: the smallest of those left
// selected (linear), then sorted, then yielded; each chunk as large as
// all yielded before it, so that the selections cost O(n log n) in all
// however far the stage reads, not a pass over the rest per chunk.
func ascending(keys []uint64, yield func(uint64) bool) {
	for done := 0; len(keys) > 0; {
		c := min(len(keys), max(ascendingChunk, done))
		done += c
		if c < len(keys) {
			selectSmallest(keys, c)
		}
		slices.Sort(keys[:c])
		for _, key := range keys[:c] {
			if !yield(key) {
				return
			}
		}
		keys = keys[c:]
	}
}

// firstsOrder returns the first line of each recurring lead, the most
// frequent lead first: where each phase of the output begins.
func (sh *shapes) firstsOrder() []int {
	slices.SortStableFunc(sh.firsts, func(a, b markedLine) int { return cmpU32(b.kind, a.kind) })
	out := make([]int, len(sh.firsts))
	for k, m := range sh.firsts {
		out[k] = int(m.i)
	}
	return out
}

// selectSmallest reorders keys so that its first k are its k smallest,
// in some order: a quickselect whose pivot is the median of three, so
// that it is linear on the sorted and reversed runs a text gives.
func selectSmallest(keys []uint64, k int) {
	lo, hi := 0, len(keys)
	for hi-lo > 1 {
		a, b, c := keys[lo], keys[lo+(hi-lo)/2], keys[hi-1]
		p := max(min(a, b), min(max(a, b), c))
		// Three-way partition: < p, == p, > p.
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch {
			case keys[i] < p:
				keys[lt], keys[i] = keys[i], keys[lt]
				lt++
				i++
			case keys[i] > p:
				gt--
				keys[gt], keys[i] = keys[i], keys[gt]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k > gt:
			lo = gt
		default:
			return
		}
	}
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
		if s.isKept(i) {
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

// growHeadRun keeps, after the head, the rest of the run of lines whose
// lead is the head's last line's, when the whole run fits before used
// reaches to; a run that goes on (every line of a package list) is left
// to the planner's other stages.
func growHeadRun(s *lineSel, to int) {
	h := 0
	for h < s.n() && s.isKept(h) {
		h++
	}
	if h == 0 || h >= s.n() {
		return
	}
	lead := leadHash(s.line(h - 1))
	end, c := h, 0
	for ; end < s.n() && !s.isKept(end) && leadHash(s.line(end)) == lead; end++ {
		c += s.cost(end)
		if s.used+c > to {
			return
		}
	}
	for i := h; i < end; i++ {
		if !s.pick(i) {
			return
		}
	}
}

// keptTexts returns the set of the texts of the lines s keeps: a few
// hundred at the budgets planLines is given, read once.
func keptTexts(s *lineSel) map[string]bool {
	m := map[string]bool{}
	for i := range s.n() {
		if s.isKept(i) {
			m[s.line(i)] = true
		}
	}
	return m
}

// failureRunMax bounds the failure lines read past a kept one for the
// line its run goes on with.
const failureRunMax = 4

// failureRunEnd returns the line after the failure line i of s and the
// failure lines right under it (up to failureRunMax of them): the line the
// run goes on with.
func failureRunEnd(s *lineSel, i int) int {
	j := i + 1
	for j < s.n() && j-i <= failureRunMax && hasFailureSignal(s.line(j)) {
		j++
	}
	return j
}

// linesAfterKept words the lines kept after failure lines.
func linesAfterKept(k int) string {
	if k == 0 {
		return ""
	}
	return txt.Plural(k, "line") + " after them, "
}

// itemPrefix returns the file name a line opens with before a colon, as
// tools name the item a message is about (`glib20/nl.po:2866: …`,
// `glib20/nl.po: 928 translated messages.`), a position after it dropped:
// a word with a letter and a '/' or a '.' (not a timestamp's
// `2026-07-29T07`); "" when the line opens with no such name.
func itemPrefix(l string) string {
	colon := strings.IndexByte(l, ':')
	if colon <= 0 {
		return ""
	}
	name := l[:colon]
	if strings.ContainsAny(name, " \t") || !strings.ContainsAny(name, "./") || !hasLetter(name) {
		return ""
	}
	return name
}
