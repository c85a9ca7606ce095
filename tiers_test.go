package headroom

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTiers(t *testing.T) {
	conv := autonomousRun(60) // 122 messages
	keep := cloneMessages(conv)
	out, err := Tiers(context.Background(), conv, TierOptions{Hot: 10, Warm: 40, Summarizer: &fakeSummarizer{}})
	if err != nil {
		t.Fatal(err)
	}
	require.Equal(t, keep, conv, "input mutated")
	checkRules(t, "tiers", conv, out)
	checkTail(t, "tiers", conv, out, 10)
	// system, the instruction, the cold summary, 40 warm, 10 hot.
	if len(out) != 53 || !isSummaryMessage(&out[2]) {
		t.Fatalf("%d messages: %q", len(out), ids(out)[:4])
	}
	warm, hot := out[3:43], out[43:]
	for _, m := range warm {
		for _, p := range m.Parts {
			if p.ToolResult != nil && !isMasked(p.ToolResult.Content) {
				t.Errorf("warm result %s not masked", p.ToolResult.CallID)
			}
		}
	}
	for _, m := range hot {
		for _, p := range m.Parts {
			if p.ToolResult != nil && isMasked(p.ToolResult.Content) {
				t.Errorf("hot result %s masked", p.ToolResult.CallID)
			}
		}
	}
}

func TestTiersWithoutSummarizer(t *testing.T) {
	conv := autonomousRun(60)
	out, err := Tiers(context.Background(), conv, TierOptions{})
	if err != nil || len(out) != len(conv) {
		t.Fatalf("err %v, %d messages", err, len(out))
	}
	checkTail(t, "tiers", conv, out, DefaultHotMessages)
	if out[3].Parts[0].ToolResult == nil || !isMasked(out[3].Parts[0].ToolResult.Content) {
		t.Error("cold results are masked when there is no summarizer")
	}
}

func TestTiersSummarizerFails(t *testing.T) {
	conv := autonomousRun(60)
	boom := errors.New("boom")
	out, err := Tiers(context.Background(), conv, TierOptions{Hot: 5, Warm: 5, Summarizer: &recordingSummarizer{err: boom}})
	if !errors.Is(err, boom) || len(out) != len(conv) || !isMasked(out[3].Parts[0].ToolResult.Content) {
		t.Fatalf("err %v", err)
	}
}
