package headroom

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A report that is mostly findings is a lint run's log, with or without a
// verdict; a grep over the same files is not.
func TestLintReport(t *testing.T) {
	findings := strings.Repeat("a/README.md:3:81 MD013/line-length Line length [Expected: 80; Actual: 120]\n", 6)
	spelled := strings.Repeat("lib/a.js: line 4, col 9, Missing semicolon. (W033)\n", 6)
	grep := strings.Repeat("a/README.md:3:MD013 line length\n", 6)
	stylish := stylishReport(3, -1)
	heading := strings.Repeat("a/ci.yml\n3:  error: 1\n17:8      error    syntax\n\n", 6) // rg --heading -n
	located := strings.Repeat("File/Fetch.pm: Two-argument \"open\" used at line 523, column 21.  See page 207 of PBP.  (Severity: 5)\n", 6)
	prose := strings.Repeat("Note: the parser stops at line 5, column 2.\n", 6) // no file's path
	lettered := strings.Repeat("lib/find.rb:47:18: W: Lint/AssignmentInCondition: Use == if you meant to compare.\n  while file = paths.shift\n             ^\n", 6)
	quoted := strings.Repeat("lib/find.rb:47 while file = paths.shift\n  while file = paths.shift\n             ^\n", 6) // carets under no finding
	for _, c := range []struct {
		text string
		want bool
	}{{findings, true}, {spelled + "\n6 errors\n", true}, {grep, false}, {"x.md:1 MD013/line-length\n", false}, {stylish, true}, {heading, false}, {located, true}, {prose, false}, {lettered, true}, {quoted, false}} {
		if got := lintReport(c.text); got != c.want {
			t.Errorf("lintReport(%q) = %v, want %v", c.text[:min(len(c.text), 60)], got, c.want)
		}
	}
}

func FuzzLintFinding(f *testing.F) {
	for _, s := range []string{
		"a.js: line 1, col 2, msg (E020)", "a.md:1:2 MD013/line-length x", "Dockerfile:3 DL3006 error: x",
		"a.md:1", "a: line ", "a.md:1:", ":1 A1", "a: line 1, col ",
		"a.pm: x at line 1, column 2.", "a.rb:1:2: C: x", "a.rb:1:2: E: ", "a.rb:1:: W: x", "a.pm:  at line 1, column ", "a/b: at line 9, column 9.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		d := lintFinding(line)
		if d != diagNone && d != diagError && d != diagWarning {
			t.Fatalf("lintFinding(%q) = %d", line, d)
		}
		if d != diagNone && !strings.Contains(line, ":") {
			t.Fatalf("a finding with no position: %q", line)
		}
	})
}

