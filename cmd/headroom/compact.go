package main

import (
	"fmt"
	"io"
)

// runCompact is the compact subcommand.
// TODO(compaction issue): not built yet.
func runCompact(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "headroom compact: not built yet")
	return 2
}
