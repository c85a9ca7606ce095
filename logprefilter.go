package headroom

import (
	"reflect"
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// The log rows' cheap decline. planLog classifies every line before it
// declines, and an exec tool's output that is no log (a listing, a git
// log, a dump) goes through both log rows before the row that takes it.
// What makes planLog accept is a line classed a failure or a runner's
// summary somewhere, or a verdict in the last lines; a line is classed so
// only when it holds one of a few byte sequences: a failure or count word,
// a rule's literal where the rule reads it, a compiler's position. So
// logSurelyDeclines finds those sequences first, in one pass over the
// bytes, and classifies only the lines that hold one, exactly as scanLog
// does; the last lines it classifies as planLog does, for the verdict.
// It says yes only when planLog would decline; when unsure it says no and
// planLog runs.

// A logAnchor is a byte sequence, compared with ASCII letters folded, that
// a line needs for some class. Where at is 0 it may stand anywhere; else
// it must start the line (atCol0), or start its text after an indent of
// spaces and tabs (atIndented), as its rule reads it.
type logAnchor struct {
	lit string // folded: every byte |0x20
	at  uint8
	// position marks a digit and ": " that must end `:12:5: `.
	position bool
	// afterNumber marks a digit that ends a number standing where at
	// says: the needs of a shape that reads a number first.
	afterNumber bool
	// skip is where in lit the digit stands that position and
	// afterNumber read: lit holds a byte before it, to be four bytes long.
	skip int
	// weak marks an anchor whose every rule classes a line a failure
	// that opens a weak block (weakOpen): such a line counts only as a
	// generic failure.
	weak bool
	// before and after, when set, are the bytes that may stand right
	// before and after lit where what reads it counts it: a failure word
	// counts only standing as a word (wordBounds).
	before, after *byteSet
}

// A byteSet is a set of bytes, a bit each.
type byteSet [4]uint64

func (s *byteSet) has(c byte) bool { return s[c>>6]>>(c&63)&1 != 0 }

// bytesBut returns the set of every byte but those of but.
func bytesBut(but string) *byteSet {
	var s byteSet
	for c := range 256 {
		if strings.IndexByte(but, byte(c)) < 0 {
			s[c>>6] |= 1 << (c & 63)
		}
	}
	return &s
}

// bytesOf returns the set of the bytes of of.
func bytesOf(of string) *byteSet {
	var s byteSet
	for k := 0; k < len(of); k++ {
		s[of[k]>>6] |= 1 << (of[k] & 63)
	}
	return &s
}

// wordBytes are the bytes isWordByte takes.
const wordBytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

// lineEnds stand after a line's last byte as a neighbour byte is read:
// its break, its CR, or (at the text's end) a break.
const lineEnds = "\n\r"

// wordBounds are where the generic signals' words count (a line's start
// reads as a break before it, its end as a break after it): a failure or
// count word where failureWordAt takes it, not inside a word or glued to
// a path (`errors.go`, `error_code`, `/error_highlight/`); a level word
// where scanSignalsFrom takes it, opened by a blank or a tag and closed
// by a level's end (opensLevel, endsLevel).
var wordBounds = struct {
	signalBefore, signalAfter, levelBefore, levelAfter *byteSet
}{
	signalBefore: bytesBut(wordBytes + "-,./$@"),
	signalAfter:  bytesBut(wordBytes + "-_(/"),
	levelBefore:  bytesOf(" [<|(" + lineEnds),
	levelAfter:   bytesOf(" ]>|:)/" + lineEnds),
}

// foldByte folds an ASCII letter to lower case, as the anchor scan
// compares: it sets bit 0x20 of every byte, so that two bytes that differ
// in case compare equal (and some that do not: the scan is a filter).
func foldByte(c byte) byte { return c | 0x20 }

// foldString folds every byte of s but anyDigit.
func foldString(s string) string {
	b := []byte(s)
	for i := range b {
		if b[i] != anyDigit[0] {
			b[i] = foldByte(b[i])
		}
	}
	return string(b)
}

// shapeNeeds names, for the rules whose literal is a single byte (a digit,
// '='), what their shape needs in the line beside it: one of these
// sequences. afterNumber says that a need follows the number the shape
// starts with, so that it stands where the rule's literal does, but for
// the number's digits: `  12) name` is mocha's heading where a trace's
// `close(3) = 0` or a blame's `2026-11-23  12) code` hold no heading. A
// rule whose shape is not here leaves the prefilter off.
var shapeNeeds = []struct {
	shape       func(string) bool
	needs       []string
	afterNumber bool
}{
	{isOutcomeCount, []string{anyDigit + " passing", anyDigit + " failing", anyDigit + " pending", anyDigit + " warning", " error"}, false},
	{isNumberedHeading, []string{anyDigit + ") "}, true},
	{isLintEntryError, []string{" error"}, false},
	{isLintEntrySyntaxError, []string{" error"}, false},
	{isRunnerTotals, []string{" passed", " failed", " error"}, false},
	{isXtraceExit, []string{"exit "}, false},
}

// anyDigit, in an anchor, stands for any ASCII digit.
const anyDigit = "\x01"

// levelErrorWords are the log levels classifyFull takes for an error
// line, as upper-case words.
var levelErrorWords = [...]string{"ERROR", "FATAL", "CRITICAL", "SEVERE"}

// minAnchor is the shortest rule literal taken for an anchor. The scan
// reads three bytes at a time: a literal of two that must start a line
// (`_ `) gets a third from the line break before it, and newAnchorTable
// turns the prefilter off for any anchor still shorter.
const minAnchor = 2

// logAnchors lists the anchors: the generic signals' words, then for every
// rule that classes a line an error or a summary, its literal where the
// rule reads it, or else its longest infix or suffix, or else its shape's
// needs; and for each, what must stand where it does (needsOf). ok is
// false when a rule has none of these.
func logAnchors() (anchors []logAnchor, needs [][]anchorNeed, ok bool) {
	add := func(lit string, at uint8) {
		anchors = append(anchors, logAnchor{lit: foldString(lit), at: at})
	}
	addWord := func(w string, before, after *byteSet) {
		if strings.IndexByte(w, ' ') >= 0 {
			after = nil // a phrase (`not ok`) is read on past its first word
		}
		anchors = append(anchors, logAnchor{lit: foldString(w), before: before, after: after})
	}
	for _, w := range failureWords {
		addWord(w, wordBounds.signalBefore, wordBounds.signalAfter)
	}
	for _, w := range countWords {
		addWord(w, wordBounds.signalBefore, wordBounds.signalAfter)
	}
	for _, w := range levelErrorWords {
		addWord(w, wordBounds.levelBefore, wordBounds.levelAfter)
	}
	for _, suf := range errorTypeSuffixes {
		// isJSErrorLine's type name, then a colon or a space; and a lint
		// finding's message that says error (findingSaysError).
		name := strings.TrimSuffix(suf, ":")
		add(name+":", 0)
		add(name+" ", 0)
	}
	for _, w := range failureMarks {
		add(w, 0)
	}
	for _, w := range failurePhrases {
		add(w, 0)
	}
	for _, w := range toolFailedLeads {
		add("warning: "+w, 0) // toolFailedWarning's
	}
	add(summaryInfo, 0)
	for _, suf := range errorTypeSuffixes {
		add(suf+" ", 0) // wrapsErrorType's
	}
	for _, lead := range uncaughtLeads {
		add(lead, atCol0) // namesUncaught's
	}
	for _, r := range infixRules {
		add(r.infix, 0)
	}
	// A compiler's position `path.ext:12:5: ` (positionLine): its `5: `.
	// A valgrind or sanitizer record: `==` and a digit in the first
	// column.
	// The digit follows a digit or the colon, so the anchor is four
	// bytes long in two spellings (the scan reads every other triple).
	for _, before := range []string{":", anyDigit} {
		anchors = append(anchors, logAnchor{lit: before + anyDigit + ": ", position: true, skip: 1})
	}
	add("==", atCol0)
	anchors[len(anchors)-1].lit += anyDigit
	ok = true
	for _, r := range logRules {
		if r.class != lineError && r.class != lineSummary {
			continue
		}
		if len(r.lit) == minAnchor && r.at == atIndented {
			// An indented literal of two (a caret finding's `^ `): the
			// indent's last byte makes it three, read anywhere in a line.
			add(" "+r.lit, 0)
			add("\t"+r.lit, 0)
			continue
		}
		if len(r.lit) >= minAnchor {
			add(r.lit, r.at)
			continue
		}
		if longer := longestOf(r.infix, r.suffix); len(longer) >= minAnchor {
			add(longer, 0)
			continue
		}
		needs, afterNumber := shapeNeedsOf(r.shape)
		if needs == nil {
			ok = false
			continue
		}
		weak := r.class == lineError && weakOpen(r.block)
		for _, w := range needs {
			if afterNumber && w[0] == anyDigit[0] && r.at == atIndented {
				// The number's last digit follows a digit or the indent.
				for _, before := range []string{anyDigit, " ", "\t"} {
					anchors = append(anchors, logAnchor{lit: foldString(before + w), at: r.at, afterNumber: true, skip: 1, weak: weak})
				}
				continue
			}
			if afterNumber && w[0] == anyDigit[0] {
				anchors = append(anchors, logAnchor{lit: foldString(w), at: r.at, afterNumber: true})
				continue
			}
			add(w, 0)
		}
	}
	kept := coverAnchors(anchors)
	needs = make([][]anchorNeed, len(kept))
	for k, a := range kept {
		needs[k] = needsOf(a, anchors)
	}
	return kept, needs, ok
}

// An anchorNeed is what a line holds where an anchor stands, for one of
// the anchors it finds (coverAnchors): that anchor's literal, which holds
// the finding one at off, and the bytes that may stand beside it.
type anchorNeed struct {
	lit           string
	off           int
	before, after *byteSet
	// near is where in lit the byte next to the finding anchor stands,
	// before it or else after it, or -1 when lit is the anchor's own.
	near int
}

// needsOf returns what a line must hold where a stands, one of them, for
// any anchor a finds to count: nil when a itself counts wherever it
// stands, as most do.
func needsOf(a logAnchor, all []logAnchor) []anchorNeed {
	if a.at != 0 || a.position {
		return nil // it finds no other anchor (coverAnchors)
	}
	var needs []anchorNeed
	for _, b := range all {
		for from := 0; ; {
			k := strings.Index(b.lit[from:], a.lit)
			if k < 0 {
				break
			}
			n := anchorNeed{lit: b.lit, off: from + k, before: b.before, after: b.after, near: -1}
			switch {
			case n.off > 0:
				n.near = n.off - 1
			case len(b.lit) > len(a.lit):
				n.near = len(a.lit)
			case b.before == nil && b.after == nil:
				return nil
			}
			if !slices.Contains(needs, n) {
				needs = append(needs, n)
			}
			from += k + 1
		}
	}
	return needs
}

// needsStand reports whether one of needs stands where an anchor starts
// at text[start:]: its literal, and the bytes beside it. A line's edges
// read as a break, and so does all that follows the first signalBytes of
// a line, where scanSignalsFrom stops reading (a task tag's line is read
// from after the tag: further on, never sooner). The bytes are the text's
// as written: a line that holds an escape, which classifyView strips, is
// classified whatever its anchors (tallyAnchored).
func needsStand(text string, start int, needs []anchorNeed) bool {
	if needs == nil {
		return true
	}
	for _, n := range needs {
		at := start - n.off
		if n.near >= 0 && !foldedAt(text, at+n.near, n.lit[n.near:n.near+1]) {
			continue // the byte beside the anchor, where most needs differ
		}
		if !foldedAt(text, at, n.lit) || n.before != nil && !n.before.has(byteAt(text, at-1)) {
			continue
		}
		if end := at + len(n.lit); n.after != nil && !n.after.has(byteAt(text, end)) && withinSignalBytes(text, at, end) {
			continue
		}
		return true
	}
	return false
}

// withinSignalBytes reports whether text[at:end], on one line, ends
// within the first signalBytes of its line: a read back of at most
// signalBytes bytes for its line break.
func withinSignalBytes(text string, at, end int) bool {
	return end < signalBytes || strings.LastIndexByte(text[end-signalBytes:at], '\n') >= 0
}

// byteAt returns text[i], or a line break outside text.
func byteAt(text string, i int) byte {
	if i < 0 || i >= len(text) {
		return '\n'
	}
	return text[i]
}

func longestOf(a, b string) string {
	if len(b) > len(a) {
		return b
	}
	return a
}

// shapeNeedsOf returns what shape needs, from shapeNeeds, or nil.
func shapeNeedsOf(shape func(string) bool) ([]string, bool) {
	if shape == nil {
		return nil, false
	}
	p := reflect.ValueOf(shape).Pointer()
	for _, s := range shapeNeeds {
		if reflect.ValueOf(s.shape).Pointer() == p {
			return s.needs, s.afterNumber
		}
	}
	return nil, false
}

// coverAnchors drops every anchor that holds an anchor that may stand
// anywhere (`--- FAIL: ` holds `fail`), and repeats: a line that holds
// the longer holds the shorter, which finds it. It drops the second of
// two equal anchors too (nine rules read a number's `) `). Where the
// shorter stands, needsOf says what must stand around it for one of the
// anchors it finds to count.
func coverAnchors(anchors []logAnchor) []logAnchor {
	var out []logAnchor
	for i, a := range anchors {
		covered := false
		for j, b := range anchors {
			if b.at == 0 && !b.position && j != i && strings.Contains(a.lit, b.lit) && (len(b.lit) < len(a.lit) || j < i) || j < i && b == a {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, a)
		}
	}
	return out
}

// byteCommonness ranks how often a byte occurs in program output, prose
// and code, roughly: the anchor scan looks for each anchor by its rarest
// two triples in a row (rarestTriples), so that few places of a text stop
// it. It decides only speed, never what the scan finds.
func byteCommonness(c byte) int {
	const letters = "zqjxkvbpygfwmucldrhsnioate" // English, rarest first
	switch {
	case c == ' ':
		return 70
	case c == anyDigit[0], c == ':':
		return 40
	case c == foldByte('\n'):
		return 25
	}
	if i := strings.IndexByte(letters, c); i >= 0 {
		return 3 + 2*i
	}
	if strings.IndexByte(".,;()_-/=\"'<>$\t", c) >= 0 {
		return 30
	}
	return 5
}

// englishPairs are the most frequent letter pairs of English text, and
// of code.
const englishPairs = "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de hi ri ro ic ne ea ra ce li ch ll be ma si om ur ss ck ac"

// rarestTriples returns the offset in seq of its two triples in a row
// (four bytes) that text is least likely to hold: the scan finds an
// anchor by both, so a load that holds either one stops it.
func rarestTriples(seq string) int {
	best, bestScore := 0, 1<<30
	for k := 0; k+3 < len(seq); k++ {
		if score := tripleScore(seq[k:k+3]) + tripleScore(seq[k+1:k+4]); score < bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// tripleScore rates how often text holds the three bytes tri: the sum
// of their commonness, and more for each frequent letter pair.
func tripleScore(tri string) int {
	score := 0
	for _, c := range []byte(tri) {
		score += byteCommonness(c)
	}
	for _, pair := range [...]string{tri[:2], tri[1:]} {
		if strings.Contains(englishPairs, pair) {
			score += 60
		}
	}
	if strings.Contains(commonTriples, tri) {
		score += 120
	}
	if proseHashes[tripleHashOf(tri)] {
		score += 240 // as common as prose's commonest triples: above any pair of words'
	}
	return score
}

// proseHashes holds the hashes (tripleHash) of the triples prose holds
// most: commonTriples and a space between two letters (`e p` of `the
// path`). A rare triple that hashes as one of them stops the scan as
// often as that one would: SBCL's `Unhandled` found by `unh`, which
// shares its hash with `e p`, tripled the false hits over the corpus.
var proseHashes = func() map[uint32]bool {
	m := make(map[uint32]bool)
	for a := byte('a'); a <= 'z'; a++ {
		for c := byte('a'); c <= 'z'; c++ {
			m[tripleHashOf(string([]byte{a, ' ', c}))] = true
		}
	}
	for _, tri := range strings.Fields(commonTriples) {
		m[tripleHashOf(tri)] = true
	}
	return m
}()

// commonTriples are frequent triples of English text, and of the words
// that code, paths and traces repeat (default, file, local, data, call):
// a pair of an anchor's triples that holds one stops the scan on every
// line that holds the word.
const commonTriples = "the ing and ion tio ent ere her ate ver ter tha ati hat ers his res ill are con nce all eve ith ted ain est man red thi ive rea wit ons ess ave per ect one und int ant men pro sta ine tin ast der our rat ica iti " +
	"def efa fau aul ult fil ile loc oca cal ata dat lib rc/ usr /us sr/ ret etu tur urn cla las ass"

// A seqAnchor is how the scan finds an anchor: seq, the anchor's
// literal after a line break when it must start a line, holds the three
// bytes the scan stopped at, at off.
type seqAnchor struct {
	seq  string
	off  int
	lead int // 1 when seq starts with the line break before the anchor
	a    logAnchor
	// needs, when set, are what a line must hold where the anchor stands
	// (one of them) for an anchor it finds to count: needsOf.
	needs []anchorNeed
}

// anchorTable finds the anchors by three folded bytes in a row: a byte
// per hash of three bytes filters (one load a triple, where a bit took
// five instructions), a chain of the triples under each hash decides. (A
// map's lookup cost a 10 MB trace as much as the scan: every `close(3) =
// 0` holds the triple `3) `.)
type anchorTable struct {
	ok bool
	// hit is, by the triple's hash, 0 when no triple of the table has
	// it; hitBreak+d when every triple that has it reads an anchor that
	// must start a line, its line break d bytes before the triple; else 1.
	hit     [1 << tripleBits]uint8
	head    [1 << tripleBits]uint16 // by the triple's hash: 1 + the index in tris of its chain's first triple, or 0
	tris    []anchorTriple
	anchors []logAnchor    // the anchors the scan finds
	needs   [][]anchorNeed // by anchor: what must stand where it does (needsOf)
	col0    []logAnchor    // the anchors that must start a line: the text's first line has no break before it
	// lazyNumbers says that the scan leaves out the weak anchors that
	// read a number opening an indented line's text, then `) ` (mocha's
	// `  12) `): weakNumberCounts looks for them, only when whether a
	// generic failure counts decides.
	lazyNumbers bool
}

// An anchorTriple is a triple the anchors are found by, those anchors,
// and the next triple with the same hash (1 + its index, or 0).
type anchorTriple struct {
	x    uint32 // the triple, its first byte lowest
	next uint16
	as   []seqAnchor
}

// tripleBits is the size of the triples' hash: at 18 bits, 256 KB of
// hits, the scan stops at a hash that no triple of the table has (a
// false hit) a third as often as at 16 (on strace's 40,051 loads, 533
// false hits of a triple, not 1,670), for the same instructions a load.
const tripleBits = 18

// tripleHash hashes three folded bytes, the first lowest.
func tripleHash(x uint32) uint32 { return lowTripleHash(uint64(x)) }

// tripleOf packs the first three bytes of tri as the scan reads them,
// the first lowest.
func tripleOf(tri string) uint32 {
	return uint32(tri[0]) | uint32(tri[1])<<8 | uint32(tri[2])<<16
}

// tripleHashOf returns tripleHash of the first three bytes of tri.
func tripleHashOf(tri string) uint32 { return tripleHash(tripleOf(tri)) }

// lowTripleHash is tripleHash of the three low bytes of w: its multiplier
// has its low 40 bits clear, so the bytes above them drop out of the
// product and the scan need not mask them off. (Of 40 odd multipliers of
// 24 bits tried, 0xDAF443 stopped the scan at a false hit least over the
// corpus's outputs, with a hash of 16 bits: 10.6 % of the loads, where
// the hash of 32 bits it replaces stopped at 11.3 %. With 18 bits and
// each anchor's pair of triples chosen by both, 9.3 %. At 18 bits,
// 0xBCBF21 was the best of 400 drawn multipliers on the even-numbered
// corpus cases, by the triples the filter reads that hash where a triple
// of the table does and are none: 388 there and 1,300 on the odd-numbered
// ones it was not chosen on, where 0xDAF443 met 14,976 and 13,205 and
// the median draw 27,672 and 26,384; TestTripleHashFalseHits.)
func lowTripleHash(w uint64) uint32 { return uint32(w * tripleMultiplier >> (64 - tripleBits)) }

// tripleMultiplier is lowTripleHash's multiplier.
const tripleMultiplier = 0xBCBF21 << 40

// tripleMul and foldWord are tripleMultiplier and foldByte's bit in every
// byte of a word as variables, so that nextAnchor's filter holds them in
// registers: the compiler spells a 64-bit constant out again at each use.
var tripleMul, foldWord uint64 = tripleMultiplier, 0x20 * lowBits

var logAnchorTable = newAnchorTable()

func newAnchorTable() *anchorTable {
	anchors, needs, ok := logAnchors()
	t := &anchorTable{ok: ok && len(anchors) > 0}
	for k, a := range anchors {
		if lazyNumber(a) {
			t.lazyNumbers = true
			continue
		}
		t.anchors = append(t.anchors, a)
		t.needs = append(t.needs, needs[k])
		sa := seqAnchor{seq: a.lit, a: a, needs: needs[k]}
		if a.at == atCol0 && !a.afterNumber {
			sa.seq, sa.lead = string(foldByte('\n'))+a.lit, 1
			t.col0 = append(t.col0, a)
		}
		if len(sa.seq) < 3 {
			t.ok = false // shorter than what the scan reads
			continue
		}
		// The scan reads every other triple, so an anchor is found by
		// two in a row: its rarest pair of triples, or a three-byte
		// one's own and its last two bytes before any byte. A compiler's
		// position is found by its last two triples, `5: ` and `: ` before
		// any byte, not by `12:`: an address's or a timestamp's `12:`
		// stands on every line of a disassembly or a blame.
		seq, k := sa.seq+anyByte, 0
		switch {
		case sa.a.position:
			k = len(sa.seq) - 3
		case len(sa.seq) > 3:
			seq, k = sa.seq, rarestTriples(sa.seq)
		}
		for off := k; off <= k+1; off++ {
			sa.off = off
			for _, tri := range expandAny(seq[off : off+3]) {
				x := tripleOf(tri)
				h := tripleHash(x)
				t.hit[h] = 1
				t.add(h, x, sa)
			}
		}
	}
	t.markBreaks()
	return t
}

// lazyNumber reports whether the scan leaves a out, to weakNumberCounts:
// a weak anchor that reads a number opening an indented line's text and
// then its tail, `) `. A blame's `+0000    12) code` and a trace's
// `close(3) = 0` hold such a number's `) ` on every line, at no indent:
// found by the scan, each stopped it, to be turned away; and a line it
// alone finds counts only as a generic failure, which decides planLog
// only beside a verdict.
func lazyNumber(a logAnchor) bool {
	return a.weak && a.afterNumber && a.at == atIndented && !a.position && a.lit[a.skip+1:] == numberTail
}

// numberTail is what follows the number of mocha's heading (`  12) name`,
// isNumberedHeading), as its shape reads it: no letter, so not folded.
const numberTail = ") "

// weakNumberCounts reports whether a line of text that a lazy anchor
// finds (lazyNumber) is counted a generic failure, as planLog counts it:
// a number opening an indented line's text, then numberTail. Only such
// lines are left to count after tallyAnchored: every other line that
// counts holds an anchor of the scan or an escape. It looks for the
// tail's first byte, a vector search, and reads back from each to the
// number's indent only where the tail and a digit before it stand.
func (t *anchorTable) weakNumberCounts(text string) bool {
	if !t.lazyNumbers {
		return false
	}
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], numberTail[0])
		if k < 0 {
			break
		}
		at := i + k
		i = at + 1
		if d := at - 1; d < 0 || !strings.HasPrefix(text[at:], numberTail) || text[d] < '0' || text[d] > '9' || !placed(text, numberStart(text, d, true), atIndented) {
			continue
		}
		var n logTally
		end, next := txt.LineAt(text, at)
		n.add(classifyView(text, txt.LineStart(text, at), end))
		if n.generic > 0 {
			return true
		}
		i = next
	}
	return false
}

