package headroom

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lines returns n numbered lines.
func lines(n int, word string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s line %d of the output\n", word, i+1)
	}
	return b.String()
}

func callMsg(id, tool string) Message {
	return Message{Role: RoleAssistant, Parts: []Part{{ToolCall: &ToolCall{ID: id, Name: tool, Args: json.RawMessage(`{}`)}}}}
}

func resultMsg(id, tool, content string) Message {
	return Message{Role: RoleTool, Parts: []Part{{ToolResult: &ToolResult{CallID: id, Name: tool, Content: content}}}}
}

func userMsg(text string) Message { return Message{Role: RoleUser, Parts: []Part{{Text: text}}} }

func sysMsg(text string) Message { return Message{Role: RoleSystem, Parts: []Part{{Text: text}}} }

// toolRun is a user turn followed by n tool calls of tool with big results.
func toolRun(prefix, tool string, n, size int) []Message {
	var msgs []Message
	for i := range n {
		id := fmt.Sprintf("%s%d", prefix, i)
		msgs = append(msgs, callMsg(id, tool), resultMsg(id, tool, lines(size, id)))
	}
	return msgs
}

func TestMaskPlaceholder(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		excerpt       bool
		want          string
	}{
		{"grep", strings.Repeat("x\n", 2000) + strings.Repeat("y", 76412), false, "[grep → 2,001 lines, 80,412 bytes; output cleared]"},
		{"Bash", "one line", false, "[Bash → 1 line, 8 bytes; output cleared]"},
		{"", "", false, "[tool → 0 lines, 0 bytes; output cleared]"},
		{"we[ird]\nname", "a\n", false, "[we(ird) name → 1 line, 2 bytes; output cleared]"},
		{"Read", "1\n2\n3\n4\n5\n", true, "[Read → 5 lines, 10 bytes; output cleared]"},
		{"Read", "1\n2\n3\n4\n5\n6\n7\r\n8\n", true, "[Read → 8 lines, 17 bytes; first and last 3 lines kept]\n1\n2\n3\n…\n6\n7\n8"},
	} {
		got := maskContent(tc.name, tc.content, tc.excerpt)
		if got != tc.want {
			t.Errorf("maskContent(%q, %d bytes, %v) = %q, want %q", tc.name, len(tc.content), tc.excerpt, got, tc.want)
		}
		if !isMasked(got) {
			t.Errorf("isMasked(%q) = false", got)
		}
	}
}

func TestIsMaskedIsExact(t *testing.T) {
	for _, s := range []string{
		"",
		"[grep → 2,000 lines, 80,412 bytes; output cleared] ",
		"[grep → 2000 lines, 80,412 bytes; output cleared]",
		"[grep → 1 lines, 80,412 bytes; output cleared]",
		"[grep → 2,000 lines, 80,412 bytes; output cleared]\nmore",
		"[grep → 2,000 lines, 80,412 bytes; first and last 3 lines kept]",
		"[grep -> 2,000 lines, 80,412 bytes; output cleared]",
		"[grep → 2,000 lines; output cleared]",
		"[→ 2,000 lines, 80,412 bytes; output cleared]x",
	} {
		if isMasked(s) {
			t.Errorf("isMasked(%q) = true", s)
		}
	}
}

