package headroom_test

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
)

// BenchmarkStore measures Put of a new text, Put of a text already stored,
// and Get (which verifies the text's hash), for 1 KB and 1 MB texts.
func BenchmarkStore(b *testing.B) {
	stores := []struct {
		name string
		open func(b *testing.B) (headroom.Store, func(id string))
	}{
		{"memory", func(b *testing.B) (headroom.Store, func(string)) {
			return headroom.NewMemoryStore(256 << 20), func(string) {}
		}},
		{"dir", func(b *testing.B) (headroom.Store, func(string)) {
			s, err := headroom.NewDirStore(filepath.Join(b.TempDir(), "store"))
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			return s, func(id string) { os.Remove(filepath.Join(s.Dir(), id)) }
		}},
	}
	for _, size := range []struct {
		name string
		n    int
	}{{"1KB", 1 << 10}, {"1MB", 1 << 20}} {
		base := []byte(strings.Repeat("a line of build output, 32 byte\n", size.n/32))
		for _, st := range stores {
			b.Run(st.name+"/put-new/"+size.name, func(b *testing.B) {
				s, drop := st.open(b)
				ctx := context.Background()
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
					drop(id) // keep the directory small; memory evicts by itself
					b.StartTimer()
				}
			})
			b.Run(st.name+"/put-again/"+size.name, func(b *testing.B) {
				s, _ := st.open(b)
				ctx := context.Background()
				text := string(base)
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := s.Put(ctx, text); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(st.name+"/get/"+size.name, func(b *testing.B) {
				s, _ := st.open(b)
				ctx := context.Background()
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
}
