package headroom

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A size whose unit is a word of its own ranks by size, not by its bare
// number: lsd's 4.3 MB file is the largest, its 617 KB one the next,
// above the 83 B one whose number is the largest bare.
func TestColumnPeaksSizeWord(t *testing.T) {
	text := strings.Join([]string{
		".rw-r--r-- root root  252 KB Tue Sep 29 01:59:07 2026 ├── Config.pod",
		".rw-r--r-- root root  4.3 MB Tue Sep 29 01:59:07 2026 │   ├── charclass_invlists.h",
		".rw-r--r-- root root  900 B  Tue Sep 29 01:59:07 2026 │   ├── small.h",
		".rw-r--r-- root root  617 KB Tue Sep 29 01:59:07 2026 │   └── PPPort.pm",
		".rw-r--r-- root root   83 B  Tue Sep 29 01:59:07 2026 └── wait.ph",
	}, "\n")
	s := newLineSel(text, 1000, gapWording{})
	peaks := columnPeaks(s, 0, s.n(), 3)
	assert.Equal(t, []int{1, 3, 0}, peaks[:3])
}

// The words of a size's unit, and the words that are none: a bare B is
// a byte (no scale), a letter alone a symbol type (nm's B, T).
func TestSizeWord(t *testing.T) {
	for f, want := range map[string]float64{
		"KB": 1 << 10, "kB": 1 << 10, "KiB": 1 << 10, "MB": 1 << 20, "MiB": 1 << 20, "GB": 1 << 30, "TiB": 1 << 40,
		"B": 0, "T": 0, "K": 0, "kiB": 0, "KBs": 0, "XB": 0, "MxB": 0, "bytes": 0,
	} {
		assert.Equal(t, want, sizeWord(f), f)
	}
}
