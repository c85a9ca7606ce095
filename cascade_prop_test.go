package headroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"pgregory.net/rapid"
)

// sizedOpaque is an opaque part that knows its token cost.
type sizedOpaque struct{ Tokens int }

func (o sizedOpaque) TokenCount() int { return o.Tokens }

var genTools = []string{"grep", "Bash", "Read", "skill", "mcp__memory__get"}

// convGen builds random conversations: system messages, an earlier summary,
// user turns, assistant text and tool calls (parallel ones too), results
// together or in separate messages, protected tools, opaque parts, an
// orphan result now and then, and a call still pending at the end.
type convGen struct {
	t    *rapid.T
	msgs []Message
	ids  int
}

func (g *convGen) content(label string) string {
	n := rapid.IntRange(0, 120).Draw(g.t, label+"_lines")
	word := rapid.SampledFrom([]string{"ok", "error: undefined: x", "src/main.go:12: match", "日本語 ligne é"}).Draw(g.t, label+"_word")
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d %s %s\n", i, word, strings.Repeat("x", i%17))
	}
	return b.String()
}

func (g *convGen) userTurn() {
	parts := []Part{{Text: "please do task " + rapid.StringMatching(`[a-z ]{0,30}`).Draw(g.t, "instr")}}
	if rapid.IntRange(0, 9).Draw(g.t, "userOpaque") == 0 {
		parts = append(parts, Part{Opaque: sizedOpaque{rapid.IntRange(0, 2000).Draw(g.t, "opaqueTokens")}})
	}
	g.msgs = append(g.msgs, Message{Role: RoleUser, Parts: parts})
}

func (g *convGen) toolStep() {
	calls := rapid.IntRange(1, 3).Draw(g.t, "calls")
	var parts []Part
	if rapid.Bool().Draw(g.t, "thinks") {
		parts = append(parts, Part{Text: "let me look " + strings.Repeat("hmm ", rapid.IntRange(0, 50).Draw(g.t, "hmm"))})
	}
	var results []Part
	for range calls {
		g.ids++
		id := fmt.Sprintf("c%d", g.ids)
		name := rapid.SampledFrom(genTools).Draw(g.t, "tool")
		parts = append(parts, Part{ToolCall: &ToolCall{ID: id, Name: name, Args: json.RawMessage(`{"q":"` + name + `"}`)}})
		r := &ToolResult{CallID: id, Name: name, Content: g.content("out")}
		if rapid.IntRange(0, 4).Draw(g.t, "failed") == 0 {
			code := 1
			r.IsError, r.ExitCode = true, &code
		}
		results = append(results, Part{ToolResult: r})
	}
	g.msgs = append(g.msgs, Message{Role: RoleAssistant, Parts: parts})
	if rapid.Bool().Draw(g.t, "together") {
		g.msgs = append(g.msgs, Message{Role: RoleTool, Parts: results})
	} else {
		for _, r := range results {
			g.msgs = append(g.msgs, Message{Role: RoleTool, Parts: []Part{r}})
		}
	}
}

func genConversation(t *rapid.T) []Message {
	g := &convGen{t: t}
	for range rapid.IntRange(0, 2).Draw(t, "systems") {
		g.msgs = append(g.msgs, Message{Role: RoleSystem, Parts: []Part{{Text: "You are a coding agent. " + g.content("sys")}}})
	}
	if rapid.IntRange(0, 3).Draw(t, "oldSummary") == 0 {
		g.msgs = append(g.msgs, Message{Role: RoleUser, Parts: []Part{{Text: summaryOpen + "\n## Decisions\n- use Go\n" + summaryClose}}})
	}
	if rapid.IntRange(0, 5).Draw(t, "orphan") == 0 {
		g.msgs = append(g.msgs, Message{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: "lost", Name: "grep", Content: g.content("orphan")}}}})
	}
	for range rapid.IntRange(0, 5).Draw(t, "turns") {
		g.userTurn()
		for range rapid.IntRange(0, 12).Draw(t, "steps") {
			if rapid.IntRange(0, 5).Draw(t, "textOnly") == 0 {
				g.msgs = append(g.msgs, Message{Role: RoleAssistant, Parts: []Part{{Text: "done with " + g.content("say")}}})
				continue
			}
			g.toolStep()
		}
	}
	if rapid.IntRange(0, 4).Draw(t, "pending") == 0 {
		g.msgs = append(g.msgs, Message{Role: RoleAssistant, Parts: []Part{{ToolCall: &ToolCall{ID: "pending", Name: "Bash"}}}})
	}
	return g.msgs
}

