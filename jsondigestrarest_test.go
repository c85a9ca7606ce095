package headroom

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// fileRecords returns an exiftool -j-like array: n flat records of 25
// short members each (one key set), but for groups of three neighbours
// from the fourth on that carry twenty long members of a key set per
// group (rare, but too many to keep all), and the record at unique, which
// carries one key no other record has, "Comment".
func fileRecords(n, groups, unique int) string {
	var elems []any
	for i := range n {
		m := map[string]any{"SourceFile": fmt.Sprintf("./dir/file-%03d.png", i)}
		for k := range 24 {
			m[fmt.Sprintf("Tag%02d", k)] = fmt.Sprintf("value %d of %d", k, i)
		}
		if g := i/3 - 1; g >= 0 && g < groups {
			for k := range 20 {
				m[fmt.Sprintf("Group%dExtra%02d", g, k)] = strings.Repeat(fmt.Sprintf("long %d/%d ", g, k), 6)
			}
		}
		if i == unique {
			m["Comment"] = "drawn by hand in 1999"
		}
		elems = append(elems, m)
	}
	b, _ := json.MarshalIndent(elems, "", "  ")
	return string(b) + "\n"
}

// Records of rare key sets too many to keep all no longer lose every one
// of them: the rarest first, as many as fit. The one record with a key of
// its own (exiftool's gnus.svg among 48 PNGs of one key set) keeps that
// member, though six shapes of three records each do not all fit.
func TestPlanJSONDigestsKeepTheRarestShapesFirst(t *testing.T) {
	text := fileRecords(60, 6, 41)
	for _, limit := range []int{16000, 12000} {
		p, out := plannedJSON(t, text, limit)
		require.Contains(t, p.what, "by their naming members", "limit %d", limit)
		require.Contains(t, out, `"Comment": "drawn by hand in 1999",`, "limit %d", limit)
	}
}

// A record of a rare key set too large to keep whole in a quarter of the
// middle's room shows, besides its naming members, the members of its
// rarest keys, not every short member: gnus.svg's SvgDocbase, which no
// other file has, without the 40 Inkscape members it shares with
// splash.svg, so that the spread keeps naming the PNGs around it.
func TestPlanJSONDigestsShowARareRecordByItsRarestKeys(t *testing.T) {
	var elems []any
	for i := range 60 {
		m := map[string]any{"SourceFile": fmt.Sprintf("./dir/file-%03d.png", i)}
		for k := range 24 {
			m[fmt.Sprintf("Tag%02d", k)] = fmt.Sprintf("value %d of %d", k, i)
		}
		if i == 7 || i == 41 { // two Inkscape files
			for k := range 60 {
				m[fmt.Sprintf("Inkscape%02d", k)] = fmt.Sprintf("inkscape value %d of record %d", k, i)
			}
		}
		if i == 41 {
			m["Docbase"] = "/home/someone/drawings"
		}
		elems = append(elems, m)
	}
	b, _ := json.MarshalIndent(elems, "", "  ")
	text := string(b) + "\n"
	p, out := plannedJSON(t, text, 16000)
	require.Contains(t, p.what, "by their naming members")
	require.Contains(t, out, `"Docbase": "/home/someone/drawings",`)
	require.NotContains(t, out, "of record 41", "the members it shares with record 7 are not its rarest")
	named := strings.Count(out, "[…index ")
	require.GreaterOrEqual(t, named, 40, "digests named")
}

// rareMembers reports as rare the keys of an element held by as few of
// its siblings as any of its keys, when that is at most a tenth of them,
// and nothing (nil) for an element whose keys are all more common.
func TestRareMembersProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 40).Draw(t, "n")
		keys := []string{"a", "b", "c", "d", "e", "f"}
		var elems []map[string]int
		for range n {
			m := map[string]int{}
			for _, k := range keys {
				if rapid.IntRange(0, 3).Draw(t, "has") == 0 {
					m[k] = 1
				}
			}
			elems = append(elems, m)
		}
		b, _ := json.MarshalIndent(elems, "", "  ")
		text := string(b)
		top, ok := scanJSONTop(text)
		require.True(t, ok)
		o := &outliner{text: text}
		rare := rareMembers(o, top.elems, 0, n)
		held := map[string]int{}
		for _, m := range elems {
			for k := range m {
				held[k]++
			}
		}
		for j, m := range elems {
			least := n + 1
			for k := range m {
				least = min(least, held[k])
			}
			is := rare(j)
			if least > max(1, n/10) {
				require.Nil(t, is, "element %d: no key of its own", j)
				continue
			}
			for k := range m {
				require.Equal(t, held[k] == least, is(`"`+k+`"`), "element %d key %q held by %d", j, k, held[k])
			}
		}
	})
}

// showRareKeys shows picked elements of a rare shape only, each within
// the room, the rarest shapes first: an element it leaves out is of a
// shape as rare or more common than each it shows, or did not fit.
func TestShowRareKeysProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 40).Draw(t, "n")
		var sel, rarest []int
		shared, grow := map[int]int{}, map[int]int{}
		for j := range n {
			if rapid.Bool().Draw(t, "picked") {
				sel = append(sel, j)
			}
			if rapid.Bool().Draw(t, "rare") {
				rarest = append(rarest, j)
				shared[j] = rapid.IntRange(1, 5).Draw(t, "shared")
				grow[j] = rapid.IntRange(0, 80).Draw(t, "grow")
			}
		}
		used := rapid.IntRange(0, 300).Draw(t, "used")
		room := used + rapid.IntRange(0, 300).Draw(t, "left")
		var shown []int
		got := showRareKeys(sel, rarest, func(j int) int { return shared[j] }, used, room, func(j int) (int, bool) { return grow[j], j%7 != 3 },
			func(j int) { shown = append(shown, j) })
		require.LessOrEqual(t, got, room)
		sum := used
		for _, j := range shown {
			require.Contains(t, sel, j)
			require.Contains(t, rarest, j)
			require.NotEqual(t, 3, j%7, "an element with no view of its rare keys")
			sum += grow[j]
		}
		require.Equal(t, sum, got)
		for _, j := range rarest {
			if !slices.Contains(sel, j) || j%7 == 3 || slices.Contains(shown, j) {
				continue
			}
			// Left out: it would not fit on what the rarer and cheaper
			// shown before it left.
			before := used
			for _, k := range shown {
				if shared[k] < shared[j] || shared[k] == shared[j] && grow[k] <= grow[j] {
					before += grow[k]
				}
			}
			require.Greater(t, before+grow[j], room, "element %d left out", j)
		}
	})
}

// Over records with rare key sets, a plan of digests is within its limit,
// the same each time, and each line it keeps is an input line; the record
// with a key of its own, the rarest, keeps that member when the room
// holds it whole in an eighth.
func TestSequenceDigestsRareRecordsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(20, 70).Draw(t, "n")
		groups := rapid.IntRange(0, (n-4)/7).Draw(t, "groups") // rare records fewer than half
		unique := rapid.IntRange(1, n-2).Draw(t, "unique")
		text := fileRecords(n, groups, unique)
		limit := rapid.IntRange(2000, 20000).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		checkPlan(t, text, p, limit)
		again, _ := planJSON(text, limit)
		require.Equal(t, p, again)
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		checkVerbatimLines(t, text, out)
		if strings.Contains(p.what, "by their naming members") && limit >= 8000 {
			require.Contains(t, out, `"Comment": "drawn by hand in 1999"`)
		}
	})
}
