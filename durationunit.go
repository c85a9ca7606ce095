package headroom

import "strings"

// durationUnits are the units of time a profile or a timing column
// writes after its digits (pprof's 2.42s and 120ms, a benchmark's 35ns),
// each with the seconds it stands for. A bare m is left out: minutes and
// metres, or a word, read alike.
var durationUnits = [...]struct {
	unit    string
	seconds float64
}{
	{"ns", 1e-9},
	{"us", 1e-6},
	{"µs", 1e-6},
	{"ms", 1e-3},
	{"min", 60},
	{"s", 1},
	{"h", 3600},
}

// durationUnit returns how many bytes at the end of f write a unit of
// time after a digit (see durationUnits) and the seconds it stands for;
// 0 when f ends in none. Read in seconds, a column of 2.42s and 120ms
// rows compares as the times do.
func durationUnit(f string) (n int, seconds float64) {
	for _, u := range durationUnits {
		if g, ok := strings.CutSuffix(f, u.unit); ok && g != "" && g[len(g)-1]-'0' <= 9 {
			return len(u.unit), u.seconds
		}
	}
	return 0, 0
}
