package headroom

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// targetSpecs returns a jq-indented map of n alike target specs, each
// named by a nested metadata name, every one holding the same nested
// "kind": "inline" and tier.
func targetSpecs(n int) string {
	m := map[string]any{}
	for i := range n {
		m[fmt.Sprintf("riscv%02d-unknown-elf", i)] = map[string]any{
			"arch":         "riscv32",
			"data-layout":  "e-m:e-p:32:32-i64:64-n32-S128",
			"features":     strings.Repeat("+m,+a,+c,", 8),
			"linker":       "rust-lld",
			"metadata":     map[string]any{"name": fmt.Sprintf("RISC-V board %d", i), "tier": 3},
			"options":      strings.Split(strings.Repeat("opt,", 20), ","),
			"stack-probes": map[string]any{"kind": "inline"},
		}
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return string(b)
}

// A roll names every member of a map of 40 target specs at 4,000 bytes
// (the digests' plan names 18): each by its key line and its nested
// name, without the lines every spec holds alike.
func TestPlanJSONRollNamesEveryMember(t *testing.T) {
	const n = 40
	text := targetSpecs(n)
	p, out := plannedJSON(t, text, 4000)
	if !strings.Contains(p.what, "by their naming lines alone") {
		t.Fatalf("not a roll: %s\n%s", p.what, out)
	}
	for i := range n {
		if !strings.Contains(out, fmt.Sprintf("\n  \"riscv%02d-unknown-elf\": {\n", i)) ||
			!strings.Contains(out, fmt.Sprintf("\"name\": \"RISC-V board %d\"", i)) {
			t.Errorf("member %d not named:\n%s", i, out)
		}
	}
	roll := out[strings.Index(out, "[…the 38 object members between"):strings.LastIndex(out, "\n  \"riscv39")]
	for _, common := range []string{`"kind": "inline"`, `"tier": 3`, "[…index", "members…]"} {
		if strings.Contains(roll, common) {
			t.Errorf("the roll shows %q:\n%s", common, roll)
		}
	}
}

// A roll keeps an element of a rare shape whole (as the digests' plan
// would), and declines when most members are named by their keys alone
// (a roll of keys would lose every value).
func TestPlanSequenceRollDeclines(t *testing.T) {
	var v []map[string]any
	for i := range 60 {
		v = append(v, map[string]any{"name": fmt.Sprintf("test %d", i), "pad": strings.Repeat("x", 300)})
	}
	v[30]["error"] = "boom"
	b, _ := json.MarshalIndent(v, "", "  ")
	top, _ := scanJSONTop(string(b))
	if its, _, _, ok := planSequenceRoll(string(b), top.elems, top.shapes, nil, top.kind, 4000); ok {
		var out strings.Builder
		for _, it := range its {
			out.WriteString(string(b)[it.start:it.end] + it.note)
		}
		if !strings.Contains(out.String(), "\"error\": \"boom\",\n    \"name\": \"test 30\",\n    \"pad\"") {
			t.Errorf("a roll without the rare element whole:\n%s", out.String())
		}
	}
	settings := map[string]any{}
	for i := range 200 {
		settings[fmt.Sprintf("setting.%03d", i)] = map[string]any{"global_value": fmt.Sprint(i), "local_value": fmt.Sprint(i), "access": 7}
	}
	b, _ = json.MarshalIndent(settings, "", "    ")
	top, _ = scanJSONTop(string(b))
	if _, _, _, ok := planSequenceRoll(string(b), top.elems, top.shapes, nil, top.kind, 4000); ok {
		t.Error("a roll of keys alone")
	}
}

// commonLines finds the lines more than half of the sample show, and
// withoutCommon drops them but for a key line, or keeps all when nothing
// else would be left.
func TestCommonLines(t *testing.T) {
	text := "a\nb\nc\n"
	line := func(i int) item { return keepRange(2*i, 2*i+2) }
	lines := func(k int) []item {
		if k%4 == 0 {
			return []item{line(0), line(2)}
		}
		return []item{line(0), line(1)}
	}
	if got := commonLines(text, 3, lines); got != nil {
		t.Errorf("three elements: %v, want nil", got)
	}
	common := commonLines(text, 8, lines)
	if !common["a\n"] || !common["b\n"] || common["c\n"] {
		t.Errorf("common %v, want a and b", common)
	}
	if got := withoutCommon(text, []item{line(0), line(2)}, common, false); len(got) != 1 || got[0] != line(2) {
		t.Errorf("without common: %v", got)
	}
	if got := withoutCommon(text, []item{line(0), line(2)}, common, true); len(got) != 2 {
		t.Errorf("a key line dropped: %v", got)
	}
	if got := withoutCommon(text, []item{line(0), line(1)}, common, false); len(got) != 2 {
		t.Errorf("all dropped: %v", got)
	}
}

// A roll holds its room, keeps whole input lines in input order after its
// head (an element of a rare kind named once, in its place), and names no
// more elements than there are.
func TestPlanSequenceRollProperties(t *testing.T) {
	tested := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 300).Draw(t, "elements")
		pad := rapid.IntRange(0, 400).Draw(t, "pad")
		asMap := rapid.Bool().Draw(t, "map")
		indent := strings.Repeat(" ", rapid.IntRange(1, 4).Draw(t, "indent"))
		every := rapid.IntRange(2, 40).Draw(t, "one in k of a rare kind")
		elem := func(i int) map[string]any {
			kind := "replace"
			if i%every == every/2 {
				kind = "add"
			}
			return map[string]any{"Name": fmt.Sprintf("case %d %s", i, strings.Repeat("n", i%7)), "pad": strings.Repeat("x", pad),
				"list": []int{i, 1, 2}, "ok": true, "op": kind}
		}
		var v any
		if asMap {
			m := map[string]any{}
			for i := range n {
				m[fmt.Sprintf("k%04d", i)] = elem(i)
			}
			v = m
		} else {
			var a []any
			for i := range n {
				a = append(a, elem(i))
			}
			v = a
		}
		b, _ := json.MarshalIndent(v, "", indent)
		text := string(b)
		limit := rapid.IntRange(400, max(400, len(text))).Draw(t, "limit")
		top, ok := scanJSONTop(text)
		if !ok {
			t.Fatal("no scan")
		}
		its, named, _, ok := planSequenceRoll(text, top.elems, top.shapes, rareValueElems(text, top.elems, true), top.kind, limit)
		if !ok {
			return
		}
		tested++
		if itemsSize(its) > limit || named > n || named < 3 {
			t.Fatalf("%d bytes of %d, %d named of %d", itemsSize(its), limit, named, n)
		}
		prev, notes := 0, 0
		for k, it := range its {
			if it.note != "" {
				notes++
				continue
			}
			if it.start < prev || k > 2 && it.start == prev && it.end == prev {
				t.Fatalf("item %d at %d before %d", k, it.start, prev)
			}
			if k > 2 && (it.start > 0 && text[it.start-1] != '\n' || it.end < len(text) && text[it.end-1] != '\n') {
				t.Fatalf("item %d not whole lines: %q", k, text[it.start:it.end])
			}
			prev = it.end
		}
		if notes == 0 {
			t.Fatal("no roll note")
		}
	})
	if tested == 0 {
		t.Error("tested nothing")
	}
}

