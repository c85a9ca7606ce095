package headroom

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The declaration lines each language's outline keeps: top level and one
// level in, never a statement inside a body. A head's type on a line of
// its own (static int, inline _It) comes with it; imports do not.
func TestOutlineDeclarationsByLanguage(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"go", "package x\n\nimport \"fmt\"\n\n// T is a thing.\ntype T struct {\n\tA int\n}\n\nfunc (t *T) Run(ctx context.Context) error {\n\tif err := t.a(); err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}\n\nvar (\n\tx = 1\n)\n\nconst Max = 3\n",
			[]string{"package x", "type T struct {", "func (t *T) Run(ctx context.Context) error {", "var (", "const Max = 3"}},
		{"python", "import os\n\n@dataclass\nclass Point:\n    x: int\n\n    def norm(self):\n        return self.x\n\n    async def fetch(self, url):\n        for i in range(3):\n            pass\n\ndef main():\n    print(1)\n",
			[]string{"@dataclass", "class Point:", "    def norm(self):", "    async def fetch(self, url):", "def main():"}},
		{"javascript", "'use strict';\nconst path = require('path');\n\nclass Command extends EventEmitter {\n  constructor(name) {\n    super();\n  }\n\n  _findOption(arg) {\n    if (x) {\n    }\n  }\n}\n\nexport function run(argv) {\n  return 1;\n}\n",
			[]string{"const path = require('path');", "class Command extends EventEmitter {", "  constructor(name) {", "  _findOption(arg) {", "export function run(argv) {"}},
		{"typescript", "export declare class ZodString extends ZodType<string> {\n    min(n: number): ZodString;\n}\nexport interface Opts {\n  a: string;\n}\nexport type Alias = string | number;\nexport declare enum Kind {\n  A,\n}\n",
			[]string{"export declare class ZodString extends ZodType<string> {", "export interface Opts {", "export type Alias = string | number;", "export declare enum Kind {"}},
		{"rust", "use std::fmt;\n\n#[derive(Debug)]\npub struct Hir {\n    kind: HirKind,\n}\n\nimpl Drop for Hir {\n    fn drop(&mut self) {\n        let x = 1;\n    }\n}\n\npub(crate) fn helper() -> u32 {\n    0\n}\n\nmod tests {\n}\n",
			[]string{"#[derive(Debug)]", "pub struct Hir {", "impl Drop for Hir {", "    fn drop(&mut self) {", "pub(crate) fn helper() -> u32 {", "mod tests {"}},
		{"java", "package bsh;\n\nimport java.util.*;\n\npublic class NameSpace implements java.io.Serializable {\n    private int count;\n    @Override\n    public BshMethod getMethod( String name, Class [] sig )\n    {\n        return null;\n    }\n}\n",
			[]string{"package bsh;", "public class NameSpace implements java.io.Serializable {", "    private int count;", "    @Override", "    public BshMethod getMethod( String name, Class [] sig )"}},
		{"c", "#include <stdio.h>\n\nstatic int\ncount_rows(png_structp p)\n{\n  return 0;\n}\n\nint main(int argc, char *argv[])\n{\n  if (argc > 1)\n    return 1;\n  return 0;\n}\n\ntypedef struct node node;\n",
			[]string{"static int", "count_rows(png_structp p)", "int main(int argc, char *argv[])", "typedef struct node node;"}},
		{"c header", "typedef struct\n{\n  unsigned char\te_ident[16];\n} Elf64_Ehdr;\n\ntypedef struct {\n  int a;\n} Pair, *PPair;\n\nstruct s {\n  int x;\n};\n",
			[]string{"typedef struct", "} Elf64_Ehdr;", "typedef struct {", "} Pair, *PPair;", "struct s {"}},
		{"cpp", "namespace std {\n  template<typename _It>\n    inline _It\n    unique(_It __first, _It __last)\n    {\n      return __first;\n    }\n}\n",
			[]string{"namespace std {", "  template<typename _It>", "    inline _It", "    unique(_It __first, _It __last)"}},
		{"shell", "#!/bin/bash\n\n__git_complete_refs ()\n{\n\tlocal cur\n}\n\n_git_bisect () {\n\techo\n}\n\nfunction helper {\n  :\n}\n",
			[]string{"__git_complete_refs ()", "_git_bisect () {", "function helper {"}},
		{"perl", "package Getopt::Long;\n\nuse strict;\n\nsub GetOptions(@) {\n    return 1;\n}\n\n1;\n\n=head1 NAME\n\nGetopt::Long - options\n\n=head2 Simple options\n\n=headline is prose\n\n=cut\n",
			[]string{"package Getopt::Long;", "sub GetOptions(@) {", "=head1 NAME", "=head2 Simple options"}},
		{"lisp", ";;; erlang.el --- major mode\n\n(require 'cl-lib)\n\n(defcustom erlang-indent-level 4\n  \"Indentation.\"\n  :type 'integer)\n\n(defun erlang-indent-line ()\n  \"Indent current line.\"\n  (let ((x 1))\n    (define-key map \"a\" 'b)))\n\n(define-derived-mode erlang-mode prog-mode \"Erlang\"\n  (setq x 1))\n\n(cl-defmethod f ((x integer)) x)\n(define (square x) (* x x))\n(default-value 'x)\n",
			[]string{"(defcustom erlang-indent-level 4", "(defun erlang-indent-line ()", "(define-derived-mode erlang-mode prog-mode \"Erlang\"", "(cl-defmethod f ((x integer)) x)", "(define (square x) (* x x))"}},
		{"markdown", "# Stream\n\nText.\n\n```js\nfunction notAHeading() {}\n# not a heading either\n```\n\n## API\n\n### `stream.pipeline()`\n\n#### Deep\n\nMore text.\n",
			[]string{"# Stream", "## API", "### `stream.pipeline()`", "#### Deep"}},
		{"elixir", "defmodule Enum do\n  @moduledoc \"\"\"\n  def in_docs, do: 1\n  \"\"\"\n\n  @spec count(t) :: integer\n  def count(list) when is_list(list), do: length(list)\n  def count(other), do: reduce(other)\n\n  defp helper(x), do: x\n  defmacro __using__(opts) do\n  end\nend\n\ndefimpl Enumerable, for: List do\nend\n",
			[]string{"defmodule Enum do", "  def in_docs, do: 1", "  @spec count(t) :: integer", "  def count(list) when is_list(list), do: length(list)", "  def count(other), do: reduce(other)", "  defp helper(x), do: x", "  defmacro __using__(opts) do", "defimpl Enumerable, for: List do"}},
		{"erlang", "%% banner\n-module(lists).\n-export([map/2]).\n-record(state, {a}).\n\n-spec map(Fun, List1) -> List2 when\n      Fun :: fun((A) -> B).\nmap(F, [H|T]) ->\n    [F(H)|map(F, T)];\nmap(F, []) when is_function(F, 1) -> [].\n\nloop_receive(\n  P, Debug) ->\n    io:format(\"~p~n\", [P]),\n    ok.\n",
			[]string{"-module(lists).", "-export([map/2]).", "-record(state, {a}).", "-spec map(Fun, List1) -> List2 when", "map(F, [H|T]) ->", "map(F, []) when is_function(F, 1) -> [].", "loop_receive("}},
		{"haskell", "{-# LANGUAGE CPP #-}\nmodule Data.Map\n    ( insert\n    ) where\n\n-- | A map.\ndata Map k v\n    = Tip\n    | Bin k v\n\nnewtype Wrap a = Wrap a\n\nclass Container f where\n    empty :: f a\n\ninstance Eq (Map k v) where\n    (==) = eq\n\ninsert :: Ord k => k -> v -> Map k v -> Map k v\ninsert = go\n  where\n    go = undefined\n\n(!) :: Map k v -> k -> v\nfoldl', foldr' :: (a -> b -> a) -> a -> Map k b -> a\n",
			[]string{"module Data.Map", "data Map k v", "newtype Wrap a = Wrap a", "class Container f where", "    empty :: f a", "instance Eq (Map k v) where", "insert :: Ord k => k -> v -> Map k v -> Map k v", "(!) :: Map k v -> k -> v", "foldl', foldr' :: (a -> b -> a) -> a -> Map k b -> a"}},
		{"plan9 assembly", "#include \"textflag.h\"\n\nDATA\tmasks<>+0x00(SB)/4, $0x00000000\nGLOBL\tmasks<>(SB),RODATA,$256\n\n// func memhash(p unsafe.Pointer, h, size uintptr) uintptr\nTEXT runtime·memhash<ABIInternal>(SB),NOSPLIT|NOFRAME,$0-32\n\tMOVD\tR0, R3\n\tRET\n\nTEXT\t·asmcgocall(SB), NOSPLIT, $0-20\nloop:\n\tB\tloop\n",
			[]string{"TEXT runtime·memhash<ABIInternal>(SB),NOSPLIT|NOFRAME,$0-32", "TEXT\t·asmcgocall(SB), NOSPLIT, $0-20"}},
		{"html", "<!DOCTYPE html>\n<html>\n<head><title>Policy</title></head>\n<body>\n<p>text</p>\n<h2>Packaging <span>4.7.</span></h2>\n<div><h3 id=\"x\">Modules</h3></div>\n<hr>\n</body>\n",
			[]string{"<head><title>Policy</title></head>", "<h2>Packaging <span>4.7.</span></h2>", "<div><h3 id=\"x\">Modules</h3></div>"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newLineSel(c.src, 1<<20, gapWording{lineGap, nil, 40})
			ranks, _, ok := outlineLines(s, false)
			if !ok {
				t.Fatal("no declarations found")
			}
			var got []string
			var idx []int
			for _, r := range ranks {
				idx = append(idx, r...)
			}
			slices.Sort(idx)
			for _, i := range idx {
				got = append(got, s.line(i))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("declarations\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

// Prose, logs and data are not outlined when they do not come from a read.
func TestOutlineDeclinesNonSource(t *testing.T) {
	log := strings.Repeat("2026-11-23T18:00:00Z INFO handled request path=/api/v1 status=200\n", 500)
	panicDump := strings.Repeat("goroutine 1 [running]:\nmain.main()\n\t/home/dev/main.go:12 +0x1d\n\n", 300)
	for name, text := range map[string]string{"log": log, "goroutines": panicDump} {
		if _, ok := planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, 4000); ok {
			t.Errorf("%s: outlined", name)
		}
	}
}

var (
	gapLines = regexp.MustCompile(`^\[…lines? ([0-9,]+)(?:-([0-9,]+))?(?: omitted)?…\]$`)
	cutLine  = regexp.MustCompile(` \[…[0-9,]+ bytes of this line cut…\]$`)
)

// Every line an outline keeps is an input line verbatim (or its start,
// marked cut), at the line number the gap notes before it give it.
func TestOutlineLinesAreVerbatimWithTrueNumbers(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text := genSource(rt)
		limit := rapid.IntRange(200, max(200, len(text))).Draw(rt, "limit")
		p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, limit)
		if !ok {
			return
		}
		p.markerAt = len(p.items) // the marker line is not an input line
		out := render(text, p, marker{})
		out = out[:strings.LastIndex(out, markerPrefix)]
		checkVerbatimNumbered(rt, text, out)
	})
}

