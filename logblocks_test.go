package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pgregory.net/rapid"

	"github.com/headroom-go/headroom/internal/txt"
)

// A textFinder, searching a window at a time, says of every line what a
// search of the line alone says, whatever the window: a string that
// straddles a window's end is found too.
func TestTextFinderAgreesWithLineSearch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.SampledFrom([]string{"a", "y", "summary", "short test summary info", "short test summar", "=== short test summary info ===",
			"\x1b", "\x1b[1m", "%", "50% tests passed, ", " ", "\n", "\r\n", "\n\n"})
		text := strings.Join(rapid.SliceOfN(piece, 0, 80).Draw(t, "pieces"), "")
		finders := []struct {
			f    textFinder
			what string
		}{
			{textFinder{index: indexEscape}, "\x1b"},
			{textFinder{index: indexSummaryInfo, overlap: len(summaryInfo) - 1}, summaryInfo},
			{textFinder{index: indexInfixLead}, infixLeads},
		}
		for k := range finders {
			f := &finders[k].f
			f.window = rapid.IntRange(f.overlap+1, f.overlap+40).Draw(t, "window")
		}
		for start := 0; start < len(text); {
			end, next := txt.LineAt(text, start)
			line := text[start:end]
			for k := range finders {
				fd := &finders[k]
				want := strings.Contains(line, fd.what)
				if fd.what == infixLeads {
					want = strings.ContainsAny(line, infixLeads)
				}
				if got := fd.f.in(text, start, end); got != want {
					t.Fatalf("window %d: line %q at %d holds %q: %v, the finder says %v", fd.f.window, line, start, fd.what, want, got)
				}
			}
			start = next
		}
	})
}

// A file's error entries in the stylish layout are one block, to its
// next warning; an entry that says syntax error stands apart, a block of
// its own, so that it is told by its own kind.
func TestFormBlocksStylishEntries(t *testing.T) {
	text := "./a.yml\n" +
		"  1:1   warning  missing document start \"---\"  (document-start)\n" +
		"  3:19  error    too many spaces inside brackets  (brackets)\n" +
		"  7:15  error    too many spaces inside brackets  (brackets)\n" +
		"  17:8  error    syntax error: expected <block end>, but found '<block mapping start>' (syntax)\n" +
		"  20:15 error    too many spaces inside brackets  (brackets)\n" +
		"  38:81 error    line too long (98 > 80 characters)  (line-length)\n" +
		"\n"
	lines := scanLog(text)
	var got [][2]int32
	for _, b := range formBlocks(lines, text) {
		got = append(got, [2]int32{b.head, b.last})
	}
	if want := [][2]int32{{2, 3}, {4, 4}, {5, 6}}; !slices.Equal(got, want) {
		t.Errorf("blocks (head, last) %v, want %v", got, want)
	}
}

// A helgrind record runs from the `----` rule above it to the one below,
// over its `Locks held:` lines, the conflicting access and the address;
// the last runs to where the program speaks again, no rule below it. A
// DRD record runs to the blank line that ends it, over its allocation
// context and segments. Four races at two places are four blocks.
func TestFormBlocksValgrindRaceRecords(t *testing.T) {
	rec := func(kind string, addr, line int) string {
		return "==7== ----------------------------------------------------------------\n" +
			"==7== \n" +
			fmt.Sprintf("==7== Possible data race during %s of size 8 at 0x%X by thread #5\n", kind, addr) +
			"==7== Locks held: none\n" +
			fmt.Sprintf("==7==    at 0x109408: worker (wc_pool.c:%d)\n", line) +
			"==7== \n" +
			"==7== This conflicts with a previous write of size 8 by thread #4\n" +
			"==7== Locks held: none\n" +
			fmt.Sprintf("==7==    at 0x109416: worker (wc_pool.c:%d)\n", line) +
			fmt.Sprintf("==7==  Address 0x%x is 16 bytes inside data symbol \"grand\"\n", addr) +
			"==7== \n"
	}
	text := rec("read", 0x10C090, 64) + rec("read", 0x10C098, 65) +
		"      53      319     2275 syntax/gedcom.vim\n" +
		"==7== ERROR SUMMARY: 2 errors from 2 contexts (suppressed: 0 from 0)\n" +
		"==9== Conflicting store by thread 3 at 0x0010c118 size 8\n" +
		"==9==    at 0x10938B: worker (sum_pool.c:44)\n" +
		"==9== Allocation context: BSS section of /home/dev/sumpool/sum_pool\n" +
		"==9== Other segment start (thread 2)\n" +
		"==9==    at 0x48582D4: pthread_mutex_unlock@* (in /usr/libexec/valgrind/vgpreload_drd-amd64-linux.so)\n" +
		"==9== \n" +
		"==9== Thread 4:\n"
	lines := scanLog(text)
	var got [][3]int32
	blocks := formBlocks(lines, text)
	for _, b := range blocks {
		got = append(got, [3]int32{b.first, b.head, b.last})
	}
	want := [][3]int32{{2, 2, 11}, {13, 13, 20}, {24, 24, 28}}
	require.Equal(t, want, got, "blocks (first, head, last)")
	for _, b := range blocks {
		assert.Equal(t, 0, b.repeats(), "block at %d folds another", b.head)
	}
	for l, want := range map[string]bool{"==7== ": true, "==7==": true, "==7==    at x": true, "==7==ERROR: AddressSanitizer": false, "=7= x": false, "==== x": false} {
		assert.Equal(t, want, valgrindOwn(l), "valgrindOwn(%q)", l)
	}
}

// A label alone in the first column over indented lines (hlint's
// `Found:`) goes on the block of the finding above it; a label with
// nothing indented under it, or a line that is more than a label, ends it.
func TestFormBlocksLabelledExcerpt(t *testing.T) {
	text := "a/B.hs:485:1: Error: Parse error: possibly incorrect indentation\n" +
		"Found:\n" +
		"    -- a comment\n" +
		"  > rational :: Fractional a => Parser a\n" +
		"\n" +
		"a/C.hs:12:1: Error: Parse error: mismatched brackets\n" +
		"Found:\n" +
		"Note: no excerpt\n" +
		"    indented, but under a note\n"
	lines := scanLog(text)
	var got [][2]int32
	for _, b := range formBlocks(lines, text) {
		got = append(got, [2]int32{b.head, b.last})
	}
	if want := [][2]int32{{0, 3}, {5, 5}}; !slices.Equal(got, want) {
		t.Errorf("blocks (head, last) %v, want %v", got, want)
	}
	for l, want := range map[string]bool{"Found:": true, "Perhaps:\r": true, "Note: no excerpt": false, "a b:": false, ":": false} {
		if got := isLabelLine(l); got != want {
			t.Errorf("isLabelLine(%q) = %v, want %v", l, got, want)
		}
	}
}
