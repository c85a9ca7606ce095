// Command agentloop is a complete agent loop against a scripted fake model,
// so it runs anywhere with no network and no API key. It shows both halves
// of headroom where an agent uses them:
//
//   - Between running a tool and appending its result: the raw output goes
//     to the user's screen, whole; the compressed output goes into the
//     history the model re-reads on every turn. A sub-agent started with
//     the same context inherits the budget, and a "cheap model" summarizer
//     is plugged in as a SummarizerFunc.
//   - Before each model call: the proactive check and the compaction in
//     one call (CompactIfNeeded: ShouldCompact, then Compact), with the
//     same summarizer and an Observer that prints the line a UI would show.
//   - Around each model call: the reactive path (RetryOnOverflow), which
//     compacts and retries when the provider answers "prompt is too long".
//   - When the model needs what a marker cut: the originals are kept in a
//     store (WithStore), each marker names its original's id, and the
//     model calls the retrieve tool (headroom.RetrieveTool, answered by a
//     headroom.Retriever) for the lines it needs, instead of re-running
//     the command.
//
// The context window is tiny (5,000 tokens, where real models have 200,000)
// so that a few tool turns fill it. Run it from the repository root:
//
//	go run ./examples/agentloop
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"

	"github.com/headroom-go/headroom"
)

const (
	// resultBudget is the byte budget of each tool result in history.
	resultBudget = 4000
	// window is the demo model's context window in tokens: tiny, so that
	// a few tool turns fill it.
	window = 5000
	// smallWindow is the window of the smaller model the user switches to
	// for the last question (see rootSession).
	smallWindow = 2500
)

func main() {
	if _, err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "agentloop:", err)
		os.Exit(1)
	}
}

// run drives the root agent through a scripted session, writes what the
// user would see to screen, and returns the root agent's final history.
func run(ctx context.Context, screen io.Writer) ([]headroom.Message, error) {
	summarizer := headroom.SummarizerFunc(cheapModel)
	// The originals of what is compressed are kept, so a marker can name
	// one and the model can ask for it back. A fleet of processes would
	// share a directory (NewDirStore) or Redis (store/redis).
	store := headroom.NewMemoryStore(0)
	// No budget option: the budget rides the context, so every agent started
	// with ctx — the root and its sub-agents — compresses alike, and so does
	// the retriever's answer.
	h, err := headroom.New(headroom.WithSummarizer(summarizer), headroom.WithStore(store))
	if err != nil {
		return nil, err
	}
	retriever, err := headroom.NewRetriever(store)
	if err != nil {
		return nil, err
	}
	ctx = headroom.WithBudget(ctx, resultBudget)
	root := &agent{
		name: "root", h: h, retriever: retriever, summarizer: summarizer, screen: screen,
		model: &scriptedModel{turns: rootScript, window: window}, window: window,
	}
	history := []headroom.Message{text(headroom.RoleSystem, "You are a Go maintainer's assistant.")}
	for _, turn := range rootSession {
		if turn.window != 0 {
			// From here the provider serves a smaller model — the user
			// switched, or a router fell back — and the agent's own setting
			// lags behind: its proactive check still measures against the
			// old window, and only the provider's refusal tells. That is
			// the case the reactive path is for. Everywhere else in this
			// run it is never needed: ShouldCompact fires at 85 % of the
			// real window, and the request is the history it measured.
			root.model.window = turn.window
			fmt.Fprintf(screen, "\n[user] /model small (a %d-token window)\n", turn.window)
		}
		fmt.Fprintf(screen, "\n[user] %s\n", turn.prompt)
		history = append(history, text(headroom.RoleUser, turn.prompt))
		if history, err = root.loop(ctx, history); err != nil {
			return nil, err
		}
	}
	fmt.Fprintf(screen, "\n%s history: %d messages, %d tokens (the model's window: %d), %d bytes of tool results\n",
		root.name, len(history), headroom.CountMessages(history, nil), root.model.window, toolBytes(history))
	return history, nil
}

// agent is one agent loop: ask the model, run the tools it calls, compress
// their results, append, repeat until the model answers in text.
type agent struct {
	name       string
	h          headroom.Compressor
	retriever  *headroom.Retriever // answers the retrieve tool, offered to the model with the others
	summarizer headroom.Summarizer
	screen     io.Writer
	model      *scriptedModel
	window     int // the context window the agent believes its model has
}

