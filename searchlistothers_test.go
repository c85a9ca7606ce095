package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// A file list among a tool's own lines (rsync -av, cp -v, tar -v) keeps
// them at their place: the header before the paths, a line between them
// (the one file that failed, in words the failure rules do not know) and
// the totals and verdict after them; none is dropped without a word.
func TestSearchFileListKeepsLinesThatNameNoPath(t *testing.T) {
	var b strings.Builder
	b.WriteString("sending incremental file list\n")
	for i := range 300 {
		fmt.Fprintf(&b, "pkg/sub%d/file%d.py\n", i/10, i)
		if i == 150 {
			b.WriteString(`rsync: [receiver] rename "/dst/pkg/.x.py.AbC" -> "pkg/x.py": Operation not permitted (1)` + "\n")
		}
	}
	b.WriteString("\nsent 6,164 bytes  received 98 bytes  1,234.00 bytes/sec\n")
	b.WriteString("total size is 6,128  speedup is 0.99\n")
	b.WriteString("exit status 23\n")
	text := b.String()
	for _, limit := range []int{1200, 4000} {
		p, ok := planSearchList(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		want := []string{"sending incremental file list", "Operation not permitted (1)", "sent 6,164 bytes", "total size is", "exit status 23"}
		last := -1
		for _, w := range want {
			at := strings.Index(out, w)
			if at < 0 {
				t.Fatalf("limit %d: lost %q:\n%s", limit, w, out)
			}
			if at < last {
				t.Errorf("limit %d: %q out of its place", limit, w)
			}
			last = at
		}
		if !strings.Contains(p.what, "5 lines naming no path kept") {
			t.Errorf("limit %d: the marker does not say the lines kept: %s", limit, p.what)
		}
		if itemsSize(p.items) > limit {
			t.Errorf("limit %d: %d bytes planned", limit, itemsSize(p.items))
		}
	}
}

// When a list's lines that name no path do not all fit, those between
// paths that say no failure are counted in the marker, and the header,
// the failures and the last lines are kept; when even those do not fit,
// the list is the log planner's.
func TestSearchFileListCountsOtherLinesItDrops(t *testing.T) {
	var b strings.Builder
	b.WriteString("copying the tree\n")
	for i := range 400 {
		fmt.Fprintf(&b, "src/dir%d/name%d.txt\n", i/20, i)
		if i%20 == 10 {
			fmt.Fprintf(&b, "skipping a non-regular entry number %d of the tree, which is a socket\n", i)
		}
	}
	b.WriteString("400 files copied, 20 sockets skipped\n")
	text := b.String()
	p, ok := planSearchList(text, 1600)
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
	for _, w := range []string{"copying the tree", "400 files copied, 20 sockets skipped"} {
		if !strings.Contains(out, w) {
			t.Errorf("lost %q", w)
		}
	}
	if strings.Contains(out, "skipping a non-regular") {
		t.Error("kept a line between paths that the room had no place for")
	}
	if !strings.Contains(p.what, "20 other lines not shown") {
		t.Errorf("the marker does not count the lines dropped: %s", p.what)
	}
	if _, ok := planSearchList(text, 160); ok {
		t.Error("planned a list whose kept lines take more than a quarter of the limit")
	}
}

// A failure between a list's paths keeps the paths either side of it
// (cpio -ov's `cpio: a/b.js: Cannot stat` after the path it wrote last):
// where in the list the run failed, each path once, in input order.
func TestSearchFileListKeepsAFailuresNeighbours(t *testing.T) {
	var b strings.Builder
	for i := range 600 {
		fmt.Fprintf(&b, "pkg/dist/sub%d/file%d.d.ts\n", i/10, i)
		if i == 333 || i == 334 {
			fmt.Fprintf(&b, "cpio: pkg/dist/sub33/gone%d.js: Cannot stat: No such file or directory\n", i)
		}
	}
	b.WriteString("2074 blocks\n")
	text := b.String()
	// Too small a limit for the lines between paths: they are counted,
	// and their neighbours go with them.
	if p, ok := planSearchList(text, 300); ok && itemsSize(p.items) > 300 {
		t.Errorf("limit 300: %d bytes planned", itemsSize(p.items))
	}
	for _, limit := range []int{1200, 4000} {
		p, ok := planSearchList(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{tokens: 1, what: p.what, hint: p.hint})
		for _, w := range []string{
			"pkg/dist/sub33/file333.d.ts\ncpio: pkg/dist/sub33/gone333.js",
			"gone333.js: Cannot stat: No such file or directory\npkg/dist/sub33/file334.d.ts\ncpio: pkg/dist/sub33/gone334.js",
			"gone334.js: Cannot stat: No such file or directory\npkg/dist/sub33/file335.d.ts\n",
			"2074 blocks",
		} {
			if !strings.Contains(out, w) {
				t.Errorf("limit %d: lost %q:\n%s", limit, w, out)
			}
		}
		if strings.Count(out, "file334.d.ts\n") != 1 {
			t.Errorf("limit %d: a neighbour of two failures kept other than once:\n%s", limit, out)
		}
		if itemsSize(p.items) > limit {
			t.Errorf("limit %d: %d bytes planned", limit, itemsSize(p.items))
		}
	}
}

// A failure's neighbours that the list shows anyway (here in its head)
// take no room of their own: the list shows as many paths as it does
// when the same line says no failure and has no neighbours to keep.
func TestSearchFileListShownNeighboursTakeNoRoom(t *testing.T) {
	const at = "cpio: pkg/dist/sub0/gone3.js: "
	failing := at + "Cannot stat: No such file or directory"
	neutral := at + "renamed, the older copy kept as .orig2"
	says := func(line string) bool {
		c, _ := classifyFull(line, false)
		return c == lineError || hasFailureSignal(line)
	}
	if len(neutral) != len(failing) || !says(failing) || says(neutral) {
		t.Fatal("the two lines differ in size or in what they say")
	}
	list := func(line string) string {
		var b strings.Builder
		for i := range 600 {
			fmt.Fprintf(&b, "pkg/dist/sub%d/file%d.d.ts\n", i/10, i)
			if i == 3 {
				b.WriteString(line + "\n")
			}
		}
		b.WriteString("2074 blocks\n")
		return b.String()
	}
	shownPaths := func(line string, limit int) int {
		text := list(line)
		p, ok := planSearchList(text, limit)
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		if itemsSize(p.items) > limit {
			t.Fatalf("limit %d: %d bytes planned", limit, itemsSize(p.items))
		}
		out := render(text, p, marker{})
		if !strings.Contains(out, "file3.d.ts\n"+line+"\npkg/dist/sub0/file4.d.ts\n") {
			t.Fatalf("limit %d: lost the line or its neighbours:\n%s", limit, out)
		}
		return strings.Count(out, ".d.ts\n")
	}
	for _, limit := range []int{1200, 2000, 4000} {
		if got, want := shownPaths(failing, limit), shownPaths(neutral, limit); got != want {
			t.Errorf("limit %d: %d paths shown beside a failure, %d beside a line that says none", limit, got, want)
		}
	}
}
