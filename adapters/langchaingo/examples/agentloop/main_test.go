package main

import (
	"context"
	"testing"
)

// The example runs offline to its end: the scripted model answers and the
// history compacts on the way.
func TestRunsOffline(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	if err := run(context.Background()); err != nil {
		t.Fatal(err)
	}
}