// cloneMessages deep-copies msgs (opaque values in tests are immutable).
func cloneMessages(msgs []Message) []Message {
	if msgs == nil {
		return nil
	}
	out := make([]Message, len(msgs))
	for i, m := range msgs {
		out[i].Role = m.Role
		if m.Parts == nil {
			continue
		}
		out[i].Parts = make([]Part, len(m.Parts))
		for j, p := range m.Parts {
			if p.ToolCall != nil {
				c := *p.ToolCall
				c.Args = append(json.RawMessage(nil), c.Args...)
				if p.ToolCall.Args == nil {
					c.Args = nil
				}
				p.ToolCall = &c
			}
			if p.ToolResult != nil {
				r := *p.ToolResult
				if r.ExitCode != nil {
					code := *r.ExitCode
					r.ExitCode = &code
				}
				p.ToolResult = &r
			}
			out[i].Parts[j] = p
		}
	}
	return out
}

// fakeSummarizer answers deterministically and counts its calls.
type fakeSummarizer struct{ calls atomic.Int64 }

func (f *fakeSummarizer) Summarize(_ context.Context, req SummaryRequest) (Summary, error) {
	f.calls.Add(1)
	prev := "none"
	if req.Previous != "" {
		prev = fmt.Sprintf("%d bytes", len(req.Previous))
	}
	return Summary{Text: fmt.Sprintf("## Decisions\n- folded %d bytes of transcript\n- previous summary: %s", len(req.Input), prev)}, nil
}

// failer is what the checks need of *testing.T and *rapid.T.
type failer interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkRules checks what every step guarantees, in → out.
func checkRules(t failer, what string, in, out []Message) {
	t.Helper()
	var sysIn, sysOut []Message
	lead := 0
	for i, m := range in {
		if m.Role == RoleSystem {
			sysIn = append(sysIn, m)
			if lead == i {
				lead++
			}
		}
	}
	for _, m := range out {
		if m.Role == RoleSystem {
			sysOut = append(sysOut, m)
		}
	}
	if !reflect.DeepEqual(sysIn, sysOut) {
		t.Fatalf("%s: system messages changed", what)
	}
	if len(out) < lead || !reflect.DeepEqual(in[:lead], out[:lead]) {
		t.Fatalf("%s: leading system messages moved", what)
	}
	if li := latestInstruction(in); li >= 0 {
		lo := latestInstruction(out)
		if lo < 0 || !reflect.DeepEqual(in[li], out[lo]) {
			t.Fatalf("%s: latest user message %d lost or changed", what, li)
		}
	}
	before := orphanIDs(in)
	for id := range orphanIDs(out) {
		if !before[id] {
			t.Fatalf("%s: tool call %q separated from its results", what, id)
		}
	}
}

// checkTail checks that the last n messages are byte-identical.
func checkTail(t failer, what string, in, out []Message, n int) {
	t.Helper()
	n = min(n, len(in))
	if len(out) < n || !reflect.DeepEqual(in[len(in)-n:], out[len(out)-n:]) {
		t.Fatalf("%s: the last %d messages changed", what, n)
	}
}

