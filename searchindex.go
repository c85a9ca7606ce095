package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// searchIndex is the dense list of the files a search plan shows no line
// of: `[also: a.go (3), b/c.go (2), …]`, wrapped, with directories rolled
// up only as far as it must be to fit.
type searchIndex struct {
	lines   []string // note lines
	cost    int      // bytes they render to
	flat    bool     // every file listed by name
	rolled  int      // files counted in a directory entry instead
	counted int      // files counted only in a last total
}

const (
	indexLead  = "[also: "
	indexWidth = 200 // bytes of an index line, entries allowing
	maxDepths  = 24  // directory depths tried before the last resort
)

// coarser reports whether ix names fewer of its files than was does.
func (ix searchIndex) coarser(was searchIndex) bool {
	level := func(x searchIndex) int {
		switch {
		case x.flat:
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

// fitIndex lists files within room bytes: each by name when they fit,
// else grouped by directory at the deepest level that fits (a directory
// of one file still names the file), else one line of totals. It prices
// every level from the lengths of its entries and writes out only the
// level it returns; the directories are ids (see assignDirs), so a level
// costs a pass over the files without hashing a path.
func fitIndex(files []*searchFile, room int) searchIndex {
	if len(files) == 0 {
		return searchIndex{flat: true}
	}
	// An entry takes at least minEntry bytes: no need to price a list
	// that cannot fit.
	const minEntry = 8
	lens := make([]int, 0, len(files))
	if len(files)*minEntry <= room {
		for _, f := range files {
			lens = append(lens, indexEntryLen(f))
		}
		if wrapCost(len(indexLead), lens) <= room {
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
		for _, id := range f.dirs {
			nodes = max(nodes, int(id)+1)
		}
		deepest = max(deepest, len(f.dirs))
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
			g := dirAt(f, depth, nodes)
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
		lens = lens[:0]
		for _, g := range groups {
			if gFiles[g] == 1 {
				lens = append(lens, indexEntryLen(gFirst[g]))
				continue
			}
			word := len(" matches")
			if gMatches[g] == 1 {
				word = len(" match")
			}
			lens = append(lens, len(groupName(gFirst[g].path, depth))+len(" ( files, )")+commasLen(gFiles[g])+commasLen(gMatches[g])+word)
		}
		if wrapCost(len(indexLead), lens) > room {
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

// groupName is the name of the directory of path cut to depth components
// in an index: "./" for none.
func groupName(path string, depth int) string {
	if name := dirPrefix(path, depth); name != "" {
		return name
	}
	return "./"
}

// assignDirs gives every file the ids of its directories, one per depth
// (f.dirs[d-1] is its directory cut to d components). Ids are shared by
// the files given: a planner assigns them once, for all its files, and
// every index it fits after groups by them.
func assignDirs(files []*searchFile) {
	ids := map[string]int32{}
	for _, f := range files {
		f.dirs = f.dirs[:0]
		for i := 0; i < len(f.path); i++ {
			if c := f.path[i]; c == '/' || c == '\\' {
				id, ok := ids[f.path[:i+1]]
				if !ok {
					id = int32(len(ids))
					ids[f.path[:i+1]] = id
				}
				f.dirs = append(f.dirs, id)
			}
		}
	}
}

// dirAt is the id of f's directory cut to depth components; root for
// none.
func dirAt(f *searchFile, depth int, root int) int32 {
	if depth == 0 || len(f.dirs) == 0 {
		return int32(root)
	}
	return f.dirs[min(depth, len(f.dirs))-1]
}

// indexEntryLen is len(indexEntry(f)).
func indexEntryLen(f *searchFile) int {
	name := len(f.path)
	if name == 0 {
		name = len("this file")
	}
	return name + len(" ()") + commasLen(f.count)
}

// wrapCost is what wrapEntries writes for entries of lens bytes under a
// lead of lead bytes, each line with its break: the lines' cost without
// writing them.
func wrapCost(lead int, lens []int) int {
	cost, b := 0, 0
	for _, n := range lens {
		if b > 0 && b+2+n+1 > indexWidth {
			cost += b + 1 + 2
			b = 0
		}
		if b == 0 {
			b = lead + n
		} else {
			b += 2 + n
		}
	}
	if b > 0 {
		cost += b + 1 + 2
	}
	return cost
}

// partialIndex names the files that fit, the busiest and those spread
// over the list first, in input order, and counts the rest on one entry.
func partialIndex(files []*searchFile, room int) searchIndex {
	m := 0
	for _, f := range files {
		m += f.count
	}
	rest, restMatches := len(files), m
	cost := len(indexLead) + 3 + len(totalsEntry(rest, restMatches)) + 8
	var order []int32 // the files named, in the order they were chosen
	for _, i := range spreadPositions(files) {
		f := files[i]
		c := indexEntryLen(f) + 2
		if est := cost + c; est+(est/(indexWidth/2)+1)*(len(indexLead)+3) > room {
			continue
		}
		cost += c
		order = append(order, i)
		rest--
		restMatches -= f.count
	}
	// build writes the index naming the first k files chosen.
	build := func(k int) searchIndex {
		named := make([]bool, len(files))
		rest, restMatches := len(files), m
		for _, i := range order[:k] {
			named[i] = true
			rest--
			restMatches -= files[i].count
		}
		var entries []string
		for i, f := range files {
			if named[i] {
				entries = append(entries, indexEntry(f))
			}
		}
		if rest > 0 {
			lead := "and "
			if len(entries) == 0 {
				lead = ""
			}
			entries = append(entries, lead+totalsEntry(rest, restMatches))
		}
		ix := newIndex(entries)
		ix.counted = rest
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
