package main

import (
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// readChunk is the first chunk readInput reads from a stream of unknown
// size; each next one is twice as large, up to maxReadChunk, so that the
// last chunk, part empty, wastes at most that.
const (
	readChunk    = 64 << 10
	maxReadChunk = 1 << 20
)

// readInput reads r whole into a string holding the input once: from a
// regular file (stdin redirected from one), one buffer of the file's size;
// from a pipe, chunks kept apart and joined once at the end, so that the
// peak is twice the input rather than the three times of io.ReadAll's
// growing buffer and its copy into a string.
func readInput(r io.Reader) (string, error) {
	var b strings.Builder
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			// +1: the read that finds the end must not grow the buffer.
			b.Grow(int(fi.Size()) + 1)
			if _, err := io.Copy(&b, f); err != nil {
				return "", err
			}
			return b.String(), nil
		}
	}
	var chunks [][]byte
	total := 0
	for size := readChunk; ; size = min(2*size, maxReadChunk) {
		chunk := make([]byte, size)
		n, err := io.ReadFull(r, chunk)
		if n > 0 {
			chunks = append(chunks, chunk[:n])
			total += n
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	b.Grow(total)
	for i, c := range chunks {
		b.Write(c)
		chunks[i] = nil
	}
	if total > maxReadChunk {
		// The chunks are garbage now, as large as the input: give their
		// pages back before the planners index the input (10 MB of a log
		// through a pipe peaked 4 MB higher than from a file).
		debug.FreeOSMemory()
	}
	return b.String(), nil
}

// limitMemory sets the garbage collector's soft memory limit to two and a
// half times an input of n bytes and 4 MiB besides, unless GOMEMLIMIT sets
// one. With the default pacing the heap grows to twice what was live at
// the last collection before the next, and the planners' indexes of a
// large input are alive for the whole run: a 10 MB log of distinct
// one-line errors peaked at 6× its size. The limit is what the peak comes
// to whenever a planner makes garbage faster than it keeps data, so it is
// set from the peak aimed at: the process's resident size is the limit
// and about 5.5 MiB of the program's own pages and the C library, and at
// three times the input a 10 MB input peaked at 4×. What the planners
// keep, the input included, stays under 2.3 times the input on every
// shape measured (README). It never fails a run that needs more: the
// collector runs more often then, and the runtime caps the CPU it takes
// at about half; most of what the planners keep holds no pointers, so a
// collection costs little.
func limitMemory(n int) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(int64(5*n/2) + 4<<20)
}
