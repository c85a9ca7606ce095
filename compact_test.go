package headroom

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"github.com/stretchr/testify/assert"
)

func TestCountMessages(t *testing.T) {
	chars := TokenCounterFunc(func(s string) int { return len(s) })
	for _, tc := range []struct {
		name string
		msgs []Message
		want int
	}{
		{"nil", nil, 0},
		{"empty message", []Message{{}}, MessageOverheadTokens},
		{"text", []Message{userMsg("hello")}, MessageOverheadTokens + 5},
		{"call", []Message{{Parts: []Part{{ToolCall: &ToolCall{ID: "x", Name: "grep", Args: []byte(`{"a":1}`)}}}}}, MessageOverheadTokens + 4 + 7},
		{"result", []Message{resultMsg("x", "grep", "abc")}, MessageOverheadTokens + 4 + 3},
		{"opaque", []Message{{Parts: []Part{{Opaque: map[string]any{"image": "…"}}}}}, MessageOverheadTokens + OpaqueTokens},
		{"sized opaque", []Message{{Parts: []Part{{Opaque: sizedOpaque{42}}}}}, MessageOverheadTokens + 42},
		{"negative opaque", []Message{{Parts: []Part{{Opaque: sizedOpaque{-5}}}}}, MessageOverheadTokens},
		{"panicking opaque", []Message{{Parts: []Part{{Opaque: (*panicky)(nil)}}}}, MessageOverheadTokens + OpaqueTokens},
		{"several fields in one part", []Message{{Parts: []Part{{Text: "ab", ToolResult: &ToolResult{Content: "cd"}}}}}, MessageOverheadTokens + 4},
	} {
		if got := CountMessages(tc.msgs, chars); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
	if CountMessages([]Message{userMsg("hello world")}, nil) != MessageOverheadTokens+Estimate.CountTokens("hello world") {
		t.Error("nil counter is not Estimate")
	}
}

type panicky struct{ n int }

func (p *panicky) TokenCount() int { return p.n }

func TestCompactUnderBudget(t *testing.T) {
	conv := autonomousRun(3)
	called := false
	out, rep, err := Compact(context.Background(), conv, CompactOptions{Budget: 1 << 20, Observer: func(Event) { called = true }})
	if err != nil || &out[0] != &conv[0] || len(rep.Steps) != 0 || rep.FirstChanged != -1 || called {
		t.Fatalf("err %v, steps %d, first changed %d, observed %v", err, len(rep.Steps), rep.FirstChanged, called)
	}
	if got := rep.String(); !strings.HasSuffix(got, "· unchanged") {
		t.Errorf("String() = %q", got)
	}
}

func TestCompactBadBudget(t *testing.T) {
	for _, b := range []int{0, -1} {
		if _, _, err := Compact(context.Background(), nil, CompactOptions{Budget: b}); err == nil || !strings.HasPrefix(err.Error(), "headroom: ") {
			t.Errorf("budget %d: %v", b, err)
		}
	}
}

func TestCompactLongAutonomousRun(t *testing.T) {
	conv := autonomousRun(60)
	total := CountMessages(conv, nil)
	for _, s := range []Summarizer{nil, &fakeSummarizer{}} {
		out, rep, err := Compact(context.Background(), conv, CompactOptions{Budget: total / 4, Summarizer: s})
		if err != nil {
			t.Fatal(err)
		}
		checkRules(t, "compact", conv, out)
		if CountMessages(out, nil) > total/4 || !reflect.DeepEqual(out[1], conv[1]) {
			t.Errorf("%v: not compacted in place", rep)
		}
	}
}

func TestCompactCannotFit(t *testing.T) {
	conv := []Message{sysMsg(lines(200, "system prompt")), userMsg("hi")}
	keep := cloneMessages(conv)
	out, rep, err := Compact(context.Background(), conv, CompactOptions{Budget: 100})
	if !errors.Is(err, ErrCannotFit) || !reflect.DeepEqual(out, keep) {
		t.Fatalf("err %v", err)
	}
	want := "headroom: the conversation cannot fit the budget: " + txt.Commas(CountMessages(conv, nil)) + " tokens remain after every step, over the budget of 100"
	if err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	if rep.TokensAfter != rep.TokensBefore || rep.FirstChanged != -1 {
		t.Errorf("report %v", rep)
	}
}

// Compact checks every step's output and rejects one that breaks a rule,
// a user's own step included, then goes on with the messages it had.
func TestCompactRejectsBadSteps(t *testing.T) {
	conv := autonomousRun(10)
	total := CountMessages(conv, nil)
	dropLastResult := func(_ context.Context, msgs []Message, _ StepEnv) ([]Message, error) {
		return msgs[:len(msgs)-1], nil
	}
	changeSystem := func(_ context.Context, msgs []Message, _ StepEnv) ([]Message, error) {
		out := append([]Message{sysMsg("other")}, msgs[1:]...)
		return out, nil
	}
	dropUser := func(_ context.Context, msgs []Message, _ StepEnv) ([]Message, error) {
		return append(msgs[:1:1], msgs[2:]...), nil
	}
	moveSystem := func(_ context.Context, msgs []Message, _ StepEnv) ([]Message, error) {
		return append(append([]Message{}, msgs[1:]...), msgs[0]), nil
	}
	fails := func(context.Context, []Message, StepEnv) ([]Message, error) { return nil, errors.New("provider down") }
	panics := func(context.Context, []Message, StepEnv) ([]Message, error) { panic("boom") }
	for _, tc := range []struct {
		name  string
		apply func(context.Context, []Message, StepEnv) ([]Message, error)
		want  string
	}{
		{"orphans a call", dropLastResult, `separated tool call "c9"`},
		{"changes the system message", changeSystem, "changed system message 0"},
		{"drops the latest user message", dropUser, "latest user message"},
		{"moves the system message", moveSystem, "moved a system message"},
		{"fails", fails, "provider down"},
		{"panics", panics, "panicked: boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, rep, err := Compact(context.Background(), conv, CompactOptions{
				Budget: total - 100,
				Steps:  []Step{NewStep("bad", tc.apply), TrimStep(TrimOptions{})},
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Steps) != 2 || rep.Steps[0].Err == nil || !strings.Contains(rep.Steps[0].Err.Error(), tc.want) {
				t.Fatalf("steps %+v", rep.Steps)
			}
			if rep.Applied() != "trim" || !strings.Contains(rep.String(), "bad failed") {
				t.Errorf("report %v", rep)
			}
			checkRules(t, tc.name, conv, out)
		})
	}
}