// hitBreak is the hit of a hash whose triples all read an anchor that
// must start a line, less how far before the triple its line break
// stands (1 to 127).
const hitBreak = 128

// markBreaks marks in hit the hashes whose every triple is found inside
// an anchor that must start a line, its line break at one distance before
// the triple: the scan turns a load away there by that one byte, without
// looking up the triple. A line-start anchor is found by its rarest
// triples, which may stand anywhere in a line (CMake's `-- Configuring
// incomplete` by `mpl`: a blame's `Example` holds it on every line).
func (t *anchorTable) markBreaks() {
	for h, k := range t.head {
		if k == 0 || t.hit[h] != 1 {
			continue
		}
		back, all := breakBefore(&t.tris[k-1]), true
		for ; k != 0; k = t.tris[k-1].next {
			if breakBefore(&t.tris[k-1]) != back {
				all = false
			}
		}
		if all && back > 0 && back < 256-hitBreak {
			t.hit[h] = uint8(hitBreak + back)
		}
	}
}

// breakBefore returns how far before tr the line break stands that every
// anchor of tr starts with, or 0 when one does not start with a break or
// two stand at different distances.
func breakBefore(tr *anchorTriple) int {
	back := 0
	for k, sa := range tr.as {
		if sa.lead != 1 || k > 0 && sa.off != back {
			return 0
		}
		back = sa.off
	}
	return back
}

