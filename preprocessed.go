package headroom

import (
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// planPreprocessed plans the output of a C preprocessor (gcc -E, cpp,
// clang -E): thousands of header lines between `# N "file" flags`
// linemarkers, the user's own file last. What a reader wants of it is the
// user's code (the lines of the file the first marker names), which
// headers that file includes (the markers entering a header from it), and
// from the headers the declarations of the functions the user's code
// calls; then as much of the head as fits. Every kept line is an input
// line verbatim or cut at 300 bytes with a note, and the gap notes name
// the line ranges they stand for.
//
// It takes text whose first line is a linemarker and that has at least
// preprocessedMarkersMin of them; anything else it declines.
func planPreprocessed(text string, limit int) (plan, bool) {
	if limit < 200 || len(text) <= limit {
		return plan{}, false
	}
	main, ok := linemarker(text[:lineEnd(text, 0, len(text))])
	if !ok || strings.Count(text, "\n# ") < preprocessedMarkersMin {
		return plan{}, false
	}
	s := newLineSel(text, limit, lineGaps(strings.Count(text, "\n")+1))
	n := s.n()
	// One pass: which file each line belongs to, the includes of the
	// user's file, and the names its code calls.
	inMain := make([]bool, n)
	var includes []int
	called := map[string]bool{}
	cur := main
	for i := range n {
		l := s.line(i)
		if f, ok := linemarker(l); ok {
			if cur == main && f != main && markerEnters(l) {
				includes = append(includes, i)
			}
			cur = f
			inMain[i] = f == main
			continue
		}
		if cur == main {
			inMain[i] = true
			eachCallee(l, func(w string, _ int) bool {
				called[w] = true
				return false
			})
		}
	}
	const lineCap = 300
	// The head's first lines: the command line and built-in markers.
	for i := 0; i < min(n, 4); i++ {
		s.pickCapped(i, lineCap)
	}
	// The user's code, from its end (where its own definitions are) back.
	room := s.room()
	for i := n - 1; i >= 0 && s.used < s.limit-room+room*45/100; i-- {
		if inMain[i] && strings.TrimSpace(s.line(i)) != "" {
			s.pickCapped(i, lineCap)
		}
	}
	for _, i := range includes {
		s.pickCapped(i, lineCap)
	}
	if len(called) > 0 {
		for i := range n {
			if !inMain[i] && declaresOneOf(s.line(i), called) {
				s.pickCapped(i, lineCap)
			}
		}
	}
	// What is left: the head grows.
	for i := 0; i < n; i++ {
		if !s.isKept(i) && !s.pickCapped(i, lineCap) {
			break
		}
	}
	items, markerAt := s.items()
	if itemsSize(items) > limit {
		return plan{}, false
	}
	what := txt.Commas(n-s.kept()) + " of " + txt.Plural(n, "line") + " of preprocessor output: kept " + main +
		"'s own lines, the " + txt.Plural(len(includes), "header") + " it includes and the declarations of what it calls"
	return plan{strategy: StrategyOutline, items: items, markerAt: markerAt, what: what, digest: true,
		hint: "To see more, re-run the preprocessor on less, or grep the output for a name."}, true
}

// preprocessedMarkersMin is how many linemarkers preprocessor output has
// at least: one per header entered and left.
const preprocessedMarkersMin = 10

// linemarker returns the file a linemarker (`# 12 "file.h" 1 3 4`) names.
func linemarker(l string) (string, bool) {
	rest, ok := strings.CutPrefix(l, "# ")
	if !ok {
		return "", false
	}
	d := txt.DigitsAt(rest, 0)
	if d == 0 || !strings.HasPrefix(rest[d:], " \"") {
		return "", false
	}
	rest = rest[d+2:]
	q := strings.IndexByte(rest, '"')
	if q <= 0 {
		return "", false
	}
	return rest[:q], true
}

// markerEnters reports a linemarker whose flags say a file is entered
// (flag 1: an #include starts).
func markerEnters(l string) bool {
	q := strings.LastIndexByte(l, '"')
	for _, f := range strings.Fields(l[q+1:]) {
		if f == "1" {
			return true
		}
	}
	return false
}

// eachCallee calls f with each identifier of l followed by '(' (spaces
// between allowed), control words left out, and where it starts, until f
// returns true. It looks at each '(' and walks back, so a line without
// one costs one scan.
func eachCallee(l string, f func(w string, at int) bool) {
	for from := 0; ; {
		p := strings.IndexByte(l[from:], '(')
		if p < 0 {
			return
		}
		p += from
		from = p + 1
		e := p
		for e > 0 && l[e-1] == ' ' {
			e--
		}
		b := e
		for b > 0 && isIdentByte(l[b-1]) {
			b--
		}
		if w := l[b:e]; w != "" && (w[0] < '0' || w[0] > '9') && !controlWord(w) && w != "sizeof" && f(w, b) {
			return
		}
	}
}

// declaresOneOf reports a header line that declares a function named in
// names: `extern int fprintf (FILE *…`, `char *strerror (int)`: the name
// after a space or '*' and before '('.
func declaresOneOf(l string, names map[string]bool) bool {
	if l == "" || l[0] == '#' || l[0] == ' ' || l[0] == '\t' {
		return false
	}
	found := false
	eachCallee(l, func(w string, at int) bool {
		found = names[w] && at > 0 && (l[at-1] == ' ' || l[at-1] == '*')
		return found
	})
	return found
}
