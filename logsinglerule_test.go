package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// singleRuleLog writes n three-line findings of the common linters in
// turn, with one finding of the odd linter, source line and caret, at
// place at.
func singleRuleLog(n, at int, common []string, odd string) string {
	var b strings.Builder
	for k := range n {
		l := common[k%len(common)]
		if k == at {
			l = odd
		}
		fmt.Fprintf(&b, "pkg/file%02d.go:%d:%d: a finding the linter reports at this place (%s)\n\tx := compute(%d, \"%s\")\n\t     ^\n", k%9, 10+k, 3+k%7, l, k, l)
	}
	fmt.Fprintf(&b, "%d issues.\n[exit status 1]\n", n)
	return b.String()
}

// Among a hundred findings of a few linters, the one finding of a linter
// seen once is kept whole, its source line with it, though most of the
// others keep their first line only or nothing.
func TestSingleRuleKeptWhole(t *testing.T) {
	text := singleRuleLog(100, 47, []string{"goconst", "nestif", "revive", "gosec", "godot"}, "govet")
	one := 1
	for _, limit := range []int{3000, 4000} {
		p, ok := planLog(text, limit, logOptions{exitCode: &one})
		require.True(t, ok)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		assert.Contains(t, out, "pkg/file02.go:57:8: a finding the linter reports at this place (govet)\n\tx := compute(47, \"govet\")\n", "limit %d", limit)
	}
}

// No rule is odd among few findings, nor where many rules are seen once.
func TestSingleRuleBlocksNone(t *testing.T) {
	few := singleRuleLog(10, 4, []string{"goconst", "nestif"}, "govet")
	lines := scanLog(few)
	assert.Nil(t, singleRuleBlocks(lines, formBlocks(lines, few)))
	var rules []string
	for k := range 40 {
		rules = append(rules, fmt.Sprintf("rule%02d", k))
	}
	many := singleRuleLog(40, 4, rules, "govet")
	lines = scanLog(many)
	assert.Nil(t, singleRuleBlocks(lines, formBlocks(lines, many)))
	odd := singleRuleLog(100, 47, []string{"goconst", "nestif"}, "govet")
	lines = scanLog(odd)
	blocks := formBlocks(lines, odd)
	got := singleRuleBlocks(lines, blocks)
	require.Len(t, got, 1)
	assert.True(t, strings.HasSuffix(lines.line(int(blocks[got[0]].head)), "(govet)"))
}
