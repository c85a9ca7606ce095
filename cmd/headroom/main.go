// Command headroom compresses a tool output read on stdin, as an agent
// would before appending it to the conversation, and compacts whole
// conversations with the compact subcommand; the get subcommand prints
// back an original that -store kept.
package main

import (
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program, with its streams passed in so tests can drive it.
// It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "compact" {
		return runCompact(args[1:], stdin, stdout, stderr)
	}
	if len(args) > 0 && args[0] == "get" {
		return runGet(args[1:], stdout, stderr)
	}
	return runCompress(args, stdin, stdout, stderr)
}
