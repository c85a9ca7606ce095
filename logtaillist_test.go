package headroom

import (
	"fmt"
	"strings"
	"testing"
)

func TestTailListHeading(t *testing.T) {
	list := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "  mod%d:f/1 (src/mod%d.erl:%d:5)\n", i, i, i+3)
		}
		return b.String()
	}
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"dialyzer's closing list", "a.erl:3:2: warning\nUnknown functions:\n" + list(80) + " done in 8m37.43s\ndone (warnings were emitted)\n",
			[]string{"Unknown functions:", "  mod0:f/1 (src/mod0.erl:3:5)"}},
		{"no heading", "a.erl:3:2: warning\n" + list(10) + "done\n", nil},
		{"a heading that is no heading", "a.erl:3:2: the type is\n" + list(10), nil},
		{"a list too long", "Unknown functions:\n" + list(tailListMax+5), nil},
		{"too much after the list", "Unknown functions:\n" + list(5) + "a\nb\nc\nd\n", nil},
	} {
		lines := scanLog(c.text)
		var got []string
		for _, i := range tailListHeading(lines) {
			got = append(got, lines.line(i))
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
