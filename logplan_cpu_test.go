//go:build unix

package headroom

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time: on a loaded machine
// a benchmark's wall clock counts other processes' turns, its CPU time
// does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPUThroughput runs f b.N times and reports MB/s by CPU time.
func reportCPUThroughput(b *testing.B, n int, f func()) {
	start := cpuTime()
	iters := 0
	for b.Loop() {
		f()
		iters++
	}
	if d := cpuTime() - start; d > 0 && iters > 0 {
		b.ReportMetric(float64(n)*float64(iters)/d.Seconds()/1e6, "cpu-MB/s")
	}
}
