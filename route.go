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
// a planner is adding a row.
func routes(cfg config) []planner {
	return []planner{
		{StrategySearch, func(out ToolOutput, limit int) (plan, bool) {
			return planSearch(out.Text, limit, searchOptions{perFile: cfg.matchesPerFile})
		}},
		{StrategyDiff, func(out ToolOutput, limit int) (plan, bool) {
			return planDiff(out.Text, limit)
		}},
		{StrategyJSON, func(out ToolOutput, limit int) (plan, bool) {
			return planJSON(out.Text, limit)
		}},
		{StrategyOutline, planOutlineRead},
		{StrategyLog, func(out ToolOutput, limit int) (plan, bool) {
			if !cfg.isExecTool(out.Tool) {
				return plan{}, false
			}
			return planLog(out.Text, limit, logOptions{})
		}},
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
