package headroom

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// templateDiagnostics writes n fieldalignment-like diagnostics, each with
// a long fix, the one at big of 504 pointer bytes, the others of fewer
// (n at most 60), each its own.
func templateDiagnostics(n, big int) string {
	var b strings.Builder
	b.WriteString("{\n\t\"pkg\": {\n\t\t\"fieldalignment\": [\n")
	for i := range n {
		size := 16 + 8*i // every message its own, none rare
		if i == big {
			size = 504
		}
		fmt.Fprintf(&b, "\t\t\t{\n\t\t\t\t\"posn\": \"/src/file%02d.go:%d:14\",\n\t\t\t\t\"message\": \"struct with %d pointer bytes could be %d\",\n\t\t\t\t\"new\": %q\n\t\t\t}",
			i, 10+i, size, size-8, strings.Repeat("field int `json:\"field\"`\n", 12))
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("\t\t]\n\t}\n}\n")
	return b.String()
}

// The message whose number is the greatest among many worded alike is
// kept as an answer, its object whole; too few messages, numbers alike,
// or strings that are names or times (too few words) say nothing.
func TestTemplatePeakSignalsFindTheLargest(t *testing.T) {
	text := templateDiagnostics(12, 7)
	sigs := templatePeakSignals(text)
	if len(sigs) != 1 {
		t.Fatalf("%d signals, want 1: %+v", len(sigs), sigs)
	}
	s := sigs[0]
	got := text[s.start:s.end]
	if !strings.HasPrefix(got, "{\n\t\t\t\t\"posn\": \"/src/file07.go:17:14\"") || !strings.HasSuffix(got, "}") || !s.answer || s.failure {
		t.Errorf("signal %q (%+v), want file07's object as an answer", got, s)
	}
	if m := text[s.mstart:s.mend]; m != `"message": "struct with 504 pointer bytes could be 496"` {
		t.Errorf("member %q", m)
	}
	for name, text := range map[string]string{
		"seven messages": templateDiagnostics(7, 3),
		"numbers alike":  "[" + strings.Repeat(`{"message":"cost 80 exceeds the budget"},`, 10) + `{"message":"cost 80 exceeds the budget"}]`,
		"dates":          "[" + strings.Repeat(`{"when":"2026-11-29 22:12:23 GMT"},`, 10) + `{"when":"2026-11-30 22:12:23 GMT"}]`,
		"names":          "[" + strings.Repeat(`{"id":"CWE-134"},`, 10) + `{"id":"CWE-829"}]`,
		"glued numbers":  "[" + strings.Repeat(`{"m":"unused variable: slack_4 in Test17"},`, 10) + `{"m":"unused variable: slack_9 in Test17"}]`,
		"ordinals":       "[" + strings.Repeat(`{"m":"--- PASS: TestDecode/#1 (0.00s)"},`, 10) + `{"m":"--- PASS: TestDecode/#11 (0.00s)"}]`,
		"long prose":     "[" + strings.Repeat(`{"doc":"`+strings.Repeat("word ", 50)+`1 and 2"},`, 10) + `{"doc":"` + strings.Repeat("word ", 50) + `9 and 2"}]`,
	} {
		if s := templatePeakSignals(text); s != nil {
			t.Errorf("%s: %+v", name, s)
		}
	}
}

// The records of a stream are compared as a document's objects are: the
// compiler's costliest refusal to inline is kept by its record.
func TestTemplatePeakSignalsReadAStream(t *testing.T) {
	var b strings.Builder
	for i := range 20 {
		fmt.Fprintf(&b, "{\"line\":%d,\"code\":\"cannotInlineFunction\",\"message\":\"function too complex: cost %d exceeds budget 80\"}\n", 10+i, 100+i)
		if i == 13 {
			b.WriteString("{\"line\":99,\"code\":\"cannotInlineFunction\",\"message\":\"function too complex: cost 625 exceeds budget 80\"}\n")
		}
	}
	text := b.String()
	sigs := templatePeakSignals(text)
	if len(sigs) != 1 || !strings.Contains(text[sigs[0].start:sigs[0].end], "cost 625") || sigs[0].line != 15 {
		t.Fatalf("signals %+v, want the record of cost 625 on line 15", sigs)
	}
}

// At 4,000 bytes the diagnostic of the largest struct is kept with its
// message, among digests that name the others by their positions alone.
func TestPlanJSONKeepsTheLargestNumberOfAMessage(t *testing.T) {
	text := templateDiagnostics(49, 40)
	p, ok := planJSON(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	checkPlan(t, text, p, 4000)
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	if want := "\"posn\": \"/src/file40.go:50:14\",\n\t\t\t\t\"message\": \"struct with 504 pointer bytes could be 496\","; !strings.Contains(out, want) {
		t.Errorf("lost %q:\n%s", want, out)
	}
}

// templatePeakSignals never panics, and each signal is a closed object of
// the text that holds the message it is kept for.
func TestTemplatePeakSignalsAreObjects(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOf(rapid.SampledFrom([]string{
			`{"m":"cost 5 exceeds budget 80"}`, `{"m":"cost 7 exceeds budget 80"}`, `{"m":"cost 9 exceeds budget 80",`,
			`"m":"size 3 of many things"`, `[`, `]`, `{`, `}`, `,`, "\n", `"x"`, `:`, `12`, `"a \" 4 b c"`,
		})).Draw(t, "parts")
		text := strings.Join(parts, "")
		for _, s := range templatePeakSignals(text) {
			if s.start < 0 || s.start > s.mstart || s.mstart >= s.mend || s.mend > s.end || s.end > len(text) || text[s.end-1] != '}' || !s.answer {
				t.Fatalf("signal %+v of %q", s, text)
			}
		}
	})
}

