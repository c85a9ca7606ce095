package headroom

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const fixturePath = "testdata/compact/conversation.json"

var rebuildFixture = flag.Bool("rebuild-fixture", false, "rebuild testdata/compact/conversation.json from the corpus through today's pipeline")

// fixtureCases are the corpus cases the fixture conversation is built
// from: the first 25, so that growing the corpus does not change it.
var fixtureCases = []string{
	"json_docker_swarm_tasks_array", "json_go_list_prometheus_stream", "json_k8s_openapi_autoscaling_v2_jq",
	"log_cargo_test_compile_errors_many_warnings", "log_cargo_test_panics_backtrace",
	"log_go_build_fresh_modcache_compile_errors", "log_go_test_prometheus_all_packages",
	"log_go_test_timeout_goroutine_dump", "log_go_test_v_gin_panic_midway", "log_go_test_v_gin_two_failures",
	"log_go_vet_gin_small", "log_loghub_bgl_supercomputer", "log_loghub_hadoop_mapreduce", "log_loghub_zookeeper",
	"log_make_lua_padded_warnings_one_error", "log_pytest_click_injected_failures",
	"plain_csv_loghub_hadoop_structured", "plain_git_log_iso_timestamps", "plain_git_show_large_commit",
	"plain_read_markdown_prometheus_config_docs", "search_git_grep_todo_prometheus",
	"search_grep_C2_head_methods_tsdb", "search_grep_single_file_no_path", "search_rg_context_ctx_prometheus",
	"search_rg_windows_paths_gin",
}

// buildFixture builds the fixture conversation from the real tool outputs
// of testdata/corpus, compressed at append time to 8 KB as an agent would:
// a system prompt, four user turns, one assistant call per corpus case
// (two of them parallel) and its result.
func buildFixture(t *testing.T) []Message {
	t.Helper()
	var dirs []string
	for _, name := range fixtureCases {
		dirs = append(dirs, filepath.Join("testdata", "corpus", name, "input.txt"))
	}
	command := regexp.MustCompile("`([^`]+)`")
	type call struct {
		name, tool, args, content string
	}
	var calls []call
	for _, in := range dirs {
		dir := filepath.Dir(in)
		name := filepath.Base(dir)
		tool, _ := os.ReadFile(filepath.Join(dir, "tool.txt"))
		var expect struct{ Source string }
		if b, err := os.ReadFile(filepath.Join(dir, "expect.json")); err == nil {
			_ = json.Unmarshal(b, &expect)
		}
		cmd := name
		if m := command.FindStringSubmatch(expect.Source); m != nil {
			cmd = m[1]
		}
		args, _ := json.Marshal(map[string]string{"command": cmd})
		calls = append(calls, call{name, strings.TrimSpace(string(tool)), string(args), corpusInput(t, name)})
	}
	turns := []string{
		"The prometheus and gin builds are failing. Find out why and fix them; start with the logs.",
		"Good. Now look at the search results and tell me where ctx is threaded through tsdb.",
		"Check the JSON outputs from docker, go list and the k8s openapi too, then the git history.",
		"Summarise what you changed and what is still failing, then fix the remaining test.",
	}
	msgs := []Message{{Role: RoleSystem, Parts: []Part{{Text: "You are a coding agent working in a Go and Python monorepo. Use the tools; keep answers short."}}}}
	perTurn := (len(calls) + len(turns) - 2) / (len(turns) - 1)
	k := 0
	for ti, turn := range turns {
		msgs = append(msgs, Message{Role: RoleUser, Parts: []Part{{Text: turn}}})
		if ti == len(turns)-1 {
			break
		}
		for n := 0; n < perTurn && k < len(calls); n++ {
			c := calls[k]
			k++
			a := Message{Role: RoleAssistant, Parts: []Part{{Text: "Running " + c.name + "."}}}
			id := fmt.Sprintf("call_%02d", k)
			a.Parts = append(a.Parts, Part{ToolCall: &ToolCall{ID: id, Name: c.tool, Args: json.RawMessage(c.args)}})
			results := []Part{{ToolResult: &ToolResult{CallID: id, Name: c.tool, Content: c.content}}}
			if ti == 1 && n == 0 && k < len(calls) { // one parallel pair
				c2 := calls[k]
				k++
				id2 := fmt.Sprintf("call_%02d", k)
				a.Parts = append(a.Parts, Part{ToolCall: &ToolCall{ID: id2, Name: c2.tool, Args: json.RawMessage(c2.args)}})
				results = append(results, Part{ToolResult: &ToolResult{CallID: id2, Name: c2.tool, Content: c2.content}})
			}
			msgs = append(msgs, a, Message{Role: RoleTool, Parts: results})
		}
		msgs = append(msgs, Message{Role: RoleAssistant, Parts: []Part{{Text: fmt.Sprintf("Done with part %d; the outputs are above.", ti+1)}}})
	}
	h, err := New(WithMaxBytes(8000))
	if err != nil {
		t.Fatal(err)
	}
	msgs, _, err = CompressToolResults(context.Background(), h, msgs)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func loadFixture(t testing.TB) []Message {
	t.Helper()
	b, err := os.ReadFile(fixturePath)
	if err != nil {
		t.Fatalf("%v (run go test -run TestConversationFixture -rebuild-fixture -update)", err)
	}
	var msgs []Message
	if err := json.Unmarshal(b, &msgs); err != nil {
		t.Fatal(err)
	}
	return msgs
}

// TestConversationFixture compacts the real conversation and pins the
// report; with -rebuild-fixture it first rebuilds the fixture from the
// corpus (-update rewrites only the report).
func TestConversationFixture(t *testing.T) {
	if *rebuildFixture {
		b, err := json.MarshalIndent(buildFixture(t), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(fixturePath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fixturePath, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	msgs := loadFixture(t)
	var got strings.Builder
	for _, tc := range []struct {
		name string
		o    CompactOptions
	}{
		{"mask and trim", CompactOptions{Budget: 30000}},
		{"excerpts", CompactOptions{Budget: 30000, Mask: MaskOptions{Excerpt: true}}},
		{"summarize", CompactOptions{Budget: 12000, Summarizer: &fakeSummarizer{}}},
		{"protected Bash", CompactOptions{Budget: 30000, Protection: Protection{Tools: []string{"Ba*"}}}},
	} {
		out, rep, err := Compact(context.Background(), msgs, tc.o)
		fmt.Fprintf(&got, "%s: %v", tc.name, rep)
		if err != nil {
			fmt.Fprintf(&got, " · error: %v", err)
		}
		got.WriteString("\n")
		for _, s := range rep.Steps {
			fmt.Fprintf(&got, "  %s: %d → %d messages, %d → %d tokens\n", s.Name, s.MessagesBefore, s.MessagesAfter, s.TokensBefore, s.TokensAfter)
		}
		if err == nil {
			checkRules(t, tc.name, msgs, out)
		}
	}
	checkGolden(t, "compact/fixture_report.txt", got.String())
}
