package headroom

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A step option that a cascade sets itself is refused, never silently
// overwritten: Compact says so before it starts, and leaves msgs alone.
func TestCompactRefusesStepOptionsItSets(t *testing.T) {
	conv := autonomousRun(30)
	budget := CountMessages(conv, nil) / 3
	for name, o := range map[string]CompactOptions{
		"Mask.Protection":      {Budget: budget, Mask: MaskOptions{Protection: Protection{KeepToolResults: 1}}},
		"Mask.Counter":         {Budget: budget, Mask: MaskOptions{Counter: Estimate}},
		"Summarize.Protection": {Budget: budget, Summarize: SummarizeOptions{Protection: Protection{Tools: []string{"x"}}}},
		"Trim.Budget":          {Budget: budget, Trim: TrimOptions{Budget: 5}},
		"Trim.Counter":         {Budget: budget, Trim: TrimOptions{Counter: Estimate}},
	} {
		t.Run(name, func(t *testing.T) {
			out, rep, err := Compact(context.Background(), conv, o)
			require.Error(t, err)
			assert.Contains(t, err.Error(), strings.Split(name, ".")[1])
			assert.Equal(t, conv, out)
			assert.Empty(t, rep.Steps)
		})
	}
}

// The same rule holds for a step built alone and put in CompactOptions.Steps:
// the step fails, Compact records why, and the cascade goes on.
func TestStepRefusesOptionsItTakesFromEnv(t *testing.T) {
	conv := autonomousRun(30)
	budget := CountMessages(conv, nil) / 3
	_, rep, err := Compact(context.Background(), conv, CompactOptions{Budget: budget, Steps: []Step{
		MaskStep(MaskOptions{Protection: Protection{KeepToolResults: 2}}),
		TrimStep(TrimOptions{}),
	}})
	require.NoError(t, err)
	require.Len(t, rep.Steps, 2)
	assert.ErrorContains(t, rep.Steps[0].Err, "Protection")
	assert.False(t, rep.Steps[0].Changed)
	assert.True(t, rep.Steps[1].Changed)
}

func TestTiersRefusesStepOptionsItSets(t *testing.T) {
	conv := autonomousRun(30)
	for _, o := range []TierOptions{
		{Mask: MaskOptions{Counter: Estimate}},
		{Summarize: SummarizeOptions{Protection: Protection{KeepToolResults: 3}}},
		{Summarize: SummarizeOptions{KeepRecent: 4}},
	} {
		out, err := Tiers(context.Background(), conv, o)
		assert.Error(t, err)
		assert.Equal(t, conv, out)
	}
}

// usageSummarizer answers with a short summary and reports usage.
type usageSummarizer struct{}

func (usageSummarizer) Summarize(_ context.Context, req SummaryRequest) (Summary, error) {
	return Summary{Text: "## Decisions\n- kept going", Usage: Usage{InputTokens: len(req.Input) / 4, OutputTokens: 7}}, nil
}

// The summarizer's usage reaches the step report, the compact report and
// the caller's own OnUsage.
func TestCompactReportsSummarizerUsage(t *testing.T) {
	conv := autonomousRun(40)
	var seen []Usage
	_, rep, err := Compact(context.Background(), conv, CompactOptions{
		Budget:     CountMessages(conv, nil) / 2,
		Summarizer: usageSummarizer{},
		Mask:       MaskOptions{MinTokensFreed: 1 << 30}, // masking frees too little: summarize runs
		Summarize:  SummarizeOptions{OnUsage: func(u Usage) { seen = append(seen, u) }},
	})
	require.NoError(t, err)
	var sum *StepReport
	for i := range rep.Steps {
		if rep.Steps[i].Name == "summarize" {
			sum = &rep.Steps[i]
		}
	}
	require.NotNil(t, sum, "the summarize step ran: %s", rep)
	assert.Equal(t, 7, sum.Usage.OutputTokens)
	assert.Positive(t, sum.Usage.InputTokens)
	assert.Equal(t, sum.Usage, rep.Usage)
	assert.Equal(t, []Usage{sum.Usage}, seen)
}

func TestRetryOnOverflowRefusesBadOptions(t *testing.T) {
	calls := 0
	call := func(context.Context, []Message) (int, error) { calls++; return 1, nil }
	for _, o := range []RetryOptions{{Attempts: -1}, {Shrink: 1.5}, {Shrink: -0.2}} {
		_, out, err := RetryOnOverflow(context.Background(), autonomousRun(3), call, o)
		assert.ErrorContains(t, err, "RetryOptions")
		assert.NotNil(t, out)
	}
	assert.Zero(t, calls, "a refused configuration must not call the provider")
}

// The package's default slices are copied into each configuration, so a
// caller who appends to one config's list cannot change another's.
func TestDefaultSlicesAreCopied(t *testing.T) {
	before := strings.Join(DefaultExecTools, ",")
	c, err := newConfig(nil)
	require.NoError(t, err)
	c.execTools[0] = "changed"
	assert.Equal(t, before, strings.Join(DefaultExecTools, ","))
}