// stylishReport writes a yamllint-like report: files headers, each with a
// warning and errors of two common kinds under it; the file at syntaxAt
// holds a syntax error among them. No verdict.
func stylishReport(files, syntaxAt int) string {
	var b strings.Builder
	for f := range files {
		fmt.Fprintf(&b, "./mod%03d/.github/workflows/ci.yml\n", f)
		fmt.Fprintf(&b, "  1:1       warning  missing document start \"---\"  (document-start)\n")
		for e := range 8 {
			if f == syntaxAt && e == 4 {
				fmt.Fprintf(&b, "  17:8      error    syntax error: expected <block end>, but found '<block mapping start>' (syntax)\n")
			}
			fmt.Fprintf(&b, "  %d:81     error    line too long (%d > 80 characters)  (line-length)\n", 10+e*3, 81+e)
			fmt.Fprintf(&b, "  %d:1      error    trailing spaces  (trailing-spaces)\n", 11+e*3)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// A stylish report's headers are its index: kept spread over the report,
// the first, the last and the middle file first.
func TestStylishHeadersSpread(t *testing.T) {
	text := stylishReport(9, -1)
	lines := scanLog(text)
	got := stylishHeaders(lines)
	if len(got) != 9 {
		t.Fatalf("%d headers, want 9", len(got))
	}
	for k, want := range []string{"./mod000/", "./mod008/", "./mod004/"} {
		if l := lines.line(got[k]); !strings.HasPrefix(l, want) {
			t.Errorf("header %d is %q, want %s…", k, l, want)
		}
	}
	if h := stylishHeaders(scanLog("make: Entering directory\n  1:1 error x\nok\n")); h != nil {
		t.Errorf("headers %v in a text that is not a stylish report", h)
	}
}

// A stylish report cut to a budget keeps its first and last files, each
// header with its first entry, and the syntax error among hundreds of
// style errors with the header of its file above it.
func TestPlanLogStylishReportNamesFiles(t *testing.T) {
	text := stylishReport(60, 31)
	for _, limit := range []int{4000, 16000} {
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, want := range []string{
			"./mod000/.github/workflows/ci.yml\n  1:1       warning",
			"./mod059/.github/workflows/ci.yml\n  1:1       warning",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("limit %d: lost %q", limit, want)
			}
		}
		at := strings.Index(out, "  17:8      error    syntax error")
		if at < 0 {
			t.Fatalf("limit %d: lost the syntax error", limit)
		}
		if h := strings.LastIndex(out[:at], "\n./mod"); h < 0 || !strings.HasPrefix(out[h+1:], "./mod031/") {
			t.Errorf("limit %d: the syntax error is not under its file's header:\n%s", limit, out)
		}
	}
}

// A stylish report reaches the log planner before search would take its
// headers for files and its entries for matches; rg --heading output
// stays search's.
func TestStylishReportRoutesToLog(t *testing.T) {
	h := mustNew(t)
	for text, want := range map[string]Strategy{
		stylishReport(60, 31): StrategyLog,
		strings.Repeat("./mod/.github/workflows/ci.yml\n17:      - uses: actions/checkout@v4\n33:        run: go test ./...\n\n", 200): StrategySearch,
	} {
		_, o, err := h.Compress(context.Background(), ToolOutput{Tool: "Bash", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if o.Strategy != want {
			t.Errorf("%q…: strategy %s, want %s", text[:60], o.Strategy, want)
		}
	}
}

// A message that names its file and line, first or last, is a finding;
// a failure word in a line that names none may be code or prose.
func TestPositionedFinding(t *testing.T) {
	for line, want := range map[string]bool{
		`syntax error at ./Dpkg/BuildFlags.pm line 296, near ")`:                         true,
		"BEGIN failed--compilation aborted at ./Debconf/DbDriver/LDAP.pm line 8.":        true,
		"a.xml:6747: parser error : xmlParseEntityRef: no name":                          true,
		"x_test.go:12: expected error, got nil":                                          true,
		"died at line 3 of the script":                                                   false,
		"error at the line 12":                                                           false,
		"the error handler at src/error.go":                                              false,
		"Makefile:12: recipe for target 'all' failed":                                    false, // no extension: make's own line
		"error: at my file.pm line 3.":                                                   false,
		"warn at ./A.pm line 3, <STDIN> line 5.":                                         true,
		`PHP Parse error:  syntax error, unexpected token "const" in ./A.php on line 26`: true,
		"an error in the line 3 of my notes":                                             false,
	} {
		if got := positionedFinding(line); got != want {
			t.Errorf("positionedFinding(%q) = %v, want %v", line, got, want)
		}
	}
	// A positioned failure opens a block that alone makes a text a log;
	// a bare failure word does not.
	for line, strong := range map[string]bool{
		`syntax error at ./A.pm line 296, near ")`: true,
		"the build failed after a while":           false,
	} {
		c, open := classifyFull(line, false)
		if c != lineError || weakOpen(open) == strong {
			t.Errorf("%q: class %d, weak %v, want an error, strong %v", line, c, weakOpen(open), strong)
		}
	}
}

// RuboCop's severity letters: E and F are errors, the others warnings.
func TestLetteredFinding(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
	}{
		{"lib/net/http.rb:682:5: W: Lint/MissingSuper: Call super to initialize state of the parent class.", diagWarning},
		{"csv/parser.rb:268:5: C: [Correctable] Style/TrivialAccessors: Use attr_reader.", diagWarning},
		{"lib/csv/row.rb:182:7: E: Lint/Syntax: unexpected token kIF", diagError},
		{"lib/a.rb:1:1: F: Lint/Syntax: invalid byte sequence", diagError},
		{"lib/a.rb:1:1: CW: x", diagNone},
		{"lib/a.rb:1: C: x", diagNone},
	} {
		if got := lintFinding(c.line); got != c.want {
			t.Errorf("lintFinding(%q) = %d, want %d", c.line, got, c.want)
		}
	}
}
