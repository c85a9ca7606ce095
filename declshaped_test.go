package headroom

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// mlSignature writes n entries of an interface as ocamlc -i prints one:
// types, externals, exceptions, one-line vals, vals whose type wraps
// under them, and a module with its sig.
func mlSignature(n int) string {
	var b strings.Builder
	for i := range n {
		switch i % 6 {
		case 0:
			fmt.Fprintf(&b, "type t%d = { f%d : int; g%d : string; }\n", i, i, i)
		case 1:
			fmt.Fprintf(&b, "val get%d : t%d -> int\n", i, i-1)
		case 2:
			fmt.Fprintf(&b, "val make_printer%d :\n  ('a, 'b) CamlinternalFormatBasics.fmt ->\n  (string -> 'b) -> 'a\n", i)
		case 3:
			fmt.Fprintf(&b, "external format%d : string -> int -> string = \"caml_format_int\"\n", i)
		case 4:
			fmt.Fprintf(&b, "exception Mismatch%d\n", i)
		case 5:
			fmt.Fprintf(&b, "module Size%d :\n  sig\n    type t\n    val to_int : t -> int\n  end\n", i)
		}
	}
	return b.String()
}

func TestDeclsShaped(t *testing.T) {
	tests := []struct {
		name string
		text string
		want bool
	}{
		{"ocamlc -i", mlSignature(40), true},
		{"Standard ML signature", strings.Repeat("datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree\nval insert : 'a tree -> 'a -> 'a tree\nfun size (Leaf) = 0\n  | size (Node (l, _, r)) = size l + 1 + size r\n", 8), true},
		{"F# signature", strings.Repeat("type Shape =\n    | Circle of float\n    | Square of float\nval area : Shape -> float\nval perimeter : Shape -> float\n", 6), true},
		{"too short", mlSignature(6), false},
		{"pyclbr dump: names, no types", strings.Repeat("class Pack ['object'] 2431\n  def forget 2440\ndef _test 4500\n", 10), false},
		{"one kind only", strings.Repeat("val get : t -> int\n", 30), false},
		{"a log", strings.Repeat("2026-11-30 12:00:01 INFO val: started worker\nmodule loaded: x\n", 20), false},
		{"prose", strings.Repeat("The type of a value says what it holds.\n", 30), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, declsShaped(tt.text))
		})
	}
}

// An interface an exec tool prints (ocamlc -i) is outlined: its head
// opens with no word opensLikeSource knows, and it has no braces.
func TestOutlineInterfacePrinted(t *testing.T) {
	text := mlSignature(300)
	p, ok := planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, 4000)
	require.True(t, ok, "an ocamlc -i interface is declined")
	out := render(text, p, marker{})
	assert.Contains(t, out, "module Size")
	assert.Contains(t, out, "external format")
}

// A declaration whose type wraps under it (`val make_printer :`) is
// kept with the lines that hold its type, or not at all.
func TestOutlineWrappedSignatureKeepsItsType(t *testing.T) {
	text := mlSignature(300)
	p, ok := planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, 4000)
	require.True(t, ok)
	out := render(text, p, marker{})
	assert.Contains(t, out, ":\n  ('a, 'b) CamlinternalFormatBasics.fmt ->\n  (string -> 'b) -> 'a\n")
	assert.Contains(t, out, "module Size5 :\n  sig\n    type t\n")
}

// Of an interface's outline, every line is an input line at its true
// number, and every declaration whose type wraps under it that is kept
// past the head (the run of lines that opens the output, cut where the
// room ends) is kept with the line below it.
func TestOutlineInterfaceProperties(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var b strings.Builder
		n := rapid.IntRange(20, 200).Draw(rt, "entries")
		for i := range n {
			name := rapid.StringMatching(`[a-z_][a-z0-9_]{0,12}`).Draw(rt, "name")
			switch rapid.IntRange(0, 4).Draw(rt, "kind") {
			case 0:
				fmt.Fprintf(&b, "type %s%d = int\n", name, i)
			case 1:
				fmt.Fprintf(&b, "val %s%d : int -> int\n", name, i)
			case 2:
				fmt.Fprintf(&b, "val %s%d :\n", name, i)
				for range rapid.IntRange(1, 6).Draw(rt, "wrap") {
					b.WriteString("  int ->\n")
				}
				b.WriteString("  unit\n")
			case 3:
				fmt.Fprintf(&b, "exception E%d\n", i)
			case 4:
				b.WriteString(rapid.StringMatching(`[ -~]{0,80}`).Draw(rt, "other") + "\n")
			}
		}
		text := b.String()
		limit := rapid.IntRange(200, max(200, len(text))).Draw(rt, "limit")
		p, ok := planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, limit)
		if !ok {
			return
		}
		p.markerAt = len(p.items)
		out := render(text, p, marker{})
		out = out[:strings.LastIndex(out, markerPrefix)]
		checkVerbatimNumbered(rt, text, out)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		in := strings.Split(text, "\n")
		head := true
		for k, l := range lines {
			head = head && !gapsCode(in, l)
			if !head && strings.HasPrefix(l, "val ") && strings.HasSuffix(l, " :") && !cutLine.MatchString(l) {
				if k+1 == len(lines) || !strings.HasPrefix(lines[k+1], "  ") {
					rt.Fatalf("%q kept without its type in\n%s", l, out)
				}
			}
		}
	})
}

// gapsCode reports whether l is a gap note that omits a top-level line of
// in other than a comment: the head of code skips the comment lines
// between its lines (a `#` alone on its line among them) and the rest of
// an indented run past its first lines (pickOutline's headRunKept), so a
// gap of those alone does not end it.
func gapsCode(in []string, l string) bool {
	m := gapLines.FindStringSubmatch(l)
	if m == nil {
		return false
	}
	from, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	to := from
	if m[2] != "" {
		to, _ = strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
	}
	for i := from; i <= to && i-1 < len(in); i++ {
		u := in[i-1]
		if u == "" || u[0] == ' ' || u[0] == '\t' {
			continue
		}
		if comment, _ := commentLine(u, false); !comment {
			return true
		}
	}
	return false
}

// FuzzDeclsShaped checks that the verdict never panics and reads lines:
// CRLF line ends and blank lines between the lines leave it as it was.
func FuzzDeclsShaped(f *testing.F) {
	f.Add(mlSignature(30))
	f.Add("val a : int\ntype t = int\n")
	f.Fuzz(func(t *testing.T, text string) {
		got := declsShaped(text)
		if crlf := declsShaped(strings.ReplaceAll(text, "\n", "\r\n")); crlf != got {
			t.Errorf("CRLF changed the verdict: %v, then %v", got, crlf)
		}
		if spaced := declsShaped(strings.ReplaceAll(text, "\n", "\n\n")); spaced != got {
			t.Errorf("blank lines changed the verdict: %v, then %v", got, spaced)
		}
	})
}
