// Command agentloop is a complete agent loop against a scripted fake model,
// so it runs anywhere with no network and no API key. It shows the one
// place headroom belongs: between running a tool and appending its result.
//
//   - The raw tool output goes to the user's screen, whole.
//   - The compressed output goes into the history the model re-reads on
//     every turn.
//   - A sub-agent started with the same context inherits the budget.
//   - A "cheap model" summarizer is plugged in as a SummarizerFunc.
//
// Run it from the repository root: go run ./examples/agentloop
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/headroom-go/headroom"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "agentloop:", err)
		os.Exit(1)
	}
}

// run drives the root agent and writes what the user would see to screen.
func run(ctx context.Context, screen io.Writer) error {
	// No budget option: the budget rides the context, so every agent started
	// with ctx — the root and its sub-agents — compresses alike.
	h, err := headroom.New(headroom.WithSummarizer(headroom.SummarizerFunc(cheapModel)))
	if err != nil {
		return err
	}
	ctx = headroom.WithBudget(ctx, 4000)
	history := []headroom.Message{
		{Role: headroom.RoleSystem, Parts: []headroom.Part{{Text: "You are a Go maintainer's assistant."}}},
		{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: "Where does package net take a context.Context?"}}},
	}
	root := &agent{name: "root", h: h, screen: screen, model: &scriptedModel{turns: rootScript}}
	history, err = root.loop(ctx, history)
	if err != nil {
		return err
	}
	fmt.Fprintf(screen, "\n%s history: %d messages, %d bytes of tool results\n", root.name, len(history), toolBytes(history))
	return nil
}

// agent is one agent loop: ask the model, run the tools it calls, compress
// their results, append, repeat until the model answers in text.
type agent struct {
	name   string
	h      headroom.Compressor
	screen io.Writer
	model  *scriptedModel
}

func (a *agent) loop(ctx context.Context, history []headroom.Message) ([]headroom.Message, error) {
	for {
		reply := a.model.next()
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

// runTool runs one tool call. Bash runs a real command; Task starts a
// sub-agent with the same context, so it inherits the budget.
func (a *agent) runTool(ctx context.Context, c *headroom.ToolCall) (string, int) {
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
		sub := &agent{name: "sub-agent", h: a.h, screen: a.screen, model: &scriptedModel{turns: subScript}}
		h, err := sub.loop(ctx, []headroom.Message{{Role: headroom.RoleUser, Parts: []headroom.Part{{Text: args.Prompt}}}})
		if err != nil {
			return err.Error(), 1
		}
		return h[len(h)-1].Parts[0].Text, 0
	}
	return "unknown tool " + c.Name, 127
}

// scriptedModel stands in for a provider: it replays fixed turns.
type scriptedModel struct {
	turns []headroom.Message
	i     int
}

func (m *scriptedModel) next() headroom.Message {
	t := m.turns[min(m.i, len(m.turns)-1)]
	m.i++
	return t
}

func call(id, name, args string) headroom.Message {
	return headroom.Message{Role: headroom.RoleAssistant, Parts: []headroom.Part{{ToolCall: &headroom.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}}}}
}

func say(text string) headroom.Message {
	return headroom.Message{Role: headroom.RoleAssistant, Parts: []headroom.Part{{Text: text}}}
}

var rootScript = []headroom.Message{
	call("call_1", "Bash", `{"command":"cd \"$(go env GOROOT)/src\" && grep -rn 'context.Context' net"}`),
	call("call_2", "Task", `{"prompt":"Read the net/http documentation and report."}`),
	say("net threads context.Context through 59 files (see the grep counts); the sub-agent read the docs."),
}

var subScript = []headroom.Message{
	call("sub_1", "Bash", `{"command":"go doc -all net/http"}`),
	say("net/http documented; nothing to fix."),
}

// cheapModel stands in for a cheap summarization model: a real one would
// send req.Prompt and req.Input to a provider. This one counts the most
// frequent words of the cut part, deterministically.
func cheapModel(ctx context.Context, req headroom.SummaryRequest) (headroom.Summary, error) {
	if err := ctx.Err(); err != nil {
		return headroom.Summary{}, err
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
