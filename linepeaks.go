package headroom

import "github.com/headroom-go/headroom/internal/txt"

// linePeaks returns the lines of s that hold the largest values of a
// numeric column (see columnPeaks), every column's largest first: a
// listing with a size column — find -ls, ls -lR — is asked first about
// its largest entries, which a head, a tail and a spread keep only by
// chance. Text needs linePeakColumns numeric columns to be such a
// listing, or one padded to a column (see alignedPeaks): `key = 4096`
// lines (sysctl -a) have one, unaligned, whose largest values say no
// more than any other. They are up to a quarter of the lines of
// average size (each cut at narrow) that fit the room.
func linePeaks(s *lineSel, narrow int) []int {
	n := s.n()
	if n == 0 {
		return nil
	}
	avg := max(1, min(len(s.text)/n, narrow)+s.gapCost)
	k := min(s.room()/avg/4, maxPeakRows)
	// The first lines tell whether the columns are there: most text (a
	// trace, a blame) is read no further. Fewer numeric fields than
	// linePeakColumns make a listing when one of them is padded to a
	// column (see alignedPeaks).
	if columnPeaksOf(s, 0, min(n, linePeakProbe), 1, linePeakColumns) == nil {
		return alignedPeaks(s, k)
	}
	return columnPeaksOf(s, 0, n, k, linePeakColumns)
}

// peaksInCut reports a line of peaks that starts in text[headEnd:tailStart],
// where a clip would cut.
func peaksInCut(s *lineSel, peaks []int, headEnd, tailStart int) bool {
	for _, i := range peaks {
		if at := s.at(i); at >= headEnd && at < tailStart {
			return true
		}
	}
	return false
}

// pickLinePeaks keeps the lines of peaks not kept yet while the output
// stays within to bytes, each cut at narrow, and returns how many it kept.
func pickLinePeaks(s *lineSel, peaks []int, pickEnds func(i, c int) bool, narrow, to int) int {
	kept := 0
	for _, i := range peaks {
		if s.used >= to {
			break
		}
		if !s.isKept(i) && pickEnds(i, narrow) {
			kept++
		}
	}
	return kept
}

// peaksKept words the lines kept for a column's largest values; nothing
// when there are none.
func peaksKept(kept int) string {
	if kept == 0 {
		return ""
	}
	return txt.Plural(kept, "line") + " with a column's largest values, "
}

// linePeakColumns is the fewest numeric columns of a listing whose
// largest values pickLinePeaks keeps (find -ls has four: inode, blocks,
// links, size; ls -l two).
const linePeakColumns = 2

// linePeakProbe is how many first lines linePeaks reads for the columns
// before it reads them all.
const linePeakProbe = 256

// sectionPeaks returns the rows of each section of a sectioned text
// (heads, see sectionHeads) that hold its numeric columns' k largest
// values (see columnPeaks), section by section: a section is a table of
// its own — readelf's symbol table under `Symbol table '.dynsym'
// contains 314 entries:`, whose largest functions are its Size column's
// peaks — that the whole text's columns do not line up with. Sections of
// fewer than sectionPeakRows rows are read whole by a reader, and give
// none. Each line is read once.
func sectionPeaks(s *lineSel, heads []int, k int) []int {
	var peaks []int
	for j, h := range heads {
		end := s.n()
		if j+1 < len(heads) {
			end = heads[j+1]
		}
		if end-h-1 >= sectionPeakRows {
			peaks = append(peaks, columnPeaks(s, h+1, end, k)...)
		}
	}
	return peaks
}

// sectionPeakRows is the fewest rows of a section whose columns'
// largest values sectionPeaks keeps; sectionPeakK, how many of each.
const (
	sectionPeakRows = 64
	sectionPeakK    = 2
)
