package headroom

import "strings"

// A planner is one row of the routing table: it plans a string within
// limit bytes, or declines. A planner declines what it does not recognise
// (its own shape test runs first, and must be cheap and never misfire),
// so the order of the table decides only between planners that both
// accept a string.
//
// route plans the string a second time, with a limit a little wider,
// when the first plan's marker leaves room unused (replanWide). A planner
// whose reading of the input is most of its cost (the log planner's
// line index and blocks, the JSON planner's scan) is a staged row: its
// prepare keeps that reading for the second plan, so that the second plan
// costs the selection only.
type planner struct {
	strategy Strategy
	plan     func(out ToolOutput, limit int) (plan, bool)
	// prepare, when set, returns plan for out as a function of the limit
	// only, which reads out on its first call and keeps what does not
	// depend on the limit for the next: prepare(out)(limit) is
	// plan(out, limit), each time. prepare itself does no work, so that a
	// panic in the planner is one safePlan recovers.
	prepare func(out ToolOutput) planAt
	// sampled, when set, is plan for a row that first plans a sample
	// (sampledFirst), taking the sample from shared: route gives every
	// such row of one call the same, so that the input is sampled once.
	sampled func(out ToolOutput, shared *routeShared) planAt
	// indexed, when set, is plan for a row that selects lines, taking
	// the line index from shared: route gives every such row of one
	// call the same, so that the input is indexed once.
	indexed func(out ToolOutput, shared *routeShared) planAt
}

// An indexedPlanner plans out within limit, its lines indexed by lines.
type indexedPlanner func(out ToolOutput, limit int, lines *lineIndexer) (plan, bool)

// indexedRow returns the row of strategy st whose planner f selects
// lines, and holds the floor.
func indexedRow(st Strategy, f indexedPlanner) planner {
	return planner{strategy: st,
		plan: floored(func(out ToolOutput, limit int) (plan, bool) {
			return f(out, limit, &lineIndexer{text: out.Text})
		}),
		indexed: func(out ToolOutput, shared *routeShared) planAt {
			return flooredAt(out, func(limit int) (plan, bool) { return f(out, limit, shared.linesOf(out.Text)) })
		}}
}

// planAt plans one string within limit bytes, or declines.
type planAt func(limit int) (plan, bool)

// staged returns the row of strategy s whose planner prepare gives.
func staged(s Strategy, prepare func(out ToolOutput) planAt) planner {
	return planner{strategy: s, prepare: prepare, plan: func(out ToolOutput, limit int) (plan, bool) {
		return prepare(out)(limit)
	}}
}

// at returns pl's planner for out.
func (pl planner) at(out ToolOutput) planAt {
	if pl.prepare != nil {
		return pl.prepare(out)
	}
	return func(limit int) (plan, bool) { return pl.plan(out, limit) }
}

// sampledRow returns the row of strategy st whose planner f first plans
// a sample of a large input, as smp says (sampledFirst), declines every
// text of fewer than least lines, and holds the floor. declines, when
// set, tells from its lines' heads a sample of long lines f declines,
// which route then does not plan.
func sampledRow(st Strategy, smp sampling, least int, f sampledPlanner, declines longLinesTest) planner {
	return planner{strategy: st, plan: floored(sampledFirst(smp, least, f)), sampled: func(out ToolOutput, shared *routeShared) planAt {
		return flooredAt(out, func(limit int) (plan, bool) { return planSampled(smp, least, f, declines, out, limit, shared) })
	}}
}

// atSharing is at, with the sample a sampled row plans first taken from
// shared.
func (pl planner) atSharing(out ToolOutput, shared *routeShared) planAt {
	if pl.sampled != nil {
		return pl.sampled(out, shared)
	}
	if pl.indexed != nil {
		return pl.indexed(out, shared)
	}
	return pl.at(out)
}

