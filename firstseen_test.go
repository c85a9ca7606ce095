package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// firstSeen answers as a map from each key to the first index given
// with it, whether or not its hash bits collide, and past a grow.
func TestFirstSeenIsAMapOfFirstIndices(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keys := rapid.SliceOfN(rapid.StringMatching(`[ab]{0,6}`), 1, 400).Draw(t, "keys")
		hint := rapid.IntRange(0, 50).Draw(t, "hint")
		keyOf := func(dst []byte, i int) []byte { return append(dst, keys[i]...) }
		s := newFirstSeen(0, hint, keyOf)
		if rapid.Bool().Draw(t, "lent") {
			s = newFirstSeenIn(make(sliceHashes, len(keys)), hint, keyOf)
		}
		want := map[string]int{}
		for i, k := range keys {
			w, ok := want[k]
			if !ok {
				w = i
				want[k] = i
			}
			if got := s.first([]byte(k), i); got != w {
				t.Fatalf("first(%q, %d) = %d, want %d", k, i, got, w)
			}
		}
	})
}

// sliceHashes is a hashStore a test lends a firstSeen.
type sliceHashes []uint32

func (s sliceHashes) hash(i int) uint32       { return s[i] }
func (s sliceHashes) setHash(i int, h uint32) { s[i] = h }

// dedupWarningsByMap is dedupWarnings with a map of normalised keys: what
// its hash table must not change.
func dedupWarningsByMap(lines logLines, blocks []logBlock) (reps []int, count []int32, repeat []bool) {
	seen := map[string]int{}
	repeat = make([]bool, lines.len())
	in := false
	for i := range lines.len() {
		switch c := lines.class(i); {
		case blockAt(blocks, i) >= 0:
			in = false
		case c == lineWarning:
			key := string(warningKey(nil, lines, i))
			k, ok := seen[key]
			in = ok
			if ok {
				count[k]++
				break
			}
			seen[key] = len(reps)
			reps = append(reps, i)
			count = append(count, 1)
		case c != lineTrace && c != lineBlank:
			in = false
		}
		repeat[i] = in
	}
	return reps, count, repeat
}

// dedupWarnings folds warnings that differ only in numbers, as a map of
// their normalised lines does, and marks the same lines repeated.
func TestDedupWarningsAsByMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pool := []string{"warning: unused x%d", "warning: unused y%d", "  --> a.rs:%d:1", "", "error: boom %d", "  at f (a.js:%d)",
			"ok", "2015-10-18 WARN [main] Address change %d", "warning: unused x%d (×2)", "warning: [-Wunsafe]"}
		var b strings.Builder
		for range rapid.IntRange(0, 80).Draw(t, "n") {
			line := pool[rapid.IntRange(0, len(pool)-1).Draw(t, "line")]
			b.WriteString(strings.ReplaceAll(line, "%d", rapid.StringMatching(`[0-9]{1,2}`).Draw(t, "num")) + "\n")
		}
		text := b.String()
		lines := scanLog(text)
		blocks := formBlocks(lines, text)
		wantReps, wantCount, wantRepeat := dedupWarningsByMap(lines, blocks)
		reps, count := dedupWarnings(lines, blocks)
		if len(reps) != len(wantReps) || len(count) != len(wantCount) {
			t.Fatalf("reps %v counts %v, by map %v %v", reps, count, wantReps, wantCount)
		}
		for k := range reps {
			if reps[k] != wantReps[k] || count[k] != wantCount[k] {
				t.Fatalf("reps %v counts %v, by map %v %v", reps, count, wantReps, wantCount)
			}
		}
		for i := range lines.len() {
			if lines.repeat(i) != wantRepeat[i] {
				t.Fatalf("line %d %q repeat %v, by map %v", i, lines.line(i), lines.repeat(i), wantRepeat[i])
			}
		}
	})
}
