package headroom

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
	"pgregory.net/rapid"
)

// The document planners (diff, outline, giant, listing, table, JSON
// lines) share these checks: a plan within its limit, kept ranges inside
// the text and in order, and a render that holds the budget.

// docPlanner is one document planner under test, with a generator of
// inputs of its shape.
type docPlanner struct {
	name string
	plan func(text string, limit int) (plan, bool)
	gen  func(t *rapid.T) string
}

var docPlanners = []docPlanner{
	{"diff", planDiff, genDiff},
	{"commit log", planDiff, genCommitLog},
	{"outline", func(text string, limit int) (plan, bool) {
		return planOutlineRead(ToolOutput{Tool: "Read", Text: text}, limit)
	}, genSource},
	{"giant", planGiant, genGiant},
	{"listing", planListing, genListing},
	{"tree", planTree, genTree},
	{"sectioned document", func(text string, limit int) (plan, bool) {
		return planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, limit)
	}, genManPage},
	{"table", planTable, genTable},
	{"nested table", planTable, genImportTime},
	{"jsonlines", planJSONLines, genJSONLines},
}

// checkDocPlan fails t unless p is a sound plan of text within limit.
func checkDocPlan(t interface {
	Helper()
	Fatalf(format string, args ...any)
}, text string, p plan, limit int) string {
	t.Helper()
	if got := itemsSize(p.items); got > limit {
		t.Fatalf("plan of %d bytes over its limit %d", got, limit)
	}
	pos := 0
	for _, it := range p.items {
		if it.start < 0 || it.end > len(text) || it.start > it.end {
			t.Fatalf("item %+v outside the text (%d bytes)", it, len(text))
		}
		if it.end > it.start {
			if it.start < pos {
				t.Fatalf("item %+v overlaps or goes back (at %d)", it, pos)
			}
			pos = it.end
		}
	}
	if p.markerAt < 0 || p.markerAt > len(p.items) || len(p.what) > maxWhat*2 || len(p.hint) > maxHint {
		t.Fatalf("marker at %d of %d items, what %d bytes, hint %d bytes", p.markerAt, len(p.items), len(p.what), len(p.hint))
	}
	m := marker{tokens: len(text), what: clean(p.what, maxWhat), hint: clean(p.hint, maxHint)}
	out := render(text, p, m)
	if len(out) > limit+plannerReserve(len(text)) {
		t.Fatalf("render of %d bytes over %d", len(out), limit+plannerReserve(len(text)))
	}
	return out
}

// Every document planner holds its limit on inputs of its shape, keeps
// ranges of the input in order, and never panics.
func TestDocPlannersHoldTheirLimit(t *testing.T) {
	for _, dp := range docPlanners {
		t.Run(dp.name, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				text := dp.gen(rt)
				limit := rapid.IntRange(200, max(200, len(text)*2)).Draw(rt, "limit")
				if p, ok := dp.plan(text, limit); ok {
					checkDocPlan(rt, text, p, limit)
				}
			})
		})
	}
}

// Each planner accepts the inputs its generator makes when they are
// well over the limit (so the generators test the planners, not their
// declines).
func TestDocPlannersAcceptTheirShape(t *testing.T) {
	for _, dp := range docPlanners {
		t.Run(dp.name, func(t *testing.T) {
			big, accepted := 0, 0
			rapid.Check(t, func(rt *rapid.T) {
				// rapid starts small, and -short runs a fifth of the
				// checks: draw again until the input is well over the
				// limit, so every check tries the planner on one.
				text := dp.gen(rt)
				for i := 0; i < 16 && len(text) < 8000; i++ {
					text = dp.gen(rt)
				}
				if len(text) < 8000 {
					return
				}
				big++
				if _, ok := dp.plan(text, 3000); ok {
					accepted++
				}
			})
			if accepted == 0 {
				t.Fatalf("accepted none of the %d generated inputs over 8,000 bytes", big)
			}
		})
	}
}