// A call still awaiting its results is not a step's fault.
func TestCompactPendingCall(t *testing.T) {
	conv := append(autonomousRun(10), callMsg("pending", "Bash"))
	out, rep, err := Compact(context.Background(), conv, CompactOptions{Budget: CountMessages(conv, nil) * 6 / 10})
	if err != nil || rep.Steps[len(rep.Steps)-1].Err != nil {
		t.Fatalf("err %v, %v", err, rep.Steps)
	}
	assert.Equal(t, conv[len(conv)-1], out[len(out)-1], "pending call lost")
}

func TestCompactStopsAtFirstFit(t *testing.T) {
	conv := []Message{sysMsg("s"), userMsg("one")}
	conv = append(conv, toolRun("a", "grep", 10, 200)...)
	conv = append(conv, userMsg("two"), userMsg("three"))
	s := &fakeSummarizer{}
	var events []string
	out, rep, err := Compact(context.Background(), conv, CompactOptions{
		Budget: CountMessages(MaskObservations(conv, MaskOptions{}), nil) + 10, Summarizer: s,
		Observer: func(e Event) { events = append(events, e.String()) },
	})
	if err != nil || rep.Applied() != "mask" || len(rep.Steps) != 1 || s.calls.Load() != 0 {
		t.Fatalf("err %v, %v, %d summaries", err, rep, s.calls.Load())
	}
	if rep.FirstChanged != 3 || !reflect.DeepEqual(out[:3], conv[:3]) {
		t.Errorf("FirstChanged %d", rep.FirstChanged)
	}
	want := []string{"Compacting context · 24 messages, " + txt.Commas(rep.TokensBefore) + " tokens", "Context compacted · 24 → 24 messages, " + txt.Commas(rep.TokensBefore) + " → " + txt.Commas(rep.TokensAfter) + " tokens · mask"}
	assert.Equal(t, want, events, "events")
	if got, want := rep.String(), "24 → 24 messages, "+txt.Commas(rep.TokensBefore)+" → "+txt.Commas(rep.TokensAfter)+" tokens (budget "+txt.Commas(rep.Budget)+") · mask · cache breaks at message 3"; got != want {
		t.Errorf("String() = %q\nwant       %q", got, want)
	}
}

// A failure's event says what remains against the budget, in words for a
// user, without the error's "headroom:" prefix.
func TestCompactFailedEvent(t *testing.T) {
	conv := autonomousRun(10)
	var last Event
	_, rep, err := Compact(context.Background(), conv, CompactOptions{Budget: 10, Observer: func(e Event) { last = e }})
	if !errors.Is(err, ErrCannotFit) || last.Err != err {
		t.Fatalf("err %v, event err %v", err, last.Err)
	}
	remain := rep.Steps[len(rep.Steps)-1].TokensAfter
	want := "Context not compacted · " + txt.Commas(remain) + " tokens remain, over the budget of 10"
	if got := last.String(); got != want || !strings.Contains(err.Error(), txt.Commas(remain)+" tokens remain") {
		t.Errorf("String() = %q\nwant       %q (err %v)", got, want, err)
	}
	// Cancelled before any step: the input's tokens remain.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, rep, _ = Compact(ctx, conv, CompactOptions{Budget: 10, Observer: func(e Event) { last = e }})
	if got, want := last.String(), "Context not compacted · "+txt.Commas(rep.TokensBefore)+" tokens remain, over the budget of 10"; got != want {
		t.Errorf("String() = %q\nwant       %q", got, want)
	}
}

