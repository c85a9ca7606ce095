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
