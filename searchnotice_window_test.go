package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// parseNoticeWhole is parseNotice reading every `: ` of a line, as it did
// before maxNoticePath: the reference of its window.
func parseNoticeWhole(line string) (key, path string, ok bool) {
	if p, found := strings.CutPrefix(line, "Binary file "); found {
		if p, found = strings.CutSuffix(p, " matches"); found && p != "" {
			return "binary file matches", p, true
		}
		return "", "", false
	}
	tool, rest := "", line
	if c := strings.Index(line[:min(len(line), 8)], ": "); c > 0 && c <= 6 {
		for _, t := range noticeTools {
			if line[:c] == t {
				tool, rest = t, line[c+2:]
				break
			}
		}
	}
	for k, m := range noticeMessages {
		i := strings.Index(rest, ": "+m)
		if i <= 0 {
			continue
		}
		tail := rest[i+2+len(m):]
		if tail != "" && !strings.HasPrefix(tail, " (") {
			continue
		}
		if tool == "" && m != "binary file matches" && !strings.HasPrefix(tail, " (os error ") {
			continue
		}
		key = m
		if tool != "" {
			key = tool + ": " + m
		}
		_ = k
		return key, strings.Trim(rest[:i], "'‘’`\""), true
	}
	return "", "", false
}

// parseNotice's window changes no notice whose path, quotes included, is
// at most maxNoticePath bytes, and takes none with a longer one: paths on
// either side of the bound, before every message and tail.
func TestParseNoticeWindow(t *testing.T) {
	var kept, cut int
	// Under -short rapid draws 20 lines, which can all fall on one side
	// of the bound: draw again, up to 50 rounds, until both are tested.
	for round := 0; round < 50 && (kept == 0 || cut == 0); round++ {
		checkNoticeWindow(t, &kept, &cut)
	}
	if kept == 0 || cut == 0 {
		t.Fatalf("kept %d, cut %d: a side of the bound went untested", kept, cut)
	}
}

// checkNoticeWindow is one round of TestParseNoticeWindow's property,
// counting the lines kept whole within the window and those it cuts.
func checkNoticeWindow(t *testing.T, kept, cut *int) {
	rapid.Check(t, func(t *rapid.T) {
		tool := rapid.SampledFrom([]string{"", "rg: ", "grep: ", "find: "}).Draw(t, "tool")
		// Both sides of the bound, each half the time: a length drawn
		// over the whole range would rarely pass it.
		n := rapid.IntRange(1, maxNoticePath).Draw(t, "path")
		if rapid.Bool().Draw(t, "long") {
			n = rapid.IntRange(maxNoticePath+1, maxNoticePath+64).Draw(t, "longPath")
		}
		fill := rapid.SampledFrom([]string{"a", "a/b", "x: y", "é", "'"}).Draw(t, "fill")
		path := strings.Repeat(fill, n/len(fill)+1)[:n]
		msg := rapid.SampledFrom(noticeMessages[:]).Draw(t, "msg")
		tail := rapid.SampledFrom([]string{"", " (os error 13)", " (found \"\\0\" byte around offset 4)", " x", ": again"}).Draw(t, "tail")
		line := tool + path + ": " + msg + tail
		wk, wp, wok := parseNoticeWhole(line)
		k, p, ok := parseNotice(line)
		rest := line[len(tool):]
		within := true // every message's first `: ` within the window
		for _, m := range noticeMessages {
			if i := strings.Index(rest, ": "+m); i > maxNoticePath {
				within = false
			}
		}
		if within {
			if ok != wok || k != wk || p != wp {
				t.Fatalf("parseNotice(%q) = %q %q %v, whole %q %q %v", line, k, p, ok, wk, wp, wok)
			}
			*kept++
			return
		}
		if ok && !wok {
			t.Fatalf("parseNotice(%q) = %q %q, but whole declines it", line, k, p)
		}
		if wok && !ok {
			*cut++
		}
	})
}