// skipBoundary is where masking's protected turns start: the turns-th
// latest user message, or later when more than the last 10 tool results
// would be sheltered.
func skipBoundary(msgs []Message, turns int) int {
	var idx []int
	for i := range msgs {
		if isInstruction(&msgs[i]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return len(msgs)
	}
	b := idx[max(0, len(idx)-turns)]
	for i, seen := len(msgs)-1, 0; i > b; i-- {
		for _, p := range msgs[i].Parts {
			if p.ToolResult != nil {
				seen++
			}
		}
		if seen >= 10 {
			return i
		}
	}
	return b
}

var propProtection = Protection{Tools: []string{"skill", "mcp__memory__*"}}

func TestMaskProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genConversation(t)
		keep := cloneMessages(in)
		o := MaskOptions{Protection: propProtection, MinTokensFreed: rapid.IntRange(-1, 3000).Draw(t, "minFreed"),
			Excerpt: rapid.Bool().Draw(t, "excerpt")}
		out := MaskObservations(in, o)
		if !reflect.DeepEqual(in, keep) {
			t.Fatal("input mutated")
		}
		checkRules(t, "mask", in, out)
		if len(out) != len(in) {
			t.Fatalf("mask changed the message count %d → %d", len(in), len(out))
		}
		b := skipBoundary(in, DefaultSkipTurns)
		if !reflect.DeepEqual(in[b:], out[b:]) {
			t.Fatal("mask touched the last two user turns")
		}
		for i := range in {
			if in[i].Role != out[i].Role || len(in[i].Parts) != len(out[i].Parts) {
				t.Fatalf("message %d changed shape", i)
			}
			for j, p := range in[i].Parts {
				q := out[i].Parts[j]
				if (p.ToolResult == nil) != (q.ToolResult == nil) {
					t.Fatalf("message %d part %d changed kind", i, j)
				}
				if r, s := p.ToolResult, q.ToolResult; r != nil {
					if r.CallID != s.CallID || r.IsError != s.IsError || !reflect.DeepEqual(r.ExitCode, s.ExitCode) || r.Name != s.Name {
						t.Fatalf("message %d part %d: result fields changed", i, j)
					}
					if r.Content != s.Content && (propProtection.protectsTool(r.Name) || !isMasked(s.Content)) {
						t.Fatalf("message %d part %d: content changed to %q", i, j, s.Content)
					}
				}
			}
		}
		if again := MaskObservations(out, MaskOptions{Protection: propProtection, MinTokensFreed: -1, Excerpt: !o.Excerpt}); !reflect.DeepEqual(again, out) &&
			CountMessages(again, nil) >= CountMessages(out, nil) {
			t.Fatal("a second pass re-worded masked results without freeing anything")
		}
		again := MaskObservations(out, o)
		for i := range again {
			for j, p := range again[i].Parts {
				if p.ToolResult != nil && isMasked(out[i].Parts[j].ToolResult.Content) && p.ToolResult.Content != out[i].Parts[j].ToolResult.Content {
					t.Fatal("an already-masked result was masked again")
				}
			}
		}
	})
}

func TestTrimProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genConversation(t)
		keep := cloneMessages(in)
		total := CountMessages(in, nil)
		o := TrimOptions{Protection: propProtection, Budget: rapid.IntRange(1, total+100).Draw(t, "budget")}
		out := Trim(in, o)
		if !reflect.DeepEqual(in, keep) {
			t.Fatal("input mutated")
		}
		checkRules(t, "trim", in, out)
		checkTail(t, "trim", in, out, DefaultTrimKeepRecent)
		if got := CountMessages(out, nil); got > o.Budget {
			// Whatever is left must be what the rules keep.
			kept := propProtection.Kept(in, DefaultTrimKeepRecent)
			n := 0
			for _, k := range kept {
				if k {
					n++
				}
			}
			if n != len(out) {
				t.Fatalf("over budget (%d > %d) with %d messages left, of which only %d are protected", got, o.Budget, len(out), n)
			}
		}
		if total <= o.Budget && !reflect.DeepEqual(in, out) {
			t.Fatal("trim changed a conversation that fits")
		}
	})
}

func TestSummarizeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genConversation(t)
		keep := cloneMessages(in)
		keepRecent := rapid.IntRange(-1, 25).Draw(t, "keepRecent")
		o := SummarizeOptions{Protection: propProtection, KeepRecent: keepRecent}
		s := &fakeSummarizer{}
		out, err := Summarize(context.Background(), in, s, o)
		if !reflect.DeepEqual(in, keep) {
			t.Fatal("input mutated")
		}
		if err != nil && !reflect.DeepEqual(in, out) {
			t.Fatal("failed summarize changed the messages")
		}
		checkRules(t, "summarize", in, out)
		checkTail(t, "summarize", in, out, o.keepRecent())
		summaries := 0
		for i := range out {
			if isSummaryMessage(&out[i]) {
				summaries++
			}
		}
		if summaries > 1 {
			t.Fatalf("%d summary messages: summaries stacked", summaries)
		}
	})
}

