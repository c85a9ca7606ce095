package headroom

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func ids(msgs []Message) (out []string) {
	for _, m := range msgs {
		s := string(m.Role)[:1]
		for _, p := range m.Parts {
			switch {
			case p.ToolCall != nil:
				s += " " + p.ToolCall.ID
			case p.ToolResult != nil:
				s += " " + p.ToolResult.CallID
			default:
				s += ":" + p.Text
			}
		}
		out = append(out, s)
	}
	return out
}

func TestTrim(t *testing.T) {
	big := lines(100, "x")
	parallel := Message{Role: RoleAssistant, Parts: []Part{
		{ToolCall: &ToolCall{ID: "p1", Name: "grep"}}, {ToolCall: &ToolCall{ID: "p2", Name: "grep"}}}}
	conv := []Message{
		sysMsg("sys"),
		userMsg("u1"),
		parallel,
		resultMsg("p1", "grep", big),
		userMsg("u2"), // a user message between the parallel results
		resultMsg("p2", "grep", big),
		callMsg("k", "skill"), resultMsg("k", "skill", big),
		callMsg("r", "Read"), resultMsg("r", "Read", big),
		userMsg("u3"),
		{Role: RoleAssistant, Parts: []Part{{Text: "a1"}}},
		{Role: RoleAssistant, Parts: []Part{{Text: "a2"}}},
	}
	total := CountMessages(conv, nil)
	one := CountMessages(conv[3:4], nil)
	for _, tc := range []struct {
		name   string
		o      TrimOptions
		wantIn []string
	}{
		{"fits", TrimOptions{Budget: total}, ids(conv)},
		{"no budget", TrimOptions{}, ids(conv)},
		{"drops the oldest first, only what it must", TrimOptions{Budget: total - 1, KeepRecent: 1, Protection: Protection{KeepToolResults: -1}},
			[]string{"s:sys", "a p1 p2", "t p1", "u:u2", "t p2", "a k", "t k", "a r", "t r", "u:u3", "a:a1", "a:a2"}},
		{"protected tool and latest user kept", TrimOptions{Budget: 1, KeepRecent: -1, Protection: Protection{KeepToolResults: -1, Tools: []string{"sk*"}}},
			[]string{"s:sys", "a k", "t k", "u:u3"}},
		{"recent results kept", TrimOptions{Budget: 1, KeepRecent: -1, Protection: Protection{KeepToolResults: 1}},
			[]string{"s:sys", "a r", "t r", "u:u3"}},
		{"a parallel call goes with all its results, and then it fits", TrimOptions{Budget: total - one, KeepRecent: -1, Protection: Protection{KeepToolResults: -1}},
			[]string{"s:sys", "u:u2", "a k", "t k", "a r", "t r", "u:u3", "a:a1", "a:a2"}},
		{"keep recent: a unit reaching into the tail stays whole", TrimOptions{Budget: 1, KeepRecent: 4, Protection: Protection{KeepToolResults: -1}},
			[]string{"s:sys", "a r", "t r", "u:u3", "a:a1", "a:a2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := Trim(conv, tc.o)
			checkRules(t, tc.name, conv, out)
			assert.Equal(t, tc.wantIn, ids(out), "kept message ids")
		})
	}
}

func TestTrimKeepsSummaries(t *testing.T) {
	conv := []Message{userMsg(summaryOpen + "\nold\n" + summaryClose), userMsg("u1"), {Role: RoleAssistant, Parts: []Part{{Text: lines(100, "a")}}}, userMsg("u2")}
	out := Trim(conv, TrimOptions{Budget: 1, KeepRecent: -1})
	assert.Equal(t, []string{"u:" + conv[0].Parts[0].Text, "u:u2"}, ids(out), "kept message ids")
}

// Trim counts each message once: a conversation of thousands of messages
// trimmed to almost nothing is not quadratic.
func TestTrimLongRun(t *testing.T) {
	conv := []Message{sysMsg("sys"), userMsg("do it all")}
	for i := range 3000 {
		id := fmt.Sprint(i)
		conv = append(conv, callMsg(id, "Bash"), resultMsg(id, "Bash", "ok\n"))
	}
	out := Trim(conv, TrimOptions{Budget: 200})
	checkRules(t, "trim", conv, out)
	if n := CountMessages(out, nil); n > 200 || len(out) < 8 {
		t.Fatalf("%d messages, %d tokens", len(out), n)
	}
}
