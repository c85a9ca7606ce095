package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestEventSeverity(t *testing.T) {
	for _, c := range []struct {
		line string
		want int8
	}{
		{`{"level":"warn","name":"pnpm:install-check"}`, severityWarning},
		{`{"level":"WARNING","msg":"x"}`, severityWarning},
		{`{"level":40,"msg":"hot link"}`, severityWarning},
		{`{"level":30,"msg":"request completed"}`, severityNone},
		{`{"level":50,"msg":"request failed"}`, severityFailure},
		{`{"level":"error","msg":"x"}`, severityFailure},
		{`{"severity":1,"ruleId":"no-unused-vars"}`, severityWarning},
		{`{"severity":2,"ruleId":"no-undef"}`, severityFailure},
		{`{"severity":"info"}`, severityNone},
		{`{"msg":"the \"level\":40 of a string","level":"debug"}`, severityNone},
		{`{"msg":"no level at all"}`, severityNone},
		{`{"level":`, severityNone},
		{`{"level":"unterminated`, severityNone},
	} {
		if got := eventSeverity(c.line); got != c.want {
			t.Errorf("eventSeverity(%s) = %d, want %d", c.line, got, c.want)
		}
	}
}

// ndjsonInstall is a package manager's --reporter=ndjson log: n debug
// progress events (n at least 864), and in every eighth slot a debug
// stage that carries the manifest, of 24 kinds of which three each are
// seen once, twice, … eight times (rarer tiers than the warnings), and
// a warn-level install check at each index in warns.
func ndjsonInstall(n int, warns map[int]bool) string {
	var stages []string
	for c := 1; c <= 8; c++ {
		for j := range 3 {
			for range c {
				stages = append(stages, fmt.Sprintf("pm:stage-%d-%d", c, j))
			}
		}
	}
	var b strings.Builder
	slot := 0
	for i := range n {
		switch {
		case warns[i]:
			fmt.Fprintf(&b, `{"time":%d,"level":"warn","name":"pm:install-check","message":"Unsupported platform for @esbuild/p%d@0.24.0: wanted {\"cpu\":[\"c%d\"]} (current: {\"os\":\"linux\",\"cpu\":\"x64\"})","prefix":"/home/dev/work/p"}`+"\n", 1000+i, i, i)
		case i%8 == 4 && slot < len(stages):
			name := stages[slot*7%len(stages)] // 7 is prime to 108: each once
			slot++
			fmt.Fprintf(&b, `{"time":%d,"level":"debug","name":%q,"prefix":"/home/dev/work/p","manifest":{"dependencies":{"express":"4.21.2","commander":"12.1.0","zod":"3.23.8","marked":"14.1.2","chalk":"5.3.0","lodash":"4.17.21","esbuild":"0.24.0","typescript":"5.6.3","react-dom":"18.3.1","webpack":"5.96.1"}}}`+"\n", 1000+i, name)
		default:
			fmt.Fprintf(&b, `{"time":%d,"level":"debug","name":"pm:progress","packageId":"pkg-%d@1.0.%d","requester":"/home/dev/work/p","status":"resolved"}`+"\n", 1000+i, i, i%7)
		}
	}
	return b.String()
}

// The first warning of a stream's few warn-level events is kept, at
// 4,000 bytes, ahead of its rarer debug stages: what the stream warns of
// before how it went. The plan holds its limit.
func TestJSONLinesKeepFirstWarning(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(900, 1400).Draw(rt, "events")
		first := rapid.IntRange(30, n/2).Draw(rt, "first")
		warns := map[int]bool{}
		count := rapid.IntRange(9, n/25).Draw(rt, "warnings")
		for k := range count {
			warns[first+k*6] = true
		}
		text := ndjsonInstall(n, warns)
		const limit = 4000
		p, ok := planJSONLines(text, limit)
		if !ok {
			rt.Fatal("declined")
		}
		if got := itemsSize(p.items); got > limit {
			rt.Fatalf("plan is %d bytes, over its limit %d", got, limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if w := fmt.Sprintf(`"message":"Unsupported platform for @esbuild/p%d@`, first); !strings.Contains(out, w) {
			rt.Fatalf("the first warning (event %d) is lost:\n%s", first, out)
		}
	})
}

// eventSeverity never panics, on any line, and ranks it on its scale.
func FuzzEventSeverity(f *testing.F) {
	f.Add(`{"level":40,"msg":"hot link"}`)
	f.Add(`{"severity":"warn`)
	f.Add(`{"msg":"\"level\":50","level":`)
	f.Fuzz(func(t *testing.T, l string) {
		if s := eventSeverity(l); s < severityNone || s > severityFailure {
			t.Fatalf("eventSeverity(%q) = %d", l, s)
		}
	})
}