// Through the whole pipeline, a document planner's output holds the
// budget and the floor: at least half the planners' limit when the input
// is twice the budget or more.
func TestDocPlannersFloor(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		dp := rapid.SampledFrom(docPlanners).Draw(rt, "planner")
		text := dp.gen(rt)
		budget := rapid.IntRange(MinBudgetBytes, max(MinBudgetBytes, len(text))).Draw(rt, "budget")
		h, err := New(WithMaxBytes(budget))
		if err != nil {
			rt.Fatal(err)
		}
		got, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Read", Text: text})
		if err != nil {
			rt.Fatal(err)
		}
		if len(got) > budget {
			rt.Fatalf("%d bytes over the budget %d", len(got), budget)
		}
		limit := budget - plannerReserve(len(text))
		if o.Strategy != StrategyLog && o.Strategy != StrategyNone && len(text) >= 2*budget && len(got) < limit/2 {
			rt.Fatalf("%s kept %d bytes of a %d-byte input under a %d-byte budget", o.Strategy, len(got), len(text), budget)
		}
	})
}

// floored declines a plan below half the limit for an input twice the
// limit, and passes the others through.
func TestFlooredDeclinesThinPlans(t *testing.T) {
	thin := func(ToolOutput, int) (plan, bool) { return plan{items: []item{keepRange(0, 10)}}, true }
	if _, ok := floored(thin)(ToolOutput{Text: strings.Repeat("x", 4000)}, 1000); ok {
		t.Error("a 10-byte plan of a 4,000-byte input under a 1,000-byte limit was accepted")
	}
	if _, ok := floored(thin)(ToolOutput{Text: strings.Repeat("x", 1500)}, 1000); !ok {
		t.Error("an input under twice the limit is not held to the floor")
	}
}

// Generators.

func genWord(t *rapid.T, label string) string {
	return rapid.StringMatching(`[a-z][a-z0-9_]{0,11}`).Draw(t, label)
}

func genDiff(t *rapid.T) string {
	var b strings.Builder
	if rapid.Bool().Draw(t, "commit") {
		b.WriteString("commit 0123456789abcdef0123456789abcdef01234567\nAuthor: A U Thor <a@example.com>\nDate:   Mon Nov 23 18:00:00 2026 +0000\n\n    " + genWord(t, "subject") + ": change things\n\n")
	}
	files := rapid.IntRange(1, 12).Draw(t, "files")
	for f := 0; f < files; f++ {
		path := genWord(t, "dir") + "/" + genWord(t, "file") + ".go"
		b.WriteString("diff --git a/" + path + " b/" + path + "\n")
		if rapid.IntRange(0, 9).Draw(t, "binary") == 0 {
			b.WriteString("Binary files a/" + path + " and b/" + path + " differ\n")
			continue
		}
		b.WriteString("index 1111111..2222222 100644\n--- a/" + path + "\n+++ b/" + path + "\n")
		line := 1
		for h := rapid.IntRange(1, 5).Draw(t, "hunks"); h > 0; h-- {
			var body []string
			oldN, newN := 0, 0
			for k := rapid.IntRange(1, 60).Draw(t, "lines"); k > 0; k-- {
				text := rapid.StringN(0, 90, -1).Draw(t, "text")
				text = strings.ReplaceAll(text, "\n", " ")
				switch rapid.IntRange(0, 2).Draw(t, "kind") {
				case 0:
					body = append(body, " "+text)
					oldN++
					newN++
				case 1:
					body = append(body, "-"+text)
					oldN++
				default:
					body = append(body, "+"+text)
					newN++
				}
			}
			b.WriteString("@@ -" + itoa(line) + "," + itoa(oldN) + " +" + itoa(line) + "," + itoa(newN) + " @@ func x() {\n")
			b.WriteString(strings.Join(body, "\n") + "\n")
			line += oldN + 10
		}
	}
	return b.String()
}

