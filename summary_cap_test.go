package headroom

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

// chattyConversation is a long Q&A session: every question and answer is
// text, so masking frees nothing and only a summary or a trim can fit it.
func chattyConversation(turns int) []Message {
	conv := []Message{sysMsg("You are a coding agent.")}
	for i := range turns {
		conv = append(conv, userMsg(fmt.Sprintf("Question %d: look at module %d and tell me what it does.", i, i)),
			Message{Role: RoleAssistant, Parts: []Part{{Text: strings.Repeat(fmt.Sprintf("Module %d reads the config and writes the cache. ", i), 40)}}})
	}
	return append(conv, userMsg("Now run the tests."), Message{Role: RoleAssistant, Parts: []Part{{Text: "Running them."}}})
}

// verboseSummarizer answers with lines of text, however short it was
// asked to be, and keeps the requests.
type verboseSummarizer struct {
	lines int
	reqs  []SummaryRequest
}

func (v *verboseSummarizer) Summarize(_ context.Context, req SummaryRequest) (Summary, error) {
	v.reqs = append(v.reqs, req)
	var b strings.Builder
	b.WriteString("## Decisions\n")
	for k := range v.lines {
		fmt.Fprintf(&b, "- decision %d: keep the cache warm and read the config once\n", k)
	}
	return Summary{Text: b.String()}, nil
}

// The case: a summarizer that answers with more than the budget,
// on a conversation that trim alone fits. Before the cap, the summary was
// kept (shorter than what it replaced), trim could not drop it, and the
// conversation fitted only by giving the summary up: 31 of its 41 user
// messages were dropped unsummarized. Now the summary is cut to its share of the budget
// (less, when the fold left less room) and the conversation fits with it.
func TestCompactCapsAVerboseSummary(t *testing.T) {
	conv := chattyConversation(40)
	budget := 5000
	if n := CountMessages(Trim(conv, TrimOptions{Budget: budget}), nil); n > budget {
		t.Fatalf("trim alone leaves %d tokens: the case needs a budget trim alone fits", n)
	}
	s := &verboseSummarizer{lines: 400}
	if n := CountMessages([]Message{summaryMessage(strings.TrimSpace(mustSummarize(s)))}, nil); n <= budget {
		t.Fatalf("the answer is %d tokens: the case needs one over the budget", n)
	}
	s.reqs = nil
	out, rep, err := Compact(context.Background(), conv, CompactOptions{Budget: budget, Summarizer: s})
	if err != nil {
		t.Fatal(err)
	}
	limit := int(DefaultSummaryShare * float64(budget))
	sum := findSummary(out)
	if sum == "" {
		t.Fatalf("no summary in the output: %v", rep)
	}
	m := summaryMessage(strings.TrimSuffix(strings.TrimPrefix(sum, summaryOpen+"\n"), "\n"+summaryClose))
	if n := CountMessages([]Message{m}, nil); n > limit {
		t.Errorf("the summary takes %d tokens, over its cap of %d", n, limit)
	}
	if !strings.HasPrefix(sum, summaryOpen+"\n## Decisions\n- decision 0:") || !strings.HasSuffix(sum, "once\n"+summaryClose) {
		t.Errorf("the summary was not cut at a line boundary inside its tags: …%q", sum[max(0, len(sum)-80):])
	}
	var sr StepReport
	for _, st := range rep.Steps {
		if st.Name == "summarize" {
			sr = st
		}
	}
	if !sr.Changed || !sr.SummaryCut || sr.SummaryCap == 0 || sr.SummaryCap > limit {
		t.Errorf("the summarize step's report does not say it was cut to its cap: %+v", sr)
	}
	if !strings.Contains(rep.String(), "summary cut to "+txt.Commas(sr.SummaryCap)+" tokens") {
		t.Errorf("the report line does not say the summary was cut: %s", rep)
	}
	if len(rep.Relaxed) != 0 || rep.DroppedUserMessages != 0 {
		t.Errorf("relaxed %v, %d user messages dropped: %s", rep.Relaxed, rep.DroppedUserMessages, rep)
	}
	req := s.reqs[0]
	if req.MaxTokens <= 0 || req.MaxTokens >= sr.SummaryCap || !strings.Contains(req.Prompt, "cut off after "+txt.Commas(req.MaxTokens)+" tokens") {
		t.Errorf("the request does not state the cap: MaxTokens %d, prompt %q", req.MaxTokens, req.Prompt)
	}
	if req.MaxWords <= 0 || req.MaxWords > DefaultSummaryWords {
		t.Errorf("MaxWords %d", req.MaxWords)
	}
}

func mustSummarize(s Summarizer) string {
	sum, _ := s.Summarize(context.Background(), SummaryRequest{})
	return sum.Text
}

