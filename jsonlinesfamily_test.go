package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// streamSel is a line selection over text, every line of which is an
// event, with its events' line indices.
func streamSel(text string, limit int) (*lineSel, []int) {
	s := newLineSel(text, limit, countGaps(len(text)))
	var events []int
	for i := range s.n() {
		if eventLine(s.line(i)) == jlEvent {
			events = append(events, i)
		}
	}
	return s, events
}

func TestNamingKey(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"dpkg rows: the package, not the shared arch",
			`{"arch":"amd64","package":"adduser","version":"3.134"}` + "\n" +
				`{"arch":"amd64","package":"apt","version":"2.6.1"}` + "\n" +
				`{"arch":"all","package":"bash","version":"2.6.1"}` + "\n", `"package":`},
		{"the root row's empty path names it too",
			`{"path":"","license":"ISC"}` + "\n" + `{"path":"node_modules/a","license":"MIT"}` + "\n" + `{"path":"node_modules/b","license":"MIT"}` + "\n", `"path":`},
		{"no string member differs in every row",
			`{"level":"info","n":1}` + "\n" + `{"level":"info","n":2}` + "\n", ``},
		{"a nested member does not name the row",
			`{"n":1,"x":{"id":"a"}}` + "\n" + `{"n":2,"x":{"id":"b"}}` + "\n", ``},
	} {
		s, events := streamSel(c.text, 1000)
		if got := namingKey(s, events); got != c.want {
			t.Errorf("%s: namingKey = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestFamilyHeads(t *testing.T) {
	names := []string{"git", "git-man", "libc6", "libc6-dev", "libc6-i386", "python3", "python3-apt", "python3.11", "python3-yaml", "pythonx", "zlib1g", "zlib1gx"}
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, `{"package":%q,"installed_kb":1}`+"\n", n)
	}
	s, events := streamSel(b.String(), 10000)
	var got []string
	for _, k := range familyHeads(s, events, `"package":`) {
		v, _ := memberValue(s.line(events[k]), `"package":`)
		got = append(got, strings.Trim(v, `"`))
	}
	// python3 heads three names, libc6 two; git heads one, under
	// familyMin; zlib1g's zlib1gx and python3's pythonx extend it with no
	// separator.
	if want := []string{"python3", "libc6"}; !slices.Equal(got, want) {
		t.Errorf("familyHeads = %q, want %q", got, want)
	}
}

// The picks of spreadEvents, however few, start at the middle of the
// stream, then its quarters.
func TestSpreadEventsMiddleFirst(t *testing.T) {
	var b strings.Builder
	for i := range 97 {
		fmt.Fprintf(&b, `{"name":"row-%03d"}`+"\n", i)
	}
	text := b.String()
	s, events := streamSel(text, len(text))
	var picked []int
	spreadEvents(s, events, len(events), func(i int) bool {
		if len(picked) == 3 {
			return false
		}
		picked = append(picked, i)
		return s.pick(i)
	})
	if want := []int{48, 24, 72}; !slices.Equal(picked, want) {
		t.Errorf("first picks %v, want %v", picked, want)
	}
	picked = nil
	s, _ = streamSel(text, len(text))
	spreadEvents(s, events, 4, func(i int) bool { picked = append(picked, i); return s.pick(i) })
	if want := []int{48, 24, 72}; !slices.Equal(picked, want) {
		t.Errorf("to depth 4, picks %v, want %v", picked, want)
	}
	// Rows that never fit end the spread after spreadMisses tries, not
	// one try an event.
	tries := 0
	s, _ = streamSel(text, len(text))
	spreadEvents(s, events, len(events), func(int) bool { tries++; return false })
	if tries != spreadMisses {
		t.Errorf("%d tries of rows that never fit, want %d", tries, spreadMisses)
	}
}

// dpkgRows is a sorted package list of n rows with no kind key, in
// which python3 heads a family of python3-* modules.
func dpkgRows(n int) string {
	var b strings.Builder
	for i := range n {
		name := fmt.Sprintf("pkg%04d", i)
		switch {
		case i == n*3/10:
			name = "python3"
		case i > n*3/10 && i <= n*3/10+6:
			name = fmt.Sprintf("python3-mod%d", i)
		}
		fmt.Fprintf(&b, `{"package":%q,"version":"1.%d-%d","arch":"amd64","installed_kb":%d}`+"\n", name, i%7, i%3, 100+i)
	}
	return b.String()
}

// In a long list of alike rows (cut by three times or more) the root of
// a family of names and the middle row are kept, besides the head and
// the tail, within the limit.
func TestJSONLinesAlikeRowsKeepFamilyRootAndMiddle(t *testing.T) {
	const n = 1000
	text := dpkgRows(n)
	const limit = 4000
	_, out := planJSONLinesWithin(t, text, limit)
	lines := strings.Split(text, "\n")
	for _, want := range []string{lines[0], lines[n*3/10], lines[(n-1)/2], lines[n-1]} {
		if !strings.Contains(out, want) {
			t.Errorf("%s is not kept:\n%s", want, out)
		}
	}
}

// Whatever the rows — names that extend others, licenses rare and
// common — a plan of alike rows holds its limit and keeps each kept
// row's text as it is in the input.
func TestJSONLinesAlikeRowsHoldLimit(t *testing.T) {
	spread := 0 // plans that kept a spread of named rows
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(20, 600).Draw(rt, "rows")
		var b strings.Builder
		for i := range n {
			name := rapid.StringMatching(`[a-c]{1,3}([-.][a-c]{1,2})?`).Draw(rt, "name")
			license := rapid.SampledFrom([]string{`"MIT"`, `"MIT"`, `"MIT"`, `"ISC"`, `["MIT","Apache-2.0"]`, `null`, `"CC-BY-4.0"`}).Draw(rt, "license")
			fmt.Fprintf(&b, `{"name":"%s%d","license":%s,"size":%d}`+"\n", name, i, license, i)
		}
		text := b.String()
		limit := rapid.IntRange(400, max(401, len(text))).Draw(rt, "limit")
		p, ok := planJSONLines(text, limit)
		if !ok {
			return
		}
		if got := itemsSize(p.items); got > limit {
			rt.Fatalf("plan is %d bytes, over its limit %d", got, limit)
		}
		if strings.Contains(p.what, "a spread between") {
			spread++
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, `{"name"`) && !strings.Contains(text, l) {
				rt.Fatalf("kept line %q is not the input's", l)
			}
		}
	})
	if spread == 0 {
		t.Fatal("no plan kept a spread of named rows: the property tested nothing")
	}
}
