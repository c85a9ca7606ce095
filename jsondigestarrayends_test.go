package headroom

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// deadcodeReport returns a tab-indented deadcode -json report: one
// package object {Name, Path, Funcs} for each count in funcs, each
// function an alike ten-line object named pN_fM.
func deadcodeReport(funcs []int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for p, n := range funcs {
		fmt.Fprintf(&b, "\t{\n\t\t\"Name\": \"pkg%d\",\n\t\t\"Path\": \"example.org/mod/internal/pkg%d\",\n\t\t\"Funcs\": [\n", p, p)
		for f := range n {
			fmt.Fprintf(&b, "\t\t\t{\n\t\t\t\t\"Name\": \"p%d_f%d\",\n\t\t\t\t\"Position\": {\n\t\t\t\t\t\"File\": \"internal/pkg%d/file%d.go\",\n"+
				"\t\t\t\t\t\"Line\": %d,\n\t\t\t\t\t\"Col\": 6\n\t\t\t\t},\n\t\t\t\t\"Generated\": false,\n\t\t\t\t\"Marker\": false\n\t\t\t}",
				p, f, p, f%3, 10+f*17)
			if f < n-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("\t\t]\n\t}")
		if p < len(funcs)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	return b.String()
}

// A digest names a package by its Name and Path and counts its Funcs as
// one hidden member; with room left once every package between the ends
// is named, each digest opens that array on its first and last
// functions' digests, so the reader sees where each package's dead code
// begins and ends (deadcode -json over goimports at 4,000 bytes named
// its nine packages in 2,898 bytes, and lost gocommand's last function,
// ParseGoVersionOutput, and imports' ScanModuleCache).
func TestPlanJSONDigestsOpenArrayEnds(t *testing.T) {
	text := deadcodeReport([]int{30, 12, 8, 30, 11, 4, 12, 14, 4})
	const limit = 4000
	p, ok := planJSON(text, limit)
	require.True(t, ok)
	checkPlan(t, text, p, limit)
	out := render(text, p, marker{what: p.what})
	checkVerbatimLines(t, text, out)
	for pkg := 1; pkg < 8; pkg++ {
		require.Contains(t, out, fmt.Sprintf("\"Path\": \"example.org/mod/internal/pkg%d\",", pkg), "every package named")
	}
	for _, f := range []string{"p5_f3", "p6_f11", "p4_f10"} {
		assert.Contains(t, out, "\"Name\": \""+f+"\",", "a middle package's last function")
	}
	assert.Contains(t, out, "[…2 array elements…]", "gocommand's two functions between its ends are counted")
}

// The arrays' ends are fill: a plan planned again in less room for its
// signals, which spends that room on them, gives them back when that
// keeps more signals (an ESLint report of arborist's files at 16,000
// bytes: its two rare no-unused-vars messages, deep in the last file's
// messages, are kept as they were before the digests opened their
// arrays).
func TestPlanJSONDigestArrayEndsYieldToSignals(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/json_eslint_f_json_jq_npmcli_arborist_rare_rule/input.txt")
	require.NoError(t, err)
	text := string(raw)
	const limit = 16000
	p, ok := planJSON(text, limit)
	require.True(t, ok)
	checkPlan(t, text, p, limit)
	out := render(text, p, marker{what: p.what})
	assert.Contains(t, out, "\"message\": \"'dependencies' is assigned a value but never used.\",")
	assert.Contains(t, out, "\"message\": \"'packages' is assigned a value but never used.\",")
}

// A plan with fill (bare set) whose signals do not fit beside it falls
// back to its bare layout before planning again in less: a plan that
// cannot shrink (here one whose planAt ignores the room it is given)
// still keeps the failure.
func TestWithJSONSignalsFallsBackToBare(t *testing.T) {
	text := deadcodeReport([]int{6, 6, 6, 6, 6, 6})
	at := strings.Index(text, "\"Name\": \"p4_f3\",")
	text = text[:at] + "\"error\": \"broken\",\n\t\t\t\t" + text[at:]
	lineEnd := func(i int) int { return strings.IndexByte(text[i:], '\n') + i + 1 }
	limit := 3000
	fat := lineEnd(limit - 300) // what the plan keeps with its fill
	lean := lineEnd(limit / 4)  // without it
	planAt := func(bare bool) func(int) (plan, bool) {
		return func(int) (plan, bool) {
			p := plan{strategy: StrategyJSON, items: []item{keepRange(0, fat), noteLine("[…]")}}
			p.markerAt = len(p.items)
			if bare {
				p.bare = []item{keepRange(0, lean), noteLine("[…]")}
			}
			return p, true
		}
	}
	signals := func() []jsonSignal { return jsonSignals(text) }
	p, ok := withJSONSignals(text, limit, signals, planAt(true))
	require.True(t, ok)
	checkPlan(t, text, p, limit)
	assert.Contains(t, render(text, p, marker{}), "\"error\": \"broken\",", "the bare layout makes room")
	p, ok = withJSONSignals(text, limit, signals, planAt(false))
	require.True(t, ok)
	assert.NotContains(t, render(text, p, marker{}), "\"error\": \"broken\",", "without a bare layout, no room")
}

// Whatever the packages and the budget, the plan fits, keeps input
// lines verbatim, and names the first and last packages.
func TestPlanJSONDigestArrayEndsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		funcs := rapid.SliceOfN(rapid.IntRange(0, 40), 3, 14).Draw(t, "funcs")
		text := deadcodeReport(funcs)
		limit := rapid.IntRange(600, max(700, len(text))).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what})
		checkVerbatimLines(t, text, out)
		if p.bare != nil {
			checkPlan(t, text, plan{strategy: p.strategy, items: p.bare, markerAt: len(p.bare)}, limit)
			checkVerbatimLines(t, text, render(text, plan{items: p.bare, markerAt: len(p.bare)}, marker{}))
		}
	})
}