// BudgetShare: 0 is the default, negative no cap, above 1 refused; the
// steps without a budget refuse any share.
func TestSummaryBudgetShare(t *testing.T) {
	conv := chattyConversation(40)
	ctx := context.Background()
	for _, share := range []float64{1.5, math.NaN(), math.Inf(1)} {
		o := CompactOptions{Budget: 5000, Summarizer: &verboseSummarizer{lines: 3}, Summarize: SummarizeOptions{BudgetShare: share}}
		if _, _, err := Compact(ctx, conv, o); err == nil || !strings.Contains(err.Error(), "BudgetShare") {
			t.Errorf("share %v: %v", share, err)
		}
	}
	if _, err := Summarize(ctx, conv, &verboseSummarizer{lines: 3}, SummarizeOptions{BudgetShare: 0.5}); err == nil {
		t.Error("Summarize alone took a share of no budget")
	}
	if _, err := Tiers(ctx, conv, TierOptions{Summarizer: &verboseSummarizer{lines: 3}, Summarize: SummarizeOptions{BudgetShare: 0.5}}); err == nil {
		t.Error("Tiers took a share of no budget")
	}
	// No cap: the verbose summary is kept whole, and the conversation
	// fits only without it.
	s := &verboseSummarizer{lines: 400}
	_, rep, err := Compact(ctx, conv, CompactOptions{Budget: 5000, Summarizer: s, Summarize: SummarizeOptions{BudgetShare: -1}})
	if err != nil || s.reqs[0].MaxTokens != 0 || strings.Contains(s.reqs[0].Prompt, "cut off") {
		t.Errorf("no cap: err %v, MaxTokens %d", err, s.reqs[0].MaxTokens)
	}
	if rep.Steps[1].SummaryCut {
		t.Error("an uncapped summary was cut")
	}
	// A share too small to hold a summary asks for none.
	s = &verboseSummarizer{lines: 3}
	_, rep, _ = Compact(ctx, conv, CompactOptions{Budget: 5000, Summarizer: s, Summarize: SummarizeOptions{BudgetShare: 0.01}})
	if len(s.reqs) > 0 && s.reqs[0].MaxTokens > 0 && s.reqs[0].MaxTokens < MinSummaryTokens-20 {
		t.Errorf("a summary was asked for in %d tokens", s.reqs[0].MaxTokens)
	}
	if rep.Steps[1].Err == nil || !strings.Contains(rep.Steps[1].Err.Error(), "share") {
		t.Errorf("step %+v", rep.Steps[1])
	}
}

func TestCutSummary(t *testing.T) {
	lines := strings.Repeat("- a decision worth keeping, with its file path src/a.go\n", 200)
	for _, tc := range []struct {
		name, text string
		limit      int
		lineCut    bool
	}{
		{"lines", lines, 300, true},
		{"one long line", strings.Repeat("日本語のテキスト、", 2000), 200, false},
		{"a long last line", "## Decisions\n- short\n" + strings.Repeat("é", 20000), 120, false},
		{"fits", "## Decisions\n- one", 100, false},
	} {
		got, cut := cutSummary(tc.text, tc.limit, nil)
		m := summaryMessage(got)
		if n := CountMessages([]Message{m}, nil); n > tc.limit {
			t.Errorf("%s: %d tokens over the limit of %d", tc.name, n, tc.limit)
		}
		if !utf8.ValidString(got) || !strings.HasPrefix(tc.text, got) {
			t.Errorf("%s: not a valid prefix", tc.name)
		}
		if cut != (got != tc.text) {
			t.Errorf("%s: cut %v, but the text is %d of %d bytes", tc.name, cut, len(got), len(tc.text))
		}
		if tc.lineCut && !strings.HasSuffix(got, "src/a.go") {
			t.Errorf("%s: not cut at a line boundary: …%q", tc.name, got[max(0, len(got)-20):])
		}
		if cut && len(got) < len(tc.text)/1000 {
			t.Errorf("%s: kept only %d bytes", tc.name, len(got))
		}
		// A line more would not fit: the cut keeps all it can, at a line.
		if tc.lineCut {
			more := tc.text[:len(got)+strings.IndexByte(tc.text[len(got)+1:], '\n')+1]
			if m := summaryMessage(more); CountMessages([]Message{m}, nil) <= tc.limit {
				t.Errorf("%s: a whole line more would have fit", tc.name)
			}
		}
		if again, _ := cutSummary(tc.text, tc.limit, nil); again != got {
			t.Errorf("%s: two cuts differ", tc.name)
		}
	}
}

// cutSummary on any text and cap: a valid prefix that fits, and the whole
// text when it already fits.
func TestCutSummaryProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := sanitizeSummary(rapid.StringOfN(rapid.SampledFrom([]rune("ab \n-#日é😀\t")), 0, 3000, -1).Draw(t, "text"))
		limit := rapid.IntRange(MinSummaryTokens, 400).Draw(t, "limit")
		got, cut := cutSummary(text, limit, nil)
		whole := summaryMessage(text)
		fits := CountMessages([]Message{whole}, nil) <= limit
		if fits && (cut || got != text) {
			t.Fatal("a text that fits was cut")
		}
		if m := summaryMessage(got); CountMessages([]Message{m}, nil) > limit && got != "" {
			t.Fatalf("cut to %d bytes, still over %d tokens", len(got), limit)
		}
		if !strings.HasPrefix(text, got) || !utf8.ValidString(got) {
			t.Fatal("not a valid prefix")
		}
		if !fits && len(got) == 0 && CountMessages([]Message{summaryMessage(string([]rune(text)[:1]))}, nil) <= limit {
			t.Fatal("cut to nothing though a rune fits")
		}
	})
}
