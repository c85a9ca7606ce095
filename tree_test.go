package headroom

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// drawnTree writes a tree of top entries, each with kids children, in
// the marks and bar prefix given (tree's UTF-8 or ASCII form, npm ls's
// two-column form), then a totals line.
func drawnTree(top, kids int, mid, last, bar string) string {
	var b strings.Builder
	b.WriteString("root\n")
	for i := 0; i < top; i++ {
		m, pre := mid, bar
		if i == top-1 {
			m, pre = last, strings.Repeat(" ", len([]rune(bar)))
		}
		fmt.Fprintf(&b, "%spackage-%03d\n", m, i)
		for k := 0; k < kids; k++ {
			km := mid
			if k == kids-1 {
				km = last
			}
			fmt.Fprintf(&b, "%s%sfile-%03d-%02d.txt\n", pre, km, i, k)
		}
	}
	fmt.Fprintf(&b, "\n%d directories, %d files\n", top, top*kids)
	return b.String()
}

// A drawn tree keeps its root, its totals and every top-level entry with
// its first child before any entry's second child, whatever marks draw it.
func TestTreeKeepsTopLevelEntriesWithFirstChild(t *testing.T) {
	for name, text := range map[string]string{
		"tree":   drawnTree(60, 12, "├── ", "└── ", "│\u00a0\u00a0 "),
		"ascii":  drawnTree(60, 12, "|-- ", "`-- ", "|   "),
		"npm ls": drawnTree(60, 12, "├── ", "└── ", "│ "),
	} {
		p, ok := planTree(text, 6000)
		if !ok {
			t.Errorf("%s: declined", name)
			continue
		}
		out := render(text, p, marker{})
		for _, want := range []string{"root\n", "60 directories, 720 files"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: lost %q", name, want)
			}
		}
		for i := 0; i < 60; i++ {
			entry := fmt.Sprintf("package-%03d\n", i)
			child := fmt.Sprintf("file-%03d-00.txt", i)
			if !strings.Contains(out, entry) || !strings.Contains(out, child) {
				t.Errorf("%s: lost the entry %d or its first child", name, i)
			}
		}
		if strings.Contains(out, "file-000-11.txt") {
			t.Errorf("%s: a last child kept while the budget is short", name)
		}
	}
}

// Text with a few branch marks among other lines is not a tree.
func TestTreeDeclinesOtherText(t *testing.T) {
	mixed := strings.Repeat("building package foo\n├── step one\ncompiling bar.c\nlinking\n", 200)
	if _, ok := planTree(mixed, 4000); ok {
		t.Error("a log with a few branch marks was planned as a tree")
	}
	if _, ok := planTree(strings.Repeat("plain line\n", 2000), 4000); ok {
		t.Error("plain text was planned as a tree")
	}
}

// A tree whose top level alone is over the budget is read from its start
// as a clip would be (the first entries whole, children included), then
// the top level is spread over the rest.
func TestTreeTooWideKeepsItsHeadWhole(t *testing.T) {
	text := drawnTree(2000, 3, "├── ", "└── ", "│ ")
	p, ok := planTree(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	for i := 0; i < 10; i++ {
		for k := 0; k < 3; k++ {
			if l := fmt.Sprintf("file-%03d-%02d.txt", i, k); !strings.Contains(out, l) {
				t.Errorf("the head lost %s", l)
			}
		}
	}
	if !strings.Contains(out, "package-1999") || !strings.Contains(out, "2000 directories") {
		t.Error("the end of the tree was lost")
	}
}

// trimTreePrefix trims what strings.TrimLeft with treePrefix trims.
func TestTrimTreePrefix(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(0, 12).Draw(t, "n") {
			b.WriteString(rapid.SampledFrom([]string{" ", "\t", "\u00a0", "│", "|", "`", "+", "-", "├", "└", "─", "┬", "x", "é", "\xe2", "\xe2\x94", "\xc2", "━", "┼", "├── ", "└─┬ ", "├──x"}).Draw(t, "piece"))
		}
		l := b.String()
		if got, want := trimTreePrefix(l), strings.TrimLeft(l, treePrefix); got != want {
			t.Fatalf("trimTreePrefix(%q) = %q, want %q", l, got, want)
		}
	})
}

// branchAtRef is branchAt as first written, a byte at a time.
func branchAtRef(l string) (col, at int) {
	for i, c := 0, 0; i < len(l); c++ {
		switch b := l[i]; {
		case b == ' ' || b == '\t':
			i++
		case b == 0xc2 && i+1 < len(l) && l[i+1] == 0xa0:
			i += 2
		case b == 0xe2 && i+2 < len(l) && l[i+1] == 0x94:
			switch l[i+2] {
			case 0x82:
				i += 3
			case 0x9c, 0x94:
				return c, i
			default:
				return -1, 0
			}
		case b == '|' || b == '`' || b == '+':
			if i+1 < len(l) && l[i+1] == '-' {
				return c, i
			}
			if b != '|' {
				return -1, 0
			}
			i++
		default:
			return -1, 0
		}
	}
	return -1, 0
}

// The constants branchAt compares eight bytes of a prefix with are the
// units they name.
func TestTreeUnits(t *testing.T) {
	for _, u := range []struct {
		got  uint64
		unit string
	}{{treeBarNBSP, "│\u00a0\u00a0 "}, {treeSpaces, "    "}, {treeBarSpace, "│ "}, {treeBarSpaces, "│   "}, {treeTee, "├"}, {treeElbow, "└"}, {treeDashLead, "─\xe2\x94"}} {
		if want := loadTail(u.unit, 0); u.got != want {
			t.Errorf("%q is %#x, not %#x", u.unit, want, u.got)
		}
	}
}

