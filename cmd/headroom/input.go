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
	return b.String(), nil
}

// limitMemory sets the garbage collector's soft memory limit to three
// times an input of n bytes and 64 MiB besides, unless GOMEMLIMIT sets one:
// the planners that decline an input leave their line indexes behind, and
// with the default pacing the heap grows to twice what is live before
// they are collected. The limit makes the collector run sooner; it never
// fails a run that needs more (the planners' indexes of an input of tiny
// lines can), it only costs collections then.
func limitMemory(n int) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(int64(3*n) + 64<<20)
}