// jsonPatch returns a jsondiff-indented RFC 6902 patch of n ops, alike
// renames but for an add every addEvery'th (from the fifth), each naming
// a new shape.
func jsonPatch(n, addEvery int) string {
	var ops []map[string]any
	for i := range n {
		op := map[string]any{"op": "replace", "path": fmt.Sprintf("/operations/Operation%03d/name", i), "value": fmt.Sprintf("Operation%03d2018_11_05", i)}
		if i%addEvery == 4 {
			op = map[string]any{"op": "add", "path": fmt.Sprintf("/shapes/NewShape%03d", i), "value": map[string]any{"type": "structure"}}
		}
		ops = append(ops, op)
	}
	b, _ := json.MarshalIndent(ops, "", " ")
	return string(b)
}

// A roll names the elements that hold a rare value before it spreads
// over the others: a JSON Patch's adds among alike renames, each named
// with its op, where a spread alone misses most of them.
func TestPlanSequenceRollNamesRareValuesFirst(t *testing.T) {
	text := jsonPatch(216, 40)
	var adds []string
	for i := 4; i < 216; i += 40 {
		adds = append(adds, fmt.Sprintf("  \"op\": \"add\",\n  \"path\": \"/shapes/NewShape%03d\",\n", i))
	}
	p, out := plannedJSON(t, text, 4000)
	if !strings.Contains(p.what, "by their naming lines alone") || !strings.Contains(out, "for a rare value, the others spread evenly") {
		t.Fatalf("not a roll with rare picks: %s\n%s", p.what, out)
	}
	for _, a := range adds {
		if !strings.Contains(out, a) {
			t.Errorf("lost %q:\n%s", a, out)
		}
	}
	top, _ := scanJSONTop(text)
	its, _, _, ok := planSequenceRoll(text, top.elems, top.shapes, nil, top.kind, 4000)
	if !ok {
		t.Fatal("no roll without rare picks")
	}
	spreadOnly, missed := render(text, plan{items: its}, marker{}), 0
	for _, a := range adds {
		if !strings.Contains(spreadOnly, a) {
			missed++
		}
	}
	if 2*missed < len(adds) {
		t.Errorf("a spread alone names %d of %d adds: the test proves nothing", len(adds)-missed, len(adds))
	}
}

