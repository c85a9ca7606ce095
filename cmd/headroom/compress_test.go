package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
)

func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestCompressCommand(t *testing.T) {
	in, err := os.ReadFile("../../testdata/corpus/search_rg_context_ctx_prometheus/input.txt")
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, string(in), "-tool", "Grep", "-max-bytes", "4000", "-stats")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if len(out) > 4000 || !strings.Contains(out, "[…headroom:") {
		t.Fatalf("output %d bytes, budget 4000:\n%s", len(out), out)
	}
	var st compressStats
	if err := json.Unmarshal([]byte(errs), &st); err != nil {
		t.Fatalf("-stats is not one JSON object: %q", errs)
	}
	if st.BytesIn != len(in) || st.BytesOut != len(out) || st.TokensOmitted <= 0 || st.Strategy == "none" {
		t.Errorf("stats = %+v", st)
	}
}

func TestCompressCommandPassesSmallOutputThrough(t *testing.T) {
	out, _, code := runCLI(t, "ok  \tgithub.com/x/y\t0.1s\n")
	if code != 0 || out != "ok  \tgithub.com/x/y\t0.1s\n" {
		t.Fatalf("exit %d, out %q", code, out)
	}
}

func TestCompressCommandTokenBudget(t *testing.T) {
	in := strings.Repeat("a line of plain output that goes on\n", 3000)
	out, errs, code := runCLI(t, in, "-max-tokens", "500", "-tool", "Read")
	if code != 0 || !strings.Contains(out, "[…headroom:") || headroom.Estimate.CountTokens(out) > 500 {
		t.Fatalf("exit %d (%s), %d tokens", code, errs, headroom.Estimate.CountTokens(out))
	}
}

func TestCompressCommandExactTokenizer(t *testing.T) {
	in := strings.Repeat("a line of plain output that goes on\n", 3000)
	out, errs, code := runCLI(t, in, "-max-tokens", "400", "-tokenizer", "o200k_base", "-tool", "Read")
	if code != 0 || !strings.Contains(out, "[…headroom:") {
		t.Fatalf("exit %d (%s)", code, errs)
	}
}

func TestCompressCommandBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-max-bytes", "12"},
		{"-max-bytes", "many"},
		{"-nope"},
		{"file.txt"},
		{"-max-tokens", "-4"},
		{"-tokenizer", "p50k_base"},
	} {
		_, errs, code := runCLI(t, "x", args...)
		if code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
}

// -exit-code tells the log planner how the command ended: a run that
// exited 0 with no failure line gets the short success view, a non-zero
// exit the full diagnostic plan, and without the flag the output is
// planned from its text alone.
func TestCompressCommandExitCode(t *testing.T) {
	var b strings.Builder
	for i := range 600 {
		b.WriteString("=== RUN   TestCase" + strings.Repeat("x", i%7) + "\n--- PASS: TestCase (0.00s)\n")
	}
	b.WriteString("PASS\nok  \texample.com/app\t1.204s\n")
	in := b.String()
	outs := map[string]string{}
	for _, args := range [][]string{nil, {"-exit-code", "0"}, {"-exit-code", "1"}} {
		args = append(args, "-max-bytes", "8000", "-stats")
		out, errs, code := runCLI(t, in, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if len(out) > 8000 {
			t.Fatalf("%v: %d bytes over the budget", args, len(out))
		}
		var st compressStats
		if err := json.Unmarshal([]byte(errs), &st); err != nil {
			t.Fatal(err)
		}
		outs[strings.Join(args[:min(2, len(args))], " ")+" "+string(st.Strategy)] = out
		if args[0] == "-exit-code" && st.Strategy != headroom.StrategyLog {
			t.Errorf("%v: strategy %s, want log", args, st.Strategy)
		}
		if !strings.Contains(out, "ok  \texample.com/app\t1.204s") {
			t.Errorf("%v: lost the verdict:\n%s", args, out)
		}
	}
	var success, failure, none string
	for k, v := range outs {
		switch {
		case strings.HasPrefix(k, "-exit-code 0"):
			success = v
		case strings.HasPrefix(k, "-exit-code 1"):
			failure = v
		default:
			none = v
		}
	}
	if success == none || success == failure || failure == none {
		t.Fatal("-exit-code did not change the output")
	}
	if len(success) > 8000/4+600 {
		t.Errorf("the success view took %d bytes of 8000: more than its share", len(success))
	}
	if !strings.Contains(success, "no failure line") {
		t.Errorf("the success view's marker does not say the run exited 0:\n%s", success)
	}
}