// checkVerbatimNumbered fails unless every line of out (the marker cut
// off) is the input line whose number the gap notes before it imply, or
// a cut line that starts it.
func checkVerbatimNumbered(t interface{ Fatalf(string, ...any) }, text, out string) {
	in := strings.Split(text, "\n")
	n := 1
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if m := gapLines.FindStringSubmatch(l); m != nil {
			from, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
			to := from
			if m[2] != "" {
				to, _ = strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
			}
			if from != n {
				t.Fatalf("gap note %q where line %d is next", l, n)
			}
			n = to + 1
			continue
		}
		if n > len(in) {
			t.Fatalf("line %d past the input's %d lines: %q", n, len(in), l)
		}
		if loc := cutLine.FindStringIndex(l); loc != nil {
			if !strings.HasPrefix(in[n-1], l[:loc[0]]) {
				t.Fatalf("cut line %d %q is not a start of %q", n, l, in[n-1])
			}
		} else if l != in[n-1] {
			t.Fatalf("line %d: got %q, input has %q", n, l, in[n-1])
		}
		n++
	}
}

// sqlClauseWord's switch and the sqlClauseWords list say the same, in
// upper case only.
func TestSQLClauseWordMatchesList(t *testing.T) {
	for _, w := range sqlClauseWords {
		if !sqlClauseWord(w) {
			t.Errorf("%q is in sqlClauseWords, not in sqlClauseWord", w)
		}
		if sqlClauseWord(strings.ToLower(w)) {
			t.Errorf("%q taken for a clause word in lower case", strings.ToLower(w))
		}
	}
	for _, w := range []string{"SELECTOR", "CREATE", "INT", "A", ""} {
		if sqlClauseWord(w) {
			t.Errorf("%q taken for a clause word", w)
		}
	}
}

