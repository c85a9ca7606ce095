package headroom

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// A table of alike rows cut by less than three times keeps every row a
// blind clip's head shows: its even sample never costs a row the clip
// keeps. (From about 5,000 bytes on, the clip's head, the tail's share
// and the marker's room fit the limit together.)
func TestTableCutLittleKeepsClipHead(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		rows := rapid.IntRange(450, 1200).Draw(t, "rows")
		pad := rapid.IntRange(0, 40).Draw(t, "pad")
		var b strings.Builder
		const header = "NAME          STATE   NOTE\n"
		b.WriteString(header)
		var lines []string
		for i := range rows {
			l := fmt.Sprintf("svc-%05d     ready   %s", i, strings.Repeat("x", (i*7+pad)%50))
			lines = append(lines, l)
			b.WriteString(l + "\n")
		}
		text := b.String()
		limit := rapid.IntRange(len(text)/3+1, 2*len(text)/3).Draw(t, "limit")
		p, ok := planTable(text, limit)
		if !ok {
			t.Fatalf("a table of %d rows within %d bytes not planned as one", rows, limit)
		}
		out := render(text, p, marker{})
		end := clipHeadReach(limit)
		at := len(header)
		for _, l := range lines {
			if at+len(l) >= end {
				break
			}
			if !strings.Contains(out, "\n"+l+"\n") {
				t.Fatalf("row %q (at %d, the clip's head ends at %d) left out", l, at, end)
			}
			at += len(l) + 1
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("no row checked")
	}
}

// A listing of sections of alike entries cut by less than three times
// keeps every entry a blind clip's head shows, once each shown section
// has its first entries: nm's members' symbols in one piece, as the
// clip shows them, not one in a few with a gap note each. (With 150
// entries a section or more, the headers, first entries, tail and
// marker leave the clip's head its room.)
func TestListingCutLittleKeepsClipHead(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		secs := rapid.IntRange(3, 12).Draw(t, "sections")
		var b strings.Builder
		var entries []string
		var ats []int
		for k := range secs {
			fmt.Fprintf(&b, "\nmember-%02d.o:\n", k)
			for i := range rapid.IntRange(150, 300).Draw(t, "entries") {
				l := fmt.Sprintf("%016x T symbol_%02d_%04d", i*64, k, i)
				ats = append(ats, b.Len())
				entries = append(entries, l)
				b.WriteString(l + "\n")
			}
		}
		text := b.String()
		limit := rapid.IntRange(len(text)/3+1, 2*len(text)/3).Draw(t, "limit")
		p, ok := planListing(text, limit)
		if !ok {
			t.Fatalf("%d sections within %d bytes not planned as a listing", secs, limit)
		}
		out := render(text, p, marker{})
		for k, l := range entries {
			if ats[k]+len(l) >= clipHeadReach(limit) {
				break
			}
			if !strings.Contains(out, "\n"+l+"\n") {
				t.Fatalf("entry %q (at %d, the clip's head ends at %d) left out", l, ats[k], clipHeadReach(limit))
			}
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("no entry checked")
	}
}

// A grep -C1 output cut by less than three times, its matches all shown,
// keeps every context line a blind clip's tail shows: the context spread
// over every match comes after the clip's runs, never before them.
func TestSearchCutLittleKeepsClipTailContext(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		text, ctx, ats := grepC1(t, func(int) [3]string {
			c := "x := compute(" + strings.Repeat("y", rapid.IntRange(30, 90).Draw(t, "pad")) + ")"
			return [3]string{c, "return errFound", c}
		})
		limit := rapid.IntRange(len(text)/3+1, 2*len(text)/3).Draw(t, "limit")
		p, ok := planSearch(text, limit, searchOptions{})
		if !ok {
			t.Fatalf("grep -C1 output within %d bytes not planned as a search", limit)
		}
		out := render(text, p, marker{})
		if strings.Count(out, ":\treturn errFound") != strings.Count(text, ":\treturn errFound") {
			return // not every match shown: context waits for them
		}
		for k, l := range ctx {
			if ats[k] >= clipTailReach(len(text), limit) {
				if !strings.Contains(out, l+"\n") {
					t.Fatalf("context line %q (at %d, the clip's tail starts at %d) left out", l, ats[k], clipTailReach(len(text), limit))
				}
				checked++
			}
		}
	})
	if checked == 0 {
		t.Fatal("no context line checked")
	}
}

