package headroom

import (
	"context"
	"strings"
	"testing"
)

// The hints that replace a planner's must fit the room the planners'
// reserve keeps for a hint, or a structural plan could overrun its budget.
func TestStoreHintsFitThePlannersReserve(t *testing.T) {
	id := StoreID("x")
	for _, h := range []string{retrieveHint(id), askLessHint(id, 1), askLessHint(id, maxLine)} {
		if len(h) > maxHint || clean(h, maxHint) != h {
			t.Errorf("hint of %d bytes (limit %d), or not clean: %q", len(h), maxHint, h)
		}
	}
	if markerStoreID(marker{tokens: 9, what: "w", hint: retrieveHint(id)}.String()) != id {
		t.Error("masking cannot read the id back from a marker")
	}
}

// At the smallest token budget New accepts, the longer marker may not
// fit as a custom counter counts it: the compression then falls back to
// the plain marker, and succeeds.
func TestSmallestTokenBudgetWithStore(t *testing.T) {
	// A counter to which the tool's name is expensive.
	c := TokenCounterFunc(func(s string) int { return len(s)/3 + 60*strings.Count(s, RetrieveToolName) })
	least := minTokenBudget(c)
	text := strings.Repeat("a line of output that goes on and on\n", 5000)
	fellBack := false
	for _, tokens := range []int{least, least + 5, least + 20, least + 60, least + 200} {
		h, err := New(WithMaxTokens(tokens), WithTokenCounter(c), WithStore(NewMemoryStore(0)))
		if err != nil {
			t.Fatal(err)
		}
		out, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
		if err != nil {
			t.Fatalf("%d tokens: %v", tokens, err)
		}
		if n := c.CountTokens(out); n > tokens {
			t.Errorf("%d tokens: output counts %d", tokens, n)
		}
		if (o.StoredID == "") == (o.StoreErr == nil) {
			t.Errorf("%d tokens: id %q and error %v: exactly one must be set", tokens, o.StoredID, o.StoreErr)
		}
		fellBack = fellBack || o.StoreErr != nil
	}
	if !fellBack {
		t.Error("no budget made the longer marker fall back: the test no longer tests it")
	}
}
