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
// space, inside quotes, at an escape or a failure word that reads on, in
// a `[tag]` or a lead that runs to its bound.
func TestShapeReaderProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := []string{" ", "  ", "\"", "\\", "not", " ok", "ok", "ENOENT", "E", "x1", "9", "(", "=", "é", "\t", "error", "segmentation", " fault", "Fail", "SEVERE",
			"[", "]", "[pid 7] ", strings.Repeat("w", leadMax-2), "12"}
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

// scanShape reads every line as plainScanShape does: on every line of the
// corpus and on lines drawn from the pieces that change its state.
func TestScanShapeMatchesPlainScan(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, l string) {
		start := shapeState{h: fnvOffset}
		if got, want := scanShape(l, 0, start, nil), plainScanShape(l, 0, start); got != want {
			t.Fatalf("%q: %+v, want %+v", l, got, want)
		}
	}
	for _, c := range loadCorpus(t) {
		for l := range strings.SplitSeq(c.input, "\n") {
			check(t, l[:min(len(l), shapeWindow)])
		}
	}
	pieces := []string{" ", "\t ", "\"", "\\", "\\\"", "error", "not", " ok", "ENOENT", "E1", "SEVERE", "Crit", "_x", "0x1f", "é", "✗", "(", "=", "/", "a"}
	rapid.Check(t, func(t *rapid.T) {
		check(t, strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 16).Draw(t, "pieces"), ""))
	})
}

// plainScanShape is scanShape as first written, one loop for every class
// of token and no checkpoints: the specification the fast one is held to.
func plainScanShape(s string, i int, st shapeState) shapeState {
	h, quoted, mayFail, errno, restRead := st.h, st.quoted, st.mayFail, st.errno, st.restRead
	for i < len(s) {
		c := s[i]
		rc := runClass[c]
		if rc == runPunct {
			i++
			switch {
			case c == '"':
				quoted = !quoted
				if !quoted {
					continue // the string was written at its opening quote
				}
			case c == '\\' && quoted:
				if i < len(s) && runClass[s[i]] == runPunct {
					i++
				}
				continue
			case quoted:
				continue
			}
			h = h*33 ^ uint64(c)
			continue
		}
		start := i
		for i++; i < len(s) && runClass[s[i]] == rc; i++ {
		}
		switch {
		case rc == runHigh:
			mayFail = true // a mark (✗ ✖ ×) counts as a failure word
		case !letterTab[c]:
		case i-start >= 3 && (wordPair[lowerTab[c]][lowerTab[s[start+1]]] || c == 'S' || c == 'C') && !mayFail:
			k := start + 2
			for k < i && letterTab[s[k]] {
				k++
			}
			w := s[start:k]
			restRead = restRead || len(w) >= 3 && signalTrigram[trigram(w)]
			mayFail = mayFailWord(w, s[k:])
		}
		if c == 'E' && !errno {
			errno = isErrnoName(s[start:i])
		}
		if !quoted {
			h = h*33 ^ uint64(shapeSym[c])
		}
	}
	return shapeState{h, quoted, mayFail, errno, restRead}
}
