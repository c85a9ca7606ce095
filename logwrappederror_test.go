package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// A loop over a tool's runs, each listing alike rows (some naming
// Exception classes) and echoing its exit status, where one run fails
// with a wrapped exception and no rows: the log planner takes it, and
// keeps the failure with the run's heading and its `[exit 1]`, however
// far from the ends it sits.
func TestLogKeepsWrappedErrorTypeInLoop(t *testing.T) {
	var b strings.Builder
	for j := range 12 {
		fmt.Fprintf(&b, "=== tool -verify lib%d.jar\n", j)
		if j == 5 {
			b.WriteString("tool: java.util.zip.ZipException: zip END header not found\n[exit 1]\n")
			continue
		}
		b.WriteString("\n")
		for k := range 40 {
			fmt.Fprintf(&b, "    ?   %4d Mon Dec 05 23:08:02 UTC 2022 org/lib%d/pkg/Class%dException.class\n", 100+k*7, j, k)
		}
		b.WriteString("\njar is unsigned.\n[exit 0]\n")
	}
	b.WriteString("=== 11 of 12 jars verified\n")
	text := b.String()
	p, ok := planLog(text, 2000, logOptions{})
	if !ok {
		t.Fatal("planLog declined a loop with a wrapped exception")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	want := "=== tool -verify lib5.jar\ntool: java.util.zip.ZipException: zip END header not found\n[exit 1]\n"
	if !strings.Contains(out, want) {
		t.Errorf("the failed run is not kept whole:\n%s", out)
	}
}
