package headroom

// A runner's summary may be a heading whose counts stand on the lines
// under it (valgrind's `LEAK SUMMARY:` above `definitely lost: 8,325
// bytes in 30 blocks`, `indirectly lost: …`, `possibly lost: …`): the
// heading says there is a summary, its body says what it is. Scanned,
// the body's lines continue the heading as a trace continues an error
// line; kept without them, the heading tells nothing. A summary line
// that announces what follows (it ends in ':', see announcesNext) is
// kept with the detail lines right under it, up to summaryBodyMax.

// summaryBodyMax bounds the lines of a summary's body kept with it.
const summaryBodyMax = 8

// summaryLines returns the lines [from, to) under summary line i that are
// its body: the trace lines right below it when it announces them, none
// otherwise.
func summaryLines(lines logLines, i int) (from, to int) {
	from, to = i+1, i+1
	if !announcesNext(lines.line(i)) {
		return from, to
	}
	for to < lines.len() && to-from < summaryBodyMax && lines.class(to) == lineTrace && !lines.repeat(to) {
		to++
	}
	return from, to
}
