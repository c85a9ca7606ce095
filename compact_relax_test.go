package headroom

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// coreOf returns the irreducible core of msgs: system messages, the latest
// user message, conversation summaries, and the last assistant message with
// the tool results after it.
func coreOf(msgs []Message) []Message {
	lu, la := latestInstruction(msgs), lastAssistant(msgs)
	var core []Message
	for i := range msgs {
		m := &msgs[i]
		switch {
		case m.Role == RoleSystem, i == lu, isSummaryMessage(m), i == la:
			core = append(core, *m)
		case la >= 0 && i > la:
			for _, p := range m.Parts {
				if p.ToolResult != nil {
					core = append(core, *m)
					break
				}
			}
		}
	}
	return core
}

// checkCore: the core of in is in out, byte for byte, but for summaries,
// which a summarize step may extend; when a new summary was made, only the
// system messages and the latest user message (the summary holds the rest).
func checkCore(t failer, in, out []Message) {
	summarized := false
	for i := range out {
		if isSummaryMessage(&out[i]) && !slices.ContainsFunc(in, func(m Message) bool { return reflect.DeepEqual(m, out[i]) }) {
			summarized = true
		}
	}
	lu := latestInstruction(in)
	for _, m := range coreOf(in) {
		if isSummaryMessage(&m) || summarized && m.Role != RoleSystem && !reflect.DeepEqual(m, in[max(lu, 0)]) {
			continue
		}
		found := false
		for j := range out {
			if reflect.DeepEqual(m, out[j]) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("a message of the core (%s %+v) is missing or changed", m.Role, m.Parts)
		}
	}
}

// Compact returns ErrCannotFit only when the core itself cannot fit, and
// a summary it makes never takes more than its share of the budget,
// however verbose the summarizer.
func TestCompactCannotFitOnlyWhenTheCoreCannot(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genConversation(t)
		total, core := CountMessages(in, nil), CountMessages(coreOf(in), nil)
		o := CompactOptions{Budget: rapid.IntRange(max(1, core/2), total+1).Draw(t, "budget")}
		o.Mask.Excerpt = rapid.Bool().Draw(t, "excerpt")
		if rapid.Bool().Draw(t, "summarizer") {
			o.Summarizer = drawLabelSummarizer(t)
			o.Summarize.BudgetShare = rapid.SampledFrom([]float64{0, 0.05, 0.5, 1, -1}).Draw(t, "share")
		}
		out, rep, err := Compact(context.Background(), in, o)
		if limit, _ := o.Summarize.summaryCap(o.Budget); limit > 0 {
			for i := range out {
				if n := messageTokens(&out[i], Estimate); isSummaryMessage(&out[i]) && n > limit &&
					!slices.ContainsFunc(in, func(m Message) bool { return reflect.DeepEqual(m, out[i]) }) {
					t.Fatalf("a summary of %d tokens, over its cap of %d", n, limit)
				}
			}
			for _, sr := range rep.Steps {
				if sr.SummaryCap > limit {
					t.Fatalf("step %s capped its summary at %d tokens, over the share's %d", sr.Name, sr.SummaryCap, limit)
				}
			}
		}
		if err != nil {
			if !errors.Is(err, ErrCannotFit) {
				t.Fatal(err)
			}
			if core <= o.Budget {
				t.Fatalf("ErrCannotFit with a core of %d tokens under the budget of %d: %v", core, o.Budget, err)
			}
			return
		}
		checkRules(t, "compact", in, out)
		checkCore(t, in, out)
		if n := CountMessages(out, nil); n > o.Budget {
			t.Fatalf("%d tokens over the budget of %d", n, o.Budget)
		}
		if len(rep.Relaxed) > 0 && !strings.Contains(rep.String(), "relaxed") {
			t.Fatal("the report line does not say what was relaxed")
		}
	})
}

