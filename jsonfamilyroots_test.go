package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestFamilyRoots(t *testing.T) {
	for _, c := range []struct {
		name  string
		names []string
		want  []string
	}{
		{"the root of the most names first",
			[]string{"a/x", "aws", "aws-v2", "aws/s3", "aws/ec2", "koa", "koa-router", "koa-compose", "zed"},
			[]string{"aws", "koa"}},
		{"one extension is no family",
			[]string{"git", "git-man", "vim"}, nil},
		{"an extension after no separator is another name",
			[]string{"net", "netip", "netlink", "net/http"}, nil},
		{"empty names head nothing",
			[]string{"", "", "-a", "-b"}, nil},
	} {
		var got []string
		for _, k := range familyRoots(c.names) {
			got = append(got, c.names[k])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: familyRoots = %q, want %q", c.name, got, c.want)
		}
	}
}

// depsDoc is a go version -m -json document of n dependencies, every
// one its own module but those named in extra, which sit at their index.
func depsDoc(n int, extra map[int]string) string {
	var b strings.Builder
	b.WriteString("{\n\t\"GoVersion\": \"go1.24.1\",\n\t\"Path\": \"example.com/cmd\",\n\t\"Deps\": [\n")
	for i := range n {
		path := fmt.Sprintf("example.com/m%03d", i)
		if p, ok := extra[i]; ok {
			path = p
		}
		fmt.Fprintf(&b, "\t\t{\n\t\t\t\"Path\": %q,\n\t\t\t\"Version\": \"v1.%d.0\",\n\t\t\t\"Sum\": \"h1:%040d=\"\n\t\t}", path, i, i)
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("\t]\n}\n")
	return b.String()
}

func TestFamilyRootElems(t *testing.T) {
	doc := depsDoc(40, map[int]string{21: "github.com/aws/aws-sdk-go", 22: "github.com/aws/aws-sdk-go-v2", 23: "github.com/aws/aws-sdk-go-v2/service/s3", 24: "github.com/aws/aws-sdk-go/service/ec2"})
	elems := depsElems(t, doc)
	if got := elementNamingKey(doc, elems); got != `"Path"` {
		t.Fatalf("elementNamingKey = %s, want \"Path\"", got)
	}
	// aws-sdk-go heads three names (-v2, -v2/service/s3, /service/ec2);
	// -v2 heads one, under familyMin.
	if got := familyRootElems(doc, elems); !slices.Equal(got, []int{21}) {
		t.Errorf("familyRootElems = %v, want [21]", got)
	}
	// A map is named by its keys.
	m := `{"koa": {"v": 1}, "koa-router": {"v": 2}, "koa-compose": {"v": 3}, "a": {}, "b": {}, "c": {}, "d": {}, "e": {}}`
	var members [][2]int
	for i := 1; i < len(m); {
		k := strings.IndexByte(m[i:], '"')
		if k < 0 {
			break
		}
		s := i + k
		e := strings.IndexByte(m[s:], '}') + s + 1
		members = append(members, [2]int{s, e})
		i = e
	}
	if got := familyRootElems(m, members); !slices.Equal(got, []int{0}) {
		t.Errorf("familyRootElems of a map = %v, want [0]", got)
	}
}

func TestFamilyRootElemsBounded(t *testing.T) {
	// Families everywhere (each relation file with two forks): at most
	// familyPicksMax roots.
	var names []string
	for i := range 100 {
		names = append(names, fmt.Sprintf("base/%d", 1000+i), fmt.Sprintf("base/%d_fsm", 1000+i), fmt.Sprintf("base/%d_vm", 1000+i))
	}
	extra := map[int]string{}
	for i, n := range names {
		extra[i] = n
	}
	doc := depsDoc(len(names), extra)
	elems := depsElems(t, doc)
	if got := familyRootElems(doc, elems); len(got) != familyPicksMax {
		t.Errorf("familyRootElems picked %d roots, want %d", len(got), familyPicksMax)
	}
}

// depsElems returns the elements of depsDoc's Deps array.
func depsElems(t testing.TB, doc string) [][2]int {
	open := strings.Index(doc, "[\n")
	elems, _, ok := jsonElements(doc[open : strings.LastIndexByte(doc, ']')+1])
	if !ok {
		t.Fatal("no elements")
	}
	for k := range elems {
		elems[k][0] += open
		elems[k][1] += open
	}
	return elems
}

func TestOutlineSamplesFamilyRoot(t *testing.T) {
	// A module whose family fills a run of the list, at a place the even
	// sample of 160 dependencies does not reach.
	extra := map[int]string{93: "github.com/aws/aws-sdk-go"}
	for i := range 6 {
		extra[94+i] = fmt.Sprintf("github.com/aws/aws-sdk-go-v2/service/s%d", i)
	}
	doc := depsDoc(160, extra)
	p, ok := planJSON(doc, 4000)
	if !ok {
		t.Fatal("planJSON declined")
	}
	out := render(doc, p, marker{})
	if !strings.Contains(out, `"Path": "github.com/aws/aws-sdk-go",`) {
		t.Errorf("the family's root is not kept:\n%s", out)
	}
	if len(out) > 4000 {
		t.Errorf("output %d bytes, over the limit", len(out))
	}
}

func TestSwapInRoots(t *testing.T) {
	for _, c := range []struct {
		name                string
		picked, roots, rare []int
		lo, hi              int
		want                []int
	}{
		{"a root takes its nearest pick's place", []int{10, 20, 30, 40}, []int{23}, nil, 0, 50, []int{10, 23, 30, 40}},
		{"never a rare pick's", []int{10, 20, 30, 40}, []int{21}, []int{20}, 0, 50, []int{10, 20, 21, 40}},
		{"a root already picked changes nothing", []int{10, 20, 30}, []int{20}, nil, 0, 50, []int{10, 20, 30}},
		{"outside the range: nothing", []int{10, 20, 30}, []int{60}, nil, 0, 50, []int{10, 20, 30}},
		{"at most half the picks", []int{10, 20, 30, 40}, []int{11, 21, 31}, nil, 0, 50, []int{11, 21, 30, 40}},
	} {
		if got := swapInRoots(c.picked, c.roots, c.rare, c.lo, c.hi); !slices.Equal(got, c.want) {
			t.Errorf("%s: swapInRoots = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestSwapInRootsProperties: the picks keep their number, stay distinct
// and ascending, keep every rare pick, and move only for a root.
func TestSwapInRootsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 200).Draw(t, "n")
		k := rapid.IntRange(2, n).Draw(t, "k")
		picked := spread(0, n, k)
		rare := rapid.SliceOfNDistinct(rapid.SampledFrom(picked), 0, len(picked)/2, rapid.ID[int]).Draw(t, "rare")
		roots := rapid.SliceOfNDistinct(rapid.IntRange(0, n-1), 1, 8, rapid.ID[int]).Draw(t, "roots")
		got := swapInRoots(picked, roots, rare, 0, n)
		if len(got) != len(picked) {
			t.Fatalf("%d picks, want %d", len(got), len(picked))
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] {
				t.Fatalf("picks %v not ascending and distinct", got)
			}
		}
		for _, j := range rare {
			if !slices.Contains(got, j) {
				t.Fatalf("rare pick %d dropped: %v", j, got)
			}
		}
		moved := 0
		for _, j := range got {
			if !slices.Contains(picked, j) {
				if !slices.Contains(roots, j) {
					t.Fatalf("pick %d is neither a spread pick nor a root", j)
				}
				moved++
			}
		}
		if moved > len(picked)/2 {
			t.Fatalf("%d of %d picks replaced, more than half", moved, len(picked))
		}
	})
}

func FuzzFamilyRootElems(f *testing.F) {
	f.Add(depsDoc(12, map[int]string{3: "a", 4: "a-b", 5: "a/c"}))
	f.Add(`{"koa": {}, "koa-router": [], "koa-x": 1, "b": {}, "c": {}, "d": {}, "e": {}, "f": {}}`)
	f.Add(`[{"n":"x"},{"n":"x-1"},{"n":"x-2"},{"n":3},{"m":"q"},{},{"n":"\"},{"n":"y"}]`)
	f.Fuzz(func(t *testing.T, text string) {
		top, ok := scanJSONTop(text)
		if !ok || len(top.elems) == 0 {
			return
		}
		got := familyRootElems(text, top.elems)
		if len(got) > familyPicksMax {
			t.Fatalf("%d roots, over %d", len(got), familyPicksMax)
		}
		for _, j := range got {
			if j < 0 || j >= len(top.elems) {
				t.Fatalf("root %d out of %d elements", j, len(top.elems))
			}
		}
	})
}
