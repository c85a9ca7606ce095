package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// searchIndex is the dense list of the files a search plan shows no line
// of: `[also: a.go (3), b/c.go (2), …]`, wrapped; when that does not fit,
// every file still named, a directory's files on a line of their own under
// it (`[also in lib/gen/: a.erl (1), b.erl (2)]`); beyond, directories
// rolled up only as far as it must be to fit.
type searchIndex struct {
	lines   []string // note lines
	cost    int      // bytes they render to
	flat    bool     // every file listed by its path
	byDir   bool     // every file listed, some by name under their directory
	rolled  int      // files counted in a directory entry instead
	counted int      // files counted only in a last total
}

const (
	indexLead  = "[also: "
	dirLead    = "[also in " // then the directory, ": " and its files' entries
	indexWidth = 200         // bytes of an index line, entries allowing
	maxDepths  = 24          // directory depths tried before the last resort
)

// coarser reports whether ix names fewer of its files than was does.
func (ix searchIndex) coarser(was searchIndex) bool {
	level := func(x searchIndex) int {
		switch {
		case x.flat:
			return 3
		case x.byDir && x.rolled == 0:
			return 2
		case x.counted == 0:
			return 1
		}
		return 0
	}
	if level(ix) != level(was) {
		return level(ix) < level(was)
	}
	return ix.rolled+ix.counted > was.rolled+was.counted
}

// indexEntry is a file's entry: `path (count)`.
func indexEntry(f *searchFile) string {
	name := f.path
	if name == "" {
		name = "this file"
	}
	return name + " (" + txt.Commas(f.count) + ")"
}

// indexFloor is the most the last resort of fitIndex can take.
func indexFloor(files []*searchFile) int {
	n, m := 0, 0
	for _, f := range files {
		n++
		m += f.count
	}
	return len(wrapIndex([]string{totalsEntry(n, m)})[0]) + 2
}

// totalsEntry counts files an index does not name.

func totalsEntry(files, matches int) string {
	return txt.Plural(files, "file") + " with " + txt.Plural(matches, "match")
}

// fitIndex lists files within room bytes: each by path when they fit,
// else by name under their directories, the directories with the most
// files rolled up as far as they must be (dirIndex), else grouped by
// directory at the deepest level that fits (a directory of one file still
// names the file), else the files that fit and a total of the rest. It prices
// every level from the lengths of its entries and writes out only the
// level it returns; the directories are ids (see assignDirs), so a level
// costs a pass over the files without hashing a path.
func fitIndex(files []*searchFile, tree *dirTree, room int) searchIndex {
	if len(files) == 0 {
		return searchIndex{flat: true}
	}
	// An entry takes at least minEntry bytes: no need to price a list
	// that cannot fit.
	const minEntry = 8
	if len(files)*minEntry <= room {
		m := wrapMeter{lead: len(indexLead)}
		for _, f := range files {
			m.add(indexEntryLen(f))
		}
		if m.total() <= room {
			entries := make([]string, len(files))
			for i, f := range files {
				entries[i] = indexEntry(f)
			}
			ix := newIndex(entries)
			ix.flat = true
			return ix
		}
	}
	// The ids were assigned once for all the planner's files
	// (newSearchPlanner): past the largest is free for the root.
	nodes, deepest := 0, 0
	for _, f := range files {
		// A parent's id is smaller than its child's.
		nodes = max(nodes, int(f.dir)+1)
		deepest = max(deepest, tree.dirs(f))
	}
	if ix, ok := dirIndex(files, tree, nodes, room); ok {
		return ix
	}
	// Per directory id (nodes stands for the root): its files, matches,
	// and first file; groups lists the ids of a level in order of first
	// appearance.
	gFiles := make([]int, nodes+1)
	gMatches := make([]int, nodes+1)
	gFirst := make([]*searchFile, nodes+1)
	var groups []int32
	for depth := min(deepest, maxDepths); depth >= 0; depth-- {
		for _, g := range groups {
			gFiles[g], gMatches[g] = 0, 0
		}
		groups = groups[:0]
		for _, f := range files {
			g := tree.dirAt(f, depth, nodes)
			if gFiles[g] == 0 {
				groups = append(groups, g)
				gFirst[g] = f
			}
			gFiles[g]++
			gMatches[g] += f.count
		}
		if len(groups) < 2 {
			// One directory for all (a shared prefix, or no directories
			// at all) says nothing the marker does not.
			break
		}
		if len(groups)*minEntry > room {
			continue
		}
		m := wrapMeter{lead: len(indexLead)}
		for _, g := range groups {
			if gFiles[g] == 1 {
				m.add(indexEntryLen(gFirst[g]))
				continue
			}
			m.add(dirEntryLen(groupName(gFirst[g].path, depth), gFiles[g], gMatches[g]))
		}
		if m.total() > room {
			continue
		}
		entries := make([]string, 0, len(groups))
		rolled := 0
		for _, g := range groups {
			if gFiles[g] == 1 {
				entries = append(entries, indexEntry(gFirst[g]))
				continue
			}
			entries = append(entries, groupName(gFirst[g].path, depth)+" ("+txt.Commas(gFiles[g])+" files, "+txt.Plural(gMatches[g], "match")+")")
			rolled += gFiles[g]
		}
		ix := newIndex(entries)
		ix.rolled = rolled
		return ix
	}
	return partialIndex(files, room)
}

