package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A shapeReader reads every line as shapeOf does, whatever the lines
// before it shared: on every corpus input, line by line.
func TestShapeReaderMatchesShapeOf(t *testing.T) {
	for _, c := range loadCorpus(t) {
		var r shapeReader
		for n, l := range strings.Split(c.input, "\n") {
			if got, want := r.read(l), shapeOf(l); got != want {
				t.Fatalf("%s line %d %q: reader %+v, shapeOf %+v", c.name, n+1, l, got, want)
			}
		}
	}
}

// A failure word whose test reads the text after it (`not ok`) ties the
// state to more than the bytes before a space: the next line, which
// shares `not ` but not ` ok`, is read from its start.
func TestShapeReaderRestRead(t *testing.T) {
	var r shapeReader
	for _, l := range []string{"not ok 1 - parses", "not yet 2 - parses", "not ok 3", "segmentation fault", "segmentation of x"} {
		if got, want := r.read(l), shapeOf(l); got != want {
			t.Errorf("%q: reader %+v, shapeOf %+v", l, got, want)
		}
	}
}

// The same on lines drawn to share prefixes and to differ right after a
// space, inside quotes, at an escape or a failure word that reads on.
func TestShapeReaderProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := []string{" ", "  ", "\"", "\\", "not", " ok", "ok", "ENOENT", "E", "x1", "9", "(", "=", "é", "\t", "error", "segmentation", " fault", "Fail", "SEVERE"}
		lines := rapid.SliceOfN(rapid.SliceOfN(rapid.SampledFrom(parts), 0, 12), 1, 12).Draw(t, "lines")
		var r shapeReader
		prev := ""
		for k, ps := range lines {
			l := strings.Join(ps, "")
			if k > 0 && rapid.Bool().Draw(t, "share") {
				l = prev[:rapid.IntRange(0, len(prev)).Draw(t, "cut")] + l
			}
			if got, want := r.read(l), shapeOf(l); got != want {
				t.Fatalf("line %d %q after %q: reader %+v, shapeOf %+v", k, l, prev, got, want)
			}
			prev = l
		}
	})
}
