// Package tiktoken counts tokens exactly as OpenAI's o200k_base and
// cl100k_base encodings do, offline: the vocabularies are embedded (about
// 7 MB, through github.com/pkoukk/tiktoken-go-loader), so nothing is ever
// downloaded. It lives apart from package headroom so that only programs
// that import it pay for the vocabularies.
//
//	c, err := tiktoken.New("o200k_base")
//	h, err := headroom.New(headroom.WithTokenCounter(c), headroom.WithMaxTokens(4000))
//
// A *Counter implements headroom.TokenCounter and is safe for concurrent
// use. Building an encoder takes a few hundred milliseconds and tens of
// megabytes; it is done once per encoding and shared.
//
// The package does not touch tiktoken-go's package-level loader, so a
// program that also uses tiktoken-go directly keeps its own settings.
package tiktoken

import (
	"context"
	"fmt"
	"sync"
	"unicode/utf8"

	tk "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// The encodings New knows.
const (
	O200kBase  = "o200k_base"  // GPT-4o, GPT-4.1, o-series: the default
	CL100kBase = "cl100k_base" // GPT-4, GPT-3.5
)

// patterns are the encodings' pre-tokenization expressions, as tiktoken
// defines them.
var patterns = map[string]string{
	O200kBase: `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
		`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
		`|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
	CL100kBase: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
}

// Counter counts tokens with one encoding. Its zero value is not usable;
// build one with New.
type Counter struct {
	name string
	enc  *tk.Tiktoken
}

type encoder struct {
	once sync.Once
	enc  *tk.Tiktoken
	err  error
}

var encoders = map[string]*encoder{O200kBase: {}, CL100kBase: {}}

// New returns a Counter for the named encoding, "o200k_base" or
// "cl100k_base". The encoder is built on first use and shared by every
// Counter of that encoding.
func New(encoding string) (*Counter, error) {
	e, ok := encoders[encoding]
	if !ok {
		return nil, fmt.Errorf("tiktoken: unknown encoding %q (want %q or %q)", encoding, O200kBase, CL100kBase)
	}
	e.once.Do(func() { e.enc, e.err = build(encoding) })
	if e.err != nil {
		return nil, e.err
	}
	return &Counter{name: encoding, enc: e.enc}, nil
}

// build loads the embedded ranks and makes an encoder with no special
// tokens: text is counted as ordinary text, always.
func build(encoding string) (*tk.Tiktoken, error) {
	ranks, err := loader.NewOfflineLoader().LoadTiktokenBpe(encoding + ".tiktoken")
	if err != nil {
		return nil, fmt.Errorf("tiktoken: loading %s: %w", encoding, err)
	}
	bpe, err := tk.NewCoreBPE(ranks, map[string]int{}, patterns[encoding])
	if err != nil {
		return nil, fmt.Errorf("tiktoken: building %s: %w", encoding, err)
	}
	return tk.NewTiktoken(bpe, &tk.Encoding{Name: encoding, PatStr: patterns[encoding], MergeableRanks: ranks}, map[string]any{}), nil
}

// Name returns the encoding's name.
func (c *Counter) Name() string { return c.name }

// CountTokens returns the number of tokens in s, counted as ordinary text
// (special-token strings such as <|endoftext|> are plain text here).
//
// Long texts are counted in chunks cut where the encoding would cut anyway
// — before a space that starts a word, after a line break — so their
// count is exact. A run of more than 256 bytes with no such place
// (base64, minified code, a 50 MB line of letters) is also cut every
// 256 bytes on a rune boundary: tiktoken's merge is quadratic in a
// piece's length, and this keeps counting linear at the cost of at most one
// extra token per cut. Invalid UTF-8 is counted as the encoder sees it,
// each bad byte as U+FFFD; the result never exceeds len(s).
func (c *Counter) CountTokens(s string) int {
	n, _ := c.CountTokensContext(context.Background(), s)
	return n
}

// CountTokensContext counts as CountTokens does, checking ctx between
// chunks of about 8 KB (a few milliseconds of work each): once ctx is done
// it returns the count so far and ctx.Err(). It implements
// headroom.ContextTokenCounter, which headroom uses to stop counting a
// long input when the caller's deadline passes.
func (c *Counter) CountTokensContext(ctx context.Context, s string) (int, error) {
	n := 0
	for len(s) > 0 {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		cut := chunkEnd(s)
		n += len(c.enc.EncodeOrdinary(s[:cut]))
		s = s[cut:]
	}
	return n, nil
}

const (
	chunkTarget = 8 << 10 // bytes a chunk aims for
	maxRun      = 256     // bytes of a run with no natural cut before a forced one
)

// chunkEnd returns where the first chunk of s ends: at a natural cut near
// chunkTarget, or at a forced one within a long run.
func chunkEnd(s string) int {
	if len(s) <= chunkTarget {
		return len(s)
	}
	last := 0 // the last natural cut seen
	for i := 1; i < len(s); i++ {
		if isNaturalCut(s, i) {
			if i >= chunkTarget {
				return i
			}
			last = i
		}
		if i-last >= maxRun && utf8.RuneStart(s[i]) {
			if last > 0 {
				return last
			}
			return i
		}
	}
	return len(s)
}

// isNaturalCut reports whether both encodings split s at i anyway: before
// a space followed by a letter-ish byte (the space joins the word after
// it), or after a line break followed by a non-space.
func isNaturalCut(s string, i int) bool {
	prev, cur := s[i-1], s[i]
	switch {
	case prev == '\n' && cur != ' ' && cur != '\t' && cur != '\r' && cur != '\n':
		return true
	case cur == ' ' && i+1 < len(s) && prev != ' ' && prev != '\n' && prev != '\t' && isWordStart(s[i+1]):
		return true
	}
	return false
}

func isWordStart(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
