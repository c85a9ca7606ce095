package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// statusThenSection writes a run that says its first failure on one
// line, goes on for many lines and other failures, then says it again
// with its position, as configure and the config.log catted below it do.
func statusThenSection(n int) string {
	var b strings.Builder
	b.WriteString("checking for library containing foo_open... no\n")
	b.WriteString("configure: error: libfoo is required for the demo; install libfoo-dev\n")
	for k := range n {
		name := string(rune('a'+k%26)) + string(rune('a'+k/26%26)) + "lib"
		fmt.Fprintf(&b, "configure:%d: gcc -o conftest conftest.c -l%s >&5\n", 1000+10*k, name)
		fmt.Fprintf(&b, "/usr/bin/ld: cannot find -l%s: No such file or directory\n", name)
		fmt.Fprintf(&b, "collect2: error: ld returned 1 exit status\nconfigure:%d: $? = 1\n", 1001+10*k)
	}
	b.WriteString("configure:5468: error: libfoo is required for the demo; install libfoo-dev\n")
	b.WriteString("\n## ----------- ##\n## Cache vars. ##\n## ----------- ##\n\n")
	for k := range 40 {
		fmt.Fprintf(&b, "ac_cv_var_%d=yes\n", k)
	}
	b.WriteString("configure: exit 1\n")
	return b.String()
}

// The line the run failed on is its first failure, kept first, though a
// later line says it again: that line is no section that tells it whole.
func TestRepeatedStatusStaysFirstFailure(t *testing.T) {
	text := statusThenSection(120)
	one := 1
	lines := scanLog(text)
	assert.Empty(t, richWholes(lines, formBlocks(lines, text)), "no section tells the status line")
	for _, limit := range []int{3000, 6000, 8000} {
		p, ok := planLog(text, limit, logOptions{exitCode: &one})
		require.True(t, ok)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		assert.Contains(t, out, "\nconfigure: error: libfoo is required for the demo; install libfoo-dev\n", "limit %d", limit)
	}
}

// A header repeats a status line when it ends with most of it; a header
// that names a status line's test is no repeat.
func TestRepeatsStatus(t *testing.T) {
	assert.True(t, repeatsStatus("configure: error: libpcre is required for regex-dna", "configure:5468: error: libpcre is required for regex-dna"))
	assert.False(t, repeatsStatus("test_x (mod.T.test_x) ... FAIL", "FAIL: test_x (mod.T.test_x)"))
	assert.False(t, repeatsStatus("not ok 3 - parses", "# Subtest: parses"))
	assert.False(t, repeatsStatus("x: error: boom", "y: error: boom"), "too short an ending to say")
}