func (a *agent) loop(ctx context.Context, history []headroom.Message) ([]headroom.Message, error) {
	for {
		// Proactive: compact before the request would come near the window.
		// CompactIfNeeded checks ShouldCompact (85 % of the window) and,
		// when it fires, compacts to DefaultCompactTarget (60 %): well
		// under the trigger, so the next few turns fit without compacting
		// again (each compaction breaks the provider's prompt cache).
		compacted, _, _, err := headroom.CompactIfNeeded(ctx, history, a.window, a.compactOptions(0))
		switch {
		case errors.Is(err, headroom.ErrCannotFit):
			// Even what must be kept is over the target; send it as it
			// is and let the reactive path below deal with a refusal.
		case err != nil:
			return nil, err
		default:
			history = compacted
		}
		// Reactive: when the provider still says the prompt is too long,
		// compact to 80 % of what was sent and try again. The history it
		// returns is the one that was sent last: keep it.
		reply, sent, err := headroom.RetryOnOverflow(ctx, history, a.complete, headroom.RetryOptions{Compact: a.compactOptions(0)})
		history = sent
		if err != nil {
			return nil, err
		}
		history = append(history, reply)
		calls := toolCalls(reply)
		if len(calls) == 0 {
			fmt.Fprintf(a.screen, "[%s] model: %s\n", a.name, reply.Parts[0].Text)
			return history, nil
		}
		var results []headroom.Part
		for _, c := range calls {
			out, code := a.runTool(ctx, c)
			fmt.Fprintf(a.screen, "[%s] %s %s → %d bytes (shown to the user in full)\n", a.name, c.Name, c.Args, len(out))
			if c.Name == headroom.RetrieveToolName {
				fmt.Fprintf(a.screen, "%s", indent(out))
			}
			results = append(results, headroom.Part{ToolResult: &headroom.ToolResult{
				CallID: c.ID, Name: c.Name, Content: out, IsError: code != 0, ExitCode: &code,
			}})
		}
		fresh := []headroom.Message{{Role: headroom.RoleTool, Parts: results}}
		// The one call that matters: compress the new results, then append.
		fresh, rep, err := headroom.CompressToolResults(ctx, a.h, fresh)
		if err != nil {
			return nil, err
		}
		for _, s := range rep.Strings {
			fmt.Fprintf(a.screen, "[%s] history gets %s %s: %d → %d bytes (%s, ~%d tokens omitted, digest used: %v)\n",
				a.name, s.Tool, s.CallID, s.BytesBefore, s.BytesAfter, s.Strategy, s.TokensOmitted, s.Summary.Used)
		}
		history = append(history, fresh...)
	}
}

// complete is one model call. A refusal is shown to the user as it came;
// RetryOnOverflow decides what to do about it.
func (a *agent) complete(ctx context.Context, history []headroom.Message) (headroom.Message, error) {
	reply, err := a.model.complete(ctx, history)
	if err != nil {
		fmt.Fprintf(a.screen, "[%s] provider: %v\n", a.name, err)
	}
	return reply, err
}

// compactOptions configures every compaction of this agent, proactive or
// reactive (CompactIfNeeded and RetryOnOverflow set the budget themselves
// when it is 0).
func (a *agent) compactOptions(budget int) headroom.CompactOptions {
	return headroom.CompactOptions{
		Budget:     budget,
		Summarizer: a.summarizer,
		// Scaled to the demo window: with 200,000 tokens the defaults
		// (the last 5 tool results and 20 messages kept) are right.
		Protection: headroom.Protection{KeepToolResults: 2},
		Summarize:  headroom.SummarizeOptions{KeepRecent: 3},
		Observer: func(e headroom.Event) {
			if e.Kind == headroom.EventCompacted {
				fmt.Fprintf(a.screen, "[%s] %s\n", a.name, e)
			}
		},
	}
}

