package headroom

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// An info manual's outline: its underlined headings by mark, each with
// its underline and its node line; the first line under each; its terms
// with their first line of prose.
func TestUnderlinedDocOutline(t *testing.T) {
	doc := "File: m.info,  Node: Top,  Next: Intro,  Up: (dir)\n\nm\n*\n\nThis manual is for m.\n\n" +
		"File: m.info,  Node: Intro,  Next: Options,  Prev: Top,  Up: Top\n\n1 Intro\n*******\n\nIt starts here.\n\n" +
		"File: m.info,  Node: Options,  Prev: Intro,  Up: Top\n\n2 Options\n*********\n\nSome options.\n\n" +
		"‘-E’\n‘--extended’\n     Use extended expressions.\n\n" +
		"2.1 Environment\n===============\n\n‘M_COLORS’\n     This variable colours.\n\nA closing line of prose:\n     an indented example\n"
	s := newLineSel(doc, 1<<20, outlineGaps(40))
	ranks, units, ok := underlinedDoc(s)
	if !ok {
		t.Fatal("not an underlined document")
	}
	lines := func(idx []int) (out []string) {
		for _, i := range idx {
			out = append(out, s.line(i))
		}
		return out
	}
	assert.Equal(t, []string{"1 Intro", "2 Options", "2.1 Environment"}, lines(ranks[0]), "headings") // m over a one-mark line is no heading
	assert.Equal(t, []string{"It starts here.", "Some options.", "‘M_COLORS’"}, lines(ranks[2]), "first lines")
	assert.Equal(t, []string{"‘--extended’", "‘M_COLORS’"}, lines(ranks[3]), "terms")
	assert.Equal(t, []string{"File: m.info,  Node: Options,  Prev: Intro,  Up: Top", "", "*********"}, lines(units[ranks[0][1]]))
	assert.Equal(t, []string{"‘-E’", "     Use extended expressions."}, lines(units[ranks[3][0]]))
	assert.Equal(t, []string{"==============="}, lines(units[ranks[0][2]]), "a heading with no node line")
}

// Rules and rule-framed banners are no headings: a title is short, sits
// after a blank line, and is about as wide as its underline.
func TestUnderlinedDocDeclines(t *testing.T) {
	for name, text := range map[string]string{
		"unittest": strings.Repeat("\n======================================================================\nFAIL: test_x (mod.T.test_x)\n----------------------------------------------------------------------\nTraceback (most recent call last):\n  File \"x.py\", line 3\nAssertionError\n", 5),
		"prose":    strings.Repeat("\nSome prose that goes on and on\n------\n", 5),
		"two":      "\nA\n===\n\nB\n===\n",
	} {
		if _, _, ok := underlinedDoc(newLineSel(text, 1<<20, outlineGaps(100))); ok {
			t.Errorf("%s: taken for an underlined document", name)
		}
	}
}

// genUnderlined draws an info-like manual: node lines, underlined
// headings of three marks, prose, terms and indented examples.
func genUnderlined(t *rapid.T) string {
	var b strings.Builder
	marks := "*=-"
	for k := rapid.IntRange(3, 80).Draw(t, "nodes"); k > 0; k-- {
		title := genWord(t, "title") + " " + genWord(t, "word")
		if rapid.Bool().Draw(t, "node") {
			fmt.Fprintf(&b, "File: g.info,  Node: %s,  Up: Top\n\n", title)
		}
		m := marks[rapid.IntRange(0, 2).Draw(t, "mark")]
		fmt.Fprintf(&b, "%s\n%s\n\n", title, strings.Repeat(string(m), len(title)))
		for p := rapid.IntRange(0, 6).Draw(t, "paras"); p > 0; p-- {
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				b.WriteString(strings.ReplaceAll(rapid.StringN(1, 70, -1).Draw(t, "prose"), "\n", " ") + "\n")
			case 1:
				b.WriteString("‘--" + genWord(t, "option") + "’\n     " + strings.ReplaceAll(rapid.StringN(0, 60, -1).Draw(t, "what"), "\n", " ") + "\n")
			case 2:
				b.WriteString("     $ " + genWord(t, "cmd") + "\n")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Outlining an underlined document keeps the budget and every kept line
// verbatim where the gap notes say it is, and a heading comes with its
// underline (unless it ends the head).
func TestUnderlinedDocProperties(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text := genUnderlined(rt)
		limit := rapid.IntRange(200, max(200, len(text))).Draw(rt, "limit")
		out, ok := checkOutlineWithin(rt, text, limit)
		if !ok {
			return
		}
		s := newLineSel(text, limit, outlineGaps(1))
		kept := map[int]bool{}
		n := 1
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if m := gapLines.FindStringSubmatch(l); m != nil {
				last := m[2]
				if last == "" {
					last = m[1]
				}
				n, _ = strconv.Atoi(strings.ReplaceAll(last, ",", ""))
				n++
				continue
			}
			kept[n-1] = true
			n++
		}
		head, tail := 0, s.n()-1 // the head and the tail grow line by line
		for kept[head] {
			head++
		}
		for kept[tail] {
			tail--
		}
		for i := range kept {
			if _, ok := headingAt(s, i); ok && !kept[i+1] && i >= head && i <= tail {
				rt.Fatalf("heading %q (line %d) kept without its underline:\n%s", s.line(i), i+1, out)
			}
		}
	})
}

// checkOutlineWithin plans text as a read's outline within limit and, when
// the outline takes it, checks that the plan keeps the limit and that every
// kept line is an input line verbatim where the gap notes say it is. It
// returns the output before its marker, and whether the outline took the
// text.
func checkOutlineWithin(rt *rapid.T, text string, limit int) (string, bool) {
	p, ok := planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, limit)
	if !ok {
		return "", false
	}
	if n := itemsSize(p.items); n > limit {
		rt.Fatalf("%d bytes planned for a limit of %d", n, limit)
	}
	p.markerAt = len(p.items)
	out := render(text, p, marker{})
	out = out[:strings.LastIndex(out, markerPrefix)]
	checkVerbatimNumbered(rt, text, out)
	return out, true
}
