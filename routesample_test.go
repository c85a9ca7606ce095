package headroom

import (
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"pgregory.net/rapid"
)

// routeWith returns the strategy route picks for out within bytes with
// the routing table sampled as s says.
func routeWith(t testing.TB, s sampling, out ToolOutput, bytes int) Strategy {
	h := mustNew(t)
	h.planners = routes(h.cfg, s)
	return h.route(out, bytes, 0, "").strategy
}

// TestSampledRoutingAgrees holds sampling to its promise: every real
// output routes as it does scanned whole, with the default sampling and
// with far more eager ones (any input, small pieces, small budgets) and
// with a large budget; and so do they repeated to 640 KB, and the
// benchmarks' outputs scaled to 1 MB.
func TestSampledRoutingAgrees(t *testing.T) {
	runs := []struct {
		bytes int
		s     sampling
	}{
		{DefaultMaxBytes, defaultSampling},
		{DefaultMaxBytes, sampling{minInput: 0, pieces: 4, piece: 16 << 10, minLines: defaultSampling.minLines}},
		{4000, sampling{minInput: 0, pieces: 4, piece: 4 << 10, minLines: defaultSampling.minLines}},
		{4000, sampling{minInput: 0, pieces: 8, piece: 2 << 10, minLines: defaultSampling.minLines}},
		{64000, defaultSampling},
	}
	checked, sampled := 0, 0
	check := func(name string, out ToolOutput) {
		for _, r := range runs {
			want := routeWith(t, sampling{}, out, r.bytes)
			if got := routeWith(t, r.s, out, r.bytes); got != want {
				t.Errorf("%s (%d bytes) in %d bytes, sampled %+v: routed to %s, scanned whole to %s", name, len(out.Text), r.bytes, r.s, got, want)
			}
			checked++
			s, limit := r.s, r.bytes-plannerReserve(len(out.Text))
			s.piece = max(s.piece, limit)
			if sample := takeSample(out.Text, s); sample != "" && 4*limit <= len(sample) {
				sampled++
			}
		}
	}
	if testing.Short() {
		// Under -short (CI's race run, where routing the corpus ten times
		// takes minutes), two of the five samplings: the default one and
		// the smallest budget's, on every second real output.
		runs = append(runs[:1], runs[2])
	}
	corpus := corpusUnlessShort(t, 2)
	for _, c := range corpus {
		check(c.name, ToolOutput{Tool: c.tool, Text: c.input})
	}
	if !testing.Short() {
		// The benchmarks' outputs at 1 MB, and every real output repeated
		// past the default's minimum, so that the default sampling samples
		// each shape.
		runs = runs[:1]
		runs = append(runs, struct {
			bytes int
			s     sampling
		}{64000, defaultSampling})
		for _, in := range benchCases {
			src := corpusInput(t, in.corpus)
			text := repeatTo(src, 1<<20)
			if in.whole {
				text = strings.Repeat(src, max(1, (1<<20)/len(src)))
			}
			check(in.name+"/1MB", ToolOutput{Tool: in.tool, Text: text})
		}
		runs = runs[:1]
		for _, c := range corpus {
			check(c.name+"/640KB", ToolOutput{Tool: c.tool, Text: repeatTo(c.input, 640<<10)})
		}
		// Every real output with a line longer than a piece, repeated to
		// 8 MB: texts of long lines, sampled by takeLongLines.
		for _, c := range corpus {
			if hasLineOver(c.input, defaultSampling.piece) {
				check(c.name+"/8MB", ToolOutput{Tool: c.tool, Text: repeatTo(c.input, 8<<20)})
			}
		}
	}
	t.Logf("%d of %d routings sampled", sampled, checked)
	if 4*sampled < checked {
		t.Errorf("only %d of %d routings sampled: the test would not test sampling", sampled, checked)
	}
}

