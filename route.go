package headroom

import "strings"

// A planner is one row of the routing table: it plans a string within
// limit bytes, or declines. A planner declines what it does not recognise
// (its own shape test runs first, and must be cheap and never misfire),
// so the order of the table decides only between planners that both
// accept a string.
type planner struct {
	strategy Strategy
	plan     func(out ToolOutput, limit int) (plan, bool)
}

// routes is the routing table of a Headroom built with cfg: the first
// planner that accepts a string plans it, and clip is the fallback. Adding
// a planner is adding a row. Rows whose shape test is a share of the lines
// first test a sample of a large input, as smp says (routesample.go).
//
// JSON lines come first: their test is strict (nine lines in ten are one
// object each), and a log line's timestamp would pass for a search hit
// (`{"time":"2026-11-23T18:03:07Z"` reads as path:line:); rg --json and
// go test -json they leave to the search and log planners. Diffs come
// before JSON and logs (a diff of a log or a JSON file is a
// diff); source reads before logs (a read of code that mentions errors is
// code), and tables (a kubectl table with an Error status is a table);
// listings after logs (a goroutine dump has sections too); one-line
// giants last, for what no planner with structure took.
// Every row but log's holds the floor (floored).
func routes(cfg config, smp sampling) []planner {
	return []planner{
		{StrategyJSONLines, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planJSONLines(out.Text, limit)
		})},
		// A JSON-lines test stream (go test -json) is a test log: before
		// search, which would take the `file.go:12:` inside its Output
		// strings for matches, and before JSON.
		{StrategyLog, planTestEvents},
		// A toolchain's report whose lines look like matches (mypy,
		// pylint, gcc): before search, which would count them as hits.
		{StrategyLog, func(out ToolOutput, limit int) (plan, bool) {
			if !cfg.isExecTool(out.Tool) || !diagnosticShaped(out.Text) || logSurelyDeclines(out.Text, limit, out.ExitCode) {
				return plan{}, false
			}
			return planLog(out.Text, limit, logOptions{exitCode: out.ExitCode})
		}},
		// A CSV or TSV export whose header names its columns: before
		// search, whose file-list test would read its first column as
		// paths.
		{StrategyTable, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planDelimitedTable(out.Text, limit)
		})},
		// Every search shape is a share of the lines: 75 % shaped for
		// matches, 90 % for counts, file lists and rg --json.
		{StrategySearch, floored(sampledFirst(smp, func(out ToolOutput, limit int, sampled bool) (plan, bool) {
			return planSearchShapes(out.Text, limit, searchOptions{perFile: cfg.matchesPerFile, sampled: sampled})
		}))},
		{StrategyDiff, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planDiff(out.Text, limit)
		})},
		{StrategyJSON, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planJSON(out.Text, limit)
		})},
		{StrategyOutline, floored(planOutlineRead)},
		// C preprocessor output: its first line is a linemarker.
		{StrategyOutline, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planPreprocessed(out.Text, limit)
		})},
		// A table is a share of the lines too: nine rows in ten with two
		// fields or more, under the header the sample's head holds.
		{StrategyTable, floored(sampledFirst(smp, func(out ToolOutput, limit int, _ bool) (plan, bool) {
			return planTable(out.Text, limit)
		}))},
		// A drawn tree (tree, npm ls, cargo tree): before logs, whose
		// planner would keep its ends only.
		{StrategyListing, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planTree(out.Text, limit)
		})},
		{StrategyLog, func(out ToolOutput, limit int) (plan, bool) {
			if !cfg.isExecTool(out.Tool) || logSurelyDeclines(out.Text, limit, out.ExitCode) {
				return plan{}, false
			}
			return planLog(out.Text, limit, logOptions{exitCode: out.ExitCode})
		}},
		{StrategyListing, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planListing(out.Text, limit)
		})},
		{StrategyGiant, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planGiant(out.Text, limit)
		})},
		// Line-oriented text that no row above took: a trace, a blame, a
		// dump of records. Last, as the smarter form of clip.
		{StrategyLines, floored(func(out ToolOutput, limit int) (plan, bool) {
			return planLines(out.Text, limit)
		})},
	}
}

// floored makes a planner decline a plan that keeps less than half of
// limit when the input is at least twice limit: a blind clip keeps more,
// so such a plan (a 160 KB one-line source map outlined in 2 KB) loses to
// the fallback. The log planner's short success view is the one exception.
func floored(f func(out ToolOutput, limit int) (plan, bool)) func(out ToolOutput, limit int) (plan, bool) {
	return func(out ToolOutput, limit int) (plan, bool) {
		p, ok := f(out, limit)
		if ok && len(out.Text) >= 2*limit && itemsSize(p.items) < limit/2 {
			return plan{}, false
		}
		return p, ok
	}
}

// isExecTool reports whether tool names a shell or exec tool.
func (c config) isExecTool(tool string) bool {
	for _, name := range c.execTools {
		if strings.EqualFold(name, tool) {
			return true
		}
	}
	return false
}
