package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// tableAnswerAgrees checks the table row's answer on text within limit,
// told sampled, against the whole plan's: planTableIndexed takes text
// exactly when tableRows does (and the limit admits a plan), and
// selectTable, the whole plan, takes every table tableRows takes, within
// limit. A sample's answer, which route reads without its plan, is then
// the one the whole plan would give.
func tableAnswerAgrees(t interface {
	Helper()
	Fatalf(format string, args ...any)
}, text string, limit int, sampled bool) {
	t.Helper()
	p, ok := planTableIndexed(text, limit, sampled, &lineIndexer{text: text})
	if limit < 200 || len(text) <= limit {
		if ok {
			t.Fatalf("took %d bytes within %d", len(text), limit)
		}
		return
	}
	s := newLineSelOn(text, newLineIndex(text), limit, gapWording{})
	first, shaped := tableRows(s, sampled)
	if ok != shaped {
		t.Fatalf("sampled %v, limit %d: the row says %v, tableRows %v", sampled, limit, ok, shaped)
	}
	if !shaped {
		return
	}
	whole, took := selectTable(text, limit, s, first)
	if !took {
		t.Fatalf("sampled %v, limit %d: tableRows took the table (rows from line %d), the selection declined it", sampled, limit, first)
	}
	checkDocPlan(t, text, whole, limit)
	if sampled && len(p.items) > 0 {
		t.Fatalf("a sample's answer came with a plan of %d items", len(p.items))
	}
	if !sampled {
		checkDocPlan(t, text, p, limit)
	}
}

// The table row's answer on a sample is its shape's, and comes with no
// selection: a 10 MB git blame's sample reads as nm's blank-led columns
// (sampled, a few blank-led rows are enough), so the row takes the
// sample and then declines the whole blame; the sample's plan, which
// route never reads, took a third of the blame's routing beyond its
// planner.
func TestTableSampleAnswerIsItsShape(t *testing.T) {
	blame := repeatTo(corpusInput(t, "plain_git_blame_regexp2_parser_three_changed"), 10<<20)
	limit := DefaultMaxBytes - plannerReserve(len(blame))
	smp := defaultSampling
	smp.piece = max(smp.piece, limit)
	sample := takeSample(blame, smp)
	require.NotEmpty(t, sample)

	p, ok := planTableIndexed(sample, limit, true, &lineIndexer{text: sample})
	require.True(t, ok, "the blame's sample reads as a table")
	assert.Equal(t, 0, len(p.items), "a sample's answer comes without a selection")
	tableAnswerAgrees(t, sample, limit, true)

	row := sampledFirst(defaultSampling, tableLeastLines, func(out ToolOutput, limit int, sampled bool, lines *lineIndexer) (plan, bool) {
		return planTableIndexed(out.Text, limit, sampled, lines)
	})
	_, ok = row(ToolOutput{Tool: "Bash", Text: blame}, limit)
	assert.False(t, ok, "the whole blame is no table")

	// A table the sample and the whole take: the row plans the whole.
	ls := repeatTo(corpusInput(t, "plain_ls_l_usr_lib_multiarch"), 2<<20)
	p, ok = row(ToolOutput{Tool: "Bash", Text: ls}, limit)
	require.True(t, ok)
	want, _ := planTable(ls, limit)
	assert.Equal(t, want, p)
	assert.NotEmpty(t, p.items)
}

// tableLine draws one line of a table-like text: rows of the shapes
// tableRows reads (ls -l, nm's full and blank-led rows, aligned columns,
// a blame), and lines that are none (one field, blank, long), with names
// that head families of others.
func tableLine(t *rapid.T, i int) string {
	name := rapid.SampledFrom([]string{"src/a", "src/a/b.go", "src/a/c.go", "src/a.go", "x_sec", "x", "x_ui", "lib/", "v@V1", "m@v1/p", "Z.Rel"}).Draw(t, "name")
	switch rapid.IntRange(0, 9).Draw(t, "kind") {
	case 0:
		return fmt.Sprintf("-rw-r--r-- 1 root root %d Jan  1 00:00 %s", rapid.IntRange(0, 99999).Draw(t, "size"), name)
	case 1:
		return fmt.Sprintf("%016x %s %s", i*16, rapid.SampledFrom([]string{"T", "T", "T", "B", "D", "R"}).Draw(t, "type"), name)
	case 2:
		return "                 U " + name
	case 3:
		return fmt.Sprintf("pod-%d  %d/1  %s  %d", i, rapid.IntRange(0, 1).Draw(t, "ready"), rapid.SampledFrom([]string{"Running", "Running", "Error", "Pending"}).Draw(t, "status"), rapid.IntRange(0, 9).Draw(t, "restarts"))
	case 4:
		return fmt.Sprintf("^d5b2fb1 (Dev Example 2026-11-20 10:00:00 +0000 %4d) \t%s", i+1, name)
	case 5:
		return name
	case 6:
		return ""
	case 7:
		return strings.Repeat("w ", rapid.IntRange(100, 400).Draw(t, "long"))
	case 8:
		return fmt.Sprintf("%d\t%s\t%d", i, name, rapid.IntRange(0, 999).Draw(t, "n"))
	default:
		return fmt.Sprintf("   %d    0.0%d    %d.5 %s:%d(f)", i, i%10, i, name, i)
	}
}

// On random tables, at every limit, sampled or not, the table row takes
// what tableRows takes, and the selection takes every such table within
// the limit: the answer the row gives a sample without its selection is
// the one its whole plan gives.
func TestTableSelectionTakesEveryShape(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		b.WriteString(rapid.SampledFrom([]string{"", "NAME  READY  STATUS  RESTARTS\n", "a  b\n---  ---\n", "+---+---+\n| a | b |\n+---+---+\n", "total 12\n", "   ncalls  tottime  cumtime  filename\n"}).Draw(t, "header"))
		// Runs of one kind of line, as tables are, with others among them.
		for i, n := 0, rapid.IntRange(0, 160).Draw(t, "lines"); i < n; {
			run := rapid.IntRange(1, 40).Draw(t, "run")
			line := tableLine(t, i)
			for k := 0; k < run && i < n; k++ {
				if rapid.IntRange(0, 5).Draw(t, "other") == 0 {
					b.WriteString(tableLine(t, i))
				} else {
					b.WriteString(strings.Replace(line, fmt.Sprint(i-k), fmt.Sprint(i), 1))
				}
				b.WriteByte('\n')
				i++
			}
		}
		text := b.String()
		limit := rapid.IntRange(200, max(200, len(text)+10)).Draw(t, "limit")
		tableAnswerAgrees(t, text, limit, rapid.Bool().Draw(t, "sampled"))
	})
}

// FuzzTableSampleAnswer: on any text and limit, sampled or not, the
// table row's answer is tableRows', and the selection takes what it
// takes, within the limit.
func FuzzTableSampleAnswer(f *testing.F) {
	f.Add(nmSorted(60, 20, nil), 300, true)
	f.Add("a  b\n-  -\n"+stringsRepeat("1  2\n", 40), 200, false)
	f.Add(stringsRepeat("^d5b2fb1 (Dev Example 2026-11-20 10:00:00 +0000    1) x y\n", 40), 400, true)
	f.Fuzz(func(t *testing.T, text string, limit int, sampled bool) {
		tableAnswerAgrees(t, text, 200+int(uint(limit)%20000), sampled)
	})
}