// A SQL script's outline is its CREATE statements: the clause lines of
// a view's body, shaped as C heads (`SELECT CAST(x AS t) AS c,`), take
// no room from them.
func TestOutlineSQLViewsNotTheirClauses(t *testing.T) {
	var b strings.Builder
	b.WriteString("/*\n * SQL views\n */\n\nCREATE SCHEMA s;\n\n")
	for i := range 120 {
		b.WriteString("CREATE VIEW view" + itoa(i) + " AS\n" +
			"    SELECT CAST(current_database() AS sql_identifier) AS catalog,\n" +
			"           CAST(n.nspname AS sql_identifier) AS schema,\n" +
			"           CAST(c.relname AS sql_identifier) AS name\n" +
			"    FROM pg_namespace n, pg_class c\n" +
			"    WHERE pg_has_role(c.relowner, 'USAGE');\n\n" +
			"GRANT SELECT ON view" + itoa(i) + " TO PUBLIC;\n\n")
	}
	text := b.String()
	for _, limit := range []int{16000, 4000} {
		out := outlineOf(t, text, limit)
		// A clause is kept only with the view it belongs to (the head's,
		// the tail's), never alone after a gap.
		lines := strings.Split(out, "\n")
		for k := 1; k < len(lines); k++ {
			if strings.HasPrefix(lines[k-1], "[…") && (strings.HasPrefix(lines[k], "    SELECT") || strings.HasPrefix(lines[k], "    WHERE")) {
				t.Errorf("limit %d: a view's clause kept as a declaration: %q", limit, lines[k])
			}
		}
		if got := strings.Count(out, "\nCREATE VIEW"); got < 40 {
			t.Errorf("limit %d: %d of 120 views named:\n%s", limit, got, out)
		}
	}
}

// controlWord's switch and the controlWords list say the same.
func TestControlWordMatchesList(t *testing.T) {
	for _, w := range controlWords {
		if !controlWord(w) {
			t.Errorf("%q is in controlWords, not in controlWord", w)
		}
	}
	for _, w := range []string{"func", "ifx", "returns", "Print", ""} {
		if controlWord(w) {
			t.Errorf("%q taken for a control word", w)
		}
	}
}

// outlineOf plans text as a read at limit and returns the output.
func outlineOf(t *testing.T, text string, limit int) string {
	t.Helper()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, limit)
	if !ok {
		t.Fatalf("limit %d: declined", limit)
	}
	if itemsSize(p.items) > limit {
		t.Fatalf("limit %d: %d bytes", limit, itemsSize(p.items))
	}
	return render(text, p, marker{what: p.what})
}

// In an HTML document (a language spec with code samples in <pre>) the
// headings are the outline: every h2 over the whole document first, then
// h3; lines of the samples that read like declarations (type, func,
// const, even a keyword table) are not declarations.
func TestOutlineDocumentHeadingsBeatCodeSamples(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html>\n<head>\n<title>The Spec</title>\n</head>\n<body>\n")
	for i := range 20 {
		b.WriteString("<h2 id=\"S" + itoa(i) + "\">Section " + itoa(i) + "</h2>\n<p>\nProse about section " + itoa(i) + ".\n</p>\n")
		for j := range 8 {
			b.WriteString("<h3 id=\"S" + itoa(i) + "_" + itoa(j) + "\">Topic " + itoa(i) + "." + itoa(j) + "</h3>\n<p>\n")
			b.WriteString(strings.Repeat("Words that explain the topic at some length, as specs do.\n", 12))
			b.WriteString("</p>\n<pre>\ntype T" + itoa(j) + " struct {\n\ta, b int\n}\nfunc F" + itoa(j) + "(x int) int {\n\treturn x\n}\n" +
				"const        fallthrough  if           range        type\nvar v" + itoa(j) + " = 1\n</pre>\n")
		}
	}
	b.WriteString("</body>\n</html>\n")
	text := b.String()
	for _, limit := range []int{16000, 4000} {
		out := outlineOf(t, text, limit)
		if got := strings.Count(out, "<h2 id="); got != 20 {
			t.Errorf("limit %d: %d of 20 h2 headings kept", limit, got)
		}
		if !strings.Contains(out, "of 181 declarations or headings") { // the title, 20 h2, 160 h3
			t.Errorf("limit %d: code sample lines counted as declarations: %s", limit, out[strings.Index(out, "[…headroom"):][:200])
		}
		if limit == 16000 && strings.Count(out, "<h3 id=") < 100 {
			t.Errorf("limit %d: %d h3 headings kept, want the room spent on them", limit, strings.Count(out, "<h3 id="))
		}
	}
	// Markdown: code fences likewise.
	var md strings.Builder
	md.WriteString("# Guide\n\n")
	for i := range 20 {
		md.WriteString("## Part " + itoa(i) + "\n\n")
		for j := range 6 {
			md.WriteString("### Step " + itoa(i) + "." + itoa(j) + "\n\n" + strings.Repeat("Some prose for the step.\n", 10) +
				"\n```go\ntype Config struct{}\nfunc Run() error {\n\treturn nil\n}\n```\n\n")
		}
	}
	for _, limit := range []int{16000, 4000} {
		out := outlineOf(t, md.String(), limit)
		if got := strings.Count(out, "\n## Part "); got != 20 {
			t.Errorf("markdown, limit %d: %d of 20 ## headings kept", limit, got)
		}
		if !strings.Contains(out, "of 141 declarations or headings") { // #, 20 ##, 120 ###
			t.Errorf("markdown, limit %d: fenced code lines counted as declarations", limit)
		}
	}
}

