package headroom

import (
	"context"
	"unicode/utf8"
)

// inputCount prices the tokens of an input to Compress without counting
// all of it: counting a 10 MB input once cost more than planning it.
//
//   - Whether the input fits a token budget is decided by counting it a
//     chunk at a time and stopping as soon as the count passes the
//     budget: the work is bounded by the budget, not by the input.
//   - The marker's omitted tokens are the whole input's count less what the
//     plan keeps when the input was counted whole; otherwise they are
//     counted exactly when the dropped part is small, and priced from
//     samples when it is large: [omitSamples] pieces of [omitSampleBytes]
//     spread evenly over the input, each counted, and the densest sample's
//     tokens per byte applied to every dropped byte, so that the figure errs
//     high. The marker says "~" for that reason.
type inputCount struct {
	text string
	c    TokenCounter
	// total is the input's tokens when it was counted whole, else -1.
	total int
	// prefixTokens and prefixBytes are what the fit check counted.
	prefixTokens, prefixBytes int
	density                   float64 // tokens a byte from samples; 0 until sampled
}

const (
	countChunk   = 64 << 10  // bytes counted at a time, ctx checked between
	exactOmitted = 256 << 10 // dropped bytes up to which the omitted part is counted exactly
	omitSamples  = 32
	// omitSampleBytes is small because a sample's density errs the
	// higher the shorter it is (the densest of 32 short pieces is most
	// often denser than the densest of 32 long ones), and because pricing is all the
	// marker reads of an input whose planner reads only its line breaks:
	// 32 pieces of 4 KB cost more than planning a 10 MB minified bundle.
	// On the corpus's 26 cuts over 256 KB the figure reads 1.03–1.54 of
	// the dropped ranges' own count (1.02–1.56 with 4 KB pieces).
	omitSampleBytes = 512
)

// A ContextTokenCounter is a [TokenCounter] whose counting can be
// interrupted. When the configured counter has the method, headroom counts
// long texts through it, and returns ctx's error as soon as the counter
// does; otherwise it still checks ctx between chunks of [countChunk] bytes.
// The exact counters of package tiktoken implement it.
type ContextTokenCounter interface {
	TokenCounter
	// CountTokensContext counts s as CountTokens does. It returns ctx.Err()
	// — and any count — once it notices that ctx is done, which it checks
	// between chunks of its work.
	CountTokensContext(ctx context.Context, s string) (int, error)
}

// countTokensContext counts s with c, through CountTokensContext when c
// has it, clamped into [0, len(s)] as countTokens is.
func countTokensContext(ctx context.Context, c TokenCounter, s string) (int, error) {
	if cc, ok := c.(ContextTokenCounter); ok {
		n, err := cc.CountTokensContext(ctx, s)
		if err != nil {
			return 0, err
		}
		return max(0, min(n, len(s))), nil
	}
	return countTokens(c, s), nil
}

// countInput counts text a chunk at a time until the count passes limit
// (0 counts nothing) or the text ends, checking ctx between chunks.
func countInput(ctx context.Context, c TokenCounter, text string, limit int) (*inputCount, error) {
	in := &inputCount{text: text, c: c, total: -1}
	if limit <= 0 {
		return in, nil
	}
	for in.prefixBytes < len(text) && in.prefixTokens <= limit {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := chunkCut(text, in.prefixBytes, countChunk)
		n, err := countTokensContext(ctx, c, text[in.prefixBytes:end])
		if err != nil {
			return nil, err
		}
		in.prefixTokens += n
		in.prefixBytes = end
	}
	if in.prefixBytes == len(text) {
		in.total = in.prefixTokens
	}
	return in, nil
}

// chunkCut returns where a chunk of about size bytes starting at from ends:
// after a line break in its second half if there is one, else on a rune
// boundary.
func chunkCut(text string, from, size int) int {
	end := from + size
	if end >= len(text) {
		return len(text)
	}
	for i := end; i > from+size/2; i-- {
		if text[i-1] == '\n' {
			return i
		}
	}
	for end > from+1 && !utf8.RuneStart(text[end]) {
		end--
	}
	return end
}

// fits reports whether the input is known to count at most limit tokens.
func (in *inputCount) fits(limit int) bool { return in.total >= 0 && in.total <= limit }

// bytesFor guesses the bytes of the input that hold tokens tokens, from
// what has been counted; ok is false when nothing has.
func (in *inputCount) bytesFor(tokens int) (n int, ok bool) {
	if in.prefixTokens == 0 {
		return 0, false
	}
	return int(float64(tokens) * float64(in.prefixBytes) / float64(in.prefixTokens)), true
}

// omitted returns the tokens of the ranges p drops; see inputCount.
func (in *inputCount) omitted(p plan) int {
	dropped := p.dropped(len(in.text))
	droppedBytes := 0
	for _, r := range dropped {
		droppedBytes += r[1] - r[0]
	}
	switch {
	case in.total >= 0:
		// Tokenizers merge across the cut points, so this can differ from
		// counting the dropped ranges by a token or two per cut.
		kept := 0
		for _, it := range p.items {
			if it.end > it.start {
				kept += countTokens(in.c, in.text[it.start:it.end])
			}
		}
		return max(0, min(in.total-kept, droppedBytes))
	case droppedBytes <= exactOmitted:
		n := 0
		for _, r := range dropped {
			n += countTokens(in.c, in.text[r[0]:r[1]])
		}
		return min(n, droppedBytes)
	}
	if in.density == 0 {
		in.density = in.sampleDensity()
	}
	return min(droppedBytes, int(in.density*float64(droppedBytes))+1)
}

// sampleDensity counts omitSamples pieces spread evenly over the input and
// returns the highest tokens per byte among them.
func (in *inputCount) sampleDensity() float64 {
	text, best := in.text, 0.0
	step := len(text) / omitSamples
	for i := range omitSamples {
		start := i*step + max(0, step-omitSampleBytes)/2
		for start > 0 && start < len(text) && !utf8.RuneStart(text[start]) {
			start++
		}
		end := min(len(text), start+omitSampleBytes)
		for end < len(text) && !utf8.RuneStart(text[end]) {
			end++
		}
		if end <= start {
			continue
		}
		if d := float64(countTokens(in.c, text[start:end])) / float64(end-start); d > best {
			best = d
		}
	}
	return best
}
