package headroom

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// failingCount reads the marker's count of failing members kept, -1 for
// none said.
func failingCount(what string) (kept, of int) {
	m := regexp.MustCompile(`(\d[\d,]*) of (\d[\d,]*) failing members? kept`).FindStringSubmatch(what)
	if m == nil {
		return -1, -1
	}
	k, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	n, _ := strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
	return k, n
}

// failingShown counts the failing members of text (each `"OK": false`)
// that p's items keep verbatim.
func failingShown(text string, p plan) int {
	const member = `"OK": false`
	n := 0
	for at := 0; ; {
		i := strings.Index(text[at:], member)
		if i < 0 {
			return n
		}
		at += i
		for _, it := range p.items {
			if it.start <= at && at+len(member) <= it.end {
				n++
				break
			}
		}
		at += len(member)
	}
}

// R's CRAN mirror list at 16,000 bytes: eight alike failing mirrors, of
// which the digests plan shows the first whole and the signals keep no
// other (many alike, one shown). The marker said "0 of 8 failing members
// kept" with that one in the output.
func TestJSONMarkerCountsTheFailuresItShows(t *testing.T) {
	failing := map[int]bool{1: true, 10: true, 22: true, 30: true, 57: true, 61: true, 73: true, 78: true}
	text := mirrorList(108, failing)
	for _, limit := range []int{len(text) / 2, len(text) * 3 / 5, len(text) / 3, len(text) / 8} {
		p, ok := planJSON(text, limit)
		require.True(t, ok)
		kept, of := failingCount(p.what)
		assert.Equal(t, 8, of, "limit %d: %s", limit, p.what)
		assert.Equal(t, failingShown(text, p), kept, "limit %d: %s", limit, p.what)
	}
}

// Property: the count of failing members the marker says kept is the
// number of failing members the output shows.
func TestJSONMarkerFailureCountIsWhatIsShown(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 150).Draw(t, "mirrors")
		failing := map[int]bool{}
		for _, i := range rapid.SliceOfN(rapid.IntRange(0, n-1), 1, 20).Draw(t, "failing") {
			failing[i] = true
		}
		text := mirrorList(n, failing)
		limit := rapid.IntRange(600, len(text)).Draw(t, "limit")
		p, ok := planJSON(text, limit)
		if !ok {
			return
		}
		kept, of := failingCount(p.what)
		if of < 0 {
			if shown := failingShown(text, p); shown > 0 && shown < len(failing) {
				t.Fatalf("no count, %d of %d failures shown: %s", shown, len(failing), p.what)
			}
			return
		}
		if of != len(failing) {
			t.Fatalf("%d failing members said, %d in the input", of, len(failing))
		}
		if shown := failingShown(text, p); kept != shown {
			t.Fatalf("the marker says %d of %d kept, the output shows %d: %s", kept, of, shown, p.what)
		}
	})
}