// A grep -C1 output cut by less than three times, its matches all shown
// and too little room left for all the context a blind clip's tail shows,
// keeps the tail's context from the end back, as a shorter tail would:
// when any of those lines is kept, the output's last context line is kept
// too, not only the lines where the clip's tail would start.
func TestSearchCutLittleKeepsClipTailFromTheEnd(t *testing.T) {
	checked, partial := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		text, ctx, ats := grepC1(t, func(line int) [3]string {
			// Long match lines: the matches take most of the room.
			long := strings.Repeat("z", rapid.IntRange(100, 200).Draw(t, "long"))
			return [3]string{
				fmt.Sprintf("x := compute(%d)", line),
				"return errFound(" + long + ")",
				fmt.Sprintf("x := compute(%d)", line+2),
			}
		})
		// Most limits leave room for every match and part of the
		// context, where the rule applies; some range over the whole cut.
		limit := aimedContextLimit(t, text, ctx, 31, 32, 7, 8)
		p, ok := planSearch(text, limit, searchOptions{})
		if !ok {
			t.Fatalf("grep -C1 output within %d bytes not planned as a search", limit)
		}
		out := render(text, p, marker{})
		if strings.Count(out, ":\treturn errFound") != strings.Count(text, ":\treturn errFound") {
			return // not every match shown: context waits for them
		}
		tail, kept := 0, 0
		for k, l := range ctx {
			if ats[k] >= clipTailReach(len(text), limit) {
				tail++
				if strings.Contains(out, l+"\n") {
					kept++
				}
			}
		}
		if kept == 0 {
			return
		}
		checked++
		if kept < tail {
			partial++
		}
		if last := ctx[len(ctx)-1]; !strings.Contains(out, last+"\n") {
			t.Fatalf("%d of the %d context lines in the clip's tail kept, but not the last one, %q", kept, tail, last)
		}
	})
	if checked == 0 || partial == 0 {
		t.Fatalf("tail context checked %d times, %d of them in part: tested nothing", checked, partial)
	}
}

// A grep -C1 output cut by less than three times whose matches all end
// unfinished (each carries the line below it), its matches all shown,
// keeps the line below the last match, where a blind clip's tail ends,
// whenever it keeps a carried line as long: the carried lines, taken in
// input order, can fill the room the matches leave before the last one.
func TestSearchCutLittleKeepsLastMatchBeforeCarried(t *testing.T) {
	checked, partial := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		text, ctx, _ := grepC1(t, func(line int) [3]string {
			long := strings.Repeat("z", rapid.IntRange(60, 160).Draw(t, "long"))
			return [3]string{
				fmt.Sprintf("x := compute(%d)", line),
				"return errFound(" + long + ",",
				fmt.Sprintf("\tstatus%d%s)", line+2, long),
			}
		})
		limit := aimedContextLimit(t, text, ctx, 15, 16, 5, 8)
		p, ok := planSearch(text, limit, searchOptions{})
		if !ok {
			t.Fatalf("grep -C1 output within %d bytes not planned as a search", limit)
		}
		out := render(text, p, marker{})
		if strings.Count(out, ":\treturn errFound(") != strings.Count(text, ":\treturn errFound(") {
			return // not every match shown: context waits for them
		}
		// Room the last match's line would fit in: a carried line as
		// long kept (with a `--` more), as room only shrinks after it.
		last := ctx[len(ctx)-1]
		carried, kept, longer := 0, 0, false
		for _, l := range ctx {
			if strings.Contains(l, "\tstatus") {
				carried++
				if strings.Contains(out, l+"\n") {
					kept++
					longer = longer || len(l) >= len(last)+len("--\n")
				}
			}
		}
		if !longer {
			return
		}
		checked++
		if kept < carried {
			partial++
		}
		if !strings.Contains(out, last+"\n") {
			t.Fatalf("%d of the %d carried lines kept, one as long, but not the last match's, %q", kept, carried, last)
		}
	})
	if checked == 0 || partial == 0 {
		t.Fatalf("carried lines checked %d times, %d of them in part: tested nothing", checked, partial)
	}
}

