package headroom

import (
	"encoding/json"
	"strings"

	"github.com/headroom-go/headroom/internal/txt"
)

// A testEvent is one line of a JSON-lines test stream: `go test -json`
// (test2json), and any stream of {"Action":…,"Test":…,"Output":…} events.
type testEvent struct {
	Action     string
	Package    string
	ImportPath string // build-output events
	Test       string
	Output     *string
}

// testEventsProbe is how many of the first non-blank lines must all be
// events for a text to be taken for a test stream.
const testEventsProbe = 8

// isTestEventStream reports whether text is a JSON-lines test stream:
// its first non-blank lines are JSON objects with an "Action" field.
func isTestEventStream(text string) bool {
	seen := 0
	for start := 0; start < len(text) && seen < testEventsProbe; {
		end, next := txt.LineAt(text, start)
		l := strings.TrimSpace(text[start:end])
		start = next
		if l == "" {
			continue
		}
		if !strings.HasPrefix(l, "{") || !strings.Contains(l, `"Action":`) {
			return false
		}
		var e testEvent
		if json.Unmarshal([]byte(l), &e) != nil || e.Action == "" {
			return false
		}
		seen++
	}
	return seen > 0
}

// renderTestEvents renders a test stream as the text a plain run would
// have printed, keeping what a failure needs: each failing test's output
// in order, package output of packages that failed (a panic, a build
// error), build output, the package verdicts, lines that are not events;
// passing tests are counted, not shown. It reports whether any test or
// package failed.
func renderTestEvents(text string) (string, bool) {
	type testLog struct {
		out    strings.Builder
		failed bool
	}
	tests := map[string]*testLog{}
	var order []string // tests in the order they first spoke
	pkgOut := map[string]*strings.Builder{}
	var pkgs []string
	pkgFailed := map[string]bool{}
	var plain strings.Builder // lines that are not events, and build output
	passed, failed, skipped := 0, 0, 0
	for start := 0; start < len(text); {
		end, next := txt.LineAt(text, start)
		raw := strings.TrimRight(text[start:end], "\r")
		start = next
		var e testEvent
		if l := strings.TrimSpace(raw); !strings.HasPrefix(l, "{") || json.Unmarshal([]byte(l), &e) != nil || e.Action == "" {
			if strings.TrimSpace(raw) != "" {
				plain.WriteString(raw)
				plain.WriteByte('\n')
			}
			continue
		}
		if e.Action == "build-output" || e.Action == "build-fail" {
			if e.Output != nil {
				plain.WriteString(*e.Output)
			}
			continue
		}
		if e.Test == "" {
			b := pkgOut[e.Package]
			if b == nil {
				b = &strings.Builder{}
				pkgOut[e.Package] = b
				pkgs = append(pkgs, e.Package)
			}
			if e.Output != nil {
				b.WriteString(*e.Output)
			}
			if e.Action == "fail" {
				pkgFailed[e.Package] = true
			}
			continue
		}
		key := e.Package + "\x00" + e.Test
		t := tests[key]
		if t == nil {
			t = &testLog{}
			tests[key] = t
			order = append(order, key)
		}
		switch e.Action {
		case "output":
			if e.Output != nil {
				t.out.WriteString(*e.Output)
			}
		case "pass":
			passed++
		case "fail":
			failed++
			t.failed = true
		case "skip":
			skipped++
		}
	}
	var b strings.Builder
	b.WriteString(plain.String())
	for _, key := range order {
		if t := tests[key]; t.failed {
			out := t.out.String()
			b.WriteString(out)
			if out != "" && !strings.HasSuffix(out, "\n") {
				b.WriteByte('\n')
			}
		}
	}
	for _, p := range pkgs {
		out := pkgOut[p].String()
		if !pkgFailed[p] {
			// A package that passed: its verdict line only.
			lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
			out = lines[len(lines)-1] + "\n"
			if strings.TrimSpace(out) == "" {
				continue
			}
		}
		b.WriteString(out)
		if out != "" && !strings.HasSuffix(out, "\n") {
			b.WriteByte('\n')
		}
	}
	b.WriteString("test events: " + txt.Plural(passed, "test") + " passed, " + txt.Commas(failed) + " failed, " +
		txt.Commas(skipped) + " skipped, in " + txt.Plural(len(pkgs), "package") + "\n")
	return b.String(), failed > 0 || len(pkgFailed) > 0
}

// planTestEvents plans a JSON-lines test stream: rendered as text, then
// planned as a log, every line written by headroom (the rendering is not
// the input's bytes).
func planTestEvents(out ToolOutput, limit int) (plan, bool) {
	if limit < 200 || !isTestEventStream(out.Text) {
		return plan{}, false
	}
	rendered, anyFailed := renderTestEvents(out.Text)
	o := logOptions{exitCode: out.ExitCode}
	if !anyFailed && o.exitCode == nil {
		zero := 0
		o.exitCode = &zero
	}
	lines := strings.SplitAfter(rendered, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var items []item
	whole := 0
	for _, l := range lines {
		whole += len(l) + 2
	}
	if whole <= limit {
		for _, l := range lines {
			items = append(items, noteLine(strings.TrimSuffix(l, "\n")))
		}
	} else {
		budget := limit
		for range 8 {
			p, ok := planLog(rendered, budget, o)
			if !ok {
				p = planClip(rendered, budget, clipReserve(len(rendered)))
			}
			items = notesOf(rendered, p.items)
			if itemsSize(items) <= limit {
				break
			}
			budget -= itemsSize(items) - limit + 64
			if budget < 200 {
				items = nil
				break
			}
		}
	}
	what := "a JSON test stream rendered as text: failing tests' output, package verdicts, counts"
	hint := "To see more, re-run one failing test: go test -run 'TestName$' -v ./pkg."
	return plan{strategy: StrategyLog, items: items, markerAt: len(items), what: what, hint: hint, digest: true}, true
}

// notesOf turns a plan over rendered into lines of headroom's own: the
// rendering is not the input, so nothing of it is a kept range.
func notesOf(rendered string, items []item) []item {
	out := make([]item, 0, len(items))
	for _, it := range items {
		s := rendered[it.start:it.end]
		s = strings.TrimSuffix(s, "\n")
		if it.note != "" {
			if s != "" {
				s += it.note
			} else {
				s = it.note
			}
		}
		for _, l := range strings.Split(s, "\n") {
			out = append(out, noteLine(l))
		}
	}
	return out
}
