package headroom

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// checkGolden compares got with testdata/golden/name, or rewrites that file
// when the test runs with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update to accept):\n%s", path, lineDiff(string(want), got))
	}
}

// lineDiff shows where two texts first differ: the line number, a few
// lines of shared context, then each side's lines up to where they meet
// again (or a dozen lines), and the sizes — not two whole 16 KB outputs.
func lineDiff(want, got string) string {
	w, g := strings.SplitAfter(want, "\n"), strings.SplitAfter(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	wEnd, gEnd := resync(w, g, i)
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d (want %d bytes, %d lines; got %d bytes, %d lines)\n", i+1, len(want), len(w), len(got), len(g))
	for _, l := range w[max(0, i-3):i] {
		fmt.Fprintf(&b, "  %q\n", l)
	}
	for _, l := range w[i:wEnd] {
		fmt.Fprintf(&b, "- %q\n", l)
	}
	for _, l := range g[i:gEnd] {
		fmt.Fprintf(&b, "+ %q\n", l)
	}
	return b.String()
}

// resync returns where the two line lists meet again after a difference
// at i: the first pair of equal lines within a dozen lines of it.
func resync(w, g []string, i int) (wEnd, gEnd int) {
	const window = 12
	for d := 1; d <= 2*window; d++ {
		for a := max(0, d-window); a <= min(d, window); a++ {
			if x, y := i+a, i+d-a; x < len(w) && y < len(g) && w[x] == g[y] {
				return x, y
			}
		}
	}
	return min(len(w), i+window), min(len(g), i+window)
}

// corpusInput returns testdata/corpus/name/input.txt.
func corpusInput(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "corpus", name, "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// corpusSeeds returns the start of every corpus input whose case name
// begins with prefix, cut at a line end before n bytes: seeds for fuzz
// targets, small enough for the fuzzer to mutate quickly.
func corpusSeeds(t testing.TB, prefix string, n int) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "corpus", prefix+"*", "input.txt"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no corpus cases named %s*: %v", prefix, err)
	}
	var seeds []string
	for _, dir := range dirs {
		text := corpusInput(t, filepath.Base(filepath.Dir(dir)))
		if len(text) > n {
			text = text[:strings.LastIndexByte(text[:n], '\n')+1]
		}
		seeds = append(seeds, text)
	}
	return seeds
}

func TestLineDiffShowsTheDifferenceOnly(t *testing.T) {
	want := strings.Repeat("same line\n", 500) + "old\n" + strings.Repeat("tail\n", 500)
	got := strings.Repeat("same line\n", 500) + "new\n" + strings.Repeat("tail\n", 500)
	d := lineDiff(want, got)
	if !strings.Contains(d, "first difference at line 501") || !strings.Contains(d, `- "old\n"`) || !strings.Contains(d, `+ "new\n"`) || len(d) > 400 {
		t.Fatalf("diff:\n%s", d)
	}
}
