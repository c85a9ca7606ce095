package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/tiktoken"
)

const compactUsage = `usage: headroom compact -budget N [flags] < conversation.json > compacted.json

Compacts a whole conversation, a JSON array of messages, to fit a token
budget: masks old tool outputs, then trims the oldest messages, never
separating a tool call from its results or dropping the system prompt and
the latest user message. (No summarizer is used.)

flags:
`

// runCompact is the compact subcommand.
func runCompact(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("headroom compact", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, compactUsage)
		fs.PrintDefaults()
	}
	budget := fs.Int("budget", 0, "token `budget` the conversation must fit (required)")
	stats := fs.Bool("stats", false, "write the report on stderr")
	keepResults := fs.Int("keep-results", headroom.DefaultKeepToolResults, "the most recent `N` tool results are kept as they are")
	protect := fs.String("protect", "", "comma-separated `globs` of tool names never masked or dropped, e.g. skill,mcp__memory__*")
	excerpt := fs.Bool("excerpt", false, "keep the first and last 3 lines of masked tool outputs")
	skipTurns := fs.Int("skip-turns", headroom.DefaultSkipTurns, "masking leaves the last `N` user turns alone (at most the last 10 tool results); 0 turns the boundary off")
	trimKeep := fs.Int("trim-keep", headroom.DefaultTrimKeepRecent, "trim always keeps the last `N` messages; 0 keeps none beyond the protection rules")
	tokenizer := fs.String("tokenizer", "estimate", "how tokens are counted: estimate (fast, errs high), o200k_base or cl100k_base (exact)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "headroom compact: unexpected argument %q: the conversation is read on stdin\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	if *budget <= 0 {
		fmt.Fprintln(stderr, "headroom compact: -budget must be a positive number of tokens")
		return 2
	}
	if *keepResults < 0 || *skipTurns < 0 || *trimKeep < 0 {
		fmt.Fprintln(stderr, "headroom compact: -keep-results, -skip-turns and -trim-keep must not be negative")
		return 2
	}
	o := headroom.CompactOptions{Budget: *budget}
	o.Protection.KeepToolResults = *keepResults
	if *keepResults == 0 {
		o.Protection.KeepToolResults = -1
	}
	for g := range strings.SplitSeq(*protect, ",") {
		if g = strings.TrimSpace(g); g != "" {
			o.Protection.Tools = append(o.Protection.Tools, g)
		}
	}
	o.Mask.Excerpt = *excerpt
	// The options' zero means the default; the flags' 0 means none.
	o.Mask.SkipTurns, o.Trim.KeepRecent = *skipTurns, *trimKeep
	if *skipTurns == 0 {
		o.Mask.SkipTurns = -1
	}
	if *trimKeep == 0 {
		o.Trim.KeepRecent = -1
	}
	if *tokenizer != "estimate" {
		c, err := tiktoken.New(*tokenizer)
		if err != nil {
			fmt.Fprintln(stderr, "headroom compact:", err)
			return 2
		}
		o.Counter = c
	}
	var msgs []headroom.Message
	dec := json.NewDecoder(stdin)
	if err := dec.Decode(&msgs); err != nil {
		fmt.Fprintf(stderr, "headroom compact: the input is not a JSON array of messages: %v\n", err)
		return 2
	}
	if dec.More() {
		fmt.Fprintln(stderr, "headroom compact: unexpected data after the JSON array of messages")
		return 2
	}
	out, rep, err := headroom.Compact(context.Background(), msgs, o)
	if *stats {
		writeCompactStats(stderr, rep)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		if errors.Is(err, headroom.ErrCannotFit) {
			fmt.Fprintln(stderr, "headroom compact: raise -budget, or lower -keep-results")
		}
		return 1
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "headroom compact: encoding the result: %v\n", err)
		return 1
	}
	if _, err := fmt.Fprintf(stdout, "%s\n", b); err != nil {
		fmt.Fprintf(stderr, "headroom compact: writing stdout: %v\n", err)
		return 1
	}
	return 0
}

// writeCompactStats writes the report: its line, then one line per step.
func writeCompactStats(w io.Writer, rep headroom.CompactReport) {
	fmt.Fprintln(w, rep)
	for _, s := range rep.Steps {
		fmt.Fprintln(w, "  "+s.String())
	}
}
