package compresstest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/compresstest"
)

func TestDefaultCompressor(t *testing.T) {
	for _, budget := range []int{headroom.MinBudgetBytes, 2000, headroom.DefaultMaxBytes} {
		h, err := headroom.New(headroom.WithMaxBytes(budget))
		if err != nil {
			t.Fatal(err)
		}
		compresstest.Run(t, h, compresstest.Options{MaxBytes: budget})
	}
}

func TestTokenBudget(t *testing.T) {
	h, err := headroom.New(headroom.WithMaxTokens(1000))
	if err != nil {
		t.Fatal(err)
	}
	compresstest.Run(t, h, compresstest.Options{MaxTokens: 1000})
}

// The suite must catch a compressor that breaks the contract; otherwise it
// checks nothing.
func TestCheckCatchesABrokenCompressor(t *testing.T) {
	errs := compresstest.Check(truncating{}, compresstest.Options{MaxBytes: 1000})
	var all []string
	for _, err := range errs {
		all = append(all, err.Error())
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{"carries 0 markers", "want context.Canceled"} {
		if !strings.Contains(text, want) {
			t.Errorf("Check missed %q; it said:\n%s", want, text)
		}
	}
}

// truncating cuts every text to 100 bytes, with no marker, and ignores ctx.
type truncating struct{}

func (truncating) Compress(_ context.Context, out headroom.ToolOutput) (string, headroom.Outcome, error) {
	s := out.Text
	if len(s) > 100 {
		s = s[:100]
	}
	st := headroom.StrategyNone
	if s != out.Text {
		st = headroom.StrategyClip
	}
	return s, headroom.Outcome{Strategy: st, BytesBefore: len(out.Text), BytesAfter: len(s)}, nil
}
