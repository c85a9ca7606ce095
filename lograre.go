package headroom

// rareShapeLeast is the fewest lines of one shape rareShapeLines tells
// a line of its own shape apart from.
const rareShapeLeast = 50

// rareShapeShare: the lines of a shape seen once are rare only while
// they are at most one in this many of the non-blank lines.
const rareShapeShare = 10

// rareShapeLines returns, in input order, the lines of a run that passed
// whose shape (the line with what it names masked, appendMasked) is seen
// once, when one shape makes at least half of the non-blank lines and at
// least rareShapeLeast of them, and such lines are few: tabnanny -v's
// `'a.py': *** Line 156: trouble in tab city! ***` and the two lines
// below it among 491 `'b.py': Clean bill of health.` lines, a checker's
// one complaint its exit status does not tell. A log whose lines mostly
// differ (a build naming each step) has no dominant shape and no rare
// line. Shapes are counted by a hash (shapeHash), so a million lines
// cost no string each.
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
		key = appendMasked(key[:0], lines.line(i))
		h := shapeHash(key)
		hashes[i] = h
		count[h]++
	}
	var most int32
	singles := 0
	for _, n := range count {
		most = max(most, n)
		if n == 1 {
			singles++
		}
	}
	if most < rareShapeLeast || int(most)*2 < nonBlank || singles*rareShapeShare > nonBlank {
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
