package headroom

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// psqlEcho is psql -e's run of a script: each statement echoed with its
// command tag, and, when failing is set, an ERROR line for one of them.
func psqlEcho(n int, failing bool) string {
	var b strings.Builder
	b.WriteString("/* contrib/isn/isn--1.1.sql */\n")
	for i := range n {
		fmt.Fprintf(&b, "CREATE FUNCTION isn_f%d(ean13, ean13)\n\tRETURNS boolean\n\tAS '$libdir/isn'\n\tLANGUAGE C\n\tIMMUTABLE STRICT;\nCREATE FUNCTION\n", i)
		if failing && i == n/2 {
			fmt.Fprintf(&b, "psql:isn--1.1.sql:%d: ERROR:  type \"ucp\" does not exist\n", 6*i+5)
		}
	}
	b.WriteString("psql exit status 0\n")
	return b.String()
}

// An exec tool's echo of code with a failure a log rule knows is a log;
// the same text read by a read tool, or echoed with no failure, is code.
func TestEchoedCodeThatFailsIsALog(t *testing.T) {
	h := mustNew(t, WithMaxBytes(4000))
	for _, c := range []struct {
		tool    string
		failing bool
		want    Strategy
	}{
		{"Bash", true, StrategyLog},
		{"Read", true, StrategyOutline},
		{"Bash", false, StrategyOutline},
	} {
		text := psqlEcho(400, c.failing)
		got, o, err := h.Compress(context.Background(), ToolOutput{Tool: c.tool, Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if o.Strategy != c.want {
			t.Errorf("%s, failing %v: strategy %v, want %v", c.tool, c.failing, o.Strategy, c.want)
		}
		if c.want == StrategyLog && !strings.Contains(got, `psql:isn--1.1.sql:1205: ERROR:  type "ucp" does not exist`) {
			t.Errorf("%s: lost the ERROR line:\n%s", c.tool, got)
		}
	}
	for text, want := range map[string]bool{
		psqlEcho(50, true):  true,
		psqlEcho(50, false): false,
		"FILE: /a.php\n" + strings.Repeat("ERROR: Unreachable code\n", 20): false, // no source opening
		"package main\n\nfunc main() {\n\tlog.Print(\"error: x\")\n}\n":    false, // a failure word in code
	} {
		if got := echoesIntoFailure(text); got != want {
			t.Errorf("echoesIntoFailure(%.40q…) = %v, want %v", text, got, want)
		}
	}
}
