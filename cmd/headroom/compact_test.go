package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
)

func readFixture(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../testdata/compact/conversation.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCompactCommand(t *testing.T) {
	in := readFixture(t)
	out, errs, code := runCLI(t, in, "compact", "-budget", "30000", "-stats")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var msgs []headroom.Message
	if err := json.Unmarshal([]byte(out), &msgs); err != nil {
		t.Fatalf("output is not a JSON array of messages: %v", err)
	}
	if n := headroom.CountMessages(msgs, nil); n > 30000 {
		t.Fatalf("%d tokens, budget 30000", n)
	}
	if !strings.Contains(errs, "(budget 30,000) · mask") || !strings.Contains(errs, "cache breaks at message") {
		t.Errorf("-stats wrote %q", errs)
	}
}

func TestCompactCommandOptions(t *testing.T) {
	in := readFixture(t)
	out, errs, code := runCLI(t, in, "compact", "-budget", "40000", "-excerpt", "-keep-results", "2", "-protect", "Grep,mcp__*", "-tokenizer", "o200k_base")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "first and last 3 lines kept") {
		t.Error("-excerpt: no excerpt in the output")
	}
	var msgs []headroom.Message
	if err := json.Unmarshal([]byte(out), &msgs); err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		for _, p := range m.Parts {
			if r := p.ToolResult; r != nil && r.Name == "Grep" && strings.Contains(r.Content, "lines kept]") {
				t.Errorf("-protect Grep: result %s was masked", r.CallID)
			}
		}
	}
}

func TestCompactCommandCannotFit(t *testing.T) {
	_, errs, code := runCLI(t, readFixture(t), "compact", "-budget", "20")
	if code != 1 || !strings.Contains(errs, "cannot fit") {
		t.Fatalf("exit %d, stderr %q; want 1 and a clear message", code, errs)
	}
	// 500 tokens hold the core: the protections relax, and it fits.
	_, errs, code = runCLI(t, readFixture(t), "compact", "-budget", "500", "-stats")
	if code != 0 || !strings.Contains(errs, "relaxed") {
		t.Fatalf("exit %d, stderr %q; want a fit with relaxed protections", code, errs)
	}
}

// -skip-turns and -trim-keep reach the steps: with both at 0, a run that
// only fits by dropping messages keeps no more than it must.
func TestCompactCommandSkipAndTrimFlags(t *testing.T) {
	out, errs, code := runCLI(t, readFixture(t), "compact", "-budget", "20000", "-skip-turns", "0", "-trim-keep", "0", "-keep-results", "0")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	def, errs, code := runCLI(t, readFixture(t), "compact", "-budget", "20000")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if out == def {
		t.Fatal("-skip-turns 0 -trim-keep 0 changed nothing")
	}
	if _, _, code := runCLI(t, "[]", "compact", "-budget", "10", "-skip-turns", "-1"); code != 2 {
		t.Fatalf("-skip-turns -1: exit %d, want 2", code)
	}
}

func TestCompactCommandUnderBudget(t *testing.T) {
	in := `[{"role":"user","parts":[{"text":"hi"}]}]`
	out, errs, code := runCLI(t, in, "compact", "-budget", "100")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var msgs []headroom.Message
	if err := json.Unmarshal([]byte(out), &msgs); err != nil || len(msgs) != 1 || msgs[0].Parts[0].Text != "hi" {
		t.Fatalf("out %q (%v)", out, err)
	}
}

func TestCompactCommandBadInput(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"[]", []string{"compact"}},
		{"[]", []string{"compact", "-budget", "-5"}},
		{"[]", []string{"compact", "-budget", "many"}},
		{"[]", []string{"compact", "-budget", "10", "-keep-results", "-1"}},
		{"[]", []string{"compact", "-budget", "10", "-tokenizer", "p50k_base"}},
		{"[]", []string{"compact", "-budget", "10", "conversation.json"}},
		{"[]", []string{"compact", "-nope"}},
		{"{not json", []string{"compact", "-budget", "10"}},
		{`{"role":"user"}`, []string{"compact", "-budget", "10"}},
		{`[] []`, []string{"compact", "-budget", "10"}},
	} {
		_, errs, code := runCLI(t, tc.stdin, tc.args...)
		if code != 2 || errs == "" {
			t.Errorf("%v < %q: exit %d, stderr %q; want 2 and a message", tc.args, tc.stdin, code, errs)
		}
	}
}
