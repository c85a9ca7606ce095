package headroom

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// traceLine draws a line of a call trace: most are ordinary calls, some
// fail with an errno, some carry a failure word, some are odd.
func traceLine(t *rapid.T, i int) string {
	switch rapid.IntRange(0, 19).Draw(t, "kind"+strconv.Itoa(i)) {
	case 0:
		return `openat(AT_FDCWD, "/etc/x` + strconv.Itoa(i) + `", O_RDONLY) = -1 ENOENT (No such file or directory)`
	case 1:
		return "fatal: cannot open /etc/x" + strconv.Itoa(i)
	case 2:
		return ")    = " + strconv.Itoa(i)
	case 3:
		return ""
	default:
		return `mmap(NULL, ` + strconv.Itoa(i*4096) + `, PROT_READ, MAP_PRIVATE, 3, 0) = 0x7f` + strconv.Itoa(i)
	}
}

// testLineSel selects over text with room for 1,000 bytes and the lines
// planner's gap notes: the selection the rules' unit tests read.
func testLineSel(text string) *lineSel {
	return newLineSel(text, 1000, lineGaps(lineCount(text)))
}

// checkLinesPlanWithin plans text at a drawn limit and, when the lines
// planner takes it, holds the plan to its limit and every kept line to
// an input line, verbatim, at the number the gap notes give it.
func checkLinesPlanWithin(t *rapid.T, text string) {
	in := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	limit := rapid.IntRange(200, max(201, len(text)-1)).Draw(t, "limit")
	p, ok := planLines(text, limit)
	if !ok {
		return
	}
	if size := itemsSize(p.items); size > limit {
		t.Fatalf("%d bytes over the %d limit", size, limit)
	}
	renderedLines(t, render(text, p, marker{tokens: 1, what: p.what, hint: p.hint}), in)
}

// renderedLines maps the lines of a rendered plan back to input lines by
// the gap notes' numbers: every line that is not a note or the marker is
// the next input line, and a note says how many lines it stands for.
func renderedLines(t *rapid.T, out string, in []string) (kept []int) {
	next := 0
	for l := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, markerPrefix):
			continue
		case strings.HasPrefix(l, "[…line"):
			from, to := noteRange(t, l)
			if from != next+1 {
				t.Fatalf("gap note %q after line %d", l, next)
			}
			next = to
			continue
		}
		if next >= len(in) {
			t.Fatalf("line %q past the input's %d lines", l, len(in))
		}
		if l != in[next] && !strings.Contains(l, " bytes of line ") {
			t.Fatalf("line %d is %q, want %q", next+1, l, in[next])
		}
		kept = append(kept, next)
		next++
	}
	if next != len(in) {
		t.Fatalf("the output accounts for %d of %d lines", next, len(in))
	}
	return kept
}

// noteRange reads "[…lines 3-9 omitted…]" or "[…line 4 omitted…]".
func noteRange(t *rapid.T, note string) (from, to int) {
	s := strings.TrimPrefix(strings.TrimPrefix(note, "[…lines "), "[…line ")
	s = strings.TrimSuffix(s, " omitted…]")
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	x, err1 := strconv.Atoi(strings.ReplaceAll(a, ",", ""))
	y, err2 := strconv.Atoi(strings.ReplaceAll(b, ",", ""))
	if err1 != nil || err2 != nil {
		t.Fatalf("bad note %q", note)
	}
	return x, y
}

// drawTrace draws a call trace of linesMin to 400 lines and a limit it
// is over, for the lines planner's properties.
func drawTrace(t *rapid.T) (in []string, text string, limit int) {
	in = make([]string, rapid.IntRange(linesMin, 400).Draw(t, "lines"))
	for i := range in {
		in[i] = traceLine(t, i)
	}
	text = strings.Join(in, "\n") + "\n"
	return in, text, rapid.IntRange(200, max(201, len(text)-1)).Draw(t, "limit")
}

