package headroom

import (
	"slices"
	"strings"
	"testing"
)

func TestWrappedTitle(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"**** Runtime Coordination ****", true},
		{"***** A Quick Guide to Go's Assembler *****", true},
		{"== Usage ==", true},
		{"--- Summary ---", true},
		{"* item *", false},       // one mark: prose
		{"**** Title ***", false}, // runs of other lengths
		{"*** Title ****", false}, // a longer closing run
		{"**** ****", false},      // no title
		{"**** ---- ****", false}, // a rule, not a title
		{"**Bold** text **more**", false},
		{"==> file <==", false}, // two marks
		{"**** Title", false},
		{"", false},
	} {
		if got := wrappedTitle(c.line); got != c.want {
			t.Errorf("wrappedTitle(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// html2text's `**** Title ****` headings, each right under its
// section's last line with no blank between, head sections.
func TestSectionHeadsFindsWrappedTitles(t *testing.T) {
	var b strings.Builder
	for _, h := range []string{"Constants", "Symbols", "Directives", "Runtime Coordination"} {
		b.WriteString("**** " + h + " ****\n")
		for range 5 {
			b.WriteString("prose about the assembler and its operands\n")
		}
	}
	text := b.String()
	s := newLineSel(text, len(text), lineGaps(lineCount(text)))
	if got := sectionHeads(s); !slices.Equal(got, []int{0, 6, 12, 18}) {
		t.Errorf("sectionHeads = %v, want [0 6 12 18]", got)
	}
}