// genCommitLog makes a git log --stat: commits newest first, each a
// header, an indented message and --stat rows with their total.
func genCommitLog(t *rapid.T) string {
	var b strings.Builder
	for c := rapid.IntRange(2, 40).Draw(t, "commits"); c > 0; c-- {
		fmt.Fprintf(&b, "commit %040x\nAuthor: A U Thor <a@example.com>\nDate:   Mon Nov 23 18:00:00 2026 +0000\n\n", c)
		fmt.Fprintf(&b, "    %s: release %d\n    \n    %s\n\n", genWord(t, "subject"), c, strings.ReplaceAll(rapid.StringN(0, 200, -1).Draw(t, "body"), "\n", " "))
		files := rapid.IntRange(1, 60).Draw(t, "files")
		for f := range files {
			fmt.Fprintf(&b, " %s/f%d.go | %d ++--\n", genWord(t, "dir"), f, f+3)
		}
		fmt.Fprintf(&b, " %d files changed, %d insertions(+), %d deletions(-)\n", files, 7*c, c)
		if c > 1 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// A commit log with no hunks (git log --stat) keeps every commit's
// header, subject and stat total first; prose that opens with the word
// "commit" is not one.
func TestDiffPlansCommitLog(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text := genCommitLog(rt)
		p, ok := planDiff(text, 4000)
		if !ok {
			rt.Fatal("declined a commit log")
		}
		out := checkDocPlan(rt, text, p, 4000)
		keys := 0
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "commit ") || strings.HasPrefix(l, "    ") && strings.Contains(l, ": release ") || strings.Contains(l, " files changed, ") {
				keys += len(l) + 1 + 30 // with a gap note before it
				if keys < 3000 && !strings.Contains(out, l+"\n") {
					rt.Fatalf("lost %q with %d bytes of keys before it", l, keys)
				}
			}
		}
	})
	prose := "commit to the plan, they said.\n" + strings.Repeat("The team met and talked about what to do next.\n", 200)
	if _, ok := planDiff(prose, 4000); ok {
		t.Error("prose taken for a commit log")
	}
}

// sourceTemplates are declaration lines of many languages; %s is a name.
var sourceTemplates = []string{
	"func %s(x int) error {", "type %s struct {", "class %s(Base):", "    def %s(self, x):", "def %s(a, b):",
	"export function %s(a) {", "export class %s {", "pub fn %s(&self) -> u32 {", "impl %s for Thing {",
	"    public void %s(String s) {", "static int %s(char *p)", "%s() {", "## %s", "<h2>%s</h2>", "interface %s {",
	"@decorator_%s", "const %s = 1", "enum %s {", "  @spec %s(t) :: t", "  def %s(x), do: x", "  defp %s(x) do",
	"-spec %s(A) -> B.", "%s(X) ->", "%s :: Int -> Int", "data %s a", "    | %s a", "defmodule %s do",
}

