package headroom

import (
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// A staged row keeps its reading of a string between plans: its second
// plan, at any other limit, must be the plan the row makes afresh. Run on
// every real output at the two limits route asks for (the reserve's and
// replanWide's) of a small and the default budget (under -short, every
// eighth), and on random pairs of limits.
func TestStagedRowsPlanAsAfresh(t *testing.T) {
	h := mustNew(t)
	corpus := corpusUnlessShort(t, 8)
	var rows []planner
	for _, pl := range h.planners {
		if pl.prepare != nil {
			rows = append(rows, pl)
		}
	}
	if len(rows) < 4 {
		t.Fatalf("%d staged rows, want the two log rows, JSON's and JSON lines'", len(rows))
	}
	check := func(t interface{ Fatalf(string, ...any) }, name string, out ToolOutput, limits ...int) {
		for _, pl := range rows {
			at := pl.at(out)
			for _, limit := range limits {
				got, gotOK := at(limit)
				want, wantOK := pl.plan(out, limit)
				if gotOK != wantOK || !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, %s row, limits %v: at %d the staged plan (%v, %d items) is not the fresh one (%v, %d items)",
						name, pl.strategy, limits, limit, gotOK, len(got.items), wantOK, len(want.items))
				}
			}
		}
	}
	planned := 0
	for _, c := range corpus {
		out := ToolOutput{Tool: c.tool, Text: c.input}
		for _, bytes := range []int{4000, DefaultMaxBytes} {
			if len(c.input) <= bytes {
				continue
			}
			first := bytes - plannerReserve(len(c.input))
			check(t, c.name, out, first, bytes-bytes/replanSlack, first-1)
			planned++
		}
	}
	if planned < 200 {
		t.Fatalf("only %d plans checked", planned)
	}
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(corpus).Draw(t, "case")
		limits := rapid.SliceOfN(rapid.IntRange(0, 2*len(c.input)), 2, 3).Draw(t, "limits")
		check(t, c.name, ToolOutput{Tool: c.tool, Text: c.input}, limits...)
	})
}