// branchAt, which reads a prefix's common units whole, finds what
// branchAtRef finds.
func TestBranchAtMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(0, 12).Draw(t, "n") {
			b.WriteString(rapid.SampledFrom([]string{" ", "  ", "    ", "│   ", "│\u00a0\u00a0 ", "│ ", "│", "\t", "\u00a0", "├── ", "└─┬ ", "|-- ", "`-- ", "+-", "|", "-", "x", "─", "━", "\xe2", "\xe2\x94", "\xc2"}).Draw(t, "piece"))
		}
		l := b.String()
		gotCol, gotAt := branchAt(l)
		if wantCol, wantAt := branchAtRef(l); gotCol != wantCol || gotAt != wantAt {
			t.Fatalf("branchAt(%q) = %d, %d; the reference %d, %d", l, gotCol, gotAt, wantCol, wantAt)
		}
	})
}

// planTree plans what planTreeRef, the planner before it read each line
// once, planned: on every corpus input at three budgets and on drawn trees
// of every mark, depth and failure word, with blank and odd lines.
func TestTreeMatchesReference(t *testing.T) {
	same := func(t interface{ Fatalf(string, ...any) }, name, text string, limit int) {
		p, ok := planTree(text, limit)
		q, okRef := planTreeRef(text, limit)
		if ok != okRef || ok && !reflect.DeepEqual(p, q) {
			t.Fatalf("%s at %d: planTree %v %+v, the reference %v %+v", name, limit, ok, p, okRef, q)
		}
		for _, l := range strings.Split(text, "\n") {
			if branchColumn(l) >= 0 && failureSignalFrom(l, len(l)-len(trimTreePrefix(l))) != hasFailureSignal(l) {
				t.Fatalf("%s: %q: the signals read past the prefix differ", name, l)
			}
		}
	}
	for _, c := range loadCorpus(t) {
		for _, limit := range []int{16000, 4000, 1000} {
			same(t, c.name, c.input, limit)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		marks := rapid.SampledFrom([][2]string{{"├── ", "│   "}, {"└── ", "    "}, {"|-- ", "|   "}, {"`-- ", "    "}, {"+-- ", "| "}, {"├─┬ ", "│ "}, {"└── ", "\u00a0\u00a0"}}).Draw(t, "marks")
		names := []string{"pkg@1.0.0", "pkg@1.0.0 deduped", "pkg@2.0.0 invalid", "UNMET DEPENDENCY x@1", "error.js", "dir", "x ERROR y", "a  ✗ failed", strings.Repeat("long ", 90)}
		lines := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
			switch rapid.IntRange(0, 9).Draw(t, "kind") {
			case 0:
				return rapid.SampledFrom([]string{"", "   ", "\u3000", "│", "| |", "root", "12 directories, 40 files", "npm ERR! missing: x"}).Draw(t, "other")
			default:
				depth := rapid.SampledFrom([]int{0, 1, 2, 3, 4, 5, 1100}).Draw(t, "depth") // 1,100 deep: a column treeMark cannot pack
				return strings.Repeat(marks[1], depth) + marks[0] + rapid.SampledFrom(names).Draw(t, "name")
			}
		}), 0, 120).Draw(t, "lines")
		text := strings.Join(lines, "\n")
		if rapid.Bool().Draw(t, "newline") {
			text += "\n"
		}
		same(t, "drawn", text, rapid.SampledFrom([]int{200, 600, 2000, 8000}).Draw(t, "limit"))
	})
}

// A dependency tree keeps the entries whose annotation few others carry
// (an `invalid:` or `UNMET DEPENDENCY` among hundreds of `deduped`), deep
// as they sit, at a budget that holds few entries.
func TestTreeKeepsRareAnnotations(t *testing.T) {
	var b strings.Builder
	b.WriteString("proj@1.0.0 /src/proj\n")
	for i := range 40 {
		fmt.Fprintf(&b, "├─┬ top-%02d@1.0.0\n", i)
		for k := range 8 {
			switch {
			case i == 17 && k == 5:
				b.WriteString("│ │ └── yallist@9.9.9 invalid: \"^3.0.2\" from node_modules/lru-cache\n")
			case i == 29 && k == 2:
				b.WriteString("│ │ ├── UNMET DEPENDENCY ms@^2.1.3\n")
			default:
				fmt.Fprintf(&b, "│ ├── dep-%02d-%d@2.0.0 deduped\n", i, k)
			}
		}
	}
	b.WriteString("└── last@1.0.0\n")
	text := b.String()
	p, ok := planTree(text, 3000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	for _, want := range []string{"yallist@9.9.9 invalid:", "UNMET DEPENDENCY ms@^2.1.3"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q", want)
		}
	}
}

// An annotation's key is its words, not their values.
func TestAnnotationKey(t *testing.T) {
	for rest, want := range map[string]string{
		` invalid: "^3.0.2" from node_modules/x`:   "invalid: from",
		` invalid: "1.0.0" from the root project`:  "invalid: from",
		` deduped invalid: "^6.3.0" from the root`: "deduped invalid:",
		` OPTIONAL DEPENDENCY fsevents@~2.3.2`:     "OPTIONAL DEPENDENCY",
		` deduped`:                                 "deduped",
		` (dev).tmpl`:                              "",
		"  spaced\t\tout words":                    "spaced out",
		` name: value 3`:                           "name: value",
	} {
		if got := annotationKey(rest); got != want {
			t.Errorf("annotationKey(%q) = %q, want %q", rest, got, want)
		}
	}
}
