package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// In a YAML document the line under each key that opens a block goes
// with the key (a flag's spec is told by its arg_name, not its key); and
// in code, the first line in the type the head ends at is kept with it.
func TestOutlineKeepsTheFirstLineInABlock(t *testing.T) {
	// The Read tool's numbered view ("%6d\t"), as a YAML file is read.
	var b strings.Builder
	for i := range 120 {
		for k, l := range []string{"flag_%03d:", "  arg_name: name-%03d", "  api_field: spec.field%d", "  type: str", "  help_text: |", "    The flag's help, a line of prose to fill the spec out.", ""} {
			if strings.Contains(l, "%") {
				l = fmt.Sprintf(l, i)
			}
			fmt.Fprintf(&b, "%6d\t%s\n", 7*i+k+1, l)
		}
	}
	yaml := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: yaml}, 4000)
	if !ok {
		t.Fatal("YAML: declined")
	}
	out := render(yaml, p, marker{})
	keys := 0
	for i := 10; i < 110; i++ { // past the head and before the tail, where either may end between the two
		key := fmt.Sprintf("%6d\tflag_%03d:\n", 7*i+1, i)
		if !strings.Contains(out, key) {
			continue
		}
		keys++
		if first := fmt.Sprintf("%6d\t  arg_name: name-%03d\n", 7*i+2, i); !strings.Contains(out, key+first) {
			t.Errorf("YAML: %q kept without its first line %q", key, first)
		}
	}
	if keys < 10 {
		t.Errorf("YAML: only %d keys kept:\n%s", keys, out)
	}

	b.Reset()
	b.WriteString("defprotocol Enumerable do\n  @moduledoc \"\"\"\n")
	for i := range 200 {
		fmt.Fprintf(&b, "  Line %d of the protocol's documentation, which goes on.\n", i)
	}
	b.WriteString("  \"\"\"\n\n  def reduce(enumerable, acc, fun)\nend\n\ndefmodule Enum do\n  import Kernel, except: [max: 2, min: 2]\n\n")
	for i := range 300 {
		fmt.Fprintf(&b, "  @doc \"Function %d.\"\n  def fun%d(enumerable) do\n    enumerable\n  end\n\n", i, i)
	}
	b.WriteString("end\n")
	code := b.String()
	p, ok = planOutlineRead(ToolOutput{Tool: "Read", Text: code}, 16000)
	if !ok {
		t.Fatal("Elixir: declined")
	}
	if out := render(code, p, marker{}); !strings.Contains(out, "defmodule Enum do\n  import Kernel, except: [max: 2, min: 2]\n") {
		t.Errorf("Elixir: the module's first line is lost:\n%s", out)
	}
}

func TestDeclOpensBlock(t *testing.T) {
	for l, want := range map[string]bool{
		"defmodule Enum do":         true,
		"deep-preserve-regex:":      true,
		"  saml_idp_metadata_path:": true,
		"class Fixer {":             true,
		"def f(x):  ":               true,
		"name: value":               false,
		"func f()":                  false,
		"  done":                    false,
	} {
		if got := declOpensBlock(l); got != want {
			t.Errorf("declOpensBlock(%q) = %v, want %v", l, got, want)
		}
	}
}
