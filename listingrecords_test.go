package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
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

// On records of random key: value lines under one header, every line
// distinctKeyLines returns lies in its record and holds the key it is
// listed under, a key's value differs between records, and planListing
// keeps its limit.
func TestDistinctKeyLinesProperties(t *testing.T) {
	keys := []string{"  Name", "  Subject", "  Issuer", "  Version", "    Not After ", "  ab", "  Id"}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 12).Draw(t, "records")
		var b strings.Builder
		var spans [][2]int
		line := 0
		for range n {
			b.WriteString("Record:\n")
			line++
			from := line
			for range rapid.IntRange(1, 6).Draw(t, "fields") {
				k := keys[rapid.IntRange(0, len(keys)-1).Draw(t, "key")]
				fmt.Fprintf(&b, "%s: v%d\n", k, rapid.IntRange(0, 3).Draw(t, "value"))
				line++
			}
			spans = append(spans, [2]int{from, line})
		}
		text := b.String()
		s := newLineSel(text, 100000, lineGaps(line+1))
		got, lines := distinctKeyLines(s.line, spans)
		if len(got) != len(lines) {
			t.Fatalf("%d keys, %d line lists", len(got), len(lines))
		}
		for x, k := range got {
			values := map[string]bool{}
			for r, i := range lines[x] {
				if sp := spans[sectionSpread(n)[r]]; i < sp[0] || i >= sp[1] {
					t.Fatalf("key %q: line %d outside its record %v", k, i, sp)
				}
				gk, v, ok := recordKeyValue(s.line(i))
				if !ok || gk != k {
					t.Fatalf("line %d %q listed under key %q", i, s.line(i), k)
				}
				values[v] = true
			}
			if len(lines[x]) != n || len(values) < 2 {
				t.Fatalf("key %q: %d lines, %d values, for %d records", k, len(lines[x]), len(values), n)
			}
		}
		limit := rapid.IntRange(200, 2000).Draw(t, "limit")
		if p, ok := planListing(text, limit); ok && itemsSize(p.items) > limit {
			t.Fatalf("%d bytes over a limit of %d", itemsSize(p.items), limit)
		}
	})
}