// compactOptions draws the options of a Compact run.
func drawCompactOptions(t *rapid.T, in []Message) (CompactOptions, *fakeSummarizer) {
	// Budgets from a little under what trimming alone can reach (so some
	// runs cannot fit) to a little over the whole conversation.
	total := CountMessages(in, nil)
	floor := CountMessages(Trim(in, TrimOptions{Budget: 1, Protection: propProtection}), nil)
	o := CompactOptions{
		Budget:     rapid.IntRange(max(1, floor*9/10), total+total/10+1).Draw(t, "budget"),
		Protection: propProtection,
	}
	var s *fakeSummarizer
	if rapid.Bool().Draw(t, "summarizer") {
		s = &fakeSummarizer{}
		o.Summarizer = s
	}
	o.Mask.Excerpt = rapid.Bool().Draw(t, "excerpt")
	return o, s
}

// checkCompact checks every invariant of one Compact call.
func checkCompact(t *rapid.T, in []Message, o CompactOptions, out []Message, rep CompactReport, err error) {
	total := CountMessages(in, nil)
	if err != nil {
		if !errors.Is(err, ErrCannotFit) {
			t.Fatalf("unexpected error %v", err)
		}
		if !reflect.DeepEqual(in, out) {
			t.Fatal("ErrCannotFit with changed messages")
		}
		return
	}
	checkRules(t, "compact", in, out)
	if got := CountMessages(out, nil); got > o.Budget {
		t.Fatalf("result has %d tokens, budget %d", got, o.Budget)
	}
	if total <= o.Budget && (len(rep.Steps) > 0 || !reflect.DeepEqual(in, out)) {
		t.Fatal("a conversation under budget was changed")
	}
	if len(rep.Relaxed) > 0 {
		// The protections relaxed: only the core is sure to stay.
		checkCore(t, in, out)
	} else {
		tail := min(o.Trim.keepRecent(), len(in)-skipBoundary(in, DefaultSkipTurns))
		if o.Summarizer != nil {
			tail = min(tail, o.Summarize.keepRecent())
		}
		checkTail(t, "compact", in, out, tail)
	}
	fc := rep.FirstChanged
	if fc < 0 {
		if !reflect.DeepEqual(in, out) {
			t.Fatal("FirstChanged -1 but the output differs")
		}
	} else {
		if !reflect.DeepEqual(in[:fc], out[:fc]) {
			t.Fatalf("FirstChanged %d but an earlier message differs", fc)
		}
		if fc < len(in) && fc < len(out) && reflect.DeepEqual(in[fc], out[fc]) {
			t.Fatalf("FirstChanged %d but that message is the same", fc)
		}
	}
	if rep.TokensAfter != CountMessages(out, nil) || rep.MessagesAfter != len(out) {
		t.Fatalf("report after %d/%d, actual %d/%d", rep.MessagesAfter, rep.TokensAfter, len(out), CountMessages(out, nil))
	}
}

func TestCompactProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genConversation(t)
		keep := cloneMessages(in)
		o, s := drawCompactOptions(t, in)
		out, rep, err := Compact(context.Background(), in, o)
		if !reflect.DeepEqual(in, keep) {
			t.Fatal("input mutated")
		}
		checkCompact(t, in, o, out, rep, err)
		// Same input, same output.
		out2, _, err2 := Compact(context.Background(), keep, o)
		if !reflect.DeepEqual(out, out2) || (err == nil) != (err2 == nil) {
			t.Fatal("two runs on the same input differ")
		}
		// Cheapest first: masking alone fits, so no summary.
		if s != nil {
			mo := o.Mask
			mo.Protection = o.Protection
			if CountMessages(MaskObservations(in, mo), nil) <= o.Budget && s.calls.Load() > 0 {
				t.Fatal("the summarizer was called though masking alone fits")
			}
		}
		if err == nil {
			again, rep2, err := Compact(context.Background(), out, o)
			if err != nil || !reflect.DeepEqual(again, out) || rep2.FirstChanged != -1 || len(rep2.Steps) != 0 {
				t.Fatalf("compacting a fitting result changed it (err %v)", err)
			}
		}
	})
}

