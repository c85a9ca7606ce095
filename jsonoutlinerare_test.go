package headroom

import (
	"slices"
	"strings"
	"testing"
)

// A member value one element carries among many alike is rare; a member
// whose values all differ (a name) or an array too short to judge is not.
func TestRareElements(t *testing.T) {
	text := sharedLineEvents(60, ", ", "")
	// The 38th event's origin is Ergonomic, the others' Default.
	at := strings.Index(text, `"name": "Flag037"`)
	o := at + strings.Index(text[at:], `"Default"`)
	text = text[:o] + `"Ergonomic"` + text[o+len(`"Default"`):]
	top, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("the document does not scan")
	}
	events := sequence(text, strings.Index(text, "["), ']')
	if len(events) != 60 || len(top.elems) != 1 {
		t.Fatalf("%d events, %d top members", len(events), len(top.elems))
	}
	if got := rareElements(text, events); !slices.Equal(got, []int{37}) {
		t.Fatalf("rare elements %v, want [37]", got)
	}
	if got := rareElements(text, events[:7]); got != nil {
		t.Fatalf("rare elements among 7: %v, want none", got)
	}
	// Two values alike in number: neither is rare.
	even := strings.ReplaceAll(sharedLineEvents(60, ", ", ""), `"Flag01`, `"Other`)
	even = strings.Replace(even, `"origin": "Default"`, `"origin": "Command line"`, 30)
	if got := rareElements(even, sequence(even, strings.Index(even, "["), ']')); got != nil {
		t.Fatalf("rare elements among two halves: %v, want none", got)
	}
}

// With the Ergonomic event in the middle, the outline's sample of the
// hidden events keeps it, where an even sample and the head would not.
func TestOutlineKeepsRareElement(t *testing.T) {
	text := sharedLineEvents(200, ", ", "")
	at := strings.Index(text, `"name": "Flag111"`)
	o := at + strings.Index(text[at:], `"Default"`)
	text = text[:o] + `"Ergonomic"` + text[o+len(`"Default"`):]
	for _, limit := range []int{4000, 16000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		if out := checkDocPlan(t, text, p, limit); !strings.Contains(out, `"name": "Flag111", `+"\n        \"value\": 777, \n        \"origin\": \"Ergonomic\"") {
			t.Fatalf("limit %d: the rare event is not kept:\n%s", limit, out)
		}
	}
}

func TestMemberLine(t *testing.T) {
	cases := []struct {
		line, key, val string
		ok             bool
	}{
		{`        "origin": "Default"` + "\n", `"origin"`, `"Default"`, true},
		{`  "type": "jdk.LongFlag", ` + "\n", `"type"`, `"jdk.LongFlag"`, true},
		{`  "value": 8,`, "", "", false},
		{`  "values": {`, "", "", false},
		{`  "a": "x", "b": "y"`, "", "", false},
		{`  "long": "` + strings.Repeat("x", rareValueMax) + `"`, "", "", false},
	}
	for _, c := range cases {
		k, v, ok := memberLine(c.line)
		if k != c.key || v != c.val || ok != c.ok {
			t.Errorf("memberLine(%q) = %q, %q, %v; want %q, %q, %v", c.line, k, v, ok, c.key, c.val, c.ok)
		}
	}
}

// memberLine never panics, and a line it reads yields a key and a value
// that are whole JSON strings written in the line, the value within
// rareValueMax bytes.
func FuzzMemberLine(f *testing.F) {
	for _, s := range []string{`        "origin": "Default"` + "\n", `  "type": "jdk.LongFlag", `, `"a": "b\"c",`, `"a":"`, `"": ""`, `  "k": 7,`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		k, v, ok := memberLine(line)
		if !ok {
			if k != "" || v != "" {
				t.Fatalf("memberLine(%q) refused but returned %q, %q", line, k, v)
			}
			return
		}
		if !strings.Contains(line, k) || !strings.Contains(line, v) || len(v) > rareValueMax {
			t.Fatalf("memberLine(%q) = %q, %q: not in the line or too long", line, k, v)
		}
		if jsonStringEnd(k, 0) != len(k) || jsonStringEnd(v, 0) != len(v) {
			t.Fatalf("memberLine(%q) = %q, %q: not whole strings", line, k, v)
		}
	})
}
