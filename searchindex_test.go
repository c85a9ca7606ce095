package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

func indexFiles(paths []string, counts []int) ([]*searchFile, *dirTree) {
	files := make([]*searchFile, len(paths))
	for i, p := range paths {
		files[i] = &searchFile{path: p, order: int32(i), count: counts[i]}
	}
	return files, assignDirs(files)
}

// Where the paths do not fit in full, a directory's files go on a line of
// their own by name; where even that does not fit, the directory with the
// most files is rolled up first, naming what fits of its files, the
// busiest and those spread over it first.
func TestIndexByDirectory(t *testing.T) {
	var paths []string
	var counts []int
	for i := range 12 {
		paths = append(paths, fmt.Sprintf("lib/wx-2.2.1/src/gen/wxModule%02d.erl", i))
		counts = append(counts, 1+i%3)
	}
	paths = append(paths, "lib/stdlib-4.2/src/lists.erl", "lib/stdlib-4.2/src/maps.erl", "lib/kernel-8.5.3/src/os.erl")
	counts = append(counts, 4, 2, 7)
	files, tree := indexFiles(paths, counts)

	flat := fitIndex(files, tree, 1000)
	if !flat.flat || len(flat.lines) != 4 {
		t.Fatalf("with room for every path, a flat index: %q", flat.lines)
	}
	ix := fitIndex(files, tree, flat.cost-1)
	want := []string{
		"[also in lib/wx-2.2.1/src/gen/: wxModule00.erl (1), wxModule01.erl (2), wxModule02.erl (3), wxModule03.erl (1), wxModule04.erl (2), wxModule05.erl (3), " +
			"wxModule06.erl (1), wxModule07.erl (2), wxModule08.erl (3), wxModule09.erl (1), wxModule10.erl (2), wxModule11.erl (3)]",
		"[also in lib/stdlib-4.2/src/: lists.erl (4), maps.erl (2)]",
		"[also: lib/kernel-8.5.3/src/os.erl (7)]",
	}
	if !slices.Equal(ix.lines, want) || !ix.byDir || ix.rolled != 0 {
		t.Fatalf("one short line short of the paths, got %q (byDir %v, rolled %d)", ix.lines, ix.byDir, ix.rolled)
	}
	ix = fitIndex(files, tree, ix.cost-60)
	want = []string{
		"[also in lib/wx-2.2.1/src/gen/: wxModule00.erl (1), wxModule02.erl (3), wxModule03.erl (1), wxModule05.erl (3), wxModule06.erl (1), wxModule09.erl (1), wxModule11.erl (3), and 5 files with 11 matches]",
		"[also in lib/stdlib-4.2/src/: lists.erl (4), maps.erl (2)]",
		"[also: lib/kernel-8.5.3/src/os.erl (7)]",
	}
	if !slices.Equal(ix.lines, want) || ix.rolled != 5 {
		t.Fatalf("60 bytes less, got %q (rolled %d)", ix.lines, ix.rolled)
	}
}

// parseIndex reads an index back: every file it names with its count, and
// the files and matches it counts without naming them.
func parseIndex(t *rapid.T, lines []string) (named map[string]int, files, matches int) {
	named = map[string]int{}
	atoi := func(s string) int {
		n, _ := txt.ParseCommas(s)
		return n
	}
	for _, l := range lines {
		m := indexNote.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not an index line: %q", l)
		}
		for _, e := range indexEntries(m[2]) {
			switch d, r, f := dirEntry.FindStringSubmatch(e), restEntry.FindStringSubmatch(e), fileEntry.FindStringSubmatch(e); {
			case d != nil:
				n, _, _ := strings.Cut(e[len(d[1])+2:], " ")
				files += atoi(n)
				matches += atoi(d[2])
			case r != nil:
				n, _, _ := strings.Cut(strings.TrimPrefix(e, "and "), " ")
				files += atoi(n)
				matches += atoi(r[1])
			case f != nil:
				if _, dup := named[m[1]+f[1]]; dup {
					t.Fatalf("%s named twice", m[1]+f[1])
				}
				named[m[1]+f[1]] = atoi(f[2])
				files++
				matches += atoi(f[2])
			default:
				t.Fatalf("entry %q does not parse", e)
			}
		}
	}
	return named, files, matches
}