// In code, the top-level functions and types come first, spread evenly
// over the whole file; indented lines (a call taking a closure, defer
// func, a struct field named fn) and var blocks only with the room they
// leave; the head (imports) does not eat the room at a small budget.
func TestOutlineCodeTopLevelFirstSpreadOverTheFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("// Copyright 2026 The Authors. All rights reserved.\n// Use of this source code is governed by a licence.\n\npackage sched\n\nimport (\n")
	for i := range 30 {
		b.WriteString("\t\"internal/pkg" + itoa(i) + "\"\n")
	}
	b.WriteString(")\n\n")
	for i := range 240 {
		if i%20 == 0 {
			b.WriteString("type state" + itoa(i) + " struct {\n\tfn  unsafe.Pointer\n\tn   int\n}\n\nvar (\n\tcount" + itoa(i) + " int\n)\n\n")
		}
		b.WriteString("// work" + itoa(i) + " does its part of the schedule.\nfunc work" + itoa(i) + "(gp *g) {\n\tdefer func() {\n\t\tunlock()\n\t}()\n" +
			"\tsystemstack(func() {\n\t\tpark()\n\t})\n" + strings.Repeat("\tstep(gp)\n", 8) + "}\n\n")
	}
	text := b.String()
	ranks, _, _ := outlineLines(newLineSel(text, 1<<20, gapWording{lineGap, nil, 40}), false)
	for _, r := range ranks {
		for _, i := range r {
			if l := strings.Split(text, "\n")[i]; strings.HasPrefix(l, "\tdefer") || strings.HasPrefix(l, "\tsystemstack") || strings.HasPrefix(l, "\tfn ") {
				t.Errorf("line %d %q taken for a declaration", i+1, l)
			}
		}
	}
	for _, limit := range []int{16000, 4000} {
		out := outlineOf(t, text, limit)
		// A function from each tenth of the file.
		for q := range 10 {
			found := false
			for i := q * 24; i < (q+1)*24; i++ {
				if strings.Contains(out, "func work"+itoa(i)+"(gp *g) {") {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("limit %d: no function of the file's tenth %d kept", limit, q)
			}
		}
		if limit == 4000 && strings.Count(out, "\n\t") > 25 {
			t.Errorf("limit %d: %d indented lines kept while functions are omitted:\n%s", limit, strings.Count(out, "\n\t"), out)
		}
		if limit == 16000 {
			if got := strings.Count(out, "\nfunc work"); got < 150 {
				t.Errorf("limit %d: %d of 240 functions kept", limit, got)
			}
		}
	}
}

// `# ` lines that come in runs are a script's or a Makefile's comments,
// not markdown headings, even when some start `## `: such a file is not
// outlined as a document of its comments.
func TestOutlineCommentRunsAreNotHeadings(t *testing.T) {
	var b strings.Builder
	b.WriteString("# This Makefile is generated.\n#\n# Do not edit it,\n# edit Makefile.PL instead.\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, "# --- section %d:\n", i)
		if i%3 == 0 {
			fmt.Fprintf(&b, "## part %d was moved to the all: target.\n## It remains for old usage.\n", i)
		}
		for j := range 12 {
			fmt.Fprintf(&b, "VAR%d_%d = value %d\n", i, j, j)
		}
		fmt.Fprintf(&b, "\ntarget%d :: dep%d\n\t$(NOECHO) $(NOOP)\n\n", i, i)
	}
	ranks, doc, _ := outlineLines(newLineSel(b.String(), 4000, lineGaps(10)), false)
	assert.False(t, doc, "comment runs taken for headings: %v", ranks[0][:min(5, len(ranks[0]))])
	// A markdown document whose headings stand alone is still one.
	var md strings.Builder
	for i := range 20 {
		fmt.Fprintf(&md, "## Part %d\n\nProse for the part.\n\n### Step %d\n\nMore prose.\n\n", i, i)
	}
	_, doc, ok := outlineLines(newLineSel(md.String(), 4000, lineGaps(10)), false)
	assert.True(t, doc && ok)
}

// An @ line is a decorator or an annotation when a dotted name follows
// it alone, with its arguments, or before a declaration; a Perl array
// assignment is none.
func TestDecoratorLines(t *testing.T) {
	for l, want := range map[string]bool{
		"@Override":                                       true,
		"@app.route('/users')":                            true,
		"@Override public void run() {":                   true,
		"    @property":                                   true,
		"@names = split(/,/, $line);":                     false,
		"    @libfiles = split(/,/,join(',',@libfiles));": false,
		"@ foo": false,
	} {
		if got := declRank(l) > 0; got != want {
			t.Errorf("%q: declaration %v, want %v", l, got, want)
		}
	}
}