// keptWithin fails t when p's items are over limit, and otherwise
// returns the numbers of the input lines p's rendering keeps (see
// renderedLines).
func keptWithin(t *rapid.T, text string, p plan, limit int, in []string) []int {
	if size := itemsSize(p.items); size > limit {
		t.Fatalf("%d bytes over the %d limit", size, limit)
	}
	return renderedLines(t, render(text, p, marker{tokens: 1, what: p.what, hint: p.hint}), in)
}

// TestPlanLinesProperties: within its limit, and above half of it when
// the text is twice as long (the floor route.go holds every row to);
// every kept line is an input line, verbatim, at the number the gap notes
// give it; the first and the last line are kept; and when the failure
// lines together fit in a quarter of the limit, every one of them is
// kept.
func TestPlanLinesProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in, text, limit := drawTrace(t)
		n := len(in)
		p, ok := planLines(text, limit)
		if !ok {
			return
		}
		if size := itemsSize(p.items); size > limit {
			t.Fatalf("%d bytes over the %d limit", size, limit)
		} else if len(text) >= 2*limit && size < limit/2 {
			t.Fatalf("%d bytes of a %d limit kept from %d: below the floor", size, limit, len(text))
		}
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		kept := renderedLines(t, out, in)
		if len(kept) == 0 || kept[0] != 0 || kept[len(kept)-1] != n-1 {
			t.Fatalf("head or tail lost: kept %v", kept)
		}
		var fails []int
		failBytes := 0
		for i, l := range in {
			if shapeOf(l).errno || hasFailureSignal(l) {
				fails = append(fails, i)
				failBytes += len(l) + len("[…lines 9,999-9,999 omitted…]\n\n")
			}
		}
		if failBytes <= limit/4 {
			for _, i := range fails {
				if !slices.Contains(kept, i) {
					t.Fatalf("failure line %d %q lost though the failures fit", i+1, in[i])
				}
			}
		}
	})
}

// TestPlanLinesDeterministic: the same text and limit give the same plan.
func TestPlanLinesDeterministic(t *testing.T) {
	text := corpusInput(t, "plain_strace_f_ruby_json_enoent")
	a, okA := planLines(text, 4000)
	b, okB := planLines(text, 4000)
	if !okA || !okB || !slices.Equal(a.items, b.items) || a.what != b.what {
		t.Fatal("two plans of one text differ")
	}
}

// TestPlanLinesKeepsTheOddLines: a real trace's failed call near its end
// and a blame's lines of another commit are kept at a quarter of the
// default budget, where a clip keeps neither.
func TestPlanLinesKeepsTheOddLines(t *testing.T) {
	for _, c := range []struct{ corpus, want string }{
		{"plain_strace_f_ruby_json_enoent", `openat(AT_FDCWD, "/etc/headroom/missing.conf", O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory)`},
		{"plain_strace_f_ruby_json_enoent", `write(2, "Errno::ENOENT", 13Errno::ENOENT)           = 13`},
		{"plain_strace_f_ruby_json_enoent", `openat(AT_FDCWD, "/usr/lib/x86_64-linux-gnu/ruby/3.1.0/json/ext/generator.so", O_RDONLY|O_NONBLOCK|O_CLOEXEC) = 5`},
		{"plain_git_blame_regexp2_parser_three_changed", "ba46014d (Dev Example 2026-11-21 14:30:00 +0000 1967) \treturn (p.options & CaseInsensitive) != 0"},
		{"plain_php_i_cli_phpinfo_text", "Startup Failed => Opcode Caching is disabled for CLI"},
	} {
		text := corpusInput(t, c.corpus)
		p, ok := planLines(text, 4000)
		if !ok {
			t.Fatalf("%s: declined", c.corpus)
		}
		if out := render(text, p, marker{}); !strings.Contains(out, c.want) {
			t.Errorf("%s: lost %q", c.corpus, c.want)
		}
		if clip := render(text, planClip(text, 4000, clipReserve(len(text))), marker{}); strings.Contains(clip, c.want) {
			t.Errorf("%s: a clip keeps %q too: the case shows nothing", c.corpus, c.want)
		}
	}
}

