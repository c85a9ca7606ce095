package headroom

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// jsonElementsRef is how jsonElements worked before the scanner, kept as
// the reference it must agree with: json.Valid over the whole text, then a
// split; a stream split by valueEnd, each document valid on its own.
func jsonElementsRef(text string) (elems [][2]int, kind string, ok bool) {
	i := skipSpace(text, 0)
	if i >= len(text) || (text[i] != '[' && text[i] != '{') {
		return nil, "", false
	}
	if text[i] == '[' && json.Valid([]byte(text)) {
		return sequenceRef(text, i, ']'), "array element", true
	}
	for j := i; j < len(text); j = skipSpace(text, j) {
		end := valueEnd(text, j)
		if end <= j || !json.Valid([]byte(text[j:end])) {
			return nil, "", false
		}
		elems = append(elems, [2]int{j, end})
		j = end
	}
	if len(elems) == 1 && text[i] == '{' {
		return sequenceRef(text, i, '}'), "object member", true
	}
	return elems, "document", len(elems) > 0
}

// sequenceRef is sequence as it was before jsonSkip: valueEnd steps over
// each value.
func sequenceRef(text string, i int, closing byte) [][2]int {
	var elems [][2]int
	j := skipSpace(text, i+1)
	for j < len(text) && text[j] != closing {
		start := j
		if closing == '}' {
			j = skipSpace(text, stringEnd(text, j))
			j = skipSpace(text, j+1) // past ':'
		}
		end := valueEnd(text, j)
		elems = append(elems, [2]int{start, end})
		j = skipSpace(text, end)
		if j < len(text) && text[j] == ',' {
			j = skipSpace(text, j+1)
		}
	}
	return elems
}

// elementShapeRef is the shape the planner compared before the scanner
// numbered them: the keys of an object element in order, or "".
func elementShapeRef(text string, e [2]int) string {
	if text[e[0]] != '{' {
		return ""
	}
	var b strings.Builder
	for _, m := range sequenceRef(text[:e[1]], e[0], '}') {
		b.WriteString(text[m[0]:stringEnd(text, m[0])])
		b.WriteByte(0)
	}
	return b.String()
}

// checkJSONScan fails t unless the scanner agrees with encoding/json and
// with the split it replaced on text: the same verdict as json.Valid for
// one value, the same children as sequence, the same top level as
// jsonElementsRef, shapes numbered equal exactly when their keys are, and
// the value count of countValues.
func checkJSONScan(t interface {
	Helper()
	Fatalf(format string, args ...any)
}, text string) {
	t.Helper()
	i := skipSpace(text, 0)
	sc := jsonScanner{text: text, children: true}
	end := sc.value(i)
	valid := end >= 0 && skipSpace(text, end) == len(text)
	if want := json.Valid([]byte(text)); valid != want {
		t.Fatalf("scanner says valid=%v, json.Valid %v: %q", valid, want, text)
	}
	if valid && (text[i] == '[' || text[i] == '{') {
		closing := byte(']')
		if text[i] == '{' {
			closing = '}'
		}
		if want := sequenceRef(text, i, closing); !slices.Equal(sc.elems, want) {
			t.Fatalf("children %v, sequence %v: %q", sc.elems, want, text)
		}
		checkJSONSkip(t, text, i)
		if text[i] == '{' {
			if len(sc.innerAt) != len(sc.elems)+1 {
				t.Fatalf("%d inner offsets for %d members", len(sc.innerAt), len(sc.elems))
			}
			for k, m := range sc.elems {
				v := skipSpace(text, skipSpace(text, stringEnd(text, m[0]))+1)
				var want [][2]int
				if text[v] == '{' || text[v] == '[' {
					want = sequenceRef(text, v, map[byte]byte{'{': '}', '[': ']'}[text[v]])
				}
				if got := sc.inner[sc.innerAt[k]:sc.innerAt[k+1]]; !slices.Equal(got, want) {
					t.Fatalf("member %d: inner %v, sequence %v: %q", k, got, want, text)
				}
			}
		} else if len(sc.innerAt) > 0 {
			t.Fatalf("inner offsets for an array")
		}
		if want := countValues(text, i, end); sc.values-1 != want {
			t.Fatalf("%d values, countValues %d: %q", sc.values-1, want, text)
		}
	}
	top, ok := scanJSONTop(text)
	elems, kind, wantOK := jsonElementsRef(text)
	if ok != wantOK || ok && (kind != top.kind || !slices.Equal(elems, top.elems)) {
		t.Fatalf("top %v %q %v, before the scanner %v %q %v: %q", ok, top.kind, top.elems, wantOK, kind, elems, text)
	}
	if !ok {
		return
	}
	if len(top.shapes) != len(elems) {
		t.Fatalf("%d shapes for %d elements", len(top.shapes), len(elems))
	}
	shapes := make([]string, len(elems))
	for k, e := range elems {
		shapes[k] = elementShapeRef(text, e)
		if (shapes[k] == "") != (top.shapes[k] == 0) {
			t.Fatalf("element %d: shape %d, keys %q: %q", k, top.shapes[k], shapes[k], text)
		}
		for j := range k {
			if (shapes[j] == shapes[k]) != (top.shapes[j] == top.shapes[k]) {
				t.Fatalf("elements %d and %d: shapes %d and %d, keys %q and %q", j, k, top.shapes[j], top.shapes[k], shapes[j], shapes[k])
			}
		}
	}
}