// TestSampledRoutingSkipsTheScan shows what sampling is for: a 4 MB build
// log is declined by the search row on its sample, and an output that is
// search output at its head, its tail and between still routes to search.
func TestSampledRoutingSkipsTheScan(t *testing.T) {
	log := repeatTo(corpusInput(t, "log_go_test_prometheus_all_packages"), 4<<20)
	scanned := 0
	row := sampledFirst(defaultSampling, 0, func(out ToolOutput, limit int, sampled bool, _ *lineIndexer) (plan, bool) {
		scanned += len(out.Text)
		return planSearchShapes(out.Text, limit, searchOptions{sampled: sampled})
	})
	if _, ok := row(ToolOutput{Text: log}, 16000); ok {
		t.Fatal("the search row accepted a go test log")
	}
	if scanned >= len(log)/8 {
		t.Errorf("the search row scanned %d bytes of a %d-byte log it declined; want the sample only", scanned, len(log))
	}
	search := repeatTo(corpusInput(t, "search_rg_context_ctx_prometheus"), 4<<20)
	if _, ok := row(ToolOutput{Text: search}, 16000); !ok {
		t.Error("the search row declined 4 MB of rg output")
	}
	// Long lines: 8 MB of a minified bundle's lines is declined on runs
	// of its lines (takeLongLines), and rg's matches in minified files,
	// lines of up to 80 KB, are still search output.
	scanned = 0
	bundle := repeatTo(corpusInput(t, "plain_read_minified_jquery_min_js"), 8<<20)
	if _, ok := row(ToolOutput{Text: bundle}, 16000); ok {
		t.Fatal("the search row accepted a minified bundle")
	}
	if scanned >= len(bundle)/4 {
		t.Errorf("the search row scanned %d bytes of a %d-byte bundle it declined; want the sample only", scanned, len(bundle))
	}
	minified := repeatTo(corpusInput(t, "search_rg_minified_node_modules_bounding_rect"), 8<<20)
	if takeSample(minified, defaultSampling) == "" {
		t.Error("8 MB of rg matches in minified files was not sampled")
	}
	if _, ok := row(ToolOutput{Text: minified}, 16000); !ok {
		t.Error("the search row declined 8 MB of rg matches in minified files")
	}
}

// TestTakeSample: whole lines of the input, in order, the first at its
// start and the last at its end, within the pieces' size or, for a text
// of long lines, within a quarter of the text; nothing for a short input
// or one of too few lines.
func TestTakeSample(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for n := rapid.IntRange(0, 1500).Draw(t, "lines"); n > 0; n-- {
			b.WriteString(strings.Repeat("x", rapid.IntRange(0, 300).Draw(t, "len")))
			b.WriteByte('\n')
		}
		text := b.String()
		if rapid.Bool().Draw(t, "unterminated") {
			text += "tail"
		}
		s := sampling{
			minInput: rapid.IntRange(0, 1<<16).Draw(t, "minInput"),
			pieces:   rapid.IntRange(2, 6).Draw(t, "pieces"),
			piece:    rapid.IntRange(1, 8<<10).Draw(t, "piece"),
			minLines: rapid.IntRange(0, 100).Draw(t, "minLines"),
		}
		sample := takeSample(text, s)
		if len(text) < s.minInput || len(text) <= s.pieces*s.piece {
			if sample != "" {
				t.Fatalf("sampled a %d-byte input: minInput %d, pieces %d×%d", len(text), s.minInput, s.pieces, s.piece)
			}
			return
		}
		if sample == "" {
			want := s.minLines
			s.minLines = 0
			if all := takeSample(text, s); strings.Count(all, "\n") >= want && all != "" {
				t.Fatalf("no sample, but the pieces hold %d lines", strings.Count(all, "\n"))
			}
			return
		}
		// Pieces of at most s.piece bytes and s.minLines lines in all, or
		// (takeLongLines) runs of whole lines within a quarter of the text.
		lineCount := strings.Count(sample, "\n")
		pieces := len(sample) <= s.pieces*(s.piece+1) && lineCount >= s.minLines
		runs := len(sample) <= len(text)/4+s.pieces && lineCount >= s.pieces*longPieceLines
		if !pieces && !runs {
			t.Fatalf("sample of %d bytes and %d lines from %d pieces of %d (want %d lines), of a %d-byte text",
				len(sample), lineCount, s.pieces, s.piece, s.minLines, len(text))
		}
		// The sample's lines are lines of the input, in order; the first is
		// the input's, and so is the last when it fits a piece.
		lines := strings.SplitAfter(text, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		if first := lines[0]; !strings.HasPrefix(sample, first) {
			t.Fatalf("the sample does not start with the input's first line %q", first)
		}
		if last := strings.TrimSuffix(lines[len(lines)-1], "\n"); len(last) < s.piece && !strings.HasSuffix(sample, last+"\n") {
			t.Fatalf("the sample does not end with the input's last line %q", last)
		}
		j := 0
		for line := range strings.Lines(sample) {
			for j < len(lines) && strings.TrimSuffix(lines[j], "\n") != strings.TrimSuffix(line, "\n") {
				j++
			}
			if j == len(lines) {
				t.Fatalf("sample line %q is not a line of the input in order", line)
			}
			j++
		}
	})
}

