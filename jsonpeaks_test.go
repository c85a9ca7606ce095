package headroom

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
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
	sigs := answers(peakSignals(text))
	if len(sigs) != 1 {
		t.Fatalf("%d answers, want 1: %+v", len(sigs), sigs)
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
			if s.start < 0 || s.end > len(text) || s.start >= s.end || text[s.end-1] != '}' || s.answer == s.spare {
				t.Fatalf("signal %+v outside the text or no object (%d bytes)", s, len(text))
			}
			if s.mend > s.mstart && (s.mstart < s.start || s.mend > s.end) {
				t.Fatalf("signal %+v: its member outside its object", s)
			}
		}
	})
}

// metafile builds an esbuild-like metafile: inputs files of the given
// bytes, then an output whose bundle's total bytes is total, one value
// under another member of the document.
func metafile(sizes []int, total int) string {
	var b strings.Builder
	b.WriteString("{\n  \"inputs\": {\n")
	for i, size := range sizes {
		fmt.Fprintf(&b, "    \"src/file%02d.js\": {\n      \"bytes\": %d,\n      \"format\": \"cjs\"\n    },\n", i, size)
	}
	fmt.Fprintf(&b, "    \"a.js\": {\n      \"bytes\": 5\n    }\n  },\n  \"outputs\": {\n    \"out/a.js\": {\n      \"bytes\": %d\n    }\n  }\n}\n", total)
	return b.String()
}

// The largest of a section's many alike sizes is the answer, not a total
// that outweighs them under another member (a bundle's bytes); a total
// that is one of many of its own section, or the largest sitting where
// the others do, is kept as before.
func TestPeakSignalsFindTheLargestOfASection(t *testing.T) {
	sizes := []int{120, 300, 95, 4100, 77, 64, 810, 15648, 230, 512, 64, 9}
	text := metafile(sizes, 61321)
	sigs := answers(peakSignals(text))
	if len(sigs) != 1 {
		t.Fatalf("%d answers, want 1: %+v", len(sigs), sigs)
	}
	want := "\"src/file07.js\": {\n      \"bytes\": 15648,\n      \"format\": \"cjs\"\n    }"
	if got := text[sigs[0].start:sigs[0].end]; got != want || sigs[0].path != `.inputs["src/file07.js"]` || text[sigs[0].mstart:sigs[0].mend] != `"bytes": 15648` {
		t.Errorf("signal %q at %q (%+v), want %q", got, sigs[0].path, sigs[0], want)
	}
	for _, s := range peakSignals(text) {
		if strings.Contains(text[s.start:s.end], "61321") {
			t.Errorf("the bundle's total kept: %+v", s)
		}
	}
	// The largest where the others are: the plain peak, no path needed.
	text = metafile(sizes, 12)
	sigs = answers(peakSignals(text))
	if len(sigs) != 1 || !strings.Contains(text[sigs[0].start:sigs[0].end], "15648") || sigs[0].path != "" {
		t.Errorf("one section's peak: %+v", sigs)
	}
	// A tree under one member (a heap profile's nodes at many depths):
	// its largest is the largest of all, wherever it sits.
	tree := `{"head":{"selfSize":1,"children":[` + strings.Repeat(`{"selfSize":3,"children":[]},`, 9) +
		`{"selfSize":2,"children":[{"selfSize":900,"children":[]}]}]}}`
	sigs = answers(peakSignals(tree))
	if len(sigs) != 1 || !strings.Contains(tree[sigs[0].start:sigs[0].end], "900") {
		t.Errorf("a tree's peak: %+v", sigs)
	}
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
// another ("items", "bytesize") or a long string is not one; "num"
// opening a name before an underscore or a capital is one too.
func TestIsPeakKey(t *testing.T) {
	for s, want := range map[string]bool{
		`"size"`: true, `"selfSize"`: true, `"installed_kb"`: true, `"hitCount"`: true,
		`"errorCount"`: true, `"duration_ms"`: true, `"elapsedMs"`: true, `"bytesInOutput"`: true,
		`"SIZE"`: true, `"page-size"`: true, `"bytes"`: true, `"num_statements"`: true, `"numFiles"`: true,
		`"number"`: false, `"numeric"`: false, `"num"`: false, `"enum_values"`: false, `"Num_x"`: false,
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
	for _, s := range answers(peakSignals(text)) {
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
		if _, got, _ := walkJSONSignals(text, func(string, string, jsonDoc) int { return 0 }); got != want {
			t.Errorf("%s: peaky %v, want %v", text, got, want)
		}
	}
}

// answers returns the signals of sigs that are answers, not spares.
func answers(sigs []jsonSignal) []jsonSignal {
	return slices.DeleteFunc(slices.Clone(sigs), func(s jsonSignal) bool { return !s.answer })
}

// After the greatest, the next largest values of each key are offered as
// spares, the second of every key before the third of any, each only
// while it is greater than the values below it.
func TestPeakSignalsOfferTheNextLargest(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"nodes":[`)
	for i := range 20 {
		self, hits := 7, i%3
		switch i {
		case 5:
			self = 900
		case 11:
			self = 800
		case 2:
			self = 700
		case 13:
			hits = 41
		case 3:
			hits = 30
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":%d,"selfSize":%d,"hitCount":%d}`, i, self, hits)
	}
	b.WriteString("]}")
	text := b.String()
	var got []string
	for _, s := range peakSignals(text) {
		got = append(got, fmt.Sprintf("%v %s: %s", s.spare, s.why, text[s.start:s.end]))
	}
	want := []string{
		`false the largest "selfSize", 900: {"id":5,"selfSize":900,"hitCount":2}`,
		`false the largest "hitCount", 41: {"id":13,"selfSize":7,"hitCount":41}`,
		`true the second largest "selfSize", 800: {"id":11,"selfSize":800,"hitCount":2}`,
		`true the second largest "hitCount", 30: {"id":3,"selfSize":7,"hitCount":30}`,
		`true the third largest "selfSize", 700: {"id":2,"selfSize":700,"hitCount":2}`,
		// the fourth "selfSize" is one of sixteen 7s, and the third
		// "hitCount" one of six 2s: neither is larger than the rest
	}
	assert.Equal(t, want, got)
}

// insertPeak keeps the greatest values, greatest first and equal ones in
// the order met, as sorting all of them would.
func TestInsertPeakKeepsTheGreatest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vals := rapid.SliceOf(rapid.IntRange(-5, 5)).Draw(t, "values")
		top := make([]peakValue, 0, peakNext+2)
		all := make([]peakValue, 0, len(vals))
		for i, v := range vals {
			p := peakValue{val: float64(v), start: i}
			top = insertPeak(top, p)
			all = append(all, p)
		}
		slices.SortStableFunc(all, func(a, b peakValue) int { return cmp.Compare(b.val, a.val) })
		assert.Equal(t, all[:min(len(all), cap(top))], top)
	})
}