// anyByte, in a triple the scan reads, stands for any byte.
const anyByte = "\x02"

// expandAny returns expandDigits(seq) with anyByte spelled as each
// folded byte.
func expandAny(seq string) []string {
	out := expandDigits(seq)
	k := strings.IndexByte(seq, anyByte[0])
	if k < 0 {
		return out
	}
	var all []string
	for _, p := range out {
		for c := range 256 {
			if b := byte(c); foldByte(b) == b {
				all = append(all, p[:k]+string([]byte{b})+p[k+1:]) // the byte, not its rune
			}
		}
	}
	return all
}

// add files sa under the triple x, whose hash is h.
func (t *anchorTable) add(h, x uint32, sa seqAnchor) {
	for k := t.head[h]; k != 0; k = t.tris[k-1].next {
		if tr := &t.tris[k-1]; tr.x == x {
			tr.as = append(tr.as, sa)
			return
		}
	}
	if len(t.tris) == 1<<16-1 {
		t.ok = false // more triples than a chain's index holds: the prefilter is off
		return
	}
	t.tris = append(t.tris, anchorTriple{x: x, next: t.head[h], as: []seqAnchor{sa}})
	t.head[h] = uint16(len(t.tris))
}

// tripleAt returns the table's triple x, whose hash is h, or nil.
func (t *anchorTable) tripleAt(h, x uint32) *anchorTriple {
	for k := t.head[h]; k != 0; k = t.tris[k-1].next {
		if t.tris[k-1].x == x {
			return &t.tris[k-1]
		}
	}
	return nil
}

