package headroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/stretchr/testify/assert"
)

// recordingSummarizer answers text and remembers the requests.
type recordingSummarizer struct {
	text string
	err  error
	reqs []SummaryRequest
}

func (r *recordingSummarizer) Summarize(_ context.Context, req SummaryRequest) (Summary, error) {
	r.reqs = append(r.reqs, req)
	return Summary{Text: r.text}, r.err
}

// autonomousRun is one user instruction followed by n tool calls.
func autonomousRun(n int) []Message {
	conv := []Message{sysMsg("You are a coding agent."), userMsg("Refactor the whole package; do not stop until the tests pass.")}
	return append(conv, toolRun("c", "Bash", n, 40)...)
}

func TestSummarizePromptGolden(t *testing.T) {
	conv := []Message{
		sysMsg("sys"),
		userMsg(summaryOpen + "\n## Decisions\n- use Go 1.26\n" + summaryClose),
		userMsg("Fix the flaky test."),
		callMsg("1", "Bash"),
		{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "1", Name: "Bash", Content: "FAIL TestX\nexit status 1\n", IsError: true, ExitCode: new(int)}}}},
		{Role: RoleAssistant, Parts: []Part{{Text: "It races on the cache."}, {Opaque: "thinking"}}},
		userMsg("Go on."),
		{Role: RoleAssistant, Parts: []Part{{Text: "Done."}}},
	}
	r := &recordingSummarizer{text: "## Decisions\n- fixed"}
	out, err := Summarize(context.Background(), conv, r, SummarizeOptions{KeepRecent: 2, Protection: Protection{KeepToolResults: -1}, Instructions: "Keep ticket numbers.", Sections: []string{"Decisions", "Open tasks"}})
	if err != nil {
		t.Fatal(err)
	}
	req := r.reqs[0]
	if req.Kind != SummaryConversation || req.Previous != "## Decisions\n- use Go 1.26" || req.MaxWords != DefaultSummaryWords {
		t.Errorf("request %+v", req)
	}
	checkGolden(t, "compact/summary_request.txt", "-- prompt --\n"+req.Prompt+"-- input --\n"+req.Input+"\n")
	want := []string{"s:sys", "u:" + summaryOpen + "\n## Decisions\n- fixed\n" + summaryClose, "u:Go on.", "a:Done."}
	assert.Equal(t, want, ids(out), "kept message ids")
	// A second pass extends the new summary: still one.
	more := append(out, userMsg("And the docs."), Message{Role: RoleAssistant, Parts: []Part{{Text: lines(50, "docs")}}}, userMsg("Next."))
	r.text = "## Decisions\n- fixed\n- docs"
	out2, err := Summarize(context.Background(), more, r, SummarizeOptions{KeepRecent: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.reqs[1].Previous != "## Decisions\n- fixed" {
		t.Errorf("Previous = %q", r.reqs[1].Previous)
	}
	n := 0
	for i := range out2 {
		if isSummaryMessage(&out2[i]) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d summaries after the second pass: %q", n, ids(out2))
	}
}

func TestSummarizeLongAutonomousRun(t *testing.T) {
	conv := autonomousRun(60)
	r := &recordingSummarizer{text: "## Current plan\n- keep going"}
	out, err := Summarize(context.Background(), conv, r, SummarizeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkRules(t, "summarize", conv, out)
	checkTail(t, "summarize", conv, out, DefaultSummarizeKeepRecent)
	// system, the instruction in place, the summary, 20 recent messages.
	if len(out) != 23 || !reflect.DeepEqual(out[1], conv[1]) || !isSummaryMessage(&out[2]) {
		t.Fatalf("got %d messages: %q", len(out), ids(out)[:4])
	}
}

func TestSummarizeSanitises(t *testing.T) {
	r := &recordingSummarizer{text: "  ok " + summaryClose + " then " + summaryOpen + " \xff "}
	out, err := Summarize(context.Background(), autonomousRun(30), r, SummarizeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := out[2].Parts[0].Text
	if want := summaryOpen + "\nok (/CONVERSATION_SUMMARY) then (CONVERSATION_SUMMARY)\n" + summaryClose; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSummarizeFailures(t *testing.T) {
	conv := autonomousRun(30)
	for _, tc := range []struct {
		name string
		s    Summarizer
		want string
	}{
		{"nil", nil, "needs a Summarizer"},
		{"error", &recordingSummarizer{err: errors.New("rate limited")}, "rate limited"},
		{"empty", &recordingSummarizer{text: " \n "}, "no text"},
		{"too long", &recordingSummarizer{text: lines(2000, "blah")}, "no shorter"},
		{"panic", SummarizerFunc(func(context.Context, SummaryRequest) (Summary, error) { panic("boom") }), "panic: boom"},
		{"hang", SummarizerFunc(func(ctx context.Context, _ SummaryRequest) (Summary, error) {
			<-ctx.Done()
			return Summary{}, ctx.Err()
		}), "deadline exceeded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				out, err := Summarize(context.Background(), conv, tc.s, SummarizeOptions{})
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "headroom: ") {
					t.Fatalf("err %v, want %q", err, tc.want)
				}
				assert.Equal(t, conv, out, "a failed summary changed the messages")
			})
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Summarize(ctx, conv, &recordingSummarizer{text: "x"}, SummarizeOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestSummarizeNothingToFold(t *testing.T) {
	r := &recordingSummarizer{text: "x"}
	for _, conv := range [][]Message{nil, {sysMsg("s"), userMsg("hi")}, autonomousRun(5)} {
		out, err := Summarize(context.Background(), conv, r, SummarizeOptions{})
		if err != nil || !reflect.DeepEqual(out, conv) {
			t.Errorf("%d messages: err %v, changed %v", len(conv), err, !reflect.DeepEqual(out, conv))
		}
	}
	// An earlier summary among the recent messages: folding what is
	// before it would stack a second summary, so nothing happens.
	conv := []Message{sysMsg("s"), userMsg("old task"), {Role: RoleAssistant, Parts: []Part{{Text: lines(100, "x")}}},
		userMsg(summaryOpen + "\nearlier\n" + summaryClose), userMsg("now")}
	out, err := Summarize(context.Background(), conv, r, SummarizeOptions{KeepRecent: 2})
	if err != nil || !reflect.DeepEqual(out, conv) || len(r.reqs) != 0 {
		t.Errorf("err %v, %d calls, %q", err, len(r.reqs), ids(out))
	}
}

func TestSummarizeInputIsBounded(t *testing.T) {
	conv := []Message{userMsg("go")}
	for i := range 60 {
		id := string(rune('a'+i%26)) + itoa(i)
		conv = append(conv, callMsg(id, "Read"), resultMsg(id, "Read", lines(2000, "huge")))
	}
	conv = append(conv, userMsg("next"))
	r := &recordingSummarizer{text: "short"}
	if _, err := Summarize(context.Background(), conv, r, SummarizeOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := len(r.reqs[0].Input); n > conversationMaxInput {
		t.Errorf("input %d bytes", n)
	}
	if !strings.Contains(r.reqs[0].Input, "[…headroom:") {
		t.Error("long tool outputs were not clipped")
	}
}

// Beyond 100 KB, the tool outputs and assistant texts are clipped harder
// before the whole is: a user message in the middle of a long run still
// reaches the summarizer (the head-and-tail clip used to cut it out).
func TestSummarizeInputKeepsUserMessages(t *testing.T) {
	conv := []Message{userMsg("go")}
	for i := range 120 {
		id := "c" + itoa(i)
		conv = append(conv, callMsg(id, "Read"), resultMsg(id, "Read", lines(400, "huge")),
			Message{Role: RoleAssistant, Parts: []Part{{Text: lines(300, "thinking")}}})
		if i == 60 {
			conv = append(conv, userMsg("question in the middle: keep the v1 API"))
		}
	}
	conv = append(conv, userMsg("next"))
	r := &recordingSummarizer{text: "short"}
	if _, err := Summarize(context.Background(), conv, r, SummarizeOptions{KeepRecent: 1, Protection: Protection{KeepToolResults: -1}}); err != nil {
		t.Fatal(err)
	}
	in := r.reqs[0].Input
	if len(in) > conversationMaxInput {
		t.Errorf("input %d bytes", len(in))
	}
	if !strings.Contains(in, "question in the middle: keep the v1 API") {
		t.Error("the user message in the middle did not reach the summarizer")
	}
	// Every folded result is still named, clipped as it is.
	if n := strings.Count(in, "[result of Read"); n != 120 {
		t.Errorf("%d of 120 results in the transcript", n)
	}
}

func TestSummarizePrefersTurnBoundary(t *testing.T) {
	var conv []Message
	for turn := range 4 {
		conv = append(conv, userMsg("turn "+itoa(turn)))
		conv = append(conv, toolRun("t"+itoa(turn)+"_", "Bash", 4, 20)...)
	}
	// 36 messages; KeepRecent 10 would cut inside the last turn's run; the
	// boundary at "turn 3" (index 27) still folds more than half as much.
	out, err := Summarize(context.Background(), conv, &recordingSummarizer{text: "s"}, SummarizeOptions{KeepRecent: 6, Protection: Protection{KeepToolResults: -1}})
	if err != nil {
		t.Fatal(err)
	}
	if !isSummaryMessage(&out[0]) || out[1].Parts[0].Text != "turn 3" {
		t.Errorf("got %q", ids(out)[:3])
	}
}

// The transcript a summarizer is fed, byte for byte, at each stage of its
// bounding: every part within its own clip (the first level), parts
// clipped harder until the whole fits (a later level), and the whole
// clipped head and tail when even the floor is too long; with the folded
// user messages that reached it.
func TestTranscriptGolden(t *testing.T) {
	exit := 2
	first := []Message{
		userMsg(lines(400, "ask")), // a user's text keeps 8,000 bytes
		{Role: RoleAssistant, Parts: []Part{{Text: lines(300, "plan")}, {ToolCall: &ToolCall{ID: "a1", Name: "Edit", Args: json.RawMessage(`{"patch":"` + strings.Repeat("x", 9000) + `"}`)}}}},
		{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "a1", Name: "Edit", Content: lines(250, "a1"), IsError: true, ExitCode: &exit}}}},
		{Role: RoleAssistant, Parts: []Part{{Opaque: "thinking"}, {Text: "short\n\n\n"}}},
	}
	var later, floor []Message
	for i := range 40 {
		id := "b" + itoa(i)
		later = append(later, callMsg(id, "Read"), resultMsg(id, "Read", lines(170, id)),
			Message{Role: RoleAssistant, Parts: []Part{{Text: lines(100, "think"+id)}}})
		if i == 20 {
			later = append(later, userMsg(lines(20, "keep the v1 API")))
		}
	}
	for i := range 300 {
		id := "c" + itoa(i)
		floor = append(floor, callMsg(id, "Bash"), resultMsg(id, "Bash", lines(70, id)),
			Message{Role: RoleAssistant, Parts: []Part{{Text: lines(40, "note"+id)}}})
		if i%100 == 0 {
			floor = append(floor, userMsg("instruction "+itoa(i)))
		}
	}
	var b strings.Builder
	for _, c := range []struct {
		name     string
		msgs     []Message
		previous string
	}{{"first level", first, "## Decisions\n- earlier"}, {"later level", later, ""}, {"whole clipped", floor, ""}} {
		fold := make([]bool, len(c.msgs))
		for i := range fold {
			fold[i] = true
		}
		in, reached := transcript(c.msgs, fold, c.previous, Estimate)
		if len(in) > conversationMaxInput {
			t.Errorf("%s: %d bytes", c.name, len(in))
		}
		var got []int
		for i, r := range reached {
			if r {
				got = append(got, i)
			}
		}
		fmt.Fprintf(&b, "-- %s: %d bytes, user messages reached %v --\n%s\n", c.name, len(in), got, in)
	}
	checkGolden(t, "compact/transcript.txt", b.String())
}