// TestCompactStateMachine grows a conversation turn by turn, compacting now
// and then, as an agent does; every compaction keeps the invariants and
// extends the one summary rather than stacking another.
func TestCompactStateMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := &convGen{t: t}
		g.msgs = []Message{{Role: RoleSystem, Parts: []Part{{Text: "You are a coding agent."}}}}
		g.userTurn()
		s := &fakeSummarizer{}
		t.Repeat(map[string]func(*rapid.T){
			"user": func(t *rapid.T) { g.t = t; g.userTurn() },
			"tool": func(t *rapid.T) { g.t = t; g.toolStep() },
			"text": func(t *rapid.T) {
				g.msgs = append(g.msgs, Message{Role: RoleAssistant, Parts: []Part{{Text: "noted"}}})
			},
			"compact": func(t *rapid.T) {
				in := g.msgs
				keep := cloneMessages(in)
				total := CountMessages(in, nil)
				o := CompactOptions{
					Budget:     max(1, total*rapid.IntRange(30, 95).Draw(t, "percent")/100),
					Summarizer: s, Protection: propProtection,
					Summarize: SummarizeOptions{KeepRecent: rapid.IntRange(0, 10).Draw(t, "keepRecent")},
				}
				out, rep, err := Compact(context.Background(), in, o)
				if !reflect.DeepEqual(in, keep) {
					t.Fatal("input mutated")
				}
				checkCompact(t, in, o, out, rep, err)
				// A new summary that replaced an old one was asked to extend it.
				if old, now := findSummary(in), findSummary(out); old != "" && now != "" && now != old &&
					strings.Contains(now, "previous summary: none") {
					t.Fatalf("the new summary ignored the old one: %q", now)
				}
				g.msgs = out
			},
			"": func(t *rapid.T) {
				n := 0
				for i := range g.msgs {
					if isSummaryMessage(&g.msgs[i]) {
						n++
					}
				}
				if n > 1 {
					t.Fatalf("%d summaries: they stacked", n)
				}
			},
		})
	})
}

// TestRetryOnOverflowProperties: every retry keeps the invariants.
func TestRetryOnOverflowProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genConversation(t)
		keep := cloneMessages(in)
		limit := rapid.IntRange(1, CountMessages(in, nil)+10).Draw(t, "limit")
		var seen [][]Message
		call := func(_ context.Context, msgs []Message) (int, error) {
			seen = append(seen, msgs)
			if n := CountMessages(msgs, nil); n > limit {
				return 0, fmt.Errorf("prompt is too long: %d tokens > %d maximum", n, limit)
			}
			return len(msgs), nil
		}
		_, out, err := RetryOnOverflow(context.Background(), in, call, RetryOptions{Compact: CompactOptions{Protection: propProtection}})
		if !reflect.DeepEqual(in, keep) {
			t.Fatal("input mutated")
		}
		if len(seen) > DefaultRetryAttempts {
			t.Fatalf("%d attempts", len(seen))
		}
		for k, m := range seen {
			checkRules(t, fmt.Sprintf("attempt %d", k+1), in, m)
		}
		checkRules(t, "retry", in, out)
		if err == nil && CountMessages(out, nil) > limit {
			t.Fatal("success over the limit")
		}
	})
}

// findSummary returns the text of the conversation's summary message, or "".
func findSummary(msgs []Message) string {
	for i := range msgs {
		if isSummaryMessage(&msgs[i]) {
			return msgs[i].Parts[0].Text
		}
	}
	return ""
}

// labelSummarizer answers "summary #k" on its first line, k its call's
// number, then lines more lines of text: as verbose as drawn, whatever
// it was asked. It keeps every request, and fails as told.
type labelSummarizer struct {
	lines  int
	failAt int // the call that fails (1-based); 0: none
	reqs   []SummaryRequest
	failed bool
}

func (l *labelSummarizer) Summarize(_ context.Context, req SummaryRequest) (Summary, error) {
	l.reqs = append(l.reqs, req)
	if len(l.reqs) == l.failAt {
		l.failed = true
		return Summary{}, errors.New("model overloaded")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "summary #%d\n", len(l.reqs)-1)
	for k := range l.lines {
		fmt.Fprintf(&b, "- decision %d: keep src/cache.go warm\n", k)
	}
	return Summary{Text: b.String()}, nil
}

// drawLabelSummarizer draws a summarizer's verbosity and failure.
func drawLabelSummarizer(t *rapid.T) *labelSummarizer {
	return &labelSummarizer{
		lines:  rapid.IntRange(0, 400).Draw(t, "summaryLines"),
		failAt: rapid.SampledFrom([]int{0, 0, 0, 1, 2}).Draw(t, "failAt"),
	}
}

