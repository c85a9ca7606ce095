package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// staticcheckStream is a staticcheck -f json run: n findings of a few
// common codes, every one "severity":"error", with a finding of a code
// no other has at each index in singles; when compile is set, the first
// line is a package that failed to compile, a 2 KB message.
func staticcheckStream(n int, singles map[int]string, compile bool) string {
	common := []string{"ST1003", "ST1003", "U1000", "ST1000", "SA1019"}
	var b strings.Builder
	if compile {
		fmt.Fprintf(&b, `{"code":"compile","severity":"error","location":{"file":"","line":0,"column":0},"end":{"file":"","line":0,"column":0},"message":"# example.com/m/tests\n%s"}`+"\n",
			strings.Repeat(`tests/basic_test.go:23:3: cannot use \u0026v (value of type *T) as testType value in struct literal\n`, 20))
	}
	for i := range n {
		code, msg := common[i%len(common)], fmt.Sprintf("var v%dId should be v%dID", i, i)
		if c, ok := singles[i]; ok {
			code, msg = c, "the one finding of "+c
		}
		file := fmt.Sprintf("/home/dev/src/m/pkg%d/file%d.go", i/7, i%7)
		fmt.Fprintf(&b, `{"code":%q,"severity":"error","location":{"file":%q,"line":%d,"column":6},"end":{"file":%q,"line":%d,"column":10},"message":%q}`+"\n",
			code, file, 10+i, file, 10+i, msg)
	}
	return b.String()
}

// Every finding of a code seen once is kept at 16,000 bytes, wherever
// it sits and whatever precedes it: a group of such findings is sampled
// by its mean size, not as if each were as long as its first (a 2 KB
// compile failure), and the findings the head and tail runs show take
// none of its room. The plan holds its limit, and every line it keeps
// whole is a line of the stream.
func TestJSONLinesKeepEverySingleCode(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(60, 160).Draw(rt, "findings")
		singles := map[int]string{}
		for k := range rapid.IntRange(1, 6).Draw(rt, "singles") {
			singles[rapid.IntRange(0, n-1).Draw(rt, fmt.Sprint("at", k))] = fmt.Sprintf("SA%d", 4000+k)
		}
		text := staticcheckStream(n, singles, rapid.Bool().Draw(rt, "compile"))
		const limit = 16000
		p, ok := planJSONLines(text, limit)
		if !ok {
			rt.Fatal("declined")
		}
		if got := itemsSize(p.items); got > limit {
			rt.Fatalf("plan is %d bytes, over its limit %d", got, limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, c := range singles {
			if w := `"message":"the one finding of ` + c + `"}`; !strings.Contains(out, w) {
				rt.Fatalf("the one %s finding is lost:\n%s", c, out)
			}
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, `{"code":`) && strings.HasSuffix(l, "}") && !strings.Contains(text, l+"\n") {
				rt.Fatalf("a kept line is not the stream's: %s", l)
			}
		}
	})
}

// At 4,000 bytes the head and tail runs stop before a finding that would
// take them past their fifth of the room: five findings of codes seen
// once among 95 are all kept, where runs that each overshot by a finding
// left room for four.
func TestJSONLinesRunsLeaveRoomForSingleCodes(t *testing.T) {
	singles := map[int]string{30: "SA4004", 58: "S1029", 69: "ST1021", 80: "SA5009", 82: "S1040"}
	text := staticcheckStream(95, singles, false)
	p, ok := planJSONLines(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, c := range singles {
		if w := `"message":"the one finding of ` + c + `"}`; !strings.Contains(out, w) {
			t.Errorf("the one %s finding is lost:\n%s", c, out)
		}
	}
	first, last := text[:strings.IndexByte(text, '\n')+1], text[strings.LastIndexByte(text[:len(text)-1], '\n')+1:]
	if !strings.HasPrefix(out, first) || !strings.Contains(out, last) {
		t.Errorf("the first or the last finding is not kept whole:\n%s", out)
	}
}

// revive's ndjson findings name their rule in `RuleName`, every one a
// "warning": the finding of a rule seen once among 90 of a few common
// rules is kept at 4,000 bytes, as a code is.
func TestJSONLinesKeepsRareRuleName(t *testing.T) {
	common := []string{"unused-parameter", "unused-parameter", "unused-parameter", "exported", "var-naming"}
	var b strings.Builder
	for i := range 90 {
		rule, msg := common[i%len(common)], fmt.Sprintf("parameter 'p%d' seems to be unused, consider removing or renaming it as _", i)
		if i == 41 {
			rule, msg = "superfluous-else", "if block ends with a continue statement, so drop this else and outdent its block"
		}
		file := fmt.Sprintf("webdav/pkg%d/file%d.go", i/9, i%9)
		fmt.Fprintf(&b, `{"Severity":"warning","Failure":%q,"RuleName":%q,"Category":"bad practice","Position":{"Start":{"Filename":%q,"Offset":%d,"Line":%d,"Column":7},"End":{"Filename":%q,"Offset":%d,"Line":%d,"Column":12}},"Confidence":1,"ReplacementLine":""}`+"\n",
			msg, rule, file, 100*i, 10+i, file, 100*i+5, 10+i)
	}
	text := b.String()
	p, ok := planJSONLines(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if !strings.Contains(out, `"RuleName":"superfluous-else"`) {
		t.Errorf("the one superfluous-else finding is lost:\n%s", out)
	}
}