func genSource(t *rapid.T) string {
	var b strings.Builder
	b.WriteString("// Package x is generated.\npackage x\n\n")
	for k := rapid.IntRange(5, 400).Draw(t, "blocks"); k > 0; k-- {
		tpl := rapid.SampledFrom(sourceTemplates).Draw(t, "decl")
		b.WriteString(strings.Replace(tpl, "%s", genWord(t, "name"), 1) + "\n")
		for j := rapid.IntRange(0, 12).Draw(t, "body"); j > 0; j-- {
			b.WriteString("\t\t" + strings.ReplaceAll(rapid.StringN(0, 80, -1).Draw(t, "stmt"), "\n", " ") + "\n")
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}

func genGiant(t *rapid.T) string {
	var b strings.Builder
	for k := rapid.IntRange(0, 30).Draw(t, "before"); k > 0; k-- {
		b.WriteString(strings.ReplaceAll(rapid.StringN(0, 120, -1).Draw(t, "line"), "\n", " ") + "\n")
	}
	piece := strings.ReplaceAll(rapid.StringN(1, 64, -1).Draw(t, "piece"), "\n", " ")
	b.WriteString(strings.Repeat(piece, rapid.IntRange(200, 4000).Draw(t, "repeat")))
	if rapid.Bool().Draw(t, "newline") {
		b.WriteString("\n")
	}
	for k := rapid.IntRange(0, 30).Draw(t, "after"); k > 0; k-- {
		b.WriteString(strings.ReplaceAll(rapid.StringN(0, 120, -1).Draw(t, "line"), "\n", " ") + "\n")
	}
	return b.String()
}

func genListing(t *rapid.T) string {
	var b strings.Builder
	dirs := rapid.IntRange(3, 120).Draw(t, "dirs")
	for d := 0; d < dirs; d++ {
		if d > 0 {
			b.WriteString("\n")
		}
		b.WriteString("./" + genWord(t, "parent") + "/" + genWord(t, "dir") + ":\n")
		b.WriteString("total " + itoa(rapid.IntRange(0, 999).Draw(t, "total")) + "\n")
		for e := rapid.IntRange(1, 40).Draw(t, "entries"); e > 0; e-- {
			b.WriteString("-rw-r--r-- 1 root root " + itoa(rapid.IntRange(0, 99999).Draw(t, "size")) + " Nov 23 17:48 " + genWord(t, "file") + ".py\n")
		}
	}
	return b.String()
}

func genManPage(t *rapid.T) string {
	var b strings.Builder
	b.WriteString("TOOL(1)     General Commands Manual     TOOL(1)\n\n")
	body := strings.Repeat(" ", rapid.IntRange(3, 8).Draw(t, "indent"))
	for sec := rapid.IntRange(1, 30).Draw(t, "sections"); sec > 0; sec-- {
		b.WriteString(strings.ToUpper(genWord(t, "heading")) + "\n")
		for it := rapid.IntRange(0, 40).Draw(t, "items"); it >= 0; it-- {
			b.WriteString(body + "-" + genWord(t, "option") + "\n")
			for l := rapid.IntRange(1, 6).Draw(t, "prose"); l > 0; l-- {
				b.WriteString(body + "    " + genWord(t, "word") + " " + genWord(t, "word") + " explains it.\n")
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("tool 1.0     2026-11-25     TOOL(1)\n")
	return b.String()
}

func genTree(t *rapid.T) string {
	var b strings.Builder
	marks := rapid.SampledFrom([][3]string{{"├── ", "└── ", "│\u00a0\u00a0 "}, {"|-- ", "`-- ", "|   "}, {"├── ", "└── ", "│ "}}).Draw(t, "marks")
	b.WriteString(genWord(t, "root") + "\n")
	var walk func(prefix string, depth int)
	walk = func(prefix string, depth int) {
		n := rapid.IntRange(1, 30).Draw(t, "children")
		for i := 0; i < n; i++ {
			m, pad := marks[0], marks[2]
			if i == n-1 {
				m, pad = marks[1], strings.Repeat(" ", len([]rune(marks[2])))
			}
			b.WriteString(prefix + m + genWord(t, "name") + rapid.SampledFrom([]string{"", " invalid", "@1.2.3 deduped"}).Draw(t, "note") + "\n")
			if depth < 3 && rapid.IntRange(0, 3).Draw(t, "dir") == 0 {
				walk(prefix+pad, depth+1)
			}
		}
	}
	walk("", 0)
	b.WriteString("\n" + itoa(rapid.IntRange(1, 999).Draw(t, "dirs")) + " directories, 12 files\n")
	return b.String()
}

func genTable(t *rapid.T) string {
	var b strings.Builder
	b.WriteString("NAME                 READY   STATUS    RESTARTS   AGE\n")
	for r := rapid.IntRange(20, 2000).Draw(t, "rows"); r > 0; r-- {
		b.WriteString(genWord(t, "pod") + "-" + itoa(r) + "   1/1     " + rapid.SampledFrom([]string{"Running", "Error", "Pending"}).Draw(t, "status") + "   0          " + itoa(r) + "d\n")
	}
	return b.String()
}

func genJSONLines(t *rapid.T) string {
	var b strings.Builder
	for e := rapid.IntRange(5, 3000).Draw(t, "events"); e > 0; e-- {
		level := rapid.SampledFrom([]string{"DEBUG", "DEBUG", "DEBUG", "INFO", "WARN", "ERROR"}).Draw(t, "level")
		b.WriteString(`{"time":"2026-11-23T18:03:07Z","level":"` + level + `","msg":"` + genWord(t, "msg") + `","n":` + itoa(e) + `,"detail":` + quoteJSON(rapid.StringN(0, 200, -1).Draw(t, "detail")) + "}\n")
	}
	return b.String()
}

// Benchmarks: each planner on 1 MB and 10 MB of its shape.

func benchInput(shape string, size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		switch shape {
		case "diff":
			p := "pkg" + itoa(i%97) + "/file" + itoa(i) + ".go"
			b.WriteString("diff --git a/" + p + " b/" + p + "\nindex 1111111..2222222 100644\n--- a/" + p + "\n+++ b/" + p + "\n@@ -1,8 +1,8 @@ func f() {\n")
			for k := 0; k < 4; k++ {
				b.WriteString(" \tcontext line with some code in it, x := y + " + itoa(k) + "\n-\told line\n+\tnew line\n")
			}
		case "outline":
			b.WriteString("// F" + itoa(i) + " does things.\nfunc F" + itoa(i) + "(x int) (int, error) {\n\tif x > 0 {\n\t\treturn x * 2, nil\n\t}\n\treturn 0, errors.New(\"negative\")\n}\n\n")
		case "giant":
			b.WriteString("var a" + itoa(i) + "=function(b,c){return b+c};")
		case "listing":
			b.WriteString("\n./dir" + itoa(i) + ":\ntotal 8\n")
			for k := 0; k < 10; k++ {
				b.WriteString("-rw-r--r-- 1 root root 1234 Nov 23 17:48 file" + itoa(k) + ".py\n")
			}
		case "table":
			if i == 0 {
				b.WriteString("NAME                 READY   STATUS    RESTARTS   AGE\n")
			}
			b.WriteString("pod-" + itoa(i) + "                1/1     Running   0          " + itoa(i%90) + "d\n")
		case "jsonlines":
			b.WriteString(`{"time":"2026-11-23T18:03:07Z","level":"` + []string{"DEBUG", "INFO", "WARN", "ERROR"}[i%4] + `","msg":"package parsed","n":` + itoa(i) + "}\n")
		}
	}
	s := b.String()
	if shape == "listing" {
		s = s[1:]
	}
	return s
}

func BenchmarkDocPlanners(b *testing.B) {
	for _, dp := range docPlanners {
		for _, size := range []int{1 << 20, 10 << 20} {
			text := benchInput(dp.name, size)
			if _, ok := dp.plan(text, DefaultMaxBytes-plannerReserve(len(text))); !ok {
				b.Fatalf("%s declined its benchmark input", dp.name)
			}
			b.Run(dp.name+"/"+txt.Commas(size>>20)+"MB", func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					dp.plan(text, DefaultMaxBytes-plannerReserve(len(text)))
				}
			})
		}
	}
}

// eventValues finds what a search per key finds on well-formed events.
func TestEventValuesOnePass(t *testing.T) {
	keys := []string{`"type":`, `"level":`, `"name":`, `"msg":`}
	for _, c := range []struct {
		line string
		want []eventValue
	}{
		{`{"level":"debug","name":"pnpm:progress","status":"resolved"}`, []eventValue{{1, "debug"}, {2, "pnpm:progress"}}},
		{`{"msg": "started", "type":"begin","n":3}`, []eventValue{{3, "started"}, {0, "begin"}}},
		{`{"name":"x","data":{"name":"inner"},"level":"info"}`, []eventValue{{2, "x"}, {1, "info"}}},
		{`{"level":3,"msg":"` + strings.Repeat("y", 80) + `","type":"t"}`, []eventValue{{0, "t"}}},
		{`{"msg":"unterminated`, nil},
		// The event's own member, not a nested child's that comes first
		// (cargo's message: children with their levels, then its level).
		{`{"message":{"children":[{"level":"note"}],"level":"error","msg":"a"},"type":"diag"}`, []eventValue{{1, "error"}, {3, "a"}, {0, "diag"}}},
		{`{"data":{"name":"inner"},"name":"outer"}`, []eventValue{{2, "outer"}}},
		// A brace or a key inside a string is text.
		{`{"msg":"{\"level\":\"x\"}","level":"warn"}`, []eventValue{{3, `{\"level\":\"x\"}`}, {1, "warn"}}},
	} {
		if got := eventValues(nil, c.line, keys); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.line, got, c.want)
		}
	}
}

