package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// listingSectionsIndexed is listingSections as it was, over an index of
// every line and without an early exit: the reference of the one-pass
// version.
func listingSectionsIndexed(s *lineSel) ([]listingSection, bool) {
	n := s.n()
	var secs []listingSection
	nonBlank, inSections := 0, 0
	blank := func(i int) bool { return strings.TrimSpace(s.line(i)) == "" }
	indent := func(i int) bool { l := s.line(i); return l[0] == ' ' || l[0] == '\t' }
	for i := 0; i < n; i++ {
		l := s.line(i)
		if blank(i) {
			continue
		}
		nonBlank++
		// A section of indented entries ends at the first line that is not.
		afterIndented := len(secs) > 0 && secs[len(secs)-1].end == i && secs[len(secs)-1].indented
		if (i == 0 || blank(i-1) || afterIndented) && listingHeader(l) {
			j := i + 1
			indented := j < n && !blank(j) && indent(j)
			for j < n && !blank(j) && (!indented || indent(j)) {
				j++
			}
			if j == i+1 {
				continue
			}
			secs = append(secs, listingSection{header: i, end: j, depth: strings.Count(l, "/"), indented: indented})
			inSections += j - i
			nonBlank += j - i - 1
			i = j - 1
		}
	}
	return secs, len(secs) >= 3 && inSections*5 >= nonBlank*4
}

// listingPalette is lines near the listing test's edges: headers at
// several depths, entries, blanks of white space, lines a header rule
// refuses, and a header's look-alike inside a section.
var listingPalette = []string{
	"./a:", "./a/b/c:", "Disassembly of section .text:", "0000000000000000 <deflate>:", "x:\r", // headers
	"-rw-r--r-- 1 u u 12 a.go", "total 8", "  4:	48 89 e5	mov %rsp,%rbp", "commit 1a2b3c", "\tlibc.so.6 => /lib/libc.so.6", // entries
	"", "   ", "\t\r", // blanks
	"Author: A <a@b>", "note: see: this", "a b c d:", // not headers
}

// The one-pass listingSections gives the indexed version's answer, and
// its sections when it accepts, on runs of lines near four fifths.
func TestListingSectionsOnePassAgrees(t *testing.T) {
	var accepted, declined, cases int
	rapid.Check(t, func(t *rapid.T) {
		cases++
		runs := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
			l := listingPalette[rapid.IntRange(0, len(listingPalette)-1).Draw(t, "line")]
			return strings.Repeat(l+"\n", rapid.IntRange(1, 12).Draw(t, "repeat"))
		}), 0, 30).Draw(t, "runs")
		text := strings.Join(runs, "")
		if rapid.Bool().Draw(t, "noFinalNewline") {
			text = strings.TrimSuffix(text, "\n")
		}
		want, wantOK := listingSectionsIndexed(newLineSel(text, 4000, lineGaps(strings.Count(text, "\n")+1)))
		got, ok := listingSections(text, strings.Count(text, "\n")+1)
		if ok != wantOK || ok && !slices.Equal(got, want) {
			t.Fatalf("one pass: %v %v, indexed: %v %v\n%q", ok, got, wantOK, want, text)
		}
		if ok {
			accepted++
		} else {
			declined++
		}
	})
	// The generator rarely makes a listing it accepts: the real outputs of
	// the corpus make sure both sides are compared.
	for _, c := range loadCorpus(t) {
		want, wantOK := listingSectionsIndexed(newLineSel(c.input, 4000, lineGaps(strings.Count(c.input, "\n")+1)))
		got, ok := listingSections(c.input, strings.Count(c.input, "\n")+1)
		if ok != wantOK || ok && !slices.Equal(got, want) {
			t.Fatalf("%s: one pass: %v, indexed: %v", c.name, ok, wantOK)
		}
		if ok {
			accepted++
		} else {
			declined++
		}
	}
	if accepted == 0 || declined == 0 {
		t.Fatalf("a side was never compared: %d accepted, %d declined (%d generated cases)", accepted, declined, cases)
	}
}

// hasColonLineEnd is strings.Contains(text, ":\n") at any chunk size,
// with pairs across chunk ends, and either byte the rarer.
func TestHasColonLineEndIsContains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringOf(rapid.SampledFrom([]rune{':', '\n', 'a', ':', '\n'})).Draw(t, "text")
		chunk := rapid.IntRange(1, 9).Draw(t, "chunk")
		if got, want := hasColonLineEnd(text, chunk), strings.Contains(text, ":\n"); got != want {
			t.Fatalf("hasColonLineEnd(%q, %d) = %v, Contains %v", text, chunk, got, want)
		}
	})
}

