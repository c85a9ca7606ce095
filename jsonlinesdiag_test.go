package headroom

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// diagnosticStream builds a cargo --message-format=json build: warnings
// warnings, the error at index errAt among them, a failure-note and the
// build-finished verdict.
func diagnosticStreamText(warnings, errAt int) string {
	var b strings.Builder
	for k := range warnings {
		if k == errAt {
			b.WriteString(cargoEvent("error", "mismatched types", "E0308", 400) + "\n")
		}
		b.WriteString(cargoEvent("warning", fmt.Sprintf("unused variable: `v%d`", k), "unused_variables", 10+k) + "\n")
	}
	b.WriteString(`{"reason":"compiler-message","message":{"rendered":"For more information about this error, try ` + "`rustc --explain E0308`" + `.\n","level":"failure-note"}}` + "\n")
	b.WriteString(`{"reason":"build-finished","success":false}` + "\n")
	return b.String()
}

// At 4,000 bytes a build of twelve warnings and one error names every
// diagnostic by its message before any is given its body: the error with
// its code, each warning by its message, the verdict after them. Kept at
// their ends, as before, the first few warnings took the room and most
// were dropped unnamed.
func TestJSONLinesNameEveryDiagnosticFirst(t *testing.T) {
	text := diagnosticStreamText(12, 7)
	p, ok := planJSONLines(text, 4000)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{tokens: len(text) / 4})
	var missing []string
	for k := range 12 {
		if w := fmt.Sprintf(`"message":"unused variable: `+"`v%d`"+`"`, k); !strings.Contains(out, w) {
			missing = append(missing, w)
		}
	}
	for _, w := range []string{`"level":"error","message":"mismatched types"`, `"code":{"code":"E0308"`, `{"reason":"build-finished","success":false}`} {
		if !strings.Contains(out, w) {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		t.Errorf("at 4,000 bytes the plan lacks %q:\n%s", missing, out)
	}
	if first := text[:strings.IndexByte(text, '\n')]; !strings.HasPrefix(out, first[:300]) {
		t.Errorf("the first diagnostic does not open the plan at its head:\n%s", out[:300])
	}
}

// A level that says the event failed names it though every long event
// says so alike (rustc's errors, the notes between them short): an
// identity line says it is an error.
func TestEventIDsNameAFailureLevelAllLongEventsShare(t *testing.T) {
	var b strings.Builder
	for k := range 8 {
		b.WriteString(cargoEvent("error", fmt.Sprintf("mismatched types %d", k), "E0308", 10+k) + "\n")
		b.WriteString(`{"reason":"compiler-message","message":{"level":"note","message":"short"}}` + "\n")
	}
	text := b.String()
	s := newLineSel(text, len(text), countGaps(len(text)))
	events, ok := jsonLinesEvents(s)
	if !ok {
		t.Fatal("not a JSON-lines stream")
	}
	s.ids, s.idRoom = newEventIDs(s, events, idLong), idRoom
	if s.ids == nil {
		t.Fatal("no value statistics")
	}
	h, t0, mids, ok := s.idLine(events[2])
	if !ok {
		t.Fatal("no identity line")
	}
	var got []string
	for _, m := range mids {
		got = append(got, text[m[0]:m[1]])
	}
	if all := text[s.at(events[2]):h] + " " + strings.Join(got, " ") + " " + text[t0:s.at(events[2]+1)]; !strings.Contains(all, `"level":"error"`) {
		t.Errorf("identity line %q lacks the level", all)
	}
}

// skipNoteRE matches a cut inside a line.
var skipNoteRE = regexp.MustCompile(`…\[[0-9,]+ bytes\]…|\[…[0-9,]+ bytes of line [0-9,]+ cut…\]`)

// Of any build of warnings with one error among them, at any budget: the
// plan holds its limit, every piece of a kept line between its cuts is
// the input's, the verdict is kept whole, and the error is named.
func TestJSONLinesDiagnosticStreamProperties(t *testing.T) {
	named := 0
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(4, 40).Draw(rt, "warnings")
		text := diagnosticStreamText(n, rapid.IntRange(0, n-1).Draw(rt, "errAt"))
		// Half the draws are budgets of 3,000 bytes or more, where the
		// error must be named: rapid's small-first draws of one range met
		// none in some of -short's 20 cases.
		limits := rapid.IntRange(1000, 2999)
		if rapid.Bool().Draw(rt, "large") {
			limits = rapid.IntRange(3000, len(text))
		}
		limit := limits.Draw(rt, "limit")
		p, ok := planJSONLines(text, limit)
		if !ok {
			rt.Fatal("declined")
		}
		if got := itemsSize(p.items); got > limit {
			rt.Fatalf("plan is %d bytes, over its limit %d", got, limit)
		}
		out := render(text, p, marker{tokens: len(text) / 4})
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "[…") {
				continue
			}
			for _, piece := range skipNoteRE.Split(l, -1) {
				if !strings.Contains(text, piece) {
					rt.Fatalf("kept piece %q is not the input's", piece)
				}
			}
		}
		if !strings.Contains(out, "\n"+`{"reason":"build-finished","success":false}`) {
			rt.Fatalf("verdict lost at limit %d", limit)
		}
		if limit >= 3000 {
			if !strings.Contains(out, `"level":"error","message":"mismatched types"`) {
				rt.Fatalf("the error is not named at limit %d:\n%s", limit, out)
			}
			named++
		}
	})
	if named == 0 {
		t.Error("no budget of 3,000 bytes or more drawn")
	}
}
