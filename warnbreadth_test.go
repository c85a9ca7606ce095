package headroom

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// breadthFirst tells every warning once; the first of every rule (a
// check's code, else the line's kind) before any rule's second, then the
// first of every file before the rest.
func TestBreadthFirstRounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pool := []string{
			"lib/%s.rb:%d:5: C: Metrics/AbcSize: Assignment Branch Condition size for m%d is too high. [<1, 2, 3> 4/17]",
			"lib/%s.rb:%d:5: C: [Correctable] Style/TrivialAccessors: Use attr_reader to define trivial reader methods%d.",
			"lib/%s.rb:%d:5: W: Lint/MissingSuper: Call super to initialize state of the parent class%d.",
			"%s.html:%d:1: Warning: <table> lacks \"summary\" attribute %d",
			"%s.pm: Bareword file handle opened at line %d, column %d.  See pages 202,204 of PBP.  (Severity: 5)",
			"%s.pm: Package variable declared or used at line %d, column %d.  See pages 73,75 of PBP.  (Severity: 3)",
		}
		files := []string{"a", "b", "c", "d/e"}
		n := rapid.IntRange(0, 60).Draw(t, "n")
		var b strings.Builder
		for k := range n {
			line := pool[rapid.IntRange(0, len(pool)-1).Draw(t, "kind")]
			fmt.Fprintf(&b, line+"\n", files[rapid.IntRange(0, len(files)-1).Draw(t, "file")], k+1, k)
		}
		lines := scanLog(b.String())
		reps := make([]int, lines.len())
		for i := range reps {
			reps[i] = i
		}
		got := breadthFirst(lines, reps)
		if !slices.Equal(slices.Sorted(slices.Values(got)), reps) {
			t.Fatalf("order %v is not a permutation of %v", got, reps)
		}
		if len(reps) < 3 {
			return
		}
		ruleOf := func(i int) string {
			if c := ruleCode(lines.line(i)); c != "" {
				return c
			}
			return "kind " + string(failureKind(nil, lines.line(i)))
		}
		rules := map[string]bool{}
		for _, i := range reps {
			rules[ruleOf(i)] = true
		}
		seen := map[string]bool{}
		for at, i := range got[:len(rules)] {
			if r := ruleOf(i); seen[r] {
				t.Fatalf("place %d: %q is a second of its rule before every rule's first", at, lines.line(i))
			} else {
				seen[r] = true
			}
		}
		fileFirst := map[string]int{}
		for _, i := range reps {
			if f := findingFile(lines.line(i)); f != "" {
				if _, ok := fileFirst[f]; !ok {
					fileFirst[f] = i
				}
			}
		}
		before := map[int]bool{}
		for _, i := range got[:min(len(got), len(rules)+len(fileFirst))] {
			before[i] = true
		}
		for f, i := range fileFirst {
			if !before[i] {
				t.Fatalf("the first finding of %s, %q, comes after the rounds", f, lines.line(i))
			}
		}
	})
}

