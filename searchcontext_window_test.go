package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// isContextLineWhole is isContextLine searching the whole line for a
// separator, as it did before its window: the reference of its early exit.
func isContextLineWhole(line string) bool {
	if n := digitRun(line, 0); n > 0 && n < len(line) && strings.IndexByte(contextSeps, line[n]) >= 0 {
		return true
	}
	for i := 0; i < len(line); {
		d := strings.IndexAny(line[i:], contextSeps)
		if d < 0 {
			return false
		}
		d += i
		if n := digitRun(line, d+1); n > 0 && d+1+n < len(line) && line[d+1+n] == line[d] {
			return looksLikePath(line[:d])
		}
		i = d + 1
	}
	return false
}

// isContextLine's window changes no answer: lines whose `-NN-` falls on
// either side of maxPathLen, after a path-like prefix or not, and after a
// leading blank, a quote or a tab, where the window ends early.
func TestIsContextLineWindowChangesNothing(t *testing.T) {
	var yes, no int
	rapid.Check(t, func(t *rapid.T) {
		// Half the cases aim at a context line: a path within maxPathLen,
		// then `-12-` or `=12=`. Few free draws are one (about one in
		// eight), and -short under -race runs only 20 cases, which then
		// missed the yes side in 70 of 300 runs.
		aim := rapid.Bool().Draw(t, "aim")
		pads, fills, leads := rapid.IntRange(maxPathLen-8, maxPathLen+8), []string{"a", "a/b", "x y", "-", "1", "é", `a"`, "a\tb", "a=1"},
			// A blank, a quote or a tab before the separator ends the
			// search early: the path before it would be refused.
			[]string{"", "", "", " ", "\t", `"`, `src/a.go"`, "src/a.go\t", "-1"}
		if aim {
			pads, fills, leads = rapid.IntRange(maxPathLen-8, maxPathLen), []string{"a", "a/b", "é", "a=1"}, []string{"", "src/"}
		}
		pad := pads.Draw(t, "pad")
		fill := rapid.SampledFrom(fills).Draw(t, "fill")
		lead := rapid.SampledFrom(leads).Draw(t, "lead")
		prefix := (lead + strings.Repeat(fill, pad/len(fill)+1))[:pad]
		sep := rapid.SampledFrom([]string{"-", "="}).Draw(t, "sep")
		num, sep2 := rapid.SampledFrom([]string{"12", "", "x"}).Draw(t, "num"), rapid.SampledFrom([]string{"-", "=", ":"}).Draw(t, "sep2")
		if aim {
			num, sep2 = "12", sep
		}
		line := prefix + sep + num + sep2 + rapid.StringN(0, 20, -1).Draw(t, "rest")
		got, want := isContextLine(line), isContextLineWhole(line)
		if got != want {
			t.Fatalf("isContextLine = %v, the whole line's answer %v (separator at %d)", got, want, pad)
		}
		if want {
			yes++
		} else {
			no++
		}
	})
	if yes == 0 || no == 0 {
		t.Fatalf("the generator missed a side: %d context lines, %d not", yes, no)
	}
}
