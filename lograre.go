package headroom

// rareShapeLeast is the fewest lines of one shape rareShapeLines counts
// as common.
const rareShapeLeast = 50

// rareShapeShare: the lines of a shape seen once are rare only while
// they are at most one in this many of the non-blank lines.
const rareShapeShare = 10

// rareShapeLines returns, in input order, the lines of a run whose shape
// (the line with what it names masked, dotted names too: appendMaskedDots)
// is seen once, when the shapes of at least rareShapeLeast lines each
// make at least half of the non-blank lines, and such lines are few:
// tabnanny -v's `'a.py': *** Line 156: trouble in tab city! ***` and the
// two lines below it among 491 `'b.py': Clean bill of health.` lines, a
// checker's one complaint its exit status does not tell; a JVM's
// `[0.16s][info][class,load] java.lang.Object source: …` lines and the
// program's own words among them; git fsck's `Checking connectivity`
// among its `Checking blob <hash>` and `Checking <hash>` lines. A log
// whose lines mostly differ (a build naming each step) has no common
// shape and no rare line. Shapes are counted by a hash (shapeHash), so a
// million lines cost no string each.
func rareShapeLines(lines logLines) []int {
	hashes := make([]uint64, lines.len())
	count := map[uint64]int32{}
	var key []byte
	nonBlank := 0
	for i := range lines.len() {
		if lines.class(i) == lineBlank {
			continue
		}
		nonBlank++
		key = appendMaskedDots(key[:0], lines.line(i), true)
		h := shapeHash(key)
		hashes[i] = h
		count[h]++
	}
	common, singles := 0, 0
	for _, n := range count {
		if n >= rareShapeLeast {
			common += int(n)
		}
		if n == 1 {
			singles++
		}
	}
	if common == 0 || common*2 < nonBlank || singles*rareShapeShare > nonBlank {
		return nil
	}
	var out []int
	for i, h := range hashes {
		if lines.class(i) != lineBlank && count[h] == 1 {
			out = append(out, i)
		}
	}
	return out
}

// rareShapeRoomShare bounds the rare lines a success view keeps before
// its head and tail: a third of its room.
const rareShapeRoomShare = 3

// shapeHash is the 64-bit FNV-1a hash of key: fixed, so the same input
// counts its shapes the same way in every process.
func shapeHash(key []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range key {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// rareShapeFailShare bounds the rare lines a failed run's view keeps
// after its failures, their traces and its verdict: an eighth of the
// limit, in input order.
const rareShapeFailShare = 8

// pickRareShapes keeps, within a rareShapeFailShare of limit more, the
// lines of a shape seen once (rareShapeLines) in a log that failed and
// is quiet (quietLog): what the program said in its own words among the
// lines of a tracing or verbose run, which no failure word marks.
func pickRareShapes(sel *logSelection, lines logLines, limit int) {
	if !quietLog(lines) {
		return
	}
	bound := sel.cost + limit/rareShapeFailShare
	for _, i := range rareShapeLines(lines) {
		if !sel.pickWithin(i, bound) {
			return
		}
	}
}

// quietLog reports whether at most one in rareShapeShare of the log's
// non-blank lines is a failure, warning, trace or summary line: a trace
// or a verbose run with a few failures in it, where a line of a shape
// seen once is the program's own word. Where the failures are many (a
// harness's 160 alike `#   Failed test` blocks), the lines between them
// are their detail, and the failures are told by their own rules. It
// reads a byte a line, so a log of many failures pays no shape count.
func quietLog(lines logLines) bool {
	loud, nonBlank := 0, 0
	for i := range lines.len() {
		switch lines.class(i) {
		case lineBlank:
			continue
		case lineOther, linePassed:
		default:
			loud++
		}
		nonBlank++
	}
	return loud*rareShapeShare <= nonBlank
}
