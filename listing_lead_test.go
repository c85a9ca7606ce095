package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// entryLeadRef and isAddressRef are entryLead and its address test as
// first written with the strings package: the byte-reading version must
// agree, but for the blanks before the lead, which entryLead leaves out.
func entryLeadRef(l string) string {
	l = l[:min(len(l), shapeWindow)]
	for after := false; ; after = true {
		t := strings.TrimLeft(l, " \t")
		end := strings.IndexAny(t, " \t")
		if end < 0 || !isAddressRef(t[:end], after) {
			return l
		}
		l = t[end:]
	}
}

func isAddressRef(f string, after bool) bool {
	colon := strings.HasSuffix(f, ":")
	f = strings.TrimSuffix(f, ":")
	return f != "" && strings.Trim(f, "0123456789abcdefABCDEF") == "" && (after && len(f) == 2 || colon || strings.ContainsAny(f, "0123456789"))
}

func TestEntryLeadMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		field := rapid.SampledFrom([]string{"", " ", "\t", "0000000000008ef0", "fa", "b", "d", "T", "SSL_new", "401000:", ":", "::", "e8", "ZZ", "12", "aB3", "\u00e9", "\r", "0f:",
			strings.Repeat(" ", 9), strings.Repeat(" ", 16) + "\t", strings.Repeat(" ", 199)}) // blanks past eight, and past the window's end
		parts := rapid.SliceOfN(field, 0, 12).Draw(t, "parts")
		l := strings.Join(parts, rapid.SampledFrom([]string{" ", "\t", "  ", ""}).Draw(t, "sep"))
		if got, want := entryLead(l), strings.TrimLeft(entryLeadRef(l), " \t"); got != want {
			t.Fatalf("entryLead(%q) = %q, the reference %q", l, got, want)
		}
	})
}
