package redisstore_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/headroom-go/headroom"
	redisstore "github.com/headroom-go/headroom/store/redis"
	"github.com/headroom-go/headroom/storetest"
	"github.com/redis/go-redis/v9"
)

// startRedis starts a real redis-server on a free loopback port, with no
// persistence, for the test's lifetime. CI installs the Debian package
// (.ci/run); a machine without it fails here rather than skip.
func startRedis(t testing.TB) *redis.Client {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatal("redis-server is not installed (Debian: apt-get install redis-server); this test needs a real one")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	var log bytes.Buffer
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", t.TempDir(), "--protected-mode", "yes")
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("redis-server:\n%s", log.String())
		}
	})
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:" + strconv.Itoa(port)})
	t.Cleanup(func() { rdb.Close() })
	deadline := time.Now().Add(10 * time.Second)
	for rdb.Ping(context.Background()).Err() != nil {
		if time.Now().After(deadline) {
			t.Fatalf("redis-server did not answer on port %d", port)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return rdb
}

func hugeBytes() int {
	if testing.Short() {
		return 5 << 20
	}
	return 50 << 20
}

func TestStore(t *testing.T) {
	rdb := startRedis(t)
	var n atomic.Int64
	storetest.Run(t, func(*testing.T) headroom.Store {
		// A fresh prefix per subtest: an empty store on one server.
		return redisstore.New(rdb, redisstore.Options{KeyPrefix: fmt.Sprintf("t%d:", n.Add(1))})
	}, storetest.Options{HugeBytes: hugeBytes()})
}

func TestTTL(t *testing.T) {
	ctx := context.Background()
	rdb := startRedis(t)
	s := redisstore.New(rdb, redisstore.Options{TTL: 300 * time.Millisecond})
	id, err := s.Put(ctx, "short-lived\n")
	if err != nil {
		t.Fatal(err)
	}
	if ttl := rdb.PTTL(ctx, redisstore.DefaultKeyPrefix+id).Val(); ttl <= 0 || ttl > 300*time.Millisecond {
		t.Fatalf("TTL %v, want (0, 300ms]", ttl)
	}
	time.Sleep(150 * time.Millisecond)
	if _, err := s.Put(ctx, "short-lived\n"); err != nil { // refreshes the TTL
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if got, err := s.Get(ctx, id); err != nil || got != "short-lived\n" {
		t.Fatalf("after a refresh: %q, %v", got, err)
	}
	time.Sleep(400 * time.Millisecond)
	if _, err := s.Get(ctx, id); !errors.Is(err, headroom.ErrNotFound) {
		t.Fatalf("after the TTL: %v, want ErrNotFound", err)
	}
	def := redisstore.New(rdb, redisstore.Options{})
	id, _ = def.Put(ctx, "kept a day\n")
	if ttl := rdb.PTTL(ctx, redisstore.DefaultKeyPrefix+id).Val(); ttl <= redisstore.DefaultTTL-time.Minute {
		t.Errorf("default TTL %v", ttl)
	}
}

func TestCorruptValue(t *testing.T) {
	ctx := context.Background()
	rdb := startRedis(t)
	s := redisstore.New(rdb, redisstore.Options{})
	id, _ := s.Put(ctx, "the original\n")
	rdb.Set(ctx, redisstore.DefaultKeyPrefix+id, "tampered\n", time.Hour)
	if _, err := s.Get(ctx, id); !errors.Is(err, headroom.ErrCorrupt) {
		t.Errorf("Get of a changed value: %v, want ErrCorrupt", err)
	}
}

// Through the compressor: the marker names the id, and another process
// (another client of the same server) answers the retrieve tool for it.
func TestCompressAndRetrieveAcrossClients(t *testing.T) {
	ctx := context.Background()
	rdb := startRedis(t)
	h, err := headroom.New(headroom.WithMaxBytes(1000), headroom.WithStore(redisstore.New(rdb, redisstore.Options{})))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("a log line that repeats\n", 2000) + "FAIL the one that matters\n"
	out, o, err := h.Compress(ctx, headroom.ToolOutput{Tool: "Bash", Text: text})
	if err != nil || o.StoredID == "" || !strings.Contains(out, o.StoredID) || len(out) > 1000 {
		t.Fatalf("%v %v:\n%s", err, o.StoreErr, out)
	}
	other := redis.NewClient(&redis.Options{Addr: rdb.Options().Addr})
	defer other.Close()
	r, err := headroom.NewRetriever(redisstore.New(other, redisstore.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Retrieve(ctx, headroom.RetrieveRequest{ID: o.StoredID, Grep: "^FAIL"})
	if err != nil || got != "2001:FAIL the one that matters\n" {
		t.Fatalf("%q, %v", got, err)
	}
}

// A server gone away is a store error: the compression still succeeds.
func TestServerDown(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1})
	defer rdb.Close()
	h, err := headroom.New(headroom.WithMaxBytes(1000), headroom.WithStore(redisstore.New(rdb, redisstore.Options{})))
	if err != nil {
		t.Fatal(err)
	}
	out, o, err := h.Compress(context.Background(), headroom.ToolOutput{Tool: "Bash", Text: strings.Repeat("x\n", 5000)})
	if err != nil || o.StoreErr == nil || o.StoredID != "" || !strings.Contains(out, "[…headroom:") {
		t.Fatalf("%v, %+v", err, o)
	}
}

// BenchmarkStore measures Put of a new text, Put of a text already stored
// (a PEXPIRE only) and Get (which verifies the hash) against the local
// redis-server, for 1 KB and 1 MB texts.
func BenchmarkStore(b *testing.B) {
	rdb := startRedis(b)
	s := redisstore.New(rdb, redisstore.Options{TTL: time.Minute})
	ctx := context.Background()
	for _, size := range []struct {
		name string
		n    int
	}{{"1KB", 1 << 10}, {"1MB", 1 << 20}} {
		base := []byte(strings.Repeat("a line of build output, 32 byte\n", size.n/32))
		b.Run("put-new/"+size.name, func(b *testing.B) {
			buf := append([]byte(nil), base...)
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				b.StopTimer() // the tool output exists before it is stored: time the Put alone
				binary.LittleEndian.PutUint64(buf, uint64(i))
				text := string(buf)
				b.StartTimer()
				id, err := s.Put(ctx, text)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				rdb.Del(ctx, redisstore.DefaultKeyPrefix+id)
				b.StartTimer()
			}
		})
		b.Run("put-again/"+size.name, func(b *testing.B) {
			text := string(base)
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Put(ctx, text); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("get/"+size.name, func(b *testing.B) {
			id, err := s.Put(ctx, string(base))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(base)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Get(ctx, id); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