// expandDigits returns seq with anyDigit spelled as each digit.
func expandDigits(seq string) []string {
	out := []string{seq}
	for k := 0; k < len(seq); k++ {
		if seq[k] != anyDigit[0] {
			continue
		}
		var next []string
		for _, p := range out {
			for d := byte('0'); d <= '9'; d++ {
				b := []byte(p)
				b[k] = d
				next = append(next, string(b))
			}
		}
		out = next
	}
	return out
}

// foldedAt reports whether text holds the folded lit at i.
func foldedAt(text string, i int, lit string) bool {
	if i < 0 || len(text)-i < len(lit) {
		return false
	}
	for k := 0; k < len(lit); k++ {
		c := foldByte(text[i+k])
		if lit[k] == anyDigit[0] {
			if c < '0' || c > '9' {
				return false
			}
		} else if c != lit[k] {
			return false
		}
	}
	return true
}

// placed reports whether text[i] stands where at wants it: anywhere, at
// its line's start, or first after an indent of spaces and tabs.
func placed(text string, i int, at uint8) bool {
	if at == 0 {
		return true
	}
	j := i
	for j > 0 && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	if j > 1 && j < i && text[j-1] == ']' && taskTagBefore(text, j-1) {
		// The line's text after a task tag is classed as a line of its
		// own (cutTaskTag): its first column follows the tag's space.
		if j+1 == i {
			return at&atCol0 != 0
		}
		return at&atIndented != 0
	}
	if j > 0 && text[j-1] != '\n' {
		return false
	}
	if j == i {
		return at&atCol0 != 0
	}
	return at&atIndented != 0
}