func TestCompactCancelled(t *testing.T) {
	conv := autonomousRun(10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, _, err := Compact(ctx, conv, CompactOptions{Budget: 10})
	if !errors.Is(err, context.Canceled) || !reflect.DeepEqual(out, conv) {
		t.Fatalf("err %v", err)
	}
}

// Odd input never panics.
func TestCompactOddInput(t *testing.T) {
	odd := []Message{
		{},
		{Role: "robot", Parts: []Part{{}}},
		{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{}}, {Text: "x", ToolCall: &ToolCall{}, ToolResult: &ToolResult{CallID: "q"}, Opaque: 3}}},
		{Role: RoleUser, Parts: []Part{{ToolResult: &ToolResult{CallID: "z", Content: lines(100, "z")}}}},
		{Role: RoleAssistant, Parts: []Part{{ToolCall: &ToolCall{ID: "z"}}, {ToolCall: &ToolCall{ID: "z"}}}},
		userMsg(summaryOpen + summaryClose),
	}
	for budget := 1; budget < 3000; budget += 97 {
		out, _, err := Compact(context.Background(), odd, CompactOptions{Budget: budget, Summarizer: &fakeSummarizer{}})
		if err == nil {
			checkRules(t, "odd", odd, out)
		}
		_ = MaskObservations(odd, MaskOptions{MinTokensFreed: -1, SkipTurns: -1, Protection: Protection{KeepToolResults: -1, Tools: []string{"[", "*"}}})
		_ = Trim(odd, TrimOptions{Budget: budget})
	}
}

func TestKept(t *testing.T) {
	conv := []Message{sysMsg("s"), userMsg("u"), callMsg("a", "skill"), resultMsg("a", "skill", "x"), callMsg("b", "grep"), resultMsg("b", "grep", "y"), userMsg("v")}
	got := Protection{KeepToolResults: -1, Tools: []string{"skill"}}.Kept(conv, 1)
	want := []bool{true, false, true, true, false, false, true}
	assert.Equal(t, want, got, "Kept")
}

// TestCompactSummarizesWhatTrimWouldDrop is the agent-loop user's case:
// Summarize's preferred cut (20 messages back, moved to a user turn) left
// a question verbatim that the trim after it then dropped, so it was in
// neither the summary nor the history. The summarize step run by Compact
// now moves its cut later when the preferred one would not fit.
func TestCompactSummarizesWhatTrimWouldDrop(t *testing.T) {
	say := func(i int) Message {
		return Message{Role: RoleAssistant, Parts: []Part{{Text: "Step " + itoa(i) + ": " + strings.Repeat("looked at the code and changed it; ", 20)}}}
	}
	conv := []Message{sysMsg("You are a coding agent."), userMsg("Port the parser to Go.")}
	for i := range 30 {
		conv = append(conv, say(i))
	}
	question := userMsg("Also keep the old CLI flags working, please.")
	conv = append(conv, question)
	for i := range 18 {
		conv = append(conv, say(100+i))
	}
	conv = append(conv, userMsg("Now run the tests."), say(200), say(201))

	// Before the fix: the cut sits at the question, which summarize keeps
	// verbatim; with this budget trim would then drop it.
	if cut := preferredCut(conv, analyze(conv), make([]bool, len(conv)), unitLast(analyze(conv)), DefaultSummarizeKeepRecent); !sameMessage(&conv[cut], &question) {
		t.Fatalf("the preferred cut is at message %d, not at the question", cut)
	}
	budget := CountMessages(conv[len(conv)-8:], nil) + 400
	s := &recordingSummarizer{text: "## Decisions\n- port the parser"}
	out, rep, err := Compact(context.Background(), conv, CompactOptions{
		Budget: budget, Summarizer: s, Summarize: SummarizeOptions{MaxWords: 150},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.reqs) != 1 {
		t.Fatalf("%d summarizer calls, want 1", len(s.reqs))
	}
	if !strings.Contains(s.reqs[0].Input, "Also keep the old CLI flags working") {
		t.Fatalf("the question was not summarized; report %v", rep)
	}
	if rep.Applied() != "summarize" {
		t.Errorf("applied %q, want summarize alone", rep.Applied())
	}
	if CountMessages(out, nil) > budget || !sameMessage(&out[len(out)-3], &conv[len(conv)-3]) {
		t.Errorf("output over budget or lost the latest instruction: %v", rep)
	}
	// Summarize on its own, with no budget, keeps its preferred cut.
	alone, err := Summarize(context.Background(), conv, s, SummarizeOptions{})
	if err != nil || !sameMessage(&alone[2], &question) {
		t.Errorf("Summarize alone moved its cut (err %v)", err)
	}
}
