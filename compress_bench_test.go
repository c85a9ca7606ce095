package headroom

import (
	"context"
	"strings"
	"testing"
)

// repeatTo repeats s until it is at least n bytes long, cut on a line.
func repeatTo(s string, n int) string {
	var b strings.Builder
	b.Grow(n + len(s))
	for b.Len() < n {
		b.WriteString(s)
	}
	out := b.String()[:n]
	if i := strings.LastIndexByte(out, '\n'); i > 0 {
		out = out[:i+1]
	}
	return out
}

var benchSizes = []struct {
	name string
	n    int
}{{"1MB", 1 << 20}, {"10MB", 10 << 20}}

// BenchmarkPlanClip measures the clip plan and its rendering: O(1) in the
// input but for counting the newlines before the cut.
func BenchmarkPlanClip(b *testing.B) {
	plain := corpusInput(b, "plain_read_markdown_prometheus_config_docs")
	for _, size := range benchSizes {
		text := repeatTo(plain, size.n)
		b.Run(size.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				p := planClip(text, DefaultMaxBytes, clipReserve(len(text)))
				_ = render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
			}
		})
	}
}

// BenchmarkCompress measures the whole default pipeline — routing, plan,
// token count of the cut part, render — on real outputs scaled up.
func BenchmarkCompress(b *testing.B) {
	inputs := []struct {
		name, tool, corpus string
		want               Strategy
	}{
		{"search", "Grep", "search_rg_context_ctx_prometheus", StrategySearch},
		{"log", "Bash", "log_go_test_prometheus_all_packages", StrategyLog},
		{"json", "Bash", "json_go_list_prometheus_stream", StrategyJSON},
		{"plain", "Read", "plain_read_markdown_prometheus_config_docs", StrategyClip},
	}
	h := mustNew(b)
	for _, in := range inputs {
		src := corpusInput(b, in.corpus)
		for _, size := range benchSizes {
			text := repeatTo(src, size.n)
			if in.name == "json" {
				// Whole documents: a stream cut mid-document is not JSON,
				// and would measure the clip fallback instead.
				text = strings.Repeat(src, max(1, size.n/len(src)))
			}
			b.Run(in.name+"/"+size.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					_, o, err := h.Compress(context.Background(), ToolOutput{Tool: in.tool, Text: text})
					if err != nil {
						b.Fatal(err)
					}
					if o.Strategy != in.want {
						b.Fatalf("strategy %s, want %s: the benchmark would measure the wrong planner", o.Strategy, in.want)
					}
				}
			})
		}
	}
}

// BenchmarkRoute measures the planners alone — routing and the chosen plan,
// no counting, no rendering — on BenchmarkCompress's inputs, the yardstick
// for Compress's overhead.
func BenchmarkRoute(b *testing.B) {
	inputs := []struct{ name, tool, corpus string }{
		{"search", "Grep", "search_rg_context_ctx_prometheus"},
		{"log", "Bash", "log_go_test_prometheus_all_packages"},
		{"json", "Bash", "json_go_list_prometheus_stream"},
		{"plain", "Read", "plain_read_markdown_prometheus_config_docs"},
	}
	h := mustNew(b)
	for _, in := range inputs {
		src := corpusInput(b, in.corpus)
		for _, size := range benchSizes {
			text := repeatTo(src, size.n)
			if in.name == "json" {
				text = strings.Repeat(src, max(1, size.n/len(src)))
			}
			b.Run(in.name+"/"+size.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					h.route(ToolOutput{Tool: in.tool, Text: text}, DefaultMaxBytes, 0, "")
				}
			})
		}
	}
}
