package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// rustfmtDiff builds a rustfmt --check report of files, each with hunks
// `Diff in PATH:LINE:` hunks, the way rustfmt 1.5 and later write it.
func rustfmtDiff(files, hunks int) string {
	var b strings.Builder
	for f := range files {
		for h := range hunks {
			fmt.Fprintf(&b, "Diff in /src/crate/src/f%d.rs:%d:\n fn anchor_%d_%d() {\n-    let x=%d;\n+    let x = %d;\n }\n \n", f, 10+30*h, f, h, h, h)
		}
	}
	return b.String()
}

func TestRustfmtHunkPath(t *testing.T) {
	for _, c := range []struct {
		line, path string
		ok         bool
	}{
		{"Diff in /src/lib.rs:12:", "/src/lib.rs", true},
		{`Diff in C:\src\lib.rs:12:`, `C:\src\lib.rs`, true},
		{"Diff in /src/lib.rs at line 7:", "/src/lib.rs", true},
		{"Diff in /src/lib.rs:", "", false},
		{"Diff in /src/lib.rs:12", "", false},
		{"Diff in /src/lib.rs:1x:", "", false},
		{"Diff in the weather: cloudy:", "", false},
		{"diff in /src/lib.rs:12:", "", false},
	} {
		if path, ok := rustfmtHunkPath(c.line); path != c.path || ok != c.ok {
			t.Errorf("rustfmtHunkPath(%q) = %q, %v; want %q, %v", c.line, path, ok, c.path, c.ok)
		}
	}
}

// A rustfmt --check report is planned as a diff: one file per path its
// headers name, and each hunk kept with its header's next line, which
// says where the hunk is.
func TestDiffPlansRustfmtCheck(t *testing.T) {
	text := rustfmtDiff(5, 20)
	p, ok := planDiff(text, 4000)
	if !ok {
		t.Fatal("declined a rustfmt --check report")
	}
	out := render(text, p, marker{tokens: 1, what: p.what})
	if !strings.Contains(p.what, "5 files") {
		t.Errorf("what: %s", p.what)
	}
	for f := range 5 {
		first := fmt.Sprintf("Diff in /src/crate/src/f%d.rs:10:\n fn anchor_%d_0() {\n", f, f)
		if !strings.Contains(out, first) {
			t.Errorf("file %d lost its first hunk's header with its anchor", f)
		}
	}
}

// Every rustfmt report plan is within its limit, keeps whole lines of
// the input in order, and keeps the first file's first header.
func TestRustfmtDiffProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		files := rapid.IntRange(1, 12).Draw(t, "files")
		hunks := rapid.IntRange(1, 60).Draw(t, "hunks")
		text := rustfmtDiff(files, hunks)
		limit := rapid.IntRange(200, 20000).Draw(t, "limit")
		p, ok := planDiff(text, limit)
		if !ok {
			if len(text) > limit && limit >= 1000 {
				t.Fatalf("declined %d files of %d hunks at %d", files, hunks, limit)
			}
			return
		}
		checkPlan(t, text, p, limit)
		out := render(text, p, marker{tokens: 1, what: p.what})
		if !strings.HasPrefix(out, "Diff in /src/crate/src/f0.rs:10:\n") {
			t.Fatalf("lost the first header:\n%s", out[:min(len(out), 300)])
		}
	})
}

// A rustfmt report of many hunks over few files keeps every hunk's
// header with its anchor when they fit in about half the room, before
// any hunk's changes; when they do not, the headers kept are spread over
// the whole report, not the first of each file.
func TestRustfmtHeadsFirst(t *testing.T) {
	text := rustfmtDiff(2, 40)
	head := func(f, h int) string {
		return fmt.Sprintf("Diff in /src/crate/src/f%d.rs:%d:\n fn anchor_%d_%d() {\n", f, 10+30*h, f, h)
	}
	p, ok := planDiff(text, 12000)
	if !ok {
		t.Fatal("declined a rustfmt --check report")
	}
	out := render(text, p, marker{tokens: 1, what: p.what})
	for f := range 2 {
		for h := range 40 {
			if !strings.Contains(out, head(f, h)) {
				t.Errorf("at 12,000 B, lost hunk %d of file %d", h, f)
			}
		}
	}
	p, ok = planDiff(text, 3000)
	if !ok {
		t.Fatal("declined a rustfmt --check report")
	}
	out = render(text, p, marker{tokens: 1, what: p.what})
	// Each quarter of the report keeps some of its headers.
	for q := range 4 {
		kept := 0
		for k := q * 20; k < (q+1)*20; k++ {
			if strings.Contains(out, head(k/40, k%40)) {
				kept++
			}
		}
		if kept < 2 {
			t.Errorf("at 3,000 B, quarter %d of the report kept %d headers", q, kept)
		}
	}
}
