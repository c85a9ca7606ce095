package headroom

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A walk's whole answer: its signals, its peak flag, where it ended,
// and every member it asked rare about, in order.
type walkAnswer struct {
	sigs  []jsonSignal
	tpl   []jsonSignal // the template peaks it met
	peaky bool
	end   int
	asked []string
}

// walkBoth walks text from from as walkJSONFrom does with flat reading
// on and off; rare answers as rareAt says for each value.
func walkBoth(text string, from jsonDoc, one bool, rareAt func(key, val string) int) (flat, bytes walkAnswer) {
	walk := func(on bool) walkAnswer {
		var a walkAnswer
		rare := func(key, val string, doc jsonDoc) int {
			a.asked = append(a.asked, fmt.Sprintf("%s=%s@%d:%d", key, val, doc.at, doc.line))
			return rareAt(key, val)
		}
		tpl := new(templatePeaks)
		a.sigs, a.peaky, a.end = walkJSONFrom(text, from, one, on, rare, new(keyClasses), tpl)
		a.tpl = tpl.signals(text)
		return a
	}
	return walk(true), walk(false)
}

// sameWalk reports whether two walks answered alike.
func sameWalk(a, b walkAnswer) bool {
	return sameSignals(a.sigs, b.sigs) && sameSignals(a.tpl, b.tpl) && a.peaky == b.peaky && a.end == b.end && reflect.DeepEqual(a.asked, b.asked)
}

// flatishEvent draws one line of a stream: mostly flat objects of the
// keys the tables know, with blanks, escapes, nested values, stray bytes
// and cuts mixed in, so that the flat reading meets every way of giving
// up on a document.
func flatishEvent(t *rapid.T) string {
	keys := []string{"level", "msg", "type", "error", "status", "ok", "name", "time", "severity", "errors", "message", "duration_ms", "le\\\"vel", ""}
	vals := []string{`"INFO"`, `"error"`, `"ERROR"`, `50`, `500`, `true`, `false`, `null`, `0`, `""`, `"a\"b"`, `"x\\"`, `"SyntaxError: bad"`, `{}`, `{"message":"m"}`, `[1]`, `["e"]`, `1.5e3`, `"walk start"`, `"package parsed"`, `"cost 5 exceeds budget 80"`, `"cost 9 exceeds budget 80"`}
	blank := func(name string) string {
		return rapid.SampledFrom([]string{"", "", "", " ", "\t", "\r", "\n"}).Draw(t, name)
	}
	var b strings.Builder
	b.WriteString("{" + blank("open"))
	n := rapid.IntRange(0, 6).Draw(t, "members")
	for k := range n {
		if k > 0 {
			b.WriteString("," + blank("comma"))
		}
		b.WriteString(`"` + rapid.SampledFrom(keys).Draw(t, "key") + `"` + blank("key") + ":" + blank("colon"))
		b.WriteString(rapid.SampledFrom(vals).Draw(t, "val") + blank("val"))
	}
	b.WriteString("}")
	line := b.String()
	switch rapid.IntRange(0, 9).Draw(t, "damage") {
	case 0:
		line = line[:rapid.IntRange(0, len(line)).Draw(t, "cut")]
	case 1:
		at := rapid.IntRange(0, len(line)).Draw(t, "at")
		line = line[:at] + rapid.SampledFrom([]string{",", ":", "\"", "}", "{", "]", "x", "\\"}).Draw(t, "stray") + line[at:]
	}
	return line
}

