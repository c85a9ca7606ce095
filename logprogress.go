package headroom

import "strings"

// A progressScan finds the progress line above each block of a log (see
// above), reading at most progressScanMax lines for them all. The windows
// of blocks close together overlap: what it found of the last lines it
// read is kept in a ring of progressRing slots, so that a line is read
// once for the blocks near it, though it counts against the bound each
// time as when it was read again.
type progressScan struct {
	left int
	line [progressRing]int32 // the line a slot holds, -1 when none
	step [progressRing]bool  // whether that line is a step (progressStep, not indented)
}

// progressRing is how many lines' answers a progressScan keeps: more
// than two windows, so a block's window after the one before is in it.
const progressRing = 512

// newProgressScan returns a scan with its whole bound left.
func newProgressScan() *progressScan {
	s := &progressScan{left: progressScanMax}
	for k := range s.line {
		s.line[k] = -1
	}
	return s
}

// above returns the runner's progress line that block b sits under: the
// nearest line above it, within progressWindow lines, that counts a step
// as `[N/M] name` (regrtest's `0:00:05 load avg: 21.16 [4/7]
// test_fractions`, ninja's `[12/40] Building …`): it names the test or
// target that failed where the failure's own lines may not. Else -1.
func (s *progressScan) above(lines logLines, b logBlock) int {
	lo := max(0, int(b.first)-progressWindow)
	for i := int(b.first) - 1; i >= lo && s.left > 0; i-- {
		s.left--
		if s.isStep(lines, i) {
			return i
		}
	}
	return -1
}

// isStep reports whether line i counts a step, from the ring when it
// holds the line.
func (s *progressScan) isStep(lines logLines, i int) bool {
	k := i % progressRing
	if int(s.line[k]) != i {
		l := lines.line(i)
		s.line[k], s.step[k] = int32(i), !isIndented(l) && progressStep(l)
	}
	return s.step[k]
}

// progressScanMax bounds the lines a progressScan reads for one plan.
const progressScanMax = 1 << 16

// progressWindow bounds how far above a failure a progressScan looks.
const progressWindow = 200

// progressStep reports whether a line counts a step, `[N/M] ` followed
// by a name, within its first 80 bytes.
func progressStep(l string) bool { return stepCount(l, false) }

// progressRunInside returns a test of whether line i of lines stands
// inside a run of progress steps: it counts a step (countsStep), and so
// do the lines right above and below it. A passing run's view shows such
// a run by its first and last steps.
func progressRunInside(lines logLines) func(i int) bool {
	return func(i int) bool {
		return i > 0 && i+1 < lines.len() &&
			countsStep(lines.line(i)) && countsStep(lines.line(i-1)) && countsStep(lines.line(i+1))
	}
}

// countsStep reports whether a line counts a step as `[N/M]` within its
// first 80 bytes, the number perhaps padded to the total's width (rdoc
// -C's `  1% [ 1/66]  irb.rb`, ninja's `[12/40] Building …`), indented or
// not.
func countsStep(l string) bool { return stepCount(l, true) }

// stepCount reports whether a line holds `[N/M]` within its first 80
// bytes: padded, N may follow spaces (`[ 1/66]`); not padded, N follows
// the bracket and a space follows it (`[3/12] name`).
func stepCount(l string, padded bool) bool {
	l = l[:min(len(l), 80)]
	for at := 0; ; {
		i := strings.IndexByte(l[at:], '[')
		if i < 0 {
			return false
		}
		j := at + i + 1
		for padded && j < len(l) && l[j] == ' ' {
			j++
		}
		if n := digitRun(l, j); n > 0 && j+n < len(l) && l[j+n] == '/' {
			j += n + 1
			m := digitRun(l, j)
			closed := m > 0 && j+m < len(l) && l[j+m] == ']'
			if closed && (padded || j+m+1 < len(l) && l[j+m+1] == ' ') {
				return true
			}
		}
		at += i + 1
	}
}