// A profile whose outline leaves room keeps, in it, the second heaviest
// frame too, deep in its tree, after a note that says which it is.
func TestPlanJSONKeepsTheNextLargestInTheRoomLeft(t *testing.T) {
	id := 0
	// chain writes frames from depth d down to depth stop, the last one
	// of selfSize self; at depth 20 the main chain branches in three, the
	// second heaviest frame down the middle branch, far from either end.
	var chain func(d, stop, self int) string
	chain = func(d, stop, self int) string {
		id++
		n := id
		size, kids := 0, ""
		if d == stop {
			size = self
		} else {
			kids = chain(d+1, stop, self)
			if stop == 120 && d == 20 {
				kids += "," + chain(d+1, 90, 700000) + "," + chain(d+1, 120, 0)
			}
		}
		return fmt.Sprintf(`{"callFrame":{"functionName":"fn%d","url":"/home/dev/app/mod%d.js","lineNumber":%d},"selfSize":%d,"id":%d,"children":[%s]}`, n, n%7, n*3, size, n, kids)
	}
	text := `{"head":` + chain(0, 120, 900000) + `,"samples":[{"size":524288,"nodeId":1}]}`
	second := strings.Index(text, `"selfSize":700000`)
	if second < 0 {
		t.Fatal("no second heaviest frame in the profile")
	}
	p, ok := planJSON(text, 16000)
	if !ok {
		t.Fatal("declined")
	}
	checkPlan(t, text, p, 16000)
	out := render(text, p, marker{what: p.what})
	for _, want := range []string{`"selfSize":900000`, `[…kept for the second largest "selfSize", 700000…]`, text[strings.LastIndex(text[:second], `{"callFrame"`):second]} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}
