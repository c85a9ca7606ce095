package main

import (
	"context"
	"testing"
)

// Both loops run offline to their end.
func TestRunsOffline(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	if err := chat(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := items(context.Background()); err != nil {
		t.Fatal(err)
	}
}