// Over generated trees: an index costs what its lines render to, fits
// its room whenever the room holds the last resort, accounts for every
// file and match once, names every file with its exact count when it
// says it does, and is flat whenever the paths fit in full.
func TestFitIndexProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var dirs []string
		for range rapid.IntRange(1, 8).Draw(t, "dirs") {
			var b strings.Builder
			for range rapid.IntRange(0, 4).Draw(t, "depth") {
				b.WriteString(rapid.SampledFrom([]string{"lib", "src", "gen", "a", "internal", "wx-2.2.1", `C:\w`}).Draw(t, "part"))
				b.WriteString(rapid.SampledFrom([]string{"/", `\`}).Draw(t, "sep"))
			}
			dirs = append(dirs, b.String())
		}
		seen := map[string]bool{}
		var paths []string
		var counts []int
		total := 0
		for i := range rapid.IntRange(1, 300).Draw(t, "files") {
			p := rapid.SampledFrom(dirs).Draw(t, "dir") + fmt.Sprintf("%s%d.go", strings.Repeat("m", rapid.IntRange(1, 20).Draw(t, "name")), i)
			if seen[p] {
				continue
			}
			seen[p] = true
			paths = append(paths, p)
			counts = append(counts, rapid.IntRange(1, 1500).Draw(t, "count"))
			total += counts[len(counts)-1]
		}
		files, tree := indexFiles(paths, counts)
		room := rapid.IntRange(0, 20000).Draw(t, "room")
		ix := fitIndex(files, tree, room)
		cost := 0
		for _, l := range ix.lines {
			cost += len(l) + 2
		}
		if cost != ix.cost {
			t.Fatalf("cost %d, the lines render to %d", ix.cost, cost)
		}
		if room >= indexFloor(files) && ix.cost > room {
			t.Fatalf("%d bytes in a room of %d", ix.cost, room)
		}
		named, nFiles, nMatches := parseIndex(t, ix.lines)
		if nFiles != len(files) || nMatches != total {
			t.Fatalf("accounts for %d files and %d matches, want %d and %d:\n%s", nFiles, nMatches, len(files), total, strings.Join(ix.lines, "\n"))
		}
		for i, p := range paths {
			if n, ok := named[p]; ok && n != counts[i] {
				t.Fatalf("%s named with %d matches, has %d", p, n, counts[i])
			}
		}
		if len(named) != len(files)-ix.rolled-ix.counted {
			t.Fatalf("%d files named, %d rolled up and %d counted, of %d", len(named), ix.rolled, ix.counted, len(files))
		}
		var lens []int
		for _, f := range files {
			lens = append(lens, indexEntryLen(f))
		}
		if wrapCost(len(indexLead), lens) <= room && !ix.flat {
			t.Fatalf("the paths fit in %d bytes, the index is not flat", room)
		}
	})
}

// A file's directory cut to any depth, walked up the dirTree from its
// one id, is the id of its path's prefix of that many components.
func TestDirTreeDirAt(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		comps := []string{"a", "b", "src", "x.y"}
		var paths []string
		for i := range rapid.IntRange(1, 30).Draw(t, "files") {
			var b strings.Builder
			for range rapid.IntRange(0, 6).Draw(t, "depth") {
				b.WriteString(rapid.SampledFrom(comps).Draw(t, "comp"))
				b.WriteString(rapid.SampledFrom([]string{"/", `\`}).Draw(t, "sep"))
			}
			fmt.Fprintf(&b, "f%d.go", i)
			paths = append(paths, b.String())
		}
		files, tree := indexFiles(paths, make([]int, len(paths)))
		byPrefix := map[string]int32{}
		for _, f := range files {
			n := 0
			for i := 0; i < len(f.path); i++ {
				if f.path[i] != '/' && f.path[i] != '\\' {
					continue
				}
				n++
				prefix := f.path[:i+1]
				got := tree.dirAt(f, n, -7)
				if id, ok := byPrefix[prefix]; ok && id != got {
					t.Fatalf("%q at depth %d: id %d, %q had %d", f.path, n, got, prefix, id)
				}
				for other, id := range byPrefix {
					if id == got && other != prefix {
						t.Fatalf("%q at depth %d: id %d, also %q's", f.path, n, got, other)
					}
				}
				byPrefix[prefix] = got
				if d := tree.depth[got]; int(d) != n {
					t.Fatalf("%q: %q has depth %d, want %d", f.path, prefix, d, n)
				}
			}
			if tree.dirs(f) != n {
				t.Fatalf("%q: %d directories, want %d", f.path, tree.dirs(f), n)
			}
			if got := tree.dirAt(f, 0, -7); got != -7 {
				t.Fatalf("%q at depth 0: %d, want the root", f.path, got)
			}
			if n > 0 && tree.dirAt(f, n+3, -7) != f.dir {
				t.Fatalf("%q past its depth: %d, want its own directory %d", f.path, tree.dirAt(f, n+3, -7), f.dir)
			}
		}
	})
}

// wrapCost is what wrapEntries writes for entries of lens bytes under a
// lead of lead bytes, priced by a wrapMeter.
func wrapCost(lead int, lens []int) int {
	m := wrapMeter{lead: lead}
	for _, n := range lens {
		m.add(n)
	}
	return m.total()
}
