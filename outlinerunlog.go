package headroom

// echoesIntoFailure reports whether text, the output of an exec tool that
// opens like source (opensLikeSource), is a run's log: a line in it is a
// failure a log rule knows, no mere failure word (psql -e echoes
// the SQL it runs, then `psql:a.sql:1708: ERROR:  type "ucp" does not
// exist`; a script that prints its own source before it fails). The
// outline keeps declarations and would summarise that line away; the log
// planner keeps it, its block and the verdict. The test is the log
// prefilter's anchored count (tallyAnchored), which reads only the lines
// that hold a failure word or a rule's literal; with the prefilter off it
// says no, and the outline plans as before. A report laid out as a
// document (phpcs's `FILE:` sections) is left to the outline, whose
// headings keep more of it than the log planner's blocks.
func echoesIntoFailure(text string) bool {
	if !opensLikeSource(text) || !logAnchorTable.ok || len(text) > maxLogText {
		return false
	}
	return tallyAnchored(text).strong > 0
}
