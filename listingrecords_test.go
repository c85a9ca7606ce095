package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// recordDump writes n look-alike records under one header: a constant
// version, a differing issuer and subject, and a hex dump.
func recordDump(header string, n int) string {
	var b strings.Builder
	for i := range n {
		h := header
		if h == "" {
			h = fmt.Sprintf("rec%d:", i)
		}
		fmt.Fprintf(&b, "%s\n    Version: 3\n    Issuer: CN=issuer %d\n    Subject: CN=record %d\n    Key:\n        04:c6:%02x:28\n        ab:%02x:cd:ef\n\n", h, i%2, i, i, i)
	}
	return b.String()
}

func TestRecordKeyLinesNamesLookAlikeRecords(t *testing.T) {
	text := recordDump("Certificate:", 9)
	s := newLineSel(text, 1000, lineGaps(strings.Count(text, "\n")+1))
	secs, ok := listingSections(text, strings.Count(text, "\n")+1)
	if !ok {
		t.Fatal("not a listing")
	}
	keys, lines := recordKeyLines(s, secs)
	if len(keys) != 2 || strings.TrimSpace(keys[0]) != "Subject" || strings.TrimSpace(keys[1]) != "Issuer" {
		t.Fatalf("keys %q, want Subject then Issuer (Version is the same everywhere, hex is no key)", keys)
	}
	if len(lines[0]) != 9 || !strings.HasPrefix(s.line(lines[0][0]), "    Subject: CN=record 0") ||
		!strings.HasPrefix(s.line(lines[0][1]), "    Subject: CN=record 8") {
		t.Fatalf("subject lines not in spread order: %v", lines[0])
	}
}

func TestRecordKeyLinesDeclinesNamedHeaders(t *testing.T) {
	text := recordDump("", 9)
	s := newLineSel(text, 1000, lineGaps(strings.Count(text, "\n")+1))
	secs, ok := listingSections(text, strings.Count(text, "\n")+1)
	if !ok {
		t.Fatal("not a listing")
	}
	if keys, _ := recordKeyLines(s, secs); keys != nil {
		t.Fatalf("headers that differ name the records; got keys %q", keys)
	}
}

func TestPlanListingKeepsEveryRecordsSubject(t *testing.T) {
	text := recordDump("Certificate:", 30)
	p, ok := planListing(text, 1600)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{tokens: 1, what: p.what})
	for _, i := range []int{0, 15, 29} {
		if want := fmt.Sprintf("Subject: CN=record %d\n", i); !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}

func TestPlanLinesKeepsLookAlikeRecordsApart(t *testing.T) {
	// Records between blank lines that all open with one line, each
	// with a block of base64 that no listing holds.
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "Certificate:\n    Data:\n        Version: 3\n        Subject: CN=record %d\n", i)
		for j := range 6 {
			fmt.Fprintf(&b, "        %02x:%02x:c6:cb:c7:28:d1:fb:84:f5:9a:ef:42:14:20:e1\n", i, j)
		}
		b.WriteString("-----BEGIN CERTIFICATE-----\nMIICVDCCAdugAwIBAgIQZ3SdjXfYO2rbIvT/WeK/zjAKBggqhkjOPQQDAzBsMQsw\n-----END CERTIFICATE-----\n\n")
	}
	text := b.String()
	p, ok := planLines(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{tokens: 1, what: p.what})
	for _, i := range []int{0, 20, 39} {
		if want := fmt.Sprintf("Subject: CN=record %d\n", i); !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}
