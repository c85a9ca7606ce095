package headroom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// pyrightReport is a pyright --outputjson report of n errors of a few
// common rules, the one at index odd of a rule no other has.
func pyrightReport(n, odd int) string {
	rules := []string{"reportArgumentType", "reportCallIssue", "reportOptionalMemberAccess"}
	type pos struct {
		Line      int `json:"line"`
		Character int `json:"character"`
	}
	type diag struct {
		File     string `json:"file"`
		Severity string `json:"severity"`
		Message  string `json:"message"`
		Range    struct {
			Start pos `json:"start"`
			End   pos `json:"end"`
		} `json:"range"`
		Rule string `json:"rule"`
	}
	var ds []diag
	for i := range n {
		d := diag{File: fmt.Sprintf("/home/dev/src/pkg/mod%d.py", i/10), Severity: "error",
			Message: fmt.Sprintf(`Argument of type "None" cannot be assigned to parameter "p%d"`, i), Rule: rules[i%len(rules)]}
		d.Range.Start, d.Range.End = pos{10 + i, 4}, pos{10 + i, 9}
		if i == odd {
			d.Message, d.Rule = `"DistutilsSetupError" is not defined`, "reportUndefinedVariable"
		}
		ds = append(ds, d)
	}
	b, _ := json.MarshalIndent(map[string]any{"version": "1.1.390", "generalDiagnostics": ds,
		"summary": map[string]int{"filesAnalyzed": 9, "errorCount": n}}, "", "    ")
	return string(b) + "\n"
}

// Of many alike errors the one of a rule no other has is kept, whatever
// the budget and wherever it sits: failing alike, it is not one of many
// alike. The plan holds its limit.
func TestPlanJSONKeepsTheFailureOfARareKind(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(30, 120).Draw(rt, "errors")
		text := pyrightReport(n, rapid.IntRange(0, n-1).Draw(rt, "odd"))
		limit := rapid.IntRange(3000, 16000).Draw(rt, "limit")
		if len(text) <= limit {
			return
		}
		p, ok := planJSON(text, limit)
		if !ok {
			rt.Fatal("declined")
		}
		if got := itemsSize(p.items); got > limit {
			rt.Fatalf("plan is %d bytes, over its limit %d", got, limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, `"message": "\"DistutilsSetupError\" is not defined",`) {
			rt.Fatalf("the one reportUndefinedVariable error is lost at limit %d:\n%s", limit, out)
		}
	})
}
