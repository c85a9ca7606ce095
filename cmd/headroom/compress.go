package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/headroom-go/headroom"
	"github.com/headroom-go/headroom/tiktoken"
)

const compressUsage = `usage: headroom [flags] < tool-output.txt > compressed.txt
       headroom get -store DIR [flags] ID > original.txt
       headroom compact [flags] < conversation.json > compacted.json

Compresses one tool output read on stdin, as an agent would before appending
it to its conversation, and writes the result on stdout.

flags:
`

// runCompress is the default job: compress one tool output.
func runCompress(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("headroom", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, compressUsage)
		fs.PrintDefaults()
	}
	tool := fs.String("tool", "Bash", "the `name` of the tool that produced the output (Bash, Grep, Read, …)")
	maxBytes := fs.Int("max-bytes", headroom.DefaultMaxBytes, "byte budget, marker included; 0 disables")
	maxTokens := fs.Int("max-tokens", 0, "token budget, marker included; 0 disables (alone, it replaces the byte budget)")
	exitCode := fs.Int("exit-code", 0, "the command's exit `status`, when known")
	stats := fs.Bool("stats", false, "write one JSON object with what was done on stderr")
	clean := fs.Bool("clean-terminal", false, "write an exec tool's output as a terminal showed it (no ANSI escapes, \\r redraws collapsed), within budget too")
	storeDir := fs.String("store", "", "keep the original in `dir`, so the marker names its id and `headroom get` prints it back")
	tokenizer := fs.String("tokenizer", "estimate", "how tokens are counted: estimate (fast, errs high), o200k_base or cl100k_base (exact)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "headroom: unexpected argument %q: the tool output is read on stdin\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var opts []headroom.Option
	if set["max-bytes"] || !set["max-tokens"] {
		opts = append(opts, headroom.WithMaxBytes(*maxBytes))
	}
	if set["max-tokens"] {
		opts = append(opts, headroom.WithMaxTokens(*maxTokens))
	}
	if *tokenizer != "estimate" {
		c, err := tiktoken.New(*tokenizer)
		if err != nil {
			fmt.Fprintln(stderr, "headroom:", err)
			return 2
		}
		opts = append(opts, headroom.WithTokenCounter(c))
	}
	if *clean {
		opts = append(opts, headroom.WithCleanTerminal(true))
	}
	if *storeDir != "" {
		s, err := headroom.NewDirStore(*storeDir)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer s.Close()
		opts = append(opts, headroom.WithStore(s))
	}
	h, err := headroom.New(opts...)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	in, err := readInput(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "headroom: reading stdin: %v\n", err)
		return 1
	}
	limitMemory(len(in))
	out := headroom.ToolOutput{Tool: *tool, Text: in}
	if set["exit-code"] {
		out.ExitCode, out.IsError = exitCode, *exitCode != 0
	}
	text, o, err := h.Compress(context.Background(), out)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		fmt.Fprintf(stderr, "headroom: writing stdout: %v\n", err)
		return 1
	}
	if *stats {
		writeStats(stderr, o)
	}
	if o.StoreErr != nil {
		// The output is good (its marker says how to re-run narrower),
		// but the caller asked for a store: say why it has no id.
		fmt.Fprintln(stderr, "headroom: warning: the original was not stored:", o.StoreErr)
	}
	return 0
}

// compressStats is the -stats line; its field names are stable.
type compressStats struct {
	Strategy      headroom.Strategy `json:"strategy"`
	BytesIn       int               `json:"bytes_in"`
	BytesOut      int               `json:"bytes_out"`
	TokensOmitted int               `json:"tokens_omitted"`
	// ID is the stored original's id, with -store, when it was stored.
	ID string `json:"id,omitempty"`
}

func writeStats(w io.Writer, o headroom.Outcome) {
	b, _ := json.Marshal(compressStats{o.Strategy, o.BytesBefore, o.BytesAfter, o.TokensOmitted, o.StoredID})
	fmt.Fprintf(w, "%s\n", b)
}
