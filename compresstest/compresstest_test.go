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
		compresstest.Run(t, h, compresstest.Options{})
	}
}

// With WithCleanTerminal, an exec output within budget comes back clean
// (StrategyClean, no marker); the rest of the contract is the same.
func TestCleanTerminalCompressor(t *testing.T) {
	h, err := headroom.New(headroom.WithCleanTerminal(true), headroom.WithMaxBytes(2000))
	if err != nil {
		t.Fatal(err)
	}
	noisy := []headroom.ToolOutput{
		{Tool: "Bash", Text: "\x1b[32mok\x1b[0m 3 passed\n"},
		{Tool: "Bash", Text: "10%\r55%\r100%\ndone\n"},
	}
	compresstest.Run(t, h, compresstest.Options{Inputs: noisy})
	// The suite's StrategyClean branch is reached: these two come back
	// cleaned, not unchanged.
	for _, in := range noisy {
		got, o, err := h.Compress(context.Background(), in)
		if err != nil || o.Strategy != headroom.StrategyClean || got == in.Text {
			t.Errorf("%q: got %q, strategy %q, err %v; want it cleaned", in.Text, got, o.Strategy, err)
		}
	}
}

func TestTokenBudget(t *testing.T) {
	h, err := headroom.New(headroom.WithMaxTokens(1000))
	if err != nil {
		t.Fatal(err)
	}
	compresstest.Run(t, h, compresstest.Options{})
}

// The suite must catch a compressor that breaks the contract; otherwise it
// checks nothing.
func TestCheckCatchesABrokenCompressor(t *testing.T) {
	errs := compresstest.Check(truncating{}, compresstest.Options{})
	var all []string
	for _, err := range errs {
		all = append(all, err.Error())
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{"carries 0 markers", "want context.Canceled", "over the 500-byte budget"} {
		if !strings.Contains(text, want) {
			t.Errorf("Check missed %q; it said:\n%s", want, text)
		}
	}
}

// truncating says its budget is 1,000 bytes and cuts every text to 1,000
// bytes, with no marker; it ignores ctx and the budget a ToolOutput
// carries, so the fields of a structured result overflow it together.
type truncating struct{}

func (truncating) Budget(context.Context) (headroom.Budget, error) {
	return headroom.Budget{MaxBytes: 1000}, nil
}

func (truncating) Compress(_ context.Context, out headroom.ToolOutput) (string, headroom.Outcome, error) {
	s := out.Text
	if len(s) > 1000 {
		s = s[:1000]
	}
	st := headroom.StrategyNone
	if s != out.Text {
		st = headroom.StrategyClip
	}
	return s, headroom.Outcome{Strategy: st, BytesBefore: len(out.Text), BytesAfter: len(s)}, nil
}

// lazy says its budget is 1,000 bytes and returns every text unchanged.
type lazy struct{}

func (lazy) Budget(context.Context) (headroom.Budget, error) {
	return headroom.Budget{MaxBytes: 1000}, nil
}

func (lazy) Compress(_ context.Context, out headroom.ToolOutput) (string, headroom.Outcome, error) {
	return out.Text, headroom.Outcome{Strategy: headroom.StrategyNone, BytesBefore: len(out.Text), BytesAfter: len(out.Text)}, nil
}

func TestCheckCatchesAnUnchangedOverBudgetResult(t *testing.T) {
	var all []string
	for _, err := range compresstest.Check(lazy{}, compresstest.Options{}) {
		all = append(all, err.Error())
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{"returned unchanged at", "through a wrapper: "} {
		if !strings.Contains(text, want) {
			t.Errorf("Check missed %q; it said:\n%.2000s", want, text)
		}
	}
}