// declines is the planner of a row that declines a string whatever the limit.
func declines(int) (plan, bool) { return plan{}, false }

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
		staged(StrategyJSONLines, func(out ToolOutput) planAt {
			signals, stream := onceJSONSignals(out.Text), onceJSONLinesStream(out.Text)
			return flooredAt(out, func(limit int) (plan, bool) { return planJSONLinesRead(out.Text, limit, signals, stream) })
		}),
		// A JSON-lines test stream (go test -json) is a test log: before
		// search, which would take the `file.go:12:` inside its Output
		// strings for matches, and before JSON.
		{strategy: StrategyLog, plan: planTestEvents},
		// A toolchain's report whose lines look like matches (mypy,
		// pylint, gcc): before search, which would count them as hits.
		staged(StrategyLog, func(out ToolOutput) planAt {
			if !cfg.isExecTool(out.Tool) {
				return declines
			}
			return logPlanner(out, func() bool { return diagnosticShaped(out.Text) })
		}),
		// A CSV or TSV export whose header names its columns: before
		// search, whose file-list test would read its first column as
		// paths.
		{strategy: StrategyTable, plan: floored(func(out ToolOutput, limit int) (plan, bool) {
			return planDelimitedTable(out.Text, limit)
		})},
		// Every search shape is a share of the lines: 75 % shaped for
		// matches, 90 % for counts, file lists and rg --json.
		// Each shape needs 20 lines: matches, counts, paths or events.
		sampledRow(StrategySearch, smp, searchMinMatches, func(out ToolOutput, limit int, sampled bool, _ *lineIndexer) (plan, bool) {
			return planSearchShapes(out.Text, limit, searchOptions{perFile: cfg.matchesPerFile, sampled: sampled})
		}, searchDeclinesLongLines),
		{strategy: StrategyDiff, plan: floored(func(out ToolOutput, limit int) (plan, bool) {
			return planDiff(out.Text, limit)
		})},
		staged(StrategyJSON, func(out ToolOutput) planAt {
			var top *jsonTop
			var ok bool
			signals := onceJSONSignals(out.Text)
			return flooredAt(out, func(limit int) (plan, bool) {
				if top == nil {
					top = new(jsonTop)
					*top, ok = scanJSONTop(out.Text)
				}
				return planJSONTop(out.Text, *top, ok, signals, limit)
			})
		}),
		// An exec tool's echo of code that fails (psql -e) is a log.
		indexedRow(StrategyOutline, func(out ToolOutput, limit int, lines *lineIndexer) (plan, bool) {
			if cfg.isExecTool(out.Tool) && !readTool(out.Tool) && echoesIntoFailure(out.Text) {
				return plan{}, false
			}
			return planOutlineReadIndexed(out, limit, lines)
		}),
		// C preprocessor output: its first line is a linemarker.
		{strategy: StrategyOutline, plan: floored(func(out ToolOutput, limit int) (plan, bool) {
			return planPreprocessed(out.Text, limit)
		})},
		// A table is a share of the lines too: nine rows in ten with two
		// fields or more, under the header the sample's head holds.
		sampledRow(StrategyTable, smp, tableLeastLines, func(out ToolOutput, limit int, sampled bool, lines *lineIndexer) (plan, bool) {
			return planTableIndexed(out.Text, limit, sampled, lines)
		}, nil),
		// A drawn tree (tree, npm ls, cargo tree): before logs, whose
		// planner would keep its ends only.
		{strategy: StrategyListing, plan: floored(func(out ToolOutput, limit int) (plan, bool) {
			return planTree(out.Text, limit)
		})},
		staged(StrategyLog, func(out ToolOutput) planAt {
			if !cfg.isExecTool(out.Tool) {
				return declines
			}
			return logPlanner(out, nil)
		}),
		indexedRow(StrategyListing, func(out ToolOutput, limit int, lines *lineIndexer) (plan, bool) {
			return planListingIndexed(out.Text, limit, lines)
		}),
		indexedRow(StrategyGiant, func(out ToolOutput, limit int, lines *lineIndexer) (plan, bool) {
			return planGiantIndexed(out.Text, limit, lines)
		}),
		// Line-oriented text that no row above took: a trace, a blame, a
		// dump of records. Last, as the smarter form of clip.
		// It reads the line index a row before it made (the table row's,
		// on a blame), and makes its own in its pass when none did.
		indexedRow(StrategyLines, func(out ToolOutput, limit int, lines *lineIndexer) (plan, bool) {
			return planLinesIndexed(out.Text, limit, lines)
		}),
	}
}

// floored makes a planner decline a plan that keeps less than half of
// limit when the input is at least twice limit: a blind clip keeps more,
// so such a plan (a 160 KB one-line source map outlined in 2 KB) loses to
// the fallback. The log planner's short success view is the one exception.
func floored(f func(out ToolOutput, limit int) (plan, bool)) func(out ToolOutput, limit int) (plan, bool) {
	return func(out ToolOutput, limit int) (plan, bool) {
		return flooredAt(out, func(limit int) (plan, bool) { return f(out, limit) })(limit)
	}
}

// flooredAt is floored for the planner of one string.
func flooredAt(out ToolOutput, f planAt) planAt {
	return func(limit int) (plan, bool) {
		p, ok := f(limit)
		if ok && len(out.Text) >= 2*limit && itemsSize(p.items) < limit/2 {
			return plan{}, false
		}
		return p, ok
	}
}

// logPlanner is the log rows' planner for out: planLog, unless
// logSurelyDeclines says it would decline or shaped (when set) says out
// is not the row's shape. Both depend on the limit only by whether it is
// below planLog's least, so each is asked once, and planLog's reading of
// the text is kept for a second plan (logScan).
func logPlanner(out ToolOutput, shaped func() bool) planAt {
	o := logOptions{exitCode: out.ExitCode}
	var scan logScan
	decided, declined := false, false
	return func(limit int) (plan, bool) {
		if limit < logLeast {
			return plan{}, false
		}
		if !decided {
			declined = shaped != nil && !shaped() || logSurelyDeclines(out.Text, limit, out.ExitCode)
			decided = true
		}
		if declined {
			return plan{}, false
		}
		return planLogScanned(out.Text, limit, o, &scan)
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