// hasColonLineEnd is strings.Contains(text, ":\n") where colons are dense
// enough to switch its walk: to line breaks, or to Contains.
func TestHasColonLineEndDenseIsContains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		colon := rapid.IntRange(0, 100).Draw(t, "colonPercent")
		brk := rapid.IntRange(0, 100-colon).Draw(t, "breakPercent")
		n := rapid.IntRange(0, 20000).Draw(t, "len")
		b := make([]byte, n)
		for i := range b {
			switch r := rapid.IntRange(0, 99).Draw(t, "byte"); {
			case r < colon:
				b[i] = ':'
			case r < colon+brk:
				b[i] = '\n'
			default:
				b[i] = 'a'
			}
		}
		text := string(b)
		if rapid.Bool().Draw(t, "noPair") {
			text = strings.ReplaceAll(text, ":\n", ":a\n")
			if rapid.Bool().Draw(t, "onePair") {
				at := rapid.IntRange(0, len(text)).Draw(t, "at")
				text = text[:at] + ":\n" + text[at:]
			}
		}
		chunk := rapid.IntRange(64, 8192).Draw(t, "chunk")
		if got, want := hasColonLineEnd(text, chunk), strings.Contains(text, ":\n"); got != want {
			t.Fatalf("hasColonLineEnd(len %d, %d) = %v, Contains %v", len(text), chunk, got, want)
		}
	})
}

// In a listing of many look-alike sections (ldd of a directory), the
// section with an entry no other has is shown with its header, its first
// entry and that entry, wherever it sits; and of sections that share
// their rare entries, one says them for all.
func TestListingShowsSectionsWithEntriesOfTheirOwn(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "/usr/bin/tool%03d:\n\tlinux-vdso.so.1 (0x00007f%06x000)\n", i, i)
		switch i {
		case 137:
			b.WriteString("\tlibrare.so.4 => /lib/x86_64-linux-gnu/librare.so.4 (0x00007f0000001000)\n")
		case 200, 201, 202:
			b.WriteString("\tlibtrio.so.1 => /lib/x86_64-linux-gnu/libtrio.so.1 (0x00007f0000002000)\n")
		}
		fmt.Fprintf(&b, "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f%06x000)\n", i)
	}
	text := b.String()
	p, ok := planListing(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	if len(out) > 4000 {
		t.Fatalf("%d bytes over a limit of 4000", len(out))
	}
	for _, want := range []string{"/usr/bin/tool137:\n\tlinux-vdso.so.1 (0x00007f000089000)\n\tlibrare.so.4 =>", "/usr/bin/tool200:\n\tlinux-vdso.so.1 (0x00007f0000c8000)\n\tlibtrio.so.1 =>"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q", want)
		}
	}
	secs, _ := listingSections(text, lineCount(text))
	s := newLineSel(text, 4000, lineGaps(lineCount(text)))
	var got []string
	for _, sec := range ownEntrySections(s, secs, 10) {
		got = append(got, s.line(sec.header)+" "+strings.Fields(s.line(sec.own))[0])
	}
	if want := "[/usr/bin/tool137: librare.so.4 /usr/bin/tool200: libtrio.so.1]"; fmt.Sprint(got) != want {
		t.Errorf("sections with entries of their own %v, want %s", got, want)
	}
}

// An entry's lead is read after its addresses: nm's symbol values, a
// disassembly's offsets and opcode bytes name nothing.
func TestEntryLead(t *testing.T) {
	for l, want := range map[string]string{
		"0000000000008ef0 T SSL_new":      "T SSL_new",
		"                 U BIO_free":     "U BIO_free",
		"\tlibc.so.6 => /lib/libc.so.6":   "libc.so.6 => /lib/libc.so.6",
		"-rw-r--r-- 1 u u 12 a.go":        "-rw-r--r-- 1 u u 12 a.go",
		"  401000:\tf3 0f 1e fa\tendbr64": "endbr64",
		"0000000000000010 b buf":          "b buf",
		"add x1, x2":                      "add x1, x2",
	} {
		if got := entryLead(l); got != want {
			t.Errorf("entryLead(%q) = %q, want %q", l, got, want)
		}
	}
}

// blankLine agrees with strings.TrimSpace, Unicode's spaces included.
func TestBlankLineIsTrimSpace(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{"", " ", "\t", "\r", "\v", "\x01", "\x7f", "a", "0:", "\u00a0", "\u0085", "\u2003", "\u3000", "é", "\xff"}), 0, 8).Draw(t, "parts")
		l := strings.Join(parts, "")
		if got, want := blankLine(l), strings.TrimSpace(l) == ""; got != want {
			t.Fatalf("blankLine(%q) = %v, want %v", l, got, want)
		}
	})
}
