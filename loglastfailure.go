package headroom

// A run that ends on a failure ends on its error line and the detail
// under it (docutils' `x.rst:4: (ERROR/3) Unknown directive type
// "automodule".`, a blank, then the directive it could not read): the
// very last lines kept after the summaries (logLastLines) are that
// detail, and the error line above them says what it is. When it repeats
// an earlier failure it is folded into that one's count, shown where that
// one is; the end of the run is still where a reader, and a blind clip's
// tail, looks for what went wrong last. So the last error line among the
// log's last defaultLogTail lines is kept with them.

// lastFailureLine returns the last error line among the last
// defaultLogTail lines of the log, or -1 when none is.
func lastFailureLine(lines logLines) int {
	for i := lines.len() - 1; i >= max(0, lines.len()-defaultLogTail); i-- {
		if lines.class(i) == lineError {
			return i
		}
	}
	return -1
}