func TestRuleCode(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"lib/net/http.rb:682:5: W: Lint/MissingSuper: Call super to initialize state of the parent class.", "Lint/MissingSuper"},
		{"csv/parser.rb:268:5: C: [Correctable] Style/TrivialAccessors: Use attr_reader to define trivial reader methods.", "Style/TrivialAccessors"},
		{"node_modules/is-number/README.md:1:81 MD013/line-length Line length [Expected: 80; Actual: 516]", "MD013/line-length"},
		{"jinja2/filters.py:1280:80: E501 line too long (85 > 79 characters)", "E501"},
		{"EXSLT/intro.html:10:117: Warning: <table> lacks \"summary\" attribute", ""},
		{"yaml/__init__.py:287:65: 'Dumper' may be undefined, or defined from star imports: .cyaml", ""},
		{"a.c:3:1: warning: unused variable 'x' [-Wunused-variable]", ""},
		{"make: *** [all] Error 2", ""},
	} {
		if got := ruleCode(c.line); got != c.want {
			t.Errorf("ruleCode(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// Within the first round the rarest severity goes first: perlcritic's
// severity 5 kinds before its more common severity 4 ones.
func TestBreadthFirstRarestSeverityFirst(t *testing.T) {
	var b strings.Builder
	for k := range 6 {
		fmt.Fprintf(&b, "A.pm: Always unpack @_ first at line %d, column 1.  See page 178 of PBP.  (Severity: 4)\n", 10+k)
		fmt.Fprintf(&b, "A.pm: Hard tabs used at line %d, column 1.  See page 20 of PBP.  (Severity: 4)\n", 20+k)
	}
	b.WriteString("A.pm: Two-argument \"open\" used at line 99, column 5.  See page 207 of PBP.  (Severity: 5)\n")
	b.WriteString("A.pm: Two-argument \"open\" used at line 98, column 5.  See page 207 of PBP.  (Severity: 5)\n")
	b.WriteString("A.pm: Symbols are exported by default at line 1, column 1.  Use '@EXPORT_OK' instead.  (Severity: 4)\n")
	lines := scanLog(b.String())
	reps := make([]int, lines.len())
	for i := range reps {
		reps[i] = i
	}
	got := breadthFirst(lines, reps)
	if l := lines.line(got[0]); !strings.Contains(l, "line 99") {
		t.Errorf("first told %q, want the first severity 5 finding", l)
	}
	if l := lines.line(got[1]); !strings.Contains(l, "Symbols are exported") {
		t.Errorf("second told %q, want the rarest severity 4 kind", l)
	}
}

func TestSeverityTag(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"File/Fetch.pm: Two-argument \"open\" used at line 523, column 21.  See page 207 of PBP.  (Severity: 5)", "(Severity: 5)"},
		{"lib/net/http.rb:682:5: W: Lint/MissingSuper: Call super to initialize state of the parent class.", "W"},
		{"csv/parser.rb:268:5: C: [Correctable] Style/TrivialAccessors: Use attr_reader.", "C"},
		{"a.c:3:1: warning: unused variable 'x' [-Wunused-variable]", ""},
		{"(Severity: 5)", "(Severity: 5)"},
		{"", ""},
	} {
		if got := severityTag(c.line); got != c.want {
			t.Errorf("severityTag(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// A rule's first is told with the findings right next to it on its spot,
// whatever their rules: one problem that several rules tell.
func TestBreadthFirstSpotTogether(t *testing.T) {
	var b strings.Builder
	for k := range 8 {
		fmt.Fprintf(&b, "lib/A.pm: Bareword file handle opened at line %d, column 2.  See pages 202,204 of PBP.  (Severity: 5)\n", 10+k)
		fmt.Fprintf(&b, "lib/A.pm: Hard tabs used at line %d, column 1.  See page 20 of PBP.  (Severity: 3)\n", 100+k)
	}
	b.WriteString("lib/B.pm: Bareword file handle opened at line 523, column 21.  See pages 202,204 of PBP.  (Severity: 5)\n")
	b.WriteString("lib/B.pm: Two-argument \"open\" used at line 523, column 21.  See page 207 of PBP.  (Severity: 5)\n")
	b.WriteString("lib/B.pm: Two-argument \"open\" used at line 600, column 21.  See page 207 of PBP.  (Severity: 5)\n")
	lines := scanLog(b.String())
	reps := make([]int, lines.len())
	for i := range reps {
		reps[i] = i
	}
	got := breadthFirst(lines, reps)
	at := slices.Index(got, 17) // the two-argument open's first
	if at < 0 || at+1 >= len(got) || got[at+1] != 16 {
		t.Fatalf("order %v: the bareword finding on line 523 does not follow the two-argument one on its spot", got)
	}
	if findingSpot(lines.line(16)) != findingSpot(lines.line(17)) || findingSpot(lines.line(17)) == findingSpot(lines.line(18)) {
		t.Errorf("spots %q %q %q", findingSpot(lines.line(16)), findingSpot(lines.line(17)), findingSpot(lines.line(18)))
	}
	if s := findingSpot("lib/a.rb:12:5: C: Style/X: y"); s != "lib/a.rb:12:5" {
		t.Errorf("findingSpot = %q, want lib/a.rb:12:5", s)
	}
}

// A warning that names no file is about the unit its subject line names
// (GHC's `<no location info>: warning: [-Wunsafe]` over `‘M’ has been
// inferred as unsafe!`): each such unit's first is told in the round of
// files, before a rarer kind's second.
func TestBreadthFirstSubjectIsFile(t *testing.T) {
	var b strings.Builder
	var reps []int
	line := 0
	add := func(s string) {
		reps = append(reps, line)
		b.WriteString(s)
		line += strings.Count(s, "\n")
	}
	for j := range 3 {
		add(fmt.Sprintf("M.hs:%d:1: warning: [-Wunused-matches]\n", 10+j))
	}
	for k := range 4 {
		add(fmt.Sprintf("<no location info>: warning: [-Wunsafe]\n    ‘M%d’ has been inferred as unsafe!\n", k))
	}
	lines := scanLog(b.String())
	got := breadthFirst(lines, reps)
	second := slices.Index(got, reps[1]) // the rarer kind's second
	for k := range 4 {
		if n := slices.Index(got, reps[3+k]); n > second {
			t.Errorf("M%d's -Wunsafe told at %d, after the rarer kind's second at %d: %v", k, n, second, got)
		}
	}
}