// A line of a rare shape is kept once: python -m dis's `ExceptionTable:`,
// rare among instructions but the same words in every code object, took
// eight lines and their gap notes at 4,000 bytes that say nothing the
// first does not.
func TestPlanLinesKeepsARareLineOnce(t *testing.T) {
	text := corpusInput(t, "plain_python_m_dis_gettext_module_bytecode")
	for _, limit := range []int{4000, 16000} {
		p, ok := planLines(text, limit)
		if !ok {
			t.Fatalf("declined at %d", limit)
		}
		if n := strings.Count(render(text, p, marker{}), "\nExceptionTable:\n"); n > 1 {
			t.Errorf("at %d, ExceptionTable: kept %d times", limit, n)
		}
	}
}

// TestPlanLinesDeclines: text a clip serves as well — a few lines, long
// lines, lines of one shape with nothing odd where a clip would cut.
func TestPlanLinesDeclines(t *testing.T) {
	for name, text := range map[string]string{
		"few lines":  strings.Repeat("a line of text that is long enough\n", linesMin-1) + strings.Repeat("x", 4000),
		"long lines": strings.Repeat(strings.Repeat("word ", 200)+"\n", 40),
		"one shape":  numberedLines(2000, func(i int) string { return "row " + itoa(i) + " of a long file" }),
		"in budget":  "a\nb\n",
	} {
		if _, ok := planLines(text, 1000); ok {
			t.Errorf("%s: planned, want a decline", name)
		}
	}
}

// TestMayFailAdmitsEveryFailureLine: shapeOf's prefilter never turns away
// a line the log planner's lineSignals finds a failure in, on every line
// of the corpus and on lines made of failure words' pieces.
func TestMayFailAdmitsEveryFailureLine(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, l string) {
		if hasFailureSignal(l) && !shapeOf(l).mayFail {
			t.Fatalf("%q has a failure signal the prefilter turns away", l)
		}
	}
	for _, c := range loadCorpus(t) {
		for l := range strings.SplitSeq(c.input, "\n") {
			check(t, l)
		}
	}
	// A backslash in a string before a failure word: the word is read.
	for _, l := range []string{`"\error`, `x("\FAIL: y")`, `"\\fatal`, `"\"error"`} {
		check(t, l)
	}
	pieces := []string{"error", "Error", "ERROR", "errors", "failed", "FAIL", "fatal", "FATAL", "panic", "not", " ok", "segmentation",
		" fault", "SEVERE", "CRITICAL", "3 ", "0 ", "no ", "x", "_", "-", ":", " ", "\"", "\\", "✗ ", "é", "[", "]", "(", ".", "/", "=", "broken", "problems"}
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 12).Draw(t, "parts")
		check(t, strings.Join(parts, ""))
	})
}

// TestSelectSmallest: the first k keys are the k smallest.
func TestSelectSmallest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keys := rapid.SliceOf(rapid.Uint64Range(0, 20)).Draw(t, "keys")
		k := rapid.IntRange(0, len(keys)).Draw(t, "k")
		want := slices.Clone(keys)
		slices.Sort(want)
		selectSmallest(keys, k)
		got := slices.Clone(keys[:k])
		slices.Sort(got)
		if !slices.Equal(got, want[:k]) {
			t.Fatalf("first %d: %v, want %v", k, got, want[:k])
		}
	})
}

