package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/headroom-go/headroom"
	"github.com/stretchr/testify/assert"
)

// session is one run of the program, shared by the tests: it runs real
// commands, so it is worth doing once.
var session struct {
	once    sync.Once
	screen  string
	history []headroom.Message
	err     error
}

func runSession(t *testing.T) (string, []headroom.Message) {
	t.Helper()
	session.once.Do(func() {
		var screen bytes.Buffer
		session.history, session.err = run(context.Background(), &screen)
		session.screen = screen.String()
	})
	if session.err != nil {
		t.Fatal(session.err)
	}
	return session.screen, session.history
}

// The example is a program users copy: it must run, and it must show the
// history getting the compressed results while the screen got them whole.
func TestAgentLoopCompressesHistoryNotScreen(t *testing.T) {
	out, _ := runSession(t)
	rows := regexp.MustCompile(`\[(root|sub-agent)\] history gets Bash (\S+): (\d+) → (\d+) bytes`).FindAllStringSubmatch(out, -1)
	seen := map[string]bool{}
	for _, r := range rows {
		after, _ := strconv.Atoi(r[4])
		if after > resultBudget {
			t.Errorf("%s: %d bytes in history, over the context's %d-byte budget", r[2], after, resultBudget)
		}
		seen[r[1]] = true
	}
	if !seen["root"] || !seen["sub-agent"] {
		t.Fatalf("both the root and the sub-agent must compress (the sub-agent through the inherited context):\n%s", out)
	}
	if !strings.Contains(out, "digest used: true") {
		t.Errorf("the summarizer should have written a digest:\n%s", out)
	}
}

// Both triggers must fire in the scripted run: the proactive check before
// a model call, and the reactive retry after the provider refused one.
func TestAgentLoopCompactsProactivelyAndOnOverflow(t *testing.T) {
	out, _ := runSession(t)
	lines := strings.Split(out, "\n")
	compacted := regexp.MustCompile(`^\[root\] Context compacted · [\d,]+ → [\d,]+ messages, [\d,]+ → [\d,]+ tokens · \S+`)
	refused := regexp.MustCompile(`^\[root\] provider: .*prompt is too long`)
	var proactive, reactive int
	for i, l := range lines {
		if !compacted.MatchString(l) {
			continue
		}
		if i > 0 && refused.MatchString(lines[i-1]) {
			// The retry must then succeed: the next line is the model's.
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "[root] model: ") {
				reactive++
			}
			continue
		}
		proactive++
	}
	if proactive == 0 {
		t.Errorf("no proactive compaction (ShouldCompact, then Compact) in the run:\n%s", out)
	}
	if reactive == 0 {
		t.Errorf("no refusal followed by a compaction and a successful retry (RetryOnOverflow):\n%s", out)
	}
	if strings.Contains(out, "Context not compacted") {
		t.Errorf("a compaction failed:\n%s", out)
	}
}

// The compacted history is still a conversation the provider accepts and
// the model can go on from.
func TestAgentLoopHistoryKeepsTheRules(t *testing.T) {
	_, history := runSession(t)
	if len(history) == 0 || history[0].Role != headroom.RoleSystem || history[0].Parts[0].Text != "You are a Go maintainer's assistant." {
		t.Fatalf("the system prompt must come first, verbatim: %+v", history[:min(1, len(history))])
	}
	latest := rootSession[len(rootSession)-1].prompt
	lastUser := -1
	for i, m := range history {
		if m.Role == headroom.RoleUser && !strings.HasPrefix(m.Parts[0].Text, "[CONVERSATION_SUMMARY]") {
			lastUser = i
		}
	}
	if lastUser < 0 || history[lastUser].Parts[0].Text != latest {
		t.Errorf("the latest user message %q must survive as it was", latest)
	}
	if !strings.Contains(summaryText(history), rootSession[0].prompt) {
		t.Errorf("the conversation summary should still hold the first question %q:\n%s", rootSession[0].prompt, summaryText(history))
	}

	calls, results := map[string]bool{}, map[string]bool{}
	for _, m := range history {
		for _, p := range m.Parts {
			if p.ToolCall != nil {
				calls[p.ToolCall.ID] = true
			}
			if r := p.ToolResult; r != nil {
				results[r.CallID] = true
				if len(r.Content) > resultBudget {
					t.Errorf("%s: %d bytes in history, over the %d-byte budget", r.CallID, len(r.Content), resultBudget)
				}
			}
		}
	}
	assert.Equal(t, results, calls, "every tool call needs its result and every result its call")
	if n := headroom.CountMessages(history, nil); n > smallWindow {
		t.Errorf("the final history has %d tokens, over the model's %d-token window", n, smallWindow)
	}
}

// Prompt caches and users' trust both need the same run to give the same
// screen and the same history.
func TestAgentLoopIsDeterministic(t *testing.T) {
	out, history := runSession(t)
	var screen bytes.Buffer
	again, err := run(context.Background(), &screen)
	if err != nil {
		t.Fatal(err)
	}
	if screen.String() != out {
		t.Errorf("two runs, two screens:\n%s\n---\n%s", out, screen.String())
	}
	assert.Equal(t, history, again, "two runs, two histories")
}

func summaryText(history []headroom.Message) string {
	for _, m := range history {
		if m.Role == headroom.RoleUser && strings.HasPrefix(m.Parts[0].Text, "[CONVERSATION_SUMMARY]") {
			return m.Parts[0].Text
		}
	}
	return ""
}

// The model gets back what a marker cut through the retrieve tool: the id
// it copied from the marker is the stored original's, and the answer is
// the lines it asked for.
func TestAgentLoopRetrievesTheOriginal(t *testing.T) {
	out, _ := runSession(t)
	m := regexp.MustCompile(`\[root\] headroom_retrieve \{"id":"([0-9a-f]+)".*→ (\d+) bytes`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the model never called the retrieve tool:\n%s", out)
	}
	if err := headroom.CheckStoreID(m[1]); err != nil {
		t.Fatalf("the model copied no valid id from a marker: %v", err)
	}
	if !strings.Contains(out, "│ ") || !regexp.MustCompile(`│ \d+:func \(s(rv)? \*Server\) Shutdown\(ctx context.Context\) error \{`).MatchString(out) {
		t.Errorf("the retrieve answer should hold Server.Shutdown's line:\n%s", out)
	}
}
