package headroom

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// shapesSeen is what readShapes found, in a form to compare.
type shapesSeen struct {
	Kinds   int
	Fails   []markedLine
	Rare    []uint64
	Firsts  []markedLine
	Records []record
	InCut   bool
}

func seeShapes(sh *shapes) shapesSeen {
	var fails []markedLine
	for x := range sh.fails.len() {
		fails = append(fails, sh.fails.get(x))
	}
	rare := slices.Clone(sh.rare.smallest())
	slices.Sort(rare)
	return shapesSeen{sh.kinds, fails, rare, sh.firsts, sh.records, sh.inCut}
}

// Counting leads sparsely, in two passes, finds the shapes one exact
// pass finds, whenever it turns sparse: on every corpus input and on
// drawn texts of repeated, rare and one-off lines. Its second pass reads
// the lines again, each line's surprise from its two counts, so it holds
// too the exact pass's surprises worked out once by id, which a text of
// long lines (a trace's) takes.
func TestSparseLeadsMatchExact(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, name, text string) {
		n := lineCount(text)
		want := seeShapes(readShapes(text, n, len(text)/3, len(text)*2/3, 64, 0))
		for _, at := range []int{1, 7, 100} {
			if got := seeShapes(readShapes(text, n, len(text)/3, len(text)*2/3, 64, at)); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, sparse past %d leads:\n got %+v\nwant %+v", name, at, got, want)
			}
		}
	}
	for _, c := range loadCorpus(t) {
		check(t, c.name, c.input)
	}
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.OneOf(
			rapid.SampledFrom([]string{"open x", "open y", "close 3", "read(3) = -1 ENOENT", "", "Package: a", "error: boom", "[pid 1] open z"}),
			rapid.SampledFrom([]string{`openat(AT_FDCWD, "/usr/lib/x86_64-linux-gnu/libz.so.1", O_RDONLY|O_CLOEXEC) = 3`,
				`mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7fa1b8efc000`}),
			rapid.StringMatching(`[a-z]{1,6}( [0-9]{1,3})?`),
		), 1, 200).Draw(t, "lines")
		text := strings.Join(lines, "\n")
		if rapid.Bool().Draw(t, "nl") {
			text += "\n"
		}
		check(t, "drawn", text)
	})
}

// On one random word a line, the count turns sparse, and the shapes are
// still those of the exact count.
func TestSparseLeadsRandomWords(t *testing.T) {
	text := randomWordLines(200_000)
	n := lineCount(text)
	leads := newShapeCount(leadsExactMin/8, n)
	var rd shapeReader
	sparse := false
	eachRun(text, func(i, start, size, k int) {
		leads.add(rd.read(trimNL(text[start:start+size])).lead, k, i)
		sparse = sparse || leads.sparse != nil
	})
	if !sparse {
		t.Fatal("the count never turned sparse")
	}
	want := seeShapes(readShapes(text, n, len(text)/3, len(text)*2/3, 64, 0))
	if got := seeShapes(readShapes(text, n, len(text)/3, len(text)*2/3, 64, leadsExactMin/8)); !reflect.DeepEqual(got, want) {
		t.Fatalf("sparse shapes differ from the exact ones")
	}
}

// randomWordLines returns n bytes or a few more of lines of one random
// word of 3 to 8 lower-case letters each, by a seeded generator: most
// words are met once, the three-letter ones a dozen times.
func randomWordLines(n int) string {
	var b strings.Builder
	r := rand.New(rand.NewPCG(3, 4))
	for b.Len() < n {
		for range 3 + r.IntN(6) {
			b.WriteByte(byte('a' + r.IntN(26)))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// A bloom filter says yes to every value added, and to few others.
func TestBloomFilter(t *testing.T) {
	b := newBloomFilter(10_000)
	for h := uint64(0); h < 10_000; h++ {
		b.add(h * 0x9e3779b97f4a7c15)
	}
	wrong := 0
	for h := uint64(0); h < 20_000; h++ {
		in := b.has(h * 0x9e3779b97f4a7c15)
		if h < 10_000 && !in {
			t.Fatalf("value %d added but not found", h)
		}
		if h >= 10_000 && in {
			wrong++
		}
	}
	if wrong > 10_000/25 {
		t.Errorf("%d of 10,000 values not added found, want at most 4 %%", wrong)
	}
	t.Logf("%d of 10,000 values not added found", wrong)
}
