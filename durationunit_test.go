package headroom

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A unit of time after a digit is read, with the seconds it stands for;
// a unit alone, or after anything but a digit, is not.
func TestDurationUnit(t *testing.T) {
	for _, c := range []struct {
		f       string
		n       int
		seconds float64
	}{
		{"2.42s", 1, 1}, {"120ms", 2, 1e-3}, {"35ns", 2, 1e-9}, {"8us", 2, 1e-6},
		{"8µs", len("µs"), 1e-6}, {"3min", 3, 60}, {"24h", 1, 3600},
		{"s", 0, 0}, {"ms", 0, 0}, {"5m", 0, 0}, {"rows", 0, 0}, {"x.s", 0, 0}, {"", 0, 0},
	} {
		n, seconds := durationUnit(c.f)
		assert.Equal(t, c.n, n, c.f)
		assert.InDelta(t, c.seconds, seconds, 1e-15, c.f)
	}
}

// A profile's table of times (go tool pprof -top) has its numeric
// columns in seconds and milliseconds: the row of the largest cumulative
// time is a peak wherever it sits, though its flat time is small and
// the rows are sorted by flat time.
func TestColumnPeaksOfDurations(t *testing.T) {
	rows := []string{
		"      flat  flat%   sum%        cum   cum%",
		"     2.42s 10.31% 10.31%      2.42s 10.31%  runtime.asyncPreempt",
		"     1.14s  4.86% 15.16%      1.17s  4.98%  runtime.lock2",
		"     890ms  3.79% 18.95%      900ms  3.83%  runtime.unlock2",
		"     500ms  2.13% 21.08%      7.77s 33.09%  toml.(*parser).topLevel",
		"      70ms  0.30% 21.38%       80ms  0.34%  runtime.memmove",
		"      50ms  0.21% 21.59%      5.46s 23.25%  toml.(*Encoder).eMap",
	}
	for range 40 {
		rows = append(rows, "         0     0%   100%       10ms 0.043%  runtime.other")
	}
	s := newLineSel(strings.Join(rows, "\n"), 1000, gapWording{})
	peaks := columnPeaksOf(s, 0, s.n(), 2, linePeakColumns)
	assert.Contains(t, peaks, 4, "topLevel's cum 7.77s")
	assert.Contains(t, peaks, 6, "eMap's cum 5.46s")
}