// dirIndex lists the files within room bytes, or returns false: the files
// of a directory on a line of their own, each by its name under the
// directory's path (`[also in lib/gen/: a.erl (1), b.erl (2)]`), where
// that is shorter than their paths in full; the other files by path, as a
// flat index lists them. Many files in few directories, the short names
// of a generated tree, fit where their paths do not. When even that does
// not fit, the directories with the most files are rolled up first, one
// entry each (`lib/gen/ (148 files, 316 matches)`), until it does: every
// other file stays named.
func dirIndex(files []*searchFile, tree *dirTree, nodes, room int) (searchIndex, bool) {
	// Per directory id: its files, matches and first file, and the bytes
	// its files' entries take under it.
	gFiles := make([]int, nodes)
	gMatches := make([]int, nodes)
	gNames := make([]int, nodes)
	gFirst := make([]*searchFile, nodes)
	var order []int32 // directories of two files or more, by first appearance
	for _, f := range files {
		d := f.dir
		if d < 0 {
			continue
		}
		if gFiles[d] == 0 {
			gFirst[d] = f
		}
		gFiles[d]++
		gMatches[d] += f.count
		gNames[d] += indexEntryLen(f) - dirLen(f) + 2
		if gFiles[d] == 2 {
			order = append(order, d)
		}
	}
	// A directory's line costs its lead, its path and its entries; in
	// full, each entry carries the path.
	lineCost := func(d int32) int {
		return len(dirLead) + dirLen(gFirst[d]) + len(": ") + gNames[d] - 2 + len("]") + 2
	}
	own := make([]bool, nodes)
	for _, d := range order {
		own[d] = lineCost(d) < gNames[d]+gFiles[d]*dirLen(gFirst[d])
	}
	// The directories to roll up, most files first.
	byFiles := slices.Clone(order)
	slices.SortStableFunc(byFiles, func(a, b int32) int { return gFiles[b] - gFiles[a] })
	rolled := make([]bool, nodes)
	// markRolled marks the first k of byFiles rolled up, and no others.
	markRolled := func(k int) {
		clear(rolled)
		for _, d := range byFiles[:k] {
			rolled[d] = true
		}
	}
	// cost prices the index with the first k of byFiles rolled up.
	cost := func(k int) int {
		markRolled(k)
		n := 0
		m := wrapMeter{lead: len(indexLead)}
		for _, f := range files {
			switch d := f.dir; {
			case d < 0 || !rolled[d] && !own[d]:
				m.add(indexEntryLen(f))
			case rolled[d] && gFirst[d] == f:
				m.add(dirEntryLen(groupName(f.path, tree.dirs(f)), gFiles[d], gMatches[d]))
			case !rolled[d] && gFirst[d] == f:
				n += lineCost(d)
			}
		}
		return n + m.total()
	}
	k := 0
	if cost(0) > room {
		if cost(len(byFiles)) > room {
			return searchIndex{}, false
		}
		lo, hi := 0, len(byFiles) // cost(lo) > room; cost(hi) fits
		for hi-lo > 1 {
			if mid := (lo + hi) / 2; cost(mid) <= room {
				hi = mid
			} else {
				lo = mid
			}
		}
		k = hi
	}
	markRolled(k)
	if !slices.Contains(own, true) && k == 0 {
		return searchIndex{}, false // a flat index, which did not fit
	}
	// Written out: the directories' lines in order of first appearance,
	// then the files listed in full and the directories rolled up.
	names := make([][]string, nodes)
	var entries []string
	big, bigAt := int32(-1), -1 // the directory rolled up with the most files, and its entry
	if k > 0 {
		big = byFiles[0]
	}
	var bigFiles []*searchFile
	ix := searchIndex{byDir: true}
	for _, f := range files {
		switch d := f.dir; {
		case d < 0 || !rolled[d] && !own[d]:
			entries = append(entries, indexEntry(f))
		case rolled[d]:
			if d == big {
				bigFiles = append(bigFiles, f)
			}
			if gFirst[d] == f {
				if d == big {
					bigAt = len(entries)
				}
				entries = append(entries, groupName(f.path, tree.dirs(f))+" ("+txt.Commas(gFiles[d])+" files, "+txt.Plural(gMatches[d], "match")+")")
				ix.rolled += gFiles[d]
			}
		default:
			names[d] = append(names[d], indexEntry(f)[dirLen(f):])
		}
	}
	line := make([]string, nodes)
	used := 0
	for _, d := range order {
		if own[d] && !rolled[d] {
			line[d] = dirLead + gFirst[d].path[:dirLen(gFirst[d])] + ": " + strings.Join(names[d], ", ") + "]"
			used += len(line[d]) + 2
		}
	}
	flat := newIndex(entries)
	if bigAt >= 0 {
		// The room the roll-up leaves names what fits of the directory
		// rolled up with the most files, the rest counted on its line.
		rest := newIndex(slices.Delete(slices.Clone(entries), bigAt, bigAt+1))
		if l, named := partialDirLine(bigFiles, dirLen(bigFiles[0]), room-used-rest.cost); named > 0 {
			line[big] = l
			used += len(l) + 2
			flat = rest
			ix.rolled -= named
		}
	}
	for _, d := range order {
		if line[d] != "" {
			ix.lines = append(ix.lines, line[d])
		}
	}
	ix.lines = append(ix.lines, flat.lines...)
	ix.cost = used + flat.cost
	return ix, true
}

