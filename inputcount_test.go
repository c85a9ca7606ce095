package headroom

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
)

// countingCounter is Estimate, adding up the bytes it is asked to count.
type countingCounter struct{ bytes atomic.Int64 }

func (c *countingCounter) CountTokens(s string) int {
	c.bytes.Add(int64(len(s)))
	return Estimate.CountTokens(s)
}

// Compress counts a bounded part of a large input, not all of it: the
// fit check stops once the count passes the budget, and the omitted part of
// a large cut is priced from samples. The marker's figure is never under
// the count of the dropped ranges.
func TestCompressCountsLittleOfALargeInput(t *testing.T) {
	for _, in := range []struct{ tool, corpus string }{
		{"Grep", "search_rg_context_ctx_prometheus"},
		{"Bash", "log_go_test_prometheus_all_packages"},
		{"Bash", "log_loghub_zookeeper"},
		{"Read", "plain_read_markdown_prometheus_config_docs"},
		{"Read", "plain_base64_png_one_line"},
	} {
		text := repeatTo(corpusInput(t, in.corpus), 8<<20)
		if in.corpus == "plain_base64_png_one_line" {
			text = strings.Repeat(corpusInput(t, in.corpus)+"\n", (8<<20)/len(corpusInput(t, in.corpus)))
		}
		for _, opt := range []Option{WithMaxBytes(DefaultMaxBytes), WithMaxTokens(4000)} {
			c := &countingCounter{}
			h, err := New(WithTokenCounter(c), opt)
			if err != nil {
				t.Fatal(err)
			}
			out, o, err := h.Compress(context.Background(), ToolOutput{Tool: in.tool, Text: text})
			if err != nil {
				t.Fatal(err)
			}
			if n := c.bytes.Load(); n > 1<<20 {
				t.Errorf("%s: counted %d MB of an %d MB input", in.corpus, n>>20, len(text)>>20)
			}
			if len(out) >= len(text) {
				t.Fatalf("%s: not compressed", in.corpus)
			}
			// What the output lacks, counted whole, as the marker's
			// figure approximates it (the output's marker makes this a
			// little low).
			whole, kept := Estimate.CountTokens(text), Estimate.CountTokens(out)
			if o.TokensOmitted < whole-kept {
				t.Errorf("%s: marker says %d tokens omitted; the input counts %d and the output %d", in.corpus, o.TokensOmitted, whole, kept)
			}
		}
	}
}

// The omitted tokens of a cut too large to count (over exactOmitted) are
// priced from short samples: on every corpus input with such a cut, at
// 16,000 and 4,000 bytes, the price is at least the dropped ranges' own
// count, and at most twice it.
func TestSampledOmittedPriceErrsHigh(t *testing.T) {
	h := mustNew(t)
	sampled := 0
	for _, c := range loadCorpus(t) {
		if len(c.input) <= exactOmitted {
			continue // nothing it drops is priced from samples
		}
		for _, budget := range []int{16000, 4000} {
			out := ToolOutput{Tool: c.tool, Text: c.input}
			p := h.route(out, budget, 0, "")
			own, droppedBytes := 0, 0
			for _, r := range p.dropped(len(c.input)) {
				own += Estimate.CountTokens(c.input[r[0]:r[1]])
				droppedBytes += r[1] - r[0]
			}
			if droppedBytes <= exactOmitted {
				continue
			}
			sampled++
			in := &inputCount{text: c.input, c: Estimate, total: -1}
			if got := in.omitted(p); got < own || got > 2*own {
				t.Errorf("%s at %d B: %d omitted tokens priced for a cut counting %d", c.name, budget, got, own)
			}
		}
	}
	if sampled < 20 {
		t.Errorf("only %d corpus cuts are priced from samples: the test checks too little", sampled)
	}
}
