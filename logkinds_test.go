package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// rareFirstBySort is rareFirst as a stable sort on each kind's count,
// a syntax error's counted as none.
func rareFirstBySort(lines logLines, heads []int) []int {
	if len(heads) < 3 {
		return heads
	}
	kinds := make([]string, len(heads))
	count := map[string]int{}
	for k, i := range heads {
		kinds[k] = string(failureKind(nil, lines.line(i)))
		count[kinds[k]]++
	}
	idx := make([]int, len(heads))
	for k := range idx {
		idx[k] = k
	}
	rank := func(k int) int {
		if saysSyntaxError(lines.line(heads[k])) {
			return 0
		}
		return count[kinds[k]]
	}
	slices.SortStableFunc(idx, func(a, b int) int { return rank(a) - rank(b) })
	out := make([]int, len(heads))
	for k, j := range idx {
		out[k] = heads[j]
	}
	return out
}

// rareFirst's counting sort orders lines as a stable sort by the count
// of their kind does: a syntax error first, then the rarest kind, input
// order within a count.
func TestRareFirstIsAStableSortByKindCount(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pool := []string{"a.py:1: error: Name \"x\" is not defined  [name-defined]", "b.py:9: error: Missing return  [return]",
			"--- FAIL: TestA", "--- FAIL: TestB", "error: e12", "error: e7", "x.go:3:4: undefined: y", "FAIL b 0.1s",
			"syntax error at ./A.pm line 3, near \"}\"", "syntax error at ./B.pm line 9, near \")\"", "a.xml:4: parser error : Document is empty"}
		n := rapid.IntRange(0, 60).Draw(t, "n")
		var b strings.Builder
		for range n {
			b.WriteString(pool[rapid.IntRange(0, len(pool)-1).Draw(t, "line")] + "\n")
		}
		lines := scanLog(b.String())
		var heads []int
		for i := range lines.len() {
			if rapid.Bool().Draw(t, "head") {
				heads = append(heads, i)
			}
		}
		if got, want := rareFirst(lines, heads), rareFirstBySort(lines, heads); !slices.Equal(got, want) {
			t.Fatalf("rareFirst %v, a stable sort by kind count %v", got, want)
		}
	})
}

// invertInPlace turns any permutation into its inverse.
func TestInvertInPlaceInverts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 300).Draw(t, "n")
		p := make([]int32, n)
		for i := range p {
			p[i] = int32(i)
		}
		p = rapid.Permutation(p).Draw(t, "p")
		q := slices.Clone(p)
		invertInPlace(q)
		for k, at := range p {
			if q[at] != int32(k) {
				t.Fatalf("p[%d] = %d but inverse[%d] = %d", k, at, at, q[at])
			}
		}
	})
}

// nthDistinct finds the k-th distinct block as a walk over every block
// does, with chunks of copies between.
func TestNthDistinctIsAWalk(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dups := rapid.SliceOfN(rapid.Bool(), 0, 400).Draw(t, "dups")
		blocks := make([]logBlock, len(dups))
		var want []int
		for i, d := range dups {
			blocks[i].dup = -1
			if d && len(want) > 0 {
				blocks[i].dup = int32(want[0])
				continue
			}
			want = append(want, i)
		}
		nth := nthDistinct(blocks, len(want))
		asks := make([]int, len(want))
		for k := range asks {
			asks[k] = k
		}
		for _, k := range rapid.Permutation(asks).Draw(t, "asks") {
			if got := nth(k); got != want[k] {
				t.Fatalf("nth(%d) = %d, want %d", k, got, want[k])
			}
		}
	})
}

// A quoted name the kind's window cuts is blanked whole: g++'s long
// template signatures make one kind of "use of deleted function", not one
// kind each.
func TestFailureKindBlanksACutQuotedName(t *testing.T) {
	long := func(name string) string {
		return "/usr/include/c++/12/bits/hashtable.h:531:7: error: use of deleted function ‘std::" + name + strings.Repeat("<_Key, _Value, _Alloc>", 12) + "::" + name + "()’"
	}
	a, b := string(failureKind(nil, long("_Hashtable"))), string(failureKind(nil, long("_Hash_code_base")))
	if a != b {
		t.Errorf("kinds differ:\n%s\n%s", a, b)
	}
	if c := string(failureKind(nil, "x.h:1:2: error: no match for ‘operator<’ (operand types are ‘const Item’)")); c == a {
		t.Errorf("another message has the same kind %q", c)
	}
}

// A parser's own words for a failure, in any case, standing at a word's
// start; not inside a longer word.
func TestSaysSyntaxError(t *testing.T) {
	for line, want := range map[string]bool{
		`syntax error at ./Dpkg/BuildFlags.pm line 296, near ")`:                  true,
		"a.xml:6747: parser error : xmlParseEntityRef: no name":                   true,
		"  1:1  error  Parsing error: Unexpected token":                           true,
		"PHP Parse error:  syntax error, unexpected '}' in a.php on line 3":       true,
		"SyntaxError: invalid syntax":                                             true,
		"  17:8  error  syntax error: expected <block end>  (syntax)":             true,
		"a.xml:6: element node: validity error : No declaration for element node": false,
		"sparse error matrix":        false,
		"Syntax highlighting failed": false,
		"  src/luacheck/options.lua:37:30: expected 'then' near 'than'": true,
		"yaml/representer.py:158:16: expected ':'":                      true,
		"a.c:12:5: error: expected ';' before '}' token":                true,
		"AssertionError: expected 'a' to equal 'b'":                     false,
		"the parser erred": false,
	} {
		if got := saysSyntaxError(line); got != want {
			t.Errorf("saysSyntaxError(%q) = %v, want %v", line, got, want)
		}
	}
}

// A parse error among hundreds of other failures is told first and kept
// whole: the source line a validator quotes under it, with its caret.
func TestPlanLogKeepsSyntaxErrorWhole(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "error: a%d.xml:%d: element e%d: validity error : No declaration for element e%d\n<e%d>\n ^\n", i, i+3, i, i, i)
		if i == 150 {
			b.WriteString("error: b.xml:6747: parser error : xmlParseEntityRef: no name\n\t\tcode=\"MH-ENI\"\tname=\"Enewetak & Ujelang\"\n\t\t             ^\n")
		}
	}
	text := b.String()
	for _, limit := range []int{4000, 16000} {
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		if out := render(text, p, marker{}); !strings.Contains(out, "parser error : xmlParseEntityRef: no name\n\t\tcode=\"MH-ENI\"\tname=\"Enewetak & Ujelang\"\n\t\t             ^\n") {
			t.Errorf("limit %d: the parse error is not whole:\n%s", limit, out)
		}
	}
}
