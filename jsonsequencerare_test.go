package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// diagnostics writes a compiler's diagnostics as gcc's
// -fdiagnostics-format=json prints them: one array on one line, n
// warnings of two common options, and one of a rare option at rare.
func diagnostics(n, rare int) string {
	var els []string
	for i := range n {
		option := "-Wtraditional"
		if i%3 == 0 {
			option = "-Wmissing-prototypes"
		}
		msg := fmt.Sprintf("traditional C rejects ISO C style function definitions (%d)", i)
		if i == rare {
			option, msg = "-Wsign-conversion", "conversion to unsigned int from int may change the sign of the result"
		}
		els = append(els, fmt.Sprintf(`{"kind": "warning", "locations": [{"caret": {"line": %d, "file": "src/mod%d.c", "column": 1}}], "children": [], "column-origin": 1, "option": %q, "message": %q, "padding": %q}`,
			i*7, i%5, option, msg, strings.Repeat("x", 200)))
	}
	return "[" + strings.Join(els, ", ") + "]\n"
}

func TestRareValueShapes(t *testing.T) {
	text := diagnostics(60, 37)
	top, ok := scanJSONTop(text)
	if !ok {
		t.Fatal("not JSON")
	}
	for i, s := range rareValueShapes(text, top.elems) {
		if (s != 0) != (i == 37) {
			t.Errorf("element %d: shape %d; want one for the rare option alone", i, s)
		}
	}
}

// A minified array's spread picks the elements of a rare value first: the
// one -Wsign-conversion warning among 59 others, where an even spread
// steps over it.
func TestMinifiedSequenceKeepsRareValue(t *testing.T) {
	text := diagnostics(60, 37)
	for _, limit := range []int{4000, 8000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined at %d", limit)
		}
		checkPlan(t, text, p, limit)
		if out := render(text, p, marker{what: p.what}); !strings.Contains(out, "-Wsign-conversion") {
			t.Errorf("limit %d: the rare warning is not kept:\n%s", limit, out)
		}
	}
}

// A long array is read at a bounded sample of its elements spread evenly
// over it: a rare value on an element read marks it, one on an element
// the sample steps over marks none (as rareMemberKeys reads a stream).
func TestRareValueShapesSampled(t *testing.T) {
	const n = 12000 // about 5.6 MB, above rareValueBytes
	base := diagnostics(n, -1)
	top, ok := scanJSONTop(base)
	if !ok {
		t.Fatal("not JSON")
	}
	avg := (top.elems[n-1][1] - top.elems[0][0]) / n
	read := min(n, rareValueRead, rareValueBytes/avg)
	if read >= n/2 {
		t.Fatalf("reads %d of %d elements: the sample bound does not apply", read, n)
	}
	inSample := 1234 * n / read
	outside := inSample + 1 // the next element read is n/read > 1 on
	for _, tc := range []struct {
		rare   int
		marked bool
	}{{inSample, true}, {outside, false}} {
		text := diagnostics(n, tc.rare)
		top, ok := scanJSONTop(text)
		if !ok {
			t.Fatal("not JSON")
		}
		for i, s := range rareValueShapes(text, top.elems) {
			if want := i == tc.rare && tc.marked; (s != 0) != want {
				t.Errorf("rare at %d: element %d has shape %d, want marked %v", tc.rare, i, s, want)
			}
		}
	}
}

// The head run gives up to the rare elements what they cost, up to half
// its room, and keeps its first element: its later elements are alike
// ones, no likelier to be sought than any other.
func TestRareHeadRoom(t *testing.T) {
	elems := [][2]int{{1, 101}, {101, 201}, {201, 301}, {301, 401}, {401, 501}}
	for _, c := range []struct {
		shapes             []int32
		headRoom, firstEnd int
		want               int
	}{
		{[]int32{0, 0, 0, 0, 0}, 1000, 101, 1000}, // nothing rare: the head as it was
		{[]int32{0, 0, 1, 0, 0}, 1000, 101, 900},  // one rare element of 100 bytes
		{[]int32{0, 1, 2, 3, 0}, 400, 101, 200},   // three cost 300: half the room at most
		{[]int32{0, 1, 2, 3, 0}, 150, 140, 140},   // the first element still fits
		{[]int32{1, 0, 0, 0, 2}, 1000, 101, 1000}, // the first and the last are kept anyway
		{[]int32{0, 1, 2, 3, 0}, 100, 140, 100},   // a first element over the room stays out
	} {
		if got := rareHeadRoom(elems, c.shapes, c.headRoom, c.firstEnd); got != c.want {
			t.Errorf("rareHeadRoom(%v, %d, %d) = %d, want %d", c.shapes, c.headRoom, c.firstEnd, got, c.want)
		}
	}
}

// diagnosticsRareAt is diagnostics with a rare option at each of rare,
// each its own.
func diagnosticsRareAt(n int, rare ...int) string {
	text := diagnostics(n, -1)
	for k, i := range rare {
		text = strings.Replace(text, fmt.Sprintf(`"line": %d, "file": "src/mod%d.c", "column": 1}}], "children": [], "column-origin": 1, "option": "-Wtraditional"`, i*7, i%5),
			fmt.Sprintf(`"line": %d, "file": "src/mod%d.c", "column": 1}}], "children": [], "column-origin": 1, "option": "-Wrare-%d"`, i*7, i%5, k), 1)
	}
	return text
}

// A stream of one-line arrays whose head run would fill two fifths of
// the room with alike warnings keeps its three one-off ones instead
// (at 2,500 bytes the head took a second alike one, the spread two of
// the three).
func TestMinifiedSequenceHeadYieldsToRare(t *testing.T) {
	text := diagnosticsRareAt(20, 8, 13, 17) + diagnosticsRareAt(20)
	if n := strings.Count(text, "-Wrare-"); n != 3 {
		t.Fatalf("%d rare options written, want 3", n)
	}
	for _, limit := range []int{2500, 2750, 4000} {
		p, ok := planJSON(text, limit)
		if !ok {
			t.Fatalf("declined at %d", limit)
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what})
		for k := range 3 {
			if want := fmt.Sprintf(`"option": "-Wrare-%d"`, k); !strings.Contains(out, want) {
				t.Errorf("limit %d: the rare warning %d is not kept:\n%s", limit, k, out)
			}
		}
	}
}
