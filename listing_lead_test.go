package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// entryLeadRef and isAddressRef are entryLead and isAddress as first
// written with the strings package: the byte-reading versions must agree.
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
		field := rapid.SampledFrom([]string{"", " ", "\t", "0000000000008ef0", "fa", "b", "d", "T", "SSL_new", "401000:", ":", "::", "e8", "ZZ", "12", "aB3", "\u00e9"})
		parts := rapid.SliceOfN(field, 0, 12).Draw(t, "parts")
		l := strings.Join(parts, rapid.SampledFrom([]string{" ", "\t", "  ", ""}).Draw(t, "sep"))
		if got, want := entryLead(l), entryLeadRef(l); got != want {
			t.Fatalf("entryLead(%q) = %q, the reference %q", l, got, want)
		}
		f := strings.Join(parts, "")
		for _, after := range []bool{false, true} {
			if got, want := isAddress(f, after), isAddressRef(f, after); got != want {
				t.Fatalf("isAddress(%q, %v) = %v, the reference %v", f, after, got, want)
			}
		}
	})
}
