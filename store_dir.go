package headroom

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unsafe"
)

// DirStore is a [Store] in a directory: one file per text, named by its
// id, mode 0600. A write goes to a temporary file that is renamed into
// place, so a reader never sees half a text, and several processes can
// share the directory: writers of the same text write the same bytes, and
// the last rename wins harmlessly. Every access goes through an [os.Root]
// and ids are checked first, so no id — and no symbolic link planted in
// the directory — can reach a file outside it.
//
// Nothing is ever deleted: remove old files by age from outside (their
// modification time is when they were first stored).
type DirStore struct {
	root *os.Root
	dir  string
}

// NewDirStore opens dir as a store, creating it (mode 0700) when it does
// not exist. Close releases it.
func NewDirStore(dir string) (*DirStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("headroom: store directory: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("headroom: store directory: %w", err)
	}
	return &DirStore{root: root, dir: dir}, nil
}

// Dir returns the directory the store was opened on.
func (s *DirStore) Dir() string { return s.dir }

// Close releases the directory.
func (s *DirStore) Close() error { return s.root.Close() }

// Put implements [Store].
func (s *DirStore) Put(ctx context.Context, text string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	id := StoreID(text)
	if fi, err := s.root.Stat(id); err == nil && fi.Mode().IsRegular() && fi.Size() == int64(len(text)) {
		return id, nil // stored before, by this process or another
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:]) // never fails (crypto/rand)
	tmp := ".tmp-" + id + "-" + hex.EncodeToString(rnd[:])
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", fmt.Errorf("headroom: store: %w", err)
	}
	_, werr := io.WriteString(f, text)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = s.root.Remove(tmp)
		return "", fmt.Errorf("headroom: store: writing %s: %w", id, err)
	}
	if err := s.root.Rename(tmp, id); err != nil {
		_ = s.root.Remove(tmp)
		return "", fmt.Errorf("headroom: store: %w", err)
	}
	return id, nil
}

// Get implements [Store].
func (s *DirStore) Get(ctx context.Context, id string) (string, error) {
	if err := CheckStoreID(id); err != nil {
		return "", err
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	b, err := s.root.ReadFile(id)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%w %s", ErrNotFound, id)
	}
	if err != nil {
		return "", fmt.Errorf("headroom: store: %w", err)
	}
	// b is ours alone and never written again: the text can share it
	// instead of copying a megabyte per megabyte read.
	text := unsafe.String(unsafe.SliceData(b), len(b))
	if err := VerifyStored(id, text); err != nil {
		return "", err
	}
	return text, nil
}