// TestShapeOf: lines that differ in identities, numbers and quoted
// strings share a skeleton; a line with other punctuation does not; the
// lead skips a `[tag]` and keeps the name, and a field that opens with
// punctuation before a word keeps both; errno names are found only as
// words.
func TestShapeOf(t *testing.T) {
	a := shapeOf(`openat(AT_FDCWD, "/etc/a", O_RDONLY) = 3`)
	b := shapeOf(`access(AT_FDCWD, "/usr/lib/b c", F_OK) = 0x1f`)
	c := shapeOf(`write(2, "x", 1x)  = 1`)
	if a.skel != b.skel || a.skel == c.skel {
		t.Errorf("skeletons: a==b %v, a==c %v", a.skel == b.skel, a.skel == c.skel)
	}
	if shapeOf("[pid 12] openat(x)").lead != shapeOf("[pid 7] openat(y, z)").lead || a.lead == b.lead {
		t.Error("leads: a [tag] must be skipped and the name kept")
	}
	// A field that opens with punctuation before a word is that word's:
	// gpg's packet kinds, a dump's tags. Before anything else (a digit,
	// '$', another mark) the punctuation ends it, as it always has.
	for _, p := range [][2]string{
		{":user ID packet: \"a\"", ":signature packet: algo 1"},
		{"\t:public key packet:", "\t:signature packet:"},
		{"<div class=a>", "<span>"},
	} {
		if shapeOf(p[0]).lead == shapeOf(p[1]).lead {
			t.Errorf("leads of %q and %q are the same", p[0], p[1])
		}
	}
	for _, p := range [][2]string{
		{":user ID packet:", ":user id"},
		{"(%): %", "(9): x"},
		{"\"$(MAKE)\" install", "\"0\""},
		{"{\"a\": 1}", "{\"b\": 2}"},
	} {
		if shapeOf(p[0]).lead != shapeOf(p[1]).lead {
			t.Errorf("leads of %q and %q differ", p[0], p[1])
		}
	}
	for l, want := range map[string]bool{
		`= -1 ENOENT (No such file)`: true, `"Errno::EACCES"`: true, "ENOENTS": false, "xENOENT": false, "EOF": false, "ENABLED": false,
	} {
		if got := shapeOf(l).errno; got != want {
			t.Errorf("errno(%q) = %v, want %v", l, got, want)
		}
	}
}

// TestPlanLinesGolden pins the line planner's output on a real trace of
// its own (strace of ls over a directory and a missing path) through the
// whole pipeline at 4,000 bytes.
func TestPlanLinesGolden(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "lines", "strace_ls_missing.txt"))
	if err != nil {
		t.Fatal(err)
	}
	h := mustNew(t, WithMaxBytes(4000))
	got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Bash", Text: string(raw)})
	if err != nil {
		t.Fatal(err)
	}
	if o.Strategy != StrategyLines {
		t.Fatalf("strategy %s, want lines", o.Strategy)
	}
	if !strings.Contains(got, `statx(AT_FDCWD, "/nope", AT_STATX_SYNC_AS_STAT|AT_SYMLINK_NOFOLLOW|AT_NO_AUTOMOUNT, STATX_MODE, 0x7ffedae9bd90) = -1 ENOENT (No such file or directory)`) {
		t.Errorf("the failed stat of the missing path is lost:\n%s", got)
	}
	checkGolden(t, filepath.Join("lines", "strace_ls_missing.golden"), got)
}

// FuzzPlanLines: any text and limit give a plan within the limit whose
// kept ranges lie inside the text, the same plan twice, and no panic.
func FuzzPlanLines(f *testing.F) {
	f.Add(strings.Repeat("open(\"/x\") = 3\n", 40)+"open(\"/y\") = -1 ENOENT\n", 300)
	f.Add(strings.Repeat("k => v\n", 30)+"Startup Failed => x\n"+strings.Repeat("a => b\n", 30), 200)
	f.Add("\"\\\n\"é✗\n[x]\n", 200)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		limit = 200 + abs(limit)%2000
		p, ok := planLines(text, limit)
		q, ok2 := planLines(text, limit)
		if ok != ok2 || !slices.Equal(p.items, q.items) {
			t.Fatal("not deterministic")
		}
		if !ok {
			return
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("%d bytes over the %d limit", itemsSize(p.items), limit)
		}
		for _, it := range p.items {
			if it.start < 0 || it.end > len(text) || it.start > it.end {
				t.Fatalf("item %+v outside the text", it)
			}
		}
	})
}

