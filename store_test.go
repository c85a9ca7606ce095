package headroom_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/storetest"
)

// hugeBytes is the size of the largest round trip: the 50 MB,
// less under -short (the race run), where it would only be slower.
func hugeBytes() int {
	if testing.Short() {
		return 5 << 20
	}
	return 50 << 20
}

func TestStoreID(t *testing.T) {
	id := headroom.StoreID("hello\n")
	// sha256("hello\n") = 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03
	if id != "5891b5b522d5df086d0f" {
		t.Fatalf("StoreID = %q", id)
	}
	if err := headroom.CheckStoreID(id); err != nil {
		t.Fatal(err)
	}
	for _, bad := range storetest.BadIDs {
		if err := headroom.CheckStoreID(bad); !errors.Is(err, headroom.ErrInvalidID) {
			t.Errorf("CheckStoreID(%q) = %v", bad, err)
		}
	}
	if err := headroom.VerifyStored(id, "hello"); !errors.Is(err, headroom.ErrCorrupt) {
		t.Errorf("VerifyStored of another text = %v", err)
	}
}

func TestMemoryStore(t *testing.T) {
	storetest.Run(t, func(*testing.T) headroom.Store { return headroom.NewMemoryStore(128 << 20) },
		storetest.Options{HugeBytes: hugeBytes()})
}

func TestMemoryStoreEvictsLeastRecentlyUsed(t *testing.T) {
	ctx := context.Background()
	s := headroom.NewMemoryStore(300)
	a, _ := s.Put(ctx, strings.Repeat("a", 100))
	b, _ := s.Put(ctx, strings.Repeat("b", 100))
	c, _ := s.Put(ctx, strings.Repeat("c", 100))
	if _, err := s.Get(ctx, a); err != nil { // a is now the most recently used
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, strings.Repeat("d", 100)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, b); !errors.Is(err, headroom.ErrNotFound) {
		t.Errorf("b, the least recently used, should be evicted: %v", err)
	}
	for _, id := range []string{a, c} {
		if _, err := s.Get(ctx, id); err != nil {
			t.Errorf("%s evicted: %v", id, err)
		}
	}
	if n, bytes := s.Len(); n != 3 || bytes != 300 {
		t.Errorf("Len = %d texts, %d bytes; want 3, 300", n, bytes)
	}
	if _, err := s.Put(ctx, strings.Repeat("e", 301)); !errors.Is(err, headroom.ErrTooLarge) {
		t.Errorf("a text over the capacity: %v, want ErrTooLarge", err)
	}
}

func newDirStore(t *testing.T) *headroom.DirStore {
	t.Helper()
	s, err := headroom.NewDirStore(filepath.Join(t.TempDir(), "store"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestDirStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) headroom.Store { return newDirStore(t) },
		storetest.Options{HugeBytes: hugeBytes()})
}

func TestDirStoreFilesArePrivate(t *testing.T) {
	s := newDirStore(t)
	id, err := s.Put(context.Background(), "secret output\n")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(s.Dir())
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != id {
		t.Fatalf("directory holds %v, want just %s (no temporary file left)", entries, id)
	}
	for path, want := range map[string]os.FileMode{filepath.Join(s.Dir(), id): 0o600, s.Dir(): 0o700 | os.ModeDir} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != want {
			t.Errorf("%s: mode %v, want %v", path, fi.Mode(), want)
		}
	}
}

// A link planted in the directory under a valid id must not lead the
// store to a file outside it, whatever that file holds.
func TestDirStoreLinksCannotEscape(t *testing.T) {
	s := newDirStore(t)
	secret := "a file outside the store\n"
	outside := filepath.Join(filepath.Dir(s.Dir()), "secret")
	if err := os.WriteFile(outside, []byte(secret), 0o600); err != nil {
		t.Fatal(err)
	}
	id := headroom.StoreID(secret)
	for _, target := range []string{outside, "../secret"} {
		link := filepath.Join(s.Dir(), id)
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(context.Background(), id); err == nil || got != "" {
			t.Errorf("a link to %s read %q, %v; want an error", target, got, err)
		}
	}
}

func TestDirStoreDetectsCorruption(t *testing.T) {
	s := newDirStore(t)
	id, err := s.Put(context.Background(), "the original\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.Dir(), id), []byte("the 0riginal\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(context.Background(), id); !errors.Is(err, headroom.ErrCorrupt) || got != "" {
		t.Errorf("Get of a changed file = %q, %v; want ErrCorrupt", got, err)
	}
}

func TestDirStoreMissingParentFails(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := headroom.NewDirStore(filepath.Join(file, "store")); err == nil {
		t.Error("a store under a regular file should fail to open")
	}
}

// Several processes writing the same texts into one directory at once:
// every write succeeds and every read is whole. The writers are this test
// binary, started again with storeWriterEnv set.
const storeWriterEnv = "HEADROOM_TEST_STORE_WRITER"

func TestDirStoreSharedByProcesses(t *testing.T) {
	if dir := os.Getenv(storeWriterEnv); dir != "" {
		storeWriter(t, dir)
		return
	}
	s := newDirStore(t)
	const procs = 4
	var cmds []*exec.Cmd
	for i := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDirStoreSharedByProcesses$", "-test.count=1")
		cmd.Env = append(os.Environ(), storeWriterEnv+"="+s.Dir())
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
		t.Cleanup(func() {
			if t.Failed() {
				t.Logf("writer %d:\n%s", i, out.String())
			}
		})
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	for k := range 20 {
		text := sharedText(k)
		if got, err := s.Get(context.Background(), headroom.StoreID(text)); err != nil || got != text {
			t.Errorf("text %d: %d bytes, %v", k, len(got), err)
		}
	}
}

func sharedText(k int) string {
	return strconv.Itoa(k) + strings.Repeat(" shared by every writer\n", 300*(k+1))
}

func storeWriter(t *testing.T, dir string) {
	s, err := headroom.NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for round := range 3 {
		for k := range 20 {
			text := sharedText(k)
			id, err := s.Put(ctx, text)
			if err != nil {
				t.Fatalf("round %d, text %d: %v", round, k, err)
			}
			got, err := s.Get(ctx, id)
			if err != nil || got != text {
				t.Fatalf("round %d, text %d read back: %d bytes, %v", round, k, len(got), err)
			}
		}
	}
	fmt.Println("writer done")
}

// FuzzCheckStoreID: an id is accepted exactly when it is StoreIDLen
// lowercase hex digits, and the directory store never reads a path
// outside its directory for any id.
func FuzzCheckStoreID(f *testing.F) {
	for _, id := range storetest.BadIDs {
		f.Add(id)
	}
	f.Add(headroom.StoreID("x"))
	dir := f.TempDir()
	s, err := headroom.NewDirStore(filepath.Join(dir, "store"))
	if err != nil {
		f.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "outside"), []byte("outside"), 0o600); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, id string) {
		err := headroom.CheckStoreID(id)
		hex := len(id) == headroom.StoreIDLen && strings.Trim(id, "0123456789abcdef") == ""
		if (err == nil) != hex {
			t.Fatalf("CheckStoreID(%q) = %v", id, err)
		}
		got, gerr := s.Get(context.Background(), id)
		switch {
		case !hex && !errors.Is(gerr, headroom.ErrInvalidID):
			t.Fatalf("Get(%q) = %q, %v; want ErrInvalidID", id, got, gerr)
		case hex && !errors.Is(gerr, headroom.ErrNotFound):
			t.Fatalf("Get(%q) = %q, %v; want ErrNotFound in an empty store", id, got, gerr)
		}
	})
}
