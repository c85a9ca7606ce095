package headroom

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
	"unsafe"
)

// Store keeps the originals of compressed strings, so that a marker can
// name one and the agent can ask for it back through the retrieve tool
// ([Retriever]) instead of re-running a command that may not be
// re-runnable (a deploy, a migration, a ten-minute test run).
//
// Ids are content-derived ([StoreID]): the same text always gets the same
// id, so the same input gives the same marker bytes and a provider's
// prompt cache survives. Every method must be safe for concurrent use,
// and a store shared by several processes must tolerate them writing the
// same id at once (they write the same bytes).
type Store interface {
	// Put stores text under StoreID(text) and returns that id. Storing
	// text already stored is not an error. An error means the text is not
	// retrievable: the marker then says how to re-run narrower, as
	// without a store. Put should return promptly when ctx is done; a
	// Headroom stops waiting for it then in any case.
	Put(ctx context.Context, text string) (id string, err error)
	// Get returns the text stored under id, byte for byte. It returns an
	// error wrapping [ErrInvalidID] for an id [StoreID] cannot produce
	// (and then touches no storage), [ErrNotFound] for a well-formed id it
	// does not hold (never stored, evicted, expired), and [ErrCorrupt]
	// when what it holds does not hash to id — a store must verify what
	// it reads.
	Get(ctx context.Context, id string) (string, error)
}

// Errors a [Store] returns, wrapped; callers branch on them with errors.Is.
var (
	ErrInvalidID = errors.New("headroom: invalid id")
	ErrNotFound  = errors.New("headroom: unknown id")
	ErrCorrupt   = errors.New("headroom: stored text does not match its id")
	ErrTooLarge  = errors.New("headroom: text too large for the store")
)

// StoreIDLen is the length of a store id: 20 lowercase hex digits, the
// first 80 bits of the text's SHA-256. Two different outputs share an id
// with odds of about 1 in 10^12 even after a billion of them, and a store
// that met such a pair would refuse the second (Put fails, the marker
// stays plain) rather than serve the wrong text: reads are verified.
const StoreIDLen = 20

// StoreID returns the id of text in any [Store]: the first [StoreIDLen]
// hex digits of its SHA-256.
func StoreID(text string) string {
	// Hash the string's bytes in place: a []byte(text) conversion would
	// copy it, a megabyte per megabyte of output. Sum256 only reads them.
	sum := sha256.Sum256(unsafe.Slice(unsafe.StringData(text), len(text)))
	return hex.EncodeToString(sum[:StoreIDLen/2])
}

// CheckStoreID returns an error wrapping [ErrInvalidID] unless id is one
// [StoreID] can produce: exactly [StoreIDLen] lowercase hex digits. Such
// an id is safe as a file name, a key or a URL path segment.
func CheckStoreID(id string) error {
	if len(id) != StoreIDLen {
		return fmt.Errorf("%w %q: want %d lowercase hex digits", ErrInvalidID, clipForError(id), StoreIDLen)
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return fmt.Errorf("%w %q: want %d lowercase hex digits", ErrInvalidID, clipForError(id), StoreIDLen)
		}
	}
	return nil
}

// VerifyStored returns an error wrapping [ErrCorrupt] unless text hashes
// to id. Store implementations call it on what they read.
func VerifyStored(id, text string) error {
	if StoreID(text) != id {
		return fmt.Errorf("%w: %s", ErrCorrupt, id)
	}
	return nil
}

// clipForError keeps an error message about a bad id one short line.
func clipForError(s string) string {
	const limit = 64
	if len(s) > limit {
		s = s[:limit] + "…"
	}
	return s
}

// DefaultStoreTimeout bounds one Store.Put made by a [Headroom]; past it
// the plain marker is used. See [WithStoreTimeout].
const DefaultStoreTimeout = 5 * time.Second

// putOriginal stores text in s within timeout and returns its id, or an
// error when the store failed, panicked or did not answer in time: a
// store never fails a compression, it only loses the marker its id.
func putOriginal(ctx context.Context, s Store, timeout time.Duration, text string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type answer struct {
		id  string
		err error
	}
	done := make(chan answer, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- answer{err: fmt.Errorf("headroom: the store panicked: %v", r)}
			}
		}()
		id, err := s.Put(ctx, text)
		done <- answer{id, err}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			return "", fmt.Errorf("headroom: store: %w", a.err)
		}
		if want := StoreID(text); a.id != want {
			return "", fmt.Errorf("headroom: the store answered id %q for text whose id is %s", clipForError(a.id), want)
		}
		return a.id, nil
	case <-ctx.Done():
		return "", fmt.Errorf("headroom: store: %w", ctx.Err())
	}
}

// getOriginal reads id from s, turning a panic into an error.
func getOriginal(ctx context.Context, s Store, id string) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			text, err = "", fmt.Errorf("headroom: the store panicked: %v", r)
		}
	}()
	return s.Get(ctx, id)
}
