package headroom_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/headroom-go/headroom"
)

// Text no planner with structure takes — here a system-call trace — goes
// to the line planner ([headroom.StrategyLines]): the head and the tail,
// the failed call where a clip would cut, the lines of a rare shape, and
// a longer head with the room left, every gap note naming its lines.
func ExampleHeadroom_Compress_lines() {
	h, err := headroom.New(headroom.WithMaxBytes(1100))
	if err != nil {
		panic(err)
	}
	var trace strings.Builder
	for i := range 20 {
		if i == 15 {
			trace.WriteString(`openat(AT_FDCWD, "/etc/app.conf", O_RDONLY) = -1 ENOENT (No such file or directory)` + "\n")
		}
		fmt.Fprintf(&trace, "openat(AT_FDCWD, \"/usr/lib/app/mod%d.so\", O_RDONLY) = 3\n", i)
		fmt.Fprintf(&trace, "mmap(NULL, %d, PROT_READ, MAP_PRIVATE, 3, 0) = 0x7f%x000\n", 4096*(i+1), 0x1b8e00+i)
		trace.WriteString("close(3)                                = 0\n")
	}
	trace.WriteString("exit_group(1)                           = ?\n")
	out, o, err := h.Compress(context.Background(), headroom.ToolOutput{Tool: "Bash", Text: trace.String()})
	if err != nil {
		panic(err)
	}
	fmt.Println(o.Strategy, o.BytesBefore, "→", o.BytesAfter)
	fmt.Print(out)
	// Output:
	// lines 3396 → 1087
	// openat(AT_FDCWD, "/usr/lib/app/mod0.so", O_RDONLY) = 3
	// mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, 3, 0) = 0x7f1b8e00000
	// close(3)                                = 0
	// openat(AT_FDCWD, "/usr/lib/app/mod1.so", O_RDONLY) = 3
	// mmap(NULL, 8192, PROT_READ, MAP_PRIVATE, 3, 0) = 0x7f1b8e01000
	// close(3)                                = 0
	// openat(AT_FDCWD, "/usr/lib/app/mod2.so", O_RDONLY) = 3
	// mmap(NULL, 12288, PROT_READ, MAP_PRIVATE, 3, 0) = 0x7f1b8e02000
	// close(3)                                = 0
	// openat(AT_FDCWD, "/usr/lib/app/mod3.so", O_RDONLY) = 3
	// mmap(NULL, 16384, PROT_READ, MAP_PRIVATE, 3, 0) = 0x7f1b8e03000
	// […headroom: ~1,324 tokens omitted — 48 of 62 lines omitted; kept the head, the tail, 1 failure line (a failure word or errno); each gap note names its lines. To see a part, re-run narrower: a line range (sed -n 'A,Bp'), grep PATTERN, head or tail.]
	// […lines 12-45 omitted…]
	// openat(AT_FDCWD, "/etc/app.conf", O_RDONLY) = -1 ENOENT (No such file or directory)
	// […lines 47-60 omitted…]
	// close(3)                                = 0
	// exit_group(1)                           = ?
}
