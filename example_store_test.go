package headroom_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/headroom-go/headroom"
)

// With a store, shortening is reversible: the marker names the original's
// id and the tool that brings it back, and a Retriever answers that tool —
// the whole original, a line range, or the lines a pattern matches.
func Example_store() {
	ctx := context.Background()
	store := headroom.NewMemoryStore(0) // or NewDirStore(dir), or store/redis for a fleet
	h, err := headroom.New(headroom.WithMaxBytes(600), headroom.WithStore(store))
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&b, "migrating table t%03d ... done\n", i)
	}
	b.WriteString("migrating table t301 ... FAILED: lock timeout\n")
	out, o, err := h.Compress(ctx, headroom.ToolOutput{Tool: "migrate", Text: b.String()})
	if err != nil {
		panic(err)
	}
	fmt.Print(out)

	// The agent registers headroom.RetrieveTool() with its model; when the
	// model calls it, the Retriever answers from the store.
	r, err := headroom.NewRetriever(store)
	if err != nil {
		panic(err)
	}
	for _, args := range []string{
		`{"id":"` + o.StoredID + `","grep":"FAILED"}`,
		`{"id":"` + o.StoredID + `","lines":"150:151"}`,
		`{"id":"0000000000000000beef"}`,
	} {
		answer, err := r.Call(ctx, json.RawMessage(args))
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Print(answer)
	}
	// Output:
	// migrating table t001 ... done
	// migrating table t002 ... done
	// migrating table t003 ... done
	// migrating table t004 ... done
	// migrating table t005 ... done
	// migrating table t006 ... done
	// migrating table t007 ... done
	// migrating table t008 ... done
	// migrating table t009 ... done
	// migrating table t010 ... done
	// […headroom: ~2,521 tokens omitted — lines 11-300 of 301 (8,700 bytes) from the middle. The original is stored: call headroom_retrieve with {"id":"9ca86d86c2963f9f2e6c"}, adding "lines":"A:B" or "grep" for a part.]
	// migrating table t301 ... FAILED: lock timeout
	// 301:migrating table t301 ... FAILED: lock timeout
	// migrating table t150 ... done
	// migrating table t151 ... done
	// error: headroom: unknown id 0000000000000000beef
}
