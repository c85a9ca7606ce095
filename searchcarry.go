package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A match line that ends unfinished, on an opener or a continuation
// (`assert_raise ArgumentError,`, `fn ->`, `foo(`, `x = \`), says its
// subject on the next line: under -C that line is a context line, and it
// is carried with the match, kept ahead of any other context. When the
// matches do not all fit, their cost counts the line they carry, so that
// fewer matches show each with its subject.

// unfinishedEnds are the line endings that continue on the next line.
var unfinishedEnds = []string{",", "(", "[", "{", "\\", "->", "=>", "=", "+", "&&", "||", "|>", "<>", "++"}

// unfinished reports whether the text s ends on an opener or a
// continuation: one of unfinishedEnds, or the word `do`.
func unfinished(s string) bool {
	s = strings.TrimRight(s, " \t\r")
	if s == "" {
		return false
	}
	for _, e := range unfinishedEnds {
		if strings.HasSuffix(s, e) {
			// `==`, `!=`, `<=`, `>=` and `->`'s `-` close nothing.
			if e == "=" && len(s) > 1 && strings.IndexByte("=!<>", s[len(s)-2]) >= 0 {
				return false
			}
			return true
		}
	}
	if strings.HasSuffix(s, "do") {
		rest := s[:len(s)-2]
		return rest == "" || rest[len(rest)-1] == ' ' || rest[len(rest)-1] == '\t'
	}
	return false
}

// carried returns the context line a match line l of f carries: the line
// right after it, when l ends unfinished, the input has context and that
// line is a context line of f; false otherwise.
func (cx *searchContext) carried(f *searchFile, l searchLine) (searchLine, bool) {
	if cx.sc.context == 0 || l.more > 0 || l.body <= l.start || !unfinished(cx.text[l.body:l.end]) {
		return searchLine{}, false
	}
	return cx.contextLine(f, txt.NextLineStart(cx.text, l.end))
}

// carryCost is what the line a match line l of f carries adds to it: the
// line, and a `--` it may open after it; 0 when it carries none.
func (sp *searchPlanner) carryCost(f *searchFile, l searchLine) int {
	if !sp.carrying {
		return 0
	}
	if sp.carrier == nil {
		sp.carrier = &searchContext{text: sp.text, sc: *sp.sc}
	}
	c, ok := sp.carrier.carried(f, l)
	if !ok {
		return 0
	}
	n := headItem(sp.text, c, sp.lineCap).size()
	if sp.sc.separator != (searchLine{}) {
		n += keepLine(sp.text, sp.sc.separator).size()
	}
	return n
}

// carry keeps, within room bytes, the line each shown match carries, in
// input order, and returns the room it used and the lines it kept.
func (cx *searchContext) carry(room int) (used, kept int) {
	i := 0
	for _, f := range cx.sc.files {
		for _, l := range f.appendShown(nil) {
			s := &cx.spans[i]
			i++
			if s.down != s.after {
				continue
			}
			if _, ok := cx.carried(f, l); !ok {
				continue
			}
			up0, down0 := s.up, s.down
			c, ok := cx.extend(i-1, true)
			if !ok {
				continue
			}
			if c > room-used {
				s.up, s.down = up0, down0
				continue
			}
			used += c
			kept++
		}
	}
	return used, kept
}

// carryRoom is what the shown matches' carried lines were costed, when
// carrying: room the context gets back for them.
func (sp *searchPlanner) carryRoom() int {
	if !sp.carrying {
		return 0
	}
	n := 0
	for _, f := range sp.sc.files {
		for _, l := range f.appendShown(nil) {
			n += sp.carryCost(f, l)
		}
	}
	return n
}

// carryFurther turns carrying on when every file's first line fit without
// the lines they carry and further matches do not all fit: the rounds
// would otherwise take the room those lines need, and a first match that
// ends unfinished (`return fmt.Errorf("…: %s",`) would show without its
// subject while later matches show. It returns what the first lines'
// carried lines cost, which the rounds no longer have, or 0 (carrying
// left as it was) when carrying is on already, the input has no context
// or they cost more than room.
func (sp *searchPlanner) carryFurther(room int) int {
	if sp.carrying || sp.sc.context == 0 {
		return 0
	}
	sp.carrying = true
	c := sp.carryRoom()
	if c > room {
		sp.carrying = false
		return 0
	}
	return c
}
