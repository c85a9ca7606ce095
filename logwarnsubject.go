package headroom

import "strings"

// warningSubject returns the line that says what warning line i is about
// when the warning's own line names nothing: it ends at its level word
// (`warning:`, past bracketed flags) with no source position before it,
// as GHC's `<no location info>: warning: [-Wunsafe]` does, the module it
// is about on the indented line below. Else -1. That line is part of the
// warning's identity (nineteen modules inferred unsafe are nineteen
// warnings, not one (×19)) and is kept with it.
func warningSubject(lines logLines, i int) int {
	if i+1 >= lines.len() || !isIndented(lines.line(i+1)) {
		return -1
	}
	l := strings.TrimRight(lines.line(i), " \t\r")
	for strings.HasSuffix(l, "]") {
		open := strings.LastIndexByte(l, '[')
		if open < 0 {
			return -1
		}
		l = strings.TrimRight(l[:open], " \t")
	}
	if !strings.HasSuffix(l, ":") || isPositionLine(l) {
		return -1
	}
	if _, at := levelWord(l); at < 0 && !strings.HasSuffix(strings.ToLower(l), "warning:") {
		return -1
	}
	return i + 1
}

// warningKey appends to dst what warning line i is, for dedupWarnings:
// its line normalised, and the line its warningSubject is on.
func warningKey(dst []byte, lines logLines, i int) []byte {
	dst = normalizeLogLine(dst, lines.line(i))
	if s := warningSubject(lines, i); s > 0 {
		dst = normalizeLogLine(append(dst, 0), lines.line(s))
	}
	return dst
}
