package headroom

import (
	"fmt"
	"strings"
	"testing"

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