// A word that opens a declaration in one language is a name in another:
// a variable assigned (data = …, instance = …) declares nothing, and a
// Haskell `data` or `newtype` declares a type only before a capitalised
// name (Kotlin's `data class` is a modifier). A make rule's `target ::`
// reads as a signature, and a Makefile's targets are its declarations.
func TestDeclarationShapes(t *testing.T) {
	for l, want := range map[string]int{
		"data = json.load(f)":                                     0,
		"instance = Foo()":                                        0,
		"module = importlib.import_module(name)":                  0,
		"data class Point(val x: Int)":                            1,
		"data HashMap k v":                                        1,
		"newtype Parser a = Parser (String -> [(a, String)])":     1,
		"instance Show Point where":                               3,
		"insert :: k -> v -> Map k v":                             2,
		"  go :: Int -> Int":                                      4,
		"(.:) :: FromJSON a => Object -> Key -> Parser a":         2,
		"Leaf :: Int":                                             0,
		"-spec call(ServerRef, Request) -> Reply.":                3,
		"-callback init(Args :: term()) -> init_result(state()).": 1,
		"-ifdef(TEST).":                                           0,
		"-- a comment":                                            0,
		"call(ServerRef, Request) ->":                             2,
		"call(ServerRef, Request) when is_pid(ServerRef) ->":      2,
		"print_usage(argv)":                                       0,
		"setup(name='x')":                                         0,
		"  def member?(enumerable, element)":                      4,
		"  defp do_member?(x), do: x":                             3,
		"clean :: clean_subdirs":                                  2,
		// SQL's clauses are a statement's body, its CREATE the declaration.
		"CREATE VIEW columns AS": 3,
		"    SELECT CAST(current_database() AS sql_identifier) AS table_catalog,": 0,
		"    WHERE pg_has_role(c.relowner, 'USAGE')":                              0,
		"    CASE WHEN pg_table_is_visible(rel.oid)":                              0,
		"REVOKE EXECUTE ON FUNCTION pg_config() FROM PUBLIC;":                     0,
		// Vim script's `function!` forces its declaration; a bang with
		// no space after it, a macro call, is none.
		"function! s:SQLCAddAlias(table_name, table_alias, cols)": 2,
		"function! sqlcomplete#Map(type)":                         2,
		"fn!(x)":                                                  0,
		// C heads whose type words are upper case stay heads.
		"SQLITE_API int sqlite3_open(":                 2,
		"BOOL WINAPI DllMain(HINSTANCE h, DWORD r)":    2,
		"    virtual int size() const;":                4,
		"    SELECTOR make_selector(int kind, int n);": 4,
	} {
		if got := declRank(l); got != want {
			t.Errorf("%q: rank %d, want %d", l, got, want)
		}
	}
}

// A function defined by clauses is one declaration, its first clause,
// and its type signature above it leads it in: the two are kept together.
func TestOutlineClausesAndSignatures(t *testing.T) {
	for name, c := range map[string]struct {
		src   string
		decls []string
		leads map[string]string
	}{
		"elixir": {"defmodule M do\n  @doc \"\"\"\n  Docs.\n  \"\"\"\n  @spec reduce(t, fun) :: acc\n  def reduce(enumerable, fun)\n\n  def reduce([h | t], fun) do\n    reduce(t, h, fun)\n  end\n\n  def reduce([], _fun), do: raise(Enum.EmptyError)\n\n  @spec reduce(t, acc, fun) :: acc\n  def reduce(enumerable, acc, fun) do\n  end\n\n  @spec sort_by(\n          t,\n          fun\n        ) :: list\n  def sort_by(enumerable, mapper)\n  defp helper(x), do: x\n  defp helper(x, y), do: y\nend\n",
			[]string{"defmodule M do", "  def reduce(enumerable, fun)", "  def reduce(enumerable, acc, fun) do", "  def sort_by(enumerable, mapper)", "  defp helper(x), do: x"},
			map[string]string{"  def reduce(enumerable, fun)": "  @spec reduce(t, fun) :: acc", "  def reduce(enumerable, acc, fun) do": "  @spec reduce(t, acc, fun) :: acc", "  def sort_by(enumerable, mapper)": "  @spec sort_by("}},
		"erlang": {"-module(m).\n\n%% Call a server.\n-spec call(Ref, Req) -> Reply when\n      Ref :: pid().\n%% the first clause\ncall(Ref, Req) when is_pid(Ref) ->\n    ok;\ncall(Ref, Req) ->\n    error.\n\ncast(Ref, Msg) ->\n    ok.\n\nmain(int argc, char *argv[])\n{\n}\nmain(void)\n{\n}\n",
			[]string{"-module(m).", "call(Ref, Req) when is_pid(Ref) ->", "cast(Ref, Msg) ->", "main(int argc, char *argv[])", "main(void)"},
			map[string]string{"call(Ref, Req) when is_pid(Ref) ->": "-spec call(Ref, Req) -> Reply when"}},
		"ruby": {"class A\n  def options=(opt)\n  end\n  def options\n  end\n  def self.parse(x)\n  end\n  def self.load(x)\n  end\nend\n",
			[]string{"class A", "  def options=(opt)", "  def options", "  def self.parse(x)", "  def self.load(x)"}, map[string]string{}},
	} {
		t.Run(name, func(t *testing.T) {
			s := newLineSel(c.src, 1<<20, lineGaps(10))
			content := lineContent(s, false)
			ranks, _, _ := outlineLines(s, false)
			names := findClauseNames(ranks, content, s.n())
			ranks = foldClauses(ranks, content, names)
			ranks, leads := signatureLeads(ranks, content, names)
			var got []string
			for _, i := range mergedDecls(ranks) {
				got = append(got, s.line(i))
			}
			assert.Equal(t, c.decls, got)
			gotLeads := map[string]string{}
			for i, js := range leads {
				gotLeads[s.line(i)] = s.line(js[0])
			}
			assert.Equal(t, c.leads, gotLeads)
		})
	}
}

// Perl's POD is documentation: its prose declares nothing, even where a
// line opens with a declaration word; its =head lines outline it.
func TestOutlinePODIsDocumentation(t *testing.T) {
	text := "package Getopt::Long;\n\nsub GetOptions {\n    return 1;\n}\n\n=head1 Getting Started\n\n" +
		"namespace of the calling program, not necessarily C<main>. For\n" +
		"default behaviour. For example, a program could do its job quietly,\n" +
		"    sub handler {\n\n=head2 Simple options\n\nprose\n\n=cut\n\nsub Configure {\n}\n"
	s := newLineSel(text, 1000, outlineGaps(strings.Count(text, "\n")+1))
	ranks, _, _ := outlineLines(s, false)
	var got []string
	for _, r := range ranks {
		for _, i := range r {
			got = append(got, s.line(i))
		}
	}
	slices.Sort(got)
	want := []string{"=head1 Getting Started", "=head2 Simple options", "package Getopt::Long;", "sub Configure {", "sub GetOptions {"}
	if !slices.Equal(got, want) {
		t.Errorf("declarations %q, want %q", got, want)
	}
}

