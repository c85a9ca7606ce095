package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// units builds an ocamlobjinfo-like dump of k compilation units with no
// blank line between them, each named by a `Name:` line over its CRC.
func units(k int) string {
	var b strings.Builder
	b.WriteString("File /usr/lib/ocaml/lib.cmxa\nExtra C object files:\nExtra C options:\n")
	for u := range k {
		fmt.Fprintf(&b, "Name: Unit%03d\nCRC of implementation: %032x\nGlobals defined:\n\tUnit%03d\nInterfaces imported:\n", u, u*7919, u)
		for i := range 12 {
			fmt.Fprintf(&b, "\t%032x\tImported%02d\n", i*104729, i)
		}
		b.WriteString("Currying functions: 2\nApply functions:\nForce link: no\n")
	}
	return b.String()
}

func TestRecordNames(t *testing.T) {
	cases := []struct {
		name, text string
		want       []int
	}{
		{"each record named by its first field",
			"Name: a\nCRC: 1\n\tx\nName: b\nCRC: 2\n\tx\nName: c\nCRC: 3\n\tx\nName: d\nCRC: 4\n\tx\n", []int{0, 3, 6, 9}},
		{"a label of one value (Force link: no) names nothing",
			"Force link: no\nCRC: 1\n\tx\nForce link: no\nCRC: 2\n\tx\nForce link: no\nCRC: 3\n\tx\nForce link: no\nCRC: 4\n\tx\n", nil},
		{"a label followed by lines of other labels is no record's first field",
			"Date: 1\nAuthor: a\nx\nDate: 2\nTo: b\nx\nDate: 3\nAuthor: c\nx\nDate: 4\nTo: d\nx\n", nil},
		{"a one-letter tag is a level, not a field (lintian's I: over N:)",
			"I: a\nN: 1\n\tx\nI: b\nN: 2\n\tx\nI: c\nN: 3\n\tx\nI: d\nN: 4\n\tx\n", nil},
		{"too few records",
			"Name: a\nCRC: 1\n\tx\nName: b\nCRC: 2\n\tx\nName: c\nCRC: 3\n\tx\n", nil},
		{"labels on every line are a table of fields, no records",
			"Name: a\nCRC: 1\nName: b\nCRC: 2\nName: c\nCRC: 3\nName: d\nCRC: 4\n", nil},
		{"an indented label or a URL is no label",
			"  Name: a\nCRC: 1\n\tx\n  Name: b\nCRC: 2\n\tx\n  Name: c\nCRC: 3\n\tx\n  Name: d\nCRC: 4\n\tx\nhttp://x\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testLineSel(c.text)
			assert.Equal(t, c.want, recordNames(s))
		})
	}
}

// TestPlanLinesNamesEveryRecord: a dump of 62 alike units at 16,000
// bytes names each unit with its CRC, the middle ones included, where a
// clip keeps the first and last few.
func TestPlanLinesNamesEveryRecord(t *testing.T) {
	text := units(62)
	require.Greater(t, len(text), 2*16000)
	p, ok := planLines(text, 16000)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), 16000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	for u := range 62 {
		assert.Contains(t, out, fmt.Sprintf("Name: Unit%03d\nCRC of implementation: %032x\n", u, u*7919))
	}
}

func FuzzRecordNames(f *testing.F) {
	f.Add(units(5))
	f.Add("Name: a\nCRC: 1\n\tx\nName: b\nCRC: 2\n\tx\nName: c\nCRC: 3\n\tx\nName: d\nCRC: 4\n")
	f.Add("a:\nb:\n:\nName:")
	f.Fuzz(func(t *testing.T, text string) {
		s := testLineSel(text)
		names := recordNames(s)
		for k, i := range names {
			if i < 0 || i >= s.n() || k > 0 && i <= names[k-1] {
				t.Fatalf("line %d out of order or range (%d lines): %v", i, s.n(), names)
			}
		}
		for _, i := range names {
			if i+1 >= s.n() {
				t.Fatalf("name %d has no line after it (%d lines)", i, s.n())
			}
		}
	})
}

// TestLineLabelMatchesByteByByte holds lineLabel, which runs over a
// label's bytes by a table, to the label as first read, a byte at a time
// through a switch.
func TestLineLabelMatchesByteByByte(t *testing.T) {
	bytes := []byte("aZ09 _-:\t\r\n.x/é")
	rapid.Check(t, func(t *rapid.T) {
		l := string(rapid.SliceOfN(rapid.SampledFrom(bytes), 0, 48).Draw(t, "line"))
		if rapid.Bool().Draw(t, "long") {
			l = strings.Repeat("a", rapid.IntRange(35, 45).Draw(t, "run")) + l
		}
		gotLabel, gotOK := lineLabel(l)
		wantLabel, wantOK := lineLabelByteByByte(l)
		if gotLabel != wantLabel || gotOK != wantOK {
			t.Fatalf("%q: %q %v, want %q %v", l, gotLabel, gotOK, wantLabel, wantOK)
		}
	})
}

// lineLabelByteByByte is lineLabel as first written: the specification
// the table-led one is held to.
func lineLabelByteByByte(l string) (string, bool) {
	if l == "" || !isLetter(l[0]) {
		return "", false
	}
	for j := 1; j < len(l) && j <= recordLabelMax; j++ {
		c := l[j]
		switch {
		case c == ':':
			if j >= 2 && (j+1 == len(l) || l[j+1] == ' ' || l[j+1] == '\t') {
				return l[:j], true
			}
			return "", false
		case isLetter(c), c >= '0' && c <= '9', c == ' ', c == '_', c == '-':
		default:
			return "", false
		}
	}
	return "", false
}

// A name is priced with the line kept under it: the share that holds
// ten named records keeps about ten, spread over all of them, where a
// name priced alone asked for three times as many and ran out of room.
func TestPickRecordNamesPricesBothLines(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "Name: Unit%03d\nCRC of implementation: %032d\nGlobals defined:\n\tUnit%03d\n", i, i, i)
	}
	text := b.String()
	s := newLineSel(text, 1<<20, lineGaps(1201))
	var names []int
	for i := 0; i < 1200; i += 4 {
		names = append(names, i)
	}
	one := s.size(0) + s.size(1) + s.gapCost
	kept := pickRecordNames(s, names, s.pick, 10*one)
	if kept < 9 || kept > 11 {
		t.Errorf("kept %d names in the room of ten", kept)
	}
	for _, i := range names {
		if s.isKept(i) && !s.isKept(i+1) {
			t.Errorf("name at %d kept without its next line", i)
		}
	}
	// Spread evenly: no run of names dropped much longer than 300/9.
	last, widest := 0, 0
	for x, i := range names {
		if s.isKept(i) {
			widest = max(widest, x-last)
			last = x
		}
	}
	if widest > 40 || last != len(names)-1 {
		t.Errorf("names kept unevenly: widest run %d, last kept %d", widest, last)
	}
}