// checkJSONSkip fails t unless, over the valid value at text[i] and every
// value inside it, jsonSkip ends where valueEnd does and sequence finds
// what sequenceRef does.
func checkJSONSkip(t interface {
	Helper()
	Fatalf(format string, args ...any)
}, text string, i int) {
	t.Helper()
	for j := i; j < len(text); j++ {
		c := text[j]
		if c == '"' || c == '{' || c == '[' || c == '-' || c >= '0' && c <= '9' || c == 't' || c == 'f' || c == 'n' {
			if valueEnd(text, j) != jsonSkip(text, j) && !insideString(text, i, j) {
				t.Fatalf("at %d: jsonSkip %d, valueEnd %d: %q", j, jsonSkip(text, j), valueEnd(text, j), text)
			}
		}
		if (c == '{' || c == '[') && !insideString(text, i, j) {
			closing := byte(']')
			if c == '{' {
				closing = '}'
			}
			if got, want := sequence(text, j, closing), sequenceRef(text, j, closing); !slices.Equal(got, want) {
				t.Fatalf("at %d: sequence %v, before %v: %q", j, got, want, text)
			}
		}
	}
}

// insideString reports whether text[j] is inside a string literal of the
// valid value at text[i].
func insideString(text string, i, j int) bool {
	for k := i; k < j; k++ {
		if text[k] == '"' {
			end := stringEnd(text, k)
			if j < end {
				return true
			}
			k = end - 1
		}
	}
	return false
}

func TestJSONScanCases(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	for _, text := range []string{
		``, ` `, `[]`, `{}`, `[1]`, `[01]`, `[-0]`, `[-]`, `[1.]`, `[1.5e]`, `[1e+9]`, `[1E-0]`, `[.5]`, `[+1]`,
		`["\u00e9\"\\\/\b\f\n\r\t"]`, `["\x"]`, `["\u12g4"]`, "[\"\t\"]", "[\"\x7f\xff\"]", `["unterminated]`,
		`[true, false, null]`, `[tru]`, `[nul]`, `[truex]`, `{"a":1,}`, `[1,]`, `[,1]`, `{"a" 1}`, `{1:2}`,
		`{"a":1}{"b":2}`, `{"a":1} [1] "s" 2 true`, `{"a":1} 1x`, `{"a":1} ]`, `{"a":{"b":1},"c":[{}]}`,
		`[{"a":1},{"a":2},{"b":1},{},[],{"a":1,"b":{"c":1}}]`, "{\"a\":1}\n{\"a\":2}\n{\"b\":3}\n",
		`[1] [2`, `{"a":[1}]}`, "\ufeff[1]", deep(jsonMaxDepth), deep(jsonMaxDepth + 1),
		`[` + deep(jsonMaxDepth-1) + `] [` + deep(jsonMaxDepth) + `]`,
	} {
		checkJSONScan(t, text)
	}
}

func FuzzJSONScan(f *testing.F) {
	for _, s := range jsonSeeds(f) {
		f.Add(s)
	}
	f.Add(`[{"a":1},{"a":2},{"b":"\u00e9"},{},[],-1.5e3,true,null]`)
	f.Add("{\"x\": 1}\n{\"y\": \"]}\"}\n{\"z\": null}\n7\n\"s\"")
	f.Add(`{"k": {"deep": [1, {"e": "\"}"}]}, "l": true, "m": "s"}`)
	f.Fuzz(func(t *testing.T, text string) {
		checkJSONScan(t, text)
	})
}