// When not every declaration fits, the big ones are kept first: a
// function of a hundred lines among sixty one-liners survives a budget
// that holds a fraction of them, wherever it sits.
func TestOutlineKeepsTheBiggestDeclarations(t *testing.T) {
	for _, at := range []int{7, 23, 41} {
		var b strings.Builder
		b.WriteString("package x\n\nimport \"fmt\"\n\n")
		for k := 0; k < 60; k++ {
			if k == at {
				b.WriteString("func theBigOne(a, b int) int {\n")
				for j := 0; j < 100; j++ {
					b.WriteString("\tfmt.Println(a, b)\n")
				}
				b.WriteString("\treturn a\n}\n\n")
				continue
			}
			fmt.Fprintf(&b, "func small%02d() int { return %d }\n\n", k, k)
		}
		p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: b.String()}, 700)
		if !ok {
			t.Fatalf("at %d: declined", at)
		}
		if out := render(b.String(), p, marker{}); !strings.Contains(out, "func theBigOne(a, b int) int {") {
			t.Errorf("at %d: the big function is lost:\n%s", at, out)
		}
	}
}

// declWeights gives a declaration the lines up to the next one indented
// no deeper, and the comment lines right above it.
func TestDeclWeights(t *testing.T) {
	text := "class A:\n    # says what f does\n    def f(self):\n        pass\n        pass\n    def g(self):\n        pass\nclass B:\n    pass\n"
	s := newLineSel(text, 1000, outlineGaps(10))
	ranks, _, _ := outlineLines(s, false)
	w := declWeights(s, ranks, nil, lineContent(s, false))
	want := map[int]int{0: 7, 2: 3 + 1, 5: 2, 7: 2}
	for i, n := range want {
		if w.of(i) != n {
			t.Errorf("line %d %q weighs %d, want %d", i+1, s.line(i), w.of(i), n)
		}
	}
}

// Ruby's =begin … =end comment ends at =end, not at Perl's =cut: the
// declarations after it still outline the file.
func TestOutlineRubyBeginEnd(t *testing.T) {
	var b strings.Builder
	b.WriteString("# frozen_string_literal: true\n=begin\nA block comment: class Fake; def fake; end\n=end\n")
	for i := range 40 {
		fmt.Fprintf(&b, "class Widget%02d\n  def method_%02d(x)\n", i, i)
		for k := range 30 {
			fmt.Fprintf(&b, "    x += %d\n", k)
		}
		b.WriteString("  end\nend\n")
	}
	text := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, 4000)
	if !ok {
		t.Fatal("declined: the =begin block hid every declaration")
	}
	out := render(text, p, marker{})
	if !strings.Contains(out, "class Widget39") {
		t.Errorf("the last class is not outlined:\n%s", out)
	}
}

// genClauses draws a module of functions defined by clauses, cat -n
// numbered as a read tool shows it: Elixir's @spec over def clauses or
// Erlang's -spec over column-0 clauses, some signatures over several lines.
func genClauses(t *rapid.T) string {
	erlang := rapid.Bool().Draw(t, "erlang")
	var lines []string
	if !erlang {
		lines = append(lines, "defmodule Gen do")
	} else {
		lines = append(lines, "-module(gen).")
	}
	for k := rapid.IntRange(3, 150).Draw(t, "functions"); k > 0; k-- {
		name := genWord(t, "name")
		ind := "  "
		if erlang {
			ind = ""
		}
		switch rapid.IntRange(0, 2).Draw(t, "signature") {
		case 1:
			if erlang {
				lines = append(lines, "-spec "+name+"(A) -> B.")
			} else {
				lines = append(lines, ind+"@spec "+name+"(t) :: t")
			}
		case 2:
			if erlang {
				lines = append(lines, "-spec "+name+"(", "\tA :: term()) -> ok.")
			} else {
				lines = append(lines, ind+"@spec "+name+"(", ind+"        t", ind+"      ) :: t")
			}
		}
		for c := rapid.IntRange(1, 5).Draw(t, "clauses"); c > 0; c-- {
			if erlang {
				lines = append(lines, name+"(X"+itoa(c)+") ->")
			} else {
				lines = append(lines, ind+"def "+name+"(x"+itoa(c)+") do")
			}
			for j := rapid.IntRange(0, 6).Draw(t, "body"); j > 0; j-- {
				lines = append(lines, ind+"    "+strings.ReplaceAll(rapid.StringN(0, 60, -1).Draw(t, "stmt"), "\n", " "))
			}
			if !erlang {
				lines = append(lines, ind+"end")
			}
		}
		lines = append(lines, "")
	}
	if !erlang {
		lines = append(lines, "end")
	}
	var b strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, l)
	}
	return b.String()
}

// Outlining clauses keeps the budget and every kept line verbatim at its
// true number, and a kept first clause comes with its signature, unless
// the tail reached it from below.
func TestOutlineClausesProperties(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		text := genClauses(rt)
		limit := rapid.IntRange(200, max(200, len(text))).Draw(rt, "limit")
		p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, limit)
		if !ok {
			return
		}
		if n := itemsSize(p.items); n > limit {
			rt.Fatalf("%d bytes planned for a limit of %d", n, limit)
		}
		s := newLineSel(text, limit, numberedGaps())
		content := lineContent(s, true)
		ranks, _, _ := outlineLines(s, true)
		names := findClauseNames(ranks, content, s.n())
		_, leads := signatureLeads(foldClauses(ranks, content, names), content, names)
		p.markerAt = len(p.items)
		out := render(text, p, marker{})
		out = out[:strings.LastIndex(out, markerPrefix)]
		kept := map[string]bool{}
		in := strings.Split(text, "\n")
		prev := 0
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if l == numberedGapNote {
				continue
			}
			n, err := strconv.Atoi(strings.TrimSpace(l[:strings.IndexByte(l+"\t", '\t')]))
			if err != nil || n <= prev || n > len(in) || in[n-1] != l {
				rt.Fatalf("line %q is not input line %d verbatim, after line %d", l, n, prev)
			}
			prev = n
			kept[l] = true
		}
		last := s.n() - 1
		tail := last
		for tail >= 0 && kept[s.line(tail)] {
			tail--
		}
		for i, js := range leads {
			if j := js[0]; kept[s.line(i)] && !kept[s.line(j)] && i <= tail {
				rt.Fatalf("line %d kept without its signature, line %d:\n%s", i+1, j+1, out)
			}
		}
	})
}

