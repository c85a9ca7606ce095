package headroom

// logOptions tunes planLog; the zero value means the defaults.
type logOptions struct {
	lineCap int // bytes of one kept line shown; 0 means the default
}

// planLog plans the output of an exec tool (a build, a test run, an
// install), or declines (ok == false) when the text has no error and fewer
// than two summary lines. limit is the bytes the items may take.
// TODO(log planner): not built yet; declines everything.
func planLog(text string, limit int, o logOptions) (p plan, ok bool) {
	return plan{}, false
}
