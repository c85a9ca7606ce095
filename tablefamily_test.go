package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestRowName(t *testing.T) {
	for _, c := range []struct{ row, want string }{
		{"-rw-r--r-- 0/0  16792 2001-09-09 01:46 aeson-2.0.3.0/src/Data/Aeson.hs", "aeson-2.0.3.0/src/Data/Aeson"},
		{"-rw-rw-r-- root/root 6823 2022-09-01 18:06 elixir-1.14.0/lib/mix/lib/mix/tasks/compile.ex", "elixir-1.14.0/lib/mix/lib/mix/tasks/compile"},
		{"0000000000063350 T xmlFreeDoc@@LIBXML2_2.4.30", "xmlFreeDoc"},
		{"-rw---- 2.0 fat 1775 bl defN 80-000-00 00:00 golang.org/x/exp@v0.0.0/maps/maps.go", "golang.org/x/exp@v0.0.0/maps/maps"},
		{"   2b69f       1745 T path/filepath.Rel", "path/filepath.Rel"},   // a Go symbol, no extension
		{"-rw-r--r-- 1 root root 99 Jan 1 2020 python3.11", "python3.11"},  // a version, no extension
		{"-rw-r--r-- 1 root root 99 Jan 1 2020 .bashrc", ".bashrc"},        // a dot file is its name
		{"drwxr-xr-x root/root 0 2022-09-01 18:06 elixir-1.14.0/lib/", ""}, // a directory
		{"                 U write", ""}, // two fields
	} {
		assert.Equal(t, c.want, rowName(c.row), c.row)
	}
}

// tarListing draws a tar -tv listing of alike files, sizes in a narrow
// band, with one module, in the middle between two of a spread's picks, over a directory of its own
// submodules placed at the end.
func tarListing(files, subs int) (text, module string) {
	var b strings.Builder
	for i := range files {
		if i == files*3/7 {
			module = "-rw-r--r-- root/root      4100 2022-09-01 18:06 pkg/src/Data/Codec.hs"
			b.WriteString(module + "\n")
		}
		fmt.Fprintf(&b, "-rw-r--r-- root/root      %4d 2022-09-01 18:06 pkg/src/Other/File%03d.hs\n", 4000+i%900, i)
	}
	for i := range subs {
		fmt.Fprintf(&b, "-rw-r--r-- root/root      %4d 2022-09-01 18:06 pkg/src/Data/Codec/Part%02d.hs\n", 4000+i, i)
	}
	return b.String(), module
}

// The module a tree is known by, the root of a family of the other rows'
// names, is kept among alike rows that a spread would skip over.
func TestTableKeepsFamilyRoot(t *testing.T) {
	text, module := tarListing(400, 12)
	p, ok := planTable(text, 4000)
	require.True(t, ok)
	out := render(text, p, marker{})
	assert.Contains(t, out, module+"\n")
	assert.LessOrEqual(t, len(out), 4000)

	s := newLineSel(text, 1<<20, gapWording{})
	roots := tableFamilyRoots(s, 0, s.n())
	require.NotEmpty(t, roots)
	assert.Equal(t, module, s.line(roots[0]))
}

// Every root tableFamilyRoots returns is a row in range, at most
// familyPicksMax of them, none twice, whose name two other rows' names
// or more extend after a separator.
func TestTableFamilyRootsAreRoots(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := []string{"a", "b", "ab", "x_y", "x", "lib/", "m.go", "m"}
		n := rapid.IntRange(0, 300).Draw(t, "rows")
		var b strings.Builder
		for i := range n {
			name := ""
			for k := rapid.IntRange(1, 3).Draw(t, "depth"); k > 0; k-- {
				name += rapid.SampledFrom(parts).Draw(t, "part")
				if k > 1 {
					name += rapid.SampledFrom([]string{"/", "_", ".", "-", ""}).Draw(t, "sep")
				}
			}
			fmt.Fprintf(&b, "-rw-r--r-- %d %s\n", i, name)
		}
		s := newLineSel(b.String(), 1<<20, gapWording{})
		from := min(s.n(), rapid.IntRange(0, 5).Draw(t, "from"))
		roots := tableFamilyRoots(s, from, s.n())
		if len(roots) > familyPicksMax {
			t.Fatalf("%d roots", len(roots))
		}
		seen := map[int]bool{}
		for _, r := range roots {
			if r < from || r >= s.n() || seen[r] {
				t.Fatalf("root %d out of [%d, %d) or twice", r, from, s.n())
			}
			seen[r] = true
			root := rowName(s.line(r))
			if root == "" {
				t.Fatalf("root %d has no name", r)
			}
			var heads []string
			for i := from; i < s.n(); i++ {
				if m := rowName(s.line(i)); len(m) > len(root) && strings.HasPrefix(m, root) && nameSeparator(m[len(root)]) {
					heads = append(heads, m)
				}
			}
			if len(heads) < familyMin {
				t.Fatalf("root %q heads %v", root, heads)
			}
		}
		if !slices.Equal(roots, tableFamilyRoots(s, from, s.n())) {
			t.Fatal("not deterministic")
		}
	})
}