// Room left once every declaration is kept goes first to the lines that
// continue one: a Haskell data type's constructors, a signature's rest.
func TestOutlineKeepsContinuations(t *testing.T) {
	var b strings.Builder
	b.WriteString("module M where\n\n-- | A map.\ndata Map k v\n    = Tip\n    | Bin !k v\n\ngenericParse :: (Generic a)\n             => Options -> Value -> Parser a\ngenericParse = undefined\n\n")
	for i := range 400 {
		fmt.Fprintf(&b, "-- filler %d\n", i)
	}
	b.WriteString("lookup :: k -> Map k v -> Maybe v\nlookup = undefined\n")
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: b.String()}, 1200)
	if !ok {
		t.Fatal("declined")
	}
	out := render(b.String(), p, marker{})
	for _, want := range []string{"data Map k v\n    = Tip\n    | Bin !k v\n", "genericParse :: (Generic a)\n             => Options -> Value -> Parser a\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}

// A declaration whose parameter list goes on below it keeps, with room
// left, the lines up to the one that closes the list, and no further.
func TestOutlineKeepsParameterLists(t *testing.T) {
	var b strings.Builder
	b.WriteString("contract Governor {\n    function pad() internal {\n")
	for i := range 400 {
		fmt.Fprintf(&b, "        total += %d;\n", i)
	}
	b.WriteString("    }\n\n    function execute(\n        address[] memory targets,\n        uint256[] memory values\n    ) public payable returns (uint256) {\n        uint256 hidden = 1;\n    }\n\n")
	b.WriteString("    function pad2() internal {\n")
	for i := range 400 {
		fmt.Fprintf(&b, "        total -= %d;\n", i)
	}
	b.WriteString("    }\n\n    function cancel(uint256 id) public {\n    }\n}\n")
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: b.String()}, 1200)
	if !ok {
		t.Fatal("declined")
	}
	out := render(b.String(), p, marker{})
	if want := "    function execute(\n        address[] memory targets,\n        uint256[] memory values\n    ) public payable returns (uint256) {\n"; !strings.Contains(out, want) {
		t.Errorf("lost the parameter list:\n%s", out)
	}
	if strings.Contains(out, "uint256 hidden") {
		t.Errorf("kept the body past the list's close:\n%s", out)
	}
}

// planOutlineRead words its gap notes for strings.Count(text, "\n")+1
// lines, which it counts from the line index: one more than the index
// holds when the text ends in a line break.
func TestOutlineGapLinesFromIndex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringMatching(`[a\n]{1,40}`).Draw(t, "text")
		s := newLineSel(text, 1000, gapWording{})
		lines := s.n()
		if text[len(text)-1] == '\n' {
			lines++
		}
		if want := strings.Count(text, "\n") + 1; lines != want {
			t.Fatalf("%q: %d lines from the index, %d by count", text, lines, want)
		}
	})
}

// declPrefixes finds every word of declWords in declWordTable, and no
// other word.
func TestDeclWordTableMatchesMap(t *testing.T) {
	for w, want := range declWords {
		if got := declPrefixes(w); !slices.Equal(got, want) {
			t.Errorf("%q: %v in the table, %v in the map", w, got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.StringMatching(`[a-z_(]{0,14}`).Draw(t, "word")
		if got, want := declPrefixes(w), declWords[w]; !slices.Equal(got, want) {
			t.Fatalf("%q: %v in the table, %v in the map", w, got, want)
		}
	})
}

// TestNumberPrefixReadsEightAtATime holds numberPrefix, which reads a
// line's first eight bytes at once, to the byte-at-a-time reading it
// replaces, on lines made of the bytes a number prefix is made of and a
// few others.
func TestNumberPrefixReadsEightAtATime(t *testing.T) {
	byteWise := func(l string) (int, bool) {
		i := 0
		for i < len(l) && l[i] == ' ' {
			i++
		}
		d := 0
		for i+d < len(l) && l[i+d] >= '0' && l[i+d] <= '9' {
			d++
		}
		if d == 0 {
			return 0, false
		}
		i += d
		switch {
		case i < len(l) && l[i] == '\t':
			return i + 1, true
		case strings.HasPrefix(l[i:], "→"):
			return i + len("→"), true
		case i == len(l):
			return i, true
		}
		return 0, false
	}
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{" ", "  ", "    ", "0", "7", "9", "12", "\t", "→", "x", "/", ":", "\xb3", "\x80"}), 0, 14).Draw(t, "parts")
		l := strings.Join(parts, "")
		gotN, gotOK := numberPrefix(l)
		wantN, wantOK := byteWise(l)
		if gotN != wantN || gotOK != wantOK {
			t.Fatalf("numberPrefix(%q) = %d, %v; byte by byte %d, %v", l, gotN, gotOK, wantN, wantOK)
		}
	})
}

// TestLispDefinitionRanks: classes, records, modes and user options rank
// as types; function definers as functions; variables and other define-…
// forms as the rest; other forms not at all.
func TestLispDefinitionRanks(t *testing.T) {
	for line, want := range map[string]int{
		`(defcustom erlang-indent-level 4`:                    1,
		`(define-derived-mode erlang-mode prog-mode "Erlang"`: 1,
		`(define-compilation-mode perlcritic-error-mode "x"`:  1,
		`(defclass point ()`:                                  1,
		`(defun erlang-indent-line ()`:                        2,
		`(define (square x) (* x x))`:                         2,
		`(defvar erlang-menu-items '(a b)`:                    3,
		`(defgroup erlang nil`:                                3,
		`(define-key map "a" 'b)`:                             3,
		`(default-value 'x)`:                                  0,
		`(require 'cl-lib)`:                                   0,
	} {
		assert.Equal(t, want, lispDefinitionRank(line), line)
	}
}

