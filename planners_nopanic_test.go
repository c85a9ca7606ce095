package headroom

import (
	"fmt"
	"testing"
)

// Every planner row, called directly, plans every real output of the
// corpus at small limits without a panic. The route recovers a planner's
// panic into a fallback (a dead process is worse), so a test that only
// compares outputs does not see one: the JSON tree roll's thin roll sought
// its clip head before the document's start at a limit of 200 (npm
// explain's trees), seen first by a rapid property that calls the staged
// rows itself. -short reads three limits of every third output, the full run
// eight of every output.
func TestPlannersNeverPanicOnTheCorpus(t *testing.T) {
	h := mustNew(t)
	corpus := corpusUnlessShort(t, 3)
	limits := []int{1, 60, 150, 200, 260, 400, 700, 1200}
	if testing.Short() {
		limits = []int{60, 200, 700}
	}
	plans := 0
	for _, c := range corpus {
		out := ToolOutput{Tool: c.tool, Text: c.input}
		for _, pl := range h.planners {
			for _, limit := range limits {
				if err := planWithoutRecover(pl, out, limit); err != nil {
					t.Errorf("%s row on %s at limit %d: %v", pl.strategy, c.name, limit, err)
				}
				plans++
			}
		}
	}
	if plans < 1000 {
		t.Fatalf("only %d plans made", plans)
	}
}

// planWithoutRecover plans out at limit with pl's own plan, renders what
// it keeps, and returns a panic of either as an error.
func planWithoutRecover(pl planner, out ToolOutput, limit int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if p, ok := pl.plan(out, limit); ok {
		_ = render(out.Text, p, marker{tokens: len(out.Text)})
	}
	return nil
}
