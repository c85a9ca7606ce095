package headroom_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
)

func TestRetrieveToolDefinition(t *testing.T) {
	def := headroom.RetrieveTool()
	if def.Name != headroom.RetrieveToolName || def.Description == "" {
		t.Fatalf("%+v", def)
	}
	var schema struct {
		Type       string                    `json:"type"`
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	}
	if err := json.Unmarshal(def.InputSchema, &schema); err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	for _, p := range []string{"id", "lines", "grep", "max_bytes"} {
		if schema.Properties[p] == nil {
			t.Errorf("the schema has no %q", p)
		}
	}
	if schema.Type != "object" || len(schema.Required) != 1 || schema.Required[0] != "id" {
		t.Errorf("schema %+v", schema)
	}
}

func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("line " + strconv.Itoa(i))
		if i%10 == 0 {
			b.WriteString(" ERROR something broke")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func newRetriever(t *testing.T, s headroom.Store, opts ...headroom.Option) *headroom.Retriever {
	t.Helper()
	r, err := headroom.NewRetriever(s, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRetrieve(t *testing.T) {
	ctx := context.Background()
	s := headroom.NewMemoryStore(0)
	text := numbered(50)
	id, err := s.Put(ctx, text)
	if err != nil {
		t.Fatal(err)
	}
	r := newRetriever(t, s)
	for _, tc := range []struct {
		args, want string
	}{
		{`{"id":"` + id + `"}`, text},
		{`{"id":"` + id + `","lines":"2:3"}`, "line 2\nline 3\n"},
		{`{"id":"` + id + `","lines":"2-3"}`, "line 2\nline 3\n"},
		{`{"id":"` + id + `","lines":"49:"}`, "line 49\nline 50 ERROR something broke\n"},
		{`{"id":"` + id + `","lines":"49:500"}`, "line 49\nline 50 ERROR something broke\n"},
		{`{"id":"` + id + `","lines":":1"}`, "line 1\n"},
		{`{"id":"` + id + `","lines":"7"}`, "line 7\n"},
		{`{"id":"` + id + `","grep":"ERROR","lines":"15:35"}`, "20:line 20 ERROR something broke\n30:line 30 ERROR something broke\n"},
		{`{"id":"` + id + `","grep":"^line 4[0-1]"}`, "40:line 40 ERROR something broke\n41:line 41\n"},
		{`{"id":"` + id + `","grep":"nothing like this"}`, "no line of the original matches \"nothing like this\"\n"},
	} {
		got, err := r.Call(ctx, json.RawMessage(tc.args))
		if err != nil || got != tc.want {
			t.Errorf("%s:\n got %q, %v\nwant %q", tc.args, got, err, tc.want)
		}
	}
}

func TestRetrieveErrors(t *testing.T) {
	ctx := context.Background()
	s := headroom.NewMemoryStore(0)
	id, _ := s.Put(ctx, numbered(50))
	r := newRetriever(t, s)
	for _, tc := range []struct {
		args string
		is   error
		says string
	}{
		{`{"id":"` + headroom.StoreID("never") + `"}`, headroom.ErrNotFound, "unknown id"},
		{`{"id":"../../etc/passwd"}`, headroom.ErrInvalidID, "invalid id"},
		{`{"id":"` + id + `","lines":"9:3"}`, headroom.ErrInvalidRange, "invalid range"},
		{`{"id":"` + id + `","lines":"0:3"}`, headroom.ErrInvalidRange, "invalid range"},
		{`{"id":"` + id + `","lines":"51:"}`, headroom.ErrInvalidRange, "the text has 50 lines"},
		{`{"id":"` + id + `","lines":"a:b"}`, headroom.ErrInvalidRange, "invalid range"},
		{`{"id":"` + id + `","grep":"("}`, nil, "invalid grep pattern"},
		{`{"id":"` + id + `","max_bytes":-1}`, nil, "negative"},
		{`{"id":"` + id + `","nope":1}`, nil, "unknown field"},
		{`not json`, nil, "arguments"},
	} {
		got, err := r.Call(ctx, json.RawMessage(tc.args))
		if err == nil || got != "" || (tc.is != nil && !errors.Is(err, tc.is)) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %q, %v; want an error saying %q", tc.args, got, err, tc.says)
		}
	}
	for name, st := range map[string]headroom.Store{"panicking": panickyStore{}, "failing": failingStore{}} {
		if _, err := newRetriever(t, st).Call(ctx, json.RawMessage(`{"id":"`+id+`"}`)); err == nil {
			t.Errorf("%s store: no error", name)
		}
	}
	if _, err := headroom.NewRetriever(nil); err == nil {
		t.Error("NewRetriever(nil) accepted")
	}
}

// An answer over budget is compressed, within the budget, with a marker
// that says how to ask for less — and is never stored again.
func TestRetrieveOverBudget(t *testing.T) {
	ctx := context.Background()
	s := headroom.NewMemoryStore(0)
	text := numbered(3000)
	id, _ := s.Put(ctx, text)
	r := newRetriever(t, s, headroom.WithMaxBytes(4000), headroom.WithStore(s))
	for _, tc := range []struct {
		args   string
		budget int
		also   string
	}{
		{`{"id":"` + id + `"}`, 4000, ""},
		{`{"id":"` + id + `","max_bytes":1000}`, 1000, ""},
		{`{"id":"` + id + `","max_bytes":5}`, headroom.MinBudgetBytes, ""},
		{`{"id":"` + id + `","max_bytes":100000}`, 4000, ""},
		{`{"id":"` + id + `","lines":"1000:2500"}`, 4000, "Line 1 here is line 1000 of the original."},
	} {
		got, err := r.Call(ctx, json.RawMessage(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) > tc.budget || !strings.Contains(got, "[…headroom:") || !strings.Contains(got, `Ask for less: call headroom_retrieve with {"id":"`+id+`"}`) || !strings.Contains(got, tc.also) {
			t.Errorf("%s: %d bytes (budget %d):\n%s", tc.args, len(got), tc.budget, got)
		}
	}
	if n, _ := s.Len(); n != 1 {
		t.Errorf("the store holds %d texts: an answer was stored again", n)
	}
}

func TestParseLineRange(t *testing.T) {
	for in, want := range map[string]headroom.LineRange{
		"1:5": {1, 5}, "5": {5, 5}, "3:": {3, 0}, ":4": {1, 4}, " 2 - 9 ": {2, 9}, "7:7": {7, 7},
	} {
		if got, err := headroom.ParseLineRange(in); err != nil || got != want {
			t.Errorf("ParseLineRange(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "0:3", "5:4", "a", "1:b", "--3", "1:2:3", "99999999999999999999", "1,000:2,000", "+1:2"} {
		if got, err := headroom.ParseLineRange(in); !errors.Is(err, headroom.ErrInvalidRange) {
			t.Errorf("ParseLineRange(%q) = %v, %v; want ErrInvalidRange", in, got, err)
		}
	}
}

// FuzzParseLineRange: parsing never panics; an accepted range prints as
// it parses, and selecting it from a text never panics and returns whole
// lines of the text, in order, from the line asked for.
func FuzzParseLineRange(f *testing.F) {
	for _, s := range []string{"1:5", "5", "3:", ":4", "2-9", "0:1", "9:3", "", "x", "1:99999999999999"} {
		f.Add(s, "a\nb\nc\n")
	}
	f.Add("2:3", "no final newline\nsecond\nthird")
	f.Fuzz(func(t *testing.T, s, text string) {
		r, err := headroom.ParseLineRange(s)
		if err != nil {
			if !errors.Is(err, headroom.ErrInvalidRange) {
				t.Fatalf("%q: error %v does not wrap ErrInvalidRange", s, err)
			}
			return
		}
		if r.First < 1 || (r.Last != 0 && r.Last < r.First) {
			t.Fatalf("%q parsed to %v", s, r)
		}
		if back, err := headroom.ParseLineRange(r.String()); err != nil || back != r {
			t.Fatalf("%v prints as %q, which parses to %v, %v", r, r.String(), back, err)
		}
		part, err := r.Select(text)
		if err != nil {
			if !errors.Is(err, headroom.ErrInvalidRange) {
				t.Fatalf("Select: %v", err)
			}
			return
		}
		lines := strings.SplitAfter(text, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		if len(lines) == 0 {
			lines = []string{""}
		}
		end := len(lines)
		if r.Last != 0 {
			end = min(end, r.Last)
		}
		if want := strings.Join(lines[r.First-1:end], ""); part != want {
			t.Fatalf("%v of %q = %q, want %q", r, text, part, want)
		}
	})
}
