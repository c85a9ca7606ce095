package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestProgressStep(t *testing.T) {
	for l, want := range map[string]bool{
		"0:00:05 load avg: 21.16 [4/7] test_fractions":            true,
		"0:00:06 load avg: 21.16 [5/7/1] test_textwrap -- failed": false, // a step after a failure, not before it
		"[12/40] Building CXX object src/CMakeFiles/a.dir/a.cc.o": true,
		"[ 1 of 17] Compiling Data.Vector":                        false,
		"[4/7]":                                                   false,
		"see [1/2]x":                                              false,
		"a[b] [3/9] name":                                         true,
	} {
		if got := progressStep(l); got != want {
			t.Errorf("progressStep(%q) = %v, want %v", l, got, want)
		}
	}
}

// A failing test's report, after many passing tests, keeps the progress
// line that names the test file it ran in.
func TestPlanLogKeepsProgressAboveFailure(t *testing.T) {
	var b strings.Builder
	for f := range 6 {
		fmt.Fprintf(&b, "0:00:0%d load avg: 1.00 [%d/6] test_mod%d\n", f, f+1, f)
		for i := range 60 {
			fmt.Fprintf(&b, "test_case_%d (test.test_mod%d.Case.test_case_%d) ... ok\n", i, f, i)
		}
		if f == 3 {
			b.WriteString("test_limit (test.test_mod3.Case.test_limit) ... FAIL\n\n" + strings.Repeat("=", 70) + "\nFAIL: test_limit (test.test_mod3.Case.test_limit)\n" + strings.Repeat("-", 70) + "\nTraceback (most recent call last):\n  File \"t.py\", line 3, in test_limit\nAssertionError: 1 != 2\n\n")
		}
	}
	b.WriteString("== Tests result: FAILURE ==\n\n1 test failed:\n    test_mod3\n")
	text := b.String()
	p, ok := planLog(text, 4000, logOptions{})
	if !ok {
		t.Fatal("planLog declined")
	}
	if out := render(text, p, marker{}); !strings.Contains(out, "[4/6] test_mod3\n") {
		t.Fatalf("the progress line above the failure is lost:\n%s", out)
	}
}

// TestProgressScanAgreesWithReadingEveryLine checks the ring of answers
// against reading every line of every window again, bound included, for
// blocks asked about in any order.
func TestProgressScanAgreesWithReadingEveryLine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3000).Draw(t, "lines")
		var b strings.Builder
		for i := range n {
			switch rapid.IntRange(0, 9).Draw(t, "kind") {
			case 0:
				fmt.Fprintf(&b, "[%d/%d] step\n", i, n)
			case 1:
				fmt.Fprintf(&b, "  [%d/%d] indented\n", i, n)
			default:
				b.WriteString("line\n")
			}
		}
		lines := scanLog(b.String())
		firsts := rapid.SliceOfN(rapid.IntRange(0, lines.len()-1), 0, 600).Draw(t, "firsts")
		scan, left := newProgressScan(), progressScanMax
		for _, f := range firsts {
			want := -1
			for i := f - 1; i >= max(0, f-progressWindow) && left > 0; i-- {
				left--
				if l := lines.line(i); !isIndented(l) && progressStep(l) {
					want = i
					break
				}
			}
			if got := scan.above(lines, logBlock{head: int32(f), first: int32(f), last: int32(f)}); got != want || scan.left != left {
				t.Fatalf("block at %d: line %d with %d left, want %d with %d left", f, got, scan.left, want, left)
			}
		}
	})
}

// endsInFileNameRef is endsInFileName as the strings package's calls
// cut its field before it went byte by byte.
func endsInFileNameRef(l string) bool {
	l = strings.TrimRight(l, " \t")
	return isFileName(strings.Trim(l[strings.LastIndexAny(l, " \t")+1:], "`'\""))
}

// TestEndsInFileNameByBytes checks that endsInFileName reads a line's
// last field as TrimRight, LastIndexAny and Trim cut it.
func TestEndsInFileNameByBytes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOf(rapid.SampledFrom([]string{"a", "b.c", "/", "x.go", " ", "\t", "`", "'", "\"", ".", "-", "é", "\xff", "1"})).Draw(t, "parts")
		l := strings.Join(parts, "")
		require.Equal(t, endsInFileNameRef(l), endsInFileName(l), "%q", l)
	})
}
