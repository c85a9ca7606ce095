package headroom

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// benchConversation is an agent's history of n messages: a user turn every
// 40 messages, otherwise tool calls with ~1.3 KB results, each distinct.
func benchConversation(n int) []Message {
	msgs := []Message{sysMsg("You are a coding agent.")}
	for i := 0; len(msgs) < n; i++ {
		if i%20 == 0 {
			msgs = append(msgs, userMsg(fmt.Sprintf("Task %d: fix the next failing package.", i/20)))
		}
		id := fmt.Sprintf("call_%d", i)
		var b strings.Builder
		for l := 0; b.Len() < 1300; l++ {
			fmt.Fprintf(&b, "pkg/mod%d/file_%d.go:%d:%d: undefined: value%d\n", i%37, l, l*7+i, l%80, i)
		}
		msgs = append(msgs, callMsg(id, "Bash"), resultMsg(id, "Bash", b.String()))
	}
	return msgs[:n]
}

// BenchmarkCompact compacts long conversations with no summarizer: mask
// alone, and mask then trim. Each iteration counts the whole input afresh.
func BenchmarkCompact(b *testing.B) {
	for _, n := range []int{1000, 2000, 4000} {
		msgs := benchConversation(n)
		masked := CountMessages(MaskObservations(msgs, MaskOptions{}), nil)
		for _, tc := range []struct {
			name   string
			budget int
		}{
			{"mask", masked + 100},
			{"mask+trim", masked / 2},
		} {
			b.Run(fmt.Sprintf("%s/%d", tc.name, n), func(b *testing.B) {
				o := CompactOptions{Budget: tc.budget}
				_, rep, err := Compact(context.Background(), msgs, o)
				if err != nil || rep.Applied() != tc.name {
					b.Fatalf("%v: %v", rep, err)
				}
				b.ReportAllocs()
				for b.Loop() {
					_, _, _ = Compact(context.Background(), msgs, o)
				}
			})
		}
	}
}

// BenchmarkTranscript renders the transcript a summarizer is fed: 200
// folded calls whose outputs (~6 KB, and every tenth ~120 KB) need
// several halvings and then the head-and-tail clip of the whole.
func BenchmarkTranscript(b *testing.B) {
	var msgs []Message
	for i := range 200 {
		id := fmt.Sprintf("c%d", i)
		size := 200
		if i%10 == 0 {
			size = 4000
		}
		msgs = append(msgs, callMsg(id, "Bash"), resultMsg(id, "Bash", lines(size, id)),
			Message{Role: RoleAssistant, Parts: []Part{{Text: lines(40, "note"+id)}}})
		if i%50 == 0 {
			msgs = append(msgs, userMsg(lines(300, "task")))
		}
	}
	fold := make([]bool, len(msgs))
	for i := range fold {
		fold[i] = true
	}
	b.ReportAllocs()
	for b.Loop() {
		transcript(msgs, fold, "", Estimate)
	}
}
