// Package headroom keeps an LLM agent's conversation small without breaking
// its prompt cache.
//
// An agent's conversation is an append-only array that is re-sent on every
// turn: one 80 KB grep or build log rides along forever and is billed again
// each time, and rewriting it later breaks the provider's prompt cache,
// whose prefix must stay byte-stable. headroom compresses at the only safe
// moment, append time: the agent passes new tool results through
// [CompressToolResults] before appending them. Oversized strings are
// compressed once, deterministically, behind a marker that tells the model
// what was cut, in tokens, and how to get it back.
//
// # The agent loop
//
//	h, err := headroom.New(headroom.WithMaxBytes(16000))
//	...
//	for {
//		reply := callModel(ctx, history)
//		history = append(history, reply)
//		results := runTools(ctx, reply)           // raw output: show it to the user
//		results, _, err = headroom.CompressToolResults(ctx, h, results)
//		if err != nil { ... }                      // ctx done: append the raw results, or stop
//		history = append(history, results...)     // compressed output: the model's history
//	}
//
// # What is kept
//
// The default [Compressor] routes each string through planners that know
// its structure, each of which may decline:
//   - search output (grep, rg, git grep): every file stays listed with its
//     exact match count and its first matches; totals go in the marker;
//   - JSON arrays and document streams: the first elements and the last
//     one's identity; an object whose bulk is nested: its outline, every
//     key of the top levels with the rest summarised in place by keys and
//     sizes (minified JSON is laid out one member per line);
//   - logs of exec tools (Bash, shell, …): every error with its whole stack
//     trace, warnings deduplicated as (×N), runner summaries, head and tail,
//     in the original order with [… N lines omitted …] gaps;
//   - other line-oriented text (a call trace, a blame, a dump of records):
//     the head and the tail, the lines with a failure word or an errno
//     name, the lines of a rare shape, then a longer head and a spread,
//     each gap note naming its lines;
//   - anything else: the head and the tail, cut on line boundaries.
//
// An optional [Summarizer] — a cheap model behind an interface — writes a
// digest of what a clip or log plan cut. A summarizer that fails, panics,
// hangs or answers junk costs the digest, never the pass.
//
// # The marker
//
// Every compressed string carries exactly one marker, which starts with
// "[…headroom:" and reads like
//
//	[…headroom: ~10,382 tokens omitted — lines 11-871 of 873 (31,210 bytes) from the middle. To see them, re-run narrower: a line range (sed -n '11,871p'), grep, head or tail.]
//
// The output, marker and digest included, is at most the byte budget and
// counts at most the token budget. A digest is sanitised to one line and
// cannot close or forge a marker.
//
// # Your own Compressor
//
// Everything a [Compressor] needs arrives in its arguments: [Compressor.Budget]
// says what it holds a string to, and each [ToolOutput] may carry a tighter
// budget (a structured result's field gets its share that way). So a type
// that embeds a Compressor to add logging or metrics keeps every budget by
// passing calls on, and package compresstest checks any Compressor, through
// such a wrapper too, as testing/slogtest checks a slog.Handler.
//
// # Getting the original back
//
// With a [Store] ([WithStore]: [NewMemoryStore], [NewDirStore], or Redis
// in package github.com/headroom-go/headroom/store/redis), each string
// Compress shortens is kept whole under a content-derived id ([StoreID]),
// and the marker names the id and the tool to call instead of how to
// re-run narrower. Register [RetrieveTool] with the model and answer it
// with a [Retriever]: the original, a line range or the lines a pattern
// matches, held to a budget. A store that fails, panics or hangs costs the
// id, never the pass.
//
// # Compacting a whole conversation
//
// When a conversation nears the context window anyway, the compaction
// cascade runs cheapest first — mask old tool outputs, summarize older
// turns, trim the oldest — and never orphans a tool call from its result or
// drops the system prompt. Unlike append-time compression it rewrites
// history, once, deliberately, and reports where the prompt cache breaks.
// [Compact] runs the cascade to a token budget; [MaskObservations],
// [Summarize] and [Trim] are its steps, each usable alone and all obeying
// one [Protection]. A summary takes at most a share of the budget; with a
// summarizer, the user messages the cascade must drop are folded into the
// summary while the core leaves room for one, and the report counts any
// that are not. [ShouldCompact] and [RetryOnOverflow] say when to run
// it; [Tiers] applies it as a hot/warm/cold memory policy.
//
// # Tokens
//
// Budgets and markers speak in tokens through a [TokenCounter]. [Estimate],
// the default, is fast and errs high; package
// github.com/headroom-go/headroom/tiktoken counts exactly, offline.
//
// # Panics and determinism
//
// The library never panics on input: invalid UTF-8, NUL bytes, CRLF, ANSI
// escapes, a 50 MB single line and empty strings are all inputs with a
// documented result. A panic in the caller's own Compressor or TokenCounter
// inside [CompressToolResults]'s goroutines becomes an error, never a dead
// process. The same input and options give the same bytes, always.
// Options that cannot work are refused by [New] with an error.
package headroom