// agentRun is one instruction then n tool calls with results of size
// bytes each, then a last tiny result; ids is how calls are named.
func agentRun(n, size int, ids func(i int) string) []Message {
	msgs := []Message{
		{Role: RoleSystem, Parts: []Part{{Text: "You are a coding agent."}}},
		{Role: RoleUser, Parts: []Part{{Text: "Fix the build."}}},
	}
	for i := range n {
		content := strings.Repeat(fmt.Sprintf("pkg/file_%d.go:%d: undefined: x\n", i, i), size/30)
		if i == n-1 {
			content = "ok"
		}
		msgs = append(msgs,
			Message{Role: RoleAssistant, Parts: []Part{{ToolCall: &ToolCall{ID: ids(i), Name: "Bash"}}}},
			Message{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: ids(i), Name: "Bash", Content: content}}}})
	}
	return msgs
}

// The cases: each fits once protections relax or masking reaches
// into a long turn, and each failed before.
func TestCompactRelaxes(t *testing.T) {
	uniq := func(i int) string { return fmt.Sprintf("call_%d", i) }
	cases := []struct {
		name   string
		msgs   []Message
		budget int
		// keepAll: every message survives (masking suffices)
		keepAll bool
	}{
		{"six 15 KB results before a 2-byte one", agentRun(7, 15000, uniq), 400, false},
		{"200 calls in one turn: mask, do not trim", agentRun(200, 3000, uniq), 40000, true},
		{"no call ids (Gemini)", agentRun(40, 3000, func(int) string { return "" }), 3000, false},
		{"one repeated call id", agentRun(40, 3000, func(int) string { return "call" }), 3000, false},
	}
	for _, tc := range cases {
		out, rep, err := Compact(context.Background(), tc.msgs, CompactOptions{Budget: tc.budget})
		if err != nil {
			t.Errorf("%s: %v (core %d tokens)", tc.name, err, CountMessages(coreOf(tc.msgs), nil))
			continue
		}
		checkRules(t, tc.name, tc.msgs, out)
		checkCore(t, tc.msgs, out)
		if tc.keepAll && len(out) != len(tc.msgs) {
			t.Errorf("%s: %d of %d messages dropped where masking fits (%v)", tc.name, len(tc.msgs)-len(out), len(tc.msgs), rep)
		}
	}
}

// Relaxed to the core, trim used to drop the user messages among the last
// messages unsummarized: the summarize step never folds into trim's floor.
// Now a relaxation that would drop them folds them into the summary.
func TestCompactRelaxedFloorSummarizesUserMessages(t *testing.T) {
	say := func(n int) Message {
		return Message{Role: RoleAssistant, Parts: []Part{{Text: strings.Repeat("I looked at the parser and changed it. ", n)}}}
	}
	conv := []Message{sysMsg("You are a coding agent."), userMsg("question 1: port the parser."), say(80)}
	conv = append(conv, userMsg("question 3: keep the old flags."), say(60), userMsg("question 5: and the docs."), say(60),
		userMsg("question 7: now run the tests."), callMsg("t", "Bash"), resultMsg("t", "Bash", lines(150, "ok")))
	core := CountMessages(coreOf(conv), nil)
	budget := core + 300
	for _, withSummarizer := range []bool{true, false} {
		o := CompactOptions{Budget: budget}
		s := &labelSummarizer{lines: 2}
		if withSummarizer {
			o.Summarizer = s
		}
		out, rep, err := Compact(context.Background(), conv, o)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(rep.Relaxed, RelaxTrimFloor) {
			t.Fatalf("the case needs trim's floor relaxed: %s", rep)
		}
		covered := s.covered(out)
		dropped := 0
		for i, m := range conv {
			if isInstruction(&m) && !slices.ContainsFunc(out, func(o Message) bool { return reflect.DeepEqual(o, m) }) && !covered[i] {
				dropped++
			}
		}
		if withSummarizer && (dropped > 0 || rep.DroppedUserMessages > 0) {
			t.Errorf("%d user messages dropped unsummarized (report: %d): %s", dropped, rep.DroppedUserMessages, rep)
		}
		if !withSummarizer && (dropped == 0 || rep.DroppedUserMessages != dropped || !strings.Contains(rep.String(), "dropped unsummarized")) {
			t.Errorf("without a summarizer, %d dropped, the report says %d: %s", dropped, rep.DroppedUserMessages, rep)
		}
		if n := CountMessages(out, nil); n > budget {
			t.Errorf("%d tokens over the budget of %d", n, budget)
		}
	}
}