// TestErrnoNames: the names are sorted, for a reader, and isErrnoName
// finds every one of them and nothing else: not their prefixes, nor
// words one letter away.
func TestErrnoNames(t *testing.T) {
	if !slices.IsSorted(errnoNames[:]) {
		t.Fatal("errnoNames is not sorted")
	}
	for _, w := range errnoNames {
		if !isErrnoName(w) {
			t.Errorf("isErrnoName(%q) = false", w)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.StringMatching(`E[A-Z0-9]{1,15}`).Draw(t, "word")
		if rapid.Bool().Draw(t, "near") {
			name := rapid.SampledFrom(errnoNames[:]).Draw(t, "name")
			w = name[:rapid.IntRange(1, len(name)).Draw(t, "cut")] + w[1:rapid.IntRange(1, len(w)).Draw(t, "rest")]
		}
		if got, want := isErrnoName(w), slices.Contains(errnoNames[:], w); got != want {
			t.Fatalf("isErrnoName(%q) = %v, want %v", w, got, want)
		}
	})
}

// TestCopiesAt: the run of equal lines found by doubling and halving is
// the one a line-by-line count finds.
func TestCopiesAt(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		line := rapid.StringMatching(`[ab]{0,3}\n`).Draw(t, "line")
		k := rapid.IntRange(1, 300).Draw(t, "k")
		tail := rapid.StringMatching(`[ab\n]{0,6}`).Draw(t, "tail")
		text := strings.Repeat(line, k) + tail
		want := 0
		for p := 0; p+len(line) <= len(text) && text[p:p+len(line)] == line; p += len(line) {
			want++
		}
		if got := copiesAt(text, 0, len(line)); got != want {
			t.Fatalf("copiesAt = %d, want %d", got, want)
		}
	})
}

// After the lines kept for what they say, the room left grows the head
// in one piece, as a clip's would, before any spread: a reader's next
// question is most often about the first records.
func TestPlanLinesGrowsTheHeadBeforeSpreading(t *testing.T) {
	text := numberedLines(3000, func(i int) string {
		if i == 1700 {
			return `openat(AT_FDCWD, "/etc/app/missing.conf", O_RDONLY) = -1 ENOENT (No such file or directory)`
		}
		return `openat(AT_FDCWD, "/usr/lib/x86_64-linux-gnu/lib` + itoa(i) + `.so", O_RDONLY|O_CLOEXEC) = 3`
	})
	const limit = 16000
	p, ok := planLines(text, limit)
	require.True(t, ok)
	out := render(text, p, marker{})
	assert.Contains(t, out, "missing.conf")
	head := 0 // bytes of the text kept whole from its start
	for _, l := range strings.SplitAfter(text, "\n") {
		if !strings.HasPrefix(out[head:], l) {
			break
		}
		head += len(l)
	}
	assert.Greater(t, head, limit/3, "the head kept in one piece")
}

// TestPlanLinesKeepsALongHeadLineWhole: a module's docstring, one long
// LOAD_CONST line at the top of python -m dis, fits the head's fifth of
// 16,000 bytes: it is kept whole, as a clip keeps it, not cut at the
// eighth a line of the head gets otherwise; one too long for the fifth
// is still cut.
func TestPlanLinesKeepsALongHeadLineWhole(t *testing.T) {
	for _, c := range []struct {
		doc   int
		whole bool
	}{{2500, true}, {6000, false}} {
		doc := "  1           2 LOAD_CONST               0 ('" + strings.Repeat("Manage shelves. ", c.doc/16) + "')\n"
		text := "  0           0 RESUME                   0\n\n" + doc + disassembly(40, 60)
		p, ok := planLines(text, 16000)
		require.True(t, ok)
		assert.LessOrEqual(t, itemsSize(p.items), 16000)
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		assert.Equal(t, c.whole, strings.Contains(out, doc), "a %d-byte docstring line", len(doc))
		assert.Contains(t, out, doc[:100])
	}
}

