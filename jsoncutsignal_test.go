package headroom

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A failing event larger than the failures' share (cargo's error with its
// rendered text and code explanation) is kept cut to the member that says
// failure and the one-line members after it, not dropped whole.
func TestFailureTooLargeIsKeptCut(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, `{"reason":"compiler-message","message":{"rendered":"warning: unused variable: x%d\n%s","children":[],"level":"warning","message":"unused variable: x%d","spans":[{"file_name":"src/lib.rs","line_start":%d}],"code":{"code":"unused_variables","explanation":null}}}`+"\n", i, strings.Repeat("  | ", 100), i, i+3)
	}
	explanation := strings.Repeat(`Expected type did not match the received type.\n`, 60)
	fmt.Fprintf(&b, `{"reason":"compiler-message","message":{"rendered":"error[E0308]: mismatched types\n%s","children":[{"level":"help","message":"try a conversion"}],"level":"error","message":"mismatched types","spans":[{"file_name":"src/main.rs","line_start":20}],"code":{"code":"E0308","explanation":"%s"}}}`+"\n", strings.Repeat("  | ", 120), explanation)
	b.WriteString(`{"reason":"build-finished","success":false}` + "\n")
	text := b.String()
	for _, limit := range []int{4000, 8000} {
		out, _, err := mustNew(t, WithMaxBytes(limit)).Compress(context.Background(), ToolOutput{Tool: "Bash", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, `"level":"error","message":"mismatched types"`) {
			t.Errorf("at %d the error's level and message are lost:\n%s", limit, out)
		}
	}
	if _, ok := cutSignal(text, jsonSignal{failure: true}, 1000); ok {
		t.Error("a failure with no member that says so is cut")
	}
}

// A failure cut in an indented document (go list -json's package whose
// error holds an errno-style code) keeps its members' lines as the input
// has them, each with its comma: the cut's last member is no line the
// input lacks, blanks after its comma and all.
func TestFailureCutKeepsInputLines(t *testing.T) {
	for _, indent := range []string{"  ", "\t", "    "} {
		in := func(depth int, s string) string { return strings.Repeat(indent, depth) + s + "\n" }
		text := "[\n" + in(1, "{") +
			in(2, `"Dir": "/home/dev/a",`) + in(2, `"ImportPath": "example.com/a"`) + in(1, "},") + in(1, "{") +
			in(2, `"Dir": "/home/dev/b",`) + in(2, `"Error": {`) +
			in(3, `"Code": "ENOENT",`) + in(3, `"Op": "open",  `) + in(3, `"Path": "/home/dev/b/go.mod",`) +
			in(3, `"Stack": "`+strings.Repeat("at readFile (node:fs) ", 40)+`"`) +
			in(2, "},") + in(2, `"ImportPath": "example.com/b"`) + in(1, "}") + "]\n"
		lines := map[string]bool{}
		for _, l := range strings.Split(text, "\n") {
			lines[strings.TrimLeft(l, " \t")] = true
		}
		cuts := map[int]bool{} // the cuts' ends
		for _, s := range jsonSignals(text) {
			if !s.failure {
				continue
			}
			for room := 60; room <= 400; room += 7 {
				k, ok := cutSignal(text, s, room)
				if !ok {
					continue
				}
				cuts[k.end] = true
				if k.cost() > room {
					t.Errorf("room %d: the cut costs %d", room, k.cost())
				}
				if !k.eol || text[k.end-1] == '\n' {
					t.Errorf("room %d: the cut ends %q past its line", room, text[k.end-1:])
				}
				for _, l := range strings.Split(text[k.start:k.end], "\n") {
					if !lines[strings.TrimLeft(l, " \t")] {
						t.Errorf("indent %q, room %d: %q is no input line", indent, room, l)
					}
				}
				if !strings.Contains(text[k.start:k.end], `"Code": "ENOENT",`) {
					t.Errorf("room %d: the failing member is lost: %q", room, text[k.start:k.end])
				}
			}
		}
		if len(cuts) < 3 { // the code alone, with the op, with the path
			t.Errorf("indent %q: %d cuts, want three", indent, len(cuts))
		}
	}
}
