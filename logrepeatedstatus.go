package headroom

// A header that says a status line's message again word for word is the
// same error told twice, not a section that tells it whole: configure
// prints `configure: error: libpcre is required …` on its terminal, and
// its config.log, catted below, ends on `configure:5468: error: libpcre
// is required …` above its cache variables. Paired (see richWholes), the
// status line would give way to that "section" (a line said again, and
// whatever follows it), and the line the run failed on, the first
// failure's, would be told last. A section's header names the failure
// (`FAIL: test_x (mod.T.test_x)` for `test_x (mod.T.test_x) ... FAIL`);
// it does not repeat its message.

// repeatsStatus reports whether header ends with most of status: their
// common ending holds at least repeatShare of status and repeatMin bytes
// (a position or a prefix before the message may differ).
func repeatsStatus(status, header string) bool {
	n := 0
	for n < len(status) && n < len(header) && status[len(status)-1-n] == header[len(header)-1-n] {
		n++
	}
	return n >= repeatMin && n*repeatShareDen >= len(status)*repeatShareNum
}

// A header repeats a status line when their common ending is at least
// repeatMin bytes and repeatShareNum/repeatShareDen of the status line.
const (
	repeatMin      = 20
	repeatShareNum = 3
	repeatShareDen = 4
)