// taskTagBefore reports whether text[end] is the ']' of an indented
// line's task tag (cutTaskTag), from the line's start.
func taskTagBefore(text string, end int) bool {
	open := strings.LastIndexByte(text[max(0, end-taskTagMax):end], '[')
	if open < 0 {
		return false
	}
	open += max(0, end-taskTagMax)
	k := open
	for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t') {
		k--
	}
	if k == open || k > 0 && text[k-1] != '\n' {
		return false
	}
	_, ok := cutTaskTag(text[open : end+1])
	return ok
}

// numberStart returns where the number ends at text[i] starts, when
// afterNumber; else i.
func numberStart(text string, i int, afterNumber bool) int {
	if afterNumber {
		for i > 0 && text[i-1] >= '0' && text[i-1] <= '9' {
			i--
		}
	}
	return i
}

// inPosition reports whether the digit at text[i] ends `:12:5`: a colon,
// digits, a colon, and digits up to i.
func inPosition(text string, i int) bool {
	j := i + 1
	for range 2 {
		k := j
		for k > 0 && text[k-1] >= '0' && text[k-1] <= '9' {
			k--
		}
		if k == j || k == 0 || text[k-1] != ':' {
			return false
		}
		j = k - 1
	}
	return true
}

// anchorAt returns where an anchor starts that the three folded bytes x
// at text[i:] find, at or after from, or -1.
func (t *anchorTable) anchorAt(text string, from, i int, x, h uint32) int {
	tr := t.tripleAt(h, x)
	if tr == nil {
		return -1
	}
	for _, sa := range tr.as {
		at := i - sa.off
		start := at + sa.lead
		digit := start + sa.a.skip
		if start >= from && foldedAt(text, at, sa.seq) && placed(text, numberStart(text, digit, sa.a.afterNumber), sa.a.at) && (!sa.a.position || inPosition(text, digit)) && needsStand(text, start, sa.needs) {
			return start
		}
	}
	return -1
}

