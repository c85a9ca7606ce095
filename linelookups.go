package headroom

import "strings"

// A trace of a program that searches a path (a loader trying each
// directory of its load path, a shell each of $PATH) fails many times on
// one name before it finds it: strace's
//
//	openat(AT_FDCWD, "/usr/local/lib/site_ruby/json/ext/generator.so", …) = -1 ENOENT (…)
//	openat(AT_FDCWD, "/usr/lib/x86_64-linux-gnu/ruby/3.1.0/json/ext/generator.so", …) = 5
//
// The failures are alike and many; the line after them, where the search
// ended, is the one that says which file the program used.

// lookupRunMin is the fewest failing lines in a row that make a search.
const lookupRunMin = 2

// lookupEnds returns, in input order, the line that ends each search of
// the text: after a run of lookupRunMin failure lines or more, the next
// line (no failure: it ends the run) when it makes the same call on the
// same name (the last element of the first quoted path). It reads
// the failure lines of sh, in input order, and two lines of each run.
func lookupEnds(s *lineSel, sh *shapes) []lookupEnd {
	var ends []lookupEnd
	nf := sh.fails.len()
	for x := 0; x < nf; {
		first := int(sh.fails.get(x).i)
		y := x + 1
		for y < nf && int(sh.fails.get(y).i) == first+(y-x) {
			y++
		}
		run := y - x
		last, next := first+run-1, first+run
		x = y
		if run >= lookupRunMin && next < s.n() && sameLookup(s.line(last), s.line(next)) {
			ends = append(ends, lookupEnd{at: next, tries: run})
		}
	}
	return ends
}

// A lookupEnd is the line where a search ended, after tries failures.
type lookupEnd struct{ at, tries int }

// sameLookup reports whether line b makes the call line a made (the
// same name before its first parenthesis) on the same name: the last
// element of its first quoted path, up to its first dot, as a search may
// try several suffixes (Perl's PP.pmc, then PP.pm).
func sameLookup(a, b string) bool {
	ca, cb := strings.IndexByte(a, '('), strings.IndexByte(b, '(')
	if ca <= 0 || ca != cb || a[:ca] != b[:cb] {
		return false
	}
	na, oka := quotedBase(a[ca:])
	nb, okb := quotedBase(b[cb:])
	return oka && okb && na == nb
}

// quotedBase returns the last element of the first double-quoted path in
// l, up to its first dot, when that is not empty.
func quotedBase(l string) (string, bool) {
	i := strings.IndexByte(l, '"')
	if i < 0 {
		return "", false
	}
	j := strings.IndexByte(l[i+1:], '"')
	if j < 0 {
		return "", false
	}
	p := l[i+1 : i+1+j]
	k := strings.LastIndexByte(p, '/')
	if k < 0 || k == len(p)-1 {
		return "", false
	}
	p = p[k+1:]
	if d := strings.IndexByte(p, '.'); d >= 0 {
		p = p[:d]
	}
	return p, p != ""
}
