package headroom

import "testing"

// BenchmarkPlanDiff measures the diff planner alone on a git diff
// --word-diff and a git show of a large commit, repeated to 1 and 10 MB.
func BenchmarkPlanDiff(b *testing.B) {
	benchPlanCorpus(b, map[string]string{
		"word": "plain_git_diff_word_diff_urfave_cli_v223_v225",
		"show": "plain_git_show_large_commit",
	}, func(text string, limit int) bool {
		_, ok := planDiff(text, limit)
		return ok
	})
}