// trimBlankRight trims what strings.TrimRight(l, " \t\r") trims, on
// lines drawn from blanks and other bytes.
func TestTrimBlankRightMatchesTrimRight(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := strings.Join(rapid.SliceOfN(rapid.SampledFrom([]string{" ", "\t", "\r", "\n", "a", ":", "é", "\v"}), 0, 12).Draw(t, "l"), "")
		if got, want := trimBlankRight(l), strings.TrimRight(l, " \t\r"); got != want {
			t.Fatalf("%q: %q, want %q", l, got, want)
		}
	})
}

// TestPlanLinesGrowsTheHeadFirstWhenCuttingLittle: a text cut by less
// than half (gcc -Q's option table, then lists of valid arguments each
// under a heading of its own shape) keeps its head in one piece to three
// fifths of the room before the lines of a rare shape after it are picked
// one by one, each with a gap note; cut by more than half, the rare lines
// come first.
func TestPlanLinesGrowsTheHeadFirstWhenCuttingLittle(t *testing.T) {
	var b strings.Builder
	b.WriteString("The following options are target specific:\n")
	for i := range 70 {
		v := "0"
		if i%9 == 4 {
			v = "[default]"
		}
		fmt.Fprintf(&b, "  -mopt-%s-%d=%s\t\t%s\n", strings.Repeat("x", i%7), i, strings.Repeat(" ", 20-i%7), v)
	}
	words := []string{"att intel", "ms sysv", "32 kernel large medium small", "387 sse both", "none return thunk", "abi cacheline compat", "gnu gnu2"}
	for i := range 21 {
		fmt.Fprintf(&b, "\n  Known choices %s for use with the -m%d= option:\n    %s\n", strings.Repeat("of kind ", i%5), i, words[i%len(words)])
	}
	text := b.String()
	head := func(limit int) int {
		p, ok := planLines(text, limit)
		require.True(t, ok, "limit %d", limit)
		assert.LessOrEqual(t, itemsSize(p.items), limit)
		out := render(text, p, marker{})
		n := 0 // bytes of the text kept whole from its start
		for _, l := range strings.SplitAfter(text, "\n") {
			if !strings.HasPrefix(out[n:], l) {
				break
			}
			n += len(l)
		}
		return n
	}
	little := len(text) * 3 / 4
	assert.GreaterOrEqual(t, head(little), little*littleCutHead/40*9/10, "cut by a quarter: the head first")
	much := len(text) / 3
	assert.Less(t, head(much), much/2, "cut by two thirds: the rare lines first")
}

// TestPlanLinesGrowsTheHeadThroughItsRun: go mod graph opens with the
// main module's own edges, one lead each, and goes on with every other
// module's. The head's fifth stops inside that first run; it grows to
// the run's end, as a clip's head would show it, rather than leave its
// last edges for picks scattered later.
func TestPlanLinesGrowsTheHeadThroughItsRun(t *testing.T) {
	var b strings.Builder
	for i := range 22 {
		fmt.Fprintf(&b, "github.com/example/app/adapters/genai mod%d.example.org/library@v1.%d.0\n", i, i)
	}
	for i := range 350 {
		v := fmt.Sprintf("v1.%d.0", i%9)
		if i%3 == 0 {
			v = fmt.Sprintf("v0.0.0-2020%04d-%x", i, i*7919)
		}
		fmt.Fprintf(&b, "mod%d.example.org/library@%s dep%d.example.net/x@v0.%d.%d\n", i/5, v, i, i%7, i%3)
	}
	text := b.String()
	p, ok := planLines(text, 4000)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), 4000)
	out := render(text, p, marker{})
	assert.Contains(t, out, "github.com/example/app/adapters/genai mod21.example.org/library@v1.21.0\nmod0.", "the first run whole")
}