func TestMaskObservations(t *testing.T) {
	big := lines(300, "out")
	conv := []Message{sysMsg("sys"), userMsg("first task")}
	conv = append(conv, toolRun("a", "grep", 8, 300)...)
	conv = append(conv, userMsg("second task"))
	conv = append(conv, toolRun("b", "Bash", 2, 300)...)
	conv = append(conv, userMsg("third task"))
	conv = append(conv, callMsg("c0", "Read"), resultMsg("c0", "Read", big))
	masked := func(msgs []Message) (ids []string) {
		for _, m := range msgs {
			for _, p := range m.Parts {
				if p.ToolResult != nil && isMasked(p.ToolResult.Content) {
					ids = append(ids, p.ToolResult.CallID)
				}
			}
		}
		return ids
	}
	for _, tc := range []struct {
		name string
		o    MaskOptions
		want []string
	}{
		{"defaults: last two turns and last 5 results kept", MaskOptions{}, []string{"a0", "a1", "a2", "a3", "a4", "a5"}},
		{"keep 1 result", MaskOptions{Protection: Protection{KeepToolResults: 1}}, []string{"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"}},
		{"no skip boundary, keep none", MaskOptions{SkipTurns: -1, Protection: Protection{KeepToolResults: -1}},
			[]string{"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "b0", "b1", "c0"}},
		{"skip one turn", MaskOptions{SkipTurns: 1, Protection: Protection{KeepToolResults: -1}},
			[]string{"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "b0", "b1"}},
		{"protected tool", MaskOptions{SkipTurns: -1, Protection: Protection{KeepToolResults: -1, Tools: []string{"gr?p", "Ba*"}}}, []string{"c0"}},
		{"too little freed", MaskOptions{MinTokensFreed: 1 << 30}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep := cloneMessages(conv)
			out := MaskObservations(conv, tc.o)
			require.Equal(t, keep, conv, "input mutated")
			assert.Equal(t, tc.want, masked(out), "masked results")
			if tc.want == nil && &out[0] != &conv[0] {
				t.Error("a pass that changes nothing should return its input")
			}
			if again := MaskObservations(out, tc.o); !reflect.DeepEqual(again, out) {
				t.Error("not idempotent")
			}
		})
	}
}

func TestMaskKeepsResultFields(t *testing.T) {
	code := 2
	conv := []Message{userMsg("go"), callMsg("x", "Bash"),
		{Role: RoleTool, Parts: []Part{{Text: "note"}, {ToolResult: &ToolResult{CallID: "x", Name: "Bash", Content: lines(500, "e"), IsError: true, ExitCode: &code}}}},
		userMsg("a"), userMsg("b")}
	out := MaskObservations(conv, MaskOptions{Protection: Protection{KeepToolResults: -1}})
	r := out[2].Parts[1].ToolResult
	if r.CallID != "x" || !r.IsError || r.ExitCode == nil || *r.ExitCode != 2 || out[2].Parts[0].Text != "note" {
		t.Fatalf("result fields lost: %+v", r)
	}
	if r.Content != "[Bash → 500 lines, 12,392 bytes; output cleared]" {
		t.Errorf("content %q", r.Content)
	}
}

// A masked conversation, pinned: what the model sees after masking.
func TestMaskGolden(t *testing.T) {
	code := 1
	conv := []Message{
		sysMsg("You are a coding agent."),
		userMsg("Why does the build fail?"),
		{Role: RoleAssistant, Parts: []Part{{Text: "Looking."}, {ToolCall: &ToolCall{ID: "1", Name: "Bash", Args: json.RawMessage(`{"command":"go build ./..."}`)}}, {ToolCall: &ToolCall{ID: "2", Name: "grep", Args: json.RawMessage(`{"pattern":"TODO"}`)}}}},
		{Role: RoleTool, Parts: []Part{
			{ToolResult: &ToolResult{CallID: "1", Name: "Bash", Content: corpusInput(t, "log_go_build_fresh_modcache_compile_errors"), IsError: true, ExitCode: &code}},
			{ToolResult: &ToolResult{CallID: "2", Name: "grep", Content: corpusInput(t, "search_git_grep_todo_prometheus")}},
		}},
		callMsg("3", "skill"), resultMsg("3", "skill", lines(8, "skill")),
		userMsg("Fix it."),
		callMsg("4", "Read"), resultMsg("4", "Read", lines(40, "read")),
		userMsg("Thanks; now run the tests."),
	}
	var got strings.Builder
	for _, excerpt := range []bool{false, true} {
		out := MaskObservations(conv, MaskOptions{Excerpt: excerpt, Protection: Protection{KeepToolResults: -1, Tools: []string{"skill"}}})
		b, _ := json.MarshalIndent(out[2:6], "", "  ")
		fmt.Fprintf(&got, "-- excerpt: %v --\n%s\n", excerpt, strings.ReplaceAll(string(b), `\n`, "\n        "))
		if out[5].Parts[0].ToolResult.Content != conv[5].Parts[0].ToolResult.Content {
			t.Error("the protected skill result was masked")
		}
	}
	checkGolden(t, "compact/masked.txt", got.String())
}

// A result without a name takes its call's, for the placeholder and for
// protection.
func TestMaskNamesResultsAfterTheirCalls(t *testing.T) {
	conv := []Message{userMsg("go"), callMsg("g", "grep"), resultMsg("g", "", lines(300, "g")),
		callMsg("k", "skill"), resultMsg("k", "", lines(300, "k")), userMsg("a"), userMsg("b")}
	out := MaskObservations(conv, MaskOptions{Protection: Protection{KeepToolResults: -1, Tools: []string{"skill"}}})
	if got := out[2].Parts[0].ToolResult.Content; got != "[grep → 300 lines, 7,392 bytes; output cleared]" {
		t.Errorf("got %q", got)
	}
	if out[4].Parts[0].ToolResult.Content != conv[4].Parts[0].ToolResult.Content {
		t.Error("the skill result was masked")
	}
}
