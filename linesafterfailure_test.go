package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// TestLinesKeepTheLineAfterAFailure: the statistics line of the catalog
// whose fatal error is reported above it, one of 400 alike lines, is kept
// with the failure: it names the same catalog.
func TestLinesKeepTheLineAfterAFailure(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		if i == 180 {
			b.WriteString("dom/l180.po:2866: 'msgid' and 'msgstr' entries do not both end with '\\n'\n")
			b.WriteString("msgfmt: found 1 fatal error\n")
		}
		fmt.Fprintf(&b, "dom/l%03d.po: %d translated messages.\n", i, 300+i*7%500)
	}
	text := b.String()
	want := "dom/l180.po: 560 translated messages.\n"
	if !strings.Contains(text, want) {
		t.Fatalf("test text lacks %q", want)
	}
	for _, limit := range []int{4000, 8000} {
		p, ok := planLines(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{})
		if !strings.Contains(out, "msgfmt: found 1 fatal error\n"+want) {
			t.Errorf("limit %d: the line after the failure lost:\n%s", limit, out)
		}
	}
}

func TestFailureRunEnd(t *testing.T) {
	text := "ok 1\nerror: a\nerror: b\nok 2\nok 3\n"
	s := newLineSel(text, 100, gapWording{})
	if got := failureRunEnd(s, 1); got != 3 {
		t.Errorf("failureRunEnd after a run of two failures = %d, want 3", got)
	}
	if got := failureRunEnd(s, 3); got != 4 {
		t.Errorf("failureRunEnd = %d, want 4", got)
	}
}

func TestItemPrefix(t *testing.T) {
	for l, want := range map[string]string{
		"glib20/nl.po:2866: 'msgid' and 'msgstr' entries":            "glib20/nl.po",
		"glib20/nl.po: 928 translated messages.":                     "glib20/nl.po",
		"msgfmt: found 1 fatal error":                                "",
		"2026-07-29T07:40:41+02:00 78f28fad54 a: b":                  "",
		"ba46014d (Dev Example 2026-11-21 14:30:00 +0000   32) x: y": "",
		"newfstatat(AT_FDCWD, \"/etc/perl/vars.pm\")":                "",
		":leading": "",
	} {
		if got := itemPrefix(l); got != want {
			t.Errorf("itemPrefix(%q) = %q, want %q", l, got, want)
		}
	}
}