// rollHeadRun keeps the elements after the first while each costs at
// most two names, in up to a quarter of the room, one left to the roll.
func TestRollHeadRun(t *testing.T) {
	for _, c := range []struct {
		name            string
		sizes           []int // whole(1), whole(2), …
		name_, room     int
		wantRun, wantCo int
	}{
		{"stops at the first long one", []int{80, 90, 300, 80}, 50, 4000, 2, 170},
		{"none when the second is long", []int{101, 80}, 50, 4000, 0, 0},
		{"twice a name is short", []int{100, 100, 100, 100}, 50, 4000, 4, 400},
		{"a quarter of the room", []int{80, 80, 80, 80, 80}, 50, 4 * 170, 2, 160},
		{"one left to the roll", []int{80, 80, 80}, 50, 4000, 2, 160},
	} {
		last := len(c.sizes) + 1
		if c.name == "stops at the first long one" || c.name == "twice a name is short" {
			last = len(c.sizes) + 2 // a long roll after them
		}
		run, cost := rollHeadRun(func(j int) int {
			if j-1 < len(c.sizes) {
				return c.sizes[j-1]
			}
			return 1000
		}, last, c.name_, c.room)
		if run != c.wantRun || cost != c.wantCo {
			t.Errorf("%s: run %d cost %d, want %d %d", c.name, run, cost, c.wantRun, c.wantCo)
		}
	}
}

// patchWithMetadata returns a jsondiff-indented patch: a long first op,
// short metadata bumps after it, then alike replaces of long values.
func patchWithMetadata(short, alike, doc, pad int) string {
	ops := []map[string]any{{"op": "replace", "path": "/documentation", "value": strings.Repeat("d", doc)}}
	for i := range short {
		ops = append(ops, map[string]any{"op": "replace", "path": fmt.Sprintf("/metadata/field%d", i), "value": fmt.Sprintf("v%d", i)})
	}
	for i := range alike {
		ops = append(ops, map[string]any{"op": "replace", "path": fmt.Sprintf("/shapes/Shape%03d/members/Member/documentation", i),
			"value": "<p>" + strings.Repeat("w ", pad/2) + "</p>"})
	}
	b, _ := json.MarshalIndent(ops, "", " ")
	return string(b)
}

// A roll's head keeps the short elements after the first whole, in one
// piece with it, and a long one only when the roll names every element
// and the clip shows it whole (rollHeadFloor); its note counts the elements past
// that head; and when a quarter of the room holds them all, every short
// leading element is kept whole, as a blind clip's head shows them.
func TestPlanSequenceRollHeadRunProperties(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		short := rapid.IntRange(0, 5).Draw(t, "short elements")
		alike := rapid.IntRange(60, 300).Draw(t, "alike elements")
		doc := rapid.IntRange(50, 400).Draw(t, "first element's value")
		pad := rapid.IntRange(100, 400).Draw(t, "alike values")
		text := patchWithMetadata(short, alike, doc, pad)
		limit := rapid.IntRange(max(4000, len(text)/12), len(text)/2).Draw(t, "limit")
		top, _ := scanJSONTop(text)
		n := len(top.elems)
		its, named, run, ok := planSequenceRoll(text, top.elems, top.shapes, rareValueElems(text, top.elems, true), top.kind, limit)
		if !ok {
			t.Fatalf("no roll of %d elements at %d bytes", n, limit)
		}
		at := func(j int) int { return blankLineStart(text, top.elems[j][0]) }
		out := render(text, plan{items: its, markerAt: len(its)}, marker{})
		if run > short && (named < n || run+1 > clipWholeLeading(text, top.elems, limit)) {
			t.Fatalf("a head run of %d over %d short elements: a long one kept whole, %d of %d named", run, short, named, n)
		}
		if !strings.HasPrefix(out, text[:at(run+1)]) {
			t.Fatalf("the head's %d elements are not whole in one piece:\n%s", run+1, out)
		}
		note := fmt.Sprintf(" of the %d array elements between", n-2-run)
		if !strings.Contains(out, note) && !strings.Contains(out, fmt.Sprintf("[…the %d array elements between", n-2-run)) {
			t.Fatalf("no note %q:\n%s", note, out)
		}
		if named < run+3 || named > n {
			t.Fatalf("%d named, %d whole after the first, of %d", named, run, n)
		}
		// The roll's room less the ends and its note, a quarter of it
		// holding the short elements.
		if shortTotal := at(short+1) - at(1); short > 0 && 4*shortTotal+at(1)+len(text)-at(n-1)+400 <= limit {
			if run < short {
				t.Fatalf("%d of %d short elements whole at %d bytes:\n%s", run, short, limit, out)
			}
			checked++
		}
	})
	if checked == 0 {
		t.Error("no draw checked that the short elements are kept")
	}
}
