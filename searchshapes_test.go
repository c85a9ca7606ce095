package headroom

import (
	"encoding/json"
	"fmt"
	"maps"
	"pgregory.net/rapid"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
)

// Outputs that carry `file.go:12:` but are not search output: every shape
// declines them.
func TestSearchShapesDeclineLookalikes(t *testing.T) {
	var goJSON, goLog, lsR, words, prose, progress strings.Builder
	prose.WriteString("docs/README.md\nThis guide explains the configuration.\n\n")
	for i := range 200 {
		ev, _ := json.Marshal(map[string]string{"Time": "2026-11-23T18:25:06.274801686Z", "Action": "output", "Package": "example.com/x",
			"Test": fmt.Sprint("TestMany/case", i), "Output": fmt.Sprintf("    a_test.go:%d: value %d: got %d, want %d\n", 11+i, i, 2*i, 3*i)})
		goJSON.Write(append(ev, '\n'))
		fmt.Fprintf(&goLog, "2026/11/23 18:25:%02d main.go:%d: request %d served\n", i%60, 40+i, i)
		fmt.Fprintf(&lsR, "./pkg/dir%d:\nfile%d.go\nfile%d_test.go\n\n", i, i, i)
		fmt.Fprintf(&words, "word%d\n", i)
		fmt.Fprintf(&progress, "Compiling 'pkg/sub%d/mod%d.py'...\n", i/10, i) // python -m compileall
		fmt.Fprintf(&prose, "Paragraph %d says what step %d does.\nIt goes on for a line.\n\n", i, i)
	}
	for name, text := range map[string]string{
		"go test -json": goJSON.String(), "timestamped log": goLog.String(), "ls -R": lsR.String(), "words": words.String(), "prose after a path": prose.String(),
		"progress naming quoted paths": progress.String(),
	} {
		if p, ok := planSearchShapes(text, 4000, searchOptions{}); ok {
			t.Errorf("%s: taken for search output: %s", name, p.what)
		}
	}
}

// rg --heading without line numbers: a path, the matched lines as they
// are, a blank line between files.
func TestSearchBareHeadings(t *testing.T) {
	var b strings.Builder
	for f := range 40 {
		fmt.Fprintf(&b, "net/http/file%d.go\n", f)
		for m := range 1 + f%4 {
			fmt.Fprintf(&b, "\tif err != nil { // %d.%d\n", f, m)
		}
		b.WriteString("\n")
	}
	text := b.String()
	p, ok := planSearchShapes(text, 1500, searchOptions{})
	if !ok {
		t.Fatal("declined rg --heading output without line numbers")
	}
	checkPlan(t, text, p, 1500)
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, want := range []string{"net/http/file0.go\n\tif err != nil { // 0.0\n", "net/http/file39.go\n\tif err != nil { // 39.0\n", " of 100 matched lines"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestSearchCounts(t *testing.T) {
	var b strings.Builder
	total, zeros := 0, 0
	for i := range 300 {
		n := (i * 7) % 13
		if i%3 == 0 {
			n = 0
		}
		total += n
		if n == 0 {
			zeros++
		}
		fmt.Fprintf(&b, "src/pkg%d/file%d.go:%d\n", i%9, i, n)
	}
	b.WriteString("grep: src/blob.bin: binary file matches\n")
	text := b.String()
	p, ok := planSearchShapes(text, 2000, searchOptions{})
	if !ok {
		t.Fatal("declined grep -c output")
	}
	checkPlan(t, text, p, 2000)
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if !strings.Contains(p.what, "300 files counted, "+txt.Commas(total)+" matches in all") {
		t.Errorf("what %q", p.what)
	}
	// Sorted by count, busiest first; then, under a note, rows of the
	// other files in input order, the first and the last of them among
	// them.
	prev := 1 << 30
	table, spread := 0, []int{}
	inOrder := false
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "[…the other ") {
			inOrder = true
			continue
		}
		path, n, ok := parseCountLine(line)
		switch {
		case !ok:
		case inOrder:
			var i int
			fmt.Sscanf(path[strings.Index(path, "/file")+5:], "%d", &i)
			if len(spread) > 0 && i <= spread[len(spread)-1] {
				t.Fatalf("%q out of input order", line)
			}
			spread = append(spread, i)
		case n > prev:
			t.Fatalf("%q after a count of %d", line, prev)
		default:
			prev = n
			table++
		}
	}
	if table == 0 || len(spread) < 2 || spread[len(spread)-1] < 290 {
		t.Errorf("%d rows sorted, then %v in input order:\n%s", table, spread, out)
	}
	if !strings.Contains(out, "[0 matches in "+itoa(zeros)+" files: ") {
		t.Errorf("zeros not summarised:\n%s", out)
	}
	if strings.Contains(out, ":0\n") {
		t.Errorf("a zero row kept as a row:\n%s", out)
	}
}

