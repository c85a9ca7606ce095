package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"testing"
)

// The example is a program users copy: it must run, and it must show the
// history getting the compressed results while the screen got them whole.
func TestAgentLoopCompressesHistoryNotScreen(t *testing.T) {
	var screen bytes.Buffer
	if err := run(context.Background(), &screen); err != nil {
		t.Fatal(err)
	}
	out := screen.String()
	rows := regexp.MustCompile(`\[(root|sub-agent)\] history gets Bash (\S+): (\d+) → (\d+) bytes`).FindAllStringSubmatch(out, -1)
	seen := map[string]bool{}
	for _, r := range rows {
		after, _ := strconv.Atoi(r[4])
		if after > 4000 {
			t.Errorf("%s: %d bytes in history, over the context's 4000-byte budget", r[2], after)
		}
		seen[r[1]] = true
	}
	if !seen["root"] || !seen["sub-agent"] {
		t.Fatalf("both the root and the sub-agent must compress (the sub-agent through the inherited context):\n%s", out)
	}
	if !regexp.MustCompile(`digest used: true`).MatchString(out) {
		t.Errorf("the summarizer should have written a digest:\n%s", out)
	}
}