// nextAnchor returns where the first anchor found at or after from
// starts, or len(text). It reads every other triple, folded, from three
// loads of eight bytes for each six.
func (t *anchorTable) nextAnchor(text string, from int) int {
	if from == 0 {
		for _, a := range t.col0 {
			if foldedAt(text, 0, a.lit) {
				return 0
			}
		}
	}
	i := max(from-1, 0) // the break before a line is an anchor's first byte
	// Every anchor has two triples in a row in the table, so reading the
	// triples at every other byte finds it: three of each eight bytes
	// loaded. The loop only filters; a load whose triples pass is read
	// again below, so that the filter keeps its values in registers.
	// The fold and the hash's multiplier are loaded into registers once:
	// as constants, the compiler spelled them out again in each pass.
	// A load for each triple, as the hash drops the bytes above it: one
	// load shifted twice needed a copy for each shift (22 instructions
	// a pass, not 24).
	// Two passes a turn of the loop, their six hits tested at once (a
	// pass that hits is read again alone): the loop's count, its test and
	// its branch are paid once for twelve bytes. The passes are those of
	// a pass a turn, in the same order.
	hit, last, fold, mul := &t.hit, len(text)-12, foldWord, tripleMul
	for last2 := last - 6; i <= last2; i += 12 {
		s := text[i : i+18] // one bounds check for the six loads
		a := hit[(load64(s, 0)|fold)*mul>>(64-tripleBits)] | hit[(load64(s, 2)|fold)*mul>>(64-tripleBits)] | hit[(load64(s, 4)|fold)*mul>>(64-tripleBits)]
		b := hit[(load64(s, 6)|fold)*mul>>(64-tripleBits)] | hit[(load64(s, 8)|fold)*mul>>(64-tripleBits)] | hit[(load64(s, 10)|fold)*mul>>(64-tripleBits)]
		if a|b == 0 {
			continue
		}
		if a != 0 {
			if at := t.anchorInLoad(text, from, i); at >= 0 {
				return at
			}
		}
		if b != 0 {
			if at := t.anchorInLoad(text, from, i+6); at >= 0 {
				return at
			}
		}
	}
	for ; i <= last; i += 6 {
		s := text[i : i+12] // one bounds check for the three loads
		if hit[(load64(s, 0)|fold)*mul>>(64-tripleBits)]|hit[(load64(s, 2)|fold)*mul>>(64-tripleBits)]|hit[(load64(s, 4)|fold)*mul>>(64-tripleBits)] == 0 {
			continue
		}
		if at := t.anchorInLoad(text, from, i); at >= 0 {
			return at
		}
	}
	// The rest, every triple: from the one before, whose partner may be
	// the one a three-byte anchor at the end has not.
	for i = max(i-1, 0); i+2 < len(text); i++ {
		if at := t.anchorAtTriple(text, from, i); at >= 0 {
			return at
		}
	}
	return len(text)
}