// partialDirLine names, on one line of at most room bytes, the files of
// one directory (their paths' first cut bytes) that fit, the busiest and
// those spread over it first (spreadPositions), in input order, and
// counts the rest; it returns how many it names, none when none fits.
func partialDirLine(files []*searchFile, cut, room int) (string, int) {
	m := 0
	for _, f := range files {
		m += f.count
	}
	// The rest's entry is no longer than when it counts every file.
	cost := len(dirLead) + cut + len(": ") + len(", and ") + len(totalsEntry(len(files), m)) + len("]") + 2
	named := make([]bool, len(files))
	n := 0
	for _, i := range spreadPositions(files) {
		c := indexEntryLen(files[i]) - cut + len(", ")
		if cost+c > room {
			continue
		}
		cost += c
		named[i] = true
		n++
	}
	if n == 0 {
		return "", 0
	}
	return dirLead + files[0].path[:cut] + ": " + strings.Join(partialEntries(files, named, cut), ", ") + "]", n
}

// partialEntries returns the index entries of the files named, in input
// order, each from byte cut of its path on, and an entry that counts the
// rest when any is left: "and 3 files with 5 matches", without its "and"
// when no file is named.
func partialEntries(files []*searchFile, named []bool, cut int) []string {
	var entries []string
	rest, restMatches := 0, 0
	for i, f := range files {
		if named[i] {
			entries = append(entries, indexEntry(f)[cut:])
		} else {
			rest++
			restMatches += f.count
		}
	}
	if rest > 0 {
		lead := "and "
		if len(entries) == 0 {
			lead = ""
		}
		entries = append(entries, lead+totalsEntry(rest, restMatches))
	}
	return entries
}

// dirEntryLen is the length of a rolled-up directory's entry.
func dirEntryLen(name string, files, matches int) int {
	word := len(" matches")
	if matches == 1 {
		word = len(" match")
	}
	return len(name) + len(" ( files, )") + commasLen(files) + commasLen(matches) + word
}