// On generated one-line events (members in any order, kind keys or not,
// string and number values, spaces after colons or not), eventValues
// finds what a search per key finds: each key's first member, its value
// when that is a string of at most 60 bytes, in the order they appear;
// and so does one eventReader reused for every event, as a stream's read
// uses it, whatever the events before found.
func TestEventValuesProperty(t *testing.T) {
	keys := []string{`"type":`, `"level":`, `"name":`, `"msg":`, `"message":`}
	reader := newEventReader(keys)
	rapid.Check(t, func(t *rapid.T) {
		names := rapid.SliceOfN(rapid.SampledFrom([]string{"type", "level", "name", "msg", "message", "ts", "lvl", "names", "n", "data"}), 0, 8).Draw(t, "names")
		var b strings.Builder
		b.WriteByte('{')
		var want []eventValue
		seen := map[string]bool{}
		for j, name := range names {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + name + `":` + rapid.SampledFrom([]string{"", " "}).Draw(t, "space"))
			str := rapid.Bool().Draw(t, "string")
			n := rapid.OneOf(rapid.IntRange(0, 70), rapid.SampledFrom([]int{59, 60, 61})).Draw(t, "length")
			val := rapid.StringOfN(rapid.RuneFrom([]rune("abelmstyp:{} ,09")), n, n, -1).Draw(t, "value")
			if str {
				b.WriteString(`"` + val + `"`)
			} else {
				b.WriteString(itoa(len(val)))
			}
			if k := slices.Index(keys, `"`+name+`":`); k >= 0 && !seen[name] {
				seen[name] = true
				if str && len(val) <= 60 {
					want = append(want, eventValue{k, val})
				}
			}
		}
		b.WriteByte('}')
		if got := eventValues(nil, b.String(), keys); !slices.Equal(got, want) {
			t.Fatalf("%s: got %v, want %v", b.String(), got, want)
		}
		if got := reader.values(nil, b.String()); !slices.Equal(got, want) {
			t.Fatalf("%s: the reused reader got %v, want %v", b.String(), got, want)
		}
	})
}

