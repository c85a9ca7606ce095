package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// validatorReport returns a one-line html-validate --formatter json
// report: one result per count in messages, each with that many
// diagnostics, its counts, and then its page's source of size bytes.
func validatorReport(messages []int, size int) string {
	var b strings.Builder
	b.WriteString("[")
	for f, n := range messages {
		if f > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"filePath":"/srv/site/page%d.html","messages":[`, f)
		for m := range n {
			if m > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"ruleId":"rule-%d-%d","severity":2,"message":"<tag%d> is not permitted in page %d","offset":%d,"line":%d,"column":3}`,
				f, m, m, f, 40*m+7, m+2)
		}
		fmt.Fprintf(&b, `],"errorCount":%d,"warningCount":0,"source":"`, n)
		for line := 0; b.Len() < (f+1)*(size+200*n); line++ {
			fmt.Fprintf(&b, `<p class=\"body\">line %d of page %d, some text of the manual</p>\n`, line, f)
		}
		b.WriteString(`"}`)
	}
	b.WriteString("]")
	return b.String()
}

// An array of three results too large to keep whole keeps its middle one
// cut to what it says rather than named by its path alone: its
// diagnostics, its counts, the opening of its source. html-validate's
// report of three libffi manual pages kept 7,129 bytes of a 16,000
// budget and lost The-Closure-API.html's diagnostics but the ones its
// signals picked.
func TestPlanJSONDigestCutsLargeElements(t *testing.T) {
	text := validatorReport([]int{4, 11, 3}, 7000)
	const limit = 16000
	p, ok := planJSON(text, limit)
	require.True(t, ok)
	checkPlan(t, text, p, limit)
	out := render(text, p, marker{what: p.what})
	for m := range 11 {
		require.Contains(t, out, fmt.Sprintf(`{"ruleId":"rule-1-%d",`, m), "the middle result's diagnostics")
	}
	assert.Contains(t, out, `"errorCount":11,"warningCount":0,"source":"<p class=\"body\">line 0 of page 1`, "its counts, its source's opening")
	assert.Contains(t, p.what, "cut to what they say")
	assert.Greater(t, len(out), limit/2, "the budget used, not a quarter of it")
}

// For a one-line array of a few objects each larger than the limit, in
// more than twice the limit, the plan of its ends and digests fits, uses
// at least half
// the limit, and opens with the first element's first member.
func TestPlanJSONDigestCutProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		messages := rapid.SliceOfN(rapid.IntRange(0, 12), 3, 8).Draw(t, "messages")
		limit := rapid.IntRange(4000, 16000).Draw(t, "limit")
		size := rapid.IntRange(limit, 2*limit).Draw(t, "size")
		text := validatorReport(messages, size)
		if len(text) <= 2*limit {
			return
		}
		p, ok := planMinifiedEndsFilled(text, sequence(text, 0, ']'), "array element", limit)
		if !ok {
			return // no digest fits: planMinifiedSequence outlines the first
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what})
		if len(out) < limit/2 {
			t.Fatalf("%d bytes of a %d limit", len(out), limit)
		}
		if !strings.HasPrefix(out, `[{"filePath":"/srv/site/page0.html"`) {
			t.Fatalf("lost the first element's opening:\n%s", out)
		}
	})
}
