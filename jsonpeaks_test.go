package headroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The largest of many sizes is kept by its member, key line included;
// too few sizes, or sizes on the records of a stream, say nothing.
func TestPeakSignalsFindTheLargest(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"inputs\": {\n")
	for i := range 12 {
		size := 100 + i
		if i == 7 {
			size = 89910
		}
		fmt.Fprintf(&b, "    \"src/file%02d.js\": {\n      \"bytesInOutput\": %d\n    }", i, size)
		if i < 11 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }\n}\n")
	text := b.String()
	sigs := peakSignals(text)
	if len(sigs) != 1 {
		t.Fatalf("%d signals, want 1: %+v", len(sigs), sigs)
	}
	want := "\"src/file07.js\": {\n      \"bytesInOutput\": 89910\n    }"
	if got := text[sigs[0].start:sigs[0].end]; got != want || !sigs[0].answer || sigs[0].failure {
		t.Errorf("signal %q (%+v), want %q as an answer", got, sigs[0], want)
	}
	for name, text := range map[string]string{
		"seven sizes":        `{"a":{"x":{"size":1},"y":{"size":2},"z":{"size":3},"u":{"size":4},"v":{"size":5},"w":{"size":6},"q":{"size":9}}}`,
		"a stream's records": strings.Repeat("{\"size\":5,\"name\":\"a\"}\n", 20) + "{\"size\":500}\n",
		"not a number":       `[` + strings.Repeat(`{"bytes":"many"},`, 10) + `{"bytes":"none"}]`,
	} {
		if s := peakSignals(text); s != nil {
			t.Errorf("%s: %+v", name, s)
		}
	}
}

// At 4,000 bytes a metafile's largest contributor is kept whole with its
// path, among the outline's summaries.
func TestPlanJSONKeepsTheLargestSize(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"inputs\": {\n")
	for i := range 120 {
		fmt.Fprintf(&b, "    \"node_modules/pkg%03d/index.js\": {\n      \"bytes\": %d,\n      \"imports\": [\n        {\n          \"path\": \"fs\",\n          \"kind\": \"require-call\",\n          \"external\": true\n        }\n      ],\n      \"format\": \"cjs\"\n    },\n", i, 1000+i)
	}
	b.WriteString("    \"src/main.js\": {\n      \"bytes\": 12,\n      \"imports\": []\n    }\n  },\n  \"outputs\": {\n    \"out.js\": {\n      \"inputs\": {\n")
	for i := range 120 {
		size := 500 + i
		if i == 77 {
			size = 98765
		}
		fmt.Fprintf(&b, "        \"node_modules/pkg%03d/index.js\": {\n          \"bytesInOutput\": %d\n        },\n", i, size)
	}
	b.WriteString("        \"src/main.js\": {\n          \"bytesInOutput\": 9\n        }\n      },\n      \"bytes\": 123456\n    }\n  }\n}\n")
	text := b.String()
	p, ok := planJSON(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	checkPlan(t, text, p, 4000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	if want := "        \"node_modules/pkg077/index.js\": {\n          \"bytesInOutput\": 98765\n        }"; !strings.Contains(out, want) {
		t.Errorf("lost %q:\n%s", want, out)
	}
}

// peakSignals never panics, and each signal is an object of the text.
func FuzzPeakSignals(f *testing.F) {
	f.Add(`{"a":{"x":{"size":1},"y":{"size":2},"z":{"size":3},"u":{"size":4},"v":{"size":5},"w":{"size":6},"q":{"size":9},"r":{"size":1}}}`)
	f.Add(`[{"bytes":1}],{"bytes":"` + "\x00" + `}]]}}{{"size":-1e9}`)
	f.Add(`{"k":[{"duration":1e400},{"duration":-0},{"elapsed":1},"x":{"size"`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range peakSignals(text) {
			if s.start < 0 || s.end > len(text) || s.start >= s.end || text[s.end-1] != '}' || !s.answer {
				t.Fatalf("signal %+v outside the text or no object (%d bytes)", s, len(text))
			}
		}
	})
}

// A text cut after a peak key's colon has no number to read: it is
// stepped over, not read past its end (TestJSONSignalsWalkAgainOnlyRareDocuments'
// cuts found it).
func TestPeakSignalsTextEndingAfterAKeysColon(t *testing.T) {
	for _, text := range []string{`[{"a":{"size":`, `{"x":[{"bytes": `, `[{"a":{"size":-`} {
		assert.NotPanics(t, func() { peakSignals(text) }, "%q", text)
		assert.Equal(t, -1, jsonNumberEnd(text, len(text)))
	}
}

// A peak member is named by a size word alone or at the end of its
// name, after an underscore or a change to upper case; a word inside
// another ("items", "bytesize") or a long string is not one.
func TestIsPeakKey(t *testing.T) {
	for s, want := range map[string]bool{
		`"size"`: true, `"selfSize"`: true, `"installed_kb"`: true, `"hitCount"`: true,
		`"errorCount"`: true, `"duration_ms"`: true, `"elapsedMs"`: true, `"bytesInOutput"`: true,
		`"SIZE"`: true, `"page-size"`: true, `"bytes"`: true,
		`"items"`: false, `"bytesize"`: false, `"account"`: false, `"ROOMS"`: false, `"name"`: false,
		`"discount"`: false, `"thumb"`: false, `""`: false, `"s"`: false,
		`"` + strings.Repeat("a", 40) + `Size"`: false,
	} {
		if got := isPeakKey(s); got != want {
			t.Errorf("isPeakKey(%s) = %v, want %v", s, got, want)
		}
	}
}

// A profile's node with the greatest selfSize, and the one with the
// greatest hitCount, are kept as answers: each key is judged on its own.
func TestPeakSignalsFindEachSizeWord(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"nodes":[`)
	for i := range 20 {
		self, hits := 100+i, i%3
		switch i {
		case 5:
			self = 43923
		case 13:
			hits = 41
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":%d,"fn":"f%d","selfSize":%d,"hitCount":%d}`, i, i, self, hits)
	}
	b.WriteString("]}")
	text := b.String()
	got := map[string]string{}
	for _, s := range peakSignals(text) {
		got[s.why] = text[s.start:s.end]
	}
	want := map[string]string{
		`the largest "selfSize", 43923`: `{"id":5,"fn":"f5","selfSize":43923,"hitCount":2}`,
		`the largest "hitCount", 41`:    `{"id":13,"fn":"f13","selfSize":113,"hitCount":41}`,
	}
	assert.Equal(t, want, got)
}

// Only a key below a document's outermost object makes the walk report
// that peaks may be found: a value that reads like one, or a stream's
// record keys, which peakSignals leaves to a filter, cost no second pass.
func TestWalkReportsPeakKeysOnlyWhereFound(t *testing.T) {
	for text, want := range map[string]bool{
		`{"a":{"selfSize":1}}`:                         true,
		`[{"bytes":1}]`:                                true,
		`{"code":"_count","spans":[{"line":1}]}`:       false,
		"{\"size\":1,\"n\":2}\n{\"size\":3,\"n\":4}\n": false,
		`{"name":"hitCount","x":{"y":"size"}}`:         false,
	} {
		if _, got := walkJSONSignals(text, func(string, string, jsonDoc) int { return 0 }); got != want {
			t.Errorf("%s: peaky %v, want %v", text, got, want)
		}
	}
}