// runTool runs one tool call. Bash runs a real command; Task starts a
// sub-agent with the same context, so it inherits the budget.
func (a *agent) runTool(ctx context.Context, c *headroom.ToolCall) (string, int) {
	if c.Name == headroom.RetrieveToolName {
		// The original, or the part of it the model asked for, held to
		// the budget; an unknown id or a bad range is an error the model
		// reads and can act on.
		answer, err := a.retriever.Call(ctx, c.Args)
		if err != nil {
			return err.Error(), 1
		}
		return answer, 0
	}
	var args struct{ Command, Prompt string }
	if err := json.Unmarshal(c.Args, &args); err != nil {
		return "bad arguments: " + err.Error(), 2
	}
	switch c.Name {
	case "Bash":
		cmd := exec.CommandContext(ctx, "bash", "-c", args.Command)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return string(out) + err.Error(), max(1, cmd.ProcessState.ExitCode())
		}
		return string(out), 0
	case "Task":
		sub := &agent{
			name: "sub-agent", h: a.h, retriever: a.retriever, summarizer: a.summarizer, screen: a.screen,
			model: &scriptedModel{turns: subScript, window: a.window}, window: a.window,
		}
		h, err := sub.loop(ctx, []headroom.Message{text(headroom.RoleUser, args.Prompt)})
		if err != nil {
			return err.Error(), 1
		}
		return h[len(h)-1].Parts[0].Text, 0
	}
	return "unknown tool " + c.Name, 127
}

// scriptedModel stands in for a provider: it replays fixed turns, and
// refuses a request over its context window the way providers do.
type scriptedModel struct {
	turns  []headroom.Message
	i      int
	window int
}

func (m *scriptedModel) complete(ctx context.Context, history []headroom.Message) (headroom.Message, error) {
	if err := ctx.Err(); err != nil {
		return headroom.Message{}, err
	}
	if n := headroom.CountMessages(history, nil); n > m.window {
		return headroom.Message{}, fmt.Errorf("prompt is too long: %d tokens > %d maximum", n, m.window)
	}
	t := m.turns[min(m.i, len(m.turns)-1)]
	m.i++
	return readMarker(t, history), nil
}

// storedID finds the id a marker names in the model's context, as a
// model reads it: call headroom_retrieve with {"id":"…"}.
var storedID = regexp.MustCompile(`call ` + headroom.RetrieveToolName + ` with \{"id":"([0-9a-f]+)"\}`)

// readMarker fills a scripted retrieve call's id ("?") with the one the
// latest marker in history names, as a real model would copy it.
func readMarker(t headroom.Message, history []headroom.Message) headroom.Message {
	c := t.Parts[0].ToolCall
	if c == nil || c.Name != headroom.RetrieveToolName {
		return t
	}
	id := "none"
	for i := len(history) - 1; i >= 0 && id == "none"; i-- {
		for _, p := range history[i].Parts {
			if r := p.ToolResult; r != nil {
				if m := storedID.FindStringSubmatch(r.Content); m != nil {
					id = m[1]
				}
			}
		}
	}
	filled := *c
	filled.Args = json.RawMessage(strings.Replace(string(c.Args), `"id":"?"`, `"id":"`+id+`"`, 1))
	return headroom.Message{Role: t.Role, Parts: []headroom.Part{{ToolCall: &filled}}}
}

func text(role headroom.Role, s string) headroom.Message {
	return headroom.Message{Role: role, Parts: []headroom.Part{{Text: s}}}
}

func call(id, name, args string) headroom.Message {
	return headroom.Message{Role: headroom.RoleAssistant, Parts: []headroom.Part{{ToolCall: &headroom.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}}}}
}

func say(s string) headroom.Message { return text(headroom.RoleAssistant, s) }

// read is a Bash call that prints a file of the Go distribution, as an
// agent reads source: large, and the same on every run.
func read(id, file string) headroom.Message {
	return call(id, "Bash", `{"command":"cat \"$(go env GOROOT)/src/`+file+`\""}`)
}

// rootSession is what the user types, one question per turn; window, when
// set, is the provider's window from that turn on.
var rootSession = []struct {
	prompt string
	window int
}{
	{prompt: "Where does package net take a context.Context?"},
	{prompt: "How does http.Server shut down gracefully?"},
	{prompt: "And how does http.Client enforce its Timeout?"},
	{prompt: "Which context functions should a handler use for deadlines?"},
	{prompt: "Where does a request get its context?"},
	{prompt: "Sum it up in one sentence.", window: smallWindow},
}