// anchorInLoad returns where an anchor starts that the triples at i,
// i+2 and i+4 of text find, folded, at or after from, or -1. It reads
// the load and the triples' hits again, each triple apart: kept from the
// filter, the hits cost it a spill on every load (an objdump's scan 2.5 M
// instructions more), and the load a copy, where reading them again costs
// a pass.
func (t *anchorTable) anchorInLoad(text string, from, i int) int {
	w := load64(text, i) | foldWord
	x0, x2, x4 := uint32(w)&0xffffff, uint32(w>>16)&0xffffff, uint32(w>>32)&0xffffff
	if v := t.hit[tripleHash(x0)]; v != 0 {
		if at := t.anchorAtHit(text, from, i, x0, v); at >= 0 {
			return at
		}
	}
	if v := t.hit[tripleHash(x2)]; v != 0 {
		if at := t.anchorAtHit(text, from, i+2, x2, v); at >= 0 {
			return at
		}
	}
	if v := t.hit[tripleHash(x4)]; v != 0 {
		return t.anchorAtHit(text, from, i+4, x4, v)
	}
	return -1
}

// anchorAtHit is anchorAt for the folded triple x at text[i:], whose
// hash's hit v is not 0. A triple whose hit says where its anchors' line
// break must stand is turned away without being looked up where no break
// folds to the byte there.
func (t *anchorTable) anchorAtHit(text string, from, i int, x uint32, v uint8) int {
	if v >= hitBreak {
		if b := i - int(v-hitBreak); b < 0 || foldByte(text[b]) != foldByte('\n') {
			return -1 // no break where the anchors' must stand: anchorAt would turn it away
		}
	}
	return t.anchorAt(text, from, i, x, tripleHash(x))
}

// anchorAtTriple is anchorAt for the triple at text[i:i+3], when its
// hash's bit is set.
func (t *anchorTable) anchorAtTriple(text string, from, i int) int {
	x := uint32(foldByte(text[i])) | uint32(foldByte(text[i+1]))<<8 | uint32(foldByte(text[i+2]))<<16
	h := tripleHash(x)
	if t.hit[h] == 0 {
		return -1
	}
	return t.anchorAt(text, from, i, x, h)
}

// logTally is what planLog counts of a text's lines before it decides.
type logTally struct {
	strong, generic, summaries int
}

// add counts a line of class c opening open, as planLog counts it.
func (n *logTally) add(c, open uint8) {
	switch c {
	case lineSummary:
		if open != blockGeneric {
			n.summaries++
		}
	case lineError:
		if weakOpen(open) {
			n.generic++
		} else {
			n.strong++
		}
	case lineTrace:
		if open == blockFailDetail {
			n.generic++
		}
	}
}

// accepts reports whether planLog takes a text with these counts
// whatever its verdict: a failure that is no mere failure word, or two
// runner summaries.
func (n logTally) accepts() bool { return n.strong > 0 || n.summaries >= 2 }

// classifyView classes the line text[start:end] as scanLog does: without
// its CR, escapes stripped, with pytest's summary heading looked for.
func classifyView(text string, start, end int) (uint8, uint8) {
	view := text[start:end]
	if end > start && view[len(view)-1] == '\r' {
		view = view[:len(view)-1]
	}
	if strings.IndexByte(view, 0x1b) >= 0 {
		view = string(txt.StripANSI(nil, view))
	}
	return classifyFull(view, strings.Contains(view, summaryInfo))
}

