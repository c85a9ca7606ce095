package main

import (
	"fmt"
	"io"
)

// runCompress is the default job: compress one tool output.
// TODO(core issue): not built yet.
func runCompress(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "headroom: not built yet")
	return 2
}
