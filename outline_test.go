package headroom

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

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
		{"cpp", "namespace std {\n  template<typename _It>\n    inline _It\n    unique(_It __first, _It __last)\n    {\n      return __first;\n    }\n}\n",
			[]string{"namespace std {", "  template<typename _It>", "    inline _It", "    unique(_It __first, _It __last)"}},
		{"shell", "#!/bin/bash\n\n__git_complete_refs ()\n{\n\tlocal cur\n}\n\n_git_bisect () {\n\techo\n}\n\nfunction helper {\n  :\n}\n",
			[]string{"__git_complete_refs ()", "_git_bisect () {", "function helper {"}},
		{"markdown", "# Stream\n\nText.\n\n```js\nfunction notAHeading() {}\n# not a heading either\n```\n\n## API\n\n### `stream.pipeline()`\n\n#### Deep\n\nMore text.\n",
			[]string{"# Stream", "## API", "### `stream.pipeline()`", "#### Deep"}},
		{"html", "<!DOCTYPE html>\n<html>\n<head><title>Policy</title></head>\n<body>\n<p>text</p>\n<h2>Packaging <span>4.7.</span></h2>\n<div><h3 id=\"x\">Modules</h3></div>\n<hr>\n</body>\n",
			[]string{"<head><title>Policy</title></head>", "<h2>Packaging <span>4.7.</span></h2>", "<div><h3 id=\"x\">Modules</h3></div>"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newLineSel(c.src, 1<<20, lineGap, 40)
			ranks, ok := outlineLines(s, false)
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
	gapLines = regexp.MustCompile(`^\[…lines? ([0-9,]+)(?:-([0-9,]+))? omitted…\]$`)
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
					rt.Fatalf("gap note %q where line %d is next", l, n)
				}
				n = to + 1
				continue
			}
			if n > len(in) {
				rt.Fatalf("line %d past the input's %d lines: %q", n, len(in), l)
			}
			if loc := cutLine.FindStringIndex(l); loc != nil {
				if !strings.HasPrefix(in[n-1], l[:loc[0]]) {
					rt.Fatalf("cut line %d %q is not a start of %q", n, l, in[n-1])
				}
			} else if l != in[n-1] {
				rt.Fatalf("line %d: got %q, input has %q", n, l, in[n-1])
			}
			n++
		}
	})
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