// TestOutlineKeepsLispDocstrings: a Lisp definition whose docstring opens
// the line below is kept with that line, so each kept form says what it
// is for; a form without one costs no more.
func TestOutlineKeepsLispDocstrings(t *testing.T) {
	var b strings.Builder
	b.WriteString(";;; big.el --- a package -*- lexical-binding: t; -*-\n\n")
	for i := range 120 {
		fmt.Fprintf(&b, "(defun big-command-%d (arg)\n  \"Run the %dth command on ARG.\n\nMore prose about it.\"\n", i, i)
		for k := range 12 {
			fmt.Fprintf(&b, "  (message \"step %d of %d\" arg)\n", k, i)
		}
		b.WriteString("  arg)\n\n")
		fmt.Fprintf(&b, "(defvar big-var-%d nil)\n\n", i)
	}
	b.WriteString(";;; big.el ends here\n")
	src := b.String()
	p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: src}, 6000)
	require.True(t, ok)
	out := render(src, p, marker{})
	kept := 0
	for i := 1; i < 120; i++ { // the first ends the head, which keeps it alone
		form := fmt.Sprintf("(defun big-command-%d (arg)\n", i)
		if strings.Contains(out, form) {
			kept++
			assert.Contains(t, out, form+fmt.Sprintf("  \"Run the %dth command on ARG.\n", i), "form %d kept without its docstring", i)
		}
	}
	assert.Greater(t, kept, 10)
}

// TestMayChangeBlockOnlySkipsLinesThatChangeNone holds preBlockAfter's
// first look to the full reading: a line that mayChangeBlock passes by
// opens no code block outside one and closes none inside one, in any
// case and with the tags spelled with İ or the Kelvin sign, quoted or
// not.
func TestMayChangeBlockOnlySkipsLinesThatChangeNone(t *testing.T) {
	pieces := []string{"<", "</", "`", ">", " ", "x", "/", "p", "P", "re", "RE", "pre", "code", "CoDe", "script", "scr", "İ", "ipt", "K",
		"style", "textarea", "s", "t", "c", "\xc4", "\xe2\x84", "é", "\xff", "="}
	rapid.Check(t, func(rt *rapid.T) {
		l := strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 24).Draw(rt, "parts"), "")
		open := rapid.SampledFrom(append([]string{""}, codeTags...)).Draw(rt, "open")
		if got, want := preBlockAfter(l, open), readBlocks(l, open); got != want {
			rt.Fatalf("preBlockAfter(%q, %q) = %q, read in full %q", l, open, got, want)
		}
	})
	for _, c := range [][3]string{{"<pre>", "", "pre"}, {"a<scrİpt>", "", "script"}, {"x `<pre>` y", "", ""}, {"</PRE>", "pre", ""},
		{"</scrİpt>", "script", ""}, {"a<b</scrip", "script", "script"}, {"if(a<b)", "", ""}} {
		if got := preBlockAfter(c[0], c[1]); got != c[2] {
			t.Errorf("preBlockAfter(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// outlineLines reads a line for the code blocks it opens or closes only
// when a later heading or declaration asks whether it stands in one; its
// answers are those of reading every line as it passes.
func TestOutlineLinesReadsCodeBlocksOnlyWhenAsked(t *testing.T) {
	lines := []string{"", "<pre>", "</pre>", "x <PRE> y", "`<pre>`", "<script>a<b", "a<b</script>", "<code>", "</code> z",
		"<style>", "</style>", "<textarea>", "```", "~~~", "# Title", "## Part", "### Deep", "<h1>Top</h1>", "<h2>Sub</h2>",
		"func main() {", "type T struct {", "def f(x):", "class C:", "}", "=pod", "=head1 NAME", "=cut", "=begin", "=end",
		"int f(void)", "{", "f(X) ->", "    ok.", "plain words", "<p>para</p>", "<scrİpt>", "</SCRIPT>",
		"## Part <pre>", "# Title </pre>", "func f() { // <code>", "<h2>A</h2><pre>", "type U struct{} // </pre>", "<h1>B</h1></code>"}
	// Lines over lazyLineBytes are read only when asked, and so is every
	// line after one.
	long := strings.Repeat("a<b;", lazyLineBytes/4)
	lines = append(lines, long, long+"<script>", long+"</script>", "<pre>"+long, long+"</pre>", "## Long "+long+"<pre>", "func g() { // "+long+"</pre>")
	rapid.Check(t, func(rt *rapid.T) {
		ls := rapid.SliceOfN(rapid.SampledFrom(lines), 1, 40).Draw(rt, "lines")
		numbered := rapid.Bool().Draw(rt, "numbered")
		if numbered {
			for i, l := range ls {
				ls[i] = fmt.Sprintf("%6d\t%s", i+1, l)
			}
		}
		text := strings.Join(ls, "\n") + "\n"
		lazyRanks, lazyDoc, lazyOK := outlineLinesBlocks(newLineSel(text, 1<<20, lineGaps(10)), numbered, false)
		ranks, doc, ok := outlineLinesBlocks(newLineSel(text, 1<<20, lineGaps(10)), numbered, true)
		if !reflect.DeepEqual(lazyRanks, ranks) || lazyDoc != doc || lazyOK != ok {
			rt.Fatalf("read when asked: %v %v %v; read as passed: %v %v %v\n%s", lazyRanks, lazyDoc, lazyOK, ranks, doc, ok, text)
		}
	})
}

// A declaration that opens a block on the last line, of 64 lines (the
// last line's bit the last of its word), is no child's parent and no
// panic.
func TestOutlineBlockOpenerOnLastLine(t *testing.T) {
	var b strings.Builder
	for i := range 63 {
		fmt.Fprintf(&b, "def f%d(x):\n", i)
	}
	b.WriteString("class X:\n")
	text := b.String()
	for _, limit := range []int{200, 400, 800, 2000} {
		require.NotPanics(t, func() { planOutlineRead(ToolOutput{Tool: "Read", Text: text}, limit) })
	}
}
