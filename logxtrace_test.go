package headroom

import (
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// xtraceExitRef is isXtraceExit as a regular expression: one or more
// '+', an optional `(place): ` PS4, `exit ` and a number that is not all
// zeros, trailing blanks and a '\r' allowed. The place ends at the
// first `): `.
var xtraceExitRef = regexp.MustCompile(`^\++(?:\((?:[^)]|\)[^:]|\):[^ ])*\): | ?)exit 0*[1-9][0-9]*[ \r]*$`)

// isXtraceExit agrees with xtraceExitRef on lines built of its pieces.
func TestIsXtraceExitAsRegexp(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`(\+|\+\+|\(a\.sh:12\): |\(|\): | |exit |exit|0|1|127|x|\r){0,8}`).Draw(t, "line")
		if got, want := isXtraceExit(s), xtraceExitRef.MatchString(s); got != want {
			t.Fatalf("isXtraceExit(%q) = %v, the reference says %v", s, got, want)
		}
	})
}

// FuzzIsXtraceExit: any line, no panic, and a yes only for a line that
// starts with '+' and says exit.
func FuzzIsXtraceExit(f *testing.F) {
	for _, s := range []string{"+ exit 127", "++ exit 0", "+(/a/pyenv:142): exit 2", "+ exit $rc", "+(", "+exit 1\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if isXtraceExit(s) && (!strings.HasPrefix(s, "+") || !strings.Contains(s, "exit ")) {
			t.Fatalf("isXtraceExit(%q) with no '+' lead or no exit", s)
		}
		endsInFailurePhrase(s)
	})
}