func TestSearchJSONEvents(t *testing.T) {
	var b strings.Builder
	for f := range 30 {
		path := fmt.Sprintf("net/file%d.go", f)
		fmt.Fprintf(&b, `{"type":"begin","data":{"path":{"text":%q}}}`+"\n", path)
		for m := range 4 {
			fmt.Fprintf(&b, `{"type":"match","data":{"path":{"text":%q},"lines":{"text":"\tmu sync.Mutex // %d\n"},"line_number":%d,"absolute_offset":1,"submatches":[{"match":{"text":"sync.Mutex"},"start":4,"end":14}]}}`+"\n", path, m, 10*m+1)
		}
		fmt.Fprintf(&b, `{"type":"end","data":{"path":{"text":%q},"binary_offset":null,"stats":{}}}`+"\n", path)
	}
	b.WriteString(`{"data":{"stats":{"matched_lines":120}},"type":"summary"}` + "\n")
	text := b.String()
	p, ok := planSearchShapes(text, 3000, searchOptions{})
	if !ok {
		t.Fatal("declined rg --json output")
	}
	checkPlan(t, text, p, 3000)
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, want := range []string{
		`{"type":"begin","data":{"path":{"text":"net/file0.go"}}}` + "\n" + `{"type":"match","data":{"path":{"text":"net/file0.go"},"lines":{"text":"\tmu sync.Mutex // 0\n"}`,
		`{"type":"match","data":{"path":{"text":"net/file29.go"},"lines":{"text":"\tmu sync.Mutex // 0\n"}`,
		`{"data":{"stats":{"matched_lines":120}},"type":"summary"}`, "of 120 matched lines",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestSearchFileList(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "/home/dev/src/proj/pkg%d/sub/file%d.go\n", i%5, i)
	}
	text := b.String()
	p, ok := planSearchShapes(text, 2000, searchOptions{})
	if !ok {
		t.Fatal("declined a file list")
	}
	checkPlan(t, text, p, 2000)
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, want := range []string{"/home/dev/src/proj/pkg0/sub/file0.go\n", "/home/dev/src/proj/pkg4/sub/file399.go\n", "400 paths listed, all under /home/dev/src/proj/", "by directory under /home/dev/src/proj/: ", "pkg2/sub/ (", "/home/dev/src/proj/pkg4/sub/file199.go\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func FuzzParseNotice(f *testing.F) {
	for _, s := range []string{"grep: a/b.pyc: binary file matches", "Binary file x matches", "rg: p: Permission denied (os error 13)", "find: ‘/x’: Permission denied", "a: b: c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		key, path, ok := parseNotice(line)
		if !ok {
			return
		}
		if key == "" || !strings.HasPrefix(line, "Binary file ") && !strings.Contains(line, strings.TrimPrefix(key[strings.LastIndex(key, ": ")+1:], " ")) {
			t.Fatalf("key %q not in %q", key, line)
		}
		if path != "" && !strings.Contains(line, path) {
			t.Fatalf("path %q not in %q", path, line)
		}
	})
}

func FuzzMatchPrefix(f *testing.F) {
	for _, s := range []string{"a.go:12:x", `C:\a\b.go:3:4:y`, "12:x", "https://h:80/a.gz:7:z", "2026-01-02 10:11:12 x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		path, ok := matchPrefix(line)
		if !ok {
			return
		}
		if !strings.HasPrefix(line, path) {
			t.Fatalf("path %q is not a prefix of %q", path, line)
		}
		if off := bodyOffset(line, len(path)); off < len(path) || off > len(line)+1 {
			t.Fatalf("body offset %d out of %q", off, line)
		}
	})
}

func FuzzSearchShapes(f *testing.F) {
	f.Add("src/a.go:3\nsrc/b.go:0\n", 200)
	f.Add(`{"type":"match","data":{"path":{"text":"a"},"lines":{"text":"x\n"},"line_number":1}}`+"\n", 300)
	f.Add("/a/b/c.go\n/a/b/d.go\n./x\n", 100)
	f.Add(`{"type":"match","data":{"path":{"bytes":"/w=="},"lines":{"bytes":"AA=="},"line_number":null}}`+"\n", 300)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		limit = abs(limit) % 20000
		// Enough lines for the shapes to accept: the fuzzer's text, many times.
		text = strings.Repeat(text, 1+searchMinMatches/max(1, strings.Count(text, "\n")))
		for _, try := range []func(string, int) (plan, bool){
			planSearchCounts, planSearchList,
			func(s string, l int) (plan, bool) { return planSearchJSON(s, l, searchOptions{}) },
		} {
			if p, ok := try(text, limit); ok {
				checkPlan(t, text, p, limit)
			}
		}
	})
}