// TestHasLineOver: a line of at least limit bytes besides its break,
// found without looking at every line.
func TestHasLineOver(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringOfN(rapid.SampledFrom([]rune("ab\n\n\n")), 0, 400, -1).Draw(t, "text")
		limit := rapid.IntRange(1, 50).Draw(t, "limit")
		want := false
		for _, line := range strings.Split(text, "\n") {
			want = want || len(line) >= limit
		}
		if got := hasLineOver(text, limit); got != want {
			t.Fatalf("hasLineOver(%q, %d) = %v, want %v", text, limit, got, want)
		}
	})
}

// TestRoutingTinyLinesAllocates: routing 4 MB of two-byte lines that no
// row but the log row's (exec tools) and the outline's (reads) would index
// allocates less than the input. The search and table rows decline on
// their samples and the giant row without a line index; before, each of
// them indexed the two million lines (nine bytes each) to decline.
func TestRoutingTinyLinesAllocates(t *testing.T) {
	text := strings.Repeat("x\n", 2<<20)
	h := mustNew(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p := h.route(ToolOutput{Tool: "Grep", Text: text}, DefaultMaxBytes, 0, "")
	runtime.ReadMemStats(&after)
	if p.strategy != StrategyClip {
		t.Fatalf("routed to %s, want clip", p.strategy)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(len(text)) {
		t.Errorf("routing %d bytes of tiny lines allocated %d bytes; want less than the input", len(text), got)
	}
}

// TestRouteSamplesOnce: the search and table rows of one route call plan
// the same sample, taken once (a text of long lines samples megabytes),
// and a row sharing it plans as the row alone does.
func TestRouteSamplesOnce(t *testing.T) {
	bundle := repeatTo(corpusInput(t, "plain_read_minified_jquery_min_js"), 8<<20)
	out := ToolOutput{Tool: "Read", Text: bundle}
	limit := DefaultMaxBytes - plannerReserve(len(bundle))
	h := mustNew(t)
	shared := new(routeShared)
	rows := 0
	for _, pl := range h.planners {
		if pl.sampled == nil {
			continue
		}
		rows++
		got, gotOK := pl.atSharing(out, shared)(limit)
		want, wantOK := pl.plan(out, limit)
		if gotOK != wantOK || !reflect.DeepEqual(got, want) {
			t.Errorf("%s row: sharing the sample planned (%v, %d items), alone (%v, %d items)", pl.strategy, gotOK, len(got.items), wantOK, len(want.items))
		}
	}
	if rows != 2 {
		t.Fatalf("%d sampled rows, want search's and the table's", rows)
	}
	if shared.sample == "" {
		t.Fatal("the bundle was not sampled")
	}
	s := defaultSampling
	s.piece = max(s.piece, limit)
	first := unsafe.StringData(shared.sample)
	if again := shared.take(bundle, s); unsafe.StringData(again) != first {
		t.Error("a second row took the sample again")
	}
	s.pieces++
	if other := shared.take(bundle, s); other == "" || unsafe.StringData(other) == first {
		t.Error("a row sampling otherwise was given the other row's sample")
	}
}

// TestRouteIndexesLinesOnce: the rows that select lines (outline, listing,
// giant) of one route call read one line index, made by the first that
// asks, and each plans with it as the row alone does — the listing row
// reading the index for a line that ends in ':' — on every corpus case
// (under -short, every fourth) and on a minified bundle, through the read
// and the exec tool.
func TestRouteIndexesLinesOnce(t *testing.T) {
	h := mustNew(t)
	type input struct{ name, tool, text string }
	inputs := []input{{"bundle", "Read", repeatTo(corpusInput(t, "plain_read_minified_jquery_min_js"), 4<<20)}}
	for _, c := range corpusUnlessShort(t, 4) {
		inputs = append(inputs, input{c.name, c.tool, c.input}, input{c.name + "/Read", "Read", c.input})
	}
	indexed := 0
	for _, in := range inputs {
		out := ToolOutput{Tool: in.tool, Text: in.text}
		for _, budget := range []int{16000, 4000} {
			limit := budget - plannerReserve(len(in.text))
			shared := new(routeShared)
			var made *lineIndex
			for _, pl := range h.planners {
				if pl.indexed == nil {
					continue
				}
				got, gotOK := safePlan(pl.atSharing(out, shared), limit)
				want, wantOK := safePlan(pl.at(out), limit)
				if gotOK != wantOK || !reflect.DeepEqual(got, want) {
					t.Errorf("%s at %d B, %s row: with the shared index planned (%v, %d items), alone (%v, %d items)", in.name, budget, pl.strategy, gotOK, len(got.items), wantOK, len(want.items))
				}
				if made != nil && shared.lines.made() != made {
					t.Errorf("%s at %d B, %s row: the line index was made again", in.name, budget, pl.strategy)
				}
				made = shared.lines.made()
			}
			if made != nil {
				indexed++
			}
		}
	}
	if indexed == 0 {
		t.Fatal("no input was indexed: the test holds nothing")
	}
}

// The search and table rows decline unread a large input that gives no
// sample and has fewer lines than either takes: a bundle of three lines
// of megabytes. The rows' planners decline every such text themselves
// (TestFewLinesAreNeitherSearchNorTable).
func TestSampledRowsDeclineFewLinesUnread(t *testing.T) {
	line := strings.ReplaceAll(corpusInput(t, "plain_read_minified_jquery_min_js"), "\n", " ")
	bundle := strings.Repeat(line, (1<<20)/len(line)+1) + "\n" + line + "\n" + line
	if takeSample(bundle, defaultSampling) != "" {
		t.Fatal("the three-line bundle gave a sample: the test would not reach the line count")
	}
	for _, least := range []int{searchMinMatches, tableLeastLines} {
		read := 0
		row := sampledFirst(defaultSampling, least, func(out ToolOutput, limit int, _ bool, _ *lineIndexer) (plan, bool) {
			read += len(out.Text)
			return plan{}, false
		})
		if _, ok := row(ToolOutput{Text: bundle}, 16000); ok || read != 0 {
			t.Errorf("least %d: the row read %d bytes of a three-line bundle", least, read)
		}
	}
	// With as many lines as the row takes, the row reads the input.
	lines := strings.Repeat(line+"\n", 20)
	read := 0
	row := sampledFirst(defaultSampling, searchMinMatches, func(out ToolOutput, limit int, _ bool, _ *lineIndexer) (plan, bool) {
		read += len(out.Text)
		return plan{}, false
	})
	if row(ToolOutput{Text: lines}, 16000); read == 0 && takeSample(lines, defaultSampling) == "" {
		t.Error("the row declined 20 long lines unread")
	}
}

// Every text of fewer lines than a row's least is one its planner
// declines itself, whatever its lines hold: the line count only spares
// reading it.
func TestFewLinesAreNeitherSearchNorTable(t *testing.T) {
	shapes := []string{ // %d is the line's number
		"src/a%d.go:12:func f() {}", "src/a.go:%d:\treturn err", "src/a.go-%d-\treturn", "--", "src/b%d.go:3", "src/c%d.go", "./d/e%d.txt",
		`{"type":"match","data":{"path":{"text":"a%d.go"},"lines":{"text":"x\n"},"line_number":1}}`,
		`{"type":"begin","data":{"path":{"text":"a%d.go"}}}`, "NAME   READY   STATUS", "web-%d  1/1     Running",
		"-----  -----", "+----+----+", "| a%d | b  |", "a,b,c", "%d,2,3", "x%d\ty\tz", "-rw-r--r-- 1 root root %d Jan 1 a",
		"grep: d%d: Permission denied", "", "  ", "Binary file x%d matches",
	}
	rapid.Check(t, func(rt *rapid.T) {
		for _, least := range []int{searchMinMatches, tableLeastLines} {
			// Mostly one shape, as real output is, with others among it.
			main := rapid.SampledFrom(shapes).Draw(rt, "main")
			ls := make([]string, rapid.IntRange(0, least-1).Draw(rt, "lines"))
			for i := range ls {
				shape := main
				if rapid.IntRange(0, 9).Draw(rt, "other") == 0 {
					shape = rapid.SampledFrom(shapes).Draw(rt, "shape")
				}
				ls[i] = strings.ReplaceAll(shape, "%d", strconv.Itoa(i+1))
			}
			text := strings.Join(ls, "\n")
			if rapid.Bool().Draw(rt, "final break") && text != "" {
				text += "\n"
			}
			if !(&routeShared{}).hasLines(text, least) {
				limit := rapid.IntRange(64, 4000).Draw(rt, "limit")
				if least == searchMinMatches {
					if _, ok := planSearchShapes(text, limit, searchOptions{}); ok {
						rt.Fatalf("search took %d lines:\n%s", len(ls), text)
					}
				} else if _, ok := planTable(text, limit); ok {
					rt.Fatalf("table took %d lines:\n%s", len(ls), text)
				}
			}
		}
	})
	// hasLines counts a last line without a line break.
	for _, c := range []struct {
		text string
		k    int
		want bool
	}{{"", 1, false}, {"a", 1, true}, {"a\n", 2, false}, {"a\nb", 2, true}, {"\n\n", 2, true}, {"a\nb\n", 3, false}} {
		if got := (&routeShared{}).hasLines(c.text, c.k); got != c.want {
			t.Errorf("hasLines(%q, %d) = %v", c.text, c.k, got)
		}
	}
}

// The line index a sample of long lines comes with is the one reading
// the sample gives: texts of lines of any lengths, long ones among them.
func TestSampleIndexIsTheSamplesLineStarts(t *testing.T) {
	s := sampling{minInput: 1 << 10, pieces: 4, piece: 64, minLines: 8}
	long := 0
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		// A first line longer than a piece makes a sample of long lines.
		first := rapid.IntRange(0, 2*s.piece).Draw(t, "first")
		b.WriteString(strings.Repeat("x", first) + "\n")
		for b.Len() < 256*s.piece || rapid.IntRange(0, 3).Draw(t, "more") > 0 {
			b.WriteString(strings.Repeat("x", rapid.IntRange(0, 3*s.piece).Draw(t, "len")))
			b.WriteByte('\n')
		}
		if rapid.Bool().Draw(t, "unterminated") {
			b.WriteString("tail")
		}
		var sh routeShared
		sample := sh.take(b.String(), s)
		want, _ := lineStarts(sample)
		got := sh.sampleIndex().index().starts
		if sh.starts != nil {
			long++
		}
		for i := range want.len() {
			if want.get(i) != got.get(i) {
				t.Fatalf("line %d starts at %d, the sample's index says %d", i, want.get(i), got.get(i))
			}
		}
		if got.len() != want.len() {
			t.Fatalf("%d line starts, the sample's index has %d", want.len(), got.len())
		}
	})
	if long == 0 {
		t.Fatal("no sample was of long lines: the property tested nothing")
	}
}
