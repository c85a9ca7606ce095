package headroom

import (
	"os"
	"path/filepath"
	"testing"
)

// fuzzDocPlanner runs plan on arbitrary text and limits: it must not
// panic, and what it accepts must be a sound plan within its limit.
func fuzzDocPlanner(f *testing.F, plan func(text string, limit int) (plan, bool), seedCases ...string) {
	for _, c := range seedCases {
		b, err := os.ReadFile(filepath.Join("testdata", "corpus", c, "input.txt"))
		if err == nil {
			f.Add(string(b[:min(len(b), 20000)]), 3000)
		}
	}
	f.Add("", 200)
	f.Add("\n\n\n", 250)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		limit = 200 + int(uint(limit)%20000)
		if p, ok := plan(text, limit); ok {
			checkDocPlan(t, text, p, limit)
		}
	})
}

func FuzzPlanDiff(f *testing.F) {
	f.Add("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n", 200)
	f.Add("--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n\\ No newline at end of file\n", 200)
	f.Add("Diff in /src/lib.rs:1:\n use a;\n-use c;\n+use b;\nDiff in /src/lib.rs at line 9:\n-x\n", 200)
	fuzzDocPlanner(f, planDiff, "plain_git_show_large_commit", "plain_rustfmt_check_humantime_2_1_0_diff_hunks")
}

func FuzzPlanOutlineRead(f *testing.F) {
	f.Add("package x\n\nfunc A() {\n}\n\nfunc B() {\n}\n\ntype C struct {\n}\n", 200)
	f.Add("     1\t# T\n     2\t\n     3\t## A\n     4\t## B\n", 200)
	f.Add("<!DOCTYPE html>\n<h2>A</h2>\n<pre>\ntype T int\n</PRE>\n<h3>B</h3>\n<pre class=x>func F() {\n<code>\nconst c\n</code></pre>\n<h2>C</h2>\n", 200)
	f.Add("// c\npackage p\n\nimport (\n\t\"a\"\n\t\"b\"\n\t\"c\"\n\t\"d\"\n\t\"e\"\n)\n\n/* x\n** y */\nfunc A() {\n\tdefer func() {\n\t}()\n}\n", 200)
	f.Add("T(1)   Manual   T(1)\n\nNAME\n       t - a tool\n\nOPTIONS\n       -a\n              all\n\nEXIT STATUS\n       0 on success\n\nt 1.0   T(1)\n", 200)
	f.Add("defmodule M do\n  @spec f(t) :: t\n  def f(x)\n  def f(x), do: x\n  defp g(y), do: y\nend\n-spec h(A) -> B.\nh(A) ->\n  A;\nh(\n  B) ->\n  B.\ndata T a\n    = A\n    | B a\n(.:) :: a -> b\nf', g :: Int\n", 200)
	fuzzDocPlanner(f, func(text string, limit int) (plan, bool) {
		return planOutlineRead(ToolOutput{Tool: "Read", Text: text}, limit)
	}, "plain_read_markdown_prometheus_config_docs", "plain_read_c_header_sqlite3_h", "plain_read_elixir_enum_ex",
		"plain_read_erlang_gen_statem_erl", "plain_read_haskell_hashmap_internal_hs")
}

// A man page reaches the outline from an exec tool too.
func FuzzPlanSectionedDoc(f *testing.F) {
	f.Add("T(1)   Manual   T(1)\n\nNAME\n       t - a tool\n\nOPTIONS\n       -a\n              all\n\nEXIT STATUS\n       0 on success\n\nt 1.0   T(1)\n", 200)
	fuzzDocPlanner(f, func(text string, limit int) (plan, bool) {
		return planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, limit)
	}, "plain_man_p_cat_find_manual_page")
}

// An info manual or an RST document reaches the outline by its
// underlined headings.
func FuzzPlanUnderlinedDoc(f *testing.F) {
	f.Add("File: m.info,  Node: Top,  Up: (dir)\n\nm\n***\n\nText.\n\n1 Intro\n*******\n\n‘-E’\n‘--x’\n     Use it.\n\n1.1 More\n========\n", 200)
	fuzzDocPlanner(f, func(text string, limit int) (plan, bool) {
		return planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, limit)
	}, "plain_info_subnodes_grep_manual")
}

// A rendered HTML page reaches the outline by the permalink marks of its
// headings.
func FuzzPlanPermalinkDoc(f *testing.F) {
	f.Add(nodeDoc, 300)
	f.Add("§Usage\n\nUse it.\n\n§Width\n\nWide.\n\nStructs§\n\nArguments\n    Args.\n\nTraits§\n\nDebug\n", 200)
	fuzzDocPlanner(f, func(text string, limit int) (plan, bool) {
		return planOutlineRead(ToolOutput{Tool: "Bash", Text: text}, limit)
	}, "plain_w3m_dump_cols_100_node_20_readline_api_html", "plain_w3m_dump_debian_python_policy_sphinx_pilcrow",
		"plain_w3m_dump_rustdoc_std_fmt_module_section_sign")
}

func FuzzPlanGiant(f *testing.F) {
	f.Add(string(make([]byte, 5000)), 200)
	f.Add("a\n"+string(make([]byte, 3000))+"\nb\n", 300)
	fuzzDocPlanner(f, planGiant)
}

func FuzzPlanListing(f *testing.F) {
	f.Add(".:\ntotal 1\na\n\n./b:\ntotal 1\nc\n\n./d:\ne\n", 200)
	fuzzDocPlanner(f, planListing)
}

func FuzzPlanTree(f *testing.F) {
	f.Add("root\n├── a\n│\u00a0\u00a0 └── b\n└── c\n    ├── d\n    └── e\n\n2 directories, 3 files\n", 200)
	f.Add("doc\n|-- a\n|   `-- b\n`-- c\n", 200)
	fuzzDocPlanner(f, planTree)
}

func FuzzPlanTable(f *testing.F) {
	f.Add("a  b\n-  -\n"+stringsRepeat("1  2\n", 40), 200)
	f.Add("import time: self [us] | cumulative | imported package\n"+stringsRepeat("import time:  12 |  30 |   a\nimport time:  9 |  90 | b\n", 20), 200)
	f.Add("  1 calls in 2 seconds\n\n   Ordered by: x\n\n   ncalls  tottime  cumtime name\n"+stringsRepeat("   77/1    0.021    6.526 a.py:1(f)\n", 30), 200)
	fuzzDocPlanner(f, planTable, "plain_python_x_importtime_sphinx_bandit", "plain_tar_tvJf_elixir_orig_tarball",
		"plain_python_cprofile_sort_cumulative_pygmentize_enum_ex")
}

func FuzzPlanDelimitedTable(f *testing.F) {
	f.Add("a,b,c\n"+stringsRepeat("1,\"2,x\",3\n", 40), 200)
	f.Add("name\tn\n"+stringsRepeat("x\t1\n", 40), 200)
	fuzzDocPlanner(f, planDelimitedTable, "plain_sqlite3_csv_go_zip_sums", "plain_csv_loghub_hadoop_structured")
}

func FuzzPlanJSONLines(f *testing.F) {
	f.Add(stringsRepeat("{\"level\":\"INFO\",\"msg\":\"x\"}\n", 100), 400)
	fuzzDocPlanner(f, planJSONLines)
}

func stringsRepeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}
