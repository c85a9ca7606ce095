// Package memshapes makes inputs of the shapes that cost the planners
// most memory per byte (issue 12 §5: peak memory within 4× the input for
// any input): short and long lines, one giant line, distinct and repeated
// lines, the structured shapes each planner reads (JSON lines, test
// events, search matches, CSV, nested JSON, trees, diffs) and the bytes
// that stress cleaning and counting (CJK, NUL, carriage returns, ANSI
// escapes, random bytes).
//
// The audit in internal/memaudit runs the CLI on each shape and reports
// its peak RSS over the input; the root package's tests bound the bytes
// Compress allocates a byte of the same inputs. Every shape is seeded, so
// the same name and size give the same bytes.
package memshapes

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// A Shape is one kind of adversarial input.
type Shape struct {
	Name string
	What string // one line: what the input is
	// head is written once before the units, tail once after them.
	head, tail string
	// unit appends the i-th unit (usually one line) to b.
	unit func(b []byte, i int, r *rand.Rand) []byte
	// whole, when set, makes the whole input instead: a shape whose end
	// depends on its length.
	whole func(n int) []byte
}

// Text returns the shape's input of n bytes or a little more: units are
// appended until n bytes are reached, then the tail.
func (s Shape) Text(n int) []byte {
	if s.whole != nil {
		return s.whole(n)
	}
	b := make([]byte, 0, n+len(s.tail)+64<<10)
	b = append(b, s.head...)
	r := rand.New(rand.NewPCG(uint64(len(s.Name)), 12))
	for i := 0; len(b) < n-len(s.tail); i++ {
		b = s.unit(b, i, r)
	}
	return append(b, s.tail...)
}

// ByName returns the shape called name.
func ByName(name string) (Shape, bool) {
	for _, s := range All() {
		if s.Name == name {
			return s, true
		}
	}
	return Shape{}, false
}

// letters appends k random lower-case letters.
func letters(b []byte, k int, r *rand.Rand) []byte {
	for range k {
		b = append(b, byte('a'+r.IntN(26)))
	}
	return b
}

