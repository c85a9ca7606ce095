package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/headroom-go/headroom"
)

const getUsage = `usage: headroom get -store DIR [flags] ID > original.txt

Prints the original that "headroom -store DIR" kept under ID — the id its
marker names — byte for byte, or the part the flags ask for.

flags:
`

// runGet is the get subcommand: the CLI's side of the retrieve tool.
func runGet(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("headroom get", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, getUsage)
		fs.PrintDefaults()
	}
	dir := fs.String("store", "", "the store `dir` the original was kept in (required)")
	lines := fs.String("lines", "", "print only lines `A:B` (1-based, inclusive; A: runs to the end)")
	grep := fs.String("grep", "", "print only the lines matching the regular expression `re`, each after its line number")
	maxBytes := fs.Int("max-bytes", 0, "compress the answer to this many bytes, marker included; 0 prints it whole")
	// The id may come before or after the flags.
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var id string
	if fs.NArg() > 0 {
		id = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return 2
		}
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "headroom get: unexpected argument %q: one id only\n", fs.Arg(0))
		return 2
	case id == "" || *dir == "":
		fmt.Fprintln(stderr, "headroom get: an id and -store DIR are required")
		fs.Usage()
		return 2
	}
	if err := headroom.CheckStoreID(id); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if fi, err := os.Stat(*dir); err != nil || !fi.IsDir() {
		fmt.Fprintf(stderr, "headroom get: no store directory %s\n", *dir)
		return 1
	}
	s, err := headroom.NewDirStore(*dir)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer s.Close()
	r, err := headroom.NewRetriever(s, headroom.WithMaxBytes(*maxBytes))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	text, err := r.Retrieve(context.Background(), headroom.RetrieveRequest{ID: id, Lines: *lines, Grep: *grep})
	if err != nil {
		fmt.Fprintln(stderr, err)
		if errors.Is(err, headroom.ErrInvalidRange) {
			return 2
		}
		return 1
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		fmt.Fprintf(stderr, "headroom get: writing stdout: %v\n", err)
		return 1
	}
	return 0
}