var summaryLabel = regexp.MustCompile(`summary #(\d+)`)
var questionLabel = regexp.MustCompile(`question (\d+): `)

// covered returns the input positions of the user messages folded into
// the summaries in out, following each summary back through the earlier
// summaries it extended.
func (l *labelSummarizer) covered(out []Message) map[int]bool {
	got := map[int]bool{}
	seen := map[int]bool{}
	var visit func(text string)
	visit = func(text string) {
		for _, m := range summaryLabel.FindAllStringSubmatch(text, -1) {
			k, _ := strconv.Atoi(m[1])
			if seen[k] || k >= len(l.reqs) {
				continue
			}
			seen[k] = true
			for _, q := range questionLabel.FindAllStringSubmatch(l.reqs[k].Input, -1) {
				i, _ := strconv.Atoi(q[1])
				got[i] = true
			}
			visit(l.reqs[k].Input)
		}
	}
	for i := range out {
		if isSummaryMessage(&out[i]) {
			visit(out[i].Parts[0].Text)
		}
	}
	return got
}

// relaxedCoreTokens counts the core the relaxation cannot drop, less
// conversation summaries (a new one folds them): the system messages, the
// latest user message, the last assistant message with its results, and
// the protected tools' messages.
func relaxedCoreTokens(msgs []Message, p Protection) int {
	cv := analyze(msgs)
	keep := Protection{KeepToolResults: -1, Tools: p.Tools}.kept(cv, 0, false)
	la := lastAssistant(msgs)
	n := 0
	for i := range msgs {
		if keep[i] || (la >= 0 && cv.unit[i] == cv.unit[la]) || (la >= 0 && i > la && slices.ContainsFunc(msgs[i].Parts, func(p Part) bool { return p.ToolResult != nil })) {
			n += messageTokens(&msgs[i], Estimate)
		}
	}
	return n
}

// TestCompactLosesNoUserMessage: every user message of the input is in
// the output, or was folded into a summary the output holds (followed back
// through the summaries it extended), or is counted in
// DroppedUserMessages — exactly. And with a summarizer that answered every
// call and a cap, a user message is dropped unsummarized only when the
// core leaves no room for a summary: the cap, or the budget less the core,
// is under MinSummaryTokens. The summarizer is as verbose as drawn.
func TestCompactLosesNoUserMessage(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := genConversation(t)
		for i := range in { // make every instruction recognizable
			if isInstruction(&in[i]) && len(in[i].Parts) > 0 {
				in[i].Parts = append([]Part(nil), in[i].Parts...)
				in[i].Parts[0].Text = fmt.Sprintf("question %d: %s", i, in[i].Parts[0].Text)
			}
		}
		o, _ := drawCompactOptions(t, in)
		var s *labelSummarizer
		o.Summarizer = nil
		if rapid.IntRange(0, 3).Draw(t, "withSummarizer") > 0 {
			s = drawLabelSummarizer(t)
			o.Summarizer = s
		}
		o.Summarize.BudgetShare = rapid.SampledFrom([]float64{0, 0, 0.1, 0.5, 1, -1}).Draw(t, "share")
		out, rep, err := Compact(context.Background(), in, o)
		if err != nil {
			if !errors.Is(err, ErrCannotFit) || !reflect.DeepEqual(in, out) {
				t.Fatalf("%v, or the input changed", err)
			}
			return // the input comes back whole
		}
		var covered map[int]bool
		if s != nil {
			covered = s.covered(out)
		}
		missing := 0
	next:
		for i := range in {
			if !isInstruction(&in[i]) {
				continue
			}
			for j := range out {
				if reflect.DeepEqual(in[i], out[j]) {
					continue next
				}
			}
			if !covered[i] {
				missing++
			}
		}
		if missing != rep.DroppedUserMessages {
			t.Fatalf("%d user messages dropped unsummarized, the report says %d (%s)", missing, rep.DroppedUserMessages, rep)
		}
		if missing == 0 || s == nil || s.failed || o.Summarize.BudgetShare < 0 {
			return
		}
		limit, _ := o.Summarize.summaryCap(o.Budget)
		if room := min(limit, o.Budget-relaxedCoreTokens(in, o.Protection)); room >= MinSummaryTokens {
			t.Fatalf("%d user messages dropped unsummarized though the core leaves %d tokens for a summary (%s)", missing, room, rep)
		}
	})
}