// All returns every shape, in the audit's order.
func All() []Shape {
	return []Shape{
		{Name: "x", What: "`yes x`: two bytes a line, every line the same",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, "x\n"...) }},
		{Name: "blank", What: "`yes ''`: one byte a line",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, '\n') }},
		{Name: "blank-fail", What: "blank lines, then `error: boom` and `FAIL`, so the log planner takes them",
			tail: "error: boom\nFAIL\n",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, '\n') }},
		{Name: "seq", What: "`seq`: short distinct lines",
			unit: func(b []byte, i int, _ *rand.Rand) []byte { return append(strconv.AppendInt(b, int64(i+1), 10), '\n') }},
		{Name: "errors", What: "`error: eN`: every line a distinct one-line error",
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				return append(strconv.AppendInt(append(b, "error: e"...), int64(i), 10), '\n')
			}},
		{Name: "words", What: "one random word of 3–8 letters a line (the line planner counts every distinct lead)",
			unit: func(b []byte, _ int, r *rand.Rand) []byte { return append(letters(b, 3+r.IntN(6), r), '\n') }},
		{Name: "distinct", What: "log-like lines of about 70 bytes, every one distinct",
			unit: func(b []byte, i int, r *rand.Rand) []byte {
				return fmt.Appendf(b, "2024-05-01T12:%02d:%02d.%03dZ worker-%d processed item %d in %d ms\n",
					i/60000%60, i/1000%60, i%1000, r.IntN(64), i, r.IntN(5000))
			}},
		{Name: "repeated", What: "one log-like line of 70 bytes, repeated",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte {
				return append(b, "2024-05-01T12:00:00.000Z worker-7 processed item 1234 in 56 ms, status ok\n"...)
			}},
		{Name: "long-lines", What: "lines of 4–16 KB of random words",
			unit: func(b []byte, _ int, r *rand.Rand) []byte {
				for end := len(b) + 4<<10 + r.IntN(12<<10); len(b) < end; {
					b = append(letters(b, 2+r.IntN(8), r), ' ')
				}
				return append(b, '\n')
			}},
		{Name: "giant", What: "one line: minified-JavaScript-like tokens and no line break",
			unit: func(b []byte, i int, r *rand.Rand) []byte {
				return fmt.Appendf(b, "function %s(a,b){return a[%d]+b.%s;};", letters(nil, 1+r.IntN(6), r), i, letters(nil, 1+r.IntN(8), r))
			}},
		{Name: "jsonl", What: `JSON lines of short objects, {"i":N}`,
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				return append(strconv.AppendInt(append(b, `{"i":`...), int64(i), 10), "}\n"...)
			}},
		{Name: "testjson", What: "go test -json: one test's output events of two bytes each",
			head: `{"Action":"start","Package":"p"}` + "\n" +
				`{"Action":"run","Package":"p","Test":"TestA"}` + "\n",
			tail: `{"Action":"pass","Package":"p","Test":"TestA","Elapsed":1}` + "\n" +
				`{"Action":"pass","Package":"p","Elapsed":1}` + "\n",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte {
				return append(b, `{"Action":"output","Package":"p","Test":"TestA","Output":"x\n"}`+"\n"...)
			}},
		{Name: "testjson-fail", What: "go test -json: a failing test's output events of a few bytes each",
			head: `{"Action":"start","Package":"p"}` + "\n" +
				`{"Action":"run","Package":"p","Test":"TestA"}` + "\n",
			tail: `{"Action":"output","Package":"p","Test":"TestA","Output":"--- FAIL: TestA (0.00s)\n"}` + "\n" +
				`{"Action":"fail","Package":"p","Test":"TestA","Elapsed":1}` + "\n" +
				`{"Action":"output","Package":"p","Output":"FAIL\n"}` + "\n" +
				`{"Action":"fail","Package":"p","Elapsed":1}` + "\n",
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				return append(strconv.AppendInt(append(b, `{"Action":"output","Package":"p","Test":"TestA","Output":"`...), int64(i), 10), `\n"}`+"\n"...)
			}},
		{Name: "testjson-tests", What: "go test -json: many distinct tests, a run and a pass event each, every tenth failing",
			head: `{"Action":"start","Package":"p"}` + "\n",
			tail: `{"Action":"fail","Package":"p","Elapsed":1}` + "\n",
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				verdict := "pass"
				if i%10 == 9 {
					verdict = "fail"
				}
				return fmt.Appendf(b, `{"Action":"run","Package":"p","Test":"T%d"}`+"\n"+`{"Action":"%s","Package":"p","Test":"T%d"}`+"\n", i, verdict, i)
			}},
		{Name: "testjson-short", What: `go test -json: eight events, then the shortest events, {"Action":"a"}`,
			head: strings.Repeat(`{"Action":"output","Package":"p","Output":"x\n"}`+"\n", 8),
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, `{"Action":"a"}`+"\n"...) }},
		{Name: "testjson-x", What: "go test -json: eight events, then lines of one byte that are no events",
			head: strings.Repeat(`{"Action":"output","Package":"p","Output":"x\n"}`+"\n", 8),
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, "x\n"...) }},
		{Name: "search", What: "rg matches, path:line:text, a new file every line or two",
			unit: func(b []byte, i int, r *rand.Rand) []byte {
				return fmt.Appendf(b, "src/m%d/p%d/file%d.go:%d:\treturn %s(ctx)\n", i/5000, i/100, i/2, 1+r.IntN(900), letters(nil, 4+r.IntN(6), r))
			}},
		{Name: "csv", What: "CSV of 200 columns of short numbers under a header",
			head: csvHeader(200),
			unit: func(b []byte, _ int, r *rand.Rand) []byte {
				for c := range 200 {
					if c > 0 {
						b = append(b, ',')
					}
					b = strconv.AppendInt(b, int64(r.IntN(100)), 10)
				}
				return append(b, '\n')
			}},
		{Name: "json-deep", What: `JSON nested as deep as it is long, {"a":{"a":…1…}} on one line`,
			whole: func(n int) []byte {
				k := max(1, n/6)
				return []byte(strings.Repeat(`{"a":`, k) + "1" + strings.Repeat("}", k))
			}},
		{Name: "json-deep-lines", What: "JSON nested deep, pretty-printed: one more level a line",
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				return append(append(append(b, strings.Repeat(" ", min(i, 64))...), `"k": {`...), '\n')
			}},
		{Name: "json-array", What: `a JSON array of short records, [{"id":N,"ok":true},…]`,
			head: "[\n", tail: `{"id":0,"ok":false}` + "\n]\n",
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				return append(strconv.AppendInt(append(b, `{"id":`...), int64(i), 10), `,"ok":true},`+"\n"...)
			}},
		{Name: "tree", What: "tree output of many levels, one entry deeper each line",
			head: ".\n",
			unit: func(b []byte, i int, r *rand.Rand) []byte {
				for range i % 200 {
					b = append(b, "│   "...)
				}
				return append(letters(append(b, "├── "...), 3+r.IntN(8), r), '\n')
			}},
		{Name: "diff", What: "a unified diff of many one-line hunks",
			head: "diff --git a/f.go b/f.go\n--- a/f.go\n+++ b/f.go\n",
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				return fmt.Appendf(b, "@@ -%d +%d @@\n-a%d\n+b%d\n", 2*i+1, 2*i+1, i, i)
			}},
		{Name: "cjk", What: "lines of 1–12 random Han characters",
			unit: func(b []byte, _ int, r *rand.Rand) []byte {
				for range 1 + r.IntN(12) {
					b = fmt.Appendf(b, "%c", rune(0x4e00+r.IntN(2000)))
				}
				return append(b, '\n')
			}},
		{Name: "nul", What: "NUL bytes only",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, make([]byte, 4096)...) }},
		{Name: "nul-lines", What: "find -print0: NUL-separated paths, no line break",
			unit: func(b []byte, i int, _ *rand.Rand) []byte { return fmt.Appendf(b, "./d%d/f%d\x00", i/100, i) }},
		{Name: "progress", What: "progress bars redrawn with \\r, a line break every 10,000 redraws",
			unit: func(b []byte, i int, _ *rand.Rand) []byte {
				b = fmt.Appendf(b, "\r%3d%% [%-20s]", i%101, strings.Repeat("=", i%21))
				if i%10000 == 9999 {
					b = append(b, '\n')
				}
				return b
			}},
		{Name: "cr", What: "carriage returns only",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, "\r\r\r\r\r\r\r\r"...) }},
		{Name: "ansi", What: "colored test output: an ANSI escape around every word",
			unit: func(b []byte, i int, r *rand.Rand) []byte {
				return fmt.Appendf(b, "\x1b[32m✓\x1b[0m \x1b[2m%s\x1b[22m \x1b[1;34m%d\x1b[0m \x1b[90m(%dms)\x1b[39m\n", letters(nil, 3+r.IntN(9), r), i, r.IntN(99))
			}},
		{Name: "ansi-only", What: "ANSI escapes only, no line break",
			unit: func(b []byte, _ int, _ *rand.Rand) []byte { return append(b, "\x1b[0m\x1b[1m\x1b[K"...) }},
		{Name: "random", What: "random bytes",
			unit: func(b []byte, _ int, r *rand.Rand) []byte {
				for range 512 {
					b = append(b, byte(r.Uint32()))
				}
				return b
			}},
	}
}

// csvHeader returns a header line of n columns.
func csvHeader(n int) string {
	var b strings.Builder
	for c := range n {
		if c > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "col%d", c)
	}
	b.WriteByte('\n')
	return b.String()
}