// rootScript is the model's side of rootSession, in order.
var rootScript = []headroom.Message{
	call("call_1", "Bash", `{"command":"cd \"$(go env GOROOT)/src\" && grep -rn 'context.Context' net"}`),
	call("call_2", "Task", `{"prompt":"Read the net/http documentation and report."}`),
	say("net threads context.Context through its dialers, resolvers and listeners; the sub-agent read the net/http docs."),
	read("call_3", "net/http/server.go"),
	// The marker cut the middle of server.go, where Shutdown lives: the
	// model asks the store for just those lines rather than re-reading.
	call("call_3r", headroom.RetrieveToolName, `{"id":"?","grep":"^func \\(s(rv)? \\*Server\\) (Shutdown|Close|RegisterOnShutdown)\\("}`),
	say("Server.Shutdown closes the listeners, then idle connections, and waits for active ones until its context is done."),
	read("call_4", "net/http/client.go"),
	read("call_5", "net/http/transport.go"),
	say("Client.Timeout covers the whole exchange: a timer cancels the request, and the transport aborts the connection."),
	read("call_6", "context/context.go"),
	say("Use r.Context() with context.WithTimeout or WithDeadline, and pass the result down."),
	read("call_7", "net/http/request.go"),
	say("From NewRequestWithContext or WithContext; the server cancels it when the client goes away."),
	say("Contexts carry deadlines from the server's request down through the client and the dialer, and Shutdown drains by one."),
}

var subScript = []headroom.Message{
	call("sub_1", "Bash", `{"command":"go doc -all net/http"}`),
	say("net/http documented; nothing to fix."),
}

// cheapModel stands in for a cheap summarization model: a real one would
// send req.Prompt and req.Input to a provider. This one works
// deterministically: for a conversation it lists the user's questions, and
// for a tool output the most frequent words of the cut part.
func cheapModel(ctx context.Context, req headroom.SummaryRequest) (headroom.Summary, error) {
	if err := ctx.Err(); err != nil {
		return headroom.Summary{}, err
	}
	if req.Kind == headroom.SummaryConversation {
		return conversationSummary(req), nil
	}
	counts := map[string]int{}
	for _, w := range strings.Fields(req.Input) {
		if len(w) > 5 {
			counts[w]++
		}
	}
	words := make([]string, 0, len(counts))
	for w := range counts {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if counts[words[i]] != counts[words[j]] {
			return counts[words[i]] > counts[words[j]]
		}
		return words[i] < words[j]
	})
	words = words[:min(8, len(words))]
	return headroom.Summary{
		Text:  fmt.Sprintf("%d lines cut; most frequent terms: %s.", strings.Count(req.Input, "\n"), strings.Join(words, ", ")),
		Usage: headroom.Usage{InputTokens: len(req.Input) / 4, OutputTokens: 40},
	}, nil
}

// conversationSummary keeps the user's questions: those of the previous
// summary, then those of the folded turns, which the transcript in
// req.Input heads with "--- user ---".
func conversationSummary(req headroom.SummaryRequest) headroom.Summary {
	var b strings.Builder
	b.WriteString("## User instructions\n")
	for _, line := range strings.Split(req.Previous, "\n") {
		if strings.HasPrefix(line, "- ") {
			b.WriteString(line + "\n")
		}
	}
	lines := strings.Split(req.Input, "\n")
	for i, line := range lines {
		if line == "--- user ---" && i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "[CONVERSATION_SUMMARY]") {
			b.WriteString("- " + lines[i+1] + "\n")
		}
	}
	return headroom.Summary{
		Text:  strings.TrimSuffix(b.String(), "\n"),
		Usage: headroom.Usage{InputTokens: len(req.Input) / 4, OutputTokens: b.Len() / 4},
	}
}

// indent prefixes each line of s for the screen.
func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(strings.TrimSuffix(s, "\n"), "\n") {
		b.WriteString("    │ " + strings.TrimSuffix(l, "\n") + "\n")
	}
	return b.String()
}

func toolCalls(m headroom.Message) []*headroom.ToolCall {
	var calls []*headroom.ToolCall
	for _, p := range m.Parts {
		if p.ToolCall != nil {
			calls = append(calls, p.ToolCall)
		}
	}
	return calls
}

func toolBytes(history []headroom.Message) int {
	n := 0
	for _, m := range history {
		for _, p := range m.Parts {
			if p.ToolResult != nil {
				n += len(p.ToolResult.Content)
			}
		}
	}
	return n
}
