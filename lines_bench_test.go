package headroom

import "testing"

// BenchmarkPlanLines measures the line planner alone on a system-call
// trace and a blame, repeated to 1 and 10 MB.
func BenchmarkPlanLines(b *testing.B) {
	benchPlanCorpus(b, map[string]string{
		"strace": "plain_strace_f_ruby_json_enoent",
		"blame":  "plain_git_blame_regexp2_parser_three_changed",
	}, func(text string, limit int) bool {
		_, ok := planLines(text, limit)
		return ok
	})
}

// BenchmarkShapeOf measures reading one line's shape, over every line of
// a trace and a blame: each line alone, and in order through a
// shapeReader, as the line planner reads them.
func BenchmarkShapeOf(b *testing.B) {
	for _, c := range []string{"plain_strace_f_ruby_json_enoent", "plain_git_blame_regexp2_parser_three_changed"} {
		text := corpusInput(b, c)
		b.Run(c, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			reportCPUThroughput(b, len(text), func() {
				eachRun(text, func(_, start, size, _ int) { shapeOf(trimNL(text[start : start+size])) })
			})
		})
		b.Run(c+"/reader", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			reportCPUThroughput(b, len(text), func() {
				var r shapeReader
				eachRun(text, func(_, start, size, _ int) { r.read(trimNL(text[start : start+size])) })
			})
		})
	}
}
