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
// goals: never more than 10 % under o200k on any sample, on average at most
// 15 % above it, and never more than 15 % under cl100k.
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
		limit = 32 << 10 // the race run: the first 32 KB of each sample
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| sample | bytes | o200k | cl100k | Estimate | est/o200k | bytes/4 | (bytes/4)/o200k |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	sum, worstUnder := 0.0, 10.0
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
		worstUnder = min(worstUnder, ratio)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %.2f | %d | %.2f |\n", name, len(s), exact, exactCL, est, ratio, len(s)/4, float64(len(s)/4)/float64(exact))
		if ratio < 0.9 {
			t.Errorf("%s: estimate %d is %.0f %% under the exact o200k count %d", name, est, 100*(1-ratio), exact)
		}
		if float64(est) < 0.85*float64(exactCL) {
			t.Errorf("%s: estimate %d is more than 15 %% under the exact cl100k count %d", name, est, exactCL)
		}
	}
	mean := sum / float64(len(files))
	fmt.Fprintf(&b, "\nmean est/o200k %.3f, lowest %.3f, over %d samples\n", mean, worstUnder, len(files))
	t.Log("\n" + b.String())
	if mean > 1.15 {
		t.Errorf("the estimate is on average %.0f %% above o200k, goal ≤ 15 %%", 100*(mean-1))
	}
}
