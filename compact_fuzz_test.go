package headroom

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// FuzzCompact feeds Compact conversations in their JSON form: it never
// panics, and on every conversation that parses the invariants hold.
func FuzzCompact(f *testing.F) {
	for _, seed := range []string{
		`[]`,
		`[{"role":"system","parts":[{"text":"sys"}]},{"role":"user","parts":[{"text":"go"}]}]`,
		`[{"role":"user","parts":[{"text":"go"}]},{"role":"assistant","parts":[{"tool_call":{"id":"1","name":"grep","args":{"q":1}}},{"tool_call":{"id":"2","name":"skill"}}]},` +
			`{"role":"tool","parts":[{"tool_result":{"call_id":"1","name":"grep","content":"a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\np"}}]},{"role":"tool","parts":[{"tool_result":{"call_id":"2","name":"skill","content":"x","is_error":true,"exit_code":3}}]},` +
			`{"role":"user","parts":[{"text":"[CONVERSATION_SUMMARY]\nold\n[/CONVERSATION_SUMMARY]"}]},{"role":"user","parts":[{"text":"again"},{"opaque":{"type":"image"}}]},{"role":"assistant","parts":[{"tool_call":{"id":"3","name":"Bash"}}]}]`,
		`[{"role":"tool","parts":[{"tool_result":{"call_id":"orphan","content":"lost"}}]},{},{"role":"x","parts":[{}]}]`,
	} {
		f.Add([]byte(seed), uint16(40), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, budget uint16, summarize bool) {
		var msgs []Message
		if json.Unmarshal(data, &msgs) != nil {
			return
		}
		keep := cloneMessages(msgs)
		o := CompactOptions{Budget: int(budget) + 1, Protection: Protection{Tools: []string{"skill"}},
			Mask: MaskOptions{MinTokensFreed: -1}}
		if summarize {
			o.Summarizer = &fakeSummarizer{}
		}
		out, _, err := Compact(context.Background(), msgs, o)
		if !reflect.DeepEqual(msgs, keep) {
			t.Fatal("input mutated")
		}
		if err != nil {
			if !errors.Is(err, ErrCannotFit) || !reflect.DeepEqual(out, msgs) {
				t.Fatalf("err %v", err)
			}
			return
		}
		checkRules(t, "compact", msgs, out)
		if n := CountMessages(out, nil); n > o.Budget {
			t.Fatalf("%d tokens over the budget of %d", n, o.Budget)
		}
		again, rep, err := Compact(context.Background(), out, o)
		if err != nil || !reflect.DeepEqual(again, out) || rep.FirstChanged != -1 {
			t.Fatal("compacting a fitting result changed it")
		}
	})
}
