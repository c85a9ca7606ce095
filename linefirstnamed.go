package headroom

import (
	"slices"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A run that fails on a name often says so far below the step that first
// met it: pkg-config's `Package 'libbrotlicomon', required by
// 'libbrotlidec', not found` ends a trace whose walk of a package's
// dependencies tried that name hundreds of lines above. The step that
// first met the name is where the reader looks for the cause.

// firstNamedAnchors bounds the failure lines kept, latest first, whose
// quoted name is looked for above them.
const firstNamedAnchors = 3

// firstNamedLines returns, for each of the last firstNamedAnchors kept
// lines of s that fail (a failure signal, or a clause ending in `not
// found`) and quote a name, the first line above it whose last word is
// that name: the run's own step on the name (`trying to verify
// dependency: NAME`, `Checking for NAME`), where a name within a line is
// a passing mention. Lines come in the order their anchors were met,
// latest first, each at most once; it reads the kept lines from the end
// and, per anchor, the lines above it.
func firstNamedLines(s *lineSel) []int {
	var out []int
	anchors := 0
	for i := s.prevKept(s.n()); i >= 0 && anchors < firstNamedAnchors; i = s.prevKept(i) {
		l := s.line(i)
		if !hasFailureSignal(l) && !endsNotFound(l) {
			continue
		}
		name, ok := firstQuotedName(l)
		if !ok {
			continue
		}
		anchors++
		for j := 0; j < i; j++ {
			if endsWithName(s.line(j), name) {
				if !slices.Contains(out, j) {
					out = append(out, j)
				}
				break
			}
		}
	}
	return out
}

// endsNotFound reports whether line's last clause is `not found` (after
// trailing spaces and a full stop or exclamation mark): `Package 'x',
// required by 'y', not found`, `libfoo.so.1 => not found`.
func endsNotFound(line string) bool {
	t := strings.TrimRight(line, " \t\r.!")
	const p = "not found"
	if !strings.HasSuffix(t, p) {
		return false
	}
	k := len(t) - len(p)
	return k == 0 || t[k-1] == ' ' || t[k-1] == ','
}

// firstQuotedName returns the first name line quotes between single
// quotes, backquotes or double quotes (a closing single quote may end a
// backquote, as in `x'): three to a hundred bytes, no space or quote
// in it.
func firstQuotedName(line string) (string, bool) {
	for i := 0; i < len(line); i++ {
		if c := line[i]; c != '\'' && c != '`' && c != '"' {
			continue
		}
		j := i + 1
		for j < len(line) && line[j] != '\'' && line[j] != '`' && line[j] != '"' && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if j < len(line) && line[j] != ' ' && line[j] != '\t' && j-i-1 >= 3 && j-i-1 <= 100 {
			return line[i+1 : j], true
		}
		i = j - 1
	}
	return "", false
}

// endsWithName reports whether line, trailing spaces trimmed, ends with
// name as a whole word: no letter, digit, '_', '-' or '.' before it.
func endsWithName(line, name string) bool {
	t := strings.TrimRight(line, " \t\r")
	if !strings.HasSuffix(t, name) {
		return false
	}
	k := len(t) - len(name)
	if k == 0 {
		return true
	}
	c := t[k-1]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.')
}

// firstMetKept words the lines kept where a failure's quoted name was
// first met (see firstNamedLines); nothing when none were.
func firstMetKept(k int) string {
	if k == 0 {
		return ""
	}
	return txt.Plural(k, "line") + " where a failure's quoted name first appears, "
}
