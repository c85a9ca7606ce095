// Package redisstore is a [headroom.Store] in Redis, for a fleet of agent
// processes that share originals across machines: one process compresses
// a tool output, any other can answer the retrieve tool for it. Texts
// expire after a TTL, refreshed each time the same text is put again.
//
// It lives in a module of its own so that the headroom module depends on
// nothing but the standard library; this one adds
// github.com/redis/go-redis/v9.
//
//	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
//	store := redisstore.New(rdb, redisstore.Options{TTL: 24 * time.Hour})
//	h, err := headroom.New(headroom.WithStore(store))
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/headroom-go/headroom"
	"github.com/redis/go-redis/v9"
)

// Defaults of [Options].
const (
	DefaultTTL       = 24 * time.Hour
	DefaultKeyPrefix = "headroom:"
)

// Options configures a [Store]. The zero value means the defaults.
type Options struct {
	// TTL is how long a text is kept after it was last put; 0 means
	// [DefaultTTL]. Redis counts it in milliseconds.
	TTL time.Duration
	// KeyPrefix is put before each id to make the key; "" means
	// [DefaultKeyPrefix].
	KeyPrefix string
}

// Store is a [headroom.Store] on a Redis client (a single node, a
// cluster or a failover client alike). It is safe for concurrent use, as
// the client is.
type Store struct {
	rdb    redis.UniversalClient
	ttl    time.Duration
	prefix string
}

var _ headroom.Store = (*Store)(nil)

// New returns a Store on rdb.
func New(rdb redis.UniversalClient, o Options) *Store {
	s := &Store{rdb: rdb, ttl: o.TTL, prefix: o.KeyPrefix}
	if s.ttl <= 0 {
		s.ttl = DefaultTTL
	}
	if s.prefix == "" {
		s.prefix = DefaultKeyPrefix
	}
	return s
}

// Put implements [headroom.Store]. A text already stored only gets its
// TTL refreshed: it is not sent again.
func (s *Store) Put(ctx context.Context, text string) (string, error) {
	id := headroom.StoreID(text)
	key := s.prefix + id
	refreshed, err := s.rdb.PExpire(ctx, key, s.ttl).Result()
	if err != nil {
		return "", fmt.Errorf("redisstore: %w", err)
	}
	if refreshed {
		return id, nil
	}
	// Writers of the same text race harmlessly: they set the same bytes.
	if err := s.rdb.Set(ctx, key, text, s.ttl).Err(); err != nil {
		return "", fmt.Errorf("redisstore: %w", err)
	}
	return id, nil
}

// Get implements [headroom.Store].
func (s *Store) Get(ctx context.Context, id string) (string, error) {
	if err := headroom.CheckStoreID(id); err != nil {
		return "", err
	}
	text, err := s.rdb.Get(ctx, s.prefix+id).Result()
	if errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("%w %s", headroom.ErrNotFound, id)
	}
	if err != nil {
		return "", fmt.Errorf("redisstore: %w", err)
	}
	if err := headroom.VerifyStored(id, text); err != nil {
		return "", err
	}
	return text, nil
}
