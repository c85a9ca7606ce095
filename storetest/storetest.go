// Package storetest checks that a [headroom.Store] keeps the contract a
// [headroom.Headroom] and a [headroom.Retriever] rely on, the way
// testing/slogtest checks a slog.Handler. Run it from a test of your own
// store:
//
//	func TestMyStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) headroom.Store { return newMyStore(t) }, storetest.Options{})
//	}
//
// It checks that what is put comes back byte for byte (invalid UTF-8, NUL
// bytes, empty and large texts, and random bytes as a property), that ids
// are [headroom.StoreID]'s, that a malformed id is refused with
// [headroom.ErrInvalidID] and an unknown one reported with
// [headroom.ErrNotFound], and that concurrent writers and readers of the
// same and of different texts are safe.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/headroom-go/headroom"
	"pgregory.net/rapid"
)

// Options configures the suite. The zero value runs every check with
// texts up to 1 MiB.
type Options struct {
	// HugeBytes, when positive, adds a round trip of a text this long (the
	// issue's invariant asks for 50 MB); leave it 0 for a store whose
	// capacity is smaller.
	HugeBytes int
}

// Run runs the suite; newStore returns a fresh, empty store for each
// subtest.
func Run(t *testing.T, newStore func(t *testing.T) headroom.Store, o Options) {
	t.Helper()
	t.Run("RoundTrip", func(t *testing.T) { roundTrip(t, newStore(t), o) })
	t.Run("RandomBytes", func(t *testing.T) { randomBytes(t, newStore(t)) })
	t.Run("SameTextSameID", func(t *testing.T) { sameID(t, newStore(t)) })
	t.Run("UnknownID", func(t *testing.T) { unknownID(t, newStore(t)) })
	t.Run("InvalidID", func(t *testing.T) { invalidID(t, newStore(t)) })
	t.Run("ConcurrentSameText", func(t *testing.T) { concurrentSame(t, newStore(t)) })
	t.Run("ConcurrentTexts", func(t *testing.T) { concurrentDistinct(t, newStore(t)) })
}

// Texts are odd on purpose: a store that trims, decodes or
// NUL-terminates anything fails on one of them.
func texts(o Options) map[string]string {
	m := map[string]string{
		"empty":        "",
		"one byte":     "x",
		"NUL bytes":    "a\x00b\x00\x00c",
		"invalid UTF8": "\xff\xfe\xc3(\xa0\xa1 ok \xe2\x28\xa1",
		"CRLF":         "line 1\r\nline 2\r\n\r\n",
		"no final EOL": "first\nlast",
		"unicode":      "→ ✓ 日本語 😀\n",
		"1 MiB":        strings.Repeat("0123456789abcdef\n", 1<<20/17) + "end",
	}
	if o.HugeBytes > 0 {
		b := make([]byte, o.HugeBytes)
		for i := range b {
			b[i] = byte(i*7 + i>>9)
		}
		m[fmt.Sprintf("%d bytes", o.HugeBytes)] = string(b)
	}
	return m
}

func roundTrip(t *testing.T, s headroom.Store, o Options) {
	ctx := context.Background()
	for name, text := range texts(o) {
		id, err := s.Put(ctx, text)
		if err != nil {
			t.Errorf("%s: Put: %v", name, err)
			continue
		}
		if want := headroom.StoreID(text); id != want {
			t.Errorf("%s: Put returned id %q, want StoreID's %q", name, id, want)
		}
		got, err := s.Get(ctx, id)
		if err != nil {
			t.Errorf("%s: Get(%s): %v", name, id, err)
			continue
		}
		if got != text {
			t.Errorf("%s: Get returned %d bytes, not the %d put (first difference at byte %d)", name, len(got), len(text), firstDiff(got, text))
		}
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func randomBytes(t *testing.T, s headroom.Store) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		text := string(rapid.SliceOfN(rapid.Byte(), 0, 4096).Draw(t, "text"))
		id, err := s.Put(ctx, text)
		if err != nil {
			t.Fatalf("Put: %v", err)
		}
		got, err := s.Get(ctx, id)
		if err != nil {
			t.Fatalf("Get: %v", err)
		}
		if got != text {
			t.Fatalf("Get(Put(%q)) = %q", text, got)
		}
	})
}

func sameID(t *testing.T, s headroom.Store) {
	ctx := context.Background()
	a, err1 := s.Put(ctx, "the same output\n")
	b, err2 := s.Put(ctx, "the same output\n")
	c, err3 := s.Put(ctx, "another output\n")
	if err := errors.Join(err1, err2, err3); err != nil {
		t.Fatal(err)
	}
	if a != b || a == c {
		t.Errorf("ids %q, %q for the same text and %q for another: want equal, then different", a, b, c)
	}
}

func unknownID(t *testing.T, s headroom.Store) {
	id := headroom.StoreID("never stored")
	if _, err := s.Get(context.Background(), id); !errors.Is(err, headroom.ErrNotFound) {
		t.Errorf("Get of an id never stored: err = %v, want ErrNotFound", err)
	}
}

// BadIDs are ids no store may accept: path tricks, wrong lengths, upper
// case, separators, NUL.
var BadIDs = []string{
	"", ".", "..", "../../../../etc/passwd", "/etc/passwd", "..\\..\\windows",
	strings.Repeat("a", headroom.StoreIDLen-1), strings.Repeat("a", headroom.StoreIDLen+1),
	strings.ToUpper(headroom.StoreID("x")), "../" + headroom.StoreID("x")[3:],
	headroom.StoreID("x")[:headroom.StoreIDLen-1] + "/", headroom.StoreID("x")[:headroom.StoreIDLen-1] + "\x00",
	headroom.StoreID("x")[:headroom.StoreIDLen-1] + "g", "*", "0123456789abcdef0123*",
}

func invalidID(t *testing.T, s headroom.Store) {
	if _, err := s.Put(context.Background(), "x"); err != nil {
		t.Fatal(err)
	}
	for _, id := range BadIDs {
		if got, err := s.Get(context.Background(), id); !errors.Is(err, headroom.ErrInvalidID) {
			t.Errorf("Get(%q) = %q, %v; want ErrInvalidID", id, got, err)
		}
	}
}

func concurrentSame(t *testing.T, s headroom.Store) {
	ctx := context.Background()
	text := strings.Repeat("the same text from every writer\n", 4000)
	want := headroom.StoreID(text)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 16 {
		wg.Go(func() {
			for range 4 {
				id, err := s.Put(ctx, text)
				if err != nil || id != want {
					errs <- fmt.Errorf("concurrent Put = %q, %v", id, err)
					return
				}
				got, err := s.Get(ctx, id)
				if err != nil || got != text {
					errs <- fmt.Errorf("a Get while others write: %d bytes, %v", len(got), err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func concurrentDistinct(t *testing.T, s headroom.Store) {
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := range 8 {
		wg.Go(func() {
			for i := range 25 {
				text := fmt.Sprintf("writer %d, text %d\n%s", w, i, strings.Repeat("z", i*37))
				id, err := s.Put(ctx, text)
				if err != nil {
					errs <- err
					return
				}
				got, err := s.Get(ctx, id)
				if err != nil || got != text {
					errs <- fmt.Errorf("writer %d text %d: %v", w, i, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
