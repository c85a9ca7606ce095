package headroom

import "testing"

// BenchmarkPlanDiff measures the diff planner alone on a git diff
// --word-diff and a git show of a large commit, repeated to 1 and 10 MB.
func BenchmarkPlanDiff(b *testing.B) {
	for _, c := range []struct{ name, corpus string }{
		{"word", "plain_git_diff_word_diff_urfave_cli_v223_v225"},
		{"show", "plain_git_show_large_commit"},
	} {
		src := corpusInput(b, c.corpus)
		for _, size := range benchSizes {
			text := repeatTo(src, size.n)
			limit := DefaultMaxBytes - plannerReserve(len(text))
			b.Run(c.name+"/"+size.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				reportCPUThroughput(b, len(text), func() {
					if _, ok := planDiff(text, limit); !ok {
						b.Fatal("declined")
					}
				})
			})
		}
	}
}
