package headroom

import (
	"flag"
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
		t.Errorf("output differs from %s (run with -update to accept):\n--- got ---\n%s", path, got)
	}
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