// Reading flat documents member by member gives the byte walk's answer
// on every JSON case of the corpus, whole, cut anywhere, and on drawn
// streams of flat, nested and broken events, whether a member's value is
// rare or not.
func TestJSONSignalsFlatReadingIsTheByteWalk(t *testing.T) {
	dirs, texts := jsonCorpusTexts(t)
	never := func(string, string) int { return 0 }
	for i, text := range texts {
		if flat, bytes := walkBoth(text, jsonDoc{0, 1}, false, never); !sameWalk(flat, bytes) {
			t.Errorf("%s: flat reading %d signals, %d asked; byte walk %d, %d", dirs[i], len(flat.sigs), len(flat.asked), len(bytes.sigs), len(bytes.asked))
		}
	}
	if t.Failed() {
		return
	}
	rapid.Check(t, func(t *rapid.T) {
		var text string
		if rapid.Bool().Draw(t, "corpus") {
			text = drawCorpusCut(t, texts)
		} else {
			lines := rapid.SliceOfN(rapid.Custom(flatishEvent), 1, 12).Draw(t, "events")
			text = strings.Join(lines, "\n") + rapid.SampledFrom([]string{"", "\n"}).Draw(t, "end")
		}
		rareVal := rapid.SampledFrom([]string{`"error"`, `"walk start"`, `"INFO"`, `"a\"b"`}).Draw(t, "rare")
		rareAt := func(_, val string) int {
			if val == rareVal {
				return 3
			}
			return 0
		}
		if flat, bytes := walkBoth(text, jsonDoc{0, 1}, false, rareAt); !sameWalk(flat, bytes) {
			t.Fatalf("whole text: flat reading %+v\nbyte walk %+v", flat, bytes)
		}
		// One document alone, as the second walk reads it.
		if at := strings.IndexByte(text, '{'); at >= 0 {
			doc := jsonDoc{at, 1 + strings.Count(text[:at], "\n")}
			if flat, bytes := walkBoth(text, doc, true, rareAt); !sameWalk(flat, bytes) {
				t.Fatalf("one document: flat reading %+v\nbyte walk %+v", flat, bytes)
			}
		}
	})
}

// flatMembers reads a flat object's members and gives up on anything
// else.
func TestFlatMembers(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // key=value, or nil when it gives up
	}{
		{`{}`, []string{}},
		{`{"a":1,"b":"x"}`, []string{`"a"=1`, `"b"="x"`}},
		{`{ "a" : true ,	"b":"x\"y" }`, []string{`"a"=true`, `"b"="x\"y"`}},
		{`{"a":{"b":1}}`, nil},
		{`{"a":[1]}`, nil},
		{"{\"a\":1,\n\"b\":2}", nil},
		{`{"a":1,}`, nil},
		{`{"a" 1}`, nil},
		{`{"a":"b":"c"}`, nil},
		{`{"a":1`, nil},
		{`{"a":"unterminated}`, nil},
	} {
		members, end, ok := flatMembers(tc.text, 0, nil)
		if tc.want == nil {
			if ok {
				t.Errorf("%q: read %d members, want it to give up", tc.text, len(members))
			}
			continue
		}
		got := []string{}
		for _, m := range members {
			got = append(got, tc.text[m.key:m.kend]+"="+tc.text[m.val:m.vend])
		}
		if !ok || !reflect.DeepEqual(got, tc.want) || end != len(tc.text)-1 {
			t.Errorf("%q: %q end %d ok %v, want %q end %d", tc.text, got, end, ok, tc.want, len(tc.text)-1)
		}
	}
}

// drawCorpusCut draws a piece of one of texts, cut anywhere at both
// ends.
func drawCorpusCut(t *rapid.T, texts []string) string {
	c := texts[rapid.IntRange(0, len(texts)-1).Draw(t, "case")]
	from := rapid.IntRange(0, len(c)).Draw(t, "from")
	return c[from:rapid.IntRange(from, len(c)).Draw(t, "to")]
}

// jsonCorpusTexts reads the input of every JSON case of the corpus, in
// the order of their directories, which it gives beside them.
func jsonCorpusTexts(t testing.TB) (dirs, texts []string) {
	dirs, err := filepath.Glob("testdata/corpus/json_*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no JSON corpus cases: %v", err)
	}
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "input.txt"))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	return dirs, texts
}