// Values of a key that are mostly distinct (a message naming a package)
// are identities, not kinds: they do not crowd the rare errors out.
func TestJSONLinesIdentityKeysAreNotKinds(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		level := "debug"
		if i == 150 || i == 260 {
			level = "error"
		}
		b.WriteString(`{"level":"` + level + `","msg":"resolved package-` + itoa(i) + `@1.0.` + itoa(i%7) + `","n":` + itoa(i) + "}\n")
	}
	text := b.String()
	p, ok := planJSONLines(text, 1500)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	for _, want := range []string{"package-150@", "package-260@"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost the error event %s:\n%s", want, out)
		}
	}
}

// A rare event cut to its ends by the closing run (the one error event
// of a compiler's stream, 3 KB long, second to last) is widened to its
// share of the room for rare events: its own fields, in its middle, kept.
func TestJSONLinesRareEventWidened(t *testing.T) {
	var b strings.Builder
	pad := strings.Repeat("x", 900)
	for i := range 30 {
		b.WriteString(`{"reason":"msg","message":{"rendered":"warning ` + itoa(i) + ` ` + pad + `","level":"warning"}}` + "\n")
	}
	b.WriteString(`{"reason":"msg","message":{"rendered":"error[E0308] ` + strings.Repeat("y", 1200) +
		`","children":[{"level":"note","message":"n"}],"level":"error","message":"mismatched types","spans":"` + strings.Repeat("z", 1200) + `"}}` + "\n")
	b.WriteString(`{"reason":"build-finished","success":false}` + "\n")
	text := b.String()
	p, ok := planJSONLines(text, 16000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{})
	if !strings.Contains(out, `"level":"error","message":"mismatched types"`) {
		t.Errorf("the rare event's own fields were cut:\n%s", out)
	}
	if len(out) > 16000 {
		t.Errorf("%d bytes, over the 16000 limit", len(out))
	}
}