// A grep -C1 output cut by three times or more keeps the output's last
// match line where a blind clip's tail shows it, even where not every
// match is shown and the last file would otherwise show only its first.
// (Its context lines can still miss their room: tailRoom counts it from
// the text, not the rendered lines; TestSearchCutMuchKeepsTheClipsLastLines
// holds the rule on a real output.)
func TestSearchCutMuchKeepsLastMatchContext(t *testing.T) {
	checked, partial := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		var group []string // the last match's lines: above, match, below
		var ats []int
		line := 10
		for f := range rapid.IntRange(4, 8).Draw(t, "files") {
			path := fmt.Sprintf("src/pkg%02d/file.go", f)
			for range rapid.IntRange(20, 40).Draw(t, "matches") {
				if b.Len() > 0 {
					b.WriteString("--\n")
				}
				pad := strings.Repeat("y", rapid.IntRange(10, 40).Draw(t, "pad"))
				group, ats = group[:0], ats[:0]
				for k, sep := range []string{"-", ":", "-"} {
					l := fmt.Sprintf("%s%s%d%s\tx := compute(%s)", path, sep, line+k, sep, pad)
					if sep == ":" {
						l = fmt.Sprintf("%s:%d:\treturn errFound", path, line+k)
					}
					ats = append(ats, b.Len())
					group = append(group, l)
					b.WriteString(l + "\n")
				}
				line += 10
			}
		}
		text := b.String()
		limit := rapid.IntRange(max(2400, len(text)/8), len(text)/3).Draw(t, "limit")
		p, ok := planSearch(text, limit, searchOptions{})
		if !ok {
			t.Fatalf("grep -C1 output within %d bytes not planned as a search", limit)
		}
		out := render(text, p, marker{})
		if strings.Count(out, ":\treturn errFound") < strings.Count(text, ":\treturn errFound") {
			partial++
		}
		// The last match itself; its context lines can still miss their
		// room (a known gap, session 34: the tail's room is counted from
		// the text, not from the rendered lines).
		for k, l := range group {
			if k == 1 && ats[k] >= clipTailReach(len(text), limit) && !strings.Contains(out, l+"\n") {
				t.Fatalf("line %q of the last match (at %d, the clip's tail starts at %d) left out", l, ats[k], clipTailReach(len(text), limit))
			}
		}
		checked++
	})
	if checked == 0 || partial == 0 {
		t.Fatalf("last match checked %d times, %d of them with matches left out: tested nothing", checked, partial)
	}
}

// aimedContextLimit draws a limit for a cut of text between a third and
// nine tenths of it; three draws in four aim at the band where every
// match fits and part of the context ctx does: from len(text) less
// loNum/loDen of ctx's bytes to len(text) less hiNum/hiDen of them.
func aimedContextLimit(t *rapid.T, text string, ctx []string, loNum, loDen, hiNum, hiDen int) int {
	ctxBytes := 0
	for _, l := range ctx {
		ctxBytes += len(l) + 1
	}
	lo, hi := len(text)/3+1, 9*len(text)/10
	if rapid.IntRange(0, 3).Draw(t, "aim") > 0 {
		lo = max(lo, len(text)-loNum*ctxBytes/loDen)
		hi = max(lo, min(hi, len(text)-hiNum*ctxBytes/hiDen))
	}
	return rapid.IntRange(lo, hi).Draw(t, "limit")
}

// grepC1 draws a grep -C1 output over 10 to 30 files of 2 to 6 matches
// each, a window's three lines (the context line above, the match, the
// context line below) written by window from the first one's number. It
// returns the text, its context lines, and where each of them starts.
func grepC1(t *rapid.T, window func(line int) [3]string) (string, []string, []int) {
	var b strings.Builder
	var ctx []string
	var ats []int
	line := 10
	for f := range rapid.IntRange(10, 30).Draw(t, "files") {
		path := fmt.Sprintf("src/pkg%02d/file.go", f)
		for range rapid.IntRange(2, 6).Draw(t, "matches") {
			if b.Len() > 0 {
				b.WriteString("--\n")
			}
			w := window(line)
			for k, sep := range []string{"-", ":", "-"} {
				l := fmt.Sprintf("%s%s%d%s\t%s", path, sep, line+k, sep, w[k])
				if sep != ":" {
					ats = append(ats, b.Len())
					ctx = append(ctx, l)
				}
				b.WriteString(l + "\n")
			}
			line += 10
		}
	}
	return b.String(), ctx, ats
}

// A real grep -rn -C2 output cut by six times (session 34's family check
// over GOROOT's fips140): the last match and the context line above it,
// which a blind clip of 4,000 bytes ends on, are kept. Matches fill the
// budget there; without the room tailRoom keeps for them both were left
// out.
func TestSearchCutMuchKeepsTheClipsLastLines(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "corpus", "search_grep_rn_C2_goroot_fips140_panic_strings", "input.txt"))
	require.NoError(t, err)
	h, err := New(WithMaxBytes(4000))
	require.NoError(t, err)
	got, _, err := h.Compress(context.Background(), ToolOutput{Tool: "Bash", Text: string(in)})
	require.NoError(t, err)
	assert.Contains(t, got, "crypto/internal/fips140/aes/aes.go-120-\tif alias.InexactOverlap(dst[:BlockSize], src[:BlockSize]) {")
	assert.Contains(t, got, "crypto/internal/fips140/aes/aes.go:121:\t\tpanic(\"crypto/aes: invalid buffer overlap\")")
}
