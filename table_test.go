package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// lsEntryRef is lsEntry as first written, with the strings package.
func lsEntryRef(l string) bool {
	if len(l) < 11 || strings.IndexByte("-dlcbpsD", l[0]) < 0 {
		return false
	}
	for i := 1; i < 10; i++ {
		if strings.IndexByte("rwxsStTl-", l[i]) < 0 {
			return false
		}
	}
	return l[10] == ' ' || l[10] == '.' || l[10] == '+' || l[10] == '@'
}

// lsEntry, which reads a table of letters, agrees with lsEntryRef.
func TestLsEntryMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := []byte(rapid.SampledFrom([]string{"-rw-r--r-- 1 root", "drwxr-xr-x. 2", "lrwxrwxrwx@", "crw-rw----+", "Drwsr-Sr-T ", "prwx-----t", "total 12"}).Draw(t, "line"))
		for range rapid.IntRange(0, 3).Draw(t, "edits") {
			if len(b) > 0 {
				b[rapid.IntRange(0, len(b)-1).Draw(t, "at")] = rapid.SampledFrom([]byte("-dlcbpsDrwxsStTlq .+@\x00\xff")).Draw(t, "byte")
			}
		}
		if l := string(b); lsEntry(l) != lsEntryRef(l) {
			t.Fatalf("lsEntry(%q) = %v, the reference %v", l, lsEntry(l), lsEntryRef(l))
		}
	})
}

// wordsHeader takes three fields or more, each with a letter and none a
// number, and says no at the first field that is not a word.
func TestWordsHeader(t *testing.T) {
	for _, c := range []struct {
		l    string
		want bool
	}{
		{"NAME READY STATUS", true},
		{"  Filesystem  Size  Used Avail  ", true},
		{"NAME READY", false},
		{"NAME 12 STATUS", false},
		{"NAME READY 1,048", false},
		{"NAME - STATUS", false},
		{"", false},
		{"!function(e,t){\"use strict\";" + strings.Repeat(" x=1;", 1000), true},
		{"var e=[], 0, t" + strings.Repeat(" x=1;", 1000), false},
	} {
		if got := wordsHeader(c.l); got != c.want {
			t.Errorf("wordsHeader(%.40q) = %v, want %v", c.l, got, c.want)
		}
	}
}

// pickTableEnds leaves dropped exactly the rows it returns: every row
// from first on outside [lo, hi) is kept, none inside, as a reading of
// every row's bit finds them, whatever the rows' lengths and the room.
func TestPickTableEndsLeavesOneRun(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lines := rapid.SliceOfN(rapid.IntRange(0, 700), 1, 200).Draw(t, "lengths")
		var b strings.Builder
		for i, n := range lines {
			b.WriteString(strings.Repeat(string(rune('a'+i%26)), n))
			b.WriteByte('\n')
		}
		s := newLineSel(b.String(), rapid.IntRange(0, 20000).Draw(t, "limit"), gapWording{})
		first := rapid.IntRange(0, s.n()).Draw(t, "first")
		s.setGap(rowGaps(first, s.n()-first))
		lo, hi := pickTableEnds(s, first, rapid.SampledFrom([]int{0, 40, 300}).Draw(t, "cap"))
		if lo < first || hi < lo || hi > s.n() {
			t.Fatalf("[%d, %d) outside the rows [%d, %d)", lo, hi, first, s.n())
		}
		for i := first; i < s.n(); i++ {
			if in := i >= lo && i < hi; s.isKept(i) == in {
				t.Fatalf("row %d: kept %v, but [%d, %d) says the opposite", i, s.isKept(i), lo, hi)
			}
		}
	})
}

// fieldsRef is fields as first written, a byte at a time.
func fieldsRef(l string) int {
	n := 0
	in := false
	for i := 0; i < len(l); i++ {
		sp := l[i] == ' ' || l[i] == '\t' || l[i] == '\r'
		if !sp && !in {
			if n++; n == 3 {
				return n
			}
		}
		in = !sp
	}
	return n
}

// fields, which reads eight bytes at a time, counts as fieldsRef does.
func TestFieldsMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.StringOfN(rapid.SampledFrom([]rune(" \t\rab1-\x00\xff")), 0, 40, -1).Draw(t, "line")
		if got, want := fields(l), fieldsRef(l); got != want {
			t.Fatalf("fields(%q) = %d, the reference %d", l, got, want)
		}
	})
}
