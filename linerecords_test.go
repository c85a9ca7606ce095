package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// Blocks between blank lines or rules that open with one key are records;
// paragraphs of prose and blocks without a common key are not.
func TestRecordShapes(t *testing.T) {
	var ldif, pip, prose, mixed, verbose, notFirst strings.Builder
	notFirst.WriteString("Reading the state of 40 packages.\nDone.\n\n")
	for i := range 40 {
		fmt.Fprintf(&ldif, "dn: uid=user%d,ou=people,dc=example,dc=org\nobjectClass: inetOrgPerson\nuid: user%d\ncn: User %d\nmail: user%d@example.org\n\n", i, i, i, i)
		if i > 0 {
			pip.WriteString("---\n")
		}
		fmt.Fprintf(&pip, "Name: pkg%d\nVersion: 1.%d.0\nSummary: the package number %d\nRequires: \n", i, i, i)
		fmt.Fprintf(&prose, "The paragraph %d says: something, then more.\nIt goes on over a second line.\n\n", i)
		fmt.Fprintf(&mixed, "%c%c: value\nother: x\n\n", 'a'+i%26, 'a'+i/26) // no common key
		// pip show -v: a record holds a block of its own after a blank line.
		fmt.Fprintf(&verbose, "Name: pkg%d\nVersion: 1.%d.0\n\nProject-URLs:\n  Home, https://example.org/%d\n---\n", i, i, i)
		fmt.Fprintf(&notFirst, "Name: pkg%d\nVersion: 1.%d.0\n\n", i, i)
	}
	for name, c := range map[string]struct {
		text string
		want int
	}{
		"ldif": {ldif.String(), 40}, "pip": {pip.String(), 40}, "prose": {prose.String(), 0}, "mixed": {mixed.String(), 0},
		"verbose": {verbose.String(), 40}, "not first": {notFirst.String(), 0},
	} {
		sh := readShapes(c.text, lineCount(c.text), 0, len(c.text), 1<<20, 0)
		if len(sh.records) != c.want {
			t.Errorf("%s: %d records, want %d", name, len(sh.records), c.want)
		}
	}
}

// Every record's opening lines come before any record's third line, the
// first record of each name before any record again of a name; the last
// record comes second, with its third line.
func TestRecordOrder(t *testing.T) {
	recs := []record{{0, 5, false}, {6, 11, false}, {12, 13, false}, {14, 19, true}, {20, 25, false}}
	got := recordOrder(func(i int) string { return fmt.Sprint("line ", i) }, recs)
	// After the first and the last, the even spread of 5 goes 2, 1, 3
	// (spreadRank); record 3 opens as record 0 did.
	want := []int{0, 1, 20, 21, 22, 12, 6, 7, 14, 15, 2, 8, 16}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// A second line written the same in most records (dpkg's Status) waits
// until every record's name is kept; one that differs comes with its name.
func TestRecordOrderDefersSharedSecondLines(t *testing.T) {
	recs := []record{{0, 4, false}, {4, 8, false}, {8, 12, false}, {12, 16, false}, {16, 20, false}}
	line := func(i int) string {
		if i%4 == 1 && i < 12 {
			return "Status: install ok installed"
		}
		return fmt.Sprint("line ", i)
	}
	got := recordOrder(line, recs)
	// Records 0, 1 and 2 share their second line; record 3's is its own;
	// the last (4) comes whole to its third line.
	want := []int{0, 16, 17, 18, 8, 4, 12, 13, 1, 9, 5, 2, 10, 6, 14}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// With room for them, the line planner keeps the name of every record of
// a long stanza listing, however far apart; without records it would keep
// the head, the tail and a spread.
func TestPlanLinesKeepsRecordNames(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "Package: pkg-%02d\nVersion: 1.%d-1\n", i, i)
		for f := range 12 {
			fmt.Fprintf(&b, "Field-%d: a value of field %d of this stanza, long enough to cost\n", f, f)
		}
		b.WriteString("\n")
	}
	text := b.String()
	p, ok := planLines(text, 10000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	for i := range 60 {
		if want := fmt.Sprintf("Package: pkg-%02d\nVersion: 1.%d-1\n", i, i); !strings.Contains(out, want) {
			t.Errorf("lost %q", want)
		}
	}
	if !strings.Contains(p.what, "of 60 records") {
		t.Errorf("what: %s", p.what)
	}
}