// Properties of file-list plans over generated lists: within the limit;
// the first path and the last (when it fits a quarter of the limit)
// shown; every path either shown or counted
// (the marker's figures add up); never fewer paths shown than a head
// 75 % / tail 12.5 % clip of the same limit (less the line that counts
// the others) shows whole; and, when more
// than the head and the tail fit, paths spread between them, the middle
// among them.
func TestSearchFileListProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(searchMinMatches, 3000).Draw(t, "paths")
		dirs := rapid.IntRange(1, 40).Draw(t, "dirs")
		root := rapid.SampledFrom([]string{"", "./", "/usr/local/go/src/cmd/", `C:\src\`}).Draw(t, "root")
		var b strings.Builder
		var paths []string
		for i := range n {
			d := rapid.IntRange(0, dirs-1).Draw(t, "dir")
			p := fmt.Sprintf("%spkg%d/sub%d/%s%d.go", root, d, d%3, strings.Repeat("f", rapid.IntRange(1, 60).Draw(t, "name")), i)
			paths = append(paths, p)
			b.WriteString(p + "\n")
		}
		text := b.String()
		limit := rapid.IntRange(300, 20000).Draw(t, "limit")
		p, ok := planSearchList(text, limit)
		if !ok {
			if limit >= 1000 {
				t.Fatalf("declined a list of %d paths at limit %d", n, limit)
			}
			return
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{what: p.what, hint: p.hint})
		listed := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			listed[l] = true
		}
		if !listed[paths[0]] || !listed[paths[n-1]] && len(paths[n-1]) < limit/4 {
			t.Fatalf("first or last path missing:\n%s", out)
		}
		shown := 0
		for _, p := range paths {
			if listed[p] {
				shown++
			}
		}
		var lines []searchLine
		at := 0
		for _, p := range paths {
			lines = append(lines, searchLine{start: at, end: at + len(p)})
			at += len(p) + 1
		}
		// The clip's limit less the line that counts the others.
		if floor := clipListed(text, lines, limit-64); shown < floor {
			t.Fatalf("%d paths shown, a clip of %d bytes shows %d", shown, limit, floor)
		}
		figure := func(re string) int {
			m := regexp.MustCompile(re).FindStringSubmatch(p.what)
			if m == nil {
				return 0
			}
			v, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
			return v
		}
		head, spread := figure(`the first ([\d,]+)`), figure(`([\d,]+) spread between`)
		tail, other := figure(`the last ([\d,]+)`), figure(`the other ([\d,]+)`)
		if head+spread+tail != shown || shown+other != n {
			t.Fatalf("%q: %d shown, %d paths", p.what, shown, n)
		}
		if spread > 3 && !listed[paths[n/2]] && !listed[paths[n/2-1]] {
			t.Fatalf("%d paths spread, the middle one not among them:\n%s", spread, out)
		}
	})
}

// A tally of a file list's directories, whatever paths joined at its
// front, counts what a plain grouping of the whole list counts, at every
// depth, in order of first appearance; and writes the same counts as a
// tally of the whole list made at once.
func TestListTallyJoinsAtFront(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		prefix := rapid.SampledFrom([]string{"", "src/", `C:\w\`}).Draw(t, "prefix")
		var paths []searchLine
		var text strings.Builder
		for range rapid.IntRange(1, 60).Draw(t, "paths") {
			p := prefix + strings.Join(rapid.SliceOfN(rapid.SampledFrom([]string{"a/", "b/", `c\`, "dd/"}), 0, 5).Draw(t, "dirs"), "") + "f.go"
			paths = append(paths, searchLine{start: text.Len(), end: text.Len() + len(p)})
			text.WriteString(p + "\n")
		}
		pathOf := func(l searchLine) string { return text.String()[l.start:l.end] }
		k := rapid.IntRange(0, len(paths)).Draw(t, "joined at the front")
		tally := tallyPaths(paths[k:], pathOf, prefix)
		for i := k - 1; i >= 0; i-- {
			tally.add(pathOf(paths[i]), true)
		}
		deepest := 0
		for _, l := range paths {
			p := pathOf(l)[len(prefix):]
			deepest = max(deepest, strings.Count(p, "/")+strings.Count(p, `\`))
		}
		if tally.n != len(paths) || len(tally.levels) != min(deepest, maxDepths)+1 {
			t.Fatalf("%d paths in %d levels, want %d in %d", tally.n, len(tally.levels), len(paths), min(deepest, maxDepths)+1)
		}
		for d, level := range tally.levels {
			var names []string
			count := map[string]int{}
			for _, l := range paths {
				name := groupName(pathOf(l)[len(prefix):], d)
				if count[name] == 0 {
					names = append(names, name)
				}
				count[name]++
			}
			if !slices.Equal(level.names, names) || !maps.Equal(level.count, count) {
				t.Fatalf("depth %d: %v %v, want %v %v", d, level.names, level.count, names, count)
			}
		}
		room := rapid.IntRange(0, 2000).Draw(t, "room")
		if got, want := tally.counts(room), tallyPaths(paths, pathOf, prefix).counts(room); !slices.Equal(got, want) {
			t.Fatalf("counts %v, want %v", got, want)
		}
	})
}

// An edge list (go mod graph's `from to` lines, whose targets start lines
// of their own) is no file list, and a list of paths with a space in a
// directory's name still is one.
func TestSearchFileListDeclinesEdgeLists(t *testing.T) {
	var edges, spaced strings.Builder
	for i := range 40 {
		fmt.Fprintf(&edges, "example.com/m%d@v1.%d.0 example.com/m%d@v1.%d.0\n", i/4, i/4, i/4+1, i/4+1)
		fmt.Fprintf(&spaced, "docs/My Files/part%d/notes%d.txt\n", i/4, i)
	}
	if _, ok := planSearchList(edges.String(), 600); ok {
		t.Error("planned a go mod graph edge list as a file list")
	}
	if _, ok := planSearchList(spaced.String(), 600); !ok {
		t.Error("declined a file list whose directory has a space in its name")
	}
}

// A list whose paths carry a status (md5sum -c's `path: OK`) is a list
// while every status is fine, a path that merely names a failure word
// included, and a check's log once one status says a failure.
func TestSearchFileListDeclinesFailedStatus(t *testing.T) {
	var ok, failed strings.Builder
	for i := range 40 {
		fmt.Fprintf(&ok, "usr/lib/errors/failed_%d.py: OK\n", i)
		if i == 17 {
			fmt.Fprintf(&failed, "usr/lib/pkg/f%d.py: FAILED\n", i)
			continue
		}
		fmt.Fprintf(&failed, "usr/lib/pkg/f%d.py: OK\n", i)
	}
	if _, planned := planSearchList(ok.String(), 600); !planned {
		t.Error("declined a list whose every status is OK")
	}
	if _, planned := planSearchList(failed.String(), 600); planned {
		t.Error("planned a list with a FAILED status as a file list")
	}
	for line, want := range map[string]bool{
		"a/b.py: FAILED":                  true,
		"a/b.txt: FAILED open or read":    true,
		"a/b.py: OK":                      false,
		"a/errors/failed.go":              false,
		"a/b.py: see errors/x.go":         false,
		"a/b.py":                          false,
		"a/errors.go: OK":                 false,
		"lib/error: OK":                   false,
		"lib/x: error":                    true,
		"C:\\dir\\error.txt: OK":          false,
		"lib/x.py: 2 errors":              true,
		"lib/x.py: 0 errors":              false,
		"lib/x.py: Error: bad magic":      true,
		"lib/x.py:12: not a status":       false,
		"lib/x.py: ok (no failures seen)": false,
	} {
		if got := statusFails(line); got != want {
			t.Errorf("statusFails(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestSearchListDeclinesOutcomesBeforePaths: a loop that prints each
// file's status before its path — `valid UTF-8: a/copyright` and one
// `NOT UTF-8: b/copyright`, no failure word in either — is a check's
// log, not a file list; a list whose paths carry one status alike stays a
// list.
func TestSearchListDeclinesOutcomesBeforePaths(t *testing.T) {
	var alike, odd strings.Builder
	for i := range 60 {
		fmt.Fprintf(&alike, "valid UTF-8: pkg%d/copyright\n", i)
		if i == 31 {
			fmt.Fprintf(&odd, "NOT UTF-8: pkg%d/copyright\n", i)
			continue
		}
		fmt.Fprintf(&odd, "valid UTF-8: pkg%d/copyright\n", i)
	}
	if _, planned := planSearchList(alike.String(), 600); !planned {
		t.Error("declined a list whose every status is alike")
	}
	if _, planned := planSearchList(odd.String(), 600); planned {
		t.Error("planned a list with an odd status as a file list")
	}
	for line, want := range map[string]string{
		"valid UTF-8: a/copyright":           "valid UTF-8",
		"NOT UTF-8: a/copyright":             "NOT UTF-8",
		"a/b.py: FAILED":                     "",
		"C:\\dir\\a.txt: OK":                 "",
		"a/b.py":                             "",
		": a/b":                              "",
		strings.Repeat("word ", 9) + ": a/b": "",
	} {
		if got := statusBefore(line); got != want {
			t.Errorf("statusBefore(%q) = %q, want %q", line, got, want)
		}
	}
}