// templatePeakSignals returns the template peaks jsonSignals' walk finds
// in text.
func templatePeakSignals(text string) []jsonSignal {
	_, _, sigs := walkJSONSignals(text, func(string, string, jsonDoc) int { return 0 })
	return sigs
}

// The walk that finds the failures finds the template peaks the walk of
// their own found, on every JSON case of the corpus, whole and cut
// anywhere, and on drawn texts of messages, brackets and stray bytes.
func TestTemplatePeaksAreTheOwnWalks(t *testing.T) {
	member := "[" + strings.Repeat(`{"m":"cost 5 exceeds budget 80"},`, 9) + `{"k" :` + "\n" + `{"m":"cost 13 exceeds budget 80"}}]`
	if got := templatePeakSignals(member); len(got) != 1 || !strings.HasPrefix(member[got[0].start:], `"k"`) {
		t.Errorf("the object of a member is kept from its key: %+v", got)
	}
	dirs, texts := jsonCorpusTexts(t)
	found := 0
	for i, text := range texts {
		got, want := templatePeakSignals(text), templatePeakSignalsOwnWalk(text)
		if !sameSignals(got, want) {
			t.Errorf("%s: %+v, want %+v", dirs[i], got, want)
		}
		found += len(want)
	}
	if found == 0 {
		t.Fatal("no template peak in the corpus: the comparison says nothing")
	}
	rapid.Check(t, func(t *rapid.T) {
		var text string
		if rapid.Bool().Draw(t, "corpus") {
			text = drawCorpusCut(t, texts)
		} else {
			text = templateDraw(t)
		}
		if got, want := templatePeakSignals(text), templatePeakSignalsOwnWalk(text); !sameSignals(got, want) {
			t.Fatalf("%q: %+v, want %+v", text, got, want)
		}
	})
}

// templateDraw draws a stream or an array of objects whose messages are
// worded alike, some of them an object's members, among stray brackets,
// commas, colons, strings and cuts.
func templateDraw(t *rapid.T) string {
	msg := func(name string) string {
		return `"m"` + rapid.SampledFrom([]string{":", " : ", ":\n"}).Draw(t, name+"colon") +
			`"cost ` + strconv.Itoa(rapid.IntRange(1, 20).Draw(t, name+"cost")) + ` exceeds budget 80"`
	}
	var b strings.Builder
	stream := rapid.Bool().Draw(t, "stream")
	if !stream {
		b.WriteString("[")
	}
	for k := range rapid.IntRange(0, 30).Draw(t, "objects") {
		if k > 0 {
			b.WriteString(map[bool]string{true: "\n", false: ",\n"}[stream])
		}
		switch rapid.IntRange(0, 3).Draw(t, "shape") {
		case 0:
			b.WriteString("{" + msg("m") + "}")
		case 1:
			b.WriteString(`{"k"` + rapid.SampledFrom([]string{":", " : ", ":\n"}).Draw(t, "kcolon") + "{" + msg("m") + "}}")
		case 2:
			b.WriteString(`{"x": 12, ` + msg("m") + `, "y": "a \" 4 b c"}`)
		default:
			b.WriteString(rapid.SampledFrom([]string{`[`, `]`, `{`, `}`, `,`, `:`, `"x"`, `"x":`, `"k":{`, `12`, `"unclosed 7 of it`}).Draw(t, "stray"))
		}
	}
	if !stream {
		b.WriteString("]")
	}
	text := b.String()
	return text[:rapid.IntRange(len(text)*3/4, len(text)).Draw(t, "cut")]
}

// templatePeakSignalsOwnWalk is how template peaks were found before
// jsonSignals' walk met their messages: a walk of its own, which took a
// string a colon follows in an object for a key and the string right
// after that colon for its value, and kept an object from its key when
// its brace came right after that colon. Its messages are read and told
// as templatePeaks reads and tells them.
func templatePeakSignalsOwnWalk(text string) []jsonSignal {
	var t templatePeaks
	var stack, from []int
	key := -1 // the key of the member whose value comes next
	afterKey := func(i int) bool { return key >= 0 && skipSpace(text, skipSpace(text, stringEnd(text, key))+1) == i }
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '"':
			e := stringEnd(text, i)
			j := skipSpace(text, e)
			inObject := len(stack) > 0 && text[stack[len(stack)-1]] == '{'
			if j < len(text) && text[j] == ':' && inObject {
				key = i
				i = e - 1
				continue
			}
			if inObject && afterKey(i) {
				t.meet(text, key, stringEnd(text, key), i, e, from[len(from)-1])
			}
			key = -1
			i = e - 1
		case '{', '[':
			f := i
			if afterKey(i) {
				f = key
			}
			stack, from, key = append(stack, i), append(from, f), -1
		case '}', ']':
			if len(stack) > 0 {
				stack, from = stack[:len(stack)-1], from[:len(from)-1]
			}
			key = -1
		case ',':
			key = -1
		}
	}
	return t.signals(text)
}
