package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadInput: the input comes back byte for byte from a file and from
// streams of every size around the chunk boundaries, and a read error is
// returned.
func TestReadInput(t *testing.T) {
	for _, n := range []int{0, 1, readChunk - 1, readChunk, readChunk + 1, 3*readChunk + 7} {
		want := strings.Repeat("0123456789abcde\n", n/16+1)[:n]
		got, err := readInput(iotest.HalfReader(strings.NewReader(want)))
		if err != nil || got != want {
			t.Errorf("stream of %d bytes: got %d bytes, err %v", n, len(got), err)
		}
		path := filepath.Join(t.TempDir(), "in.txt")
		if err := os.WriteFile(path, []byte(want), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err = readInput(f)
		f.Close()
		if err != nil || got != want {
			t.Errorf("file of %d bytes: got %d bytes, err %v", n, len(got), err)
		}
	}
	boom := errors.New("boom")
	if _, err := readInput(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(boom))); !errors.Is(err, boom) {
		t.Errorf("err = %v, want %v", err, boom)
	}
}

// TestReadInputAllocates holds readInput to its promise: a file is read
// into one buffer of its size, a stream into at most twice its size.
func TestReadInputAllocates(t *testing.T) {
	const n = 8 << 20
	want := strings.Repeat("x\n", n/2)
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte(want), 0o600); err != nil {
		t.Fatal(err)
	}
	allocated := func(read func() (string, error)) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		got, err := read()
		runtime.ReadMemStats(&after)
		if err != nil || got != want {
			t.Fatalf("read %d bytes, err %v", len(got), err)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	file := allocated(func() (string, error) {
		f, err := os.Open(path)
		if err != nil {
			return "", err
		}
		defer f.Close()
		return readInput(f)
	})
	if file > n+n/8 {
		t.Errorf("reading a %d-byte file allocated %d bytes; want about its size", n, file)
	}
	stream := allocated(func() (string, error) { return readInput(strings.NewReader(want)) })
	if stream > 2*n+n/4 {
		t.Errorf("reading a %d-byte stream allocated %d bytes; want at most twice its size", n, stream)
	}
	t.Logf("%d bytes: a file allocated %d, a stream %d", n, file, stream)
}