// dirLen is the length of the directory part of f's path, its last
// separator included.
func dirLen(f *searchFile) int { return strings.LastIndexAny(f.path, `/\`) + 1 }

// groupName is the name of the directory of path cut to depth components
// in an index: "./" for none.
func groupName(path string, depth int) string {
	if name := dirPrefix(path, depth); name != "" {
		return name
	}
	return "./"
}

// A dirTree is the directories of a planner's files (assignDirs): ids
// in order of first appearance, so a directory's parent has a smaller id
// than it. parent[id] is the id of its parent, -1 for a top directory;
// depth[id] how many components it has.
type dirTree struct{ parent, depth []int32 }

// assignDirs gives every file the id of its directory (f.dir, -1 for
// none) and returns the tree of the ids. Ids are shared by the files
// given: a planner assigns them once, for all its files, and every index
// it fits after groups by them. A file holds one id, not one a depth: a
// flood has a file a match line.
func assignDirs(files []*searchFile) *dirTree {
	t := &dirTree{}
	ids := map[string]int32{}
	for _, f := range files {
		f.dir = -1
		for i := 0; i < len(f.path); i++ {
			if c := f.path[i]; c == '/' || c == '\\' {
				id, ok := ids[f.path[:i+1]]
				if !ok {
					id = int32(len(ids))
					ids[f.path[:i+1]] = id
					t.parent = append(t.parent, f.dir)
					d := int32(1)
					if f.dir >= 0 {
						d = t.depth[f.dir] + 1
					}
					t.depth = append(t.depth, d)
				}
				f.dir = id
			}
		}
	}
	return t
}

// dirs returns how many directories f's path has.
func (t *dirTree) dirs(f *searchFile) int {
	if f.dir < 0 {
		return 0
	}
	return int(t.depth[f.dir])
}

// dirAt is the id of f's directory cut to depth components; root for
// none.
func (t *dirTree) dirAt(f *searchFile, depth int, root int) int32 {
	if depth == 0 || f.dir < 0 {
		return int32(root)
	}
	d := f.dir
	for int(t.depth[d]) > depth {
		d = t.parent[d]
	}
	return d
}

// indexEntryLen is len(indexEntry(f)).
func indexEntryLen(f *searchFile) int {
	name := len(f.path)
	if name == 0 {
		name = len("this file")
	}
	return name + len(" ()") + commasLen(f.count)
}

// A wrapMeter prices entries one at a time as wrapEntries writes them
// under a lead, each line with its break, without writing or holding
// their lengths: a flood's index prices an entry a file.
type wrapMeter struct{ lead, cost, b int }

// add prices the next entry, of n bytes.
func (m *wrapMeter) add(n int) {
	if m.b > 0 && m.b+2+n+1 > indexWidth {
		m.cost += m.b + 1 + 2
		m.b = 0
	}
	if m.b == 0 {
		m.b = m.lead + n
	} else {
		m.b += 2 + n
	}
}

// total returns what the entries added take.
func (m *wrapMeter) total() int {
	if m.b > 0 {
		return m.cost + m.b + 1 + 2
	}
	return m.cost
}

// partialIndex names the files that fit, the busiest and those spread
// over the list first, in input order, and counts the rest on one entry.
func partialIndex(files []*searchFile, room int) searchIndex {
	m := 0
	for _, f := range files {
		m += f.count
	}
	// The rest's entry is no longer than when it counts every file.
	cost := len(indexLead) + 3 + len(totalsEntry(len(files), m)) + 8
	var order []int32 // the files named, in the order they were chosen
	for _, i := range spreadPositions(files) {
		c := indexEntryLen(files[i]) + 2
		if est := cost + c; est+(est/(indexWidth/2)+1)*(len(indexLead)+3) > room {
			continue
		}
		cost += c
		order = append(order, i)
	}
	// build writes the index naming the first k files chosen.
	build := func(k int) searchIndex {
		named := make([]bool, len(files))
		for _, i := range order[:k] {
			named[i] = true
		}
		ix := newIndex(partialEntries(files, named, 0))
		ix.counted = len(files) - k
		return ix
	}
	// The estimate is generous; when it was not, halving finds how many
	// of the chosen files fit.
	ix := build(len(order))
	if ix.cost > room {
		lo, hi := 0, len(order) // build(hi) does not fit
		for hi-lo > 1 {
			if mid := (lo + hi) / 2; build(mid).cost <= room {
				lo = mid
			} else {
				hi = mid
			}
		}
		ix = build(lo)
	}
	return ix
}

func newIndex(entries []string) searchIndex {
	ix := searchIndex{lines: wrapIndex(entries)}
	for _, l := range ix.lines {
		ix.cost += len(l) + 2
	}
	return ix
}

// wrapIndex joins index entries into lines.
func wrapIndex(entries []string) []string { return wrapEntries(indexLead, entries) }

// wrapEntries joins entries into `[lead…]` lines of about indexWidth bytes.
func wrapEntries(lead string, entries []string) []string { return wrapEntriesLead(lead, lead, entries) }

// wrapEntriesLead is wrapEntries with next as the lead of the lines after
// the first.
func wrapEntriesLead(lead, next string, entries []string) []string {
	var lines []string
	var b strings.Builder
	for _, e := range entries {
		if b.Len() > 0 && b.Len()+2+len(e)+1 > indexWidth {
			b.WriteString("]")
			lines = append(lines, b.String())
			b.Reset()
		}
		switch {
		case b.Len() == 0 && len(lines) == 0:
			b.WriteString(lead)
		case b.Len() == 0:
			b.WriteString(next)
		default:
			b.WriteString(", ")
		}
		b.WriteString(e)
	}
	if b.Len() > 0 {
		b.WriteString("]")
		lines = append(lines, b.String())
	}
	return lines
}

// dirPrefix returns the directory of path cut to at most depth components,
// with its trailing separator: "src/billing/" for depth 2, "" for 0.
func dirPrefix(path string, depth int) string {
	dir := path[:strings.LastIndexAny(path, `/\`)+1]
	if depth == 0 {
		return ""
	}
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
