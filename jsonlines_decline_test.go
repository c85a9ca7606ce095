package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// jsonLinesPalette is lines near the JSON-lines shape test's edges: events
// valid and not, test events, objects split over lines, indented objects,
// blanks with and without white space.
var jsonLinesPalette = []string{
	`{"level":"INFO","msg":"started"}`, `{"a":1}  `, "{\"a\":1}\r", `{}`, // events
	`{bad}`, `{"Action":"run","Package":"p"}`, `{"type":"match","data":{"path":{"text":"a"}}}`, // events the test refuses first
	`{`, `}`, `	"Dir": "/x",`, ` {"a":1}`, `{"a": {`, `plain text`, `[1]`, // others
	``, `   `, "\t\r", // blanks
}

// genJSONLinesText builds a text of runs of palette lines, so that a head
// of one kind can meet a body of another, and the share of event lines
// falls on either side of nine in ten.
func genJSONLinesText(t *rapid.T) string {
	runs := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
		l := jsonLinesPalette[rapid.IntRange(0, len(jsonLinesPalette)-1).Draw(t, "line")]
		return strings.Repeat(l+"\n", rapid.IntRange(1, 80).Draw(t, "repeat"))
	}), 0, 12).Draw(t, "runs")
	text := strings.Join(runs, "")
	if rapid.Bool().Draw(t, "noFinalNewline") {
		text = strings.TrimSuffix(text, "\n")
	}
	return text
}

// The early exit declines only what the full shape test declines.
func TestJSONLinesSurelyDeclineOnlyWhatTheTestDeclines(t *testing.T) {
	var early, full, cases int
	rapid.Check(t, func(t *rapid.T) {
		cases++
		text := genJSONLinesText(t)
		_, ok := jsonLinesEvents(newLineSel(text, 4000, countGaps(len(text))))
		sure := jsonLinesSurelyDecline(text)
		if sure && ok {
			t.Fatalf("early exit declines a stream the full test accepts:\n%q", text)
		}
		if sure {
			early++
		} else if !ok {
			full++
		}
	})
	// With rapid's full count (100 cases; -short under -race runs 20) the
	// generator reaches both sides; fewer cases may miss one by chance.
	if cases >= 100 && (early == 0 || full == 0) {
		t.Fatalf("the generator missed a side: %d early declines, %d left to the full test", early, full)
	}
}

// A pretty-printed JSON stream is declined early; a JSON-lines stream is
// left to the full test, which accepts it.
func TestJSONLinesSurelyDeclineOnCorpus(t *testing.T) {
	if !jsonLinesSurelyDecline(corpusInput(t, "json_go_list_prometheus_stream")) {
		t.Error("go list -json: not declined early")
	}
	if !jsonLinesSurelyDecline(corpusInput(t, "log_go_test_json_mux_strictslash")) {
		t.Error("go test -json: not declined early")
	}
	if jsonLinesSurelyDecline(corpusInput(t, "json_slog_jsonl_go_parse_walk")) {
		t.Error("slog JSON lines: declined early")
	}
}

// A limit longer than the stream (route never asks for one, a caller of
// the row may) keeps a rare event whole rather than reading before it:
// the tally build's error event once made widenEnds index at -1209.
func TestJSONLinesLimitOverTheStream(t *testing.T) {
	text := corpusInput(t, "json_cargo_build_message_format_json_tally_e0308_usize_to_u32")
	for _, limit := range []int{len(text), 2 * len(text)} {
		p, ok := planJSONLines(text, limit)
		if ok && itemsSize(p.items) > limit {
			t.Fatalf("limit %d: the plan keeps %d bytes", limit, itemsSize(p.items))
		}
	}
}

// eventValues holds a found member per kind key in a fixed array, zeroed
// at every event: every key of eventKindKeys has its slot.
func TestEventValuesHoldEveryKindKey(t *testing.T) {
	var keys []string
	line := "{"
	for i, k := range eventKindKeys {
		keys = append(keys, `"`+k+`":`)
		if i > 0 {
			line += ","
		}
		line += `"` + k + `":"v` + k + `"`
	}
	line += "}"
	got := eventValues(nil, line, keys)
	if len(got) != len(eventKindKeys) {
		t.Fatalf("eventValues found %d of the %d kind keys", len(got), len(eventKindKeys))
	}
	for i, v := range got {
		if v.key != i || v.val != "v"+eventKindKeys[i] {
			t.Errorf("value %d: key %d %q", i, v.key, v.val)
		}
	}
}
