package headroom

import "strings"

// progressAbove returns the runner's progress line that block b sits
// under: the nearest line above it, within progressWindow lines, that
// counts a step as `[N/M] name` (regrtest's `0:00:05 load avg: 21.16
// [4/7] test_fractions`, ninja's `[12/40] Building …`): it names the test
// or target that failed where the failure's own lines may not. Else -1.
// It reads at most *left lines, less each one it reads, so that the
// blocks of a log read a bounded number of lines between them.
func progressAbove(lines logLines, b logBlock, left *int) int {
	lo := max(0, int(b.first)-progressWindow)
	for i := int(b.first) - 1; i >= lo && *left > 0; i-- {
		*left--
		if l := lines.line(i); !isIndented(l) && progressStep(l) {
			return i
		}
	}
	return -1
}

// progressScanMax bounds the lines progressAbove reads for one plan.
const progressScanMax = 1 << 16

// progressWindow bounds how far above a failure progressAbove looks.
const progressWindow = 200

// progressStep reports whether a line counts a step, `[N/M] ` followed
// by a name, within its first 80 bytes.
func progressStep(l string) bool {
	l = l[:min(len(l), 80)]
	for at := 0; ; {
		i := strings.IndexByte(l[at:], '[')
		if i < 0 {
			return false
		}
		j := at + i + 1
		if n := digitRun(l, j); n > 0 && j+n < len(l) && l[j+n] == '/' {
			j += n + 1
			if m := digitRun(l, j); m > 0 && j+m+1 < len(l) && l[j+m] == ']' && l[j+m+1] == ' ' {
				return true
			}
		}
		at = at + i + 1
	}
}