// TestReadShapesIndexesAsLineStarts holds the line index readShapes makes
// as it reads the lines, runs of copies included, to lineStarts' own, in
// the same form (dense or compact), on the corpus and on drawn texts.
func TestReadShapesIndexesAsLineStarts(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, text string) {
		if text == "" {
			return
		}
		sh := readShapes(text, lineCount(text), 0, len(text), 64, 0)
		want, _ := lineStarts(text)
		got := sh.index.starts
		if (got.dense != nil) != (want.dense != nil) || got.len() != want.len() {
			t.Fatalf("%q: %d offsets (dense %v), want %d (dense %v)", text, got.len(), got.dense != nil, want.len(), want.dense != nil)
		}
		for j := range want.len() {
			if got.get(j) != want.get(j) {
				t.Fatalf("%q: offset %d is %d, want %d", text, j, got.get(j), want.get(j))
			}
		}
	}
	for _, c := range corpusUnlessShort(t, 4) {
		check(t, c.input)
	}
	pieces := []string{"\n", "a\n", "a\n", "a\n", "openat(AT_FDCWD, \"/x\") = 3\n", strings.Repeat("x", 70) + "\n", "yes\nyes\nyes\n", "no break"}
	rapid.Check(t, func(t *rapid.T) {
		check(t, strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 1, 200).Draw(t, "pieces"), ""))
	})
}

// TestLinesWhatNamesOnlyWhatWasKept: a clause of nothing kept costs the
// budget its words and tells the reader nothing; the marker names the
// kinds of lines kept, and ends as a sentence whether or not lines were
// spread.
func TestLinesWhatNamesOnlyWhatWasKept(t *testing.T) {
	none := linesWhat(90, 100, failuresKept(0)+rareKept(0), 0)
	assert.Equal(t, "90 of 100 lines omitted; kept the head, the tail; each gap note names its lines", none)
	some := linesWhat(90, 100, failuresKept(2)+rareKept(0)+rareKept(0), 0)
	assert.Equal(t, "90 of 100 lines omitted; kept the head, the tail, 2 failure lines (a failure word or errno); each gap note names its lines", some)
	all := linesWhat(1500, 2000, failuresKept(1)+rareKept(1200), 3)
	assert.Equal(t, "1,500 of 2,000 lines omitted; kept the head, the tail, 1 failure line (a failure word or errno), 1,200 of a rare shape or the first of their kind, and 3 spread evenly (each gap note names its lines)", all)
	assert.NotContains(t, none+some, " 0 ", "no clause counts nothing")
}

// TestPlanLinesLittleCutTailStaysInItsShare: in a text cut by less than
// half, the head grows as a clip's would once the tail and the other
// stages have had their shares. A long line at the tail's edge, cut to
// its wide share, would take the head's room past the tail's share (gcc
// -Q's long list of -march= values cost the -mtune= row five lines past
// the head); the tail stops before it instead, and the head keeps those
// rows.
func TestPlanLinesLittleCutTailStaysInItsShare(t *testing.T) {
	var b strings.Builder
	for i := range 80 {
		fmt.Fprintf(&b, "  -mopt%02d=                    \t\tvalue%d\n", i, i)
	}
	b.WriteString("  Known valid arguments for -march= option:\n")
	b.WriteString("    " + strings.Repeat("cpuname ", 120) + "\n\n")
	for i := range 3 {
		fmt.Fprintf(&b, "  Known valid arguments for the -mtune%d= option:\n    generic native\n", i)
	}
	text := b.String()
	limit := len(text) * 3 / 4
	p, ok := planLines(text, limit)
	require.True(t, ok)
	assert.LessOrEqual(t, itemsSize(p.items), limit)
	out := render(text, p, marker{})
	assert.Contains(t, out, "the -mtune2= option:\n    generic native\n", "the tail")
	head := out[:strings.Index(out, "[…")]
	assert.Contains(t, head, "  -mopt66=                    \t\tvalue66\n", "the head grows through the room the long line would have taken")
}
