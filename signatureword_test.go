package headroom

import (
	"strings"
	"testing"
)

// A failure word that is a type in a code signature (a symbol table's
// rows, a stack frame) is no failure; the same word said in brackets of
// its own, or in a phrase, still is.
func TestFailureWordInSignature(t *testing.T) {
	cases := map[string]int{
		"   509d8         56 R type:*func() error":                                  sigNone,
		"   52318         56 R type:*func(*bufio.ReadWriter, int) ([]uint8, error)": sigNone,
		"   53958         56 R type:*func(*bufio.Scanner, error)":                   sigNone,
		"   52790         56 R type:*func(*bufio.ReadWriter, uint8) error":          sigNone,
		"0000000000001234 T f(int, error)":                                          sigNone,
		"func (r *Reader) ReadByte() (byte, error)":                                 sigNone,
		"main.run(error)\r": sigNone,
		"   1403a         56 R type:*interface { Unwrap() []error }": sigNone,
		"   13a44         56 R type:*func() []*error":                sigNone,
		"go:interface { Is(error) bool }.Is":                         sigNone,
		"**error** see below":                                        sigFailure,
		"task (build) failed":                                        sigFailure,
		"upload (failed)":                                            sigFailure,
		"retrying (attempt 3, failed)":                               sigFailure,
		"FAILED (failures=1, errors=2)":                              sigFailure,
		"step(compile) failed with exit code 2":                      sigFailure,
		"fetch() error: connection refused":                          sigFailure,
		"finished (3 errors)":                                        sigCount,
		"ended with (error)":                                         sigFailure,
	}
	for line, want := range cases {
		if got := failureSignal(line); got != want {
			t.Errorf("failureSignal(%q) = %d, want %d", line, got, want)
		}
	}
}

// inSignature reads brackets back along any line, from any word, without
// a panic, and finds no signature where no bracket opens before the word.
func FuzzInSignature(f *testing.F) {
	for _, s := range []string{"type:*func() error", "f(a, (b, error)) error", ")) error", "(error", ", error"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := range len(s) + 1 {
			for j := i; j <= len(s) && j <= i+12; j++ {
				// Every form it reads is a bracketed list or the result
				// after one: no word is in a signature before a bracket.
				if inSignature(s, i, j) && !strings.Contains(s[:i], "(") {
					t.Fatalf("%q[%d:%d] = %q read as in a signature with no bracket before it", s, i, j, s[i:j])
				}
			}
		}
	})
}
