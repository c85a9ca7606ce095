package tiktoken

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
)

// TestAccuracyTable prints, per sample, bytes, the exact o200k and cl100k
// counts, headroom.Estimate and bytes/4, and holds the estimator to its
// goals: on every sample at least 0.95 of both exact counts, and on average
// over ordinary code, logs and prose (every sample but the special classes
// below) at most 1.25 of o200k.
//
//	go test ./tiktoken -run TestAccuracyTable -v
func TestAccuracyTable(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "*", "input.txt"))
	more, _ := filepath.Glob(filepath.Join("..", "testdata", "tokens", "*.txt"))
	files = append(files, more...)
	if len(files) < 30 {
		t.Fatalf("only %d samples found", len(files))
	}
	o, c := mustNew(t, O200kBase), mustNew(t, CL100kBase)
	limit := 1 << 30
	if testing.Short() {
		limit = 8 << 10 // the race run: the first 8 KB of each sample (the full run holds the whole)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| sample | bytes | o200k | cl100k | Estimate | est/o200k | bytes/4 | (bytes/4)/o200k |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	sum, worstUnder := 0.0, 10.0
	ordSum, ordN := 0.0, 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(raw[:min(len(raw), limit)])
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(f), "../testdata/"), "/input.txt")
		exact, exactCL, est := o.CountTokens(s), c.CountTokens(s), headroom.Estimate.CountTokens(s)
		ratio := float64(est) / float64(exact)
		sum += ratio
		if !isSpecialClass(name) {
			ordSum += ratio
			ordN++
		}
		worstUnder = min(worstUnder, ratio)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %.2f | %d | %.2f |\n", name, len(s), exact, exactCL, est, ratio, len(s)/4, float64(len(s)/4)/float64(exact))
		if ratio < 0.95 {
			t.Errorf("%s: estimate %d is %.0f %% under the exact o200k count %d", name, est, 100*(1-ratio), exact)
		}
		if float64(est) < 0.95*float64(exactCL) {
			t.Errorf("%s: estimate %d is more than 5 %% under the exact cl100k count %d", name, est, exactCL)
		}
	}
	mean, ordMean := sum/float64(len(files)), ordSum/float64(ordN)
	fmt.Fprintf(&b, "\nmean est/o200k %.3f over %d samples, %.3f over the %d ordinary ones; lowest %.3f\n", mean, len(files), ordMean, ordN, worstUnder)
	t.Log("\n" + b.String())
	if ordMean > 1.25 {
		t.Errorf("the estimate is on average %.0f %% above o200k on ordinary text, goal ≤ 25 %%", 100*(ordMean-1))
	}
}

// isSpecialClass reports whether a sample is of a class the estimator
// prices at its worst case rather than at ordinary text's rate: encoded
// data, minified code, dumps, colour codes, text in non-Latin scripts.
func isSpecialClass(name string) bool {
	for _, k := range []string{"base64", "sourcemap", "minified", "objdump", "ansi", "color", "xxd", "hexdump",
		"man_chinese", "man_japanese", "man_korean", "man_russian"} {
		if strings.Contains(name, k) {
			return true
		}
	}
	return false
}