// tallyAnchored counts the lines of text that hold an anchor or an
// escape, classified; every other line is classed neither a failure nor
// a summary, and counts nothing. It stops once the counts accept.
func tallyAnchored(text string) logTally {
	var n logTally
	esc := nextAt(text, 0, -1, indexEscape)
	// The next anchor is kept until the lines read pass it: escapes
	// between two anchors far apart (random bytes hold one in 256) would
	// otherwise scan the gap again from each escape, quadratic in it.
	anchor := -1
	for i := 0; i < len(text); {
		if anchor < i {
			anchor = logAnchorTable.nextAnchor(text, i)
		}
		i = anchor
		if esc < i {
			i = esc
		}
		if i >= len(text) {
			break
		}
		start := txt.LineStart(text, i)
		end, next := txt.LineAt(text, i)
		n.add(classifyView(text, start, end))
		if n.accepts() {
			break // planLog takes it: no need to count on
		}
		i = next
		esc = nextAt(text, i, esc, indexEscape)
	}
	return n
}

// verdictTailText returns the last lines of text that planLog reads for
// the verdict: at least verdictTail lines, and verdictWindow that hold a
// byte other than white space and escapes. Runs of blank lines before the
// last verdictTail lines are left out: scanLog classes each line alone,
// and the verdict skips blank lines but for the last verdictTail, so they
// change nothing, and a text of blank lines is not read line by line.
func verdictTailText(text string) string {
	start, drops := verdictTailRanges(text)
	if len(drops) == 0 {
		return text[start:]
	}
	var b strings.Builder
	at := start
	for k := len(drops) - 1; k >= 0; k-- { // found from the end back
		b.WriteString(text[at:drops[k][0]])
		at = drops[k][1]
	}
	b.WriteString(text[at:])
	return b.String()
}

// verdictTailRanges returns where verdictTailText's lines start in text
// and the runs of two or more blank lines, [from, to) on line starts, it
// leaves out, last first.
func verdictTailRanges(text string) (int, [][2]int) {
	var drops [][2]int
	lines, solid := 0, 0
	end := len(text)
	if end > 0 && text[end-1] == '\n' {
		end-- // scanLog makes no line of what follows the last break
	}
	for end >= 0 {
		start := txt.LineStart(text, end)
		l := text[start:end]
		lines++
		if solidLine(l) {
			solid++
		}
		if start == 0 || lines >= verdictTail && solid >= verdictWindow {
			return start, drops
		}
		if lines > verdictTail && end < len(text) && isBlank(l) {
			// The blank lines before this one, in a single read back.
			j := start
			for j > 0 && asciiSpace(text[j-1]) {
				j--
			}
			from := 0
			if j > 0 {
				from = j + strings.IndexByte(text[j:], '\n') + 1
			}
			if from < start {
				drops = append(drops, [2]int{from, end + 1})
				if from == 0 {
					return 0, drops
				}
				start = from
			}
		}
		end = start - 1
	}
	return 0, drops
}

// solidLine reports whether l surely holds text scanLog reads as a line
// of its own: not white space, not a valgrind-style prefix before white
// space (scanLog classes that blank), and no escape that stripping may
// leave as nothing.
func solidLine(l string) bool {
	if rest, ok := cutValgrindPrefix(l); ok {
		l = rest
	}
	return !isBlank(l) && strings.IndexByte(l, 0x1b) < 0
}

// asciiSpace reports the bytes isBlank takes for white space below 0x80.
func asciiSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// longLines is the mean line length from which planLog classifies a text
// faster than the anchor scan reads it: planLog reads the first 400 bytes
// of a line, and the rest only in a few byte searches.
const longLines = 1024

// breaksAtLeast reports whether text holds n line breaks or more,
// strings.Count(text, "\n") >= n: it stops at the n-th, so a text of short
// lines is read no further than its first n lines.
func breaksAtLeast(text string, n int) bool {
	for i := 0; n > 0; n-- {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return true
}

// logSurelyDeclines reports whether planLog(text, limit, o) declines,
// saying so only when it is sure. Its answer is planLog's decision on
// the counts of the lines tallyAnchored classifies and on the verdict of
// the last lines, which it classifies whole.
func logSurelyDeclines(text string, limit int, exitCode *int) bool {
	if limit < logLeast || text == "" || len(text) > maxLogText {
		return true
	}
	if exitCode != nil || !logAnchorTable.ok || lintReport(text) {
		return false // a run that exited tells itself, a lint report is a log; planLog decides
	}
	if !breaksAtLeast(text, len(text)/longLines) {
		return false // few long lines: classifying them costs planLog less than reading every byte
	}
	n := tallyAnchored(text)
	if n.accepts() {
		return false
	}
	tail := verdictTailText(text)
	lines := scanLog(tail)
	verdict := len(verdictLines(lines)) > 0
	fails := verdictFails(lines)
	if !verdict && !fails {
		return true // with neither, planLog declines whatever the generic failures
	}
	if n.generic == 0 && !logAnchorTable.weakNumberCounts(text) {
		return fails // planLog tells a run with a verdict and no failure as a success
	}
	return !fails
}

// skipBlankLines returns the start of the first line at or after the line
// start i that holds a byte other than ASCII white space, or len(text):
// one read over a run of blank lines, not a line at a time.
func skipBlankLines(text string, i int) int {
	j := i
	for j < len(text) && asciiSpace(text[j]) {
		j++
	}
	return max(i, txt.LineStart(text, j))
}

// blankLinesBefore returns where the last line before the line start i
// ends that holds a byte other than ASCII white space, or 0 when there is
// none: diagnosticShaped's next end reading back over blank lines.
func blankLinesBefore(text string, i int) int {
	j := i
	for j > 0 && asciiSpace(text[j-1]) {
		j--
	}
	if j == 0 {
		return 0
	}
	return j + strings.IndexByte(text[j:], '\n')
}