// genJSON draws a JSON value up to depth levels deep, with white space,
// escapes, numbers of every form and objects sharing keys, so that
// elements share shapes and differ in them.
func genJSON(t *rapid.T, depth int) string {
	ws := func() string { return rapid.SampledFrom([]string{"", "", " ", "\n  ", "\t", "\r\n"}).Draw(t, "ws") }
	str := func() string {
		return `"` + rapid.SampledFrom([]string{"a", "id", "name", `q\"`, `\u00e9`, `\\`, "é", "x y", ""}).Draw(t, "str") + `"`
	}
	kind := rapid.IntRange(0, 6).Draw(t, "kind")
	if depth <= 0 {
		kind = rapid.IntRange(0, 3).Draw(t, "scalar")
	}
	switch kind {
	case 0:
		return str()
	case 1:
		return rapid.SampledFrom([]string{"0", "-0", "12", "-3.25", "1e9", "2.5E-3", "6e+1", "100"}).Draw(t, "number")
	case 2:
		return rapid.SampledFrom([]string{"true", "false", "null"}).Draw(t, "literal")
	case 3, 4:
		n := rapid.IntRange(0, 4).Draw(t, "members")
		parts := make([]string, n)
		for k := range parts {
			parts[k] = ws() + str() + ws() + ":" + ws() + genJSON(t, depth-1) + ws()
		}
		return "{" + strings.Join(parts, ",") + ws() + "}"
	default:
		n := rapid.IntRange(0, 4).Draw(t, "elements")
		parts := make([]string, n)
		for k := range parts {
			parts[k] = ws() + genJSON(t, depth-1) + ws()
		}
		return "[" + strings.Join(parts, ",") + ws() + "]"
	}
}

// On generated JSON — one value, a stream of them, or either with one
// byte changed, dropped or added — the scanner agrees with json.Valid and
// with the split it replaced.
func TestJSONScanProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		docs := make([]string, rapid.IntRange(1, 4).Draw(t, "docs"))
		for k := range docs {
			docs[k] = genJSON(t, 4)
		}
		text := strings.Join(docs, rapid.SampledFrom([]string{"\n", " ", ""}).Draw(t, "sep"))
		if len(text) > 0 && rapid.Bool().Draw(t, "mutate") {
			at := rapid.IntRange(0, len(text)-1).Draw(t, "at")
			b := rapid.SampledFrom([]string{"", "{", "}", "[", "]", ",", ":", `"`, `\`, "0", "-", ".", "e", "t", " ", "\x01"}).Draw(t, "byte")
			text = text[:at] + b + text[at+rapid.IntRange(0, 1).Draw(t, "drop"):]
		}
		checkJSONScan(t, text)
	})
}

// jsonPlainEnd, eight bytes at a time, stops where a byte loop over
// jsonPlain does: every byte value in every lane, among plain bytes low
// and high.
func TestJSONPlainEnd(t *testing.T) {
	naive := func(s string, j int) int {
		for j < len(s) && jsonPlain[s[j]] {
			j++
		}
		return j
	}
	for _, fill := range []byte{'a', 0x20, 0x7f, 0x80, 0xff, '!', '#', '[', ']'} {
		for c := range 256 {
			for at := range 20 {
				b := []byte(strings.Repeat(string(fill), 20))
				b[at] = byte(c)
				for j := range 3 {
					if got, want := jsonPlainEnd(string(b), j), naive(string(b), j); got != want {
						t.Fatalf("byte %#x at %d among %#x, from %d: %d, want %d", c, at, fill, j, got, want)
					}
				}
			}
		}
	}
}

// With any bytes in any lanes (several stops in one word, and bytes that
// borrow falsely above a stop), jsonPlainEnd stops where a byte loop does.
func TestJSONPlainEndProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SliceOfN(rapid.SampledFrom([]byte{0, 1, 0x1f, 0x20, 0x21, '"', 0x23, '\\', 0x5b, 0x5d, 'a', 0x7f, 0x80, 0xa2, 0xdc, 0xff}), 0, 40).Draw(t, "bytes")
		j := rapid.IntRange(0, len(b)).Draw(t, "from")
		want := j
		for want < len(b) && jsonPlain[b[want]] {
			want++
		}
		if got := jsonPlainEnd(string(b), j); got != want {
			t.Fatalf("%q from %d: %d, want %d", b, j, got, want)
		}
	})
}

// jsonSkipString ends any string, valid or not, where stringEnd does:
// the signal walk skips strings with it, and used to fall back on
// stringEnd where jsonStringEnd found one invalid.
func TestJSONSkipStringIsStringEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SliceOfN(rapid.SampledFrom([]byte{'"', '\\', 'a', 'u', '0', '\n', 0x01, 0xff}), 0, 40).Draw(t, "after")
		if rapid.Bool().Draw(t, "plain run") { // a quote or backslash in any lane of the words stepped over
			b = append([]byte(strings.Repeat("a", rapid.IntRange(0, 20).Draw(t, "run"))), b...)
		}
		text := `"` + string(b)
		if got, want := jsonSkipString(text, 0), stringEnd(text, 0); got != want {
			t.Fatalf("%q: %d, want %d", text, got, want)
		}
	})
}

// BenchmarkScanJSON measures the scan alone on 10 MB of short records,
// the shape where its cost per byte is highest.
func BenchmarkScanJSON(b *testing.B) {
	text := jsonRecords(10 << 20)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	reportCPUThroughput(b, len(text), func() {
		if _, ok := scanJSONTop(text); !ok {
			b.Fatal("not valid")
		}
	})
}
