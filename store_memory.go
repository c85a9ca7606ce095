package headroom

import (
	"container/list"
	"context"
	"fmt"
	"sync"
)

// DefaultMemoryStoreBytes is the capacity of a [MemoryStore] made with a
// capacity of 0.
const DefaultMemoryStoreBytes = 64 << 20

// MemoryStore is a [Store] in the process's memory, holding at most a
// number of bytes of text: when a Put would exceed it, the least recently
// used texts (put or got) are evicted, and a later Get of theirs reports
// [ErrNotFound]. It is safe for concurrent use; the zero value is not
// usable, make one with [NewMemoryStore].
type MemoryStore struct {
	mu    sync.Mutex
	limit int
	used  int
	order *list.List // of *memoryEntry, most recently used first
	byID  map[string]*list.Element
}

type memoryEntry struct {
	id, text string
}

// NewMemoryStore returns a MemoryStore holding at most maxBytes of text; 0
// means [DefaultMemoryStoreBytes]. A text larger than maxBytes is refused
// with [ErrTooLarge].
func NewMemoryStore(maxBytes int) *MemoryStore {
	if maxBytes <= 0 {
		maxBytes = DefaultMemoryStoreBytes
	}
	return &MemoryStore{limit: maxBytes, order: list.New(), byID: map[string]*list.Element{}}
}

// Put implements [Store].
func (s *MemoryStore) Put(ctx context.Context, text string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if len(text) > s.limit {
		return "", fmt.Errorf("%w: %d bytes, the memory store holds %d", ErrTooLarge, len(text), s.limit)
	}
	id := StoreID(text) // hashed outside the lock: it is the slow part
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byID[id]; ok {
		if e.Value.(*memoryEntry).text != text {
			return "", fmt.Errorf("headroom: id %s already holds a different text (a hash prefix collision)", id)
		}
		s.order.MoveToFront(e)
		return id, nil
	}
	for s.used+len(text) > s.limit {
		last := s.order.Back()
		old := last.Value.(*memoryEntry)
		s.order.Remove(last)
		delete(s.byID, old.id)
		s.used -= len(old.text)
	}
	s.byID[id] = s.order.PushFront(&memoryEntry{id: id, text: text})
	s.used += len(text)
	return id, nil
}

// Get implements [Store].
func (s *MemoryStore) Get(ctx context.Context, id string) (string, error) {
	if err := CheckStoreID(id); err != nil {
		return "", err
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	e, ok := s.byID[id]
	if ok {
		s.order.MoveToFront(e)
	}
	s.mu.Unlock()
	if !ok {
		return "", fmt.Errorf("%w %s", ErrNotFound, id)
	}
	text := e.Value.(*memoryEntry).text
	if err := VerifyStored(id, text); err != nil {
		return "", err
	}
	return text, nil
}

// Len returns how many texts the store holds and their bytes.
func (s *MemoryStore) Len() (texts, bytes int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.order.Len(), s.used
}
